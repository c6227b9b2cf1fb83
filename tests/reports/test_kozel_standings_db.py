"""Kozel and Morskoy standings from the database: the protocol cache, the JSON, the pages, the workbook.

The figures are checked against the engine's scored protocols summed here independently (RULES-KOZEL.md §11.1
keys: ``goats``, ``games``, ``rating``, ``totals``), never against the cache they are built from.
"""
import io
import json
from collections import defaultdict

import pytest
from django.core.management import call_command
from django.urls import reverse
from openpyxl import load_workbook

from engine.rules import score_protocol
from events.documents import exports
from scoring.models import Protocol
from scoring.protocol_json import protocol_to_json
from scoring.reports import selectors
from scoring.services import import_protocol_json
from tests.factories import make_referee, make_round, make_tournament
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def simulated(preset, pairs=9, rounds=3, seed="2"):
    out = io.StringIO()
    call_command("simulate", "--preset", preset, "--pairs", str(pairs), "--rounds", str(rounds), "--system", "swiss",
                 "--seed", seed, "--no-shows", "2", "--slug", f"sim-{preset}", stdout=out)
    tournament = Tournament.objects.get(slug=json.loads(out.getvalue())["slug"])
    Tournament.objects.filter(pk=tournament.pk).update(is_public=True)
    return Tournament.objects.get(pk=tournament.pk)


def standings_json(tournament, *extra):
    out = io.StringIO()
    call_command("standings", tournament.slug, "--json", *extra, stdout=out)
    return json.loads(out.getvalue())


def expected_from_scored_protocols(tournament):
    """Pair number -> what the standings must show, summed from ``score_protocol`` of every protocol."""
    sums = defaultdict(lambda: {"goats_received": 0, "goats_given": 0, "dry_goats": 0, "dry_goats_given": 0,
                                "games_won": 0, "rating": None, "points_for": 0, "points_against": 0})
    protocols = Protocol.objects.filter(partie__round__tournament=tournament, partie__pair_b__isnull=False)
    for protocol in protocols.select_related("partie__pair_a", "partie__pair_b"):
        scored = score_protocol(protocol_to_json(protocol)).to_json()
        assert scored["finished"]
        for side, other, pair in (("A", "B", protocol.partie.pair_a), ("B", "A", protocol.partie.pair_b)):
            row = sums[pair.number]
            row["goats_received"] += scored["goats"][side]
            row["goats_given"] += scored["goats"][other]
            row["dry_goats"] += sum(1 for g in scored["games"] if g["goat"] == side and g["dry"])
            row["dry_goats_given"] += sum(1 for g in scored["games"] if g["goat"] == other and g["dry"])
            row["games_won"] += sum(1 for g in scored["games"] if g["winner"] == side)
            if "rating" in scored and scored["rating"][side] is not None:
                row["rating"] = (row["rating"] or 0) + scored["rating"][side]
            own, theirs = scored["totals"][side], scored["totals"][other]
            if tournament.rules().recorder == "loser":  # the losers record: the own total counts against
                own, theirs = theirs, own
            row["points_for"] += own
            row["points_against"] += theirs
    return sums


def test_kozel_standings_json_matches_the_scored_protocols():
    t = simulated("kozel")
    rows = standings_json(t)
    expected = expected_from_scored_protocols(t)
    assert len(rows) == 9
    keys = ("goats_received", "goats_given", "dry_goats", "dry_goats_given", "games_won", "rating", "points_for",
            "points_against")
    for row in rows:
        want = expected.get(row["pair"], {k: (None if k == "rating" else 0) for k in keys})
        assert {k: row[k] for k in keys} == want, row["pair"]
        assert row["goats_difference"] == row["goats_given"] - row["goats_received"]
    assert sum(r["goats_received"] for r in rows) == sum(r["goats_given"] for r in rows) > 0
    assert any(r["rating"] is not None and r["rating"] != 0 for r in rows)
    assert any(r["byes"] for r in rows)  # 9 pairs: a bye gives match points, no goats
    # the goats order: match points, then goats difference, then point difference
    active = [r for r in rows if r["status"] == "active"]
    keyed = [(-r["match_points"], -r["goats_difference"], -r["difference"]) for r in active]
    assert keyed == sorted(keyed)
    players = standings_json(t, "--players")
    by_pair = {r["pair"]: r for r in rows}
    assert all(p["rating"] == by_pair[p["pair"]]["rating"] and p["goats_received"] == by_pair[p["pair"]][
        "goats_received"] for p in players)


def test_morskoy_standings_have_goats_but_no_rating():
    t = simulated("morskoy-kozel", pairs=6, rounds=2)
    rows = standings_json(t)
    expected = expected_from_scored_protocols(t)
    for row in rows:
        assert "rating" not in row
        assert row["goats_received"] == expected[row["pair"]]["goats_received"]
        assert row["points_for"] == expected[row["pair"]]["points_for"]  # the winners record: own = for
    assert sum(r["goats_received"] for r in rows) > 0
    html = Client_get(t, "reports:standings")
    assert "Козлов" in html and "Рейтинг" not in html
    sheet = load_workbook(io.BytesIO(exports.standings_workbook(t))).active
    header = [c.value for c in sheet[1]]
    assert "Козлов получено" in header and "Рейтинг" not in header


def Client_get(tournament, name, **query):
    from django.test import Client

    response = Client().get(reverse(name, args=[tournament.slug]), query)
    assert response.status_code == 200
    return response.content.decode()


def test_kozel_pages_show_goats_and_rating():
    t = simulated("kozel", pairs=6, rounds=2)
    data = selectors.load_standings(t)
    leader = data.rows[0]
    html = Client_get(t, "reports:standings")
    for header in ("Козлов", "± козлов", "Рейтинг", "Сухих", "Игр выиграно"):
        assert f">{header}<" in html, header
    assert "разность козлов" in html  # the order printed under the table
    projector = Client_get(t, "reports:projector")
    assert "Козлов" in projector and "± козлов" in projector and "Рейтинг" in projector
    cross = Client_get(t, "reports:crosstable")
    assert "&nbsp;к.</small>" in cross and "козлы партии" in cross
    players = Client_get(t, "reports:players")
    assert ">Козлов<" in players and ">Рейтинг<" in players
    assert leader.goats_given >= 1


def test_sport_standings_json_and_pages_are_unchanged(client, cup):
    rows = standings_json(cup)
    assert not {"goats_received", "goats_given", "dry_goats", "games_won", "rating"} & set(rows[0])
    html = client.get(reverse("reports:standings", args=["cup"])).content.decode()
    assert ">Козлов<" not in html and "разность козлов" not in html
    assert "очки матча → разность очков" in html


def test_hand_points_show_points_as_the_sport_game():
    t = simulated("hand-points", pairs=4, rounds=2)
    rows = standings_json(t)
    assert "goats_received" not in rows[0] and "rating" not in rows[0]
    html = Client_get(t, "reports:standings")
    assert ">Козлов<" not in html
    assert selectors.load_standings(t).tiebreaks[:2] == ("match_points", "difference")


@pytest.fixture
def dry_cup(db):
    """One kozel partie with dry goats counting two: pair 2 reaches 120 while pair 1 has nothing."""
    t = make_tournament(2, slug="dry", preset="kozel", overrides={"dry_goat_value": 2}, is_public=True)
    rnd = make_round(t, 1, [(1, 2)])
    deals = [{"n": 1, "result": "domino", "out": "A1", "hands": {"B1": 30, "B2": 30}},
             {"n": 2, "result": "domino", "out": "A1", "hands": {"B1": 30, "B2": 30}}]
    import_protocol_json(rnd.parties.get(), {"format": "domino-protocol/2", "deals": deals}, make_referee(t))
    return t


def test_a_dry_goat_counts_dry_goat_value(dry_cup):
    protocol = Protocol.objects.get(partie__round__tournament=dry_cup)
    assert (protocol.goats_a, protocol.goats_b, protocol.dry_goats_a, protocol.dry_goats_b) == (0, 2, 0, 1)
    assert (protocol.games_won_a, protocol.games_won_b, protocol.rating_a, protocol.rating_b) == (1, 0, 10, -2)
    one, two = standings_json(dry_cup)
    assert (one["pair"], one["goats_given"], one["dry_goats_given"], one["goats_difference"]) == (1, 2, 1, 2)
    assert (two["goats_received"], two["dry_goats"], two["rating"]) == (2, 1, -2)
    assert (one["points_for"], one["points_against"]) == (120, 0)


def test_verify_scores_fills_the_goats_of_older_kozel_protocols(dry_cup):
    """Kozel protocols written before the goats were cached hold zeros: ``verify_scores --fix`` fills them."""
    before = standings_json(dry_cup)
    Protocol.objects.filter(partie__round__tournament=dry_cup).update(
        goats_a=0, goats_b=0, dry_goats_a=0, dry_goats_b=0, games_won_a=0, games_won_b=0, rating_a=None,
        rating_b=None)
    assert standings_json(dry_cup)[1]["goats_received"] == 0
    out = io.StringIO()
    with pytest.raises(SystemExit):
        call_command("verify_scores", "dry", stdout=out)
    assert "1 differ" in out.getvalue()
    out = io.StringIO()
    call_command("verify_scores", "dry", "--fix", stdout=out)
    assert standings_json(dry_cup) == before
    out = io.StringIO()
    call_command("verify_scores", "dry", stdout=out)
    assert "0 differ" in out.getvalue()


def test_workbook_of_a_kozel_tournament(dry_cup):
    player = dry_cup.pairs.get(number=1).players.get(number=1)
    player.name = '=HYPERLINK("http://x")'
    player.save()
    book = load_workbook(io.BytesIO(exports.workbook(dry_cup)))
    standings = book.worksheets[0]  # «Положение, тур 1 идёт (предв.)»: the round is in play
    header = [c.value for c in standings[1]]
    first = dict(zip(header, [c.value for c in standings[2]]))
    assert (first["Козлов отдано"], first["Сухих козлов отдано"], first["Разность козлов"], first["Рейтинг"]) == (
        2, 1, 2, 10)
    assert standings.cell(row=2, column=header.index("Игроки") + 1).data_type == "s"
    cross = book["Турнирная таблица"]
    assert [c.value for c in cross[2]][5] == "0:2 к."
    players = book["Игроки"]
    cell = next(c for row in players.iter_rows(min_row=2) for c in row if c.value == '=HYPERLINK("http://x")')
    assert cell.data_type == "s"
    pairings = book["Пары по турам"]
    header = [c.value for c in pairings[1]]
    assert dict(zip(header, [c.value for c in pairings[2]]))["Козлов B"] == 2


def test_settings_form_offers_the_goats_order():
    from events.forms_setup import TournamentForm
    from events.forms_tiebreaks import ordering_choices

    assert "goats" in dict(ordering_choices())
    assert "разность козлов" in dict(ordering_choices())["goats"]
    criteria = dict(TournamentForm().fields["tiebreak_1"].choices)
    assert criteria["goats_difference"] == "разность козлов" and criteria["rating"] == "рейтинг"


def test_printed_standings_and_final_report_of_a_kozel_tournament(dry_cup):
    import pdfplumber

    from events.documents import pack

    with pdfplumber.open(io.BytesIO(exports.standings_pdf(dry_cup))) as pdf:
        table = pdf.pages[0].extract_tables()[0]
    header = [" ".join((c or "").split()) for c in table[0]]
    assert {"Козлов", "± козлов", "Рейтинг"} <= set(header) and "Раздач" not in header
    first = dict(zip(header, table[1]))
    assert (first["Пара"], first["Козлов"], first["± козлов"], first["Рейтинг"]) == ("1", "0", "2", "10")
    with pdfplumber.open(io.BytesIO(pack.final_report(dry_cup))) as pdf:
        text = "\n".join(page.extract_text() for page in pdf.pages)
    assert "2+ 0:2 к." in text and "козлы партии: свои : соперника" in text  # as the page writes it


@pytest.mark.parametrize("preset", ["morskoy-kozel", "hand-points"])
def test_the_workbook_re_scores_every_deal_with_the_kozel_fields(preset):
    """The deals sheet reads the fisher, tiles, hand points and ``abandoned`` too: a Morskoy block needs its fisher."""
    from scoring.models import Deal

    t = simulated(preset, pairs=6, rounds=2)
    book = load_workbook(io.BytesIO(exports.workbook(t)))
    sheet = book["Раздачи"]
    header = [c.value for c in sheet[1]]
    rows = [dict(zip(header, [c.value for c in r])) for r in sheet.iter_rows(min_row=2)]
    deals = Deal.objects.filter(protocol__partie__round__tournament=t)
    no_shows = Protocol.objects.filter(partie__round__tournament=t).exclude(no_show="").count()
    assert len(rows) == deals.count() + no_shows and deals.count() > 0
    last = {}
    for row in rows:
        if row["Раздача"] is not None:
            last[(row["Тур"], row["Стол"])] = row
    for protocol in Protocol.objects.filter(partie__round__tournament=t, no_show="").select_related("partie__round"):
        scored = score_protocol(protocol_to_json(protocol))
        row = last[(protocol.partie.round.number, protocol.partie.table)]
        assert (row["Сумма A"], row["Сумма B"]) == (scored.deals[-1].running_a, scored.deals[-1].running_b)


def test_a_pair_that_left_reads_as_the_loser_in_every_cross_table(client):
    """Pair 1 won game 1 (pair 2 the goat) and left in game 2, which goes to it: goats 1 : 1, yet pair 1 lost.
    Its cells read «−:+» (pair 2's «+:−») on the page, in the PDF and the workbook, never «1:1 к.» with a loss."""
    import pdfplumber

    from events.documents import pack

    t = make_tournament(2, slug="left", preset="kozel", overrides={"games_per_partie": 2}, is_public=True)
    rnd = make_round(t, 1, [(1, 2)])
    deals = [{"n": 1, "result": "domino", "out": "A1", "hands": {"B1": 30, "B2": 30}},
             {"n": 2, "result": "domino", "out": "A1", "hands": {"B1": 30, "B2": 30}}]
    import_protocol_json(rnd.parties.get(), {"format": "domino-protocol/2", "deals": deals, "abandoned": "A"},
                         make_referee(t))
    protocol = Protocol.objects.get(partie__round__tournament=t)
    assert (protocol.goats_a, protocol.goats_b, protocol.winner) == (1, 1, "B")
    html = Client_get(t, "reports:crosstable")
    rows = {n: html.split(f'data-label="Пара">{n}</td>', 1)[1].split("</tr>", 1)[0] for n in (1, 2)}
    assert "2−</span><br><small>−:+<br>1:1&nbsp;к." in rows[1] and "1+</span><br><small>+:−<br>" in rows[2]
    cross = load_workbook(io.BytesIO(exports.workbook(t)))["Турнирная таблица"]
    lines = {row[1].value: [c.value for c in row] for row in cross.iter_rows(min_row=2)}
    assert lines[1][3:6] == [2, "−", "−:+"] and lines[2][3:6] == [1, "+", "+:−"]
    with pdfplumber.open(io.BytesIO(pack.final_report(t))) as pdf:
        text = "\n".join(page.extract_text() for page in pdf.pages)
    assert "2− −:+" in text and "1+ +:−" in text and "1:1 к." not in text
    assert "«−:+» — партия проиграна" in html and "партия проиграна снятием" in " ".join(text.split())  # legends
