"""A whole team event in Chromium: a Swiss of 6 teams, each match played at two tables, with a captain.

The organizer (1280 px) creates the event («Командные матчи», Swiss, 3 rounds, the referee attests the paper
sheets), sets two pairs a team and the team match points 2/1/0 on the teams' page, registers the six teams there,
draws their numbers and gives team 1's captain an account. The captain logs in on a phone (390 px) and swaps his
pairs for round 1. Each round is paired from the management page and published from the teams' round page; the
referee (390 px) types round 1's first table deal by deal on his page and signs it there, the other tables are
played through the services his page calls; every round is finished from the management page.

Checked: the management page leads with the teams; the captain's line-up is the one played and is closed once
the round is published; the referee's overview and table page name the match and its teams; the public page and
the calendar present a team event («команд: 6», the match points 2/1/0, links to the team standings and to the
rounds' matches; the pairs' standings PDF is not offered as the event's final standings); the team standings,
their cross table, the team workbook, the match sheet and the final report are the teams', and agree with the
matches played (2 points a won match, 1 a drawn one).
"""
import random
import re

import pytest
from playwright.sync_api import expect

from access.models import RoleKind, TournamentRole
from scoring.models import Protocol
from teams.models import Captain, LineUp, TeamMatch
from tournaments.choices import ProtocolStatus
from tournaments.models import RoundStatus, Tournament

from .conftest import PHONE, login
from .event_day import LAPTOP, PASSWORD, organizer, referee, state, wait  # noqa: F401  (fixtures)
from .test_event_day import enter_table_on_page
from .walks import flat, get_pdf, get_workbook, pair_words, play_table, shots

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAME = "Командный кубок «Рыба»"
CAPTAIN_PASSWORD = "Kapitan-2026!"
TOWNS = ["Клин", "Тверь", "Дубна", "Ржев", "Торжок", "Конаково"]
TEAMS = ["Дуплет", "Рыбаки", "Азарт", "Кураж", "Маяк", "Пусто-пусто"]
SURNAMES = ["Белов", "Чернов", "Зимин", "Летов", "Морозов", "Снегирёв", "Грачёв", "Воронин", "Соболев", "Куницын",
            "Лисицын", "Барсуков", "Медведев", "Волков", "Зайцев", "Ежов", "Орлов", "Соколов", "Голубев", "Щеглов",
            "Синицын", "Дроздов", "Журавлёв", "Лебедев"]


FLOATED_PAIR = re.compile(r"пара \d+ спущена")


def team_players(i):
    return [[f"{SURNAMES[4 * i + 2 * j + p]} {'Иван' if p == 0 else 'Пётр'}" for p in (0, 1)] for j in (0, 1)]


def test_a_team_swiss_of_six_teams_with_a_captain(live_server, new_page, organizer, referee, artifacts):
    base = live_server.url
    page = new_page(LAPTOP)
    login(page, base, "organizer", PASSWORD)

    # 1. «Новый турнир»: team matches, Swiss, three rounds; the referee attests the paper sheets.
    page.goto(f"{base}/new/")
    page.fill("#id_name", NAME)
    page.fill("#id_start_date", "2026-12-19")
    page.fill("#id_city", "Клин")
    page.select_option("#id_format", "teams")
    page.select_option("#id_pairing_system", "swiss")
    page.fill("#id_rounds_planned", "3")
    page.select_option("#id_signing_method", "referee_attests")
    page.click("#setup-form button[type=submit]")
    wait(page)
    t = Tournament.objects.get(name=NAME)
    slug = t.slug
    manage = f"{base}/t/{slug}/manage/"
    TournamentRole.objects.create(tournament=t, user=referee, role=RoleKind.REFEREE)

    # The management page leads with the teams: their registration is the main action, the teams' page comes
    # before the rounds, and no pair is registered or imported here.
    state(page, "registration", "Регистрация команд")
    expect(page.locator("#main-action")).to_have_text("Зарегистрировать команды")
    expect(page.locator("#teams-link")).to_contain_text("Команды турнира")
    main = page.inner_text("main")
    rounds_title = page.locator("main h2", has_text="Туры")
    assert page.locator("#teams-link").bounding_box()["y"] < rounds_title.bounding_box()["y"]
    assert "Регистрация пары" not in main and "Загрузить пары" not in main
    shots(page, artifacts, "team-manage-new")

    # 2. The teams' page: two pairs a team, 2/1/0 for a won, drawn and lost match; six teams.
    page.click("#main-action")
    wait(page)
    expect(page.locator("h1")).to_have_text("Команды турнира")
    page.click("#team-settings summary")
    for field, value in (("pairs_per_team", "2"), ("win_points", "2"), ("draw_points", "1"), ("loss_points", "0")):
        page.fill(f"#id_{field}", value)
    page.click("#settings-form button[type=submit]")
    wait(page)
    expect(page.locator("main")).to_contain_text("В команде пар: 2. Очки матча: победа 2, ничья 1, поражение 0.")
    for i, (name, town) in enumerate(zip(TEAMS, TOWNS)):
        page.fill("#id_name", name)
        page.fill("#id_club", town)
        for j, pair in enumerate(team_players(i), start=1):
            for p, player in enumerate(pair, start=1):
                page.fill(f"#id_pair{j}_player{p}", player)
        page.fill("#id_reserve1_name", f"Запасной {town}")
        page.click("#team-form button[type=submit]")
        wait(page)
        expect(page.locator("main")).to_contain_text(f"Команда «{name}» зарегистрирована.")
    assert t.teams.count() == 6 and t.pairs.count() == 12
    page.goto(manage)
    state(page, "registration", "Регистрация команд")
    expect(page.locator("#state")).to_contain_text("Зарегистрировано команд: 6")
    expect(page.locator("#teams")).to_contain_text("команд: 6")
    expect(page.locator("#main-action")).to_have_text("Разыграть номера команд")
    page.click("#main-action")
    wait(page)
    expect(page.locator(".consequences")).to_contain_text("Команды получат номера 1–6 по жребию")  # asked first
    page.click("form button.danger")
    wait(page)
    expect(page.locator("main")).to_contain_text("Номера команд разыграны: 1. ")
    assert sorted(t.teams.values_list("number", flat=True)) == [1, 2, 3, 4, 5, 6]

    # 3. Team 1's captain gets an account on the teams' page.
    team = t.teams.get(number=1)
    box = page.locator(f"#captain-{team.pk}")
    box.locator("summary").click()
    box.locator("input[name$=full_name]").fill("Капитанов Пётр")
    box.locator("input[name$=username]").fill("captain1")
    box.locator("input[name$=password]").fill(CAPTAIN_PASSWORD)
    box.locator("button[type=submit]").click()
    wait(page)
    expect(page.locator("main")).to_contain_text("создана учётная запись «captain1»")
    assert Captain.objects.filter(team=team, user__username="captain1").exists()
    shots(page, artifacts, "team-teams-page")

    # 4. The captain, on his phone, puts his second pair at table 1 and his first at table 2 for round 1.
    captain = new_page(PHONE)
    login(captain, base, "captain1", CAPTAIN_PASSWORD)
    captain.goto(f"{base}/t/{slug}/teams/captain/")
    expect(captain.locator("h1")).to_have_text("Страница капитана")
    expect(captain.locator("main")).to_contain_text(f"№1 {team.name}")
    first, second = [m.pair for m in team.members.order_by("slot")]
    form = captain.locator("#captain-lineup-form")
    expect(form).to_contain_text("Расстановка на тур 1")
    form.locator("select").nth(0).select_option(str(second.pk))
    form.locator("select").nth(1).select_option(str(first.pk))
    form.locator("button[type=submit]").click()
    wait(captain)
    expect(captain.locator("main")).to_contain_text("сохранена")
    assert LineUp.objects.get(team=team, round_number=1).pairs == [second.pk, first.pk]
    shots(captain, artifacts, "team-captain")

    # 5. Three rounds: paired from the management page, published from the round's matches, finished.
    desk = new_page(PHONE)
    login(desk, base, "referee", PASSWORD)
    rng = random.Random(6)
    for k in (1, 2, 3):
        page.goto(manage)
        expect(page.locator("#main-action")).to_contain_text(f"Составить тур {k}")
        page.click("#main-action")
        wait(page)
        expect(page.locator("h1")).to_have_text(f"Тур {k}: матчи команд")
        assert page.locator("section.match").count() == 3
        page.click("#publish-form button")
        wait(page)
        expect(page.locator("h1")).to_contain_text(f"Опубликовать тур {k}?")
        page.locator("main form button[type=submit]").first.click()
        wait(page)
        rnd = t.rounds.get(number=k)
        assert rnd.status == RoundStatus.PUBLISHED
        matches = list(TeamMatch.objects.filter(round=rnd).select_related("team_a", "team_b").order_by("number"))
        assert len(matches) == 3 and all(m.tables.count() == 2 for m in matches)
        tables = [mt.partie for m in matches for mt in m.tables.select_related("partie").order_by("board")]

        if k == 1:
            # The captain's line-up is the one played, and it is closed now.
            mine = next(m for m in matches if team in (m.team_a, m.team_b))
            boards = [mt.partie for mt in mine.tables.select_related("partie").order_by("board")]
            side = "pair_a" if mine.team_a == team else "pair_b"
            assert [getattr(p, side) for p in boards] == [second, first]
            captain.goto(f"{base}/t/{slug}/teams/captain/")
            expect(captain.locator("#lineup-1")).to_contain_text("закрыта")

            # The referee's overview and table page name the match and its teams.
            m1 = matches[0]
            caption = f"Матч 1 · №{m1.team_a.number} {m1.team_a.name} — №{m1.team_b.number} {m1.team_b.name}"
            desk.goto(f"{base}/referee/t/{slug}/")
            expect(desk.locator("main")).to_contain_text(caption + ", стол матча 1")
            expect(desk.locator("main")).to_contain_text(caption + ", стол матча 2")
            shots(desk, artifacts, "team-referee-overview")
            partie = tables[0]
            enter_table_on_page(desk, base, partie)
            expect(desk.locator("#table-caption")).to_have_text(caption + ", стол матча 1")
            shots(desk, artifacts, "team-referee-entry")
            desk.click("#countersign")
            wait(desk)
            expect(desk.locator("#confirm")).to_contain_text("бумажный бланк")
            desk.click("#confirm-yes")
            wait(desk)
            expect(desk.locator("#locked")).to_contain_text("Протокол подписан и закрыт")
            protocol = Protocol.objects.get(partie=partie)
            assert protocol.status == ProtocolStatus.SIGNED and (protocol.score_a, protocol.score_b) == (48, 35)
            tables = tables[1:]
        for partie in tables:
            play_table(referee, partie, rng)

        page.goto(f"{base}/t/{slug}/teams/round/{k}/")
        assert page.locator(".match-result").count() == 3
        for n in (1, 2, 3):
            expect(page.locator(f"#match-result-{n}")).to_contain_text("Итог матча")
        if k > 1:  # a team floated to a lower group is a team, not «пара 1»
            page.goto(f"{base}/t/{slug}/round/{k}/")
            assert not FLOATED_PAIR.search(page.inner_text("main"))
        if k == 1:
            sheet = flat(get_pdf(page, f"{base}/t/{slug}/teams/round/1/match/1.pdf", artifacts, "team-match-sheet",
                                 render=True))
            assert "48 : 35" in sheet and "командные очки" in sheet
            assert matches[0].team_a.name in sheet and matches[0].team_b.name in sheet
        if k == 3:
            shots(page, artifacts, "team-round-3")
        page.goto(manage)
        expect(page.locator("#main-action")).to_contain_text(f"Завершить тур {k}")
        page.click("#main-action")
        wait(page)

    page.goto(manage)
    state(page, "finished", "Турнир завершён")
    shots(page, artifacts, "team-manage-finished")

    # 6. The team standings agree with the matches: 2 points a won match, 1 a drawn one, 0 a lost one.
    points, tables_won = {n: 0 for n in range(1, 7)}, {n: 0 for n in range(1, 7)}
    for match in TeamMatch.objects.filter(round__tournament=t).select_related("team_a", "team_b"):
        won = {"A": 0, "B": 0}
        for mt in match.tables.select_related("partie"):
            winner = Protocol.objects.get(partie=mt.partie).winner
            if winner:
                won[winner] += 1
        a, b = match.team_a.number, match.team_b.number
        tables_won[a] += won["A"]
        tables_won[b] += won["B"]
        points[a] += 2 if won["A"] > won["B"] else 1 if won["A"] == won["B"] else 0
        points[b] += 2 if won["B"] > won["A"] else 1 if won["A"] == won["B"] else 0
    page.goto(f"{base}/t/{slug}/teams/")
    expect(page.locator("h1")).to_have_text("Положение команд")
    rows = page.locator("#team-standings tbody tr")
    assert rows.count() == 6
    shown = []
    for i in range(6):
        cells = [c.strip() for c in rows.nth(i).locator("td").all_inner_texts()]
        shown.append((int(cells[1]), cells[2], int(cells[4])))
        assert int(cells[4]) == points[int(cells[1])], cells  # «Очки»
        assert int(cells[6]) == tables_won[int(cells[1])], cells  # «Столов выиграно»
    assert [s[2] for s in shown] == sorted((s[2] for s in shown), reverse=True)
    assert page.locator("#team-cross").is_visible()
    shots(page, artifacts, "team-standings")
    leader = shown[0][1]

    # 7. The team workbook and the final report are the teams'.
    book = get_workbook(page, f"{base}/t/{slug}/teams.xlsx", artifacts, "team-workbook")
    assert book.sheetnames == ["Команды", "Матчи", "Таблица команд"]
    standing = [row for row in book["Команды"].iter_rows(min_row=2, values_only=True)]
    assert [(r[1], r[2], r[4]) for r in standing] == shown
    assert len(list(book["Матчи"].iter_rows(min_row=2))) == 18  # 3 rounds × 3 matches × 2 tables
    report = flat(get_pdf(page, f"{base}/t/{slug}/manage/final-report.pdf", artifacts, "team-final-report",
                          render=True))
    assert report.index("Положение команд") < report.index("Матчи по турам") < report.index(
        "Турнирная таблица команд")
    assert "Команд: 6" in report and report.index(leader) < report.index("Матчи по турам")

    # 8. The public page and the calendar present a team event.
    anonymous = new_page(PHONE)
    anonymous.goto(f"{base}/t/{slug}/")
    main = anonymous.inner_text("main")
    assert "Швейцарская система · 3 тура · командные матчи · команд: 6" in main
    assert "Очки командного матча: победа — 2, ничья — 1, поражение — 0" in main
    expect(anonymous.locator("#entrants-title")).to_have_text("Команды")
    for name in TEAMS:
        assert name in main
    expect(anonymous.locator("#team-standings")).to_have_attribute("href", f"/t/{slug}/teams/")
    rounds = anonymous.locator("main a[href*='/teams/round/']")
    assert rounds.count() == 3  # the rounds lead to their matches
    assert "Итоговое положение (PDF)" not in main  # the pairs' standings are not the event's final ones
    expect(anonymous.locator("#standings-pdf")).to_have_text("Положение пар (PDF)")
    shots(anonymous, artifacts, "team-detail")
    anonymous.click("#team-standings")
    wait(anonymous)
    expect(anonymous.locator("#team-standings tbody tr").first).to_contain_text(leader)
    # at 390 px every tie-break stays (short headings, the full one in the title) and the table fits the screen
    anonymous.set_viewport_size(PHONE)  # ``shots`` left it at its last width
    heads = [h.strip() for h in anonymous.locator("#team-standings thead th:visible").all_inner_texts()]
    assert heads[-3:] == ["Ст.", "Разн.", "Бух."], heads
    assert anonymous.evaluate("(() => { const s = document.querySelector('.team-scroll');"
                              " return s.scrollWidth <= s.clientWidth + 1; })()")
    shots(anonymous, artifacts, "team-standings-phone")
    anonymous.goto(f"{base}/")
    item = anonymous.locator(f"#calendar-{slug}")
    expect(item).to_contain_text("Командные матчи · команд: 6")
    assert not pair_words(item.inner_text())
