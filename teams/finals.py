"""Stage 2 of a team event, read from the protocols (docs/rules.md I.9.5): stage 1's team standings and its
best N teams, the confirmed teams, the knockout bracket of teams, the final round robin's team table and the
final standings of the event.

The entrants are teams (``Team`` ids; their numbers in what is printed); a bracket "partie" is a whole team
match, decided by ``rules.knockout_winner``. Here, beside ``teams.standings``, because the protocol writes ask
it whether a late correction of stage 1 would change who qualified, and the organizer's services pair stage 2
from it.
"""
from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace

from engine.pairing.bracket import Bracket, build_bracket, placing
from engine.pairing.match_format import SINGLE, Outcome
from engine.ranking.qualification import Qualifiers, qualify
from tournaments.models import EntrantStatus, FinalKind, RoundStatus

from .groups import groups_order, load_team_groups, split_stage2, team_bracket_entrants
from .models import Team, TeamMatch, TeamPair, TeamQualification
from .rules import TeamEntry, knockout_decider, knockout_winner, match_result, separating, team_standings
from .standings import event_of, load_matches, load_team_standings, order_of, points_of

ACTIVE, OUT = "active", "withdrawn"


def is_team_event(tournament) -> bool:
    return tournament.format_spec.has_teams


def teams_out(tournament) -> set[int]:
    """The teams that can no longer field their K pairs: a pair of theirs withdrawn or removed **[толкование]**."""
    return set(TeamPair.objects.filter(team__tournament=tournament).exclude(pair__status=EntrantStatus.ACTIVE)
               .values_list("team_id", flat=True))


def active_team_count(tournament) -> int:
    return Team.objects.filter(tournament=tournament).exclude(pk__in=teams_out(tournament)).count()


def team_finalists(tournament) -> list[TeamQualification]:
    """The confirmed teams of stage 2, seed 1 first (one query)."""
    return list(TeamQualification.objects.filter(tournament=tournament).select_related("team").order_by("seed"))


@dataclass
class QualRow:
    """A team's stage-1 row as ``engine.ranking.qualification`` reads a row (``pair`` is the team)."""

    row: object  # rules.TeamRow
    pair: SimpleNamespace  # id, number, label: the team's
    status: str
    rank: int | None
    tied: bool = False

    @property
    def match_points(self):
        return self.row.match_points

    @property
    def difference(self):
        return self.row.difference


def stage1_team_standings(tournament):
    return load_team_standings(tournament, after_round=tournament.rounds_planned)


def qualification_rows(tournament, data=None) -> list[QualRow]:
    """Stage 1's team rows in order, the active teams first (a team out has no place)."""
    data = data or stage1_team_standings(tournament)
    out = teams_out(tournament)
    active = [r for r in data.rows if r.team.id not in out]
    ranks = [r.rank for r in active]
    rows = [QualRow(r, SimpleNamespace(id=r.team.id, number=r.team.number, label=r.team.name), ACTIVE, r.rank,
                    ranks.count(r.rank) > 1) for r in active]
    rows += [QualRow(r, SimpleNamespace(id=r.team.id, number=r.team.number, label=r.team.name), OUT, None)
             for r in data.rows if r.team.id in out]
    return rows


def preview_team_qualification(tournament, tie_order=None, data=None) -> Qualifiers:
    """Stage 1's best ``final_size`` teams as the standings stand now (raises ``QualificationError``)."""
    data = data or stage1_team_standings(tournament)
    return qualify(qualification_rows(tournament, data), data.order, tournament.final_size or 0, tie_order,
                   separate=lambda upper, lower, order: separating(upper.row, lower.row, order))


def stage2_matches(tournament) -> list:
    """[(TeamMatch, rules.Match)] of stage 2's published rounds."""
    return [(row, m) for row, m in load_matches(tournament) if row.round.stage == 2]


def team_outcomes(tournament, loaded=None) -> dict:
    """{frozenset of two team ids: [Outcome]}: each team match of stage 2 is one "partie" of the bracket, its
    winner by ``knockout_winner``, its points the teams' table points."""
    points = points_of(event_of(tournament))
    outcomes: dict = {}
    for row, m in stage2_matches(tournament) if loaded is None else loaded:
        if m.team_b is None:
            continue
        result = match_result(m, points)
        side = knockout_winner(m, points) if result.complete else None
        winner = {"A": m.team_a, "B": m.team_b}.get(side)
        outcome = Outcome(winner, result.complete, ((m.team_a, result.table_points_a),
                                                    (m.team_b, result.table_points_b)), row.pk)
        outcomes.setdefault(frozenset((m.team_a, m.team_b)), []).append(outcome)
    return outcomes


def team_deciders(tournament, loaded=None) -> dict:
    """{TeamMatch id: (what decided it, the board, the winner's tables won, the loser's, the winner's point
    difference)} of stage 2's decided matches with an opponent (``rules.knockout_decider``): what the bracket
    shows under a match won on equal table points. ``loaded``: ``stage2_matches``, when the caller has them."""
    points = points_of(event_of(tournament))
    out = {}
    for row, m in stage2_matches(tournament) if loaded is None else loaded:
        decided = knockout_decider(m, points) if m.team_b is not None else None
        if decided is not None:
            r = match_result(m, points)
            won, lost = (r.tables_won_a, r.tables_won_b) if decided[0] == "A" else (r.tables_won_b, r.tables_won_a)
            out[row.pk] = (decided[1], decided[2], won, lost, r.difference_a if decided[0] == "A" else -r.difference_a)
    return out


def load_team_bracket(tournament, qualified=None, loaded=None) -> Bracket | None:
    """The knockout bracket of the confirmed teams with the results so far (None: not a knockout, or not
    confirmed; in groups, until the group phase is over: then the best of each group, ``groups``); a team out
    loses its undecided match by walkover. ``loaded``: ``stage2_matches``, when the caller has them."""
    if tournament.final_kind not in (FinalKind.KNOCKOUT, FinalKind.GROUPS):
        return None
    qualified = team_finalists(tournament) if qualified is None else qualified
    if len(qualified) < 2:
        return None
    out = teams_out(tournament)
    loaded = stage2_matches(tournament) if loaded is None else loaded
    if tournament.final_kind == FinalKind.GROUPS:
        in_groups, in_bracket = split_stage2(tournament, loaded)
        entrants = team_bracket_entrants(tournament, qualified, out, load_team_groups(tournament, qualified, out,
                                                                                        in_groups))
        if entrants is None:
            return None
        ids, outcomes = [tid for _g, _p, tid in entrants], team_outcomes(tournament, in_bracket)
    else:
        ids, outcomes = [q.team_id for q in qualified], team_outcomes(tournament, loaded)
    return build_bracket(ids, outcomes, third_place=tournament.final_third_place, match_format=SINGLE,
                         out=out & set(ids))


def load_team_final_round_robin(tournament, qualified=None) -> list:
    """The final round robin's team rows (``rules.TeamRow``): its matches and, when the tournament carries them
    over, the finalists' stage-1 matches against each other."""
    qualified = team_finalists(tournament) if qualified is None else qualified
    ids = {q.team_id for q in qualified}
    event = event_of(tournament)
    matches = []
    for row, m in load_matches(tournament):
        if row.round.stage == 2 or (tournament.final_carry_over and m.team_a in ids and m.team_b in ids):
            matches.append(m)
    teams = [TeamEntry(q.team.id, q.team.number, q.team.name) for q in qualified]
    return team_standings(teams, matches, points_of(event), order_of(event)[0])


def stage2_order(tournament, qualified) -> list[int]:
    """Stage 2's team ids in their final order (the bracket's placing, then in groups the rest of the groups;
    or the round robin's ranking)."""
    if tournament.final_kind in (FinalKind.KNOCKOUT, FinalKind.GROUPS):
        loaded = stage2_matches(tournament)
        bracket = load_team_bracket(tournament, qualified, loaded)
        order = [tid for _place, tid in placing(bracket)] if bracket is not None else []
        if tournament.final_kind == FinalKind.GROUPS:
            groups = load_team_groups(tournament, qualified, teams_out(tournament), split_stage2(tournament, loaded)[0])
            order = groups_order(order, groups, qualified)
        return order
    return [r.team.id for r in load_team_final_round_robin(tournament, qualified)]


def team_final_standings(tournament) -> list[dict]:
    """The event's final places: stage 2's order first, then the other teams as stage 1 ranked them (the
    teams out last, with no place) — ``standings SLUG --final --json`` of a team event."""
    rows = qualification_rows(tournament)
    qualified = team_finalists(tournament)
    seed_of = {q.team_id: q.seed for q in qualified}
    by_id = {r.pair.id: r for r in rows}
    out, place = [], 1
    for tid in stage2_order(tournament, qualified) if qualified else []:
        row = by_id[tid]
        out.append({"place": place, "team": row.pair.number, "name": row.pair.label, "stage": 2,
                    "seed": seed_of[tid]})
        place += 1
    for row in rows:
        if row.pair.id in seed_of:
            continue
        active = row.status == ACTIVE
        out.append({"place": place if active else None, "team": row.pair.number, "name": row.pair.label,
                    "stage": 1, "seed": None})
        place += 1 if active else 0
    return out


def final_places(tournament) -> list[dict]:
    """``team_final_standings`` once stage 2 has its teams, else nothing (the standings are the places)."""
    return team_final_standings(tournament) if team_finalists(tournament) else []


def stage2_team_pairs(rounds) -> dict[int, list]:
    """{round number: [(TeamMatch id, team A id, team B id)]} of the given rounds' matches with an opponent."""
    out: dict = {}
    for pk, number, a, b in TeamMatch.objects.filter(round__in=rounds, team_b__isnull=False).values_list(
            "id", "round__number", "team_a_id", "team_b_id"):
        out.setdefault(number, []).append((pk, a, b))
    return out


def published_stage2(tournament):
    return tournament.rounds.filter(stage=2).exclude(status=RoundStatus.DRAFT)


__all__ = ["QualRow", "active_team_count", "final_places", "is_team_event", "load_team_bracket", "load_team_final_round_robin",
           "preview_team_qualification", "published_stage2", "qualification_rows", "stage1_team_standings",
           "stage2_matches", "stage2_order", "stage2_team_pairs", "team_deciders", "team_final_standings", "team_finalists",
           "team_outcomes", "teams_out"]
