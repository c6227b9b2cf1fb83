"""Play a whole team event through the services a person uses (the ``simulate --format teams`` command, tests):
N teams of K pairs register, their numbers are drawn, and each round is paired, published, every table played
with random valid deals and signed as the signing rules ask, then finished."""
from __future__ import annotations

import datetime
import random

from referees.models import RoleKind, TournamentRole
from tournaments.models import PairingSystem, RoundStatus, SignatureMode, Tournament, TournamentFormat
from tournaments.services import finish_round, publish_round
from tournaments.simulation import link_signers, play_partie

from .rounds import pair_team_round
from .services import number_teams, register_team, set_team_settings

CITIES = ["Тверь", "Москва", "Казань", "Самара", "Клин", "Торжок"]


def create_team_tournament(organizer, *, teams: int, pairs_per_team: int, rounds: int, system: str, seed,
                           slug=None, preset: str = "pusto-shest") -> Tournament:
    if system not in PairingSystem.values:
        raise ValueError(f"unknown pairing system {system!r}")
    slug = base = slug or f"sim-teams-{system}-{teams}x{pairs_per_team}-{seed}"
    n = 2
    while Tournament.objects.filter(slug=slug).exists():
        slug, n = f"{base}-{n}", n + 1
    tournament = Tournament.objects.create(
        name=f"Моделирование: {teams} команд по {pairs_per_team} пары, {rounds} туров", slug=slug,
        start_date=datetime.date.today(), pairing_system=system, rounds_planned=rounds,
        format=TournamentFormat.TEAMS, rules_preset=preset, signature_mode=SignatureMode.ONE_PER_PAIR)
    TournamentRole.objects.get_or_create(tournament=tournament, user=organizer, role=RoleKind.ORGANIZER)
    set_team_settings(organizer, tournament, pairs_per_team=pairs_per_team, win=2, draw=1, loss=0)
    rng = random.Random(f"names:{seed}")
    player = 0
    for t in range(teams):
        city = rng.choice(CITIES)
        pairs = []
        for _pair in range(pairs_per_team):
            pairs.append([{"name": f"Игрок {player + 1}", "club": city, "person": "none"},
                          {"name": f"Игрок {player + 2}", "club": city, "person": "none"}])
            player += 2
        register_team(organizer, tournament, name=f"Команда {t + 1}", club=city, pairs=pairs,
                      reserves=[{"name": f"Запасной {t + 1}", "club": city}])
    number_teams(organizer, tournament, seed=seed)
    return tournament


def simulate_teams(organizer, *, teams: int, pairs_per_team: int, rounds: int, system: str, seed, slug=None,
                   preset: str = "pusto-shest") -> dict:
    """Register, number and play every round of a team event; returns the JSON summary."""
    tournament = create_team_tournament(organizer, teams=teams, pairs_per_team=pairs_per_team, rounds=rounds,
                                        system=system, seed=seed, slug=slug, preset=preset)
    signers = link_signers(tournament, seed)
    rng = random.Random(f"play:{seed}")
    summary = {"slug": tournament.slug, "system": system, "format": TournamentFormat.TEAMS, "teams": teams,
               "pairs_per_team": pairs_per_team, "preset": preset, "rounds": []}
    for _k in range(rounds):
        rnd = pair_team_round(organizer, tournament)
        publish_round(organizer, rnd)
        parties = list(rnd.parties.filter(pair_b__isnull=False).select_related("round__tournament", "pair_a", "pair_b")
                       .prefetch_related("pair_a__players", "pair_b__players"))
        for partie in parties:
            play_partie(organizer, partie, rng, signers)
        finish_round(organizer, rnd)
        rnd.refresh_from_db()
        summary["rounds"].append({"round": rnd.number, "matches": rnd.team_matches.count(), "parties": len(parties),
                                  "status": rnd.status, "pairing_seconds": round(rnd.pairing_seconds or 0, 4)})
    summary["finished"] = all(r["status"] == RoundStatus.FINISHED for r in summary["rounds"])
    return summary
