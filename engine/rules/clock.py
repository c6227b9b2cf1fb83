"""The round clock: how much of a partie's time limit is left (docs/rules.md §5.1).

Plain data in, plain data out; times are seconds since the epoch as the server's clock reads them.

* The limit is the rules' ``time_limit_minutes`` where the rules play on time (``time_limit_seconds``):
  ``federation`` always; Kozel, Morskoy and hand points when they set a limit or play a partie for a
  time. ``pusto-shest`` plays a fixed number of deals and has no clock.
* A clock starts when the round starts, or at a table's own start (a partie started late): the time
  before the table's start does not count for it.
* Paused time does not count. A pause is ``(from, to)``; ``to`` is None while the clock stands. Only
  the part of a pause after the clock's start counts: a table that starts during a pause starts
  standing and runs from the resume **[толкование]**.
* ``remaining`` goes below zero once the time is up (the overtime, shown as «время вышло»).
* What the referee is asked at time-up (``time_up_rule``): in ``federation`` the deal in play is
  finished and is the last; if the time ran out during the count or the shuffle, one more deal is
  played (RULES.md §5). In the Kozel family and hand points the deal in play is finished and the
  game in play is decided on its totals (docs/rules-kozel.md §3) **[толкование]**.
"""
from __future__ import annotations

from dataclasses import dataclass

DEAL_OR_ONE_MORE = "deal_or_one_more"   # federation: finish the deal in play, or one more deal
FINISH_DEAL = "finish_deal"             # Kozel family, hand points: finish the deal in play
# How a partie ended by time, as the referee records it under the federation's rule.
TIME_UP_HOW = ("finish_deal", "one_more_deal")


def time_limit_seconds(rules) -> int | None:
    """The partie's time limit in seconds, or None when the rules play without a clock."""
    if rules.preset == "federation" or (rules.family != "sport" and rules.time_limit_minutes):
        return int(rules.time_limit_minutes) * 60 if rules.time_limit_minutes else None
    return None


def time_up_rule(rules) -> str | None:
    """What the time rule says at time-up: ``DEAL_OR_ONE_MORE``, ``FINISH_DEAL`` or None (no limit)."""
    if time_limit_seconds(rules) is None:
        return None
    return DEAL_OR_ONE_MORE if rules.preset == "federation" else FINISH_DEAL


@dataclass(frozen=True)
class Clock:
    start: float                 # the round's start, or the table's own
    limit: float                 # seconds
    pauses: tuple = ()           # ((from, to or None), ...) in order

    @property
    def paused(self) -> bool:
        return bool(self.pauses) and self.pauses[-1][1] is None

    def paused_seconds(self, now: float) -> float:
        """The paused time between the start and ``now`` (the part of each pause inside that span)."""
        total = 0.0
        for begin, end in self.pauses:
            begin = max(begin, self.start)
            end = min(now if end is None else end, now)
            if end > begin:
                total += end - begin
        return total

    def elapsed(self, now: float) -> float:
        """The running time since the start (0 before it)."""
        if now <= self.start:
            return 0.0
        return now - self.start - self.paused_seconds(now)

    def remaining(self, now: float) -> float:
        """Seconds left of the limit at ``now``; negative once the time is up."""
        return self.limit - self.elapsed(now)

    def deadline(self, now: float) -> float | None:
        """When the time is up if nothing changes; None while the clock stands."""
        if self.paused:
            return None
        return max(now, self.start) + self.remaining(now)


def due_warning(remaining: float, warnings) -> int | None:
    """The smallest warning (minutes) that the remaining time has reached, None before the first one
    or once the time is up."""
    if remaining <= 0:
        return None
    reached = [m for m in warnings if remaining <= m * 60]
    return min(reached) if reached else None
