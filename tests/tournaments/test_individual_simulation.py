"""``simulate --format individual``: a whole individual event played through the services, then checked
from the outside as an organizer would (pairings JSON of every round, standings JSON, verify_scores)."""
import json
from collections import Counter

import pytest
from django.core.management.base import CommandError

from scoring.models import Protocol
from tests.commands import run
from tournaments.choices import ProtocolStatus
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def check_event(summary, players, rounds):
    t = Tournament.objects.get(slug=summary["slug"])
    assert summary["finished"] and summary["format"] == "individual" and summary["players"] == players
    partners = Counter()
    for k in range(1, rounds + 1):
        data = json.loads(run("pairings", t.slug, "--round", str(k), "--json"))
        seated = [p for table in data["tables"] for p in table["A"] + table["B"]] + data["sitting_out"]
        assert sorted(seated) == list(range(1, players + 1)), k  # every player once a round
        assert len(data["sitting_out"]) == players % 4
        for table in data["tables"]:
            for side in ("A", "B"):
                partners[frozenset(table[side])] += 1
    assert max(partners.values()) == 1  # nobody partners the same player twice
    protocols = Protocol.objects.filter(partie__round__tournament=t, partie__pair_b__isnull=False)
    assert protocols.count() == rounds * (players // 4)
    assert all(p.status == ProtocolStatus.SIGNED for p in protocols)
    assert all(p.signatures.filter(role="player").count() == 4 for p in protocols)
    check = run("verify_scores")
    assert " 0 differ, 0 fingerprint mismatch" in check, check
    return t


def test_sixty_players_seven_swiss_rounds():
    summary = json.loads(run("simulate", "--format", "individual", "--players", "60", "--rounds", "7",
                             "--system", "swiss", "--seed", "4"))
    t = check_event(summary, 60, 7)
    rows = json.loads(run("standings", t.slug, "--json"))
    assert len(rows) == 60


@pytest.mark.parametrize("system, players, rounds", [("random", 14, 4), ("round-robin", 9, 9)])
def test_other_systems(system, players, rounds):
    summary = json.loads(run("simulate", "--format", "individual", "--players", str(players), "--rounds",
                             str(rounds), "--system", system, "--seed", "2", "--preset", "kozel"))
    check_event(summary, players, rounds)


@pytest.mark.parametrize("args", [
    ["--format", "individual", "--pairs", "8", "--rounds", "2"],
    ["--format", "individual", "--players", "3", "--rounds", "2"],
    ["--players", "8", "--rounds", "2"],
])
def test_simulate_refuses_wrong_arguments(args):
    with pytest.raises(CommandError):
        run("simulate", *args)


@pytest.mark.parametrize("preset", ["federation", "morskoy-kozel", "hand-points"])
def test_every_preset_plays_an_individual_event(preset):
    summary = json.loads(run("simulate", "--format", "individual", "--players", "8", "--rounds", "2",
                             "--system", "swiss", "--seed", "3", "--preset", preset))
    assert Tournament.objects.get(slug=summary["slug"]).rules_preset == preset
    check_event(summary, 8, 2)
