"""The final report of a team event: the team standings, every round's matches with their tables' results and the
cross table of the teams, before the pairs' standings; A4, every name whole (no word cut at a line's end)."""
import io
import re

import pdfplumber
import pytest
from django.urls import reverse
from openpyxl import load_workbook

from events.documents import pack
from events.services import finish_round, publish_round
from events.simulation import link_signers, play_partie
from scoring.models import Protocol
from teams.models import TeamMatch
from teams.rounds import pair_team_round
from teams.services import number_teams, register_team
from teams.standings import load_team_standings
from tests.browser.conftest import ARTIFACTS
from tests.teams.conftest import make_team_event, rng, team_pairs

pytestmark = pytest.mark.django_db
LONG = "Сборная Верхнекамского муниципального округа «Дубль-пусто-Краснокамск»"


def played(organizer, rounds=2):
    t = make_team_event(organizer, 5, rounds=rounds, numbered=False)
    register_team(organizer, t, name=LONG, club="Пермский край, Краснокамский городской округ",
                  pairs=team_pairs(5), reserves=[])
    number_teams(organizer, t, seed="3")
    signers = link_signers(t, "1")
    for _n in range(rounds):
        rnd = pair_team_round(organizer, t)
        publish_round(organizer, rnd)
        for partie in rnd.parties.select_related("round__tournament", "pair_a", "pair_b"):
            play_partie(organizer, partie, rng(), signers)
        finish_round(organizer, rnd)
    return t


def test_the_final_report_of_a_team_event_has_its_teams_matches_and_cross_table(organizer, client):
    t = played(organizer)
    data = pack.final_report(t)
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "teams-final-report.pdf").write_bytes(data)
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        assert all((round(p.width), round(p.height)) == (595, 842) for p in pdf.pages)
        text = "\n".join(p.extract_text() for p in pdf.pages)
        words = {w["text"] for p in pdf.pages for w in p.extract_words()}
    flat = " ".join(text.split())
    for heading in ("Положение команд", "Матчи по турам", "Турнирная таблица команд",
                    "Положение пар командного турнира"):
        assert heading in flat
    assert flat.index("Положение команд") < flat.index("Матчи по турам") < flat.index("Турнирная таблица команд") \
        < flat.index("Положение пар командного турнира")
    assert "Командный зачёт" not in flat  # a team event's teams are its own section, not a best-M standing
    assert "Итоговые места" not in flat  # no stage 2: the team standings are the places
    assert "командные очки → очки столов → разность очков" in flat
    for word in LONG.split() + "Пермский край, Краснокамский городской округ".split():
        assert word in words, word  # every word of the names whole on one line
    standings = load_team_standings(t)
    leader = standings.rows[0]
    assert f"1 №{leader.team.number} " in flat
    for m in TeamMatch.objects.filter(round__tournament=t).select_related("team_a", "team_b", "round"):
        assert f"Матч {m.number}: №{m.team_a.number}" in flat
        for table in m.tables.select_related("partie"):
            protocol = Protocol.objects.get(partie=table.partie)
            if table.partie.pair_b_id:
                assert f"{protocol.score_a} : {protocol.score_b}" in flat
    for _m, _match, result in standings.matches:  # the cross table's cells, both ways
        if _m.team_b_id is not None:
            cell = f"{result.team_points_a} ({result.table_points_a:g}:{result.table_points_b:g})"
            assert cell in flat or cell.replace(" (", "\n(") in text
    assert len(re.findall(r"Тур \d", flat)) >= 2
    book = load_workbook(io.BytesIO(client.get(reverse("teams:workbook", args=[t.slug])).content))
    cross = list(book.worksheets[2].iter_rows(values_only=True))
    assert book.sheetnames[2] == "Таблица команд" and len(cross) == 1 + 6
    assert "Итоговые места" not in book.sheetnames
    by_number = {row[1]: row for row in cross[1:]}
    for m, _match, result in standings.matches:
        if m.team_b_id is not None:
            column = 3 + [row[1] for row in cross[1:]].index(m.team_b.number)
            assert f"{result.team_points_a} (" in by_number[m.team_a.number][column]
