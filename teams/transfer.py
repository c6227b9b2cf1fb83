"""The team event's section of the transfer file (docs/archive.md «Командный турнир»), registered with
``events.services.transfer_tables.register_section`` from ``TeamsConfig.ready()``.

The tables: the team settings (``team_events``), the teams, their pairs with their places in the team
(``team_pairs``), the reserves, the line-ups of each round (``lineups``: the ids of the team's pairs, table 1
first), the matches of each round (``team_matches``: team B empty for a bye) and the match's tables
(``match_tables``: board 1…K, each an ordinary partie of the file), and the teams confirmed for stage 2
(``team_qualifications``: seed, team, place in stage 1; docs/rules.md I.9.5). A substitution needs no table of its own: it
is the pair's players (who joined and left after which round) and the reserve's new name, as the pairs carry them.

``check_teams`` (the section's check) refuses, before anything is written, a section that would not be the event it says: teams in
a tournament that is not a team event, more pairs in a team than its K, a line-up that is not the team's pairs,
a match against itself, a match's table whose partie is of another round or seats pairs of other teams.
"""
from __future__ import annotations

from collections import Counter

from django.utils.translation import gettext as _

from events.services.transfer_tables import Section
from tournaments.formats import TeamsFormat
from tournaments.models import Entrant

from .models import LineUp, MatchTable, Reserve, Team, TeamEvent, TeamMatch, TeamPair, TeamQualification

TEAM_TABLES = (
    ("team_events", TeamEvent, "tournament"),
    ("teams", Team, "tournament"),
    ("team_pairs", TeamPair, "team__tournament"),
    ("reserves", Reserve, "team__tournament"),
    ("lineups", LineUp, "team__tournament"),
    ("team_matches", TeamMatch, "round__tournament"),
    ("match_tables", MatchTable, "match__round__tournament"),
    ("team_qualifications", TeamQualification, "tournament"),
)
TEAM_ID_LISTS = {(LineUp, "pairs"): Entrant}
NAMES = [name for name, _model, _scope in TEAM_TABLES]


def _key(value) -> str:
    return str(value)


def check_teams(reader, head, data) -> None:
    rows = {name: data.get(name, []) for name in NAMES}
    if head.get("format") != TeamsFormat.code:
        for name in NAMES:
            if rows[name]:
                reader.fail(name, rows[name][0], _("в турнире не командного зачёта нет команд и матчей"))
        return
    if len(rows["team_events"]) > 1:
        reader.fail("team_events", rows["team_events"][1], _("у турнира одни настройки командного зачёта"))
    k = (rows["team_events"][0].get("pairs_per_team") if rows["team_events"] else None) or 2
    pairs_of: dict[str, set] = {}
    for row in rows["team_pairs"]:
        pairs_of.setdefault(_key(row.get("team")), set()).add(_key(row.get("pair")))
        if not isinstance(row.get("slot"), int) or not 1 <= row["slot"] <= k:
            reader.fail("team_pairs", row, _("место пары в команде — от 1 до %(k)s") % {"k": k})
    for team, count in Counter(_key(r.get("team")) for r in rows["team_pairs"]).items():
        if count > k:
            row = next(r for r in rows["team_pairs"] if _key(r.get("team")) == team)
            reader.fail("team_pairs", row, _("в команде больше %(k)s пар") % {"k": k})
    for row in rows["lineups"]:
        pairs = row.get("pairs")
        own = pairs_of.get(_key(row.get("team")), set())
        if not isinstance(pairs, list) or len(pairs) != len(own) or {_key(p) for p in pairs} != own:
            reader.fail("lineups", row, _("в расстановке каждая пара команды — ровно за одним столом"))
    matches = {_key(r.get("id")): r for r in rows["team_matches"]}
    for row in rows["team_matches"]:
        if row.get("team_b") is not None and _key(row.get("team_b")) == _key(row.get("team_a")):
            reader.fail("team_matches", row, _("команда не играет матч сама с собой"))
    parties = {_key(r.get("id")): r for r in data.get("parties", [])}
    for row in rows["match_tables"]:
        match, partie = matches.get(_key(row.get("match"))), parties.get(_key(row.get("partie")))
        if match is None or partie is None:
            continue  # a link to a row that is not in the file: the reader names it
        if _key(partie.get("round")) != _key(match.get("round")):
            reader.fail("match_tables", row, _("партия стола — из другого тура, чем матч"))
        a_ok = _key(partie.get("pair_a")) in pairs_of.get(_key(match.get("team_a")), set())
        if match.get("team_b") is None:
            b_ok = partie.get("pair_b") is None
        else:
            b_ok = _key(partie.get("pair_b")) in pairs_of.get(_key(match.get("team_b")), set())
        if not (a_ok and b_ok):
            reader.fail("match_tables", row, _("за столом матча — пары не из команд этого матча"))


# After the tournament's own tables (a team's pairs are its pairs) and before the online registration's (an entry
# of a team event points to the team it became).
SECTION = Section(name="teams", order=100, tables=TEAM_TABLES, id_lists=TEAM_ID_LISTS, check=check_teams)
