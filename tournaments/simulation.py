"""Play a whole tournament through the services a person uses (for the ``simulate`` command and tests).

Deals are random but valid (RULES.md §4.3), from ``scoring.rules.generate``.
"""
from __future__ import annotations

import datetime
import random

from django.contrib.auth import get_user_model
from django.db import transaction

from referees.models import RoleKind, TournamentRole
from scoring import services as protocol_services
from scoring.rules.generate import random_deal

from .models import PairingSystem, Player, RoundStatus, SignatureMode, Tournament
from .services import finish_round, pair_round, publish_round, register_pair, run_draw

def play_partie(referee, partie, rng: random.Random, signers: dict) -> None:
    """Record random deals until the partie is over, then the players and the referee sign.

    ``signers``: {pair id: account linked to that pair's player 1}.
    """
    rules = partie.round.tournament.rules()
    protocol = protocol_services.ensure_protocol(partie)
    n = 0
    while True:
        n += 1
        protocol = protocol_services.record_deal(referee, partie, random_deal(rng, n, rules, as_tiles=True),
                                                 expected_version=protocol.version)
        if protocol.finished and not protocol.extra_deal_needed:
            break
    seats = [("A1", partie.pair_a), ("B1", partie.pair_b)]
    if partie.round.tournament.signature_mode == SignatureMode.EACH_PLAYER:
        seats += [("A2", partie.pair_a), ("B2", partie.pair_b)]
    for seat, pair in seats:
        protocol = protocol_services.sign_protocol(signers[pair.pk], partie, role="player", seat=seat,
                                                   expected_version=protocol.version)
    protocol_services.sign_protocol(referee, partie, role="referee", expected_version=protocol.version)


def create_tournament(organizer, *, pairs: int, rounds: int, system: str, seed, slug=None) -> Tournament:
    """A tournament with ``pairs`` registered pairs; one account per pair signs its protocols."""
    if system not in PairingSystem.values:
        raise ValueError(f"unknown pairing system {system!r}")
    slug = slug or f"sim-{system}-{pairs}-{seed}"
    n = 2
    base = slug
    while Tournament.objects.filter(slug=slug).exists():
        slug, n = f"{base}-{n}", n + 1
    tournament = Tournament.objects.create(
        name=f"Моделирование: {pairs} пар, {rounds} туров", slug=slug, start_date=datetime.date.today(),
        pairing_system=system, rounds_planned=rounds, signature_mode=SignatureMode.ONE_PER_PAIR,
    )
    TournamentRole.objects.create(tournament=tournament, user=organizer, role=RoleKind.ORGANIZER)
    rng = random.Random(f"names:{seed}")
    for i in range(pairs):
        register_pair(organizer, tournament, players=[
            {"name": f"Игрок {2 * i + 1}", "club": rng.choice(["Тверь", "Москва", "Казань", "Самара"])},
            {"name": f"Игрок {2 * i + 2}", "club": rng.choice(["Тверь", "Москва", "Казань", "Самара"])},
        ])
    return tournament


def link_signers(tournament, seed) -> dict:
    """One account per pair, linked to its player 1 (the pair signs once per partie)."""
    User = get_user_model()
    pairs = list(tournament.pairs.prefetch_related("players"))
    with transaction.atomic():
        users = []
        for pair in pairs:
            user = User(username=f"{tournament.slug}-{pair.pk}"[:150])
            user.set_unusable_password()
            users.append(user)
        User.objects.bulk_create(users)
        users = {u.username: u for u in User.objects.filter(username__startswith=f"{tournament.slug}-")}
        signers, players = {}, []
        for pair in pairs:
            user = users[f"{tournament.slug}-{pair.pk}"[:150]]
            first = min(pair.players.all(), key=lambda p: (p.number or 9, p.pk))
            first.user = user
            players.append(first)
            signers[pair.pk] = user
        Player.objects.bulk_update(players, ["user"])
    return signers


def simulate(organizer, *, pairs: int, rounds: int, system: str, seed, slug=None) -> dict:
    """Register, draw, and play every round; returns the JSON summary."""
    rng = random.Random(f"play:{seed}")
    tournament = create_tournament(organizer, pairs=pairs, rounds=rounds, system=system, seed=seed, slug=slug)
    run_draw(organizer, tournament, seed=str(seed))
    signers = link_signers(tournament, seed)
    summary = {"slug": tournament.slug, "system": system, "pairs": pairs, "rounds": []}
    for _ in range(rounds):
        rnd = pair_round(organizer, tournament)
        publish_round(organizer, rnd)
        parties = list(
            rnd.parties.filter(pair_b__isnull=False).select_related("round__tournament", "pair_a", "pair_b")
            .prefetch_related("pair_a__players", "pair_b__players")
        )
        for partie in parties:
            play_partie(organizer, partie, rng, signers)
        finish_round(organizer, rnd)
        rnd.refresh_from_db()
        summary["rounds"].append({
            "round": rnd.number, "pairing_seconds": round(rnd.pairing_seconds or 0, 4),
            "parties": len(parties), "byes": rnd.parties.filter(pair_b__isnull=True).count(),
            "status": rnd.status,
        })
    summary["finished"] = all(r["status"] == RoundStatus.FINISHED for r in summary["rounds"])
    return summary


__all__ = ["simulate", "play_partie"]
