"""A whole individual round robin of 13 players in Chromium, from «Новый турнир» to the final report.

The organizer (1280 px) creates the event («Личный зачёт», round robin, 13 rounds, PINs on the referee's device),
imports 12 players and registers the 13th on the management page, runs the draw, gives the PINs (the slips), and
pairs, publishes and finishes all 13 rounds from the management page. In rounds 1 and 13 the referee (390 px)
types table 1 deal by deal and its four players sign with the PINs printed on their slips; the other tables are
played through the services the referee's page calls.

Checked: the event never calls its entrant a pair (the management page, the slips, the signing page, the
referee's page, preview and confirmation, the protocol page and PDF, the standings and the players' pages, the
workbooks with their sheet names, the printouts, the final report, the public page and the calendar); the
player sitting out is never «Стол N» (the round's page, the referee's overview, the pairings PDF, the print
pack's list and table cards, the grid, his own page, the workbook's tables); every standing says after which
round it stands (the page, the projector, the PDF and the workbook after round 1, 5 and 13), the final report
is the final one and its winner is the page's.
"""
import random
import re

import pytest
from playwright.sync_api import expect

from access.models import RoleKind, TournamentRole
from scoring.models import Protocol
from tests.tournaments.conftest import xlsx_bytes
from tournaments.choices import ProtocolStatus
from tournaments.models import Player, RoundStatus, Tournament

from .conftest import PHONE, login
from .event_day import LAPTOP, PASSWORD, confirm, organizer, referee, state, wait  # noqa: F401  (fixtures)
from .walks import flat, get_pdf, get_workbook, pair_words, play_table, sheet_text, shots

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAME = "Личное первенство «Дубль-пусто»"
NAMES = ["Ёлкин Фёдор", "Щербакова Анна", "Иванов Иван", "Петров Пётр", "Сидоров Сидор", "Кузнецов Кузьма",
         "Смирнова Ольга", "Попов Алексей", "Волков Дмитрий", "Соколов Сергей", "Лебедева Мария",
         "Козлов Андрей"]
LAST = "Новиков Николай"  # registered on the management page
TABLE_4 = re.compile(r"стол\s*(№\s*)?4(?!\d)", re.IGNORECASE)  # 13 players: three tables, never a fourth


def no_pair_word(text, where):
    found = pair_words(text)
    assert not found, f"{where} names the entrant a pair: {found}"


def body(page):
    return page.inner_text("body")


def type_table(desk, base, partie):
    """RULES.md §8 typed deal by deal on the referee's page (48 : 35); the preview of the last deal says who
    won in the event's words."""
    desk.goto(f"{base}/referee/partie/{partie.pk}/")
    steps = [("Домино", "A1", {"A2": 14, "B1": 10, "B2": 23}), ("Рыба", None, {"A1": 9, "A2": 10, "B1": 4, "B2": 30}),
             ("Домино", "B2", {"A1": 8, "A2": 17, "B1": 5})]
    for n, (result, out, hands) in enumerate(steps, start=1):
        desk.locator("#deal-form label.choice", has_text=result).first.click()
        if out:
            desk.locator("#deal-form label.choice", has_text=out).first.click()
        for seat, pips in hands.items():
            desk.fill(f"#id_hand_{seat}", str(pips))
        desk.click("#save-deal")
        wait(desk)
        expect(desk.locator(f"#deal-{n}")).to_be_visible()
    desk.locator("#deal-form label.choice", has_text="Ложный пас").first.click()
    desk.locator("fieldset[data-for=wrong_pass] label.choice", has_text="A2").click()
    expect(desk.locator("#preview-result")).to_contain_text("Партия окончена")
    preview = desk.inner_text("#preview-result")
    assert "сторона A" in preview, preview
    no_pair_word(preview, "the preview of the last deal")
    desk.click("#save-deal")
    wait(desk)
    expect(desk.locator("#deal-4")).to_be_visible()
    expect(desk.locator("#score-a")).to_have_text("48")
    expect(desk.locator("#score-b")).to_have_text("35")
    expect(desk.locator("#status")).to_contain_text("Ждёт подписей")
    expect(desk.locator("#status")).to_contain_text("победитель: сторона A")


def test_an_individual_round_robin_of_13_players(live_server, new_page, organizer, referee, artifacts, tmp_path):
    base = live_server.url
    page = new_page(LAPTOP)
    login(page, base, "organizer", PASSWORD)

    # 1. «Новый турнир»: the individual format, the round robin, 13 rounds, PINs on the referee's device.
    page.goto(f"{base}/new/")
    page.fill("#id_name", NAME)
    page.fill("#id_start_date", "2026-12-12")
    page.fill("#id_city", "Тверь")
    page.select_option("#id_format", "individual")
    page.select_option("#id_pairing_system", "round-robin")
    page.fill("#id_rounds_planned", "13")
    page.select_option("#id_signing_method", "table_pin")
    page.click("#setup-form button[type=submit]")
    wait(page)
    state(page, "registration", "Регистрация игроков")
    t = Tournament.objects.get(name=NAME)
    assert (t.format, t.pairing_system, t.rounds_planned, t.signing_method) == (
        "individual", "round-robin", 13, "table_pin")
    slug = t.slug
    manage = f"{base}/t/{slug}/manage/"
    no_pair_word(body(page), "the new event's management page")
    TournamentRole.objects.create(tournament=t, user=referee, role=RoleKind.REFEREE)

    # 2. Twelve players from a file (one a row), the thirteenth on the management page.
    path = tmp_path / "players.xlsx"
    path.write_bytes(xlsx_bytes([[name, "Тверь", "", "", "", "", "", ""] for name in NAMES]))
    page.click("a[href$='/manage/import/']")
    no_pair_word(body(page), "the import page")
    page.set_input_files("input[type=file][name=file]", str(path))
    page.click("main form[enctype] button[type=submit]")
    wait(page)
    page.goto(manage)
    page.fill("#id_player1_name", LAST)
    page.fill("#id_player1_club", "Клин")
    page.click("#register ~ form button[type=submit]")
    wait(page)
    state(page, "registration", "Регистрация игроков")
    expect(page.locator("#state")).to_contain_text("Зарегистрировано игроков: 13")
    expect(page.locator("main")).to_contain_text(LAST)
    no_pair_word(body(page), "the management page with 13 players")
    shots(page, artifacts, "solo-registered")
    assert sorted(p.players.get().name for p in t.pairs.all()) == sorted(NAMES + [LAST])

    # 3. The draw numbers the players 1…13.
    page.goto(manage)
    page.click("#main-action")
    wait(page)
    no_pair_word(body(page), "the draw's confirmation")
    confirm(page, "Провести жеребьёвку?")
    assert sorted(t.pairs.values_list("number", flat=True)) == list(range(1, 14))
    page.goto(f"{base}/t/{slug}/draw/")
    expect(page.locator("main")).to_contain_text("№ игрока")
    no_pair_word(body(page), "the draw page")

    # 4. The signing page, then a PIN for every player: the slips as the organizer prints them.
    page.goto(manage)
    page.click("#signing-link")
    wait(page)
    expect(page.locator("#signing-form select[name=signing_method]")).to_have_value("table_pin")
    no_pair_word(body(page), "the signing page")
    shots(page, artifacts, "solo-signing")
    page.click("#pins-form button[type=submit]")
    wait(page)
    expect(page.locator("#once")).to_contain_text("Выдано ПИН-кодов: 13")
    expect(page.locator(".slip").first).to_contain_text("игрок №")
    no_pair_word(body(page), "the PIN slips")
    shots(page, artifacts, "solo-slips", reload=False)
    pins = {slip.locator("h3").inner_text().strip(): slip.locator(".pin").inner_text().strip()
            for slip in page.locator(".slip").all()}
    assert sorted(pins) == sorted(NAMES + [LAST]) and all(re.fullmatch(r"\d{5}", pin) for pin in pins.values())
    by_player = {p.pk: pins[p.name] for p in Player.objects.filter(pair__tournament=t)}

    # 5. Thirteen rounds: paired, published and finished on the management page.
    desk = new_page(PHONE)
    login(desk, base, "referee", PASSWORD)
    rng = random.Random(13)
    for k in range(1, 14):
        page.goto(manage)
        expect(page.locator("#main-action")).to_contain_text(f"Составить тур {k}")
        page.click("#main-action")
        wait(page)
        page.click("button:has-text('Опубликовать тур')")
        wait(page)
        confirm(page, f"Опубликовать тур {k}?")
        rnd = t.rounds.get(number=k)
        assert rnd.status == RoundStatus.PUBLISHED
        tables = list(rnd.parties.filter(pair_b__isnull=False).order_by("table"))
        sitter = rnd.parties.get(pair_b__isnull=True).pair_a
        assert len(tables) == 3 and sitter.number == k  # the schedule: in round k player №k sits out
        sitter_name = sitter.players.get().name

        if k == 1:  # the round's page and the referee's overview: three tables, the sit-out apart
            page.goto(f"{base}/t/{slug}/round/1/")
            row = page.locator("tr", has_text=sitter_name).first
            expect(row).to_contain_text("Пропускает тур")
            by_table = page.locator("tr", has_text="пропуск тура").first
            assert by_table.locator("td").first.inner_text().strip() == ""  # no table number
            assert not TABLE_4.search(body(page))
            no_pair_word(body(page), "the round's page")
            shots(page, artifacts, "solo-round1")
            desk.goto(f"{base}/referee/t/{slug}/")
            expect(desk.locator("main")).to_contain_text(f"№{k} — Пропускает тур")
            assert desk.locator("main").inner_text().count("Стол ") == 3
            no_pair_word(body(desk), "the referee's overview")
            shots(desk, artifacts, "solo-referee-overview")

        rest = tables
        if k in (1, 13):  # table 1 typed by the referee, signed with the players' PINs on his phone
            partie, rest = tables[0], tables[1:]
            type_table(desk, base, partie)
            no_pair_word(body(desk), f"the referee's page (round {k})")
            if k == 1:
                shots(desk, artifacts, "solo-referee-entry")
            for side in "AB":
                for n, player in enumerate(partie.side_players(side), start=1):
                    expect(desk.locator(f"#slot-{side}{n} .sig-name")).to_have_text(player.name)
                    desk.fill(f"#sign-{side}{n} input[name=pin]", pins[player.name])
                    desk.click(f"#sign-{side}{n} button")
                    wait(desk)
                    expect(desk.locator(f"#slot-{side}{n} .sig-state")).to_contain_text("подписал")
            desk.click("#countersign")
            wait(desk)
            expect(desk.locator("#confirm")).to_contain_text("48 : 35")
            no_pair_word(desk.inner_text("#confirm"), f"the referee's confirmation (round {k})")
            no_pair_word(body(desk), f"the referee's page with the confirmation (round {k})")
            desk.click("#confirm-yes")
            wait(desk)
            expect(desk.locator("#locked")).to_contain_text("Протокол подписан и закрыт")
            protocol = Protocol.objects.get(partie=partie)
            assert protocol.status == ProtocolStatus.SIGNED and (protocol.score_a, protocol.score_b) == (48, 35)
            assert protocol.signatures.filter(role="player").count() == 4
            text = get_pdf(page, f"{base}/t/{slug}/protocol/{partie.pk}.pdf", artifacts, f"solo-protocol-{k}",
                           render=k == 1)
            assert "Победила сторона A" in flat(text)
            no_pair_word(text, f"the protocol PDF (round {k})")
            page.goto(f"{base}/protocols/{partie.pk}/")
            expect(page.locator("#status")).to_contain_text("победитель: сторона A")
            expect(page.locator("#crumbs")).to_contain_text(f"игрок №{partie.partner_a.number}")
            no_pair_word(body(page), f"the protocol's page (round {k})")
        for partie in rest:
            play_table(referee, partie, rng, pins=by_player)

        page.goto(manage)
        expect(page.locator("#main-action")).to_contain_text(f"Завершить тур {k}")
        page.click("#main-action")
        wait(page)
        if k == 1:
            page.goto(f"{base}/t/{slug}/standings/")
            expect(page.locator("h1")).to_contain_text("Положение игроков после тура 1")
            no_pair_word(body(page), "the standings after round 1")
            shots(page, artifacts, "solo-standings-1")

    # 6. The event is over: the management page offers the final report.
    page.goto(manage)
    state(page, "finished", "Турнир завершён")
    expect(page.locator("#main-action")).to_contain_text("Итоговый отчёт (PDF)")
    no_pair_word(body(page), "the management page at the end")
    shots(page, artifacts, "solo-manage-finished")

    # 7. The standings: after round 13 on every page, after round 5 on request; the same winner everywhere.
    page.goto(f"{base}/t/{slug}/standings/")
    expect(page.locator("h1")).to_contain_text("Положение игроков после тура 13")
    first = page.locator("table tbody tr").first.locator("td")
    champion = first.nth(2).inner_text().strip()
    assert first.nth(0).inner_text().strip() == "1" and champion in NAMES + [LAST]
    no_pair_word(body(page), "the standings")
    shots(page, artifacts, "solo-standings-13")
    for url, where in ((f"/t/{slug}/standings/projector/", "the projector"),
                       (f"/t/{slug}/standings/players/", "the players' standings")):
        page.goto(base + url)
        expect(page.locator("body")).to_contain_text("после тура 13")
        no_pair_word(body(page), where)
    page.goto(f"{base}/t/{slug}/standings/?after=5")
    expect(page.locator("h1")).to_contain_text("после тура 5")
    text = flat(get_pdf(page, f"{base}/t/{slug}/standings.pdf", artifacts, "solo-standings", render=True))
    assert "Положение: " + NAME + " — после тура 13" in text and champion in text
    no_pair_word(text, "the standings PDF")
    text = flat(get_pdf(page, f"{base}/t/{slug}/standings.pdf?after=5", artifacts, "solo-standings-5"))
    assert "после тура 5" in text and "после тура 13" not in text
    no_pair_word(text, "the standings PDF after round 5")
    report = flat(get_pdf(page, f"{base}/t/{slug}/manage/final-report.pdf", artifacts, "solo-final-report",
                          render=True))
    assert "итоговый отчёт" in report and "Итоговое положение" in report and "Игроков: 13 · туров: 13" in report
    assert report.index(champion) < report.index("Таблица по турам")  # the winner leads the final standings
    no_pair_word(report, "the final report")

    # 8. The workbooks: their sheets and headers are the players', the standings say after which round.
    book = get_workbook(page, f"{base}/t/{slug}/standings.xlsx", artifacts, "solo-standings")
    assert book.sheetnames == ["Положение после тура 13"]
    assert book.worksheets[0].cell(2, 3).value == champion
    assert get_workbook(page, f"{base}/t/{slug}/standings.xlsx?after=5").sheetnames == ["Положение после тура 5"]
    book = get_workbook(page, f"{base}/t/{slug}/export.xlsx", artifacts, "solo-export")
    assert book.sheetnames == ["Положение после тура 13", "Таблица по турам", "Участники", "Столы по турам",
                               "Раздачи"]
    for sheet in book.worksheets:
        no_pair_word(sheet.title, "a sheet's name")
        no_pair_word(sheet_text(sheet), f"the sheet «{sheet.title}»")
    assert [c.value for c in book["Раздачи"][1][2:4]] == ["№ A1 + A2", "№ B1 + B2"]
    sit_outs = [row for row in book["Столы по турам"].iter_rows(min_row=2, values_only=True) if "пропуск тура" in row]
    assert len(sit_outs) == 13 and all(row[1] is None for row in sit_outs)  # no table number

    # 9. The sit-out of round 13 is nobody's table anywhere.
    sitter_name = t.pairs.get(number=13).players.get().name
    page.goto(f"{base}/t/{slug}/round/13/")
    expect(page.locator("tr", has_text=sitter_name).first).to_contain_text("Пропускает тур")
    assert not TABLE_4.search(body(page))
    for kind in ("pairings-tables", "table-cards"):
        text = get_pdf(page, f"{base}/t/{slug}/manage/rounds/13/print/{kind}.pdf", artifacts, f"solo-{kind}-13")
        assert not TABLE_4.search(text) and "4" not in text.splitlines(), kind
        no_pair_word(text, kind)
    text = get_pdf(page, f"{base}/t/{slug}/round/13/pairings.pdf", artifacts, "solo-pairings-13", render=True)
    lines = text.splitlines()
    assert "4" not in lines, "the pairings PDF puts the sit-out at table 4"
    assert lines[lines.index(sitter_name) - 2:lines.index(sitter_name)] == ["—", "13"]
    no_pair_word(text, "the pairings PDF")
    page.goto(f"{base}/t/{slug}/player/13/")
    expect(page.locator("main")).to_contain_text("пропуск тура")
    assert not TABLE_4.search(body(page))
    no_pair_word(body(page), "a player's page")
    shots(page, artifacts, "solo-player-13")
    page.goto(f"{base}/t/{slug}/grid/")
    assert body(page).count("пропуск тура") == 13 and not TABLE_4.search(body(page))

    # 10. The public page and the calendar: an individual event of 13 players.
    page.goto(f"{base}/t/{slug}/")
    expect(page.locator("main")).to_contain_text("личный зачёт · 13 игроков")
    no_pair_word(body(page), "the public page")
    shots(page, artifacts, "solo-detail")
    page.goto(f"{base}/")
    item = page.locator(f"#calendar-{slug}")
    expect(item).to_contain_text("Личный зачёт · 13 игроков")
    no_pair_word(item.inner_text(), "the calendar")
