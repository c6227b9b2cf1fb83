"""An individual round robin's schedule on a phone and a laptop: the organizer's draft with its table player by
player (docs/rules-individual.md §3), and the public schedule page a player opens from his page — no sideways
scroll, no word broken inside."""
import pytest
from django.utils import timezone
from playwright.sync_api import expect

from access.models import RoleKind, TournamentRole
from events.services import pair_round, publish_round
from tests.factories import make_individual
from tournaments.models import Player

from .conftest import login

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

VIEWPORTS = [{"width": 390, "height": 844}, {"width": 1280, "height": 800}]
NAMES = ["Преображенский Константин", "Верхнеднепровская Александра", "Ёлкин Фёдор", "Сидоров-Петровский Вениамин"]


def fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


@pytest.fixture
def ten(django_user_model):
    t = make_individual(10, slug="rr-ten", is_public=True, pairing_system="round-robin", rounds_planned=9)
    for player, name in zip(Player.objects.filter(pair__tournament=t).order_by("pair__number"), NAMES):
        player.name = name
        player.save()
    boss = django_user_model.objects.create_user("rr-boss", password="domino2026")
    TournamentRole.objects.create(tournament=t, user=boss, role=RoleKind.ORGANIZER)
    t.draw_done_at = timezone.now()
    t.save(update_fields=["draw_done_at"])
    return t, boss


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=["390", "1280"])
def test_the_draft_and_the_public_schedule(live_server, new_page, artifacts, ten, viewport):
    t, boss = ten
    w = viewport["width"]
    pair_round(boss, t)
    page = new_page(viewport)
    login(page, live_server.url, "rr-boss", "domino2026")
    page.goto(f"{live_server.url}/t/{t.slug}/round/1/")
    lines = page.locator("#schedule-players tbody tr")
    expect(lines).to_have_count(10)
    expect(page.locator("#schedule-player-10")).to_contain_text("—")
    assert fits(page)
    page.locator("#schedule-players").screenshot(path=str(artifacts / f"rr-draft-players-{w}.png"))
    # the public page: nothing of the draft; once published, round 1 and a player's own line
    anonymous = new_page(viewport)
    anonymous.goto(f"{live_server.url}/t/{t.slug}/schedule/")
    expect(anonymous.locator("#round-1")).to_have_count(0)
    publish_round(boss, t.rounds.get(number=1))
    anonymous.goto(f"{live_server.url}/t/{t.slug}/player/2/")
    anonymous.click("#schedule-link")
    expect(anonymous.locator("#my-rounds")).to_contain_text("Игрок №2 Верхнеднепровская Александра")
    expect(anonymous.locator("#round-1 tr.me")).to_have_count(0 if "пропускает" in
                                                               anonymous.inner_text("#my-round-1") else 1)
    expect(anonymous.locator("#round-2")).to_contain_text("по расписанию")  # the rounds ahead, as planned
    assert fits(anonymous)
    assert anonymous.evaluate("""() => [...document.querySelectorAll('td, th')].every(c => {
        const s = getComputedStyle(c); return s.wordBreak !== 'break-all' && s.overflowWrap !== 'anywhere'; })""")
    anonymous.screenshot(path=str(artifacts / f"rr-schedule-{w}.png"), full_page=True)
    anonymous.fill("#schedule-player", "77")
    anonymous.click("#schedule-player-form button")
    expect(anonymous.locator("#schedule-player-error")).to_contain_text("в турнире нет")
    assert fits(anonymous)
