"""The public standings page and the projector of an event in stages keep the stages apart: stage 1's table
(its rounds alone) and, once the finalists are confirmed, the final places (stage 2's order first, then the
rest by stage 1) — the same figures as ``standings --stage 1`` and ``--final``."""
import re

import pytest
from django.urls import reverse

from scoring.reports.stage_selectors import final_standings
from tests.tournaments.test_stages_matches import organizer, play, qualified, staged  # noqa: F401

pytestmark = pytest.mark.django_db


def test_the_standings_page_shows_stage_1_alone_and_the_final_places_apart(client, organizer):  # noqa: F811
    tournament = staged(organizer)
    qualified(organizer, tournament, size=2)  # the final: №3 against №1
    page = client.get(reverse("reports:standings", args=[tournament.slug])).content.decode()
    assert "Первый этап (отбор)" in page and "Итоговые места" in page
    play(organizer, tournament, {3: 20, 1: 101})  # №1 wins the final
    response = client.get(reverse("reports:standings", args=[tournament.slug]))
    page = response.content.decode()
    final = page[page.index('id="final-places"'):page.index('id="stage1-title"')]
    assert re.findall(r'<tr class="stage-(\d)"><td class="num">(\d+)</td><td class="num">(\d+)</td>', final)[:3] == [
        ("2", "1", "1"), ("2", "2", "3"), ("1", "3", "5")]
    assert [f.number for f in final_standings(tournament)][:3] == [1, 3, 5]
    # stage 1's table counts stage 1's partie alone: pair 1 played one partie there, not two
    rows = {r.pair.number: r for r in response.context["data"].rows}
    assert (rows[1].played, rows[3].played, rows[1].points_for) == (1, 1, 47)  # not 47 + 101
    board = client.get(reverse("reports:projector", args=[tournament.slug])).content.decode()
    assert "Итоговые места" in board and "Первый этап (отбор)" not in board


def test_an_event_without_stages_keeps_its_one_table(client, organizer):  # noqa: F811
    tournament = staged(organizer)
    page = client.get(reverse("reports:standings", args=[tournament.slug])).content.decode()
    assert "Итоговые места" not in page and "Первый этап (отбор)" not in page
