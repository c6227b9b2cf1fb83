"""Signed means immutable: draft rounds, own games, stale forms, protocol import (through the services)."""
import pytest

from access.models import RoleKind, TournamentRole
from audit.models import AuditEntry
from events.services import discard_round, publish_round, swap_parties
from scoring import services
from scoring.errors import InvalidInput, NotAllowed, VersionConflict
from scoring.integrity import protocol_fingerprint
from scoring.models import Deal, Protocol, Remark, Signature
from scoring.services import import_protocol_json
from tests.referees.conftest import DEALS
from tests.referees.helpers import play, sign_all
from tests.versions import shown_version
from tournaments.choices import ProtocolStatus
from tournaments.errors import RoundBlocked
from tournaments.models import Partie, RoundStatus


def _state(partie):
    """Everything a table holds, to show that a refused attempt changed nothing."""
    protocol = Protocol.objects.filter(partie=partie).first()
    return (
        protocol and (protocol.version, protocol.status, protocol.no_show, protocol.first_lead),
        Deal.objects.filter(protocol__partie=partie).count(),
        Remark.objects.filter(protocol__partie=partie).count(),
        Signature.objects.filter(protocol__partie=partie).count(),
        AuditEntry.objects.count(),
    )


def _make_draft(table):
    table.round2.status = RoundStatus.DRAFT
    table.round2.save(update_fields=["status"])


# --- draft rounds ------------------------------------------------------------------

DRAFT_ATTEMPTS = {
    "record_deal": lambda t: services.record_deal(t.referee, t.partie, DEALS[0], expected_version=0),
    "give_remark": lambda t: services.give_remark(t.referee, t.partie, deal=1, seat="A1", reason="talking",
                                                  expected_version=0),
    "record_no_show": lambda t: services.record_no_show(t.referee, t.partie, "B", expected_version=0),
    "sign_player": lambda t: services.sign_protocol(t.players["A1"], t.partie, role="player", seat="A1",
                                                    expected_version=0),
    "countersign": lambda t: services.sign_protocol(t.referee, t.partie, role="referee", expected_version=0),
    "confirm_deal": lambda t: services.confirm_deal(t.players["B1"], t.partie, 1, expected_version=0),
    "import": lambda t: import_protocol_json(t.partie, {"deals": DEALS}, t.referee),
}


@pytest.mark.parametrize("attempt", list(DRAFT_ATTEMPTS))
def test_nothing_is_entered_or_signed_in_a_draft_round(table, attempt):
    _make_draft(table)
    table.tournament.confirm_each_deal = True
    table.tournament.save()
    before = _state(table.partie)
    with pytest.raises(InvalidInput) as err:
        DRAFT_ATTEMPTS[attempt](table)
    assert err.value.code == "round_draft"
    assert "не опубликован" in err.value.message
    assert _state(table.partie) == before


def test_draft_round_attack_enter_sign_swap_discard_every_step_refused(table):
    """The attack: results written in a draft, then moved to other pairs by a swap or deleted by a discard."""
    _make_draft(table)
    # 1. enter and sign at a table of the draft: refused.
    for attempt in ("record_deal", "sign_player", "countersign"):
        with pytest.raises(InvalidInput):
            DRAFT_ATTEMPTS[attempt](table)
    assert not Deal.objects.filter(protocol__partie__round=table.round2).exists()
    # 2. once published, the table plays and signs.
    publish_round(table.organizer, table.round2)
    play(table.referee, table.partie)
    sign_all(table)
    signed = Protocol.objects.get(partie=table.partie)
    fingerprint = signed.signatures.first().fingerprint
    # 3. swap and discard of a published round: refused.
    with pytest.raises(RoundBlocked) as err:
        swap_parties(table.organizer, table.round2, 3, 1)
    assert err.value.code == "not_draft"
    with pytest.raises(RoundBlocked):
        discard_round(table.organizer, table.round2)
    # 4. the round made a draft again behind the services' back: swap and discard still refused.
    _make_draft(table)
    with pytest.raises(RoundBlocked) as err:
        swap_parties(table.organizer, table.round2, 3, 1)  # pair 3 plays at the recorded table 1
    assert err.value.code == "tables_recorded" and err.value.details["tables"] == [1]
    with pytest.raises(RoundBlocked) as err:
        discard_round(table.organizer, table.round2)
    assert err.value.code == "tables_recorded"
    partie = Partie.objects.get(pk=table.partie.pk)
    assert (partie.pair_a.number, partie.pair_b.number) == (3, 7)
    protocol = Protocol.objects.get(pk=signed.pk)
    assert protocol.status == ProtocolStatus.SIGNED and protocol.deals.count() == len(DEALS)
    assert protocol_fingerprint(protocol) == fingerprint
    # Tables with nothing recorded may still be swapped in that draft.
    swap_parties(table.organizer, table.round2, 4, 6)


def test_recorded_table_is_reopened_and_cleared_before_a_swap(table):
    play(table.referee, table.partie, DEALS[:2])
    services.give_remark(table.referee, table.partie, deal=2, seat="B1", reason="talking",
                         expected_version=shown_version(table.partie))
    _make_draft(table)
    with pytest.raises(RoundBlocked):
        swap_parties(table.organizer, table.round2, 3, 1)
    with pytest.raises(NotAllowed):
        services.clear_protocol(table.referee, table.partie, "тур перепутан",
                                expected_version=shown_version(table.partie))
    with pytest.raises(InvalidInput) as err:
        services.clear_protocol(table.chief, table.partie, " ", expected_version=shown_version(table.partie))
    assert err.value.field == "reason"
    protocol = services.clear_protocol(table.chief, table.partie, "тур перепутан",
                                       expected_version=shown_version(table.partie))
    assert (protocol.deals.count(), protocol.remarks.count(), protocol.score_a, protocol.score_b) == (0, 0, 0, 0)
    entry = AuditEntry.objects.get(action="protocol.cleared")
    assert entry.note == "тур перепутан" and len(entry.before["protocol"]["deals"]) == 2
    swap_parties(table.organizer, table.round2, 3, 1)
    partie = Partie.objects.get(pk=table.partie.pk)
    assert {partie.pair_a.number, partie.pair_b.number} == {1, 7}


def test_no_show_alone_makes_a_table_recorded(table):
    services.record_no_show(table.referee, table.partie, "B", expected_version=0)
    _make_draft(table)
    with pytest.raises(RoundBlocked) as err:
        discard_round(table.organizer, table.round2)
    assert err.value.details["tables"] == [1]
    assert table.round2.parties.count() == 4


# --- no one referees his own game --------------------------------------------------

@pytest.fixture
def playing_chief(table):
    """Player A1 of table 1 is also a chief referee of the tournament."""
    user = table.players["A1"]
    TournamentRole.objects.create(tournament=table.tournament, user=user, role=RoleKind.CHIEF_REFEREE)
    return user


def test_player_with_referee_role_cannot_enter_his_own_partie(table, playing_chief):
    before = _state(table.partie)
    attempts = [
        lambda: services.record_deal(playing_chief, table.partie, DEALS[0], expected_version=0),
        lambda: services.give_remark(playing_chief, table.partie, deal=1, seat="B1", reason="talking",
                                     expected_version=0),
        lambda: services.record_no_show(playing_chief, table.partie, "B", expected_version=0),
        lambda: import_protocol_json(table.partie, {"deals": DEALS}, playing_chief),
    ]
    for attempt in attempts:
        with pytest.raises(NotAllowed):
            attempt()
    assert _state(table.partie) == before
    # He still referees the other tables.
    services.record_deal(playing_chief, table.other_partie, DEALS[0], expected_version=0)
    assert Deal.objects.filter(protocol__partie=table.other_partie).count() == 1


def test_player_with_referee_role_cannot_correct_countersign_or_reopen(table, playing_chief):
    play(table.referee, table.partie)
    with pytest.raises(NotAllowed):
        services.correct_deal(playing_chief, table.partie, {**DEALS[0], "hands": {"A2": 1, "B1": 40, "B2": 23}},
                              expected_version=shown_version(table.partie))
    # He signs for his own seat as a player…
    services.sign_protocol(playing_chief, table.partie, role="player", seat="A1",
                           expected_version=shown_version(table.partie))
    for seat in ("B1", "A2", "B2"):
        services.sign_protocol(table.players[seat], table.partie, role="player", seat=seat,
                               expected_version=shown_version(table.partie))
    # …but does not countersign it as the referee.
    with pytest.raises(NotAllowed):
        services.sign_protocol(playing_chief, table.partie, role="referee",
                               expected_version=shown_version(table.partie))
    assert not Protocol.objects.get(partie=table.partie).is_locked
    services.sign_protocol(table.referee, table.partie, role="referee", expected_version=shown_version(table.partie))
    with pytest.raises(NotAllowed):
        services.reopen_protocol(playing_chief, table.partie, "сам себе", expected_version=shown_version(table.partie))
    assert Protocol.objects.get(partie=table.partie).is_locked


def test_player_with_referee_role_confirms_only_as_a_player(table, playing_chief):
    table.tournament.confirm_each_deal = True
    table.tournament.save()
    services.record_deal(table.referee, table.partie, DEALS[0], expected_version=0)  # deal 1 won by A
    with pytest.raises(NotAllowed) as err:
        services.confirm_deal(playing_chief, table.partie, 1, expected_version=shown_version(table.partie))
    assert err.value.code == "winner_confirms"  # as a referee he could have confirmed it
    services.confirm_deal(table.players["B1"], table.partie, 1, expected_version=shown_version(table.partie))
    assert Deal.objects.get(protocol__partie=table.partie, n=1).confirmed_by == table.players["B1"]


# --- stale forms: the version is required ------------------------------------------

CHANGES = {
    "record_deal": lambda t, v: services.record_deal(t.referee, t.partie, DEALS[3], expected_version=v),
    "correct_deal": lambda t, v: services.correct_deal(t.referee, t.partie, {"n": 1, "result": "domino", "out": "A1",
                                                                             "hands": {"A2": 1, "B1": 5, "B2": 23}},
                                                       expected_version=v),
    "give_remark": lambda t, v: services.give_remark(t.referee, t.partie, deal=2, seat="A1", reason="time",
                                                     expected_version=v),
    "withdraw_remark": lambda t, v: services.withdraw_remark(t.referee, t.partie, Remark.objects.get().pk, "ошибка",
                                                             expected_version=v),
    "confirm_deal": lambda t, v: services.confirm_deal(t.players["B1"], t.partie, 1, expected_version=v),
    "sign_player": lambda t, v: services.sign_protocol(t.players["A1"], t.partie, role="player", seat="A1",
                                                       expected_version=v),
}


def _prepare(table, change):
    table.tournament.confirm_each_deal = change == "confirm_deal"
    table.tournament.save()
    deals = DEALS if change == "sign_player" else DEALS[:3]
    play(table.referee, table.partie, deals)
    services.give_remark(table.referee, table.partie, deal=1, seat="B2", reason="talking",
                         expected_version=shown_version(table.partie))


@pytest.mark.parametrize("change", list(CHANGES))
@pytest.mark.parametrize("version", [None, "", "abc", "٣", "²", "1" * 40, "-1", True])
def test_missing_or_garbled_version_is_refused(table, change, version):
    _prepare(table, change)
    before = _state(table.partie)
    with pytest.raises(VersionConflict) as err:
        CHANGES[change](table, version)
    assert err.value.code == "version_required"
    assert err.value.version == shown_version(table.partie)
    assert _state(table.partie) == before


@pytest.mark.parametrize("change", list(CHANGES))
def test_stale_version_gets_the_conflict_and_the_current_one_goes_through(table, change):
    _prepare(table, change)
    current = shown_version(table.partie)
    before = _state(table.partie)
    with pytest.raises(VersionConflict) as err:
        CHANGES[change](table, current - 1)
    assert err.value.code == "version_conflict" and err.value.current["version"] == current
    assert _state(table.partie) == before
    CHANGES[change](table, str(current))  # the hidden field arrives as text
    assert shown_version(table.partie) == current + 1


def test_reopen_needs_the_version(table):
    play(table.referee, table.partie)
    sign_all(table)
    with pytest.raises(VersionConflict):
        services.reopen_protocol(table.chief, table.partie, "ошибка", expected_version=None)
    assert Protocol.objects.get(partie=table.partie).is_locked
    services.reopen_protocol(table.chief, table.partie, "ошибка", expected_version=shown_version(table.partie))
    assert not Protocol.objects.get(partie=table.partie).is_locked


def test_services_have_no_default_version():
    import inspect

    for name in ("record_deal", "correct_deal", "confirm_deal", "give_remark", "withdraw_remark", "record_no_show",
                 "record_time_up", "set_first_lead", "sign_protocol", "reopen_protocol", "clear_protocol"):
        parameter = inspect.signature(getattr(services, name)).parameters["expected_version"]
        assert parameter.default is inspect.Parameter.empty, name


# --- protocol import ---------------------------------------------------------------

@pytest.mark.parametrize("who", ["nobody", "foreign_referee", "table2_referee", "staff", "superuser"])
def test_import_checks_permissions(table, who):
    before = _state(table.partie)
    with pytest.raises(NotAllowed):
        import_protocol_json(table.partie, {"deals": DEALS}, getattr(table, who))
    assert _state(table.partie) == before


def test_import_without_account_is_refused(table, anonymous):
    with pytest.raises(NotAllowed):
        import_protocol_json(table.partie, {"deals": DEALS}, anonymous)
    assert not Deal.objects.filter(protocol__partie=table.partie).exists()


def test_import_that_changes_the_content_discards_partial_signatures(table):
    play(table.referee, table.partie)
    for seat in ("A1", "B1"):
        services.sign_protocol(table.players[seat], table.partie, role="player", seat=seat,
                               expected_version=shown_version(table.partie))
    # The same content again keeps the signatures; other content discards them, logged.
    import_protocol_json(table.partie, {"deals": DEALS}, table.referee)
    assert Signature.objects.filter(protocol__partie=table.partie).count() == 2
    changed = [DEALS[0], DEALS[1], DEALS[2], {"n": 4, "result": "wrong_pass", "offender": "B2"}]
    protocol = import_protocol_json(table.partie, {"deals": changed}, table.referee)
    assert protocol.signatures.count() == 0
    entry = AuditEntry.objects.get(action="protocol.signatures_discarded")
    assert {s["seat"] for s in entry.before} == {"A1", "B1"}


def test_clearing_the_disqualifying_protocol_reinstates_the_pair(table):
    from tournaments.models import Entrant, EntrantStatus

    first = table.round1.parties.get(table=2)  # pair 7 at A: four remarks in round 1
    for seat in ("A1", "A2", "A1", "A2"):
        services.give_remark(table.referee, first, deal=1, seat=seat, reason="time",
                             expected_version=shown_version(first))
    services.give_remark(table.referee, table.partie, deal=1, seat="B1", reason="talking",
                         confirm_disqualification=True, expected_version=shown_version(table.partie))
    assert Entrant.objects.get(tournament=table.tournament, number=7).status == EntrantStatus.DISQUALIFIED
    _make_draft(table)
    services.clear_protocol(table.chief, table.partie, "тур перепутан", expected_version=shown_version(table.partie))
    assert Entrant.objects.get(tournament=table.tournament, number=7).status == EntrantStatus.ACTIVE
    assert AuditEntry.objects.filter(action="pair.reinstated", note="тур перепутан").exists()
    # A pair of the table disqualified elsewhere is not reinstated by clearing a protocol without its remark.
    Entrant.objects.filter(tournament=table.tournament, number=3).update(status=EntrantStatus.DISQUALIFIED)
    services.clear_protocol(table.chief, table.partie, "ещё раз", expected_version=shown_version(table.partie))
    assert Entrant.objects.get(tournament=table.tournament, number=3).status == EntrantStatus.DISQUALIFIED
