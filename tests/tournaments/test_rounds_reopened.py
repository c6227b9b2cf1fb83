"""A reopened protocol puts its round back in play: state, provisional standings, early-pairing override."""
import pytest
from django.urls import reverse
from django.utils import timezone

from access.models import RoleKind, TournamentRole
from audit.models import AuditEntry
from events.services import finish_round, pair_round, publish_round, run_draw
from events.state import tournament_state
from scoring import services as protocols
from scoring.models import Protocol
from scoring.reports.selectors import load_standings
from tests.factories import make_tournament
from tests.versions import shown_version
from tournaments.choices import ProtocolStatus
from tournaments.errors import RoundBlocked
from tournaments.models import RoundStatus

pytestmark = pytest.mark.django_db


def sign_all(rnd):
    """Setup: every protocol of the round signed and closed (the protocol services are tested elsewhere)."""
    for partie in rnd.parties.filter(pair_b__isnull=False):
        Protocol.objects.update_or_create(partie=partie, defaults={
            "status": ProtocolStatus.SIGNED, "winner": "A", "finished": True, "score_a": 50, "score_b": 20,
            "locked_at": timezone.now()})


def played(organizer, rounds, n=8):
    """A tournament whose rounds 1..``rounds`` are paired, published, signed and finished."""
    t = make_tournament(n, numbered=False, rounds_planned=5)
    run_draw(organizer, t, seed="reopen")
    for _k in range(rounds):
        rnd = publish_round(organizer, pair_round(organizer, t))
        sign_all(rnd)
        finish_round(organizer, rnd)
    return t


@pytest.fixture
def chief(django_user_model):
    return django_user_model.objects.create_user("chief", password="domino2026")


def reopen(user, rnd, table=1):
    partie = rnd.parties.get(table=table)
    return protocols.reopen_protocol(user, partie, "ошибка в раздаче 3", expected_version=shown_version(partie))


def test_reopening_a_protocol_of_the_finished_last_round_puts_the_round_back_in_play(organizer, chief):
    t = played(organizer, 2)
    TournamentRole.objects.create(tournament=t, user=chief, role=RoleKind.CHIEF_REFEREE)
    r2 = t.rounds.get(number=2)
    assert load_standings(t).round_label == "после тура 2" and tournament_state(t).round_status == "finished"
    reopen(chief, r2, table=3)
    r2.refresh_from_db()
    assert r2.status == RoundStatus.PUBLISHED
    entry = AuditEntry.objects.get(action="round.reopened")
    assert entry.user == chief and entry.note == "ошибка в раздаче 3" and entry.after["status"] == "published"
    state = tournament_state(t)
    assert state.round == 2 and state.round_status == RoundStatus.PUBLISHED and state.unsigned == (3,)
    assert state.action.url == reverse("referees:dashboard", args=[t.slug])
    standings = load_standings(t)
    assert standings.provisional and standings.round_label == "тур 2 идёт (предварительно)"
    # round 3 is paired only with a reason and the confirmed list of open tables, as before round 2 finished
    with pytest.raises(RoundBlocked) as err:
        pair_round(organizer, t)
    assert err.value.code == "unsigned_protocols" and err.value.details["tables"] == [3]
    with pytest.raises(RoundBlocked) as err:
        pair_round(chief, t, override_reason="исправляют протокол стола 3")
    assert err.value.code == "confirm_open_tables" and "3" in err.value.message
    r3 = pair_round(chief, t, override_reason="исправляют протокол стола 3", confirm_tables=[3])
    assert r3.number == 3 and r3.override_tables == [3]
    assert AuditEntry.objects.filter(action="round.paired_early", after__open_tables=[3]).exists()
    r2.refresh_from_db()
    assert r2.status == RoundStatus.PUBLISHED  # still open: the protocol is not signed


def test_round_signed_again_is_finished_by_the_organizer_or_by_pairing_the_next(organizer, chief):
    t = played(organizer, 2)
    TournamentRole.objects.create(tournament=t, user=chief, role=RoleKind.CHIEF_REFEREE)
    r2 = t.rounds.get(number=2)
    reopen(chief, r2)
    sign_all(r2)
    assert tournament_state(t).action.url == reverse("tournaments:round_action", args=[t.slug, 2, "finish"])
    r3 = pair_round(organizer, t)  # nothing open: no reason asked; round 2 finished again
    r2.refresh_from_db()
    assert r3.number == 3 and not r3.override_reason and r2.status == RoundStatus.FINISHED


def test_reopening_an_earlier_round_makes_later_standings_provisional_and_keeps_later_pairings(organizer, chief):
    t = played(organizer, 3)
    TournamentRole.objects.create(tournament=t, user=chief, role=RoleKind.CHIEF_REFEREE)
    r2, r3 = t.rounds.get(number=2), t.rounds.get(number=3)
    pairing = list(r3.parties.order_by("table").values_list("pair_a", "pair_b"))
    reopen(chief, r2, table=2)
    r2.refresh_from_db()
    r3.refresh_from_db()
    assert r2.status == RoundStatus.PUBLISHED and r3.status == RoundStatus.FINISHED
    assert list(r3.parties.order_by("table").values_list("pair_a", "pair_b")) == pairing
    standings = load_standings(t)
    assert standings.provisional and standings.round_label == "после тура 3 (предварительно)"
    assert load_standings(t, after_round=1).round_label == "после тура 1"
    state = tournament_state(t)
    assert state.round == 2 and state.unsigned == (2,) and "снова идёт" in state.label
    with pytest.raises(RoundBlocked) as err:
        pair_round(organizer, t, override_reason="стол 2 тура 2 переписывают")
    assert err.value.code == "confirm_open_tables" and err.value.details["tables"] == ["2:2"]
    assert "в туре 2 — стол 2" in err.value.message
    r4 = pair_round(organizer, t, override_reason="стол 2 тура 2 переписывают", confirm_tables=["2:2"])
    assert r4.number == 4 and r4.override_tables == ["2:2"]


def test_confirming_the_open_tables_through_the_page_with_an_earlier_round(client, organizer, chief):
    t = played(organizer, 3)
    TournamentRole.objects.create(tournament=t, user=chief, role=RoleKind.CHIEF_REFEREE)
    reopen(chief, t.rounds.get(number=2), table=2)
    client.force_login(organizer)
    manage = client.get(reverse("tournaments:manage", args=[t.slug])).content.decode()
    assert "в туре 2 — стол 2" in manage and 'name="override_reason"' in manage
    url = reverse("tournaments:pair_round", args=[t.slug])
    page = client.post(url, {"override_reason": "переписывают"}).content.decode()
    assert 'value="2:2"' in page and not t.rounds.filter(number=4).exists()
    client.post(url, {"override_reason": "переписывают", "confirm_tables": "2:2", "confirmed": "1"})
    assert t.rounds.get(number=4).override_tables == ["2:2"]
    html = client.get(reverse("tournaments:pairings", args=[t.slug, 4])).content.decode()
    assert "в туре 2 — стол 2" in html


def test_reopening_in_a_round_in_play_changes_no_round(organizer, chief):
    t = played(organizer, 1)
    TournamentRole.objects.create(tournament=t, user=chief, role=RoleKind.CHIEF_REFEREE)
    r2 = publish_round(organizer, pair_round(organizer, t))
    sign_all(r2)
    reopen(chief, r2)
    r2.refresh_from_db()
    assert r2.status == RoundStatus.PUBLISHED and not AuditEntry.objects.filter(action="round.reopened").exists()
