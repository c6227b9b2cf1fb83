"""Random but possible deals, for demos, simulations and benchmarks (seeded, reproducible)."""
from __future__ import annotations

import random

from .config import Rules
from .latin.generate import random_partida
from .partie import score_partie
from .seating import SEATS, lead_and_shuffle, partner_of

ALL_TILES = [(a, b) for a in range(7) for b in range(a, 7)]


def random_deal(rng: random.Random, n: int, rules: Rules, *, as_tiles: bool = False) -> dict:
    """One deal in the §9 form: tiles dealt from one set, some played, the rest left in hands.

    Mostly dominoes, some blocks, rarely a wrong pass — roughly what a hall sees.
    """
    roll = rng.random()
    if roll < 0.03:
        return {"n": n, "result": "wrong_pass", "offender": rng.choice(SEATS)}
    tiles = ALL_TILES[:]
    rng.shuffle(tiles)
    result = "block" if roll < 0.25 else "domino"
    out = rng.choice(SEATS) if result == "domino" else None
    hands = {}
    for i, seat in enumerate(SEATS):
        if seat == out:
            continue
        left = tiles[7 * i: 7 * i + rng.randint(1, 4 if result == "domino" else 5)]
        face = sum(a + b for a, b in left)
        if as_tiles or (face == 0 and rules.lone_double_blank != 0):
            hands[seat] = [f"{a}-{b}" for a, b in left]
        else:
            hands[seat] = rules.lone_double_blank if left == [(0, 0)] else face
    deal = {"n": n, "result": result, "hands": hands}
    if out:
        deal["out"] = out
    return deal


def random_partie(rng: random.Random, rules: Rules, *, remark_chance: float = 0.0) -> tuple[list, list]:
    """Deals (and a few remarks) until the partie is over under ``rules``; returns (deals, remarks).

    The partnership game's partidas come from ``latin.generate.random_partida``. Kozel and Morskoy parties come
    from ``random_kozel_partie`` (no remarks: their
    default ladder has no point sanctions), hand points from ``random_points_deal``
    (a hand-points partie on time runs 40 deals: score it with ``ended_by_time``).
    """
    if rules.family == "kozel":
        return random_kozel_partie(rng, rules), []
    if rules.family == "latin":
        return random_partida(rng, rules.latin), []
    deals: list = []
    if rules.family == "hand":
        while not score_partie(rules, deals, ended_by_time=len(deals) >= 40).finished:
            deals.append(random_points_deal(rng, len(deals) + 1, rules))
        return deals, []
    remarks: list = []
    while True:
        n = len(deals) + 1
        deals.append(random_deal(rng, n, rules))
        if remark_chance and rng.random() < remark_chance:
            remarks.append({"deal": n, "player": rng.choice(SEATS), "reason": rng.choice(["time", "talking"])})
        result = score_partie(rules, deals, remarks)
        if result.finished or n >= 400:
            return deals, remarks


def _tile(t: tuple[int, int]) -> str:
    return f"{t[0]}-{t[1]}"


def random_kozel_deal(rng: random.Random, n: int, rules: Rules, *, lead: str | None = None) -> dict:
    """One Kozel / Morskoy deal (RULES-KOZEL.md §11): the 28 tiles dealt, some played, the rest left as tiles.

    ``lead`` is the seat the rules fix (None: the holder of 1-1 leads it with 1-1).
    Mostly dominoes, some blocks with a fisher, rarely a wrong pass. The last tile
    of the player who went out and the tile led are tiles he played.
    """
    tiles = ALL_TILES[:]
    rng.shuffle(tiles)
    dealt = {seat: tiles[7 * i: 7 * i + 7] for i, seat in enumerate(SEATS)}
    if lead is None:
        lead = next(seat for seat, hand in dealt.items() if (1, 1) in hand)
        lead_tile = (1, 1)
    else:
        lead_tile = rng.choice(dealt[lead])
    roll = rng.random()
    result = "wrong_pass" if roll < 0.03 else "block" if roll < 0.18 else "domino"
    out = rng.choice(SEATS) if result == "domino" else None
    offender = rng.choice(SEATS) if result == "wrong_pass" else None
    hands = {}
    for seat in SEATS:
        if seat == out:
            continue
        if result == "wrong_pass" and seat[0] != offender[0]:
            continue
        rest = [t for t in dealt[seat] if t != lead_tile]
        hands[seat] = [_tile(t) for t in rest[:rng.randint(1, 5)]]
    deal = {"n": n, "result": result, "lead": lead, "lead_tile": _tile(lead_tile), "hands": hands}
    if out:
        kept = set(hands.get(out, []))
        played = [t for t in dealt[out] if t != lead_tile and _tile(t) not in kept]
        deal["out"] = out
        deal["out_tile"] = _tile(rng.choice(played))
    if result == "block":
        deal["fisher"] = rng.choice(SEATS)
    if offender:
        deal["offender"] = offender
    return deal


def random_kozel_partie(rng: random.Random, rules: Rules, *, max_deals: int = 400) -> list:
    """Deals until the Kozel / Morskoy partie is over under ``rules`` (each deal led by the seat the rules fix)."""
    deals: list = []
    lead = lead_and_shuffle(1)[0] if rules.next_lead == "rotate" else None
    while len(deals) < max_deals:
        deal = random_kozel_deal(rng, len(deals) + 1, rules, lead=lead)
        deals.append(deal)
        scored = score_partie(rules, deals)
        if scored.finished:
            break
        new_game = len(scored.games) >= scored.deals[-1].game
        lead = _fixed_next_lead(rules, deal, scored.deals[-1].winner, len(deals) + 1, new_game)
    return deals


def _fixed_next_lead(rules: Rules, deal: dict, winner: str | None, n: int, new_game: bool) -> str | None:
    """The seat that leads deal ``n`` under ``next_lead`` (RULES-KOZEL.md §2.2); None when the rules leave it open."""
    if rules.next_lead == "rotate":
        return lead_and_shuffle(n)[0]
    if new_game or deal["result"] == "wrong_pass":
        return None
    fisher = deal.get("fisher")
    if rules.next_lead == "winner_choice":
        return winner + "1" if winner else fisher
    if rules.next_lead == "out_partner" and deal.get("out"):
        return partner_of(deal["out"])
    return deal.get("out") or fisher


def random_points_deal(rng: random.Random, n: int, rules: Rules) -> dict:
    """One hand-points deal: each pair's points as a club would enter them (RULES-KOZEL.md §8)."""
    low = -12 if rules.allow_negative else 0
    return {"n": n, "result": "points", "points": {"A": rng.randint(low, 30), "B": rng.randint(low, 30)}}
