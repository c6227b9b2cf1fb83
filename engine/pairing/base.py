"""Plain data shared by the pairing algorithms (no Django here)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Hashable


class PairingError(Exception):
    """The field cannot be paired as asked (the message is for a person)."""

    def __init__(self, message: str, code: str = "pairing_error"):
        super().__init__(message)
        self.message = message
        self.code = code


@dataclass(frozen=True)
class Entrant:
    """A pair as the pairing algorithms see it.

    ``rank`` is the place in the current standings (0 = top); ``score`` is an
    integer (match points); ``opponents`` holds the ids already met.
    """

    id: Hashable
    score: int = 0
    rank: int = 0
    opponents: frozenset = field(default_factory=frozenset)
    had_bye: bool = False


@dataclass(frozen=True)
class Pairing:
    """One table (``b`` is None for a bye) with the reason a person can read."""

    a: Hashable
    b: Hashable | None
    reason: str
    rematch: bool = False

    @property
    def is_bye(self) -> bool:
        return self.b is None


@dataclass
class PairingResult:
    pairings: list[Pairing]
    method: str = ""

    def ids(self) -> list:
        out = []
        for p in self.pairings:
            out.append(p.a)
            if p.b is not None:
                out.append(p.b)
        return out


def met_map(entrants) -> dict:
    """Symmetric "has met" sets restricted to the entrants given."""
    ids = {e.id for e in entrants}
    if len(ids) != len(entrants):
        raise PairingError("Номера пар повторяются.", code="duplicate_entrant")
    met = {e.id: ids.intersection(e.opponents) for e in entrants}
    for a, opps in met.items():
        for b in opps:
            other = met[b]
            if a not in other:
                other.add(a)
    return met


def points(value: int) -> str:
    """Russian "N очков" with the right ending."""
    n = abs(int(value))
    if n % 10 == 1 and n % 100 != 11:
        word = "очко"
    elif 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        word = "очка"
    else:
        word = "очков"
    return f"{value} {word}"
