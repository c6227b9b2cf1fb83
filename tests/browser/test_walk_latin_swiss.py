"""A whole event of the partnership game in Spanish, in Chromium: a Swiss of 12 pairs over three rounds, from
«Nuevo torneo» to the final report.

The organizer (1280 px, then 390) creates the event on /es/new/: «Dominó por parejas», the Puerto Rican rule set
picked by name (the page fills its options: capicúa +100), then the capicúa bonus set to 25 (the page says the
combination is now the tournament's own), a partida to 200 or 40 minutes; imports 12 pairs and plays three rounds
from the management page. The referee (390 px) types four tables of round 1 on his page:

* table 1 — a tied tranque (20 : 20, no points), a tranque (A 10 against 40: A scores the 50 in play), a domino
  closed by a capicúa (3-5 on the ends 3 and 5: 140 in play + 25) — 215 : 0;
* table 2 — a domino of B (60), a domino of A (45) with time called: ended by time, 45 : 60;
* table 3 — a domino of A (60), a yellow card to B1 (asked again, then written), a domino of B (30), a red card
  to B2 in hand 2 (asked again): the partida ends, A wins by the card;
* table 4 — pair B does not come: a forfeit.

The other tables are played through the services the page calls. After round 1 the organizer withdraws a pair:
rounds 2 and 3 have 11 pairs, so a bye each. The standings (page at 390 and 1280 px, PDF, workbook, final report)
are checked against the test's own reckoning of RULES-LATIN.md §8–§10 from the protocols' points: partidas won,
then efectividad, then points for, then the pair number.
"""
import random

import pytest
from playwright.sync_api import expect

from access.models import RoleKind, TournamentRole
from events.simulation import play_partie
from scoring.models import Protocol
from tests.tournaments.conftest import xlsx_bytes
from tournaments.models import EntrantStatus, Partie, RoundStatus, Tournament

from .conftest import PHONE, login
from .event_day import LAPTOP, PASSWORD, organizer, referee, wait  # noqa: F401  (fixtures)
from .test_latin_entry import pick
from .walks import flat, get_pdf, get_workbook, sheet_text, shots

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAME = "Torneo Nacional de Dominó por Parejas"
T = 200  # the target
FIRST = ["José Pérez", "María Núñez", "Luis Peña", "Ana Ramírez", "Carlos Ibáñez", "Lucía Gómez",
         "Jorge Muñoz", "Elena Suárez", "Pedro Álvarez", "Sofía Martín", "Raúl Domínguez", "Inés Cortés"]
SECOND = ["Juan Rodríguez", "Carmen López", "Miguel Sánchez", "Rosa Fernández", "Andrés Díaz", "Teresa Ruiz",
          "Diego Moreno", "Pilar Jiménez", "Tomás Romero", "Marta Navarro", "Felipe Torres", "Laura Castillo"]


def pair_rows():
    return [[FIRST[i], "Caracas", 1500 + i, SECOND[i], "Maracaibo", "", "", ""] for i in range(12)]


def confirm(page):
    """An organizer's confirmation page: its red button."""
    page.click(".confirm-box button[type=submit]")
    wait(page)


def hand(page, n, *, lead, result, who, hands, tile=None, ends=None, time_called=False):
    """One hand typed on the referee's page: the leader, domino or tranque, who went out or placed the last tile,
    the last tile and the ends before it (a domino, capicúa on), the hands' counts, time called."""
    pick(page, "#lead-group", lead)
    pick(page, "#deal-form fieldset.group", result)
    pick(page, "fieldset[data-for=domino]" if result == "Dominó" else "fieldset[data-for=block]", who)
    if tile:
        page.select_option("#id_out_tile", tile)
        page.select_option("#id_end_1", str(ends[0]))
        page.select_option("#id_end_2", str(ends[1]))
    for seat, pips in hands.items():
        page.fill(f"#id_hand_{seat}", str(pips))
    if time_called:
        page.check("#id_time_called")
    page.click("#save-deal")
    wait(page)
    expect(page.locator(f"#deal-{n}")).to_be_visible()  # the page after the save, not the form before it


def sanction(page, seat, what, n, asked):
    pick(page, "#sanction-form fieldset.group", seat)
    page.locator("#sanction-form label.choice", has_text=what).first.click()
    page.fill("#sanction-form input[name=hand]", str(n))
    page.click("#sanction-form button[type=submit]")
    wait(page)
    expect(page.locator("#confirm")).to_contain_text(asked)
    page.click("#confirm-yes")
    wait(page)


def attest(page):
    """The referee closes the protocol: he attests the paper sheet the players signed."""
    page.click("#countersign")
    wait(page)
    page.click("#confirm-yes")
    wait(page)
    expect(page.locator("#locked")).to_be_visible()


# --- the test's own reckoning of the standings (RULES-LATIN.md §8.2, §9, §10.3) ------------------------------

def rows_by_hand(tournament, grave: dict) -> dict:
    """{pair number: [won, efectividad, points for]} from each protocol's raw points; ``grave``: {partie id:
    the side that got a red card given directly}."""
    rows = {p.number: [0, 0, 0] for p in tournament.pairs.all()}
    for partie in Partie.objects.filter(round__tournament=tournament).select_related("pair_a", "pair_b",
                                                                                      "protocol"):
        a = partie.pair_a.number
        if partie.pair_b is None:  # a bye: T points, won, half of T (halves up)
            rows[a][0] += 1
            rows[a][1] += (T + 1) // 2
            rows[a][2] += T
            continue
        b = partie.pair_b.number
        protocol = partie.protocol
        if protocol.no_show or partie.pk in grave:
            loser = protocol.no_show or grave[partie.pk]
            winner = b if loser == "A" else a
            rows[winner][0] += 1
            rows[winner][1] += T // 2 if protocol.no_show else T  # forfeit 50 % (down), a grave card 100 %
            rows[winner][2] += T
            rows[a if loser == "A" else b][1] -= T
            continue
        ra, rb = protocol.score_a, protocol.score_b
        if max(ra, rb) >= T:  # target reached: T minus the loser's points, each way
            ea, eb = (T - rb, -(T - rb)) if ra > rb else (-(T - ra), T - ra)
        else:  # ended by time: the difference
            ea, eb = ra - rb, rb - ra
        rows[a][1] += ea
        rows[b][1] += eb
        rows[a][2] += min(ra, T * 160 // 100)
        rows[b][2] += min(rb, T * 160 // 100)
        rows[a if ra > rb else b][0] += 1
    return rows


def order_by_hand(rows: dict, withdrawn: set) -> list[int]:
    """Won, efectividad, points for (more is better), the pair number; a withdrawn pair after the others."""
    return sorted(rows, key=lambda n: (n in withdrawn, -rows[n][0], -rows[n][1], -rows[n][2], n))


def test_a_latin_swiss_of_twelve_pairs_in_spanish(live_server, new_page, organizer, referee, artifacts, tmp_path):
    base = live_server.url
    page = new_page(LAPTOP)
    login(page, base, "organizer", PASSWORD)

    # 1. «Nuevo torneo»: the partnership game, a federation's rule set by name, then one option changed.
    page.goto(f"{base}/es/new/")
    expect(page.locator("h1")).to_contain_text("Nuevo torneo")
    page.fill("#id_name", NAME)
    page.fill("#id_start_date", "2027-01-16")
    page.fill("#id_city", "Caracas")
    page.select_option("#id_pairing_system", "swiss")
    page.fill("#id_rounds_planned", "3")
    page.select_option("#id_signing_method", "referee_attests")
    page.select_option("#id_rules_preset", "latin")
    expect(page.locator("#row-rule_capicua")).to_be_visible()
    expect(page.locator("#row-ladder_1_kind")).to_be_hidden()  # the sport game's remarks are not this game's
    expect(page.locator("#row-tiebreak_order")).to_be_hidden()  # its ranking order is an option of its rules
    expect(page.locator("#row-rule_deals_per_partie")).to_be_hidden()
    assert page.input_value("#id_rule_set") == "fid"  # the defaults are the FID game
    page.select_option("#id_rule_set", "puerto-rico")
    assert (page.input_value("#id_rule_capicua"), page.input_value("#id_rule_capicua_bonus")) == ("add", "100")
    page.fill("#id_rule_capicua_bonus", "25")
    page.locator("#id_rule_capicua_bonus").dispatch_event("change")
    assert page.input_value("#id_rule_set") == ""  # a combination of its own now
    page.locator("details.rule-sets summary").click()
    expect(page.locator("details.rule-sets")).to_contain_text("Cuba oriental")
    shots(page, artifacts, "latin-new", reload=False)
    page.set_viewport_size(LAPTOP)
    page.click("#setup-form button[type=submit]")
    wait(page)
    t = Tournament.objects.get(name=NAME)
    assert (t.rules_preset, t.rules_overrides, t.tiebreaks) == ("latin", {"capicua": "add"}, [])
    slug = t.slug
    manage = f"{base}/es/t/{slug}/manage/"
    page.goto(f"{base}/es/t/{slug}/")
    expect(page.locator("main")).to_contain_text("capicúa +25")
    TournamentRole.objects.create(tournament=t, user=referee, role=RoleKind.REFEREE)

    # 2. The 12 pairs from a workbook; the draw.
    path = tmp_path / "parejas.xlsx"
    path.write_bytes(xlsx_bytes(pair_rows()))
    page.goto(manage)
    page.click("a[href$='/manage/import/']")
    page.set_input_files("input[type=file][name=file]", str(path))
    page.click("main form[enctype] button[type=submit]")
    wait(page)
    assert t.pairs.count() == 12
    page.goto(manage)
    page.click("#main-action")
    wait(page)
    confirm(page)

    desk = new_page(PHONE)
    login(desk, base, "referee", PASSWORD)
    rng = random.Random(12)
    grave = {}

    def publish(k):
        page.goto(manage)
        page.click("#main-action")
        wait(page)
        page.click("#publish-form button[type=submit], button:has-text('Publicar')")
        wait(page)
        confirm(page)
        rnd = t.rounds.get(number=k)
        assert rnd.status == RoundStatus.PUBLISHED
        return rnd

    def finish(k):
        page.goto(manage)
        expect(page.locator("#main-action")).to_contain_text(f"Terminar la ronda {k}")
        page.click("#main-action")
        wait(page)

    # 3. Round 1: four tables typed on the referee's page in Spanish.
    rnd = publish(1)
    tables = list(rnd.parties.filter(pair_b__isnull=False).order_by("table"))
    assert len(tables) == 6
    one, two, three, four = tables[:4]

    desk.goto(f"{base}/es/referee/partie/{one.pk}/")
    hand(desk, 1, lead="A1", result="Tranque", who="B2", hands={"A1": 10, "A2": 10, "B1": 12, "B2": 8})
    expect(desk.locator("#deal-1")).to_contain_text("tranque")
    expect(desk.locator("#score-a")).to_have_text("0")
    hand(desk, 2, lead="B1", result="Tranque", who="A2", hands={"A1": 5, "A2": 5, "B1": 20, "B2": 20})
    expect(desk.locator("#score-a")).to_have_text("50")
    pick(desk, "#lead-group", "A2")
    pick(desk, "#deal-form fieldset.group", "Dominó")
    pick(desk, "fieldset[data-for=domino]", "A1")
    desk.select_option("#id_out_tile", "3-5")
    desk.select_option("#id_end_1", "3")
    desk.select_option("#id_end_2", "5")
    for seat, pips in (("A2", 30), ("B1", 60), ("B2", 50)):
        desk.fill(f"#id_hand_{seat}", str(pips))
    expect(desk.locator("#preview-result")).to_contain_text("165 : 0")  # 140 in play + the capicúa's 25
    shots(desk, artifacts, "latin-capicua", reload=False)
    desk.set_viewport_size(PHONE)
    desk.click("#save-deal")
    wait(desk)
    expect(desk.locator("#deal-3")).to_contain_text("capicúa")
    expect(desk.locator("#score-a")).to_have_text("215")
    expect(desk.locator("#deal-form")).to_have_count(0)  # the target is reached
    attest(desk)

    desk.goto(f"{base}/es/referee/partie/{two.pk}/")
    hand(desk, 1, lead="A1", result="Dominó", who="B1", tile="2-4", ends=(2, 1), hands={"A1": 20, "A2": 25, "B2": 15})
    hand(desk, 2, lead="B1", result="Dominó", who="A2", tile="0-3", ends=(0, 6), hands={"A1": 10, "B1": 15, "B2": 20},
         time_called=True)
    expect(desk.locator("#deal-form")).to_have_count(0)  # time was called on 45 : 60
    expect(desk.locator("#score-b")).to_have_text("60")
    shots(desk, artifacts, "latin-time", reload=False)
    desk.set_viewport_size(PHONE)
    attest(desk)

    desk.goto(f"{base}/es/referee/partie/{three.pk}/")
    hand(desk, 1, lead="A1", result="Dominó", who="A1", tile="2-5", ends=(2, 0), hands={"A2": 10, "B1": 20, "B2": 30})
    sanction(desk, "B1", "amarilla", 1, "amarilla")
    expect(desk.locator("#cards-now")).to_contain_text("B — amarilla")
    hand(desk, 2, lead="B1", result="Dominó", who="B2", tile="4-6", ends=(4, 2), hands={"A1": 10, "A2": 15, "B1": 5})
    sanction(desk, "B2", "roja", 2, "roja")
    expect(desk.locator("#sanctions")).to_contain_text("partida terminada")
    expect(desk.locator("#deal-form")).to_have_count(0)
    shots(desk, artifacts, "latin-red-card", reload=False)
    desk.set_viewport_size(PHONE)
    attest(desk)
    grave[three.pk] = "B"

    desk.goto(f"{base}/es/referee/partie/{four.pk}/")
    desk.click("#no_show summary")
    desk.locator("#no_show button").nth(1).click()  # pair B
    wait(desk)
    desk.click("#confirm-yes")
    wait(desk)
    attest(desk)

    for partie in tables[4:]:
        play_partie(referee, partie, rng, {})
    finish(1)

    p1, p2, p3, p4 = (Protocol.objects.get(partie=p) for p in (one, two, three, four))
    assert (p1.score_a, p1.score_b, p1.efectividad_a, p1.efectividad_b) == (215, 0, 200, -200)
    assert (p2.score_a, p2.score_b, p2.efectividad_a, p2.efectividad_b) == (45, 60, -15, 15)
    assert (p3.result_a, p3.result_b, p3.efectividad_a, p3.efectividad_b, p3.card_b) == (
        "win", "loss", 200, -200, "red")
    assert (p4.no_show, p4.efectividad_a, p4.efectividad_b) == ("B", 100, -200)

    # 4. A pair withdraws after round 1 (the organizer's page): rounds 2 and 3 give a bye.
    page.goto(manage)
    page.locator("form[action$='/withdraw/'] button").first.click()
    wait(page)
    page.click("main button.danger")
    wait(page)
    assert t.pairs.filter(status=EntrantStatus.WITHDRAWN).count() == 1
    for k in (2, 3):
        page.goto(manage)
        page.click("#main-action")
        wait(page)
        rnd = publish(k)
        assert rnd.parties.filter(pair_b__isnull=True).count() == 1  # 11 pairs: a bye
        for partie in rnd.parties.filter(pair_b__isnull=False).order_by("table"):
            play_partie(referee, partie, rng, {})
        finish(k)

    # 5. The standings as the test reckons them, on the page at 390 and 1280 px.
    rows = rows_by_hand(t, grave)
    withdrawn = set(t.pairs.filter(status=EntrantStatus.WITHDRAWN).values_list("number", flat=True))
    order = order_by_hand(rows, withdrawn)
    page.goto(f"{base}/es/t/{slug}/standings/")
    expect(page.locator("table.standings")).to_contain_text("Efect.")
    shown = [int(page.locator("table.standings tbody tr").nth(i).locator("td").nth(1).inner_text())
             for i in range(12)]
    assert shown == order, f"{shown} {order} {rows}"
    shots(page, artifacts, "latin-standings")
    page.goto(f"{base}/es/t/{slug}/crosstable/")
    expect(page.locator("main thead").first).to_contain_text("Efect.")  # partidas won and efectividad, no «points»
    shots(page, artifacts, "latin-crosstable")
    hall = new_page(LAPTOP)
    hall.goto(f"{base}/es/t/{slug}/standings/projector/")
    expect(hall.locator("body")).to_contain_text("Efect.")
    hall.screenshot(path=str(artifacts / "walk-latin-projector-1280.png"), full_page=True)
    text = flat(get_pdf(page, f"{base}/es/t/{slug}/standings.pdf", artifacts, "latin-standings", render=True))
    first = t.pairs.get(number=order[0])
    assert f"{rows[order[0]][1]}" in text and first.players.order_by("number").first().name in text
    book = get_workbook(page, f"{base}/es/t/{slug}/standings.xlsx", artifacts, "latin-standings")
    sheet = book[book.sheetnames[0]]
    numbers = [row[1] for row in sheet.iter_rows(min_row=2, max_row=13, values_only=True)]
    assert numbers == order, sheet_text(sheet)
    report = flat(get_pdf(page, f"{base}/es/t/{slug}/manage/final-report.pdf", artifacts, "latin-final-report",
                          render=True))
    assert NAME in report and "Efect." in report and "partidas ganadas → efectividad → puntos" in report
    assert "Puntos de partida" not in report  # no match points in this game
    # the cards of round 1's table 3: B1's yellow in hand 1, B2's red in hand 2, which ended the partida
    b_pair = three.pair_b
    b1, b2 = (p.name for p in b_pair.players.order_by("number"))
    assert f"B1 {b1} tarjeta: amarilla tarjeta: amarilla" in report, report
    assert f"B2 {b2} tarjeta: roja tarjeta: roja · partida terminada" in report
    page.goto(manage)
    shots(page, artifacts, "latin-manage-finished")
