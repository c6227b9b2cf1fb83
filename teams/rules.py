"""The rules of a team match and of the team standings (docs/rules.md «Командный турнир») — pure Python.

Plain data in (``Table``, ``Match``, ``TeamEntry``), plain data out (``MatchResult``, ``TeamRow``); no Django.

* A match of teams X and Y is played at K tables, pair i of X against pair i of Y. Each table is an ordinary
  partie; its pairs' match points (the tournament's rules) are the match's *table points*. The team with more
  table points wins the match; equal table points draw it. The winner gets ``win`` team match points (default
  2), a draw ``draw`` (1), a loss ``loss`` (0). **[толкование]** Tables won (its pairs' won parties) and the
  point difference (the parties' points for minus against) are the next criteria of the standings, never of
  the match itself.
* **[толкование]** A match is complete once every one of its tables is finished; an unfinished table counts
  nothing yet (the standings are then provisional). A team without an opponent (a bye, an odd number of teams)
  wins its match: ``win`` team match points, its tables count as the rules' bye of a pair.
* **[толкование]** A match of a knockout stage (docs/rules.md I.9.5) needs a winner: equal table points are
  decided by tables won, then by the point difference, then by the winner of table 1's partie (which has one:
  a knockout asks for the rules' extra deal on a drawn partie), then of table 2 and so on
  (``knockout_winner``); a match whose tables are all drawn waits for the extra deal.
* The standings: team match points → table points → point difference → Buchholz (the sum of the opponents'
  team match points) → head-to-head (team match points in the matches among the teams still tied) → team
  number; the order is configurable (``TIEBREAKS``); teams still equal after the last criterion share a place.
"""
from __future__ import annotations

from dataclasses import dataclass, field

TIEBREAKS = ("match_points", "table_points", "tables_won", "difference", "buchholz", "head_to_head", "team_number")
DEFAULT_ORDER = ("match_points", "table_points", "difference", "buchholz", "head_to_head", "team_number")


class TeamRulesError(ValueError):
    """A configuration the rules cannot take (the message is for a person)."""

    def __init__(self, message: str, code: str):
        super().__init__(message)
        self.message = message
        self.code = code


@dataclass(frozen=True)
class Points:
    """Team match points of a won, drawn and lost match."""

    win: int = 2
    draw: int = 1
    loss: int = 0


@dataclass(frozen=True)
class Table:
    """One table of a match: its pairs' match points and points (side A belongs to team A)."""

    board: int
    mp_a: float = 0
    mp_b: float = 0
    score_a: int = 0
    score_b: int = 0
    winner: str | None = None  # "A" | "B" | None (drawn or not finished)
    finished: bool = True


@dataclass(frozen=True)
class Match:
    round: int
    team_a: int
    team_b: int | None  # None: a bye
    tables: tuple = ()


@dataclass(frozen=True)
class MatchResult:
    table_points_a: float
    table_points_b: float
    tables_won_a: int
    tables_won_b: int
    difference_a: int  # team A's points for minus against (team B's is its negative)
    team_points_a: int
    team_points_b: int
    winner: str | None  # "A" | "B" | None (drawn, or not complete)
    complete: bool


def match_result(match: Match, points: Points = Points()) -> MatchResult:
    """The result of one match from its tables (a bye: won by team A)."""
    done = [t for t in match.tables if t.finished]
    complete = bool(match.tables) and len(done) == len(match.tables)
    tp_a = sum(t.mp_a for t in done)
    tp_b = sum(t.mp_b for t in done)
    won_a = sum(1 for t in done if t.winner == "A")
    won_b = sum(1 for t in done if t.winner == "B")
    diff = sum(t.score_a - t.score_b for t in done)
    if match.team_b is None:
        return MatchResult(tp_a, 0, won_a, 0, diff, points.win, 0, "A", True)
    if not complete:
        return MatchResult(tp_a, tp_b, won_a, won_b, diff, 0, 0, None, False)
    if tp_a > tp_b:
        return MatchResult(tp_a, tp_b, won_a, won_b, diff, points.win, points.loss, "A", True)
    if tp_b > tp_a:
        return MatchResult(tp_a, tp_b, won_a, won_b, diff, points.loss, points.win, "B", True)
    return MatchResult(tp_a, tp_b, won_a, won_b, diff, points.draw, points.draw, None, True)


def knockout_winner(match: Match, points: Points = Points()) -> str | None:
    """"A" or "B": the winner of a complete knockout match (see the module's docstring); None while a table is
    unfinished or when every criterion is equal and no table has a winner (the extra deal is still due)."""
    decided = knockout_decider(match, points)
    return decided[0] if decided is not None else None


def knockout_decider(match: Match, points: Points = Points()) -> tuple[str, str, int | None] | None:
    """(winner "A" | "B", what decided it, the board) of a complete knockout match: "table_points",
    "tables_won", "difference", or "board" with the number of the table whose partie decided; None while a
    table is unfinished or nothing decides (see ``knockout_winner``). A bye: ("A", "bye", None)."""
    r = match_result(match, points)
    if not r.complete:
        return None
    if match.team_b is None:
        return "A", "bye", None
    for key, a, b in (("table_points", r.table_points_a, r.table_points_b), ("tables_won", r.tables_won_a,
                                                                              r.tables_won_b),
                      ("difference", r.difference_a, 0)):
        if a != b:
            return ("A" if a > b else "B"), key, None
    for table in sorted(match.tables, key=lambda t: t.board):
        if table.winner in ("A", "B"):
            return table.winner, "board", table.board
    return None


@dataclass(frozen=True)
class TeamEntry:
    id: int
    number: int | None
    name: str = ""


@dataclass
class TeamRow:
    team: TeamEntry
    played: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0
    match_points: int = 0
    table_points: float = 0
    tables_won: int = 0
    difference: int = 0
    buchholz: int = 0
    rank: int | None = None
    opponents: list = field(default_factory=list)  # team ids met, in round order
    head_to_head: dict = field(default_factory=dict)  # opponent id -> team match points taken from it

    def to_json(self) -> dict:
        return {
            "team": self.team.number, "name": self.team.name, "rank": self.rank, "match_points": self.match_points,
            "table_points": plain(self.table_points), "tables_won": self.tables_won, "difference": self.difference,
            "buchholz": self.buchholz, "played": self.played, "wins": self.wins, "draws": self.draws,
            "losses": self.losses, "byes": self.byes,
        }


def plain(x):
    return int(x) if isinstance(x, float) and x.is_integer() else x


def separating(upper: "TeamRow", lower: "TeamRow", order) -> str:
    """The first criterion of ``order`` on which two ranked rows differ ("" when on none): what the organizer
    sees beside a place before confirming stage 2's teams."""
    for key in order:
        if key == "head_to_head":
            mine, theirs = upper.head_to_head.get(lower.team.id), lower.head_to_head.get(upper.team.id)
            if mine is not None and theirs is not None and mine != theirs:
                return key
            continue
        if key in _KEYS and _KEYS[key](upper) != _KEYS[key](lower):
            return key
    return ""


def validate_order(order) -> tuple:
    """The tie-break order as given (empty: the default); an unknown or repeated key is refused."""
    if not order:
        return DEFAULT_ORDER
    if not isinstance(order, (list, tuple)) or not all(isinstance(k, str) for k in order):
        raise TeamRulesError("Порядок показателей — список их названий.", "bad_order")
    unknown = [k for k in order if k not in TIEBREAKS]
    if unknown:
        raise TeamRulesError("Неизвестный показатель: %s." % ", ".join(unknown)[:200], "unknown_tiebreak")
    if len(set(order)) != len(order):
        raise TeamRulesError("Показатель повторяется.", "repeated_tiebreak")
    if order[0] != "match_points":
        raise TeamRulesError("Первый показатель — командные очки матчей.", "match_points_first")
    return tuple(order)


def team_standings(teams, matches, points: Points = Points(), order=DEFAULT_ORDER) -> list[TeamRow]:
    """Every team's row, ranked by ``order`` (``validate_order``)."""
    rows = {t.id: TeamRow(t) for t in teams}
    for m in sorted(matches, key=lambda m: m.round):
        r = match_result(m, points)
        a = rows.get(m.team_a)
        if a is None or (m.team_b is not None and m.team_b not in rows):
            continue
        if m.team_b is None:
            a.byes += 1
            a.match_points += r.team_points_a
            a.table_points += r.table_points_a
            a.tables_won += r.tables_won_a
            a.difference += r.difference_a
            continue
        b = rows[m.team_b]
        a.opponents.append(b.team.id)
        b.opponents.append(a.team.id)
        if not r.complete:
            continue
        for row, mine, theirs, tp, won, diff in ((a, r.team_points_a, r.team_points_b, r.table_points_a,
                                                  r.tables_won_a, r.difference_a),
                                                 (b, r.team_points_b, r.team_points_a, r.table_points_b,
                                                  r.tables_won_b, -r.difference_a)):
            row.played += 1
            row.match_points += mine
            row.table_points += tp
            row.tables_won += won
            row.difference += diff
            row.wins += mine > theirs
            row.draws += mine == theirs
            row.losses += mine < theirs
        a.head_to_head[b.team.id] = a.head_to_head.get(b.team.id, 0) + r.team_points_a
        b.head_to_head[a.team.id] = b.head_to_head.get(a.team.id, 0) + r.team_points_b
    for row in rows.values():
        row.buchholz = sum(rows[o].match_points for o in row.opponents)
    ranked = _rank(list(rows.values()), tuple(order))
    return ranked


_KEYS = {
    "match_points": lambda r: r.match_points,
    "table_points": lambda r: r.table_points,
    "tables_won": lambda r: r.tables_won,
    "difference": lambda r: r.difference,
    "buchholz": lambda r: r.buchholz,
    "team_number": lambda r: -(r.team.number if r.team.number is not None else 10**9),
}


def _groups(rows, criteria):
    """Split ``rows`` (already tied on everything before) by ``criteria``: a list of tied groups, best first."""
    if not rows:
        return []
    if len(rows) == 1 or not criteria:
        return [rows]
    key, rest = criteria[0], criteria[1:]
    if key == "head_to_head":
        ids = {r.team.id for r in rows}
        value = {r.team.id: sum(v for o, v in r.head_to_head.items() if o in ids) for r in rows}
        get = lambda r: value[r.team.id]  # noqa: E731
    else:
        get = _KEYS[key]
    out, by = [], {}
    for r in rows:
        by.setdefault(get(r), []).append(r)
    for v in sorted(by, reverse=True):
        out.extend(_groups(by[v], rest))
    return out


def _rank(rows, order) -> list[TeamRow]:
    out, place = [], 1
    for group in _groups(rows, order):
        group.sort(key=lambda r: (r.team.number is None, r.team.number or 0))
        for r in group:
            r.rank = place
        out.extend(group)
        place += len(group)
    return out

