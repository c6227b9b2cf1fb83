"""A team event's knockout in Chromium (docs/rules.md I.9.5): the organizer confirms stage 1's best four teams
(1280 px), the bracket names the teams on a phone (390 px: no page scroll, no word broken) and at 1280 px."""
import pytest
from django.urls import reverse

from teams.models import Team
from tests.teams.test_team_final import play, seed_winner, stage1_played
from tournaments.models import FinalKind

from .conftest import login
from .test_hall import BROKEN_WORDS_JS, no_horizontal_scroll

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
LONG = "Сборная Верхнекамского муниципального округа «Дубль-пусто»"


def test_the_bracket_of_a_team_event_names_its_teams(live_server, new_page, artifacts, organizer):
    t = stage1_played(organizer, 6, k=2, kind=FinalKind.KNOCKOUT, size=4, third_place=True)
    Team.objects.filter(tournament=t, number=1).update(name=LONG)
    page = new_page({"width": 1280, "height": 800})
    login(page, live_server.url, "organizer", "domino2026")
    page.goto(live_server.url + reverse("tournaments:qualification", args=[t.slug]))
    assert LONG in page.inner_text("#qualification-table")
    page.click("#confirm-qualification")
    assert "посев 1: №" in page.inner_text(".consequences")  # the confirmation names the finalists first
    page.click("form button.danger")
    assert "Состав подтверждён" in page.inner_text("#qualification-confirmed")
    play(organizer, t, seed_winner(t, "better", k=2))
    names = {n: name for n, name in Team.objects.filter(tournament=t).values_list("number", "name")}

    phone = new_page({"width": 390, "height": 844})
    phone.goto(live_server.url + reverse("tournaments:bracket", args=[t.slug]))
    assert [h.inner_text() for h in phone.query_selector_all(".bracket-round h2")] == [
        "Полуфинал", "Финал", "Матч за 3-е место"]
    text = phone.inner_text("#bracket").replace("\xad", "").replace("\n", " ")  # names hyphenate softly
    assert LONG in text and sum(name in text for name in names.values()) >= 4
    assert no_horizontal_scroll(phone) and phone.evaluate(BROKEN_WORDS_JS) == []
    phone.screenshot(path=str(artifacts / "team-bracket-390.png"), full_page=True)

    play(organizer, t, seed_winner(t, "better", k=2))
    page.goto(live_server.url + reverse("tournaments:bracket", args=[t.slug]))
    places = page.inner_text("#final-places").replace("\xad", "")
    assert places.index(LONG) < places.index(names[2])  # team 1, the best seed, won everything
    assert no_horizontal_scroll(page) and page.evaluate(BROKEN_WORDS_JS) == []
    page.screenshot(path=str(artifacts / "team-bracket-1280.png"), full_page=True)
