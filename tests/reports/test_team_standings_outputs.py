"""The team standing read from the protocols: the standings page, the command, the workbooks and the report.

The cup (tests/reports/conftest.py's results, unsigned) after two rounds: pair 3 has 2 match points (+32); 2: 1 (+20); 1: 1 (+16);
7: 1 (+8); 6: 1 (−10); 4: 1 (−13); 5: 1 (−26); 8: 0 (−27). Teams: Север = 3, 5, 8; Запад = 1, 6, 4; Юг = 2, 7.
Север counts 3 + 5 (3 MP); Запад 1 + 6 and Юг 2 + 7 have 2 MP each: Запад's next entrant (4, 1 MP) puts it
above Юг, which has none, although Юг's difference (+28) is better than Запад's (+6).
"""
import io
import json

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from events.documents import exports, pack
from tests.factories import make_round, make_tournament
from tournaments.models import Entrant, Player

from .conftest import EXAMPLE_DEALS, blocks, play
from .individual_cup import individual_cup

pytestmark = pytest.mark.django_db
TEAMS = {3: "Север", 5: "Север", 8: "Север", 1: "Запад", 6: "Запад", 4: "Запад", 2: "Юг", 7: "Юг"}


@pytest.fixture
def cup(db):
    """The reports' cup with the same results, its protocols not signed (the team standing does not ask)."""
    tournament = make_tournament(8, slug="cup")
    r1 = make_round(tournament, 1, [(3, 4), (1, 2), (5, 6), (7, 8)])
    r2 = make_round(tournament, 2, [(3, 7), (1, 5), (2, 6), (4, 8)])
    for rnd, table, deals, remarks in [
        (r1, 1, blocks(10, 10, -5, 5), [{"deal": 1, "player": "A1", "reason": "talking"}]),
        (r1, 2, blocks(20, 0, 0, 0), []), (r1, 3, blocks(-30, 0, 0, 0), []), (r1, 4, blocks(5, 5, 5, 5), []),
        (r2, 1, EXAMPLE_DEALS, [{"deal": 2, "player": "A1", "reason": "talking"}]),
        (r2, 2, blocks(-1, -1, -1, -1), []), (r2, 3, blocks(40, 0, 0, 0), []), (r2, 4, blocks(0, 0, 0, 7), []),
    ]:
        play(rnd, table, deals, remarks)
    return tournament


@pytest.fixture
def team_cup(cup):
    cup.team_standing, cup.team_best = "team", 2
    cup.save(update_fields=["team_standing", "team_best"])
    for number, team in TEAMS.items():
        Entrant.objects.filter(tournament=cup, number=number).update(team_name=team)
    return cup


def command(*args) -> str:
    out = io.StringIO()
    call_command("standings", *args, stdout=out)
    return out.getvalue()


def test_the_command_prints_the_teams_with_their_counted_entrants_sums_and_tie_breaks(team_cup):
    rows = json.loads(command(team_cup.slug, "--teams", "--json"))
    assert [(r["rank"], r["team"], [e["entrant"] for e in r["counted"]], r["match_points"], r["difference"])
            for r in rows] == [(1, "Север", [3, 5], 3, 6), (2, "Запад", [1, 6], 2, 6), (3, "Юг", [2, 7], 2, 28)]
    assert rows[0]["next"] == {"entrant": 8, "name": "Голубев Иван — Виноградов Иван", "rank": 8,
                               "match_points": 0, "difference": -27}
    assert rows[1]["next"]["entrant"] == 4 and rows[1]["next"]["match_points"] == 1 and rows[2]["next"] is None
    assert all(r["complete"] and not r["tied"] for r in rows)
    # as after round 1 (3: +10 win, 4 lost by 10 …) the same command reads the standings of that round
    after_one = json.loads(command(team_cup.slug, "--teams", "--json", "--after-round", "1"))
    assert sum(r["match_points"] for r in after_one) <= 4 and {r["team"] for r in after_one} == set(TEAMS.values())
    text = command(team_cup.slug, "--teams")
    assert "team standing by team, best 2" in text and "Север (3, 5)" in text


def test_the_command_refuses_a_tournament_without_a_team_standing(cup):
    with pytest.raises(CommandError, match="no team standing"):
        command(cup.slug, "--teams", "--json")
    with pytest.raises(CommandError, match="choose one"):
        command(cup.slug, "--teams", "--players")


def test_m_counts_the_best_three_when_set_so(team_cup):
    team_cup.team_best = 3
    team_cup.save(update_fields=["team_best"])
    rows = json.loads(command(team_cup.slug, "--teams", "--json"))
    # Север 3 + 5 + 8 = 3, Запад 1 + 6 + 4 = 3 (difference −7 against Север's −21); Юг has two: incomplete
    assert [(r["team"], r["match_points"], r["difference"], r["complete"]) for r in rows] == [
        ("Запад", 3, -7, True), ("Север", 3, -21, True), ("Юг", 2, 28, False)]


def test_by_club_a_pair_of_two_clubs_counts_for_none_unless_a_team_is_entered(cup):
    cup.team_standing = "club"
    cup.save(update_fields=["team_standing"])
    Player.objects.filter(pair__tournament=cup, pair__number__in=[2, 7]).update(club="Клин")
    Player.objects.filter(pair__tournament=cup, pair__number=1, number=2).update(club="Клин")  # Тверь + Клин
    rows = json.loads(command(cup.slug, "--teams", "--json"))
    assert [(r["team"], [e["entrant"] for e in r["counted"]]) for r in rows] == [("Тверь", [3, 6]), ("Клин", [2, 7])]
    assert 1 not in [e["entrant"] for r in rows for e in r["counted"] + r["not_counted"] + ([r["next"]] if r["next"] else [])]
    Entrant.objects.filter(tournament=cup, number=1).update(team_name="Клин")  # the entered team decides
    rows = json.loads(command(cup.slug, "--teams", "--json"))
    assert [(r["team"], [e["entrant"] for e in r["counted"]], r["next"]["entrant"]) for r in rows] == [
        ("Тверь", [3, 6], 4), ("Клин", [2, 1], 7)]


def test_a_withdrawn_pair_is_listed_with_its_team_and_not_counted(team_cup):
    Entrant.objects.filter(tournament=team_cup, number=3).update(status="withdrawn", withdrawn_after_round=2)
    rows = json.loads(command(team_cup.slug, "--teams", "--json"))
    north = next(r for r in rows if r["team"] == "Север")
    assert [e["entrant"] for e in north["counted"]] == [5, 8] and north["match_points"] == 1
    assert north["removed"] == [{"entrant": 3, "name": "Смирнов Иван — Попов Иван", "status": "withdrawn"}]
    assert [r["team"] for r in rows] == ["Запад", "Юг", "Север"]


def test_the_standings_page_shows_the_team_standing_beside_the_main_one(client, team_cup):
    Entrant.objects.filter(tournament=team_cup, number=8).update(team_name="")
    html = client.get(reverse("reports:standings", args=[team_cup.slug]), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    section = html[html.index('id="teams"'):]
    assert "Командный зачёт" in section and 'href="#teams"' in html
    assert section.index("Север") < section.index("Запад") < section.index("Юг")
    assert "№3 Смирнов Иван — Попов Иван: 2 / +32" in section
    assert "№4 Волков Иван — Соколов Иван: 1 / -13" in section  # Запад's next, listed as not counted
    assert "В зачёт идут 2 лучших участника команды." in section
    assert "Без команды (в командном зачёте не участвуют): №8." in section
    team_cup.team_standing = "none"
    team_cup.save(update_fields=["team_standing"])
    html = client.get(reverse("reports:standings", args=[team_cup.slug])).content.decode()
    assert 'id="teams"' not in html and "Командный зачёт" not in html


def _sheet(data: bytes, title: str):
    wb = load_workbook(io.BytesIO(data), read_only=True)
    assert title in wb.sheetnames, wb.sheetnames
    return [list(r) for r in wb[title].iter_rows(values_only=True)]


def test_the_workbooks_have_a_team_sheet(team_cup):
    for data in (exports.workbook(team_cup), exports.standings_workbook(team_cup)):
        rows = _sheet(data, "Командный зачёт (2 лучших)")
        assert rows[0][:4] == ["Место", "Команда", "Состав", "В зачёте"]
        assert [r[:3] + r[4:8] for r in rows[1:]] == [
            [1, "Север", "полный", 3, 0, 6, -27], [2, "Запад", "полный", 2, 1, 6, -13],
            [3, "Юг", "полный", 2, None, 28, None]]
        assert rows[1][3] == "№3 Смирнов Иван — Попов Иван: 2 / +32; №5 Лебедев Иван — Козлов Иван: 1 / -26"
    sheets = load_workbook(io.BytesIO(exports.workbook(team_cup)), read_only=True).sheetnames
    assert sheets.index("Командный зачёт (2 лучших)") == 1  # right after the standings
    team_cup.team_standing = "none"
    assert not any(s.startswith("Командный") for s in load_workbook(io.BytesIO(exports.workbook(team_cup))).sheetnames)


def _text(data: bytes) -> str:
    return " ".join((page.extract_text() or "") for page in PdfReader(io.BytesIO(data)).pages)


def test_the_report_has_a_team_section(team_cup):
    text = " ".join(_text(pack.final_report(team_cup)).split())
    assert "Командный зачёт" in text and "По команде, указанной у участника" in text
    assert text.index("Север") < text.index("Запад") < text.index("Юг")
    team_cup.team_standing = "none"
    assert "Командный зачёт" not in _text(pack.final_report(team_cup))


def test_an_individual_event_by_club(client):
    t = individual_cup()
    t.team_standing = "club"
    t.save(update_fields=["team_standing"])
    for number, club in {1: "Клин", 3: "клин", 2: "Тверь", 4: "Тверь", 5: "Тверь"}.items():
        Player.objects.filter(pair__tournament=t, pair__number=number).update(club=club)
    rows = json.loads(command(t.slug, "--teams", "--json"))
    # Тверь: 2 (3 MP, +30), 5 (2, 0), next 4 (2, −10); Клин: 1 (2, +20), 3 (0, −40)
    assert [(r["team"], [e["entrant"] for e in r["counted"]], r["match_points"], r["difference"]) for r in rows] == [
        ("Тверь", [2, 5], 5, 30), ("Клин", [1, 3], 2, -20)]
    assert rows[0]["next"]["entrant"] == 4
    html = client.get(reverse("reports:standings", args=[t.slug])).content.decode()
    assert "По клубу / городу игроков" in html and "№2 Верхнеднепровская Александра: 3 / +30" in html
    assert _sheet(exports.workbook(t), "Командный зачёт (2 лучших)")[1][:2] == [1, "Тверь"]
    assert "Тверь" in _text(pack.final_report(t))
