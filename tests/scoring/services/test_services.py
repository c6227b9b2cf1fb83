"""Protocol services: the §8 example, validation, corrections, remarks, no-show, signatures, lock, reopen, audit."""
import hashlib
import json

import pytest

from referees.models import AuditEntry
from scoring import protocol_state, services
from scoring.errors import ConfirmationRequired, InvalidInput, NotAllowed, ProtocolLocked, VersionConflict
from scoring.integrity import protocol_fingerprint
from scoring.models import Deal, Protocol, ProtocolStatus, Remark, Signature
from scoring.protocol_json import protocol_to_json
from tournaments.models import Pair, PairStatus
from tests.referees.conftest import DEALS
from tests.referees.helpers import play, sign_all
from tests.versions import shown_version


def actions(partie):
    return list(AuditEntry.objects.filter(partie=partie).order_by("id").values_list("action", flat=True))


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
    assert Pair.objects.get(tournament=table.tournament, number=7).status == PairStatus.ACTIVE
    protocol = services.give_remark(table.referee, table.partie, deal=1, seat="B1", reason="talking",
                                    confirm_disqualification=True, expected_version=shown_version(table.partie))
    assert (protocol.disqualified, protocol.winner, protocol.score_a, protocol.score_b) == ("B", "A", 160, 0)
    assert Pair.objects.get(tournament=table.tournament, number=7).status == PairStatus.DISQUALIFIED
    assert "pair.disqualified" in actions(table.partie)
    with pytest.raises(InvalidInput) as err:  # the partie ended with the disqualification
        services.record_deal(table.referee, table.partie, DEALS[0], expected_version=shown_version(table.partie))
    assert err.value.code == "finished"


def test_signing_locks_and_every_signature_has_the_content_fingerprint(table):
    play(table.referee, table.partie)
    with pytest.raises(InvalidInput) as err:
        services.sign_protocol(table.referee, table.partie, role="referee",
                               expected_version=shown_version(table.partie))
    assert err.value.code == "players_first"
    protocol = sign_all(table)
    assert protocol.status == ProtocolStatus.SIGNED and protocol.locked_at is not None
    # The §9 content with the header the signers saw: the same values as the live ones, and the tournament's name.
    signed = {**protocol_to_json(protocol), "tournament_name": table.tournament.name}
    canonical = json.dumps(signed, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    digest = hashlib.sha256(canonical.encode("utf-8")).hexdigest()
    assert protocol_fingerprint(protocol) == digest
    signatures = Signature.objects.filter(protocol=protocol)
    assert signatures.count() == 5
    assert set(signatures.values_list("fingerprint", flat=True)) == {digest}
    assert signatures.get(role="referee").user == table.referee
    assert signatures.get(seat="A1").name == table.partie.pair_a.players.get(number=1).name
    assert actions(table.partie)[-2:] == ["protocol.signed", "protocol.locked"]


def test_signing_before_the_end_and_twice_is_refused(table):
    play(table.referee, table.partie, DEALS[:3])
    with pytest.raises(InvalidInput) as err:
        services.sign_protocol(table.players["A1"], table.partie, role="player", seat="A1",
                               expected_version=shown_version(table.partie))
    assert err.value.code == "not_finished"
    services.record_deal(table.referee, table.partie, DEALS[3], expected_version=shown_version(table.partie))
    services.sign_protocol(table.players["A1"], table.partie, role="player", seat="A1",
                           expected_version=shown_version(table.partie))
    with pytest.raises(InvalidInput) as err:
        services.sign_protocol(table.players["A1"], table.partie, role="player", seat="A1",
                               expected_version=shown_version(table.partie))
    assert err.value.code == "already_signed"


def test_one_signature_per_pair_mode(table):
    table.tournament.signature_mode = "one_per_pair"
    table.tournament.save()
    play(table.referee, table.partie)
    services.sign_protocol(table.players["A2"], table.partie, role="player", seat="A2",
                           expected_version=shown_version(table.partie))
    with pytest.raises(InvalidInput):
        services.sign_protocol(table.players["A1"], table.partie, role="player", seat="A1",
                               expected_version=shown_version(table.partie))
    services.sign_protocol(table.players["B1"], table.partie, role="player", seat="B1",
                           expected_version=shown_version(table.partie))
    protocol = services.sign_protocol(table.referee, table.partie, role="referee",
                                      expected_version=shown_version(table.partie))
    assert protocol.is_locked and protocol.signatures.count() == 3


def test_locked_protocol_refuses_every_change(table):
    play(table.referee, table.partie)
    sign_all(table)
    for call in (
        lambda: services.record_deal(table.chief, table.partie, {**DEALS[0], "n": 5},
                                     expected_version=shown_version(table.partie)),
        lambda: services.correct_deal(table.chief, table.partie, DEALS[1],
                                      expected_version=shown_version(table.partie)),
        lambda: services.give_remark(table.chief, table.partie, deal=4, seat="A1", reason="time",
                                     expected_version=shown_version(table.partie)),
        lambda: services.record_no_show(table.chief, table.partie, "A", expected_version=shown_version(table.partie)),
        lambda: services.sign_protocol(table.referee2, table.partie, role="referee",
                                       expected_version=shown_version(table.partie)),
    ):
        with pytest.raises(ProtocolLocked):
            call()
    assert Protocol.objects.get(partie=table.partie).version == 9


def test_reopen_needs_a_reason_discards_signatures_and_is_logged(table):
    play(table.referee, table.partie)
    sign_all(table)
    with pytest.raises(InvalidInput) as err:
        services.reopen_protocol(table.chief, table.partie, "  ", expected_version=shown_version(table.partie))
    assert err.value.field == "reason"
    protocol = services.reopen_protocol(table.chief, table.partie, "Неверно записана раздача 2",
                                        expected_version=shown_version(table.partie))
    assert protocol.status == ProtocolStatus.AWAITING_SIGNATURES and protocol.locked_at is None
    assert protocol.reopen_reason == "Неверно записана раздача 2"
    assert not protocol.signatures.exists()
    entry = AuditEntry.objects.get(partie=table.partie, action="protocol.reopened")
    assert entry.user == table.chief and entry.note == "Неверно записана раздача 2"
    assert len(entry.before["signatures"]) == 5 and entry.after["signatures"] == []
    protocol = services.correct_deal(table.referee, table.partie, {**DEALS[1], "hands": {"A1": 9, "A2": 10, "B1": 4, "B2": 31}},
                                     expected_version=shown_version(table.partie))
    assert protocol.score_a == 49
    with pytest.raises(InvalidInput) as err:
        services.reopen_protocol(table.chief, table.partie, "ещё раз", expected_version=shown_version(table.partie))
    assert err.value.code == "not_locked"


def test_change_after_some_signatures_discards_them(table):
    play(table.referee, table.partie)
    services.sign_protocol(table.players["A1"], table.partie, role="player", seat="A1",
                           expected_version=shown_version(table.partie))
    services.correct_deal(table.referee, table.partie, {**DEALS[1], "hands": {"A1": 9, "A2": 10, "B1": 4, "B2": 31}},
                          expected_version=shown_version(table.partie))
    assert not Signature.objects.filter(protocol__partie=table.partie).exists()
    entry = AuditEntry.objects.get(partie=table.partie, action="protocol.signatures_discarded")
    assert entry.before[0]["seat"] == "A1"


class TestConfirmation:
    @pytest.fixture(autouse=True)
    def confirm_each_deal(self, table):
        table.tournament.confirm_each_deal = True
        table.tournament.save()

    def test_nobody_confirms_his_own_entry_nor_the_winner(self, table):
        services.record_deal(table.referee, table.partie, DEALS[0],
                             expected_version=shown_version(table.partie))  # pair A wins deal 1
        with pytest.raises(NotAllowed) as err:
            services.confirm_deal(table.referee, table.partie, 1, expected_version=shown_version(table.partie))
        assert err.value.code == "own_entry"
        with pytest.raises(NotAllowed) as err:
            services.confirm_deal(table.players["A2"], table.partie, 1, expected_version=shown_version(table.partie))
        assert err.value.code == "winner_confirms"
        with pytest.raises(NotAllowed):
            services.confirm_deal(table.nobody, table.partie, 1, expected_version=shown_version(table.partie))
        services.confirm_deal(table.players["B2"], table.partie, 1, expected_version=shown_version(table.partie))
        deal = Deal.objects.get(protocol__partie=table.partie, n=1)
        assert deal.confirmed_by == table.players["B2"] and deal.confirmed_at is not None
        assert "protocol.deal.confirmed" in actions(table.partie)
        with pytest.raises(InvalidInput) as err:
            services.confirm_deal(table.referee2, table.partie, 1, expected_version=shown_version(table.partie))
        assert err.value.code == "already_confirmed"

    def test_second_referee_confirms_and_signing_waits_for_all_confirmations(self, table):
        play(table.referee, table.partie)
        for n in (1, 2, 3):
            services.confirm_deal(table.referee2, table.partie, n, expected_version=shown_version(table.partie))
        with pytest.raises(InvalidInput) as err:
            services.sign_protocol(table.players["A1"], table.partie, role="player", seat="A1",
                                   expected_version=shown_version(table.partie))
        assert err.value.code == "unconfirmed_deals"
        services.confirm_deal(table.players["A1"], table.partie, 4,
                              expected_version=shown_version(table.partie))  # B won deal 4: a player of A confirms
        services.sign_protocol(table.players["A1"], table.partie, role="player", seat="A1",
                               expected_version=shown_version(table.partie))

    def test_correction_needs_a_new_confirmation(self, table):
        services.record_deal(table.referee, table.partie, DEALS[0], expected_version=shown_version(table.partie))
        services.confirm_deal(table.referee2, table.partie, 1, expected_version=shown_version(table.partie))
        services.correct_deal(table.referee2, table.partie, {**DEALS[0], "hands": {"A2": 14, "B1": 5, "B2": 23}},
                              expected_version=shown_version(table.partie))
        with pytest.raises(NotAllowed):
            services.confirm_deal(table.referee2, table.partie, 1, expected_version=shown_version(table.partie))
        services.confirm_deal(table.referee, table.partie, 1, expected_version=shown_version(table.partie))


def test_confirmation_is_refused_when_switched_off(table):
    services.record_deal(table.referee, table.partie, DEALS[0], expected_version=shown_version(table.partie))
    with pytest.raises(InvalidInput) as err:
        services.confirm_deal(table.referee2, table.partie, 1, expected_version=shown_version(table.partie))
    assert err.value.code == "confirmation_disabled"


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
    assert Pair.objects.get(tournament=table.tournament, number=7).status == PairStatus.DISQUALIFIED
    protocol = services.withdraw_remark(table.chief, table.partie, protocol.remarks.get().pk, "Ошибочное замечание",
                                        expected_version=shown_version(table.partie))
    assert protocol.disqualified == "" and protocol.status == ProtocolStatus.NOT_STARTED
    assert Pair.objects.get(tournament=table.tournament, number=7).status == PairStatus.ACTIVE
    assert "pair.reinstated" in actions(table.partie)


def test_a_deal_saved_again_unchanged_keeps_signatures_version_and_confirmation(table):
    play(table.referee, table.partie)
    services.sign_protocol(table.players["A1"], table.partie, role="player", seat="A1",
                           expected_version=shown_version(table.partie))
    version = shown_version(table.partie)
    for deal in DEALS:  # every result and a hand of tiles ("0-0"), as the correction form sends them back
        protocol = services.correct_deal(table.referee2, table.partie, dict(deal), expected_version=version)
        assert protocol.version == version
    assert Signature.objects.get(protocol__partie=table.partie).seat == "A1"
    assert shown_version(table.partie) == version
    assert not {"protocol.deal.corrected", "protocol.signatures_discarded"} & set(actions(table.partie))
    assert set(Deal.objects.filter(protocol__partie=table.partie).values_list("entered_by", flat=True)) == {
        table.referee.pk}
    # A real change still discards the signatures.
    services.correct_deal(table.referee, table.partie, {**DEALS[1], "hands": {"A1": 9, "A2": 10, "B1": 4, "B2": 31}},
                          expected_version=version)
    assert not Signature.objects.filter(protocol__partie=table.partie).exists()


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
