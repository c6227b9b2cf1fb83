"""Withdrawn pairs and the round label, the same on the page, cross table, projector, PDF, workbook and command."""
import io
import json

import pytest
from django.core.management import call_command
from django.urls import reverse
from openpyxl import load_workbook

from events.documents import exports
from scoring.reports import selectors
from tests.factories import make_round, make_tournament
from tournaments.models import Entrant, EntrantStatus, PairingSystem

from .conftest import blocks, play
from .test_exports import pdf_text

pytestmark = pytest.mark.django_db


@pytest.fixture
def field(cup):
    """The cup, plus: pair 9 withdrew before it played anything, pair 2 withdrew after round 2."""
    nine = Entrant.objects.create(tournament=cup, number=9, status=EntrantStatus.WITHDRAWN, withdrawn_after_round=0)
    nine.players.create(name="Ушедший Ушёл", number=1)
    nine.players.create(name="Ушедшая Ушла", number=2)
    Entrant.objects.filter(tournament=cup, number=2).update(status=EntrantStatus.WITHDRAWN, withdrawn_after_round=2)
    return cup


def test_standings_rows(field):
    data = selectors.load_standings(field)
    numbers = [r.pair.number for r in data.rows]
    assert 9 not in numbers and numbers[-1] == 2
    assert data.rows[-1].rank is None and [r.rank for r in data.rows[:-1]] == list(range(1, 8))


def test_standings_page(client, field):
    html = client.get(reverse("reports:standings", args=[field.slug])).content.decode()
    assert "Ушедший" not in html and "None" not in html
    last = html.rindex('class="status-')
    assert html[last:].startswith('class="status-withdrawn"')


def test_crosstable_page_and_sheet(client, field):
    html = client.get(reverse("reports:crosstable", args=[field.slug])).content.decode()
    assert "Ушедший" not in html and "None" not in html
    assert html.rindex("<tr class=\"status-active\"") < html.index("<tr class=\"status-withdrawn\"")
    wb = load_workbook(io.BytesIO(exports.workbook(field)))
    cross = [row for row in wb["Турнирная таблица"].iter_rows(min_row=2, values_only=True)]
    assert [r[1] for r in cross][-1] == 2 and cross[-1][0] is None and 9 not in [r[1] for r in cross]
    standings = list(wb.worksheets[0].iter_rows(min_row=2, values_only=True))
    assert [r[1] for r in standings][-1] == 2 and standings[-1][0] is None and standings[-1][3] == "Снялась"
    assert all(r[1] is not None for r in standings) and 9 not in [r[1] for r in standings]
    registered = [r[0] for r in wb["Пары"].iter_rows(min_row=2, values_only=True)]
    assert 9 not in registered and 2 in registered and None not in registered


def test_round_robin_grid_puts_withdrawn_pairs_last(client):
    t = make_tournament(4, slug="rr", pairing_system=PairingSystem.ROUND_ROBIN)
    rnd = make_round(t, 1, [(1, 2), (3, 4)])
    play(rnd, 1, blocks(5, 5, 5, 5))
    play(rnd, 2, blocks(5, 5, 5, 5))
    Entrant.objects.filter(tournament=t, number=1).update(status=EntrantStatus.WITHDRAWN, withdrawn_after_round=1)
    _data, _cells, (ordered, _grid) = selectors.load_crosstable(t)
    assert [r.pair.number for r in ordered] == [2, 3, 4, 1]


def test_projector_and_pdf(client, field):
    html = client.get(reverse("reports:projector", args=[field.slug])).content.decode()
    assert "Ушедший" not in html and "None" not in html
    assert html.rindex("<tr class=\"status-active\"") < html.index("<tr class=\"status-withdrawn\"")
    text = "\n".join(pdf_text(exports.standings_pdf(field)))
    assert "Ушедший" not in text and "None" not in text and "(Снялась)" in text


def test_standings_command_json_lists_withdrawn_after_active(field):
    out = io.StringIO()
    call_command("standings", field.slug, "--json", stdout=out)
    rows = json.loads(out.getvalue())
    assert [r["pair"] for r in rows][-1] == 2 and rows[-1]["rank"] is None and rows[-1]["status"] == "withdrawn"
    assert 9 not in [r["pair"] for r in rows] and all(r["pair"] is not None for r in rows)


# --- "after round N" only when round N is finished ---------------------------------------

def test_provisional_while_the_round_is_in_play_everywhere(client, cup):
    for url in ("reports:standings", "reports:crosstable", "reports:players", "reports:projector"):
        html = client.get(reverse(url, args=[cup.slug])).content.decode()
        assert "тур 3 идёт (предварительно)" in html and "после тура 3" not in html, url
    assert "тур 3 идёт (предварительно)" in pdf_text(exports.standings_pdf(cup))[0]
    assert load_workbook(io.BytesIO(exports.standings_workbook(cup))).sheetnames == ["Положение, тур 3 идёт (предв.)"]
    out = io.StringIO()
    call_command("standings", cup.slug, stdout=out)
    assert "round 3 in play (provisional)" in out.getvalue()


def test_after_round_once_it_is_finished(client, cup):
    cup.rounds.update(status="finished")
    html = client.get(reverse("reports:standings", args=[cup.slug])).content.decode()
    assert "после тура 3" in html and "предварительно" not in html
    html = client.get(reverse("reports:projector", args=[cup.slug])).content.decode()
    assert "после тура 3" in html and "предварительно" not in html
    assert "после тура 3" in pdf_text(exports.standings_pdf(cup))[0]
    assert load_workbook(io.BytesIO(exports.standings_workbook(cup))).sheetnames == ["Положение после тура 3"]


@pytest.mark.parametrize("url, sort", [("reports:standings", "label"), ("reports:players", "name")])
def test_sorting_by_name_puts_yo_with_ye(client, cup, url, sort):
    from tournaments.models import Player

    for number, name in ((1, "Ёлкин Семён"), (2, "Ежов Павел"), (3, "Жуков Иван"), (4, "Ерёмин Олег")):
        Player.objects.filter(pair__tournament=cup, pair__number=number, number=1).update(name=name)
    html = client.get(reverse(url, args=[cup.slug]), {"sort": sort}).content.decode()
    positions = [html.index(n) for n in ("Ежов Павел", "Ёлкин Семён", "Ерёмин Олег", "Жуков Иван")]
    assert positions == sorted(positions)
