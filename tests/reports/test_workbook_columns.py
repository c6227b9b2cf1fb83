"""The whole-tournament workbook says what a secretary looks for: every pair's status, the players' own
ratings, how each partie ended, the Kozel partie's rating, the lead and last tiles, and words for hand points.
Every figure is compared with the database or the engine's score of the stored protocol."""
import io

import pytest
from openpyxl import load_workbook

from engine.ranking.standings import Game
from engine.rules import score_protocol
from events.documents import exports
from scoring.models import Protocol
from scoring.protocol_json import protocol_to_json
from scoring.reports.tabular import ending_text
from scoring.services import import_protocol_json
from tests.factories import make_referee
from tests.kozel_protocols import HAND_DEALS, KOZEL_TWO_GAMES, partie_of, record

pytestmark = pytest.mark.django_db


def sheet_rows(tournament, title):
    book = load_workbook(io.BytesIO(exports.workbook(tournament)))
    sheet = book[title] if title in book.sheetnames else book.worksheets[0]  # standings: titled by round
    header = [c.value for c in sheet[1]]
    return header, [dict(zip(header, [c.value for c in r])) for r in sheet.iter_rows(min_row=2)]


def test_every_pair_has_a_status_active_ones_play(cup):
    """The standings and players sheets; the pages and PDFs name only a pair that left (status_text)."""
    pair = cup.pairs.get(number=8)
    pair.status = "withdrawn"
    pair.withdrawn_after_round = 2
    pair.save(update_fields=["status", "withdrawn_after_round"])
    _header, rows = sheet_rows(cup, "standings")
    statuses = {r["Пара"]: r["Статус"] for r in rows}
    assert statuses[8] == "Снялась"
    assert {statuses[n] for n in range(1, 8)} == {"Играет"}


def test_players_own_ratings_are_in_the_pairs_and_players_sheets(cup):
    players = list(cup.pairs.get(number=3).players.order_by("number"))
    for player, rating in zip(players, (1510, 1620)):
        player.rating = rating
        player.save(update_fields=["rating"])
    _header, rows = sheet_rows(cup, "Пары")
    row = next(r for r in rows if r["Пара"] == 3)
    assert (row["Игрок 1"], row["Рейтинг игрока 1"]) == (players[0].name, 1510)
    assert (row["Игрок 2"], row["Рейтинг игрока 2"]) == (players[1].name, 1620)
    assert next(r for r in rows if r["Пара"] == 4)["Рейтинг игрока 1"] is None
    _header, rows = sheet_rows(cup, "Игроки")
    by_name = {r["Игрок"]: r["Рейтинг игрока"] for r in rows}
    assert (by_name[players[0].name], by_name[players[1].name]) == (1510, 1620)


def test_pairings_sheet_says_how_each_partie_ended(cup):
    rnd = cup.rounds.get(number=3)
    partie = rnd.parties.get(table=1)
    import_protocol_json(partie, {"deals": [], "no_show": "B"}, make_referee(cup))
    _header, rows = sheet_rows(cup, "Пары по турам")
    endings = {(r["Тур"], r["Стол"]): r["Как окончена"] for r in rows}
    assert endings[(3, 1)] == "неявка пары B"
    assert endings[(1, 1)] == endings[(2, 4)] == "доиграна"
    assert endings[(3, 2)] in ("", None)  # not played yet


def test_pairings_sheet_says_a_partie_ended_by_time(cup):
    Protocol.objects.filter(partie__round__number=1, partie__table=2).update(ended_by_time=True)
    _header, rows = sheet_rows(cup, "Пары по турам")
    endings = {(r["Тур"], r["Стол"]): r["Как окончена"] for r in rows}
    assert (endings[(1, 2)], endings[(1, 4)]) == ("по времени", "доиграна")


def test_ending_text_names_the_pair_that_left_or_was_removed():
    played = Game(1, 1, 2)
    assert ending_text(played, ("", False, "B")) == "ушла пара B"
    assert ending_text(played, ("", True, "A")) == "ушла пара A"  # the departure says more than the clock
    assert ending_text(Game(1, 1, 2, disqualified="A"), ("", False, "")) == "пара A снята"
    assert ending_text(Game(1, 1, 2, finished=False), ("B", False, "")) == ""
    assert ending_text(played, None) == "доиграна"


def test_kozel_pairings_carry_the_partie_rating_and_deals_the_tiles():
    partie = partie_of("kozel", {"games_per_partie": 2})
    result = score_protocol(protocol_to_json(record(partie, KOZEL_TWO_GAMES)))
    tournament = partie.round.tournament
    _header, rows = sheet_rows(tournament, "Пары по турам")
    assert (rows[0]["Рейтинг A"], rows[0]["Рейтинг B"]) == (result.rating["A"], result.rating["B"])
    assert (rows[0]["Козлов A"], rows[0]["Козлов B"]) == (result.goats["A"], result.goats["B"])
    header, rows = sheet_rows(tournament, "Раздачи")
    assert "Тасует" not in header  # the Kozel family names no shuffler
    assert rows[0]["Камень захода"] == "1-1" and rows[0]["Последний камень"] == "2-4"
    assert rows[1]["Камень захода"] in ("", None) and rows[1]["Последний камень"] in ("", None)


def test_two_doubles_placed_at_once_are_one_cell():
    partie = partie_of("morskoy-kozel")
    deals = [{"n": 1, "result": "domino", "lead": "A1", "out": "A1", "out_tile": ["6-6", "5-5"],
              "hands": {"B1": 30, "B2": 31}}]
    record(partie, deals, signed=False)
    _header, rows = sheet_rows(partie.round.tournament, "Раздачи")
    assert rows[0]["Последний камень"] == "6-6+5-5"


def test_hand_points_result_is_words_not_the_code():
    partie = partie_of("hand-points")
    record(partie, HAND_DEALS)
    header, rows = sheet_rows(partie.round.tournament, "Раздачи")
    assert {r["Итог"] for r in rows} == {"Очки на руках"}
    assert "Тасует" in header  # hand points rotate the lead and the shuffle as the sport game does


def test_players_sheet_status_of_an_active_pair(cup):
    _header, rows = sheet_rows(cup, "Игроки")
    assert {r["Статус"] for r in rows} == {"Играет"}
