"""Play a whole team event through the services a person uses (the ``simulate --format teams`` command, tests):
N teams of K pairs register, their numbers are drawn, and each round is paired, published, every table played
with random valid deals and signed as the signing rules ask, then finished."""
from __future__ import annotations

import datetime
import random

from access.models import RoleKind, TournamentRole
from events.services import finish_round, publish_round
from events.services.stages import set_final
from events.simulation import link_signers, parse_final, play_partie, play_stage2
from tournaments.formats import TeamsFormat
from tournaments.models import (
    FinalKind,
    FinalMatch,
    PairingSystem,
    RoundStatus,
    SignatureMode,
    Tournament,
)

from .groups import team_groups_of
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
        format=TeamsFormat.code, rules_preset=preset, signature_mode=SignatureMode.ONE_PER_PAIR)
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


def play_team_round(organizer, tournament, rng, signers) -> dict:
    """Pair, publish, play every table and finish one round of a team event."""
    rnd = pair_team_round(organizer, tournament)
    publish_round(organizer, rnd)
    parties = list(rnd.parties.filter(pair_b__isnull=False).select_related("round__tournament", "pair_a", "pair_b")
                   .prefetch_related("pair_a__players", "pair_b__players"))
    for partie in parties:
        play_partie(organizer, partie, rng, signers)
    finish_round(organizer, rnd)
    rnd.refresh_from_db()
    return {"round": rnd.number, "stage": rnd.stage, "matches": rnd.team_matches.count(), "parties": len(parties),
            "status": rnd.status, "pairing_seconds": round(rnd.pairing_seconds or 0, 4)}


def simulate_teams(organizer, *, teams: int, pairs_per_team: int, rounds: int, system: str, seed, slug=None,
                   preset: str = "pusto-shest", final: str | None = None) -> dict:
    """Register, number and play every round of a team event; returns the JSON summary. ``final``:
    ``knockout:N``, ``round-robin:N`` or ``groups:GxS+knockout:N`` — stage 1 is played, its best teams
    qualify, stage 2 is played."""
    stage2 = parse_final(final)
    tournament = create_team_tournament(organizer, teams=teams, pairs_per_team=pairs_per_team, rounds=rounds,
                                        system=system, seed=seed, slug=slug, preset=preset)
    if stage2:
        set_final(organizer, tournament, **stage2)
        tournament.refresh_from_db()
    signers = link_signers(tournament, seed)
    rng = random.Random(f"play:{seed}")
    summary = {"slug": tournament.slug, "system": system, "format": TeamsFormat.code, "teams": teams,
               "pairs_per_team": pairs_per_team, "preset": preset, "rounds": []}
    for _k in range(rounds):
        summary["rounds"].append(play_team_round(organizer, tournament, rng, signers))
    summary["finished"] = all(r["status"] == RoundStatus.FINISHED for r in summary["rounds"])
    if stage2:
        summary["final"] = play_team_final(organizer, tournament, rng, signers)
        summary["finished"] = summary["finished"] and all(
            r["status"] == RoundStatus.FINISHED for r in summary["final"]["rounds"])
    return summary


def play_team_final(organizer, tournament, rng, signers) -> dict:
    """Confirm stage 1's best teams and play stage 2 to its end (``events.simulation.play_stage2``)."""
    qualified, rounds = play_stage2(organizer, tournament, lambda: play_team_round(organizer, tournament, rng, signers))
    summary = {"kind": tournament.final_kind, "size": tournament.final_size,
               "finalists": [q.team.number for q in qualified], "rounds": rounds}
    if tournament.final_kind == FinalKind.GROUPS:
        summary["groups"] = [[q.team.number for q in members] for members in team_groups_of(tournament, qualified)]
    return summary


def simulate_event(organizer, *, teams, pairs_per_team: int, rounds: int, system: str, seed, slug=None,
                   preset: str = "pusto-shest", final: str | None = None, final_match=FinalMatch.SINGLE) -> dict:
    """The ``simulate --format teams`` command's event (``format_parts``): its options checked, then
    ``simulate_teams``; raises ``ValueError`` with what the command says of options it does not take."""
    if teams is None:
        raise ValueError("a team event takes --format teams --teams N [--pairs-per-team K] "
                         "[--final knockout:N | round-robin:N | groups:GxS+knockout:N] (no --pairs or --players)")
    if teams < 2 or rounds < 1 or not 1 <= pairs_per_team <= 4:
        raise ValueError("--teams ≥ 2, --rounds ≥ 1, --pairs-per-team 1-4")
    if final_match != FinalMatch.SINGLE:
        raise ValueError("a team event's knockout match is one team match (no --final-match)")
    stage2 = parse_final(final)
    if stage2 and stage2["kind"] == "groups":
        if stage2["groups"] * stage2["group_size"] > teams:
            raise ValueError(f"--final {final}: the groups take more teams than --teams {teams}")
    elif stage2 and not (3 if stage2["kind"] == "round-robin" else 2) <= stage2["size"] <= teams:
        raise ValueError(f"--final {final}: stage 2 takes from 2 (a round robin 3) to --teams {teams} teams")
    return simulate_teams(organizer, teams=teams, pairs_per_team=pairs_per_team, rounds=rounds, system=system,
                          seed=seed, slug=slug, preset=preset, final=final)
