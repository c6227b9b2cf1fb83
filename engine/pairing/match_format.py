"""How a knockout match is decided from its parties (docs/rules.md I.9 «Матч из нескольких партий») — plain data.

A match is played in one of three formats (the tournament's setting ``final_match``):

* ``single`` — one partie; its winner takes the match.
* ``best-of-3`` — up to three parties; the first to win two takes the match (a third partie only at 1 : 1).
* ``total-2`` — two parties; the higher total of points over both takes the match. **[толкование]** Equal
  totals: the one who won more of the two parties; still equal (one each, or two drawn parties): a third,
  deciding partie is played and its winner takes the match. A drawn partie counts in the total with its
  points as they stand (the total decides, not the partie).

A partie that is finished with no winner (RULES.md §5 has no drawn parties: the rules play an extra deal; a
protocol corrected by hand may still come so) decides nothing in ``single`` and ``best-of-3``: the match waits
for the extra deal (``EXTRA_DEAL``). A partie not finished yet: the match is ``PLAYING`` — no further partie
of it is paired until it ends. Parties recorded after the match was decided are ``surplus`` (the services
refuse the correction that made them so).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Hashable

SINGLE, BEST_OF_3, TOTAL_2 = "single", "best-of-3", "total-2"
FORMATS = (SINGLE, BEST_OF_3, TOTAL_2)
READY, PLAYING, EXTRA_DEAL, DECIDED = "ready", "playing", "extra_deal", "decided"


@dataclass(frozen=True)
class Outcome:
    """One partie of a match: ``winner`` is an entrant or None (not finished, or drawn); ``points`` the two
    entrants' points ``((entrant, points), (entrant, points))`` for ``total-2``; ``ref`` the caller's id of it."""

    winner: Hashable | None = None
    finished: bool = False
    points: tuple = ()
    ref: Hashable | None = None

    def points_of(self, entrant) -> int:
        return next((p for e, p in self.points if e == entrant), 0)


@dataclass
class Verdict:
    state: str
    winner: Hashable | None = None
    wins: tuple = (0, 0)  # parties won by a and by b
    totals: tuple = (0, 0)  # points of a and of b (total-2)
    counted: int = 0  # the parties that count (the rest, after the decision, are surplus)
    surplus: bool = False
    extra: list = field(default_factory=list)


def decide(games, a, b, fmt: str = SINGLE) -> Verdict:
    """The state of the match of entrants ``a`` and ``b`` after ``games`` (its parties in the order played)."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown match format {fmt!r}")
    wins, totals = [0, 0], [0, 0]
    for i, game in enumerate(games):
        if not game.finished:
            return Verdict(PLAYING, None, tuple(wins), tuple(totals), i)
        if game.winner == a:
            wins[0] += 1
        elif game.winner == b:
            wins[1] += 1
        elif fmt != TOTAL_2 or i >= 2:  # a drawn partie that must have a winner
            return Verdict(EXTRA_DEAL, None, tuple(wins), tuple(totals), i + 1)
        if fmt == TOTAL_2 and i < 2:
            totals[0] += game.points_of(a)
            totals[1] += game.points_of(b)
        winner = _winner(fmt, i + 1, wins, totals, a, b, game)
        if winner is not None:
            return Verdict(DECIDED, winner, tuple(wins), tuple(totals), i + 1, surplus=i + 1 < len(games))
    return Verdict(READY, None, tuple(wins), tuple(totals), len(games))


def _winner(fmt, played, wins, totals, a, b, last):
    if fmt == SINGLE:
        return last.winner
    if fmt == BEST_OF_3:
        return a if wins[0] == 2 else b if wins[1] == 2 else None
    if played < 2:
        return None
    if played == 2:
        if totals[0] != totals[1]:
            return a if totals[0] > totals[1] else b
        if wins[0] != wins[1]:
            return a if wins[0] > wins[1] else b
        return None
    return last.winner  # the deciding third partie


def most_parties(fmt: str) -> int:
    return 1 if fmt == SINGLE else 3


__all__ = ["BEST_OF_3", "DECIDED", "EXTRA_DEAL", "FORMATS", "Outcome", "PLAYING", "READY", "SINGLE", "TOTAL_2",
           "Verdict", "decide", "most_parties"]
