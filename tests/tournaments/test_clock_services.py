"""The round clock's services (events/services/clock.py, docs/rules.md §5.1): who may run it, what it stores,
what it refuses, what the audit keeps, and the remaining time it gives each table."""
import datetime

import pytest
from django.contrib.auth.models import AnonymousUser

from audit.actions import sentence
from audit.models import AuditEntry
from events.services.clock import pause_round_clock, resume_round_clock, set_table_start, start_round_clock
from scoring import live
from tests.factories import make_round, make_tournament
from tournaments.errors import InvalidInput, NotAllowed, RoundBlocked
from tournaments.models import RoundStatus

from .clock_helpers import START, fresh, hall  # noqa: F401

LIMIT = 40 * 60


def remaining(rnd, seconds, partie=None):
    rnd = fresh(rnd)
    partie = rnd.parties.get(pk=partie.pk) if partie is not None else None
    return rnd.clock(partie).remaining((START + datetime.timedelta(seconds=seconds)).timestamp())


def test_no_clock_until_the_round_is_started(hall):
    assert fresh(hall.round).clock() is None
    assert fresh(hall.round).clock(hall.partie) is None


def test_the_chief_referee_starts_the_round_and_the_start_is_stored_and_audited(hall):
    with hall.at(0):
        start_round_clock(hall.chief, hall.round)
    rnd = fresh(hall.round)
    assert rnd.clock_started_at == START
    assert remaining(rnd, 600) == LIMIT - 600
    entry = AuditEntry.objects.get(action="round.clock_started")
    assert entry.user == hall.chief and entry.after["limit_minutes"] == 40
    assert "лимит 40 мин" in sentence(entry)


def test_the_organizer_may_start_it_too(hall):
    with hall.at(0):
        start_round_clock(hall.org, hall.round)
    assert fresh(hall.round).clock_started_at == START


@pytest.mark.parametrize("who", ["referee", "nobody", "foreign", "anonymous"])
def test_no_one_else_runs_the_clock(hall, who):
    user = AnonymousUser() if who == "anonymous" else getattr(hall, who)
    with pytest.raises(NotAllowed):
        start_round_clock(user, hall.round)
    with hall.at(0):
        start_round_clock(hall.chief, hall.round)
    for action in (lambda: pause_round_clock(user, hall.round), lambda: resume_round_clock(user, hall.round),
                   lambda: set_table_start(user, hall.round, 2)):
        with pytest.raises(NotAllowed):
            action()
    assert not fresh(hall.round).clock_pauses
    assert not AuditEntry.objects.exclude(action="round.clock_started").exists()


def test_a_pause_stops_every_table_and_the_resume_gives_the_time_back(hall):
    with hall.at(0):
        start_round_clock(hall.chief, hall.round)
    with hall.at(600):
        pause_round_clock(hall.chief, hall.round, "  спор   за столом 2 ")
    assert fresh(hall.round).clock_paused
    assert remaining(hall.round, 900) == LIMIT - 600
    assert fresh(hall.round).clock().deadline((START + datetime.timedelta(seconds=900)).timestamp()) is None
    with hall.at(900):
        resume_round_clock(hall.chief, hall.round)
    assert not fresh(hall.round).clock_paused
    assert remaining(hall.round, 1500) == LIMIT - 1200
    assert remaining(hall.round, 1500, hall.partie) == LIMIT - 1200
    paused = AuditEntry.objects.get(action="round.clock_paused")
    assert paused.note == "спор за столом 2" and paused.after["remaining"] == LIMIT - 600
    assert "осталось 30:00" in sentence(paused)
    assert AuditEntry.objects.get(action="round.clock_resumed").after["paused_seconds"] == 300


def test_a_late_table_gets_its_own_limit(hall):
    with hall.at(0):
        start_round_clock(hall.chief, hall.round)
    with hall.at(420):
        partie = set_table_start(hall.chief, hall.round, 1)
    assert partie.clock_started_at == START + datetime.timedelta(seconds=420)
    assert remaining(hall.round, 1020, hall.partie) == LIMIT - 600  # its own 40 minutes from 16:07
    assert remaining(hall.round, 1020) == LIMIT - 1020  # the other tables keep the round's
    entry = AuditEntry.objects.get(action="partie.clock_started")
    assert entry.partie_id == hall.partie.pk and entry.before["started_at"] is None
    with hall.at(1100):
        set_table_start(hall.chief, hall.round, 1, clear=True)
    assert remaining(hall.round, 1200, hall.partie) == LIMIT - 1200
    assert "снова идёт по часам тура" in sentence(AuditEntry.objects.filter(action="partie.clock_started").first())


def test_a_late_table_may_be_given_the_time_it_started(hall):
    with hall.at(0):
        start_round_clock(hall.chief, hall.round)
    with hall.at(900):
        set_table_start(hall.chief, hall.round, 3, at=START + datetime.timedelta(seconds=300))
    assert remaining(hall.round, 900, hall.round.parties.get(table=3)) == LIMIT - 600


def test_the_clock_change_moves_the_live_pages_version(hall):
    before = live.current_stamp(hall.tournament.pk)
    with hall.at(0):
        start_round_clock(hall.chief, hall.round)
    started = live.current_stamp(hall.tournament.pk)
    with hall.at(60):
        pause_round_clock(hall.chief, hall.round)
    paused = live.current_stamp(hall.tournament.pk)
    with hall.at(120):
        set_table_start(hall.chief, hall.round, 2)
    assert len({before, started, paused, live.current_stamp(hall.tournament.pk)}) == 4


def test_refusals_say_why(hall):
    with pytest.raises(RoundBlocked, match="ещё не пущены"):
        pause_round_clock(hall.chief, hall.round)
    with pytest.raises(RoundBlocked, match="ещё не пущены"):
        set_table_start(hall.chief, hall.round, 1)
    with pytest.raises(RoundBlocked, match="опубликованном"):
        start_round_clock(hall.chief, hall.draft)
    with hall.at(0):
        start_round_clock(hall.chief, hall.round)
    with pytest.raises(RoundBlocked, match="уже пущены в"):
        start_round_clock(hall.chief, hall.round)
    with pytest.raises(RoundBlocked, match="не стоят"):
        resume_round_clock(hall.chief, hall.round)
    with hall.at(10):
        pause_round_clock(hall.chief, hall.round)
    with pytest.raises(RoundBlocked, match="уже стоят"):
        pause_round_clock(hall.chief, hall.round)
    hall.round.status = RoundStatus.FINISHED
    hall.round.save()
    with pytest.raises(RoundBlocked, match="не завершённом"):
        resume_round_clock(hall.chief, hall.round)


def test_rules_without_a_time_limit_have_no_clock(db, django_user_model, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    from access.models import RoleKind, TournamentRole
    tournament = make_tournament(4, slug="club", preset="pusto-shest")
    rnd = make_round(tournament, 1, [(1, 2), (3, 4)])
    chief = django_user_model.objects.create_user("c", password="x")
    TournamentRole.objects.create(tournament=tournament, user=chief, role=RoleKind.CHIEF_REFEREE)
    with pytest.raises(RoundBlocked, match="нет лимита времени"):
        start_round_clock(chief, rnd)
    assert fresh(rnd).clock_started_at is None


@pytest.mark.parametrize("table", ["1", 0, -3, True, None, 1.0, 99])
def test_hostile_table_numbers_are_refused(hall, table):
    with hall.at(0):
        start_round_clock(hall.chief, hall.round)
    with pytest.raises(InvalidInput) as err:
        set_table_start(hall.chief, hall.round, table)
    assert err.value.field == "table" and ("стол" in err.value.message.lower())
    assert not AuditEntry.objects.filter(action="partie.clock_started").exists()


def test_a_table_start_before_the_round_or_in_the_future_is_refused(hall):
    with hall.at(600):
        start_round_clock(hall.chief, hall.round)
    with hall.at(900), pytest.raises(InvalidInput, match="раньше тура"):
        set_table_start(hall.chief, hall.round, 1, at=START)
    with hall.at(900), pytest.raises(InvalidInput, match="ещё не наступило"):
        set_table_start(hall.chief, hall.round, 1, at=START + datetime.timedelta(seconds=1000))
    with hall.at(900), pytest.raises(InvalidInput, match="нет своего старта"):
        set_table_start(hall.chief, hall.round, 1, clear=True)
    assert fresh(hall.round).parties.get(table=1).clock_started_at is None


@pytest.mark.parametrize("reason, message", [
    (["перерыв"], "текст"), ("перерыв\x00", None), ("x" * 201, "не длиннее 200"), ("\u202eвонавИ", None),
])
def test_hostile_pause_reasons_are_refused(hall, reason, message):
    with hall.at(0):
        start_round_clock(hall.chief, hall.round)
    with pytest.raises(InvalidInput, match=message) as err:
        pause_round_clock(hall.chief, hall.round, reason)
    assert err.value.message
    assert not fresh(hall.round).clock_paused


@pytest.mark.parametrize("pauses", [
    "x", [["x", None]], [[START.isoformat()]], [[START.isoformat(), None], [START.isoformat(), None]],
    [["2026-12-01T16:00:00", None]], [[(START + datetime.timedelta(minutes=5)).isoformat(), START.isoformat()]],
    [[START.isoformat(), START.isoformat()], [(START - datetime.timedelta(minutes=1)).isoformat(), None]], [[1, 2]],
])
def test_stored_pauses_that_make_no_sense_are_refused(hall, pauses):
    """A transfer file is checked field by field (Round.clean_fields): a garbled pause list never reaches a page."""
    from django.core.exceptions import ValidationError
    hall.round.clock_pauses = pauses
    with pytest.raises(ValidationError) as err:
        hall.round.clean_fields(exclude=["tournament", "paired_by"])
    assert "clock_pauses" in err.value.message_dict
