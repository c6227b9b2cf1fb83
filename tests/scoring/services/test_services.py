"""Protocol services, recording a partie: the §8 example, validation, corrections, stale versions, remarks
(a disqualification, a remark withdrawn), no-show, bye, the federation's first lead and time up.
Signatures, locking, reopening and the confirmation of deals are in test_services_signatures.py."""
import pytest

from audit.models import AuditEntry
from scoring import protocol_state, services
from scoring.errors import ConfirmationRequired, InvalidInput, NotAllowed, VersionConflict
from scoring.models import Deal, Protocol, Remark
from tests.referees.conftest import DEALS
from tests.referees.helpers import play
from tests.versions import shown_version
from tournaments.choices import ProtocolStatus
from tournaments.models import Entrant, EntrantStatus

from .helpers import actions


def test_rules_example_scores_48_35_and_awaits_signatures(table):
    protocol = services.ensure_protocol(table.partie)
    assert protocol.status == ProtocolStatus.NOT_STARTED
    protocol = services.record_deal(table.referee, table.partie, DEALS[0], expected_version=shown_version(table.partie))
    assert (protocol.score_a, protocol.score_b, protocol.status) == (33, 0, ProtocolStatus.IN_PLAY)
    protocol = play(table.referee, table.partie, DEALS[1:])
    assert (protocol.score_a, protocol.score_b) == (48, 35)
    assert protocol.status == ProtocolStatus.AWAITING_SIGNATURES
    assert protocol.version == 4
    assert actions(table.partie) == ["protocol.deal.recorded"] * 4
    last = AuditEntry.objects.filter(partie=table.partie).order_by("id").last()
    assert last.user == table.referee and last.after["totals"] == {"A": 48, "B": 35}
    assert Deal.objects.get(protocol=protocol, n=1).entered_by == table.referee


def test_remark_with_prior_remark_gives_47_35(table):
    # Round 1: pair 3 sits at A of table 1 and gets its first remark.
    services.give_remark(table.referee, table.earlier_partie, deal=1, seat="A2", reason="time",
                         expected_version=shown_version(table.earlier_partie))
    play(table.referee, table.partie, DEALS[:2])
    step, effect = protocol_state.next_remark_effect(table.partie, Protocol.objects.get(partie=table.partie), "A")
    assert (step, effect.kind) == (2, "fine")
    protocol = services.give_remark(table.referee, table.partie, deal=2, seat="A1", reason="talking",
                                    expected_version=shown_version(table.partie))
    assert protocol.prior_remarks_a == 1
    protocol = play(table.referee, table.partie, DEALS[2:])
    assert (protocol.score_a, protocol.score_b) == (47, 35)
    entry = AuditEntry.objects.get(partie=table.partie, action="protocol.remark.given")
    assert entry.after["step"] == 2 and entry.after["effect"] == "fine"


def test_third_remark_in_lost_deal_adds_fine_to_opponents(table):
    # Round 1: pair 7 sits at A of table 2 and gets two remarks.
    partie = table.round1.parties.get(table=2)
    services.give_remark(table.referee, partie, deal=1, seat="A1", reason="time",
                         expected_version=shown_version(partie))
    services.give_remark(table.referee, partie, deal=1, seat="A2", reason="signs",
                         expected_version=shown_version(partie))
    services.give_remark(table.referee, table.partie, deal=1, seat="B2", reason="talking",
                         expected_version=shown_version(table.partie))
    protocol = play(table.referee, table.partie)
    assert (protocol.score_a, protocol.score_b) == (68, 35)


def test_remark_during_the_deal_in_play_is_accepted_before_its_result(table):
    services.record_deal(table.referee, table.partie, DEALS[0], expected_version=shown_version(table.partie))
    services.give_remark(table.referee, table.partie, deal=2, seat="B1", reason="showing_tile",
                         expected_version=shown_version(table.partie))
    with pytest.raises(InvalidInput) as err:
        services.give_remark(table.referee, table.partie, deal=3, seat="B1", reason="talking",
                             expected_version=shown_version(table.partie))
    assert err.value.field == "deal"
    assert Remark.objects.filter(protocol__partie=table.partie).count() == 1


@pytest.mark.parametrize("deal, seat, code", [
    ({"n": 1, "result": "domino", "out": "A1", "hands": {"A2": 14, "B1": 0, "B2": 23}}, "B1", "empty_hand"),
    ({"n": 1, "result": "block", "hands": {"A1": 9, "A2": 10, "B1": 4, "B2": 70}}, "B2", "count_out_of_range"),
    ({"n": 1, "result": "domino", "out": "A1", "hands": {"A2": ["6-6"], "B1": ["6-6"], "B2": 3}}, "B1", "duplicate_tile"),
    ({"n": 1, "result": "domino", "out": "A1", "hands": {"A2": 14, "B1": 5}}, "B2", "missing_hand"),
])
def test_bad_deal_is_refused_naming_deal_and_seat_and_nothing_is_saved(table, deal, seat, code):
    with pytest.raises(InvalidInput) as err:
        services.record_deal(table.referee, table.partie, deal, expected_version=shown_version(table.partie))
    assert (err.value.code, err.value.deal, err.value.seat) == (code, 1, seat)
    assert err.value.message.startswith(f"Раздача 1, место {seat}: ")
    assert not Deal.objects.filter(protocol__partie=table.partie).exists()
    assert not Protocol.objects.filter(partie=table.partie, version__gt=0).exists()
    assert actions(table.partie) == []


def test_second_result_and_gaps_are_refused(table):
    services.record_deal(table.referee, table.partie, DEALS[0], expected_version=shown_version(table.partie))
    with pytest.raises(InvalidInput) as err:
        services.record_deal(table.referee, table.partie, DEALS[0], expected_version=shown_version(table.partie))
    assert err.value.code == "deal_exists"
    with pytest.raises(InvalidInput) as err:
        services.record_deal(table.referee, table.partie, DEALS[2], expected_version=shown_version(table.partie))
    assert err.value.code == "deal_order"
    play(table.referee, table.partie, DEALS[1:])
    with pytest.raises(InvalidInput) as err:
        services.record_deal(table.referee, table.partie, {**DEALS[0], "n": 5},
                             expected_version=shown_version(table.partie))
    assert err.value.code == "finished"


def test_tie_needs_an_extra_deal(table):
    tie = [
        {"n": 1, "result": "block", "hands": {"A1": 5, "A2": 5, "B1": 10, "B2": 10}},
        {"n": 2, "result": "block", "hands": {"A1": 10, "A2": 10, "B1": 5, "B2": 5}},
        {"n": 3, "result": "block", "hands": {"A1": 5, "A2": 5, "B1": 5, "B2": 5}},
        {"n": 4, "result": "block", "hands": {"A1": 5, "A2": 5, "B1": 5, "B2": 5}},
    ]
    protocol = play(table.referee, table.partie, tie)
    assert protocol.extra_deal_needed and protocol.status == ProtocolStatus.IN_PLAY
    protocol = services.record_deal(table.referee, table.partie, {**DEALS[3], "n": 5},
                                    expected_version=shown_version(table.partie))
    assert (protocol.score_a, protocol.score_b, protocol.winner) == (10, 20, "B")
    assert protocol.status == ProtocolStatus.AWAITING_SIGNATURES


def test_correction_keeps_history_and_clears_confirmation(table):
    play(table.referee, table.partie)
    fixed = {"n": 2, "result": "block", "hands": {"A1": 9, "A2": 10, "B1": 4, "B2": 31}}
    protocol = services.correct_deal(table.chief, table.partie, fixed, expected_version=4)
    assert (protocol.score_a, protocol.score_b, protocol.version) == (49, 35, 5)
    entry = AuditEntry.objects.get(partie=table.partie, action="protocol.deal.corrected")
    assert entry.before["deal"]["hands"]["B2"] == 30 and entry.after["deal"]["hands"]["B2"] == 31
    assert entry.before["totals"] == {"A": 48, "B": 35} and entry.after["totals"] == {"A": 49, "B": 35}
    assert entry.user == table.chief
    assert Deal.objects.get(protocol=protocol, n=2).entered_by == table.chief
    with pytest.raises(InvalidInput):
        services.correct_deal(table.referee, table.partie, {**fixed, "hands": {"A1": 0, "A2": 10, "B1": 4, "B2": 31}},
                              expected_version=shown_version(table.partie))
    assert Protocol.objects.get(partie=table.partie).score_a == 49


def test_stale_version_gets_conflict_with_current_state(table):
    services.record_deal(table.referee, table.partie, DEALS[0], expected_version=0)
    with pytest.raises(VersionConflict) as err:
        services.record_deal(table.referee2, table.partie, DEALS[1], expected_version=0)
    assert err.value.version == 1
    assert err.value.current["protocol"]["deals"] == [DEALS[0]]
    assert err.value.current["totals"] == {"A": 33, "B": 0}
    assert Deal.objects.filter(protocol__partie=table.partie).count() == 1


def test_no_show_gives_forfeit_and_blocks_deals(table):
    protocol = services.record_no_show(table.referee, table.partie, "B", expected_version=shown_version(table.partie))
    assert (protocol.score_a, protocol.score_b, protocol.winner) == (160, 0, "A")
    assert protocol.status == ProtocolStatus.AWAITING_SIGNATURES
    with pytest.raises(InvalidInput) as err:
        services.record_deal(table.referee, table.partie, DEALS[0], expected_version=shown_version(table.partie))
    assert err.value.code == "no_show"
    services.record_deal(table.referee, table.other_partie, DEALS[0],
                         expected_version=shown_version(table.other_partie))
    with pytest.raises(InvalidInput) as err:
        services.record_no_show(table.referee, table.other_partie, "A",
                                expected_version=shown_version(table.other_partie))
    assert err.value.code == "deals_recorded"


def test_fifth_remark_asks_confirmation_then_disqualifies(table):
    protocol = services.ensure_protocol(table.partie)
    first = table.round1.parties.get(table=2)  # pair 7 at A
    for seat in ("A1", "A2", "A1", "A2"):
        services.give_remark(table.referee, first, deal=1, seat=seat, reason="time",
                             expected_version=shown_version(first))
    with pytest.raises(ConfirmationRequired) as err:
        services.give_remark(table.referee, table.partie, deal=1, seat="B1", reason="talking",
                             expected_version=shown_version(table.partie))
    assert "5-е" in err.value.message
    assert not Remark.objects.filter(protocol=protocol).exists()
    assert Entrant.objects.get(tournament=table.tournament, number=7).status == EntrantStatus.ACTIVE
    protocol = services.give_remark(table.referee, table.partie, deal=1, seat="B1", reason="talking",
                                    confirm_disqualification=True, expected_version=shown_version(table.partie))
    assert (protocol.disqualified, protocol.winner, protocol.score_a, protocol.score_b) == ("B", "A", 160, 0)
    assert Entrant.objects.get(tournament=table.tournament, number=7).status == EntrantStatus.DISQUALIFIED
    assert "pair.disqualified" in actions(table.partie)
    with pytest.raises(InvalidInput) as err:  # the partie ended with the disqualification
        services.record_deal(table.referee, table.partie, DEALS[0], expected_version=shown_version(table.partie))
    assert err.value.code == "finished"


def test_bye_has_no_protocol_entry(table):
    from tests.factories import make_round

    rnd = make_round(table.tournament, 3, [(1, 2), (3, None)])
    with pytest.raises(InvalidInput) as err:
        services.record_deal(table.referee, rnd.parties.get(table=2), DEALS[0],
                             expected_version=shown_version(rnd.parties.get(table=2)))
    assert err.value.code == "bye"


class TestFederation:
    @pytest.fixture(autouse=True)
    def federation(self, table):
        table.tournament.rules_preset = "federation"
        table.tournament.save()

    def test_first_lead_and_time_up(self, table):
        protocol = services.set_first_lead(table.referee, table.partie, "B2",
                                           expected_version=shown_version(table.partie))
        assert protocol.first_lead == "B2"
        protocol = services.record_deal(table.referee, table.partie, DEALS[0],
                                        expected_version=shown_version(table.partie))
        assert not protocol.finished
        protocol = services.record_time_up(table.referee, table.partie, expected_version=shown_version(table.partie))
        assert protocol.ended_by_time and protocol.finished and protocol.winner == "A"
        assert protocol.status == ProtocolStatus.AWAITING_SIGNATURES
        with pytest.raises(InvalidInput):
            services.set_first_lead(table.referee, table.partie, "A1", expected_version=shown_version(table.partie))


def test_time_up_is_refused_without_time_limit(table):
    services.record_deal(table.referee, table.partie, DEALS[0], expected_version=shown_version(table.partie))
    with pytest.raises(InvalidInput) as err:
        services.record_time_up(table.referee, table.partie, expected_version=shown_version(table.partie))
    assert err.value.code == "no_time_limit"


def test_withdrawn_remark_is_logged_and_rescored(table):
    services.give_remark(table.referee, table.earlier_partie, deal=1, seat="A2", reason="time",
                         expected_version=shown_version(table.earlier_partie))
    play(table.referee, table.partie)
    protocol = services.give_remark(table.referee, table.partie, deal=2, seat="A1", reason="talking",
                                    expected_version=shown_version(table.partie))
    assert protocol.score_a == 47
    remark = protocol.remarks.get()
    with pytest.raises(InvalidInput):
        services.withdraw_remark(table.referee, table.partie, remark.pk, "",
                                 expected_version=shown_version(table.partie))
    with pytest.raises(NotAllowed):
        services.withdraw_remark(table.players["A1"], table.partie, remark.pk, "ошибка",
                                 expected_version=shown_version(table.partie))
    protocol = services.withdraw_remark(table.referee, table.partie, remark.pk, "Замечание дано не тому игроку",
                                        expected_version=shown_version(table.partie))
    assert protocol.score_a == 48 and not protocol.remarks.exists()
    entry = AuditEntry.objects.get(partie=table.partie, action="protocol.remark.withdrawn")
    assert entry.before["remark"] == {"deal": 2, "player": "A1", "reason": "talking"}
    assert entry.before["totals"]["A"] == 47 and entry.after["totals"]["A"] == 48
    assert entry.note == "Замечание дано не тому игроку"


def test_withdrawing_the_disqualifying_remark_reinstates_the_pair(table):
    first = table.round1.parties.get(table=2)  # pair 7 at A
    for seat in ("A1", "A2", "A1", "A2"):
        services.give_remark(table.referee, first, deal=1, seat=seat, reason="time",
                             expected_version=shown_version(first))
    protocol = services.give_remark(table.referee, table.partie, deal=1, seat="B1", reason="talking",
                                    confirm_disqualification=True, expected_version=shown_version(table.partie))
    assert Entrant.objects.get(tournament=table.tournament, number=7).status == EntrantStatus.DISQUALIFIED
    protocol = services.withdraw_remark(table.chief, table.partie, protocol.remarks.get().pk, "Ошибочное замечание",
                                        expected_version=shown_version(table.partie))
    assert protocol.disqualified == "" and protocol.status == ProtocolStatus.NOT_STARTED
    assert Entrant.objects.get(tournament=table.tournament, number=7).status == EntrantStatus.ACTIVE
    assert "pair.reinstated" in actions(table.partie)


def test_remark_after_a_no_show_is_refused_in_words(table):
    services.record_no_show(table.referee, table.partie, "B", expected_version=shown_version(table.partie))
    with pytest.raises(InvalidInput) as err:
        services.give_remark(table.referee, table.partie, deal=1, seat="A1", reason="time",
                             expected_version=shown_version(table.partie))
    assert err.value.code == "no_show" and "неявкой" in err.value.message
    assert "противоречит" not in err.value.message
    assert not Remark.objects.filter(protocol__partie=table.partie).exists()


def test_stale_version_message_blames_no_device_and_shows_no_version_numbers(table):
    services.record_deal(table.referee, table.partie, DEALS[0], expected_version=0)
    with pytest.raises(VersionConflict) as err:
        services.record_deal(table.referee, table.partie, DEALS[1], expected_version=0)
    assert "устройств" not in err.value.message and not any(ch.isdigit() for ch in err.value.message)
    assert "не сохранена" in err.value.message
