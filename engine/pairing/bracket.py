"""A knockout bracket («олимпийская система») of the best N of a qualifier — plain data, no Django.

Seeding. The N finalists are seeded 1..N by their place in stage 1. The bracket has ``slots`` lines, the
smallest power of two ≥ N, in the standard order: ``order(1) = [1]``, and ``order(2m)`` puts after every seed
``s`` of ``order(m)`` its partner ``2m + 1 − s`` (8 lines: 1–8, 4–5, 2–7, 3–6). So seeds 1 and 2 can meet
only in the final, 1–4 only from the semi-finals on, and the seed of every first-round partner sums to
``slots + 1``. A seed above N does not exist: its partner, one of the top ``slots − N`` seeds, has a **bye**
(passes to round 2 without a partie). At most one bye per first-round match, never two.

Rounds. Round 1 holds ``slots / 2`` matches (byes included); the winner of match ``i`` of round ``r`` goes
to match ``i // 2`` of round ``r + 1``, side A when ``i`` is even. A match is one partie, or best of 3, or a
total over 2 parties (``match_format``: how its parties decide it). Two entrants meet at most once in a
bracket, so a partie belongs to the match of its two entrants, whatever tournament round it was played in;
a bracket round with matches of several parties spans several tournament rounds, each pairing the next
partie of every match still undecided. The optional
**third-place match** is played by the semi-finals' losers beside the final (so it needs N ≥ 4: with three,
one semi-final is a bye).

A drawn partie. RULES.md §5: «no drawn parties: when the totals are equal, extra deals are played (lead
rotation continues) until one pair is ahead». A knockout match must have a winner, so the stage needs rules
with that option on (``extra_deal_on_tie``, in the Kozel family ``extra_game_on_tie``); the services refuse a
knockout stage otherwise. **[толкование]** Should a partie still come finished without a winner (a protocol
corrected by hand), the match is ``extra_deal``: nobody advances and the next round is not paired until the
protocol holds the extra deal that decides it.

Placing. Winner 1st, the final's loser 2nd; the semi-finals' losers 3rd and 4th by the third-place match, or
without it by their seed (stage 1's order) **[толкование]**; the losers of each earlier round take the next
places by seed. While the bracket is played, an entrant still in it stands by the round it has reached.

A walkover. An entrant that left the tournament (``out``: withdrawn or removed) while its match was still
undecided loses that match without play (``WALKOVER``): the opponent advances; the parties it already won
count for nothing **[толкование]**. A match decided before it left stands. Both sides out: the better seed
advances on paper and loses its next match the same way.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Hashable

from .base import PairingError
from .match_format import DECIDED, EXTRA_DEAL, PLAYING, READY, SINGLE, Outcome, decide

BYE, WAITING, WALKOVER = "bye", "waiting", "walkover"
SETTLED = (DECIDED, WALKOVER)
MIN_SIZE, MAX_SIZE = 2, 64


@dataclass(frozen=True)
class Slot:
    seed: int
    entrant: Hashable


@dataclass
class Match:
    round: int  # 1 = the first round; the third-place match has the final's round
    index: int  # 0-based within its round
    a: Slot | None = None
    b: Slot | None = None
    third_place: bool = False
    state: str = WAITING
    winner: Slot | None = None
    games: list = field(default_factory=list)  # its parties (Outcome), in the order played
    wins: tuple = (0, 0)  # parties won by a and by b
    totals: tuple = (0, 0)  # points of a and b over the two parties (a total over 2)
    surplus: bool = False  # parties recorded after the match was decided

    @property
    def decided(self) -> bool:
        return self.state in SETTLED

    @property
    def loser(self) -> Slot | None:
        if not self.decided or self.a is None or self.b is None:
            return None
        return self.b if self.winner == self.a else self.a

    @property
    def is_bye(self) -> bool:
        return self.state == BYE


@dataclass
class Bracket:
    size: int
    slots: int
    rounds: list[list[Match]]
    third_place: Match | None = None
    seeds: dict = field(default_factory=dict)  # entrant -> seed
    match_format: str = SINGLE

    @property
    def round_count(self) -> int:
        return len(self.rounds)

    @property
    def final(self) -> Match:
        return self.rounds[-1][0]

    @property
    def complete(self) -> bool:
        return self.final.decided and (self.third_place is None or self.third_place.decided)

    def matches_of(self, round_number: int) -> list[Match]:
        """The matches of a round as played: its bracket matches, then the third-place match of the final round."""
        matches = list(self.rounds[round_number - 1])
        if round_number == self.round_count and self.third_place is not None:
            matches.append(self.third_place)
        return matches

    def next_round(self) -> int | None:
        """The first round with a match still to be played (None: the bracket is complete)."""
        for number in range(1, self.round_count + 1):
            if any(not m.decided and m.state != BYE for m in self.matches_of(number)):
                return number
        return None


def bracket_slots(size: int) -> int:
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise PairingError(f"В сетке от {MIN_SIZE} до {MAX_SIZE} участников, а не {size}.", code="bracket_size")
    slots = 2  # the smallest bracket: MIN_SIZE entrants
    while slots < size:
        slots *= 2
    return slots


def seed_order(slots: int) -> list[int]:
    """The seeds 1..slots in bracket order (``slots`` a power of two)."""
    if slots < 1 or slots & (slots - 1):
        raise ValueError("slots must be a power of two")
    order = [1]
    while len(order) < slots:
        m = 2 * len(order)
        order = [x for s in order for x in (s, m + 1 - s)]
    return order


def rounds_of(size: int) -> int:
    """How many rounds a bracket of ``size`` entrants plays (the third-place match is in the final's)."""
    return bracket_slots(size).bit_length() - 1


def _settle(match: Match, outcomes: dict, fmt: str, out) -> None:
    if match.a is None or match.b is None:
        return
    match.games = list(outcomes.get(frozenset((match.a.entrant, match.b.entrant)), ()))
    verdict = decide(match.games, match.a.entrant, match.b.entrant, fmt)
    match.wins, match.totals, match.surplus = verdict.wins, verdict.totals, verdict.surplus
    if verdict.state == DECIDED:
        match.state = DECIDED
        match.winner = match.a if verdict.winner == match.a.entrant else match.b
    elif match.a.entrant in out or match.b.entrant in out:
        match.state = WALKOVER
        a_out = match.a.entrant in out
        match.winner = match.b if a_out and (match.b.entrant not in out or match.b.seed < match.a.seed) else match.a
    else:
        match.state = verdict.state


def _normalized(outcomes) -> dict:
    """{frozenset of two entrants: [Outcome, …]}; a key may also be (round, frozenset), a value one Outcome."""
    normal: dict = {}
    for key, value in (outcomes or {}).items():
        pair = key[1] if isinstance(key, tuple) else key
        normal.setdefault(pair, []).extend(value if isinstance(value, (list, tuple)) else [value])
    return normal


def build_bracket(entrants, outcomes=None, *, third_place: bool = False, match_format: str = SINGLE,
                  out=()) -> Bracket:
    """The bracket of ``entrants`` (seed order: entrants[0] is seed 1) with the results known so far.

    ``outcomes``: {frozenset({entrant, entrant}): [Outcome, …]} of the parties played, in order (see
    ``_normalized`` for the older shape); ``out``: the entrants that left the tournament (walkovers).
    """
    entrants = list(entrants)
    if len(set(entrants)) != len(entrants):
        raise PairingError("Участник сетки повторяется.", code="duplicate_entrant")
    slots = bracket_slots(len(entrants))
    if third_place and len(entrants) < 4:
        raise PairingError("Матч за третье место нужен сетке хотя бы из четырёх участников.", code="no_third_place")
    outcomes, out = _normalized(outcomes), frozenset(out)
    seeds = {e: i + 1 for i, e in enumerate(entrants)}
    lines = [Slot(s, entrants[s - 1]) if s <= len(entrants) else None for s in seed_order(slots)]
    first = []
    for i in range(slots // 2):
        a, b = lines[2 * i], lines[2 * i + 1]
        match = Match(1, i, a, b)
        if b is None:
            match.state, match.winner = BYE, a
        _settle(match, outcomes, match_format, out)
        first.append(match)
    rounds = [first]
    while len(rounds[-1]) > 1:
        previous, number = rounds[-1], len(rounds) + 1
        current = []
        for i in range(len(previous) // 2):
            x, y = previous[2 * i], previous[2 * i + 1]
            match = Match(number, i, x.winner, y.winner)
            _settle(match, outcomes, match_format, out)
            current.append(match)
        rounds.append(current)
    third = None
    if third_place:
        semis = rounds[-2]
        third = Match(len(rounds), 1, semis[0].loser, semis[1].loser, third_place=True)
        _settle(third, outcomes, match_format, out)
    return Bracket(len(entrants), slots, rounds, third, seeds, match_format)


def placing(bracket: Bracket) -> list[tuple[int, Hashable]]:
    """(place, entrant) for every entrant, best first (see the module's docstring); places 1..N, none shared."""
    reached = {}  # entrant -> (the last round it plays or has reached, a tie-break within that round)
    for number, matches in enumerate(bracket.rounds, start=1):
        for match in matches:
            for slot in (match.a, match.b):
                if slot is not None:
                    reached[slot.entrant] = (number, 0)
    final = bracket.final
    if final.decided:
        reached[final.winner.entrant] = (bracket.round_count + 1, 0)
    third = bracket.third_place
    if third is not None and third.decided:
        reached[third.loser.entrant] = (bracket.round_count - 1, -1)
    order = sorted(reached, key=lambda e: (-reached[e][0], -reached[e][1], bracket.seeds[e]))
    return [(place, entrant) for place, entrant in enumerate(order, start=1)]


def next_pairings(bracket: Bracket) -> tuple[int, list[Match]]:
    """The bracket round to play now and its matches that need their next partie (byes and decided excluded).

    Refused while a match of that round has a partie still in play, or a drawn partie waiting for its extra
    deal: the next partie of a match is paired only when the last one is over. No match of that round waits
    for an earlier one: a match waits only for an undecided match that feeds it (a bye and a walkover have a
    winner), which lies in an earlier round, and ``next_round`` is the first round with an undecided match;
    the third-place match waits only for the semi-finals, a round before the final's.
    """
    number = bracket.next_round()
    if number is None:
        raise PairingError("Сетка сыграна до конца: все матчи решены.", code="bracket_complete")
    matches = bracket.matches_of(number)
    if any(m.state == EXTRA_DEAL for m in matches):
        raise PairingError("Партия матча сетки закончилась вничью: нужна дополнительная раздача.",
                           code="extra_deal_needed")
    if any(m.state == PLAYING for m in matches):
        raise PairingError("Партии матчей сетки ещё играются.", code="bracket_waiting")
    return number, [m for m in matches if m.state == READY]


__all__ = ["Bracket", "Match", "Outcome", "Slot", "build_bracket", "bracket_slots", "next_pairings", "placing",
           "rounds_of", "seed_order", "BYE", "WAITING", "READY", "PLAYING", "EXTRA_DEAL", "DECIDED", "WALKOVER",
           "SETTLED"]
