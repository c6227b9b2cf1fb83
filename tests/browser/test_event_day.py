"""A club event day from start to finish as the organizer sees it, on a phone and on a laptop, never in /admin/.

The organizer creates the tournament from the preset list, attaches a referee,
imports 12 pairs from Excel, corrects a name, deletes a pair, runs the draw,
pairs and publishes round 1. The referee, on his own device, records a no-show
at one table and enters another deal by deal; the remaining tables are entered
through the services as the referee would. The organizer finishes the round,
pairs round 2 and opens the print pack of round 1.

After round 1 (the settings saved unchanged, a protocol reopened) is in test_event_day_after_round.py.
"""
import pytest
from playwright.sync_api import expect

from access.models import RoleKind, TournamentRole
from scoring import services
from scoring.models import Protocol
from tests.referees.conftest import DEALS
from tests.tournaments.conftest import pair_rows, xlsx_bytes
from tests.versions import shown_version
from tournaments.choices import ProtocolStatus
from tournaments.models import Entrant, Player, RoundStatus, SigningMethod, Tournament

from .conftest import PHONE, login
from .event_day import LAPTOP, NAME, PASSWORD, Walk, confirm, organizer, referee, state, wait  # noqa: F401  (fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TYPO, FIXED = "Ёлкин Констнатин", "Ёлкин Константин"


@pytest.fixture
def pairs_file(tmp_path):
    rows = pair_rows(12)
    rows[2][0] = TYPO
    path = tmp_path / "pairs.xlsx"
    path.write_bytes(xlsx_bytes(rows))
    return path


def create_on_page(walk, base):
    page = walk.page
    page.goto(f"{base}/")
    page.click("#create-tournament")
    expect(page.locator("h1")).to_contain_text("Новый турнир")
    page.fill("#id_name", NAME)
    page.select_option("#id_rules_preset", label="Пусто-шесть")
    expect(page.locator("#id_rule_partie_length")).to_have_value("deals")
    page.fill("#id_start_date", "2026-11-30")
    page.fill("#id_rounds_planned", "3")
    walk.shot("create")
    page.click("#setup-form button[type=submit]")
    wait(page)
    state(page, "registration", "Регистрация пар")
    t = Tournament.objects.get(name=NAME)
    assert t.rules_preset == "pusto-shest" and t.rounds_planned == 3
    assert TournamentRole.objects.filter(tournament=t, user__username="organizer", role=RoleKind.ORGANIZER).exists()
    return t


def enter_table_on_page(page, base, partie):
    """RULES.md §8 without the remark, typed into the entry form deal by deal: 48 : 35."""
    page.goto(f"{base}/referee/partie/{partie.pk}/")
    steps = [
        ("Домино", "A1", {"A2": 14, "B1": 10, "B2": 23}),
        ("Рыба", None, {"A1": 9, "A2": 10, "B1": 4, "B2": 30}),
        ("Домино", "B2", {"A1": 8, "A2": 17, "B1": 5}),
    ]
    for n, (result, out, hands) in enumerate(steps, start=1):
        page.locator("#deal-form label.choice", has_text=result).first.click()
        if out:
            page.locator("#deal-form label.choice", has_text=out).first.click()
        for seat, pips in hands.items():
            page.fill(f"#id_hand_{seat}", str(pips))
        page.click("#save-deal")
        wait(page)
        expect(page.locator(f"#deal-{n}")).to_be_visible()
    page.locator("#deal-form label.choice", has_text="Ложный пас").first.click()
    page.locator("fieldset[data-for=wrong_pass] label.choice", has_text="A2").click()
    page.click("#save-deal")
    wait(page)
    expect(page.locator("#deal-4")).to_be_visible()
    expect(page.locator("#score-a")).to_have_text("48")
    expect(page.locator("#score-b")).to_have_text("35")
    expect(page.locator("#status")).to_contain_text("Ждёт подписей")


@pytest.mark.parametrize("viewport,tag", [(PHONE, "390"), (LAPTOP, "1280")])
def test_event_day(live_server, new_page, organizer, referee, pairs_file, artifacts, viewport, tag):
    base = live_server.url
    walk = Walk(new_page(viewport), artifacts, tag)
    page = walk.page
    visited = []
    page.on("request", lambda request: visited.append(request.url))

    # 1. The organizer logs in; the home page offers a new tournament.
    login(page, base, "organizer", PASSWORD)
    expect(page.locator("#create-tournament")).to_be_visible()
    walk.shot("home")

    # 2. A tournament from the preset list.
    t = create_on_page(walk, base)
    slug = t.slug
    manage = f"{base}/t/{slug}/manage/"
    expect(page.locator("body")).to_contain_text("Пусто-шесть")
    walk.shot("created")

    # 3. The referee's existing account joins the tournament.
    page.goto(manage)
    page.click("a[href$='/manage/officials/']")
    page.fill("#id_q", "Судейская")
    page.click("form.search button[type=submit]")
    wait(page)
    expect(page.locator("#found")).to_contain_text("referee")
    page.locator("#found select[name=role]").first.select_option(RoleKind.REFEREE)
    page.locator("#found button[type=submit]", has_text="Добавить в турнир").first.click()
    wait(page)
    expect(page.locator("#officials")).to_contain_text("Судейская")
    expect(page.locator("#officials")).to_contain_text("Судья")
    walk.shot("officials")
    assert TournamentRole.objects.filter(tournament=t, user=referee, role=RoleKind.REFEREE).exists()

    # 4. The referee attests the paper sheets: he signs alone.
    page.goto(manage)
    page.click("#signing-link")
    page.select_option("#signing-form select[name=signing_method]", SigningMethod.REFEREE_ATTESTS)
    page.click("#signing-form button[type=submit]")
    wait(page)
    expect(page.locator("#signing-form select[name=signing_method]")).to_have_value(SigningMethod.REFEREE_ATTESTS)
    walk.shot("signing")

    # 5. 12 pairs from an Excel file.
    page.goto(manage)
    page.click("a[href$='/manage/import/']")
    page.set_input_files("input[type=file][name=file]", str(pairs_file))
    page.click("main form[enctype] button[type=submit]")
    wait(page)
    state(page, "registration", "Регистрация пар")
    expect(page.locator("#state")).to_contain_text("Зарегистрировано пар: 12")
    walk.shot("import")

    # 6. A typo in a player's name, corrected on the pair's page.
    page.click("#pairs-link")
    row = page.locator("table.pair-list tbody tr", has_text=TYPO)
    row.locator("a", has_text="изменить").click()
    expect(page.locator("#edit-form [name=player1_name]")).to_have_value(TYPO)
    page.fill("#edit-form [name=player1_name]", FIXED)
    page.fill("#edit-form [name=note]", "опечатка в имени")
    walk.shot("pair-edit")
    page.click("#edit-form button[type=submit]")
    wait(page)
    expect(page.locator("table.pair-list")).to_contain_text(FIXED)
    expect(page.locator("table.pair-list")).not_to_contain_text(TYPO)
    assert Player.objects.filter(pair__tournament=t, name=FIXED).count() == 1

    # 7. A pair that will not come is deleted before the draw (after a confirmation).
    gone = "Игрок 23"
    page.locator("table.pair-list tbody tr", has_text=gone).locator("button", has_text="удалить").click()
    wait(page)
    expect(page.locator(".consequences")).to_contain_text(gone)
    walk.shot("delete-confirm")
    confirm(page, "Удалить пару?")
    expect(page.locator("table.pair-list")).not_to_contain_text(gone)
    assert t.pairs.count() == 11
    page.goto(manage)
    expect(page.locator("#state")).to_contain_text("Зарегистрировано пар: 11")
    expect(page.locator("#main-action")).to_contain_text("Провести жеребьёвку")

    # 8. The draw numbers the pairs.
    page.click("#main-action")
    wait(page)
    walk.shot("draw-confirm")
    confirm(page, "Провести жеребьёвку?")
    page.goto(manage)
    state(page, "draw_done", "Жеребьёвка проведена")
    expect(page.locator("#main-action")).to_contain_text("Составить тур 1")
    assert sorted(t.pairs.values_list("number", flat=True)) == list(range(1, 12))
    walk.shot("draw-done")

    # 9. Round 1: a draft, checked and published.
    page.click("#main-action")
    wait(page)
    expect(page.locator("button", has_text="Опубликовать тур")).to_be_visible()
    walk.shot("round1-draft")
    page.click("button:has-text('Опубликовать тур')")
    wait(page)
    walk.shot("publish-confirm")
    confirm(page, "Опубликовать тур 1?")
    rnd = t.rounds.get(number=1)
    assert rnd.status == RoundStatus.PUBLISHED
    tables = list(rnd.parties.filter(pair_b__isnull=False).order_by("table"))
    assert len(tables) == 5 and rnd.parties.filter(pair_b__isnull=True).count() == 1  # 11 pairs: one bye
    page.goto(manage)
    state(page, "round_in_play", "Идёт тур 1 из 3")
    expect(page.locator("#main-action")).to_contain_text("не подписано протоколов — 5")
    walk.shot("round1-in-play")

    # 10. The referee, on his own device: a no-show at one table, closed by his signature alone.
    desk = new_page(viewport)
    login(desk, base, "referee", PASSWORD)
    no_show = tables[1]
    desk.goto(f"{base}/referee/partie/{no_show.pk}/")
    desk.click("#no_show summary")
    desk.locator("#no_show button", has_text="Неявка пары B").click()
    wait(desk)
    expect(desk.locator("#confirm")).to_contain_text("Отметить неявку пары B")
    walk.shot("referee-no-show-confirm", desk)
    desk.click("#confirm-yes")
    wait(desk)
    expect(desk.locator("#status")).to_contain_text("неявка пары B")
    desk.click("#countersign")
    wait(desk)
    expect(desk.locator("#confirm")).to_contain_text("не явилась")
    desk.click("#confirm-yes")
    wait(desk)
    expect(desk.locator("#locked")).to_contain_text("Протокол подписан и закрыт")
    expect(desk.locator("#status")).to_contain_text("победа пары A")
    expect(desk.locator("#slot-referee")).to_contain_text("подписал")
    expect(desk.locator("#slot-referee")).not_to_contain_text("заверил")  # nobody signed a paper sheet
    walk.shot("referee-no-show-signed", desk)

    # 11. One table entered deal by deal on the page; the referee attests the paper sheet.
    enter_table_on_page(desk, base, tables[0])
    expect(desk.locator("#attest-note")).to_be_visible()
    walk.shot("referee-entry", desk)
    desk.click("#countersign")
    wait(desk)
    expect(desk.locator("#confirm")).to_contain_text("бумажный бланк")
    desk.click("#confirm-yes")
    wait(desk)
    expect(desk.locator("#locked")).to_contain_text("Протокол подписан и закрыт")
    expect(desk.locator("#slot-referee")).to_contain_text("заверил подписи игроков")
    walk.shot("referee-signed", desk)

    # The other tables: the same deals and signature, through the services the pages call.
    for partie in tables[2:]:
        for deal in DEALS:
            services.record_deal(referee, partie, deal, expected_version=shown_version(partie))
        services.sign_protocol(referee, partie, role="referee", expected_version=shown_version(partie))
    protocols = Protocol.objects.filter(partie__in=tables)
    assert all(p.status == ProtocolStatus.SIGNED for p in protocols) and protocols.count() == 5
    assert (Protocol.objects.get(partie=tables[0]).score_a, Protocol.objects.get(partie=tables[0]).score_b) == (48, 35)

    # 12. Standings while the round is open, then the round is finished.
    page.goto(f"{base}/t/{slug}/standings/")
    expect(page.locator("main")).to_contain_text("тур 1 идёт (предварительно)")
    walk.shot("standings-provisional")
    page.goto(manage)
    state(page, "round_in_play", "Идёт тур 1 из 3")
    expect(page.locator("#state")).to_contain_text("Все протоколы тура подписаны")
    expect(page.locator("#main-action")).to_contain_text("Завершить тур 1")
    page.click("#main-action")
    wait(page)
    page.goto(manage)
    state(page, "round_in_play", "Тур 1 из 3 завершён")
    expect(page.locator("#main-action")).to_contain_text("Составить тур 2")
    walk.shot("round1-finished")
    page.goto(f"{base}/t/{slug}/standings/")
    expect(page.locator("main")).to_contain_text("после тура 1")
    expect(page.locator("main")).not_to_contain_text("предварительно")
    walk.shot("standings-after-1")

    # 13. Round 2 paired (a draft).
    page.goto(manage)
    page.click("#main-action")
    wait(page)
    expect(page.locator("h1")).to_contain_text("2")
    expect(page.locator("button", has_text="Опубликовать тур")).to_be_visible()
    walk.shot("round2-draft")
    assert t.rounds.get(number=2).status == RoundStatus.DRAFT
    page.goto(manage)
    state(page, "round_in_play", "Идёт тур 2 из 3")

    # 14. The print pack of round 1: every document is a PDF.
    pack = page.locator("ul.list li", has=page.locator("a", has_text="Тур 1")).locator(".pack a")
    links = [pack.nth(i).get_attribute("href") for i in range(pack.count())]
    assert len(links) == 6, links
    walk.shot("print-pack")
    for k, href in enumerate(links, start=1):
        answer = page.request.get(base + href)
        assert answer.status == 200, href
        assert answer.headers["content-type"] == "application/pdf", href
        assert answer.body()[:5] == b"%PDF-", href
        (artifacts / f"day-{tag}-pack-{k}.pdf").write_bytes(answer.body())

    assert not any("/admin/" in url for url in visited)
    assert Entrant.objects.filter(tournament=t).count() == 11
