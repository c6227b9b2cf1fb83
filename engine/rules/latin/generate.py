"""Random but possible partidas of the partnership game, for demos, simulations and benchmarks (seeded).

Each hand deals the rules' set (double six: 7 tiles each; double nine: 10 each, the rest sleeping), then ends
by a domino (most hands) or a *tranque*: the player who went out holds nothing, the others keep a few of their
tiles, written as tiles so that every check of the engine applies (a tile in one hand only, the hand's pips).
Where the options read them, the hand writes what the rule book asks (RULES-LATIN.md §2, §5): the leader the
rules give (``partida.leaders``; the holder of 6-6 with ``first_lead = double_six``), the last tile and the two
open ends (capicúa now and then), a paso redondo now and then. The partida is scored as it grows, so the last
hand is the one that ends it.
"""
from __future__ import annotations

import random

from ..seating import CLOCKWISE, side_of
from .options import LatinOptions
from .partida import leaders
from .protocol import score_latin
from .tiles import SETS, set_tiles

MAX_HANDS = 60  # a partida to 200 lasts 4–8 hands; this only stops a rule set that never ends


def random_hand(rng: random.Random, n: int, options: LatinOptions, lead: str) -> dict:
    """One hand of play, ``lead`` leading it."""
    tile_set = SETS[options.tile_set]
    tiles = set_tiles(tile_set)
    rng.shuffle(tiles)
    dealt = {seat: tiles[k * tile_set.tiles_each:(k + 1) * tile_set.tiles_each] for k, seat in enumerate(CLOCKWISE)}
    hand: dict = {"n": n, "lead": lead}
    if n == 1 and options.first_lead == "double_six":
        holder = next(seat for seat, held in dealt.items() if "6-6" in held)
        hand["lead"], hand["lead_tile"] = holder, "6-6"
        dealt[holder].remove("6-6")  # led: it is on the table
    result = "block" if rng.random() < 0.15 else "domino"
    hand["result"] = result
    out = rng.choice(CLOCKWISE) if result == "domino" else None
    hands = {}
    for seat, held in dealt.items():
        if seat == out:
            continue
        keep = rng.randint(1, min(4 if result == "domino" else 5, len(held)))
        hands[seat] = held[:keep]
    hand["hands"] = hands
    if result == "block":
        hand["fisher"] = rng.choice(CLOCKWISE)
    else:
        hand["out"] = out
        if options.capicua != "off":
            last = dealt[out][-1]  # a tile the player who went out held: on the table now
            a, b = (int(x) for x in last.split("-"))
            other = rng.choice([b, rng.randint(0, tile_set.top)])  # the other end: its second number makes a capicúa
            hand["out_tile"], hand["ends"] = last, [a, other]
    if options.paso_redondo_bonus and rng.random() < 0.1:
        hand["pasos_redondos"] = {side_of(rng.choice(CLOCKWISE)): 1}
    return hand


def random_partida(rng: random.Random, options: LatinOptions, *, numbers=(1, 2)) -> list[dict]:
    """The hands of one partida until it is over under ``options`` (the pairs ``numbers``, no cards)."""
    protocol = {"rules": {"preset": "latin", **options.to_config()},
                "pairs": {"A": {"number": numbers[0]}, "B": {"number": numbers[1]}}, "deals": []}
    previous = None
    for n in range(1, MAX_HANDS + 1):
        allowed = leaders(options, previous)
        protocol["deals"].append(random_hand(rng, n, options, rng.choice(allowed)))
        scored = score_latin(protocol)
        if scored.finished:
            break
        previous = scored.deals[-1]
    return protocol["deals"]
