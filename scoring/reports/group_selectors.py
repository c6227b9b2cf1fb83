"""Stage 2 in groups («подгруппы»), read from the protocols: the groups of the confirmed finalists, each
group's standings, and who goes on to the bracket (docs/rules.md «Подгруппы и сетка»;
``engine.pairing.groups``).

The group phase is the first ``group_round_count`` rounds of stage 2 (every group's round k in the same
tournament round); the bracket's rounds follow. The functions take the finalists (``Qualification`` rows in
seed order, ``stage_selectors.finalists``) from the caller.

**[толкование]** Group standings: the tournament's tie-breaks over the parties inside the group; entrants
still equal on all of them are ordered by their stage-1 place (their seed), so a group place is never
shared and nobody has to draw lots between the group phase and the bracket. An entrant no longer active
stays last of its group; it goes on only if its group has fewer active entrants than go on, and then loses
its first bracket match without play.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.pairing import rounds_needed
from engine.pairing.groups import bracket_seeding, split_into_groups
from engine.ranking.standings import Row, compute_standings, scoring_from_rules
from tournaments.models import EntrantStatus, FinalKind, Round, RoundStatus

from .selectors import Standings, games_and_round_status, pair_entries, tiebreaks_of


def is_groups(tournament) -> bool:
    return tournament.final_kind == FinalKind.GROUPS


def group_size(tournament) -> int:
    return (tournament.final_size or 0) // (tournament.final_groups or 1)


def group_round_count(tournament) -> int:
    """The rounds of the group phase: a round robin of the group size (one bye a round when it is odd)."""
    size = group_size(tournament)
    return rounds_needed(size) if size >= 2 else 0


def bracket_size(tournament) -> int:
    return (tournament.final_groups or 0) * (tournament.final_group_qualifiers or 0)


def group_round_numbers(tournament) -> list[int]:
    """The tournament round numbers of the group phase paired so far (drafts included), in order."""
    numbers = Round.objects.filter(tournament=tournament, stage=2).order_by("number").values_list("number", flat=True)
    return list(numbers[:group_round_count(tournament)])


def groups_of(tournament, qualified) -> list[list]:
    """The finalists dealt into the groups by the serpentine, each group in seed order."""
    return split_into_groups(list(qualified), tournament.final_groups or 1)


def group_of_pairs(tournament, qualified) -> dict:
    """{pair id: group number 1..G}."""
    return {q.pair_id: g for g, members in enumerate(groups_of(tournament, qualified), start=1) for q in members}


@dataclass
class GroupStanding:
    number: int  # 1..G
    standings: Standings  # its rows in final order, rank 1.. (no shared place)
    qualifiers: int  # how many go on


def stage2_games(tournament):
    """(the group phase's games, the bracket's games, {round: status}) of stage 2's published rounds."""
    games, statuses = games_and_round_status(tournament, stage=2)
    numbers = set(group_round_numbers(tournament))
    return [g for g in games if g.round in numbers], [g for g in games if g.round not in numbers], statuses


def load_groups(tournament, qualified, games=None) -> list[GroupStanding]:
    """Every group's standings after the group rounds played so far (see the module's docstring)."""
    if games is None:
        games = stage2_games(tournament)[0]
    tiebreaks, error = tiebreaks_of(tournament)
    scoring = scoring_from_rules(tournament.rules())
    entries = {e.id: e for e in pair_entries(tournament)}
    seeds = {q.pair_id: q.seed for q in qualified}
    out = []
    for number, members in enumerate(groups_of(tournament, qualified), start=1):
        ids = {q.pair_id for q in members}
        mine = [g for g in games if g.pair_a in ids and (g.pair_b is None or g.pair_b in ids)]
        rows = compute_standings([entries[q.pair_id] for q in members if q.pair_id in entries], mine,
                                 scoring=scoring, tiebreaks=tiebreaks)
        listed = {r.pair.id for r in rows}
        rows += [Row(pair=entries[q.pair_id], status=entries[q.pair_id].status)  # left before its first partie
                 for q in members if q.pair_id not in listed and q.pair_id in entries]
        rows.sort(key=lambda r: (r.rank is None, r.rank or 0, seeds[r.pair.id]))
        for place, row in enumerate(rows, start=1):
            row.rank, row.tied = place, False
        rounds = sorted({g.round for g in mine})
        out.append(GroupStanding(number, Standings(tournament, rows, mine, rounds, None, tiebreaks, error,
                                                   scoring=scoring), tournament.final_group_qualifiers or 0))
    return out


def groups_complete(tournament) -> bool:
    """Every round of the group phase is paired and finished."""
    statuses = list(Round.objects.filter(tournament=tournament, stage=2).order_by("number")
                    .values_list("status", flat=True)[:group_round_count(tournament)])
    return len(statuses) == group_round_count(tournament) and all(s == RoundStatus.FINISHED for s in statuses)


def bracket_entrants(tournament, qualified, groups=None) -> list[tuple[int, int, int]] | None:
    """The bracket's entrants in seed order as (group, place in the group, pair id); None until the group
    phase is over."""
    if not qualified or not groups_complete(tournament):
        return None
    groups = load_groups(tournament, qualified) if groups is None else groups
    orders = [[r.pair.id for r in g.standings.rows] for g in groups]
    return bracket_seeding(orders, tournament.final_group_qualifiers)


def inactive(qualified) -> set:
    return {q.pair_id for q in qualified if q.pair.status != EntrantStatus.ACTIVE}


__all__ = ["GroupStanding", "bracket_entrants", "bracket_size", "group_of_pairs", "group_round_count",
           "group_round_numbers", "group_size", "groups_complete", "groups_of", "inactive", "is_groups",
           "load_groups", "stage2_games"]
