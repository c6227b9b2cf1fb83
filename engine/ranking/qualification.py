"""Who goes to stage 2: the best N of stage 1's final standings — pure Python, no Django.

Read from the ranked rows of ``standings.compute_standings`` (or the individual event's), in their order:

* only an entrant active after stage 1 qualifies (withdrawn and disqualified rows come after the active ones
  and have no place; they are skipped, the next active entrant moves up);
* seed k = the k-th active row; each row carries the criterion that put it above the row below it (the first
  of the tournament's tie-breaks on which the two differ) — what the organizer sees before confirming;
* **[толкование]** entrants still equal on every criterion share a place. When such a group straddles the
  cut (some of it inside the best N, some outside), the standings cannot say who goes: the organizer gives
  the order of the whole group (``tie_order``: their numbers, after the lot or the play-off the regulations
  name), and that order is recorded. A group wholly inside the best N is seeded as printed (by number).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .tiebreaks import SIMPLE_KEYS

ACTIVE = "active"


@dataclass(frozen=True)
class Place:
    row: object  # standings.Row
    seed: int | None  # 1..N for a finalist, else None
    decided_by: str  # the criterion that put it above the next active row ("" when equal on all of them)
    tied: bool = False


@dataclass
class Qualifiers:
    places: list[Place]
    size: int
    tied_at_cut: list = field(default_factory=list)  # numbers of the group that straddles the cut, when unresolved

    @property
    def finalists(self) -> list:
        return [p for p in sorted((p for p in self.places if p.seed), key=lambda p: p.seed)]

    @property
    def resolved(self) -> bool:
        return not self.tied_at_cut


class QualificationError(ValueError):
    def __init__(self, message: str, code: str):
        super().__init__(message)
        self.message = message
        self.code = code


def separating(upper, lower, tiebreaks) -> str:
    """The first criterion on which ``upper`` and ``lower`` differ ("" when on none)."""
    for name in tiebreaks:
        if name == "head_to_head":
            a, b = getattr(upper, "head_to_head", None), getattr(lower, "head_to_head", None)
            if a is not None and b is not None and a != b:
                return name
            continue
        key = SIMPLE_KEYS.get(name)
        if key is not None and key(upper) != key(lower):
            return name
    return ""


def qualify(rows, tiebreaks, size: int, tie_order=None, separate=separating) -> Qualifiers:
    """The best ``size`` active rows as finalists (see the module's docstring).

    ``separate(upper, lower, tiebreaks)``: the criterion between two rows (a team event passes its own).

    ``tie_order``: the numbers of a group tied across the cut, best first; refused unless it names exactly
    that group.
    """
    active = [r for r in rows if r.status == ACTIVE and r.rank is not None]
    if size < 2:
        raise QualificationError("Во второй этап выходят хотя бы два участника.", "final_too_small")
    if len(active) < size:
        raise QualificationError(
            f"Во второй этап выходят {size}, а в первом этапе играют до конца только {len(active)}.",
            "final_too_large")
    groups: list[list] = []
    for row in active:
        if groups and groups[-1][0].rank == row.rank:
            groups[-1].append(row)
        else:
            groups.append([row])
    ordered, start, tied_at_cut = [], 0, []
    for group in groups:
        end = start + len(group)
        if start < size < end:
            numbers = [r.pair.number for r in group]
            if tie_order is None:
                tied_at_cut = numbers
            else:
                given = [int(n) for n in tie_order]
                if sorted(given) != sorted(numbers):
                    raise QualificationError(
                        "Порядок равных нужно указать для всех и только для них: "
                        + ", ".join(f"№{n}" for n in sorted(numbers)) + ".", "tie_order_mismatch")
                by_number = {r.pair.number: r for r in group}
                group = [by_number[n] for n in given]
        ordered.extend(group)
        start = end
    places = []
    for i, row in enumerate(ordered):
        below = ordered[i + 1] if i + 1 < len(ordered) else None
        decided = separate(row, below, tiebreaks) if below is not None else ""
        seed = i + 1 if i < size and not tied_at_cut else None
        places.append(Place(row, seed, decided, tied=row.tied))
    return Qualifiers(places, size, tied_at_cut)


def finalist_ids(rows, tiebreaks, size: int, tie_order=None) -> list | None:
    """The entrant ids of the finalists in seed order (None while a tie at the cut is unresolved)."""
    result = qualify(rows, tiebreaks, size, tie_order)
    if not result.resolved:
        return None
    return [p.row.pair.id for p in result.finalists]


__all__ = ["Place", "Qualifiers", "QualificationError", "qualify", "finalist_ids", "separating"]
