"""A 13-player individual round-robin event on a phone and on a laptop, as the organizer, a referee and a player.

The organizer imports 13 players from Excel, runs the draw, pairs and publishes round 1 (three tables, one
player sits out). The referee enters one partie deal by deal; its four players sign with their PINs on his
device and he closes it. A player, without logging in, reads his own page, the player × round grid and the
standings per player.
"""
import datetime

import pytest
from playwright.sync_api import expect

from access.models import RoleKind, TournamentRole
from scoring import services
from scoring.models import Protocol
from tests.tournaments.conftest import xlsx_bytes
from tournaments.choices import ProtocolStatus
from tournaments.models import SigningMethod, Tournament

from .conftest import PHONE, login
from .event_day import LAPTOP, PASSWORD, Walk, confirm, organizer, referee, wait  # noqa: F401  (fixtures)
from .test_event_day import enter_table_on_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Ёлкин Фёдор", "Щербакова Анна", "Иванов Иван", "Петров Пётр", "Сидоров Сидор", "Кузнецов Кузьма",
         "Смирнова Ольга", "Попов Алексей", "Волков Дмитрий", "Соколов Сергей", "Лебедева Мария",
         "Козлов Андрей", "Новиков Николай"]


@pytest.fixture
def players_file(tmp_path):
    path = tmp_path / "players.xlsx"
    path.write_bytes(xlsx_bytes([[name, "Тверь", "", "", "", "", "", ""] for name in NAMES]))
    return path


@pytest.fixture
def solo(organizer, referee):
    t = Tournament.objects.create(
        name="Личное первенство клуба", slug="solo-day", start_date=datetime.date(2026, 12, 5), format="individual",
        pairing_system="round-robin", rounds_planned=13, signing_method=SigningMethod.TABLE_PIN, is_public=True)
    TournamentRole.objects.create(tournament=t, user=organizer, role=RoleKind.ORGANIZER)
    TournamentRole.objects.create(tournament=t, user=referee, role=RoleKind.REFEREE)
    return t


@pytest.mark.parametrize("viewport,tag", [(PHONE, "solo-390"), ({"width": 1280, "height": 800}, "solo-1280")])
def test_individual_round_robin_event(live_server, new_page, organizer, referee, solo, players_file, artifacts,
                                      viewport, tag):
    assert LAPTOP == {"width": 1280, "height": 800}
    base = live_server.url
    walk = Walk(new_page(viewport), artifacts, tag)
    page = walk.page
    manage = f"{base}/t/{solo.slug}/manage/"

    # 1. The organizer imports the players: one a row.
    login(page, base, "organizer", PASSWORD)
    page.goto(manage)
    page.click("a[href$='/manage/import/']")
    page.set_input_files("input[type=file][name=file]", str(players_file))
    page.click("main form[enctype] button[type=submit]")
    wait(page)
    assert sorted(p.players.get().name for p in solo.pairs.all()) == sorted(NAMES)
    walk.shot("import")

    # 2. The draw gives the players their numbers 1…13.
    page.goto(manage)
    page.click("#main-action")
    wait(page)
    confirm(page, "Провести жеребьёвку?")
    assert sorted(solo.pairs.values_list("number", flat=True)) == list(range(1, 14))
    walk.shot("draw")

    # 3. Round 1 of the schedule: three tables of four, one player sits out.
    page.goto(manage)
    page.click("#main-action")
    wait(page)
    page.click("button:has-text('Опубликовать тур')")
    wait(page)
    confirm(page, "Опубликовать тур 1?")
    rnd = solo.rounds.get(number=1)
    tables = list(rnd.parties.filter(pair_b__isnull=False).select_related(
        "pair_a", "partner_a", "pair_b", "partner_b").order_by("table"))
    sitter = rnd.parties.get(pair_b__isnull=True).pair_a.players.get()
    assert len(tables) == 3
    page.goto(f"{base}/t/{solo.slug}/round/1/")
    expect(page.locator("main")).to_contain_text("Пропускает тур")
    expect(page.locator("main")).to_contain_text(sitter.name)
    for side in "AB":
        for player in tables[0].side_players(side):
            expect(page.locator("main")).to_contain_text(player.name)
    walk.shot("round1")

    # 4. The referee enters table 1 deal by deal; the four players sign with their PINs on his device.
    codes = {i.player.pk: i.pin for i in services.generate_pins(organizer, solo, confirmed=True)}
    desk = new_page(viewport)
    login(desk, base, "referee", PASSWORD)
    partie = tables[0]
    enter_table_on_page(desk, base, partie)
    walk.shot("referee-entry", desk)
    for side in "AB":
        for k, player in enumerate(partie.side_players(side), start=1):
            expect(desk.locator(f"#slot-{side}{k} .sig-name")).to_have_text(player.name)
            desk.fill(f"#sign-{side}{k} input[name=pin]", codes[player.pk])
            desk.click(f"#sign-{side}{k} button")
            wait(desk)
            expect(desk.locator(f"#slot-{side}{k} .sig-state")).to_contain_text("подписал")
    desk.click("#countersign")
    wait(desk)
    desk.click("#confirm-yes")
    wait(desk)
    expect(desk.locator("#locked")).to_contain_text("Протокол подписан и закрыт")
    walk.shot("referee-signed", desk)
    protocol = Protocol.objects.get(partie=partie)
    assert protocol.status == ProtocolStatus.SIGNED and (protocol.score_a, protocol.score_b) == (48, 35)
    assert protocol.signatures.filter(role="player").count() == 4

    # 5. A player, without logging in: his page, the grid, the standings per player.
    a2 = partie.side_players("A")[1]
    phone = new_page(viewport)
    phone.goto(f"{base}/t/{solo.slug}/player/{partie.partner_a.number}/")
    expect(phone.locator("main")).to_contain_text(a2.name)
    expect(phone.locator("main")).to_contain_text(partie.side_players("A")[0].name)  # his partner
    expect(phone.locator("main")).to_contain_text("48 : 35")
    walk.shot("player-page", phone)
    phone.goto(f"{base}/t/{solo.slug}/grid/")
    expect(phone.locator("main")).to_contain_text(sitter.name)
    expect(phone.locator("main")).to_contain_text("пропуск тура")
    walk.shot("grid", phone)
    phone.goto(f"{base}/t/{solo.slug}/standings/")
    expect(phone.locator("main")).to_contain_text("Положение игроков")
    for player in partie.side_players("A"):
        expect(phone.locator("main")).to_contain_text(player.name)
    walk.shot("standings", phone)
