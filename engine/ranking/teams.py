"""The team standing («командный зачёт») of a pair or individual event — pure Python, no Django.

docs/rules.md «Командный зачёт». In: the rows of the main standings as ``selectors.load_standings`` ranks them
(``standings.Row``, or ``standings_individual.IndividualRow``) and each entrant's team; out: ``TeamRow``s, ranked.
The rules, in the order the code applies them:

1. An entrant's team (``team_of``): with the setting «by the entrant's team» the team entered for the entrant;
   «by club / city» the team entered for it when there is one, else its players' club / city. **[interpretation]**
   A pair whose two players name different clubs (or one of them none) counts for no club unless a team is
   entered for it. Names are grouped as people compare them (``core.names.fold``: case, «ё» = «е», spaces);
   a team is printed as its lowest-numbered entrant spells it. An entrant without a team is in no team.
2. **[interpretation]** Only the entrants that have a place in the main standings count: a withdrawn or
   disqualified entrant has none there, so its results do not count for its team (it is listed, not counted).
3. A team's entrants, best first: by match points, then points difference (as the main standings count them),
   then by their place in the main standings. The first ``best`` (M) of them are counted.
4. The teams are ranked by the counted entrants' match points summed; on equal sums by the match points of the
   next, (M+1)-th, entrant (a team without one has the least); then by the counted entrants' points difference
   summed; then by the (M+1)-th entrant's difference. Teams still equal share a place, listed by name.
5. **[interpretation]** A team with fewer than M entrants that count is incomplete: the incomplete teams take
   the places after every complete team, ranked among themselves by 4.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import groupby

from core.names import fold, name_key

from .standings import plain_number

BY_CLUB, BY_TEAM = "club", "team"  # tournaments.models.TeamStanding (its "none": no team standing)


def team_of(mode: str, team: str, clubs) -> str:
    """An entrant's team (rule 1): ``team`` is the team entered for it, ``clubs`` its players' clubs / cities."""
    team = " ".join(str(team or "").split())
    if mode == BY_TEAM:
        return team
    if mode != BY_CLUB:
        return ""
    if team:
        return team
    clubs = [" ".join(str(c or "").split()) for c in clubs]
    if clubs and all(clubs) and len({fold(c) for c in clubs}) == 1:
        return clubs[0]
    return ""


@dataclass
class TeamRow:
    name: str
    counted: list = field(default_factory=list)  # the best M rows (rule 3)
    others: list = field(default_factory=list)  # the rest of the team's rows that count, best first
    removed: list = field(default_factory=list)  # withdrawn or disqualified: listed, not counted (rule 2)
    best: int = 2
    rank: int | None = None
    tied: bool = False

    @property
    def complete(self) -> bool:
        return len(self.counted) >= self.best

    @property
    def match_points(self) -> float:
        return sum(r.match_points for r in self.counted)

    @property
    def difference(self) -> int:
        return sum(r.difference for r in self.counted)

    @property
    def next(self):
        """The (M+1)-th entrant (rule 4), or None."""
        return self.others[0] if self.others else None

    @property
    def next_match_points(self) -> float | None:
        return None if self.next is None else self.next.match_points

    @property
    def next_difference(self) -> int | None:
        return None if self.next is None else self.next.difference

    def key(self) -> tuple:
        """The ranking key of rule 4 (bigger is better; a missing next entrant below any result)."""
        missing = (0, 0)
        nxt = missing if self.next is None else (1, self.next.match_points)
        nxt_diff = missing if self.next is None else (1, self.next.difference)
        return self.match_points, nxt, self.difference, nxt_diff

    def to_json(self) -> dict:
        """The line of ``standings SLUG --teams --json``: entrants by their numbers."""
        def entrant(r):
            return {"entrant": r.pair.number, "name": r.pair.label, "rank": r.rank,
                    "match_points": plain_number(r.match_points), "difference": r.difference}

        return {
            "rank": self.rank, "tied": self.tied, "team": self.name, "complete": self.complete,
            "counted": [entrant(r) for r in self.counted],
            "match_points": plain_number(self.match_points), "difference": self.difference,
            "next": entrant(self.next) if self.next is not None else None,
            "not_counted": [entrant(r) for r in self.others[1:]],
            "removed": [{"entrant": r.pair.number, "name": r.pair.label, "status": r.status} for r in self.removed],
        }


def entry_key(row) -> tuple:
    """Rule 3: match points, difference, then the main standings' place (best first, for ``sorted``)."""
    return -row.match_points, -row.difference, row.rank if row.rank is not None else float("inf")


def compute_team_standings(rows, teams: dict, *, best: int = 2) -> list[TeamRow]:
    """Rank the teams of ``rows`` (the main standings, in their order); ``teams``: {entrant id: team name}."""
    if best < 1:
        raise ValueError("best must be 1 or more")
    groups: dict = {}
    for row in sorted(rows, key=lambda r: (r.pair.number is None, r.pair.number or 0)):
        name = " ".join(str(teams.get(row.pair.id) or "").split())
        if not name:
            continue
        team = groups.setdefault(fold(name), TeamRow(name=name, best=best))
        (team.removed if row.rank is None else team.others).append(row)
    for team in groups.values():
        ordered = sorted(team.others, key=entry_key)
        team.counted, team.others = ordered[:best], ordered[best:]
    complete = [t for t in groups.values() if t.complete]
    incomplete = [t for t in groups.values() if not t.complete]
    return _ranked(complete, 1) + _ranked(incomplete, len(complete) + 1)


def _ranked(teams: list, first: int) -> list[TeamRow]:
    ordered = sorted(sorted(teams, key=lambda t: name_key(t.name)), key=TeamRow.key, reverse=True)
    result, position = [], first
    for _key, group in groupby(ordered, key=TeamRow.key):
        group = list(group)
        for team in group:
            team.rank, team.tied = position, len(group) > 1
            result.append(team)
        position += len(group)
    return result


def unassigned(rows, teams: dict) -> list:
    """The rows of the entrants in no team (rule 1), in the main standings' order."""
    return [r for r in rows if not fold(teams.get(r.pair.id) or "")]
