import datetime
import random

import pytest

from teams.services import number_teams, register_team, set_team_settings
from tests.factories import player_name
from tournaments.models import Tournament


@pytest.fixture(autouse=True)
def fast_password_hasher(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def team_pairs(t: int, k: int = 2) -> list:
    return [[{"name": player_name(4 * t + 2 * j), "club": "Тверь", "person": "none"},
             {"name": player_name(4 * t + 2 * j + 1) + f" {t}", "club": "Тверь", "person": "none"}]
            for j in range(k)]


def make_team_event(organizer, n_teams=4, *, k=2, rounds=3, system="swiss", numbered=True, slug="team-cup"):
    """A team event of ``n_teams`` teams of ``k`` pairs (one reserve each) registered through the services."""
    tournament = Tournament.objects.create(name="Командный кубок", slug=slug, start_date=datetime.date(2026, 12, 2),
                                           format="teams", pairing_system=system, rounds_planned=rounds,
                                           signature_mode="one_per_pair")
    set_team_settings(organizer, tournament, pairs_per_team=k, win=2, draw=1, loss=0)
    for t in range(n_teams):
        register_team(organizer, tournament, name=f"Команда {t + 1}", club="Тверь", pairs=team_pairs(t, k),
                      reserves=[{"name": f"Запасной Игорь {t + 1}", "club": "Клин"}])
    if numbered:
        number_teams(organizer, tournament, seed="1")
    return tournament


def rng():
    return random.Random(7)
