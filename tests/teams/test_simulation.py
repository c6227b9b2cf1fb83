"""``simulate --format teams`` plays a team event to the end; ``verify_scores`` agrees; the team standings are
the sums computed from the signed protocols; ``pairings`` and ``standings`` print the teams' JSON."""
import json

import pytest

from scoring.models import Protocol
from teams.models import Team, TeamMatch
from tests.commands import run
from tournaments.choices import ProtocolStatus

pytestmark = pytest.mark.django_db


def from_protocols(slug):
    """Each team's match points, table points, tables won and difference summed from the protocols alone."""
    totals = {}
    for match in TeamMatch.objects.filter(round__tournament__slug=slug).prefetch_related("tables__partie__protocol"):
        sides = {"A": [0, 0, 0], "B": [0, 0, 0]}  # table points, tables won, difference of side A's team
        for table in match.tables.all():
            p = table.partie.protocol
            assert p.status == ProtocolStatus.SIGNED
            for side, mine, theirs in (("A", p.score_a, p.score_b), ("B", p.score_b, p.score_a)):
                sides[side][0] += p.winner == side  # pusto-shest: 1 match point a won partie
                sides[side][1] += p.winner == side
                sides[side][2] += mine - theirs
        a, b = sides["A"][0], sides["B"][0]
        for team, me, other in ((match.team_a.number, "A", "B"), (match.team_b.number, "B", "A")):
            t = totals.setdefault(team, [0, 0, 0, 0])
            mp = 2 if sides[me][0] > sides[other][0] else 1 if a == b else 0
            t[0] += mp
            t[1] += sides[me][0]
            t[2] += sides[me][1]
            t[3] += sides[me][2]
    return totals


def test_a_team_event_of_20_teams_plays_to_the_end_and_its_standings_are_the_protocols_sums():
    summary = json.loads(run("simulate", "--format", "teams", "--teams", "20", "--pairs-per-team", "2",
                             "--rounds", "5", "--system", "swiss", "--seed", "5"))
    assert summary["finished"] and len(summary["rounds"]) == 5
    assert all(r["matches"] == 10 and r["parties"] == 20 for r in summary["rounds"])
    slug = summary["slug"]
    assert Protocol.objects.filter(partie__round__tournament__slug=slug).exclude(
        status=ProtocolStatus.SIGNED).count() == 0
    assert "100 protocol(s) checked, 0 differ, 0 fingerprint mismatch(es)" in run("verify_scores", slug)
    rows = json.loads(run("standings", slug, "--json"))
    assert [r["rank"] for r in rows] == sorted(r["rank"] for r in rows) and len(rows) == 20
    expected = from_protocols(slug)
    for r in rows:
        assert [r["match_points"], r["table_points"], r["tables_won"], r["difference"]] == expected[r["team"]]
    met = set()
    for k in range(1, 6):
        data = json.loads(run("pairings", slug, "--round", str(k), "--json"))
        assert data["round"] == k and len(data["matches"]) == 10
        for m in data["matches"]:
            assert frozenset((m["a"], m["b"])) not in met  # a Swiss of teams: no rematch
            met.add(frozenset((m["a"], m["b"])))
            assert [t["A"] for t in m["tables"]] == [2 * m["a"] - 1, 2 * m["a"]]  # pair i of A against pair i of B
            assert [t["B"] for t in m["tables"]] == [2 * m["b"] - 1, 2 * m["b"]]
    assert Team.objects.filter(tournament__slug=slug).count() == 20
