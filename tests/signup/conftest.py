"""A tournament whose online registration is open, and the entries players send to it."""
import datetime

import pytest
from django.core.cache import cache
from django.utils import timezone

from signup.organizer import open_registration
from tests.factories import make_individual, make_tournament

HOUR = datetime.timedelta(hours=1)


def pair_data(first, second, **extra):
    return {"player1_name": first, "player2_name": second, "player1_club": "Тверь", **extra}


def open_for(organizer, tournament, *, limit=2, **asked):
    now = timezone.now()
    asked.setdefault("ask_club", True)
    asked.setdefault("ask_city", True)
    return open_registration(organizer, tournament, opens_at=now - HOUR, closes_at=now + 24 * HOUR, limit=limit,
                             **asked)


@pytest.fixture(autouse=True)
def fast_password_hasher(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()  # the site's cache (the rate limit counts in the database, rolled back with each test)
    yield
    cache.clear()


@pytest.fixture
def cup(organizer):
    """A pair event without entrants, its registration open for two entries."""
    tournament = make_tournament(0, slug="open-cup", numbered=False)
    open_for(organizer, tournament)
    return tournament


@pytest.fixture
def solo(organizer):
    tournament = make_individual(0, slug="open-solo", numbered=False)
    open_for(organizer, tournament, limit=None)
    return tournament
