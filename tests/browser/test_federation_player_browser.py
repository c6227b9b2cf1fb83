"""A player's way through the federation's site, in Chromium at 390 × 844 and 1280 × 800: he registers online
for a rated tournament, is put on the waiting list, moves up when another withdraws by his code, is checked in
at the venue through his QR code's address, plays (the parties are simulated and signed), and finds his rating
change and its chart on his player page."""
import random

import pytest
from django.core.cache import cache

from events.services.draw import run_draw
from events.services.registration import register_pair
from events.simulation import federation_admin, link_signers, play_round, registry_player
from registry.models import RatingChange
from registry.rating_services import set_rated
from signup.models import Entry
from tests.factories import make_tournament
from tests.signup.conftest import open_for
from tournaments.models import PairingSystem, SignatureMode, Tournament

from .conftest import login
from .test_pair_pages import no_horizontal_scroll
from .test_signup_browser import _register

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

VIEWPORTS = [{"width": 390, "height": 844}, {"width": 1280, "height": 800}]
PLAYER = "Ёлкин-Преображенский Константин"


@pytest.fixture
def organizer_account(django_user_model):
    return django_user_model.objects.create_user("season-organizer", password="domino2026")


def _rated_cup(organizer, slug):
    cache.clear()  # the form's rate limit counts every send from this address (tests/signup/conftest.py)
    from access.models import RoleKind, TournamentRole

    tournament = make_tournament(0, slug=slug, numbered=False, pairing_system=PairingSystem.ROUND_ROBIN,
                                 signature_mode=SignatureMode.ONE_PER_PAIR,
                                 rounds_planned=3)
    Tournament.objects.filter(pk=tournament.pk).update(name="Рейтинговый кубок Верхнеднепровского района")
    TournamentRole.objects.create(tournament=tournament, user=organizer, role=RoleKind.ORGANIZER)
    set_rated(federation_admin(), tournament, True)
    for k in range(3):  # registered by hand at the organizer's table: three of the four places
        register_pair(organizer, tournament, players=[registry_player(f"Игрок {2 * k + 1}", "Тверь"),
                                                      registry_player(f"Игрок {2 * k + 2}", "Тверь")])
    open_for(organizer, tournament, limit=4)
    return tournament


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=["390", "1280"])
def test_register_wait_move_up_check_in_play_and_find_the_rating(live_server, new_page, organizer_account,
                                                                 artifacts, viewport):
    w, base = viewport["width"], live_server.url
    tournament = _rated_cup(organizer_account, f"season-{w}")
    first = new_page(viewport)
    first_url = _register(first, base, tournament.slug, "Иванов Иван", "Петров Пётр")  # the last place
    player = new_page(viewport)
    player_url = _register(player, base, tournament.slug, PLAYER, "Сидоров Сидор")
    assert "В листе ожидания" in player.locator("#entry-status").inner_text()

    first.goto(first_url)
    first.click("#withdraw-link")
    first.click("#withdraw-confirm")
    first.wait_for_load_state("networkidle")
    player.goto(player_url)
    assert "Принята" in player.locator("#entry-status").inner_text()  # moved up
    checkin_url = player.locator("#checkin-qr").get_attribute("data-url")

    staff = new_page(viewport)
    login(staff, base, "season-organizer", "domino2026")
    staff.goto(checkin_url)  # the organizer's phone reads the QR code
    assert f"Прибытие отмечено: {PLAYER} — Сидоров Сидор." in staff.locator("#checkin-message").inner_text()
    entry = Entry.objects.get(tournament=tournament, pair__players__name=PLAYER)
    assert entry.checked_in_at is not None

    run_draw(organizer_account, tournament, seed="season")  # the parties are played and signed
    signers = link_signers(tournament, "season")
    rng, events = random.Random("play"), random.Random("events")
    for _ in range(3):
        play_round(organizer_account, tournament, rng, events, signers, 0)
    person = entry.pair.players.get(name=PLAYER).person
    changes = RatingChange.objects.filter(person=person).order_by("order_key")
    assert changes.count() == 3  # a round robin of four pairs: three rated parties

    player.goto(f"{base}/players/{person.pk}/")
    errors = []
    player.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    player.reload()
    player.wait_for_function("() => window.Chart && Chart.getChart('rating-chart') !== undefined")
    points = player.evaluate("() => Chart.getChart('rating-chart').data.datasets[0].data")
    after = float(changes.last().after)
    first = float(changes.first().before)
    assert len(points) == 2, points  # where he started, then the one event's rating after it
    assert abs(float(points[0]) - first) < 0.51 and abs(float(points[1]) - after) < 0.51, points
    text = player.locator("main").inner_text().replace("\xad", "")
    assert "Рейтинговый кубок Верхнеднепровского района" in text
    assert f"рейтинг после турнира: {round(after)}" in text
    assert no_horizontal_scroll(player), w
    assert player.evaluate("() => { const d = document.querySelector('#rating-history').parentElement;"
                           " return d.scrollWidth <= d.clientWidth; }"), w  # the rating after the event in view
    assert not errors, errors
    player.screenshot(path=str(artifacts / f"season-player-{w}.png"), full_page=True)
