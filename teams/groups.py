"""Stage 2 of a team event in groups («подгруппы») whose best go to a bracket of team matches (docs/rules.md
I.9.5): the groups of the confirmed teams, each group's team standings, and who goes on to the bracket.

The pair event's counterpart is ``scoring.reports.group_selectors``; the group phase is the same, read by team:
the first ``group_round_count`` rounds of stage 2 (every group's round k in one tournament round), the
teams dealt into the groups by the serpentine (``engine.pairing.groups``), the bracket seeded by tiers
from the group places. The functions take the confirmed teams (``TeamQualification`` rows in seed order) and
the teams out (``finals.teams_out``) from the caller.

**[толкование]** A group's standings are the team standings (``rules.team_standings``) over the matches inside
the group, by the event's criteria with the team number left out: teams still equal on all of them are
ordered by their stage-1 place (their seed), so a group place is never shared. A team out (a pair of it
withdrawn) stays last of its group.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.pairing.groups import bracket_seeding, split_into_groups
from scoring.reports.group_selectors import group_round_count, group_round_numbers, groups_complete

from .rules import TeamEntry, team_standings
from .standings import event_of, load_matches, order_of, points_of


@dataclass
class TeamGroup:
    number: int  # 1..G
    rows: list  # rules.TeamRow in final order, rank 1.. (no shared place)
    qualifiers: int  # how many go on
    played: int  # the group rounds with a match counted
    of: int  # the rounds of the group phase


def team_groups_of(tournament, qualified) -> list[list]:
    """The confirmed teams dealt into the groups by the serpentine, each group in seed order."""
    return split_into_groups(list(qualified), tournament.final_groups or 1)


def split_stage2(tournament, loaded=None) -> tuple[list, list]:
    """Stage 2's [(TeamMatch, rules.Match)]: (the group phase's, the bracket's)."""
    if loaded is None:
        loaded = [(row, m) for row, m in load_matches(tournament) if row.round.stage == 2]
    numbers = set(group_round_numbers(tournament))
    return ([(row, m) for row, m in loaded if row.round.number in numbers],
            [(row, m) for row, m in loaded if row.round.number not in numbers])


def load_team_groups(tournament, qualified, out: set, group_matches=None) -> list[TeamGroup]:
    """Every group's standings after the group rounds played so far (see the module's docstring)."""
    if group_matches is None:
        group_matches = split_stage2(tournament)[0]
    event = event_of(tournament)
    order = tuple(k for k in order_of(event)[0] if k != "team_number")
    seeds = {q.team_id: q.seed for q in qualified}
    groups = []
    for number, members in enumerate(team_groups_of(tournament, qualified), start=1):
        ids = {q.team_id for q in members}
        mine = [m for _row, m in group_matches if m.team_a in ids and (m.team_b is None or m.team_b in ids)]
        rows = team_standings([TeamEntry(q.team.id, q.team.number, q.team.name) for q in members], mine,
                              points_of(event), order)
        rows.sort(key=lambda r: (r.team.id in out, r.rank, seeds[r.team.id]))
        for place, row in enumerate(rows, start=1):
            row.rank = place
        groups.append(TeamGroup(number, rows, tournament.final_group_qualifiers or 0, len({m.round for m in mine}),
                                group_round_count(tournament)))
    return groups


def team_bracket_entrants(tournament, qualified, out: set, groups=None) -> list[tuple[int, int, int]] | None:
    """The bracket's teams in seed order as (group, place in the group, team id); None until the group phase
    is over."""
    if not qualified or not groups_complete(tournament):
        return None
    groups = load_team_groups(tournament, qualified, out) if groups is None else groups
    return bracket_seeding([[r.team.id for r in g.rows] for g in groups], tournament.final_group_qualifiers)


def groups_order(bracket_order: list[int], groups: list[TeamGroup], qualified) -> list[int]:
    """Stage 2's teams in their final order: the bracket's placing, then the rest of the groups by their place
    in the group, equal places by seed **[толкование]** (as a pair event's groups)."""
    seed_of = {q.team_id: q.seed for q in qualified}
    rest = sorted((r.rank, seed_of[r.team.id], r.team.id) for g in groups for r in g.rows
                  if r.team.id not in bracket_order)
    return bracket_order + [tid for _rank, _seed, tid in rest]


__all__ = ["TeamGroup", "groups_order", "load_team_groups", "split_stage2", "team_bracket_entrants",
           "team_groups_of"]
