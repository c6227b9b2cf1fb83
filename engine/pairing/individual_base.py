"""Plain data of individual events: players seated four to a table, partners opposite (no Django here).

In an individual event («личный зачёт») every round seats the players at tables of four: A1 and A2 are
partners against B1 and B2 (``docs/rules-individual.md``). A player as the pairing algorithms see him is a
``Single``; one table of a round is a ``Table``; a whole round is an ``IndividualRound``: its tables and the
players sitting out (``sitting_out``, who get the tournament's bye result).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Hashable


@dataclass(frozen=True)
class Single:
    """A player of an individual event before a round.

    ``rank`` is the place in the current standings (0 = top); ``score`` his match points as an integer;
    ``partners`` the ids he has partnered; ``opponents`` how many parties he has played against each id;
    ``sat_out`` how many rounds he has sat out.
    """

    id: Hashable
    score: int = 0
    rank: int = 0
    partners: frozenset = field(default_factory=frozenset)
    opponents: tuple = ()  # ((id, times), …): hashable, so that a Single stays frozen
    sat_out: int = 0

    def met(self) -> Counter:
        return Counter(dict(self.opponents))


@dataclass(frozen=True)
class Table:
    """One table: ``a`` = (A1, A2) partners against ``b`` = (B1, B2), with the reason a person can read."""

    a: tuple
    b: tuple
    reason: str = ""

    @property
    def players(self) -> tuple:
        return (*self.a, *self.b)


@dataclass
class IndividualRound:
    tables: list[Table]
    sitting_out: list = field(default_factory=list)
    method: str = ""
    reasons: dict = field(default_factory=dict)  # sitting-out player -> why he sits out (Russian)

    def ids(self) -> list:
        return [p for t in self.tables for p in t.players] + list(self.sitting_out)


def repeated_partners(rounds) -> int:
    """How many partnerships repeat one already made in ``rounds`` (each repetition counts once)."""
    seen, repeats = set(), 0
    for rnd in rounds:
        for t in rnd.tables:
            for side in (t.a, t.b):
                key = frozenset(side)
                repeats += key in seen
                seen.add(key)
    return repeats


def opponent_counts(rounds) -> Counter:
    """{frozenset({x, y}): parties in which x and y sat on opposite sides}."""
    counts = Counter()
    for rnd in rounds:
        for t in rnd.tables:
            for x in t.a:
                for y in t.b:
                    counts[frozenset((x, y))] += 1
    return counts
