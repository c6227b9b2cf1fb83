"""A 16-pair Swiss qualifier and a knockout of 8 in Chromium: the organizer confirms the finalists (1280 px),
the bracket on a phone (390 px: rounds as columns that scroll, no page scroll, no word broken), results
appearing as the rounds are played, the projector (1280 px: every round in view) and the PDF rendered by
pdftoppm with no two words overlapping."""
import io
import shutil
import subprocess

import pdfplumber
import pytest
from django.urls import reverse
from django.utils import timezone

from access.models import RoleKind, TournamentRole
from events.services import finish_round, pair_round, publish_round
from events.services.stages import set_final
from scoring.models import Protocol
from tests.factories import make_round, make_tournament
from tests.referees.conftest import PASSWORD
from tournaments.choices import ProtocolStatus
from tournaments.models import FinalKind, RoundStatus, SignatureMode

from .conftest import login
from .test_hall import BROKEN_WORDS_JS, no_horizontal_scroll

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def result(partie, a, b):
    """A signed protocol's cached result (setup: the standings and the bracket read only the cache)."""
    Protocol.objects.create(partie=partie, score_a=a, score_b=b, winner="A" if a > b else "B", finished=True,
                            status=ProtocolStatus.SIGNED, locked_at=timezone.now())


def qualifier(organizer):
    tournament = make_tournament(16, slug="final-cup", rounds_planned=1, draw_done_at=timezone.now(),
                                 draw_seed="s", draw_closed=True, signature_mode=SignatureMode.ONE_PER_PAIR)
    TournamentRole.objects.create(tournament=tournament, user=organizer, role=RoleKind.ORGANIZER)
    tournament.pairs.filter(number=1).first().players.filter(number=1).update(
        name="Преображенская Анастасия Владимировна")
    rnd = make_round(tournament, 1, [(2 * i + 1, 2 * i + 2) for i in range(8)], status=RoundStatus.FINISHED)
    for i, partie in enumerate(rnd.parties.order_by("table")):
        result(partie, 40 + 5 * i, 20)  # the odd numbers win, by more at a higher table
    return set_final(organizer, tournament, kind=FinalKind.KNOCKOUT, size=8, third_place=True)


def play_stage2_round(organizer, tournament):
    rnd = pair_round(organizer, tournament)
    publish_round(organizer, rnd)
    for partie in rnd.parties.filter(pair_b__isnull=False):
        result(partie, 30, 50)  # side B (the higher number) wins
    finish_round(organizer, rnd)


def test_a_qualifier_then_a_knockout_of_eight(live_server, new_page, artifacts, django_user_model):
    organizer = django_user_model.objects.create_user("org", password=PASSWORD)
    tournament = qualifier(organizer)
    page = new_page({"width": 1280, "height": 800})
    login(page, live_server.url, "org", PASSWORD)
    page.goto(live_server.url + reverse("tournaments:qualification", args=[tournament.slug]))
    assert "выше следующего: разность очков" in page.inner_text("#place-15")
    page.click("#confirm-qualification")
    assert "посев 1: №" in page.inner_text(".consequences")  # the confirmation names the finalists first
    page.click("form button.danger")
    assert "Состав подтверждён" in page.inner_text("#qualification-confirmed")
    play_stage2_round(organizer, tournament)

    phone = new_page({"width": 390, "height": 844})
    phone.goto(live_server.url + reverse("tournaments:bracket", args=[tournament.slug]))
    assert [h.inner_text() for h in phone.query_selector_all(".bracket-round h2")] == [
        "1/4 финала", "Полуфинал", "Финал", "Матч за 3-е место"]
    assert no_horizontal_scroll(phone) and phone.evaluate(BROKEN_WORDS_JS) == []
    assert "Свободен" not in phone.inner_text("main")  # eight of eight: no bye to explain
    assert phone.evaluate("(() => { const s = document.querySelector('#bracket');"
                          " return s.scrollWidth > s.clientWidth; })()")  # the rounds scroll sideways
    first = phone.query_selector("#match-1-1")
    assert first.bounding_box()["width"] <= 360  # a match is readable without scrolling it
    assert first.query_selector(".won") is not None
    phone.screenshot(path=str(artifacts / "bracket-390.png"))

    play_stage2_round(organizer, tournament)
    play_stage2_round(organizer, tournament)
    phone.reload()
    assert phone.query_selector("#final-places") is not None
    places = phone.inner_text("#final-places")
    assert places.splitlines()[0].startswith("1.")
    phone.goto(live_server.url + reverse("tournaments:pairings", args=[tournament.slug, 4]))
    assert phone.inner_text("h1").endswith("Тур 4 · Финал · Матч за 3-е место")
    for width in (360, 390, 820):  # the public standings: the final places, then stage 1's table apart
        standings = new_page({"width": width, "height": 844})
        standings.goto(live_server.url + reverse("reports:standings", args=[tournament.slug]))
        assert standings.inner_text("#final-places h2") == "Итоговые места"
        assert standings.inner_text("#stage1-title") == "Первый этап (отбор)"
        assert no_horizontal_scroll(standings) and standings.evaluate(BROKEN_WORDS_JS) == []
        standings.screenshot(path=str(artifacts / f"stages-standings-{width}.png"), full_page=True)

    projector = new_page({"width": 1280, "height": 800})
    projector.goto(live_server.url + reverse("tournaments:bracket_projector", args=[tournament.slug]))
    assert projector.evaluate("(() => { const s = document.querySelector('.bracket-scroll');"
                              " return s.scrollHeight <= s.clientHeight && s.scrollWidth <= s.clientWidth; })()")
    projector.screenshot(path=str(artifacts / "bracket-projector-1280.png"))

    response = page.request.get(live_server.url + reverse("tournaments:bracket_pdf", args=[tournament.slug]))
    pdf = response.body()
    (artifacts / "bracket.pdf").write_bytes(pdf)
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        assert len(doc.pages) == 1 and doc.pages[0].width > doc.pages[0].height
        words = doc.pages[0].extract_words()
    assert "Преображенская" in " ".join(w["text"] for w in words)
    overlaps = [(a["text"], b["text"]) for i, a in enumerate(words) for b in words[i + 1:]
                if a["x0"] < b["x1"] - 0.5 and b["x0"] < a["x1"] - 0.5
                and a["top"] < b["bottom"] - 0.5 and b["top"] < a["bottom"] - 0.5]
    assert overlaps == []
    if shutil.which("pdftoppm"):
        subprocess.run(["pdftoppm", "-png", "-r", "80", str(artifacts / "bracket.pdf"),
                        str(artifacts / "bracket-pdf")], check=True)
        assert (artifacts / "bracket-pdf-1.png").exists()
