"""The partnership game's protocols in the database (RULES-LATIN.md §11): every worked example of §13 imported
into a table scores into the protocol's cache exactly as the engine scores the file, comes back out as the same
protocol, and the pairs' cards travel from one partida to the next of the tournament (§10.2)."""
import json
from pathlib import Path

import pytest

from audit.models import AuditEntry
from engine.rules import ProtocolError, score_protocol
from scoring.models import Protocol, Sanction
from scoring.protocol_json import protocol_to_json
from scoring.services import import_protocol_json
from tests.factories import make_referee, make_round, make_tournament

EXAMPLES = json.loads((Path(__file__).parents[1] / "engine" / "rules" / "latin_examples.json").read_text("utf-8"))
PLAYED = sorted((k for k, v in EXAMPLES.items() if "protocol" in v and "bye" not in v["protocol"]
                 and not any("prior_card" in side for side in v["protocol"]["pairs"].values())),
                key=lambda k: int(k[1:]))


def latin_event(rules: dict, pairs: int = 8, slug: str = "copa-latina"):
    overrides = {k: v for k, v in rules.items() if k != "preset"}
    return make_tournament(pairs, slug=slug, preset="latin", overrides=overrides)


def table(tournament, number: int, a: int, b: int):
    return make_round(tournament, number, [(a, b)]).parties.get(table=1)


def the_file(example: dict) -> dict:
    """The protocol as a referee's file sends it: its hands, sanctions, counters and no-show (the rules and the
    pairs' cards are the tournament's)."""
    protocol = example["protocol"]
    return {k: v for k, v in protocol.items() if k in ("format", "deals", "sanctions", "indicators", "no_show")}


@pytest.mark.parametrize("key", PLAYED)
def test_an_example_imported_caches_what_the_engine_scores(db, key):
    example = EXAMPLES[key]
    protocol_in = example["protocol"]
    tournament = latin_event(protocol_in["rules"])
    partie = table(tournament, 1, protocol_in["pairs"]["A"]["number"], protocol_in["pairs"]["B"]["number"])
    protocol = import_protocol_json(partie, the_file(example), make_referee(tournament))
    protocol = Protocol.objects.get(pk=protocol.pk)
    scored = score_protocol(protocol_in).to_json()  # the engine reproduces §13 exactly (tests/engine/rules)
    rows = scored["pairs"]
    assert {side: {k: v for k, v in rows[side].items() if k in example["scored"]["pairs"][side]}
            for side in ("A", "B")} == example["scored"]["pairs"]
    # The score as it counts: the rows' points once finished (capped, a forfeit's target, a drawn partida's 0),
    # the table's running totals while it is played.
    shown = ((rows["A"]["points_for"], rows["B"]["points_for"]) if scored["finished"]
             else (scored["totals"]["A"], scored["totals"]["B"]))
    assert (protocol.score_a, protocol.score_b) == shown
    results = {1: "win", 0: "loss"}
    assert (protocol.result_a, protocol.result_b) == tuple(
        ("draw" if rows[s]["drawn"] else results[rows[s]["won"]]) if scored["finished"] else "" for s in "AB")
    assert protocol.winner == (scored["winner"] or "")
    assert protocol.finished is scored["finished"]
    assert (protocol.efectividad_a, protocol.efectividad_b) == (rows["A"]["efectividad"], rows["B"]["efectividad"])
    assert (protocol.sanction_a, protocol.sanction_b) == (rows["A"]["sanction"], rows["B"]["sanction"])
    assert (protocol.card_a, protocol.card_b) == (rows["A"]["card"], rows["B"]["card"])
    assert protocol.status == ("awaiting_signatures" if scored["finished"] else "in_play")
    # Out again as the same protocol: every hand's field, the sanctions, the counters, the no-show.
    again = protocol_to_json(protocol)
    assert again["deals"] == protocol_in.get("deals", [])
    assert again["sanctions"] == protocol_in.get("sanctions", [])
    assert again.get("indicators") == protocol_in.get("indicators")
    assert again["no_show"] == protocol_in.get("no_show")
    assert score_protocol(again).to_json()["pairs"] == {
        side: {**score_protocol(protocol_in).to_json()["pairs"][side]} for side in ("A", "B")}


def test_the_stored_hand_keeps_its_ends_pasos_redondos_and_time_called(db):
    example = EXAMPLES["L12"]
    tournament = latin_event(example["protocol"]["rules"])
    partie = table(tournament, 1, 3, 7)
    protocol = import_protocol_json(partie, the_file(example), make_referee(tournament))
    first = protocol.deals.get(n=1)
    assert (first.ends, first.pasos_redondos, first.out_tile, first.lead_tile) == ([5, 2], {"B": 1}, "2-5", "6-6")
    timed = EXAMPLES["L6"]
    tournament = latin_event(timed["protocol"]["rules"], slug="a-tiempo")
    protocol = import_protocol_json(table(tournament, 1, 3, 7), the_file(timed), make_referee(tournament))
    assert [d.time_called for d in protocol.deals.all()] == [bool(d.get("time_called"))
                                                            for d in timed["protocol"]["deals"]]
    assert any(d.time_called for d in protocol.deals.all())


def give(tournament, round_number: int, a: int, b: int, sanctions: list, deals=None):
    """A partida of pairs ``a`` and ``b`` in its own round, with these sanctions (hand 1 played by default)."""
    deals = deals if deals is not None else [{"n": 1, "result": "domino", "lead": "A1", "out": "A1",
                                              "hands": {"A2": 10, "B1": 10, "B2": 10}}]
    return import_protocol_json(table(tournament, round_number, a, b),
                                {"deals": deals, "sanctions": sanctions}, make_referee(tournament))


@pytest.mark.parametrize("key,prior_round", [
    ("L8", [{"player": "A1", "card": "yellow", "hand": 1}]),   # pair 3 brings a yellow card
    ("L9", [{"player": "A2", "points": 80, "hand": 1}]),       # an 80 with no card before gives the yellow
    ("L17", [{"player": "A1", "card": "red", "hand": 1}]),     # pair 7 (A in round 1) brings a red card
])
def test_a_card_of_an_earlier_partida_is_the_pairs_prior_card_in_the_next(db, key, prior_round):
    example = EXAMPLES[key]
    protocol_in = example["protocol"]
    tournament = latin_event(protocol_in["rules"])
    carded = next(side for side in ("A", "B") if protocol_in["pairs"][side].get("prior_card"))
    number = protocol_in["pairs"][carded]["number"]
    earlier = give(tournament, 1, number, 8, prior_round)
    assert earlier.card_a == protocol_in["pairs"][carded]["prior_card"]
    partie = table(tournament, 2, protocol_in["pairs"]["A"]["number"], protocol_in["pairs"]["B"]["number"])
    protocol = Protocol.objects.get(pk=import_protocol_json(partie, the_file(example), make_referee(tournament)).pk)
    rows = score_protocol(protocol_in).to_json()["pairs"]
    assert getattr(protocol, f"prior_card_{carded.lower()}") == protocol_in["pairs"][carded]["prior_card"]
    assert (protocol.card_a, protocol.card_b) == (rows["A"]["card"], rows["B"]["card"])
    assert (protocol.efectividad_a, protocol.efectividad_b) == (rows["A"]["efectividad"], rows["B"]["efectividad"])
    assert protocol_to_json(protocol)["pairs"][carded]["prior_card"] == protocol_in["pairs"][carded]["prior_card"]


def test_a_card_taken_back_in_an_earlier_partida_is_taken_back_in_the_later_ones(db):
    """Round 1 gives pair 3 a yellow; round 2 its 80 makes it red. Round 1 corrected without the card: round 2
    is rescored at once — no prior card, so the 80 gives a yellow (RULES-LATIN.md §10.2)."""
    tournament = latin_event({"preset": "latin"})
    give(tournament, 1, 3, 8, [{"player": "A1", "card": "yellow", "hand": 1}])
    later = give(tournament, 2, 3, 7, [{"player": "A2", "points": 80, "hand": 1}])
    assert (later.prior_card_a, later.card_a) == ("yellow", "red")
    first = tournament.rounds.get(number=1).parties.get()
    import_protocol_json(first, {"deals": [{"n": 1, "result": "domino", "lead": "A1", "out": "A1",
                                            "hands": {"A2": 10, "B1": 10, "B2": 10}}], "sanctions": []},
                         make_referee(tournament))
    later.refresh_from_db()
    assert (later.prior_card_a, later.card_a) == ("none", "yellow")


def test_a_black_card_before_the_partida_is_refused_and_nothing_is_written(db):
    tournament = latin_event({"preset": "latin"})
    give(tournament, 1, 3, 8, [{"player": "A1", "card": "black", "hand": 1}])
    partie = table(tournament, 2, 3, 7)
    with pytest.raises(ProtocolError) as refused:
        give_to = {"deals": [{"n": 1, "result": "domino", "lead": "A1", "out": "A1",
                              "hands": {"A2": 10, "B1": 10, "B2": 10}}]}
        import_protocol_json(partie, give_to, make_referee(tournament))
    assert refused.value.code == "prior_card_black"
    assert not Sanction.objects.filter(protocol__partie=partie).exists()
    assert not Protocol.objects.filter(partie=partie, deals__isnull=False).exists()


def test_the_import_of_sanctions_is_audited_with_the_protocol_before_and_after(db):
    example = EXAMPLES["L7"]
    tournament = latin_event(example["protocol"]["rules"])
    partie = table(tournament, 1, 3, 7)
    import_protocol_json(partie, the_file(example), make_referee(tournament))
    entry = AuditEntry.objects.filter(action="protocol.imported").latest("id")
    assert entry.after["sanctions"] == [{"player": "B2", "hand": 3, "points": 40}]
    assert entry.before["sanctions"] == []


def test_a_tournament_moved_to_another_installation_keeps_its_sanctions_and_cards(db, tmp_path):
    from events.services.transfer import export_tournament, import_tournament

    tournament = latin_event({"preset": "latin"})
    give(tournament, 1, 3, 8, [{"player": "A1", "card": "yellow", "hand": 1}])
    path = tmp_path / "copa.json"
    assert export_tournament(tournament, path)["sanctions"] == 1
    written = json.loads(path.read_text("utf-8"))
    assert [(s["seat"], s["card"], s["hand"]) for s in written["sanctions"]] == [("A1", "yellow", 1)]
    import_tournament(path, slug="copa-movida")
    protocol = Protocol.objects.get(partie__round__tournament__slug="copa-movida")
    assert [s.to_json() for s in protocol.sanctions.all()] == [{"player": "A1", "hand": 1, "card": "yellow"}]
    assert protocol.card_a == "yellow"


def test_the_round_robin_of_the_rule_book_ranks_in_the_database_as_it_does_on_paper(db):
    """RULES-LATIN.md §13 L24: the six partidas of a 4-pair round robin (a forfeit among them) imported round by
    round; the tournament's standings are the rule book's, in its order: won, then efectividad."""
    from scoring.reports.selectors import load_standings

    tournament = latin_event(EXAMPLES["L18"]["protocol"]["rules"], pairs=4)
    rounds = [["L18", "L19"], ["L20", "L21"], ["L22", "L23"]]
    referee = make_referee(tournament)
    for number, keys in enumerate(rounds, start=1):
        pairings = [(EXAMPLES[k]["protocol"]["pairs"]["A"]["number"], EXAMPLES[k]["protocol"]["pairs"]["B"]["number"])
                    for k in keys]
        rnd = make_round(tournament, number, pairings)
        for table, key in enumerate(keys, start=1):
            import_protocol_json(rnd.parties.get(table=table), the_file(EXAMPLES[key]), referee)
    expected = EXAMPLES["L24"]["standings"]
    from io import BytesIO

    from pypdf import PdfReader

    from scoring.reports.pdf_lists import standings_pdf
    printed = "".join(page.extract_text() for page in PdfReader(BytesIO(standings_pdf(load_standings(tournament)))).pages)
    assert "Эффект." in printed and "115" in printed and "-160" in printed  # the efectividad column, printed
    rows = load_standings(tournament).rows
    assert [r.pair.number for r in rows] == [e["number"] for e in expected]
    assert [r.rank for r in rows] == [e["position"] for e in expected]
    assert [(r.played, r.wins, r.losses, r.draws, r.points_for, r.points_against, r.efectividad) for r in rows] == [
        (e["played"], e["won"], e["lost"], e["drawn"], e["points_for"], e["points_against"], e["efectividad"])
        for e in expected]


def test_a_bye_counts_as_a_partida_won_with_the_target_and_its_efectividad(db):
    """RULES-LATIN.md §9 (L11): a bye gives the pair the target's points and bye_efectividad_pct of it."""
    from scoring.reports.selectors import load_standings

    tournament = latin_event({"preset": "latin", "target_points": 200, "bye_efectividad_pct": 50}, pairs=3)
    make_round(tournament, 1, [(1, 2), (3, None)])
    import_protocol_json(tournament.rounds.get().parties.get(table=1), {"no_show": "B"}, make_referee(tournament))
    rows = {r.pair.number: r for r in load_standings(tournament).rows}
    assert (rows[3].byes, rows[3].wins, rows[3].points_for, rows[3].efectividad) == (1, 1, 200, 100)
    assert (rows[1].wins, rows[1].points_for, rows[1].efectividad) == (1, 200, 100)  # a forfeit: 50 % of 200
    assert (rows[2].losses, rows[2].points_against, rows[2].efectividad) == (1, 200, -200)
    assert [r.pair.number for r in load_standings(tournament).rows] == [1, 3, 2]  # 1 before 3: the pair number


def test_the_swiss_pairing_orders_a_score_group_by_efectividad_not_by_the_point_difference(db):
    """RULES-LATIN.md §8.3: inside the pairs with as many partidas won, the better efectividad ranks higher —
    pair 3 (won 100 : 20, efectividad 80) before pair 1 (a forfeit, 100 : 0 but 50 % of the target)."""
    from events.services.standing import pairing_order, records
    from tournaments.models import PairingSystem

    tournament = make_tournament(6, slug="suizo", preset="latin", overrides={"target_points": 100},
                                 pairing_system=PairingSystem.SWISS)
    rnd = make_round(tournament, 1, [(1, 2), (3, 4), (5, 6)], status="finished")
    referee = make_referee(tournament)
    import_protocol_json(rnd.parties.get(table=1), {"no_show": "B"}, referee)
    import_protocol_json(rnd.parties.get(table=2), {"deals": [
        {"n": 1, "result": "domino", "lead": "A1", "out": "A1", "hands": {"A2": 10, "B1": 30, "B2": 30}},
        {"n": 2, "result": "domino", "out": "B1", "hands": {"A1": 10, "A2": 5, "B2": 5}},
        {"n": 3, "result": "domino", "out": "A2", "hands": {"A1": 0, "B1": 20, "B2": 10}}]}, referee)
    import_protocol_json(rnd.parties.get(table=3), {"deals": [
        {"n": 1, "result": "domino", "lead": "A1", "out": "A1", "hands": {"A2": 30, "B1": 40, "B2": 40}}]}, referee)
    recs = records(tournament, 2)
    assert [r.number for r in pairing_order(tournament, 2, recs.values())] == [5, 3, 1, 4, 2, 6]
    # The sport key (the point difference) would put the forfeit's winner before pair 3.
    assert [r.number for r in sorted(recs.values(), key=lambda r: r.sort_key)] == [5, 1, 3, 4, 2, 6]


def test_the_standings_show_efectividad_deductions_and_cards_in_the_page_workbook_api_and_command(db, client):
    """The rule book's round robin with a card and a deduction added: every standings output of the event shows
    won, efectividad, the deduction and the card, in the order of the rules."""
    from io import StringIO

    from django.core.management import call_command
    from django.urls import reverse

    from api.selectors import standings as api_standings
    from scoring.reports import tabular
    from scoring.reports.selectors import load_standings

    tournament = latin_event({"preset": "latin", "target_points": 100}, pairs=4, slug="copa-publica")
    tournament.is_public = True
    tournament.save()
    rnd = make_round(tournament, 1, [(1, 2), (3, 4)])
    referee = make_referee(tournament)
    import_protocol_json(rnd.parties.get(table=1), the_file(EXAMPLES["L18"]), referee)
    file = the_file(EXAMPLES["L19"])
    import_protocol_json(rnd.parties.get(table=2), {**file, "indicators": {"B": {"zapato": 1}}, "sanctions": [{"player": "B1", "points": 40, "hand": 1},
                                                                          {"player": "B2", "card": "yellow",
                                                                           "hand": 1}]}, referee)
    data = load_standings(tournament)
    by_number = {r.pair.number: r for r in data.rows}
    assert (by_number[4].sanction, by_number[4].card) == (40, "yellow")
    table = tabular.standings_table(data)
    titles = [c.title for c in table.columns]
    row4 = next(row for row in table.rows if row[1] == 4)
    assert row4[titles.index("Эффективность")] == by_number[4].efectividad
    assert (row4[titles.index("Вычеты")], row4[titles.index("Карточка")]) == (40, "жёлтая")
    assert (row4[titles.index("Шлёпанец")], row4[titles.index("Башмак")]) == (0, 1)
    api_row = next(r for r in api_standings(tournament)["rows"] if r["entrant"] == 4)
    assert api_row["latin"] == {"efectividad": by_number[4].efectividad, "sanction": 40, "card": "yellow",
                                "chancleta": 0, "zapato": 1}
    out = StringIO()
    call_command("standings", tournament.slug, "--json", stdout=out)
    command_row = next(r for r in json.loads(out.getvalue()) if r["pair"] == 4)
    assert (command_row["efectividad"], command_row["sanction"], command_row["card"]) == (
        by_number[4].efectividad, 40, "yellow")
    page = client.get(reverse("reports:standings", args=[tournament.slug]))
    assert page.status_code == 200
    html = page.content.decode()
    assert "Эффект." in html and "жёлтая" in html and "Очки матча" not in html
    assert f"<td class=\"num\">{by_number[4].efectividad}</td>" in html


def test_every_public_page_and_file_of_a_played_round_opens(db, client):
    """A round of the partnership game played (a capicúa, pasos redondos, a forfeit, a bye): its pages, the
    standings, the cross table, the projector, the protocol and its PDF, the standings' workbook and PDF, the
    pairings, the blank score sheets and the whole workbook (its hands and sanctions sheets) open."""
    from django.urls import reverse

    tournament = latin_event({"preset": "latin", "target_points": 100, "capicua": "add", "capicua_bonus": 25,
                              "paso_redondo_bonus": 25}, pairs=7, slug="copa-doc")
    rnd = make_round(tournament, 1, [(3, 7), (1, 2), (4, 5), (6, None)])
    referee = make_referee(tournament)
    import_protocol_json(rnd.parties.get(table=1), the_file(EXAMPLES["L12"]), referee)
    import_protocol_json(rnd.parties.get(table=2), {"no_show": "B"}, referee)
    partie = rnd.parties.get(table=1)
    slug = tournament.slug
    pages = [reverse("tournaments:detail", args=[slug]), reverse("tournaments:pairings", args=[slug, 1]),
             reverse("reports:standings", args=[slug]), reverse("reports:crosstable", args=[slug]),
             reverse("reports:projector", args=[slug]), reverse("protocols:protocol", args=[partie.pk])]
    files = [reverse("reports:standings_xlsx", args=[slug]), reverse("reports:standings_pdf", args=[slug]),
             reverse("reports:pairings_pdf", args=[slug, 1]), reverse("reports:blank_sheets", args=[slug, 1]),
             reverse("reports:protocol_pdf", args=[slug, partie.pk]), reverse("reports:workbook", args=[slug])]
    client.force_login(referee)
    for url in pages + files:
        answer = client.get(url)
        assert answer.status_code == 200, url
    protocol_page = client.get(reverse("protocols:protocol", args=[partie.pk])).content.decode()
    assert "капикуа" in protocol_page.lower()
    from scoring.reports import selectors, tabular
    hands = tabular.hands_table(selectors.partidas(tournament), tournament.rules())
    first = hands.rows[0]
    titles = [c.title for c in hands.columns]
    assert first[titles.index("Итог")] == "домино, капикуа"
    assert first[titles.index("Пасы по кругу A / B")] == "0 / 1"
    assert (first[titles.index("Очки A")], first[titles.index("Очки B")]) == (53, 25)  # L12's first hand
    assert any(row[titles.index("Итог")] == "неявка пары B" for row in hands.rows)


def test_the_score_check_reads_the_partidas_cache_and_finds_a_changed_efectividad(db):
    """``verify_scores`` (scoring.checks) compares the partnership game's cache as rescore writes it."""
    from scoring.checks import check_tournament
    from scoring.services.repair import rescore_drifted

    tournament = latin_event(EXAMPLES["L7"]["protocol"]["rules"])
    partie = table(tournament, 1, 3, 7)
    referee = make_referee(tournament)
    import_protocol_json(partie, the_file(EXAMPLES["L7"]), referee)
    assert check_tournament(tournament).findings == []
    Protocol.objects.filter(partie=partie).update(efectividad_a=999)
    findings = check_tournament(tournament).findings
    assert [f.kind for f in findings] == ["cache"]
    from access.models import RoleKind, TournamentRole
    TournamentRole.objects.create(tournament=tournament, user=referee, role=RoleKind.CHIEF_REFEREE)
    assert rescore_drifted(referee, tournament) == 1
    assert check_tournament(tournament).findings == []


def test_the_signed_sheet_and_the_protocol_page_say_the_partida_in_its_own_words(db, client):
    """The partida's sheet (PDF and page): the pairs' cards before it, each hand (domino with capicúa, tranque),
    the sanctions with the card each gave, each pair's row (efectividad, deduction, card) — no remarks."""
    from io import BytesIO

    from django.urls import reverse
    from pypdf import PdfReader

    tournament = latin_event({"preset": "latin"}, slug="copa-hoja")
    give(tournament, 1, 3, 8, [{"player": "A1", "card": "yellow", "hand": 1}])
    example = EXAMPLES["L8"]  # pair 3 brings its yellow card; its 80 in hand 4 makes it red
    partie = table(tournament, 2, 3, 7)
    import_protocol_json(partie, the_file(example), make_referee(tournament))
    client.force_login(make_referee(tournament))
    pdf = client.get(reverse("reports:protocol_pdf", args=[tournament.slug, partie.pk])).content
    text = " ".join(page.extract_text() for page in PdfReader(BytesIO(pdf)).pages)
    text = " ".join(text.split())
    assert "карточка до партии: жёлтая" in text and "замечаний до партии" not in text
    assert "Санкция A1 в раздаче 4: вычет 80 очков → красная" in text
    assert "эффективность" in text and "Замечания" not in text
    page = client.get(reverse("protocols:protocol", args=[partie.pk])).content.decode()
    assert "вычет 80 очков → красная" in page and "домино" in page


def test_a_simulated_round_of_the_partnership_game_is_played_signed_and_ranked(db):
    """The simulation plays a partida at every table with the engine's random hands; each is finished and
    signed, and the standings rank them."""
    import random

    from events.simulation import link_signers, play_partie
    from scoring.reports.selectors import load_standings

    tournament = latin_event({"preset": "latin", "capicua": "add"}, pairs=4, slug="copa-sim")
    tournament.signature_mode = "one_per_pair"  # as the simulation's events sign: one account a pair
    tournament.save()
    rnd = make_round(tournament, 1, [(1, 2), (3, 4)])
    referee = make_referee(tournament)
    signers = link_signers(tournament, 7)
    for partie in rnd.parties.all():
        play_partie(referee, partie, random.Random(partie.table), signers)
    protocols = Protocol.objects.filter(partie__round=rnd)
    assert all(p.finished and p.status == "signed" and p.efectividad_a is not None for p in protocols)
    rows = load_standings(tournament).rows
    assert sorted(r.wins for r in rows) == [0, 0, 1, 1]
    assert sum(r.efectividad for r in rows) == 0  # each partida's efectividad: one pair's gain, the other's loss


def test_the_blank_sheet_has_rows_for_the_sanctions_and_room_for_the_pairs_prior_cards(db, client):
    """The referee writes the sanctions at the table on the blank sheet too: each pair's card before the partida
    (in the header), rows for the hand, the player, the deduction or the card — not the sport game's remarks."""
    from io import BytesIO

    from django.urls import reverse
    from pypdf import PdfReader

    tournament = latin_event({"preset": "latin"}, slug="copa-blanco")
    table(tournament, 1, 3, 7)
    client.force_login(make_referee(tournament))
    pdf = client.get(reverse("reports:blank_sheets", args=[tournament.slug, 1])).content
    text = " ".join(" ".join(page.extract_text() for page in PdfReader(BytesIO(pdf)).pages).split())
    assert "Санкции и карточки" in text and text.count("карточка до партии: ____") == 2
    assert "Вычет" in text and "Карточка" in text and "Примечание" in text
    assert "Замечания и санкции" not in text
