"""A whole event in two stages in Chromium: a Swiss qualifier of 16 pairs, then a knockout of 8 with a match for
third place, to the final places.

The organizer (1280 px) creates the event (pairs, Swiss, 3 rounds, the referee attests the paper sheets), imports
16 pairs, sets stage 2 on the stages' page (a bracket of 8, a third-place match), runs the draw and plays every
round from the management page; after the qualifier he confirms the finalists on the stages' page. The referee
(390 px) types and signs the first table of round 1 and the final on his page; the other tables are played
through the services his page calls.

Checked: after the qualifier the management page does not say «Турнир завершён» and leads to stage 2, the public
page does not name a winner yet; the bracket page (390 and 1280 px) names its rounds «1/4 финала», «Полуфинал»,
«Финал», «Матч за 3-е место» and the public page names them and the winner; the standings page, the standings
PDF, both workbooks and the final report name their stage, and their first four places are the bracket's:
the final's winner, the final's loser, the third-place match's winner and its loser.
"""
import random

import pytest
from playwright.sync_api import expect

from access.models import RoleKind, TournamentRole
from scoring.models import Protocol
from tests.tournaments.conftest import pair_rows, xlsx_bytes
from tournaments.choices import ProtocolStatus
from tournaments.models import RoundStatus, Tournament

from .conftest import PHONE, login
from .event_day import LAPTOP, PASSWORD, confirm, organizer, referee, state, wait  # noqa: F401  (fixtures)
from .test_event_day import enter_table_on_page
from .walks import flat, get_pdf, get_workbook, play_table, shots

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAME = "Кубок «Дубль-шесть»"
ROUND_NAMES = {4: "1/4 финала", 5: "Полуфинал", 6: "Финал · Матч за 3-е место"}


def in_order(text, items):
    """Each of ``items`` is in ``text``, in this order."""
    at = [text.find(item) for item in items]
    return -1 not in at and at == sorted(at)


def sign_on_page(desk, base, partie):
    enter_table_on_page(desk, base, partie)
    desk.click("#countersign")
    wait(desk)
    expect(desk.locator("#confirm")).to_contain_text("бумажный бланк")
    desk.click("#confirm-yes")
    wait(desk)
    expect(desk.locator("#locked")).to_contain_text("Протокол подписан и закрыт")
    protocol = Protocol.objects.get(partie=partie)
    assert protocol.status == ProtocolStatus.SIGNED and (protocol.score_a, protocol.score_b) == (48, 35)


def test_a_swiss_qualifier_then_a_knockout_of_eight(live_server, new_page, organizer, referee, artifacts, tmp_path):
    base = live_server.url
    page = new_page(LAPTOP)
    login(page, base, "organizer", PASSWORD)

    # 1. The event, its 16 pairs, stage 2 (a bracket of 8 with a third-place match), the draw.
    page.goto(f"{base}/new/")
    page.fill("#id_name", NAME)
    page.fill("#id_start_date", "2026-12-26")
    page.select_option("#id_pairing_system", "swiss")
    page.fill("#id_rounds_planned", "3")
    page.select_option("#id_signing_method", "referee_attests")
    page.click("#setup-form button[type=submit]")
    wait(page)
    t = Tournament.objects.get(name=NAME)
    slug = t.slug
    manage = f"{base}/t/{slug}/manage/"
    TournamentRole.objects.create(tournament=t, user=referee, role=RoleKind.REFEREE)
    path = tmp_path / "pairs.xlsx"
    path.write_bytes(xlsx_bytes(pair_rows(16)))
    page.click("a[href$='/manage/import/']")
    page.set_input_files("input[type=file][name=file]", str(path))
    page.click("main form[enctype] button[type=submit]")
    wait(page)
    state(page, "registration", "Регистрация пар")
    expect(page.locator("#state")).to_contain_text("Зарегистрировано пар: 16")
    page.click("#stages-link a")
    wait(page)
    page.select_option("#id_final_kind", "knockout")
    page.fill("#id_final_size", "8")
    page.check("#id_final_third_place")
    page.click("#final-form button[type=submit]")
    wait(page)
    t.refresh_from_db()
    assert (t.final_kind, t.final_size, t.final_third_place) == ("knockout", 8, True)
    page.goto(manage)
    expect(page.locator("#stages-link")).to_contain_text("Второй этап: Олимпийская система (сетка)")
    page.click("#main-action")
    wait(page)
    confirm(page, "Провести жеребьёвку?")

    desk = new_page(PHONE)
    login(desk, base, "referee", PASSWORD)
    rng = random.Random(16)

    def play_round(k, action, title):
        """Round k paired and published from the management page, played, finished there."""
        page.goto(manage)
        expect(page.locator("#main-action")).to_contain_text(action)
        page.click("#main-action")
        wait(page)
        expect(page.locator("h1")).to_contain_text(title)
        page.click("button:has-text('Опубликовать тур')")
        wait(page)
        confirm(page, f"Опубликовать тур {k}?")
        rnd = t.rounds.get(number=k)
        assert rnd.status == RoundStatus.PUBLISHED
        tables = list(rnd.parties.filter(pair_b__isnull=False).order_by("table"))
        if k in (1, 6):  # round 1's first table and the final: typed and signed on the referee's page
            sign_on_page(desk, base, tables[0])
            if k == 6:
                shots(desk, artifacts, "ko-referee-final")
            tables = tables[1:]
        for partie in tables:
            play_table(referee, partie, rng)
        page.goto(manage)
        expect(page.locator("#main-action")).to_contain_text(f"Завершить тур {k}")
        page.click("#main-action")
        wait(page)
        return rnd

    # 2. The qualifier: three Swiss rounds.
    for k in (1, 2, 3):
        play_round(k, f"Составить тур {k}", f"Тур {k}")

    # 3. After it the event is not over: the management page leads to stage 2; the public page names no winner.
    page.goto(manage)
    state(page, "round_in_play", "Первый этап завершён")
    expect(page.locator("#state")).not_to_contain_text("Турнир завершён")
    expect(page.locator("#main-action")).to_have_text("Составить второй этап")
    shots(page, artifacts, "ko-manage-after-qualifier")
    public = new_page(PHONE)
    public.goto(f"{base}/t/{slug}/")
    expect(public.locator("main")).to_contain_text("второй этап: олимпийская система (сетка)")
    expect(public.locator("main")).not_to_contain_text("Победитель")
    expect(public.locator("main")).not_to_contain_text("Итоговое положение")
    page.click("#main-action")
    wait(page)
    expect(page.locator("h1")).to_contain_text("Второй этап")
    assert page.locator("#qualification-table tr.finalist").count() == 8
    shots(page, artifacts, "ko-qualification")
    page.click("#confirm-qualification")
    wait(page)
    expect(page.locator(".consequences")).to_contain_text("посев 1: №")  # the confirmation names them first
    page.click("form button.danger")
    wait(page)
    expect(page.locator("#qualification-confirmed")).to_contain_text("Состав подтверждён")

    # 4. The knockout: quarter-finals, semi-finals, the final with the third-place match.
    for k in (4, 5, 6):
        play_round(k, "Составить следующий тур второго этапа", ROUND_NAMES[k])
    page.goto(manage)
    state(page, "finished", "Турнир завершён")
    shots(page, artifacts, "ko-manage-finished")

    # The final places by the protocols: the final (table 1 of round 6) and the third-place match (table 2).
    final, third = [Protocol.objects.get(partie__round__number=6, partie__table=n) for n in (1, 2)]

    def sides(protocol):
        partie = protocol.partie
        won = partie.pair_a if protocol.winner == "A" else partie.pair_b
        lost = partie.pair_b if protocol.winner == "A" else partie.pair_a
        return won, lost

    places = [*sides(final), *sides(third)]
    labels = [f"№{p.number} {' — '.join(pl.name for pl in p.players.order_by('number'))}" for p in places]

    # 5. The bracket, on a phone and on a laptop: its rounds' names, its winners, the final places.
    bracket = new_page(PHONE)
    bracket.goto(f"{base}/t/{slug}/bracket/")
    assert [h.inner_text() for h in bracket.query_selector_all(".bracket-round h2")] == [
        "1/4 финала", "Полуфинал", "Финал", "Матч за 3-е место"]
    assert bracket.inner_text("#match-3-1 .side.won .num") == f"№{places[0].number}"
    assert bracket.inner_text("#match-third .side.won .num") == f"№{places[2].number}"
    lines = bracket.inner_text("#final-places").splitlines()
    assert [line.split(" ", 1)[1] for line in lines[:4]] == labels
    shots(bracket, artifacts, "ko-bracket")

    # 6. The public page: the rounds by their names, the winner.
    public.goto(f"{base}/t/{slug}/")
    main = public.inner_text("main")
    assert f"Победитель\n{labels[0]}" in main
    assert in_order(main, ["Тур 3 — ", "Тур 4 · 1/4 финала", "Тур 5 · Полуфинал", "Тур 6 · Финал · Матч за 3-е место"])
    expect(public.locator("#bracket-link")).to_have_text("Сетка второго этапа")
    shots(public, artifacts, "ko-detail")

    # 7. The standings: the final places first, then stage 1, each named.
    page.goto(f"{base}/t/{slug}/standings/")
    expect(page.locator("h1")).to_contain_text("первый этап, после тура 3")
    expect(page.locator("#final-places h2")).to_have_text("Итоговые места")
    expect(page.locator("#stage1-title")).to_have_text("Первый этап (отбор)")
    rows = page.locator("#final-places tbody tr")
    assert [rows.nth(i).locator("td").nth(1).inner_text() for i in range(4)] == [str(p.number) for p in places]
    shots(page, artifacts, "ko-standings")
    text = flat(get_pdf(page, f"{base}/t/{slug}/standings.pdf", artifacts, "ko-standings", render=True))
    assert text.startswith(f"Итоговое положение: {NAME} Итоговые места")
    assert f"Положение: {NAME} — первый этап, после тура 3" in text
    assert in_order(text, labels + ["первый этап, после тура 3"])
    report = flat(get_pdf(page, f"{base}/t/{slug}/manage/final-report.pdf", artifacts, "ko-final-report",
                          render=True))
    assert "итоговый отчёт" in report and "Итоговые места" in report
    assert in_order(report, labels + ["Положение первого этапа: после тура 3"])

    # 8. The workbooks: the final places, then stage 1's standings, each sheet named so.
    for url in (f"/t/{slug}/export.xlsx", f"/t/{slug}/standings.xlsx"):
        book = get_workbook(page, base + url, artifacts, "ko-" + url.rsplit("/", 1)[1].split(".")[0])
        assert book.sheetnames[:2] == ["Итоговые места", "Положение 1-го этапа"], url
        top = [row for row in book["Итоговые места"].iter_rows(min_row=2, max_row=5, values_only=True)]
        assert [(row[0], row[1]) for row in top] == [(i, p.number) for i, p in enumerate(places, start=1)], url
        assert [row[3] for row in top] == ["второму этапу"] * 4
        stage1 = list(book["Положение 1-го этапа"].iter_rows(min_row=2, values_only=True))
        assert len(stage1) == 16 and all(row[4] == 3 for row in stage1)  # three qualifier rounds each
    get_pdf(page, f"{base}/t/{slug}/bracket.pdf", artifacts, "ko-bracket", render=True)
