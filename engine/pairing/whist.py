"""Round robin for individual events: whist schedules (no Django here; docs/rules-individual.md, section 3).

``schedule(n)`` is the whole schedule for the positions 1 … n (the draw's number k sits at position k):

* n ≡ 0 (mod 4): n − 1 rounds, nobody sits out; every two players are partners exactly once and opponents
  exactly twice (a whist tournament Wh(n)).
* n ≡ 1 (mod 4): n rounds, in round k position k sits out (each player once); the same property.
* n ≡ 2 (mod 4): n − 1 rounds, two sit out each round: the first n/2 rounds seat out everybody once, the
  other n/2 − 1 rounds everybody again except position n and one other (position 2 when built from a
  cyclic schedule); no partner twice; opponents at most twice — the whist schedule for n − 1 with one
  player more, who takes a seat of a different partner's table each round (whist_data.develop_from_smaller).
* n ≡ 3 (mod 4): n rounds, three sit out each round (each player three times), the sit-outs walking round
  the circle; no partner twice; opponents at most twice, each pair as the shipped data gives (the search
  keeps the most even round it finds; ``properties`` says what it is).

At every round of every schedule the players' sit-out counts differ by at most one, so a tournament that
stops before the end (fewer rounds than the schedule has) still has the sit-outs rotated and no partner
repeated. The schedules are developed from the base rounds of whist_data.json (searched by
scripts/build_whist_schedules.py). They exist for 4 … 64 players (MAX_PLAYERS); above that ``schedule``
refuses with a PairingError: a round robin of 65 players or more would take 64 rounds or more, and such
fields play the Swiss system.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from .base import PairingError
from .individual_base import IndividualRound, Single, Table, opponent_counts, repeated_partners
from .whist_data import MAX_PLAYERS, MIN_PLAYERS, load, raw_schedule

__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "PlayerLine", "player_lines", "properties", "round_robin_round",
           "rounds_needed", "schedule"]


def rounds_needed(n: int) -> int:
    """Rounds of the round-robin schedule for n players: n − 1 for even n, n for odd n."""
    _check_size(n)
    return n - 1 if n % 2 == 0 else n


def _check_size(n) -> None:
    if isinstance(n, bool) or not isinstance(n, int):
        raise PairingError("Число игроков должно быть целым числом.", code="round_robin_size")
    if n < MIN_PLAYERS:
        raise PairingError(
            f"Для круговой системы в личном зачёте нужно не меньше {MIN_PLAYERS} игроков (сейчас {n}).",
            code="too_few_players")
    if n > MAX_PLAYERS:
        raise PairingError(
            f"Расписание круговой системы есть для {MIN_PLAYERS}–{MAX_PLAYERS} игроков; для {n} игроков "
            "выберите швейцарскую систему.", code="round_robin_too_many")
    if n not in load():
        raise PairingError(f"Расписания круговой системы на {n} игроков пока нет: выберите швейцарскую систему.",
                           code="round_robin_missing")


@lru_cache(maxsize=None)
def _raw(n: int) -> tuple:
    return tuple((tuple(tables), tuple(sitting)) for tables, sitting in raw_schedule(n))


def _reason(number: int, n: int) -> str:
    return f"Круговая система: тур {number} расписания на {n} игроков"


def schedule(n: int) -> list[IndividualRound]:
    """The whole round-robin schedule for the positions 1 … n, round 1 first (see the module's text)."""
    _check_size(n)
    rounds = []
    for number, (tables, sitting) in enumerate(_raw(n), 1):
        reason = _reason(number, n)
        rounds.append(IndividualRound(
            tables=[Table(a=(a1, a2), b=(b1, b2), reason=reason) for a1, a2, b1, b2 in tables],
            sitting_out=list(sitting),
            method="round_robin",
        ))
    return rounds


def round_robin_round(players: list[Single], round_number: int) -> IndividualRound:
    """Round ``round_number`` (from 1) of ``schedule(len(players))``, position k → ``players[k − 1].id``.

    The caller passes the players in the order of their player numbers (the draw).
    """
    n = len(players)
    if n < MIN_PLAYERS:
        raise PairingError(
            f"Для круговой системы в личном зачёте нужно не меньше {MIN_PLAYERS} игроков (сейчас {n}).",
            code="too_few_players")
    ids = [p.id for p in players]
    if len(set(ids)) != n:
        raise PairingError("Номера игроков повторяются.", code="duplicate_entrant")
    total = rounds_needed(n)
    if isinstance(round_number, bool) or not isinstance(round_number, int) or not 1 <= round_number <= total:
        raise PairingError(
            f"В расписании круговой системы на {n} игроков {total} туров: тура {round_number} в нём нет.",
            code="round_robin_complete")
    tables, sitting = _raw(n)[round_number - 1]
    reason = _reason(round_number, n)
    return IndividualRound(
        tables=[Table(a=(ids[a1 - 1], ids[a2 - 1]), b=(ids[b1 - 1], ids[b2 - 1]), reason=reason)
                for a1, a2, b1, b2 in tables],
        sitting_out=[ids[p - 1] for p in sitting],
        method="round_robin",
    )


def properties(rounds, n: int) -> dict:
    """What the organizer sees before publishing: the schedule's counts for the players 1 … n.

    ``whist``: every two players partners exactly once and opponents exactly twice, and nobody sits out
    more than once. ``partner_repeats``: partnerships that repeat an earlier one; ``opponents_min`` /
    ``opponents_max``: the fewest / most parties two players play against each other (over all pairs);
    ``never_opponents`` / ``never_partners``: pairs of players never opposed / never partners.
    """
    rounds = list(rounds)
    players = list(range(1, n + 1))
    players += list(dict.fromkeys(p for rnd in rounds for p in rnd.ids() if p not in set(players)))
    partners = Counter(frozenset(side) for rnd in rounds for t in rnd.tables for side in (t.a, t.b))
    opponents = opponent_counts(rounds)
    sat = Counter(p for rnd in rounds for p in rnd.sitting_out)
    pairs = [frozenset(pair) for pair in combinations(players, 2)]
    met = [opponents[pair] for pair in pairs] or [0]
    sit_outs = {p: sat[p] for p in players}
    whist = bool(pairs) and all(partners[p] == 1 and opponents[p] == 2 for p in pairs) \
        and all(count <= 1 for count in sit_outs.values())
    return {
        "players": n,
        "rounds": len(rounds),
        "whist": whist,
        "partner_repeats": repeated_partners(rounds),
        "opponents_min": min(met),
        "opponents_max": max(met),
        "never_opponents": sum(1 for p in pairs if not opponents[p]),
        "never_partners": sum(1 for p in pairs if not partners[p]),
        "sit_outs": sit_outs,
        "sit_outs_max": max(sit_outs.values(), default=0),
    }


@dataclass(frozen=True)
class PlayerLine:
    """One player's part of a schedule (docs/rules-individual.md §3, «Что видит организатор»)."""

    player: int  # his position (the draw's number)
    played: int  # rounds at a table
    sit_outs: int
    partners: int  # different partners
    partner_repeats: int  # parties with a partner he already had
    opponents_min: int  # the fewest parties against one of the other players
    opponents_max: int  # the most
    never_opponents: tuple  # the other players he never plays against, in order


def player_lines(rounds, n: int) -> list[PlayerLine]:
    """``properties`` player by player, for the positions 1 … n: what each one's schedule gives him."""
    rounds = list(rounds)
    opponents = opponent_counts(rounds)
    partners: dict = {}
    played, sat = Counter(), Counter(p for rnd in rounds for p in rnd.sitting_out)
    for rnd in rounds:
        for t in rnd.tables:
            for side in (t.a, t.b):
                for me in side:
                    played[me] += 1
                    partners.setdefault(me, []).extend(p for p in side if p != me)
    lines = []
    for me in range(1, n + 1):
        met = [opponents[frozenset((me, other))] for other in range(1, n + 1) if other != me] or [0]
        mine = partners.get(me, [])
        lines.append(PlayerLine(
            player=me, played=played[me], sit_outs=sat[me], partners=len(set(mine)),
            partner_repeats=len(mine) - len(set(mine)), opponents_min=min(met), opponents_max=max(met),
            never_opponents=tuple(o for o in range(1, n + 1) if o != me and not opponents[frozenset((me, o))]),
        ))
    return lines


def without_withdrawn(result: IndividualRound, inactive: set) -> IndividualRound:
    """A round of the schedule without the players of ``inactive`` (withdrawn): a table that holds one cannot be
    played, so its other players sit the round out (docs/rules-individual.md §3, [толкование])."""
    if not inactive:
        return result
    tables, sitting = [], [p for p in result.sitting_out if p not in inactive]
    for table in result.tables:
        if inactive.intersection(table.players):
            sitting.extend(p for p in table.players if p not in inactive)
        else:
            tables.append(table)
    return IndividualRound(tables, sorted(sitting), result.method)
