"""Play a whole tournament through the services a person uses (for the ``simulate`` command and tests).

Deals are random but valid (RULES.md §4.3): a double-six set is shuffled, each
player gets 7 tiles; on a domino the player who went out holds nothing and the
others keep 1..7 of their tiles; on a block everyone keeps at least one.
"""
from __future__ import annotations

import datetime
import random

from django.contrib.auth import get_user_model
from django.db import transaction

from .models import PairingSystem, Player, RoundStatus, SignatureMode, Tournament
from .services import finish_round, pair_round, publish_round, register_pair, run_draw

SEATS = ("A1", "B1", "A2", "B2")
TILES = [(a, b) for a in range(7) for b in range(a, 7)]


def random_deal(rng: random.Random, n: int) -> dict:
    """One valid deal in the §9 JSON form, hands given as tiles."""
    tiles = TILES[:]
    rng.shuffle(tiles)
    dealt = {seat: tiles[7 * k:7 * k + 7] for k, seat in enumerate(SEATS)}
    if rng.random() < 0.7:
        out = rng.choice(SEATS)
        hands = {seat: [f"{a}-{b}" for a, b in rng.sample(dealt[seat], rng.randint(1, 7))]
                 for seat in SEATS if seat != out}
        return {"n": n, "result": "domino", "out": out, "hands": hands}
    hands = {seat: [f"{a}-{b}" for a, b in rng.sample(dealt[seat], rng.randint(1, 7))] for seat in SEATS}
    return {"n": n, "result": "block", "hands": hands}


def _scoring_services():
    try:
        from scoring import services
    except ImportError:
        return None
    if hasattr(services, "record_deal") and hasattr(services, "sign_protocol"):
        return services
    return None


def play_partie(referee, partie, rng: random.Random, signers: dict) -> None:
    """Record random deals until the partie is over, then the players and the referee sign.

    ``signers``: {pair id: account linked to that pair's player 1}.
    """
    services = _scoring_services()
    if services is None:
        _import_partie(referee, partie, rng)
        return
    n = 0
    while True:
        n += 1
        protocol = services.record_deal(referee, partie, random_deal(rng, n))
        if protocol.finished and not protocol.extra_deal_needed:
            break
    for seat, pair in (("A1", partie.pair_a), ("B1", partie.pair_b)):
        services.sign_protocol(signers[pair.pk], partie, role="player", seat=seat)
    if partie.round.tournament.signature_mode == SignatureMode.EACH_PLAYER:
        for seat, pair in (("A2", partie.pair_a), ("B2", partie.pair_b)):
            services.sign_protocol(signers[pair.pk], partie, role="player", seat=seat)
    services.sign_protocol(referee, partie, role="referee")


def _import_partie(referee, partie, rng):
    """Without the protocol services: import the deals as a §9 protocol (not signed)."""
    from scoring.protocol_json import import_protocol_json
    from scoring.rules import score_protocol

    rules = partie.round.tournament.rules_config()
    deals = []
    while True:
        deals.append(random_deal(rng, len(deals) + 1))
        result = score_protocol({"rules": rules, "pairs": {"A": {}, "B": {}}, "deals": deals})
        if result.finished and not result.extra_deal_needed:
            break
    import_protocol_json(partie, {"deals": deals, "pairs": {"A": {"number": partie.pair_a.number},
                                                             "B": {"number": partie.pair_b.number}}}, referee)


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
        rnd = pair_round(organizer, tournament, override_reason="" if _scoring_services() else "моделирование")
        publish_round(organizer, rnd)
        parties = list(
            rnd.parties.filter(pair_b__isnull=False).select_related("round__tournament", "pair_a", "pair_b")
            .prefetch_related("pair_a__players", "pair_b__players")
        )
        for partie in parties:
            play_partie(organizer, partie, rng, signers)
        if _scoring_services():
            finish_round(organizer, rnd)
        rnd.refresh_from_db()
        summary["rounds"].append({
            "round": rnd.number, "pairing_seconds": round(rnd.pairing_seconds or 0, 4),
            "parties": len(parties), "byes": rnd.parties.filter(pair_b__isnull=True).count(),
            "status": rnd.status,
        })
    summary["finished"] = all(r["status"] == RoundStatus.FINISHED for r in summary["rounds"])
    return summary


__all__ = ["simulate", "random_deal", "play_partie"]
