"""The rating's rules: Elo for two-player sides (docs/rules.md, «Рейтинг»). Plain data in, plain data out.

The order of application, for one partie:

1. Each player has a state: his rating and how many rated parties he played before. A player without one
   starts at ``start`` (the rating given at his registration, else ``Config.start``) with 0 parties.
2. A side's rating is the mean of its two players' ratings (not rounded).
3. The expected score of side A is ``1 / (1 + 10 ** ((R_B − R_A) / 400))``; of side B, ``1 − E_A``.
4. The result of side A is 1 (A won), ½ (a draw) or 0 (A lost); of side B, ``1 − S_A``.
5. Each player's change is ``K × (S − E)`` of his side, with his own ``K`` (``k_factor`` of the parties he played
   before this one), rounded to hundredths, half away from zero. **[толкование]** With different K the sum of
   the changes is not zero, as in every Elo with a K that decreases with experience.
6. His parties count grows by one.

Parties are applied one after another in a fixed order (the caller's: tournament date, tournament, round,
table); the players of one round sit at different tables, so the order of the tables within a round changes
nothing. Which parties count at all is the caller's choice (``registry.rating``); this module only rates.
"""
from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

HUNDREDTH = Decimal("0.01")
DRAW = Decimal("0.5")


@dataclass(frozen=True)
class Config:
    start: Decimal = Decimal(1500)
    # (parties played before, below which this K applies) ... and the K of everyone above the last step
    k_steps: tuple = ((30, 40), (200, 20))
    k_last: int = 10
    provisional_below: int = 20


@dataclass(frozen=True)
class State:
    rating: Decimal
    parties: int


@dataclass(frozen=True)
class Game:
    """One rated partie: the players of each side (one or two ids each) and side A's result (1, ½ or 0)."""

    key: object
    side_a: tuple
    side_b: tuple
    score_a: Decimal
    starts: dict  # player id -> the starting rating of a player without a state (None: Config.start)


@dataclass(frozen=True)
class Change:
    key: object
    player: object
    side: str
    before: Decimal
    after: Decimal
    delta: Decimal
    expected: float
    score: Decimal
    k: int
    parties: int  # after this partie


def k_factor(parties_before: int, config: Config = Config()) -> int:
    for below, k in config.k_steps:
        if parties_before < below:
            return k
    return config.k_last


def expected(side_rating: Decimal, other_rating: Decimal) -> float:
    return 1.0 / (1.0 + 10.0 ** (float(other_rating - side_rating) / 400.0))


def side_rating(states) -> Decimal:
    return sum((s.rating for s in states), Decimal(0)) / len(states)


def rounded(value: float) -> Decimal:
    return Decimal(repr(value)).quantize(HUNDREDTH, rounding=ROUND_HALF_UP)


def result_score(winner: str | None) -> Decimal:
    """Side A's result from the partie's winner ("A", "B", or None: a draw)."""
    return Decimal(1) if winner == "A" else Decimal(0) if winner == "B" else DRAW


def state_of(states: dict, player, start, config: Config) -> State:
    if player in states:
        return states[player]
    return State(Decimal(start) if start is not None else config.start, 0)


def rate(states: dict, game: Game, config: Config = Config()) -> list[Change]:
    """The changes of one partie; ``states`` (player id -> State) is updated in place."""
    if set(game.side_a) & set(game.side_b) or not game.side_a or not game.side_b:
        raise ValueError("a partie needs two sides of different players")
    if game.score_a not in (Decimal(0), DRAW, Decimal(1)):
        raise ValueError("a result is 1, 1/2 or 0")
    now = {p: state_of(states, p, game.starts.get(p), config) for p in (*game.side_a, *game.side_b)}
    rating_a = side_rating([now[p] for p in game.side_a])
    rating_b = side_rating([now[p] for p in game.side_b])
    e_a = expected(rating_a, rating_b)
    changes = []
    for side, players, e, s in (("A", game.side_a, e_a, game.score_a),
                                ("B", game.side_b, 1.0 - e_a, Decimal(1) - game.score_a)):
        for player in players:
            state = now[player]
            k = k_factor(state.parties, config)
            delta = rounded(k * (float(s) - e))
            after = State(state.rating + delta, state.parties + 1)
            states[player] = after
            changes.append(Change(game.key, player, side, state.rating, after.rating, delta, e, s, k,
                                  after.parties))
    return changes


def replay(states: dict, games, config: Config = Config()) -> list[Change]:
    """Every game in order from ``states``; returns all the changes (``states`` ends as the final states)."""
    changes = []
    for game in games:
        changes.extend(rate(states, game, config))
    return changes


def provisional(parties: int, config: Config = Config()) -> bool:
    return parties < config.provisional_below
