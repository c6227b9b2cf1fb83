"""Rounds through the services: pairing, refusal on unsigned protocols, swaps, publish, finish."""
import itertools

import pytest

from audit.models import AuditEntry
from events.services import (
    discard_round,
    finish_round,
    pair_round,
    publish_round,
    run_draw,
    swap_parties,
    withdraw_pair,
)
from scoring.models import Protocol
from tests.factories import make_round, make_tournament
from tournaments.choices import ProtocolStatus
from tournaments.errors import InvalidInput, NotAllowed, RoundBlocked, TournamentError
from tournaments.models import PairingSystem, Round, RoundStatus

pytestmark = pytest.mark.django_db


def drawn(n, organizer, **kwargs):
    t = make_tournament(n, numbered=False, **kwargs)
    run_draw(organizer, t, seed="test")
    return t


def sign_all(rnd, winner="A"):
    """Setup: mark every protocol of the round signed (the protocol services are tested elsewhere)."""
    for partie in rnd.parties.filter(pair_b__isnull=False):
        Protocol.objects.update_or_create(
            partie=partie, defaults={"status": ProtocolStatus.SIGNED, "winner": winner, "finished": True,
                                     "score_a": 50, "score_b": 20})


def test_pairing_needs_the_draw(organizer):
    t = make_tournament(4, numbered=False)
    with pytest.raises(TournamentError) as err:
        pair_round(organizer, t)
    assert err.value.code == "draw_not_done"


def test_first_round_seats_lower_number_as_a_and_byes_last(organizer):
    t = drawn(7, organizer)
    rnd = pair_round(organizer, t)
    parties = list(rnd.parties.select_related("pair_a", "pair_b").order_by("table"))
    assert [p.table for p in parties] == list(range(1, 8 // 2 + 1))
    assert all(p.pair_a.number < p.pair_b.number for p in parties if p.pair_b)
    assert parties[-1].pair_b is None and parties[-1].pair_a.number == 7  # lowest-placed before round 1
    assert all(p.reason for p in parties)
    assert rnd.status == RoundStatus.DRAFT and rnd.paired_by == organizer and rnd.pairing_seconds >= 0
    t.refresh_from_db()
    assert t.draw_closed
    assert AuditEntry.objects.filter(tournament=t, action="round.paired").exists()


def test_next_round_refused_while_protocols_unsigned_unless_overridden(organizer):
    t = drawn(8, organizer)
    r1 = pair_round(organizer, t)
    with pytest.raises(RoundBlocked) as err:
        pair_round(organizer, t)
    assert err.value.code == "draft_exists"
    publish_round(organizer, r1)
    with pytest.raises(RoundBlocked) as err:
        pair_round(organizer, t)
    assert err.value.code == "unsigned_protocols" and err.value.details["tables"] == [1, 2, 3, 4]
    # a reason alone is not enough: the open tables must be confirmed, exactly
    with pytest.raises(RoundBlocked) as err:
        pair_round(organizer, t, override_reason="сервер протоколов недоступен")
    assert err.value.code == "confirm_open_tables" and err.value.details["tables"] == [1, 2, 3, 4]
    assert "1, 2, 3, 4" in err.value.message
    with pytest.raises(RoundBlocked):
        pair_round(organizer, t, override_reason="сервер протоколов недоступен", confirm_tables=[1, 2, 3])
    r2 = pair_round(organizer, t, override_reason="сервер протоколов недоступен", confirm_tables=[1, 2, 3, 4])
    assert r2.number == 2 and r2.override_reason == "сервер протоколов недоступен"
    assert r2.override_tables == [1, 2, 3, 4]
    early = AuditEntry.objects.get(tournament=t, action="round.paired_early")
    assert early.note == "сервер протоколов недоступен" and early.after["open_tables"] == [1, 2, 3, 4]
    r1.refresh_from_db()
    assert r1.status == RoundStatus.PUBLISHED


def test_confirmation_goes_stale_when_the_open_tables_change(organizer):
    t = drawn(8, organizer)
    r1 = pair_round(organizer, t)
    publish_round(organizer, r1)
    Protocol.objects.create(partie=r1.parties.get(table=2), status=ProtocolStatus.SIGNED, finished=True)
    with pytest.raises(RoundBlocked) as err:  # the organizer saw 1, 2, 3, 4; table 2 was signed since
        pair_round(organizer, t, override_reason="время", confirm_tables=[1, 2, 3, 4])
    assert err.value.code == "confirm_open_tables" and err.value.details["tables"] == [1, 3, 4]


def test_early_pairing_is_for_the_chief_referee_or_organizer_only(organizer, django_user_model):
    from access.models import RoleKind, TournamentRole

    t = drawn(8, organizer)
    r1 = pair_round(organizer, t)
    publish_round(organizer, r1)
    referee = django_user_model.objects.create_user("referee")
    TournamentRole.objects.create(tournament=t, user=referee, role=RoleKind.REFEREE)
    chief = django_user_model.objects.create_user("chief")
    TournamentRole.objects.create(tournament=t, user=chief, role=RoleKind.CHIEF_REFEREE)
    with pytest.raises(NotAllowed):
        pair_round(referee, t, override_reason="спешим", confirm_tables=[1, 2, 3, 4])
    assert not t.rounds.filter(number=2).exists()
    r2 = pair_round(chief, t, override_reason="спешим", confirm_tables=[1, 2, 3, 4])
    assert r2.number == 2 and r2.paired_by == chief
    assert AuditEntry.objects.filter(tournament=t, action="round.paired_early", user=chief).exists()


def test_chief_referee_does_not_pair_an_ordinary_round(organizer, django_user_model):
    from access.models import RoleKind, TournamentRole

    t = drawn(8, organizer)
    chief = django_user_model.objects.create_user("chief")
    TournamentRole.objects.create(tournament=t, user=chief, role=RoleKind.CHIEF_REFEREE)
    with pytest.raises(NotAllowed):
        pair_round(chief, t)
    r1 = pair_round(organizer, t)
    publish_round(organizer, r1)
    sign_all(r1)
    with pytest.raises(NotAllowed):  # every protocol signed: nothing to override, the organizer pairs
        pair_round(chief, t, override_reason="спешим")
    assert not t.rounds.filter(number=2).exists()


def test_signed_round_is_finished_and_the_next_one_paired(organizer):
    t = drawn(8, organizer)
    r1 = pair_round(organizer, t)
    publish_round(organizer, r1)
    with pytest.raises(RoundBlocked):
        finish_round(organizer, r1)
    sign_all(r1)
    finish_round(organizer, r1)
    r1.refresh_from_db()
    assert r1.status == RoundStatus.FINISHED
    r2 = pair_round(organizer, t)
    met = {frozenset((p.pair_a_id, p.pair_b_id)) for p in r1.parties.all()}
    assert not met & {frozenset((p.pair_a_id, p.pair_b_id)) for p in r2.parties.all()}
    # Winners (A in round 1) meet winners: the four 1-point pairs are at tables 1 and 2.
    winners = {p.pair_a_id for p in r1.parties.all()}
    top = r2.parties.order_by("table")[:2]
    assert {x for p in top for x in (p.pair_a_id, p.pair_b_id)} == winners


def test_swap_warns_about_a_rematch(organizer):
    t = make_tournament(4)
    r1 = make_round(t, 1, [(1, 2), (3, 4)], status="finished")
    sign_all(r1)
    t.draw_done_at = t.created_at
    t.save()
    r2 = pair_round(organizer, t)
    assert {(p.pair_a.number, p.pair_b.number) for p in r2.parties.all()} == {(1, 3), (2, 4)}
    warnings = swap_parties(organizer, r2, 3, 2)
    assert any("уже играли в туре 1" in w for w in warnings)
    assert {(p.pair_a.number, p.pair_b.number) for p in r2.parties.all()} == {(1, 2), (3, 4)}
    assert all(p.reason == "изменено организатором вручную" for p in r2.parties.all())
    with pytest.raises(InvalidInput):
        swap_parties(organizer, r2, 1, 2)
    publish_round(organizer, r2)
    with pytest.raises(RoundBlocked) as err:
        swap_parties(organizer, r2, 1, 3)
    assert err.value.code == "not_draft"


def test_discard_draft_then_withdraw(organizer):
    t = drawn(5, organizer)
    rnd = pair_round(organizer, t)
    pair = t.pairs.get(number=2)
    with pytest.raises(TournamentError) as err:
        withdraw_pair(organizer, pair)
    assert err.value.code == "in_draft_round"
    discard_round(organizer, rnd)
    assert not Round.objects.filter(tournament=t).exists()
    withdraw_pair(organizer, pair)
    rnd = pair_round(organizer, t)
    assert rnd.parties.count() == 2 and not rnd.parties.filter(pair_b__isnull=True).exists()


def test_plain_user_cannot_pair(organizer, plain_user):
    t = drawn(4, organizer)
    with pytest.raises(NotAllowed):
        pair_round(plain_user, t)


def test_round_robin_through_the_services(organizer):
    t = drawn(5, organizer, pairing_system=PairingSystem.ROUND_ROBIN, rounds_planned=5)
    meetings, byes = [], []
    for _ in range(5):
        rnd = pair_round(organizer, t)
        publish_round(organizer, rnd)
        for p in rnd.parties.select_related("pair_a", "pair_b"):
            if p.pair_b:
                meetings.append(frozenset((p.pair_a.number, p.pair_b.number)))
            else:
                byes.append(p.pair_a.number)
        sign_all(rnd)
    assert sorted(meetings, key=sorted) == sorted(map(frozenset, itertools.combinations(range(1, 6), 2)), key=sorted)
    assert sorted(byes) == [1, 2, 3, 4, 5]
    with pytest.raises(RoundBlocked) as err:
        pair_round(organizer, t)
    assert err.value.code == "rounds_complete"


def test_random_system_is_reproducible(organizer):
    numbers = []
    for slug in ("one", "two"):
        t = make_tournament(10, slug=slug, numbered=False, pairing_system=PairingSystem.RANDOM)
        run_draw(organizer, t, seed="same")
        rnd = pair_round(organizer, t)
        numbers.append(sorted((p.pair_a.number, p.pair_b.number) for p in rnd.parties.all()))
    assert numbers[0] == numbers[1]
