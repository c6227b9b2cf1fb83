"""The standings outputs of an individual event: one line per player with his number, name and club, sit-outs,
match points and the tie-break columns of the tournament's order — on the page, the projector, the workbook and
the PDFs; a pair event keeps its pairs' columns."""
import io
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from openpyxl import load_workbook

from events.documents import exports
from tests.factories import make_individual, make_round, make_tournament
from tests.reports.conftest import blocks, play
from tests.reports.individual_cup import BUCHHOLZ, MATCH_POINTS, NAMES, PARTNERS, individual_cup
from tournaments.models import Partie, Round, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def solo(db):
    return individual_cup()


def page_rows(html: str) -> list[list[str]]:
    """The standings table's body rows as lists of cell texts."""
    body = html.split("<table class=\"standings players", 1)[1].split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    rows = []
    for tr in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S):
        tr = re.sub(r'<span class="phone-only">.*?</span>', "", tr)  # a phone's number before the name
        cells = re.findall(r"<td[^>]*>(.*?)</td>", tr, re.S)
        rows.append([" ".join(re.sub(r"<[^>]+>", " ", c).replace("\u00ad", "").split()) for c in cells])
    return rows


def page_headers(html: str, phone: bool = False) -> list[str]:
    """The headings as a wide screen shows them (``phone``: a phone's short ones where a column has one)."""
    head = html.split("<table class=\"standings players", 1)[1].split("</thead>", 1)[0]
    drop = r'<span class="full">.*?</span>' if phone else r'<abbr class="short".*?</abbr>'
    head = re.sub(drop, "", head, flags=re.S)
    return [" ".join(re.sub(r"<[^>]+>", " ", th).split()) for th in re.findall(r"<th[^>]*>(.*?)</th>", head, re.S)]


# docs/rules-individual.md §7's columns after the place, number, player (and club), in its order.
RULES_HEADINGS = ["Партий", "Побед", "Ничьих", "Пораж.", "Пропусков", "Очки матча", "Очки за", "Против", "Разн.",
                  "Раздач", "Бухгольц", "Очки партнёров", "З.-Б."]


def always_shown(html: str) -> list[str]:
    """The headings of the columns a phone shows (no class "opt"), as the phone shows them."""
    head = html.split("<table class=\"standings players", 1)[1].split("</thead>", 1)[0]
    head = re.sub(r'<span class="full">.*?</span>', "", head, flags=re.S)
    return [" ".join(re.sub(r"<[^>]+>", " ", th).split())
            for attrs, th in re.findall(r"<th([^>]*)>(.*?)</th>", head, re.S) if "opt" not in attrs]


def test_the_page_shows_each_player_once_with_his_figures(client, solo):
    html = client.get(reverse("reports:standings", args=[solo.slug])).content.decode()
    headers = page_headers(html)
    assert headers[:4] == ["Место", "№ игрока", "Игрок", "Клуб / город"]
    assert {"Пропусков", "Очки матча", "Бухгольц", "Очки партнёров"} <= set(headers)
    assert "Пара" not in headers and "Игроки" not in headers
    rows = page_rows(html)
    assert sorted(int(r[1]) for r in rows) == [1, 2, 3, 4, 5]  # each player once
    col = {h: i for i, h in enumerate(headers)}
    by_number = {int(r[1]): r for r in rows}
    for number, row in by_number.items():
        assert row[2] == NAMES[number - 1] and row[3] == f"Клуб {number}"
        assert int(row[col["Очки матча"]]) == MATCH_POINTS[number]
        assert int(row[col["Бухгольц"]]) == BUCHHOLZ[number]
        assert int(row[col["Очки партнёров"]]) == PARTNERS[number]
    assert by_number[4][col["Пропусков"]] == "1" and by_number[1][col["Пропусков"]] == "0"
    # 2 has 3 points; 1, 5 and 4 have 2 each and the difference splits them; 3 has none
    assert [int(r[1]) for r in rows] == [2, 1, 5, 4, 3] and [r[0] for r in rows] == ["1", "2", "3", "4", "5"]
    assert "Положение игроков" in html and "игроки делят место" in html
    assert reverse("reports:players", args=[solo.slug]) not in html  # no second «players» page


def test_the_page_sorts_by_the_partners_score(client, solo):
    html = client.get(reverse("reports:standings", args=[solo.slug]), {"sort": "partners_score"}).content.decode()
    assert [int(r[1]) for r in page_rows(html)] == sorted(PARTNERS, key=PARTNERS.get)


def test_the_players_page_of_an_individual_event_leads_to_the_standings(client, solo):
    response = client.get(reverse("reports:players", args=[solo.slug]), {"after": 2})
    assert response.status_code == 302
    assert response["Location"] == reverse("reports:standings", args=[solo.slug]) + "?after=2"


def test_every_column_of_the_rules_is_shown_in_their_order_whatever_the_tie_breaks(client, solo):
    solo.tiebreaks = ["match_points", "sonneborn_berger", "player_number"]
    solo.save()
    html = client.get(reverse("reports:standings", args=[solo.slug])).content.decode()
    assert page_headers(html)[4:] == RULES_HEADINGS
    # a phone keeps the match points, the difference and the order's tie-break (Sonneborn-Berger) under short
    # headings; Buchholz and the partners' score, not in this order, wait for a wider screen
    assert always_shown(html) == ["Место", "Игрок", "Очки", "Разн.", "З.-Б."]


def test_a_phone_keeps_the_tie_breaks_of_the_default_order(client, solo):
    html = client.get(reverse("reports:standings", args=[solo.slug])).content.decode()
    assert always_shown(html) == ["Место", "Игрок", "Очки", "Разн.", "Бух.", "Партн."]
    assert '<span class="phone-only">2.</span>' in html  # the number before the name instead of its column
    assert 'title="Бухгольц соперников">Бух.</abbr>' in html  # the full heading in the short one's title


def test_the_projector_shows_players(client, solo):
    html = client.get(reverse("reports:projector", args=[solo.slug])).content.decode()
    assert "№ игрока" in html and "Игрок" in html and ">Пара<" not in html
    for name in NAMES:
        assert name in html.replace("\u00ad", "")


def test_a_pair_event_keeps_its_pairs_columns(client):
    t = make_tournament(4, slug="pairs", is_public=True)
    play(make_round(t, 1, [(1, 2), (3, 4)]), 1, blocks(5, 5, 5, 5))
    html = client.get(reverse("reports:standings", args=["pairs"])).content.decode()
    assert "Положение пар" in html and "№ игрока" not in html and "Очки партнёров" not in html
    sheet = load_workbook(io.BytesIO(exports.standings_workbook(t))).active
    assert [c.value for c in sheet[1]][:3] == ["Место", "Пара", "Игроки"]


def test_the_workbook_has_the_players_standings_sheet(solo):
    wb = load_workbook(io.BytesIO(exports.workbook(solo)))
    assert "Игроки" not in wb.sheetnames  # the pairs' «players» sheet: the standings are the players' already
    ws = wb[wb.sheetnames[0]]
    header = [c.value for c in ws[1]]
    assert header[:5] == ["Место", "№ игрока", "Игрок", "Клуб / город", "Статус"]
    lines = {row[1]: dict(zip(header, row)) for row in ws.iter_rows(min_row=2, values_only=True)}
    assert sorted(lines) == [1, 2, 3, 4, 5]
    for number, line in lines.items():
        assert line["Игрок"] == NAMES[number - 1] and line["Клуб / город"] == f"Клуб {number}"
        assert (line["Очки матча"], line["Бухгольц соперников"], line["Очки партнёров"]) == (
            MATCH_POINTS[number], BUCHHOLZ[number], PARTNERS[number])
        assert line["Пропусков"] == (0 if number in (1, 3) else 1)
    standings_only = load_workbook(io.BytesIO(exports.standings_workbook(solo))).active
    assert [c.value for c in standings_only[1]] == header
    assert "Турнирная таблица" not in wb.sheetnames  # the pairs' cross table: the player × round grid instead
    assert "Таблица по турам" in wb.sheetnames


def test_the_page_queries_do_not_grow_with_the_field(client, settings, django_assert_max_num_queries):
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    counts = []
    for n, slug in ((8, "small"), (40, "big")):
        t = make_individual(n, slug=slug, is_public=True)
        entrants = list(t.pairs.order_by("number"))
        for number in (1, 2):
            rnd = Round.objects.create(tournament=t, number=number, status="published")
            for table in range(n // 4):
                a1, a2, b1, b2 = (entrants[(table * 4 + seat + 2 * number) % n] for seat in range(4))
                Partie.objects.create(round=rnd, table=table + 1, pair_a=a1, partner_a=a2, pair_b=b1, partner_b=b2)
                play(rnd, table + 1, blocks(table + 1, 0, 0, 0))
        with django_assert_max_num_queries(10), CaptureQueriesContext(connection) as ctx:
            assert client.get(reverse("reports:standings", args=[slug])).status_code == 200
        counts.append(len(ctx.captured_queries))
    assert counts[0] == counts[1]
    for slug in ("small", "big"):  # the workbook too
        with CaptureQueriesContext(connection) as ctx:
            exports.workbook(Tournament.objects.get(slug=slug))
        counts.append(len(ctx.captured_queries))
    assert counts[2] == counts[3]


def test_a_kozel_individual_event_shows_the_goats_columns(client):
    t = individual_cup(slug="solo-kozel", preset="kozel")
    headers = page_headers(client.get(reverse("reports:standings", args=[t.slug])).content.decode())
    assert {"Игр выиграно", "Козлов", "± козлов", "Сухих", "Рейтинг",
            "Бухгольц", "Очки партнёров"} <= set(headers)
    sheet = load_workbook(io.BytesIO(exports.standings_workbook(t))).active
    assert {"Козлов отдано", "Сухих козлов отдано", "Разность козлов"} <= {c.value for c in sheet[1]}


def test_the_tournament_page_links_the_players_standings_only(client, solo):
    html = client.get(reverse("tournaments:detail", args=[solo.slug])).content.decode()
    assert "Положение игроков" in html and "Личное положение игроков" not in html
    assert reverse("reports:players", args=[solo.slug]) not in html
    pairs = make_tournament(4, slug="pairs", is_public=True)
    html = client.get(reverse("tournaments:detail", args=[pairs.slug])).content.decode()
    assert "Положение пар" in html and reverse("reports:players", args=["pairs"]) in html


def test_the_page_in_english(client, solo):
    html = client.get(f"/en/t/{solo.slug}/standings/").content.decode()
    assert "Standings of the players" in html and "Player no." in html and "Partners&#x27; score" in html
    assert "№ игрока" not in html
