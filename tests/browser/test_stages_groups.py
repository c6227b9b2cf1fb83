"""Stage 2 in groups in Chromium: a 16-pair qualifier, 4 groups of 4, one group round played — each group's
table on the standings page (390 px: no page scroll, no word broken; 1280 px: the groups side by side) and on
the projector (1280 px), then the bracket from the groups on a phone."""
import pytest
from django.urls import reverse

from events.services.stages import confirm_qualification, set_final
from tests.referees.conftest import PASSWORD
from tournaments.models import FinalKind

from .conftest import login
from .test_hall import BROKEN_WORDS_JS, no_horizontal_scroll
from .test_stages_bracket import play_stage2_round, qualifier

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_four_groups_of_four_on_the_standings_page_the_projector_and_then_the_bracket(
        live_server, new_page, artifacts, django_user_model):
    organizer = django_user_model.objects.create_user("org", password=PASSWORD)
    tournament = qualifier(organizer)
    set_final(organizer, tournament, kind=FinalKind.GROUPS, groups=4, group_size=4, group_qualifiers=2,
              third_place=True)
    confirm_qualification(organizer, tournament)
    desk = new_page({"width": 390, "height": 844})
    login(desk, live_server.url, "org", PASSWORD)
    desk.goto(live_server.url + reverse("tournaments:qualification", args=[tournament.slug]))
    assert "4 подгруппы по 4, в сетку — по 2 из каждой (8)" in desk.inner_text("#final-settings")
    assert no_horizontal_scroll(desk) and desk.evaluate(BROKEN_WORDS_JS) == []
    desk.screenshot(path=str(artifacts / "groups-qualification-390.png"), full_page=True)
    play_stage2_round(organizer, tournament)
    standings = live_server.url + reverse("reports:standings", args=[tournament.slug])

    phone = new_page({"width": 390, "height": 844})
    phone.goto(standings)
    assert [h.inner_text() for h in phone.query_selector_all("#groups h3")] == [
        "Подгруппа 1", "Подгруппа 2", "Подгруппа 3", "Подгруппа 4"]
    assert len(phone.query_selector_all("#group-1 tr.goes-on")) == 2
    assert no_horizontal_scroll(phone) and phone.evaluate(BROKEN_WORDS_JS) == []
    phone.query_selector("#groups").screenshot(path=str(artifacts / "groups-390.png"))
    narrow = new_page({"width": 360, "height": 740})
    narrow.goto(standings)
    assert no_horizontal_scroll(narrow) and narrow.evaluate(BROKEN_WORDS_JS) == []

    wide = new_page({"width": 1280, "height": 800})
    wide.goto(standings)
    boxes = [wide.query_selector(f"#group-{n}").bounding_box() for n in (1, 2)]
    assert boxes[0]["y"] == boxes[1]["y"] and boxes[1]["x"] > boxes[0]["x"]  # side by side
    wide.query_selector("#groups").screenshot(path=str(artifacts / "groups-1280.png"))
    wide.goto(live_server.url + reverse("reports:projector", args=[tournament.slug]))
    assert "Подгруппа 4" in wide.inner_text(".board")
    assert wide.query_selector("#group-4").bounding_box()["y"] + wide.query_selector(
        "#group-4").bounding_box()["height"] <= 800  # every group in view on the hall screen
    wide.screenshot(path=str(artifacts / "groups-projector-1280.png"))

    play_stage2_round(organizer, tournament)
    play_stage2_round(organizer, tournament)
    play_stage2_round(organizer, tournament)  # the quarter-finals of the bracket from the groups
    phone.goto(live_server.url + reverse("tournaments:bracket", args=[tournament.slug]))
    assert [h.inner_text() for h in phone.query_selector_all(".bracket-round h2")] == [
        "1/4 финала", "Полуфинал", "Финал", "Матч за 3-е место"]
    assert no_horizontal_scroll(phone) and phone.evaluate(BROKEN_WORDS_JS) == []
    assert "первыми посеяны победители подгрупп" in phone.inner_text("main")
    assert "подгруппа 1, место 1" in phone.inner_text("#match-1-1")
    assert phone.query_selector("#match-1-1").bounding_box()["width"] <= 360
    phone.screenshot(path=str(artifacts / "groups-bracket-390.png"))
