"""The organizer's side: opening and its settings, approval and refusal, check-in and closing on site, who may."""
import pytest
from django.utils import timezone

from audit.models import AuditEntry
from events.services import register_pair, run_draw
from signup.checkin import check_in, close_on_site, undo_check_in
from signup.codes import checkin_token
from signup.models import EntryStatus, SignupSettings
from signup.organizer import approve_entry, close_registration, open_registration, refuse_entry
from signup.selectors import open_registration_ids
from signup.services import submit_entry, withdraw_entry
from tests.factories import make_referee, make_tournament
from tournaments.errors import InvalidInput, NotAllowed, TournamentError
from tournaments.models import EntrantStatus, Tournament

from .conftest import HOUR, open_for, pair_data

pytestmark = pytest.mark.django_db


def test_only_the_organizer_opens_changes_and_closes(cup, django_user_model):
    stranger = django_user_model.objects.create_user("stranger")
    referee = make_referee(cup)
    now = timezone.now()
    for user in (stranger, referee, None):
        with pytest.raises(NotAllowed):
            open_registration(user, cup, opens_at=now, closes_at=now + HOUR)
        with pytest.raises(NotAllowed):
            close_registration(user, cup)


def test_opening_is_audited_and_checks_its_values(organizer):
    tournament = make_tournament(0, slug="new-cup")
    now = timezone.now()
    with pytest.raises(InvalidInput) as err:
        open_registration(organizer, tournament, opens_at=now, closes_at=now - HOUR, limit=0)
    assert {f for f, _m in err.value.field_errors()} == {"closes_at", "limit"}
    assert not SignupSettings.objects.exists()
    open_for(organizer, tournament, limit=5, approval_required=True)
    entry = AuditEntry.objects.get(tournament=tournament, action="signup.opened")
    assert entry.user == organizer and entry.after["limit"] == 5 and entry.after["approval_required"] is True
    open_for(organizer, tournament, limit=6)
    assert AuditEntry.objects.filter(tournament=tournament, action="signup.settings_changed").count() == 1


def test_a_team_event_opens_its_online_registration(organizer):
    tournament = make_tournament(0, slug="team-cup")
    Tournament.objects.filter(pk=tournament.pk).update(format="teams")
    tournament.refresh_from_db()
    settings = open_for(organizer, tournament)
    assert settings.closed_reason(timezone.now()) is None
    assert open_registration_ids([tournament.pk]) == {tournament.pk}


def test_approval_places_refusals_and_turning_approval_off(organizer):
    tournament = make_tournament(0, slug="approved-cup")
    open_for(organizer, tournament, limit=1, approval_required=True)
    first, _c = submit_entry(tournament, pair_data("Иванов Иван", "Петров Пётр"))
    second, code2 = submit_entry(tournament, pair_data("Сидоров Сидор", "Кузнецов Кузьма"))
    third, _c = submit_entry(tournament, pair_data("Смирнов Алексей", "Попов Дмитрий"))
    assert first.status == EntryStatus.PENDING and first.pair is None and tournament.pairs.count() == 0
    assert approve_entry(organizer, tournament, second.pk).status == EntryStatus.ACCEPTED  # takes the place
    assert approve_entry(organizer, tournament, first.pk).status == EntryStatus.WAITING
    with pytest.raises(TournamentError):
        approve_entry(organizer, tournament, first.pk)  # not pending any more
    with pytest.raises(InvalidInput) as err:
        refuse_entry(organizer, tournament, third.pk, reason="  ")
    assert err.value.details["field"] == "reason"
    refused = refuse_entry(organizer, tournament, third.pk, reason="Турнир только для членов клуба")
    assert refused.status == EntryStatus.REFUSED and refused.refusal_reason == "Турнир только для членов клуба"
    with pytest.raises(TournamentError):
        refuse_entry(organizer, tournament, second.pk, reason="поздно")  # accepted: withdrawn on the pairs' page
    withdraw_entry(tournament, code2)
    first.refresh_from_db()
    assert first.status == EntryStatus.ACCEPTED  # approved and waiting: moved up
    fourth, _c = submit_entry(tournament, pair_data("Волков Сергей", "Соколов Андрей"))
    open_for(organizer, tournament, limit=2)
    fourth.refresh_from_db()
    assert fourth.status == EntryStatus.ACCEPTED  # approval turned off: pending entries take free places
    actions = set(AuditEntry.objects.filter(tournament=tournament).values_list("action", flat=True))
    assert {"signup.approved", "signup.refused", "signup.moved_up", "signup.withdrawn"} <= actions


def test_only_the_organizer_approves_or_refuses(cup, organizer):
    tournament = make_tournament(0, slug="approved-cup")
    open_for(organizer, tournament, approval_required=True)
    entry, _c = submit_entry(tournament, pair_data("Иванов Иван", "Петров Пётр"))
    referee = make_referee(tournament)
    with pytest.raises(NotAllowed):
        approve_entry(referee, tournament, entry.pk)
    with pytest.raises(NotAllowed):
        refuse_entry(referee, tournament, entry.pk, reason="нет")
    with pytest.raises(TournamentError):
        approve_entry(organizer, cup, entry.pk)  # an entry of another tournament


def test_check_in_by_token_or_tick_by_officials_only(cup, organizer, django_user_model):
    entry, code = submit_entry(cup, pair_data("Иванов Иван", "Петров Пётр"))
    token = checkin_token(code)
    with pytest.raises(NotAllowed):
        check_in(django_user_model.objects.create_user("stranger"), cup, token=token)
    with pytest.raises(TournamentError) as err:
        check_in(organizer, cup, token="0" * 32)
    assert err.value.code == "no_such_entry"
    with pytest.raises(TournamentError):
        check_in(organizer, cup, token=code)  # the player's code is not the check-in token
    referee = make_referee(cup)
    checked, done = check_in(referee, cup, token=token)
    assert done and checked.checked_in_by == referee and checked.checked_in_at is not None
    assert check_in(organizer, cup, entry_id=entry.pk) == (checked, False)  # twice: written once
    assert AuditEntry.objects.filter(tournament=cup, action="signup.checked_in").count() == 1
    undo_check_in(organizer, cup, entry.pk)
    entry.refresh_from_db()
    assert entry.checked_in_at is None
    assert AuditEntry.objects.filter(tournament=cup, action="signup.check_in_undone").exists()


def test_a_waiting_entry_is_not_checked_in(cup, organizer):
    submit_entry(cup, pair_data("Иванов Иван", "Петров Пётр"))
    submit_entry(cup, pair_data("Сидоров Сидор", "Кузнецов Кузьма"))
    waiting, code = submit_entry(cup, pair_data("Смирнов Алексей", "Попов Дмитрий"))
    with pytest.raises(TournamentError) as err:
        check_in(organizer, cup, token=checkin_token(code))
    assert err.value.code == "not_accepted"


def test_closing_on_site_withdraws_those_who_did_not_check_in(cup, organizer):
    open_for(organizer, cup, limit=3)
    here, _c = submit_entry(cup, pair_data("Иванов Иван", "Петров Пётр"))
    away, _c = submit_entry(cup, pair_data("Сидоров Сидор", "Кузнецов Кузьма"))
    away2, _c = submit_entry(cup, pair_data("Смирнов Алексей", "Попов Дмитрий"))
    waiting, _c = submit_entry(cup, pair_data("Волков Сергей", "Соколов Андрей"))
    check_in(organizer, cup, entry_id=here.pk)
    referee = make_referee(cup)
    with pytest.raises(NotAllowed):
        close_on_site(referee, cup)
    absent = close_on_site(organizer, cup)
    assert [e.pk for e in absent] == [away.pk, away2.pk]
    for entry in (here, away, waiting):
        entry.refresh_from_db()
    assert away.status == EntryStatus.ABSENT and away.pair.status == EntrantStatus.WITHDRAWN
    assert away.pair.withdrawn_after_round == 0
    assert here.status == EntryStatus.ACCEPTED and here.pair.status == EntrantStatus.ACTIVE
    assert waiting.status == EntryStatus.WAITING  # the list no longer moves
    summary = AuditEntry.objects.get(tournament=cup, action="signup.closed_on_site")
    assert summary.user == organizer and summary.after["absent"] == [away.pk, away2.pk]
    assert AuditEntry.objects.filter(tournament=cup, action="pair.withdrawn").count() == 2
    with pytest.raises(TournamentError):
        close_on_site(organizer, cup)  # once
    with pytest.raises(TournamentError):
        undo_check_in(organizer, cup, here.pk)
    with pytest.raises(TournamentError):
        submit_entry(cup, pair_data("Морозов Иван", "Павлов Иван"))
    register_pair(organizer, cup, players=[{"name": "Ручной Первый"}, {"name": "Ручной Второй"}])
    run_draw(organizer, cup)
    numbered = set(cup.pairs.filter(number__isnull=False).values_list("pk", flat=True))
    assert here.pair_id in numbered and away.pair_id not in numbered and len(numbered) == 2


def test_closing_on_site_is_refused_after_the_draw(cup, organizer):
    submit_entry(cup, pair_data("Иванов Иван", "Петров Пётр"))
    submit_entry(cup, pair_data("Сидоров Сидор", "Кузнецов Кузьма"))
    run_draw(organizer, cup)
    with pytest.raises(TournamentError) as err:
        close_on_site(organizer, cup)
    assert err.value.code == "draw_done"
    assert not AuditEntry.objects.filter(action="signup.closed_on_site").exists()


def test_open_registration_ids_for_the_calendar(cup, organizer, django_assert_max_num_queries):
    closed = make_tournament(0, slug="closed-cup")
    open_for(organizer, closed)
    close_registration(organizer, closed)
    hidden = make_tournament(0, slug="hidden-cup", is_public=False)
    open_for(organizer, hidden)
    drawn = make_tournament(2, slug="drawn-cup", numbered=False)
    open_for(organizer, drawn)
    run_draw(organizer, drawn)
    none = make_tournament(0, slug="none-cup")
    ids = [t.pk for t in (cup, closed, hidden, drawn, none)]
    with django_assert_max_num_queries(1):
        found = open_registration_ids(ids)
    assert found == {cup.pk}
    assert open_registration_ids(ids, now=timezone.now() + 48 * HOUR) == set()
