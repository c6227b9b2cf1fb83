"""Groups («подгруппы») whose best go to a knockout bracket — plain data, no Django (docs/rules.md «Этапы»,
«Подгруппы и сетка»).

Seeding into groups. The G·S finalists of stage 1, seed 1 first, are dealt into G groups of S by the
serpentine («змейка»): seeds 1..G go to groups 1..G, seeds G+1..2G back from group G to group 1, and so on
**[толкование]**. So every group holds one of each «row» of seeds, and the sums of the seeds are as equal
as they can be. Inside a group the entrants keep that order (position 1 = the best seed) for the round-robin
tables.

The bracket from the groups. The best Q of each group go on: G·Q entrants, byes for the top seeds when that
is not a power of two (``bracket.build_bracket``). Bracket seeds are given by tiers **[толкование]**: the
group winners first (seeds 1..G in group order), then the runners-up (seeds G+1..2G), then the thirds… so a
winner meets in its first match an entrant placed lower in another group. Inside a tier after the first,
each seed in turn takes the group whose entrants already placed it would meet latest (the round two lines
of the bracket meet in is fixed by their positions); equal, the lower group number. Two of the same group
therefore meet as late as the bracket allows: for Q = 2 and G a power of two only in the final.

Worked example, 4 groups × 4 → 8: seeds 1–4 are the winners of groups 1–4 (1¹ 2¹ 3¹ 4¹); the bracket lines
of 8 are seeds 1–8, 4–5, 2–7, 3–6. Seed 5 faces 4¹ and sits in the half of 1¹: group 2's or 3's runner-up
meets its winner only in the final, group 2 is the lower → 5 = 2². Seed 6 faces 3¹ in the half of 2¹: group
1 or 4 → 6 = 1². Seed 7 faces 2¹ in the half of 3¹: group 4 → 7 = 4². Seed 8 = 3². Round 1: 1¹–3², 4¹–2²,
2¹–4², 3¹–1²; the two of a group can meet only in the final.
"""
from __future__ import annotations

from typing import Hashable, Sequence

from .base import PairingError
from .bracket import bracket_slots, seed_order

MAX_GROUPS = 16


def serpentine(count: int, groups: int) -> list[int]:
    """The group (1..groups) of each seed 1..count, in seed order."""
    if groups < 1 or count % groups:
        raise PairingError("Участники делятся на подгруппы поровну.", code="groups_uneven")
    out = []
    for i in range(count):
        row, col = divmod(i, groups)
        out.append(col + 1 if row % 2 == 0 else groups - col)
    return out


def split_into_groups(entrants: Sequence[Hashable], groups: int) -> list[list[Hashable]]:
    """``entrants`` in seed order → the groups, each in seed order (see the module's docstring)."""
    out: list[list] = [[] for _ in range(groups)]
    for entrant, group in zip(entrants, serpentine(len(entrants), groups)):
        out[group - 1].append(entrant)
    return out


def meeting_round(p: int, q: int) -> int:
    """The bracket round in which lines ``p`` and ``q`` (0-based positions) can first meet."""
    return (p ^ q).bit_length()


def bracket_seeding(group_orders: Sequence[Sequence[Hashable]], qualifiers: int) -> list[tuple[int, int, Hashable]]:
    """The bracket's entrants in seed order as (group 1.., place in the group 1.., entrant).

    ``group_orders``: each group's final order (best first); its first ``qualifiers`` go on.
    """
    groups = len(group_orders)
    if groups < 1 or qualifiers < 1 or any(len(g) < qualifiers for g in group_orders):
        raise PairingError("Из каждой подгруппы выходит не больше участников, чем в ней играет.",
                           code="groups_qualifiers")
    size = groups * qualifiers
    slots = bracket_slots(size)
    position = {seed: i for i, seed in enumerate(seed_order(slots))}
    placed: dict[int, list[int]] = {g: [] for g in range(groups)}  # group -> positions of its entrants
    seeds: list[tuple[int, int, Hashable]] = []
    for tier in range(qualifiers):
        left = list(range(groups))
        for k in range(groups):
            seed = tier * groups + k + 1
            pos = position[seed]
            if tier == 0:
                group = k
            else:  # every group has placed its winner in tier 0, so no group's list is empty here
                group = max(left, key=lambda g: (min(meeting_round(pos, p) for p in placed[g]), -g))
            left.remove(group)
            placed[group].append(pos)
            seeds.append((group + 1, tier + 1, group_orders[group][tier]))
    return seeds


__all__ = ["MAX_GROUPS", "bracket_seeding", "meeting_round", "serpentine", "split_into_groups"]
