"""The table page for Kozel, Morskoy kozel and hand points: the form of each game, the preview, the refusals next
to their fields, the hints that follow the options. Corrections, deleting a deal and the other endings of a
partie (abandonment, no-show, time) are in test_kozel_corrections_endings.py."""
import pytest
from django.urls import reverse

from audit.models import AuditEntry
from engine.rules import score_protocol
from scoring.models import Deal, Protocol
from scoring.protocol_json import protocol_to_json
from tournaments.choices import ProtocolStatus

from .helpers import sign_all
from .kozel_pages import (  # noqa: F401  (fixtures)
    KOZEL_DEALS,
    checked,
    error_of,
    kozel,
    morskoy,
    page_of,
    points,
    preview,
    record,
    ref_client,
    save,
    stored_deals,
    use_preset,
)

pytestmark = pytest.mark.django_db


# --- Kozel: the form -------------------------------------------------------------------

def test_kozel_form_shows_the_lead_the_fisher_and_no_tile_fields_the_options_do_not_read(ref_client, kozel):
    html = page_of(ref_client, kozel)
    assert 'name="lead"' in html and 'name="fisher"' in html
    assert 'name="lead_tile"' not in html.replace('type="hidden" name="lead_tile"', "")
    assert 'name="out_tile"' not in html.replace('type="hidden" name="out_tile"', "")
    assert "у кого 1-1" in html  # the first deal of a game: the 1-1 holder leads
    assert 'data-for="domino block wrong_pass"' in html  # a wrong pass is worth the offending pair's hands


def test_morskoy_form_asks_for_the_last_tile_when_a_finish_reads_it(ref_client, morskoy):
    html = page_of(ref_client, morskoy)
    assert 'name="out_tile"' in html and 'name="out_tile2"' in html
    assert 'name="lead_tile"' in html  # the decider reads a 6-6 lead
    assert "обязательно" in html  # the fisher is required under the decider


def test_kozel_deal_is_saved_with_its_lead_and_shown_in_its_game(ref_client, kozel):
    r = save(ref_client, kozel, lead="A1", result="domino", out="A1", hand_B1="3", hand_B2="4")
    assert r.status_code == 302
    deal = Deal.objects.get(protocol__partie=kozel.partie, n=1)
    assert (deal.lead, deal.out, deal.hands) == ("A1", "A1", {"B1": 3, "B2": 4})
    html = page_of(ref_client, kozel)
    assert 'id="game-1"' in html
    assert "запомнено 7" in html  # 7 < 13: remembered, not recorded
    assert "не открылась (порог 13)" in html
    # The next deal is led by the player who went out: pre-selected.
    assert checked(html, "lead") == "A1"


def test_kozel_wrong_lead_is_refused_next_to_the_lead_naming_deal_and_seat(ref_client, kozel):
    record(kozel, KOZEL_DEALS[:1])
    r = save(ref_client, kozel, n=2, lead="B2", result="domino", out="B2", hand_A1="9", hand_A2="9")
    assert r.status_code == 422
    message = error_of(r.content.decode(), "lead")
    assert "Раздача 2" in message and "B2" in message and "A1" in message
    assert stored_deals(kozel) == 1


def test_kozel_tied_block_shows_eggs_and_the_goat_is_announced(ref_client, kozel):
    record(kozel, KOZEL_DEALS[:2])
    html = page_of(ref_client, kozel)
    assert "Яйца: 20" in html
    assert checked(html, "lead") == "B1"  # the fisher leads after a block
    html = preview(ref_client, kozel, n=3, lead="B1", result="domino", out="B1", hand_A1="10", hand_A2="8")
    assert 'id="preview-goat"' in html
    assert "Козёл: пара 3 — сухой" in html  # pair 3 is A at this table; B finished with 0
    assert "пара 3 — 1" in html.split('id="preview-goats"')[1]  # the partie's goats so far
    assert stored_deals(kozel) == 2


def test_kozel_partie_of_two_games_ends_with_its_winner_and_can_be_signed(ref_client, kozel):
    record(kozel, KOZEL_DEALS)
    html = page_of(ref_client, kozel)
    assert 'id="goat-1"' in html and 'id="goat-2"' in html
    assert "Партия окончена: победа пары 7" in html
    assert "пара 3 — 2" in html and "пара 7 — 0" in html
    # The scoreboard at the top counts goats (fewer is better); the points of all games are its caption.
    assert 'id="score-a">2<' in html and 'id="score-b">0<' in html
    scored = score_protocol(protocol_to_json(Protocol.objects.get(partie=kozel.partie)))
    assert f"очки всех игр {scored.totals_a} : {scored.totals_b}" in html
    protocol = sign_all(kozel)
    assert protocol.status == ProtocolStatus.SIGNED


def test_kozel_goats_level_announce_an_extra_game(ref_client, kozel):
    record(kozel, KOZEL_DEALS[:4])
    # B records 45 in game 2: one goat each, a third game is needed.
    record(kozel, [{"n": 5, "result": "domino", "lead": "B2", "out": "A2", "hands": {"B1": 20, "B2": 25}}])
    html = page_of(ref_client, kozel)
    assert "Козлов поровну: играется ещё одна игра" in html
    assert 'id="deal-form"' in html and "Игра 3" in html


@pytest.mark.parametrize("fields,field,words", [
    ({"hand_B1": "٣", "hand_B2": "4"}, "hand_B1", "Введите число"),
    ({"hand_B1": "²", "hand_B2": "4"}, "hand_B1", "Введите число"),
    ({"hand_B1": "1" * 31, "hand_B2": "4"}, "hand_B1", ""),
    ({"hand_B1": "<b>x</b>", "hand_B2": "4"}, "hand_B1", "не более 3"),
    ({"hand_B1": "=1+", "hand_B2": "4"}, "hand_B1", "Введите число"),
    ({"hand_B1": "70", "hand_B2": "4"}, "hand_B1", "от 0 до 69"),
    ({"hand_B1": "12", "hand_B2": "4", "lead": "Z9"}, "lead", ""),
    ({"hand_B2": "4"}, "hand_B1", "B1"),
    ({"hand_B1": "0", "hand_B2": "4"}, "hand_B1", "Раздача 1, место B1"),  # a lone 0-0 is 10 here
    ({"tiles_B1": "0-0 0-0", "hand_B2": "4"}, "hand_B1", "дважды"),
])
def test_kozel_hostile_input_is_refused_next_to_its_field(ref_client, kozel, fields, field, words):
    data = {"lead": "A1", "result": "domino", "out": "A1", **fields}
    r = save(ref_client, kozel, **data)
    assert r.status_code == 422
    html = r.content.decode()
    message = error_of(html, field) if f'id="err-{field}"' in html else ""
    if field == "lead":
        assert 'id="err-lead" class="field-error">' in html and "Выберите" in html.split('id="err-lead"')[1][:300]
    else:
        assert message and words in message
    assert "<b>x</b>" not in html
    assert stored_deals(kozel) == 0


def test_morskoy_engine_refusals_land_next_to_their_fields(ref_client, morskoy):
    # A block without its fisher under the decider.
    r = save(ref_client, morskoy, lead="A1", result="block", hand_A1="5", hand_A2="6", hand_B1="7", hand_B2="8")
    assert "рыбака" in error_of(r.content.decode(), "fisher")
    # The last tile still in a hand.
    r = save(ref_client, morskoy, lead="A1", result="domino", out="A1", out_tile="6-6", tiles_B1="6-6 5-5",
             hand_B2="8")
    message = error_of(r.content.decode(), "hand_B1")
    assert "6-6" in message and "Раздача 1" in message
    # The same tile led and placed last.
    r = save(ref_client, morskoy, lead="A1", lead_tile="3-4", result="domino", out="A1", out_tile="3-4",
             hand_B1="9", hand_B2="8")
    assert "3-4" in error_of(r.content.decode(), "lead_tile")
    # Two tiles at once that are not two doubles.
    r = save(ref_client, morskoy, lead="A1", result="domino", out="A1", out_tile="3-4", out_tile2="5-5",
             hand_B1="9", hand_B2="8")
    assert "дубл" in error_of(r.content.decode(), "out_tile")
    # 12 pips may be a lone 6-6 worth 50: the tiles are needed.
    r = save(ref_client, morskoy, lead="A1", result="domino", out="A1", hand_B1="12", hand_B2="8")
    assert "камни" in error_of(r.content.decode(), "hand_B1")
    assert stored_deals(morskoy) == 0


def test_morskoy_bald_goat_is_announced_in_the_preview(ref_client, morskoy):
    html = preview(ref_client, morskoy, lead="A1", result="domino", out="A1", out_tile="0-0", hand_B1="9",
                   hand_B2="8")
    assert "Козёл: пара 7" in html and "лысый" in html


def test_kozel_wrong_pass_needs_the_offending_pairs_hands(ref_client, kozel):
    r = save(ref_client, kozel, lead="A1", result="wrong_pass", offender="A2", hand_A1="9")
    assert "A2" in error_of(r.content.decode(), "hand_A2")
    assert stored_deals(kozel) == 0
    r = save(ref_client, kozel, lead="A1", result="wrong_pass", offender="A2", hand_A1="9", hand_A2="9")
    assert r.status_code == 302
    assert Protocol.objects.get(partie=kozel.partie).score_a == 18


def test_kozel_correction_keeps_the_kozel_fields(ref_client, kozel):
    record(kozel, KOZEL_DEALS[:2])
    html = ref_client.get(reverse("referees:partie", args=[kozel.partie.pk]) + "?correct=2").content.decode()
    assert "Исправление раздачи 2" in html
    form = html.split('id="deal-form"')[1]
    assert checked(form, "fisher") == "B1" and checked(form, "lead") == "A1"  # as stored
    r = save(ref_client, kozel, n=2, correct="1", lead="A1", result="block", fisher="A2",
             hand_A1="5", hand_A2="5", hand_B1="5", hand_B2="6")
    assert r.status_code == 302
    deal = Deal.objects.get(protocol__partie=kozel.partie, n=2)
    assert deal.fisher == "A2" and deal.hands["B2"] == 6
    assert AuditEntry.objects.filter(action="protocol.deal.corrected").count() == 1


# --- hand points -----------------------------------------------------------------------

def test_hand_points_deal_is_saved_with_its_note_and_shown(ref_client, points):
    html = page_of(ref_client, points)
    assert 'name="points_A"' in html and 'name="note"' in html and 'name="result"' not in html
    r = save(ref_client, points, points_A="60", points_B="30", note="<script>alert(1)</script> =SUM(A1)")
    assert r.status_code == 302
    deal = Deal.objects.get(protocol__partie=points.partie)
    assert (deal.result, deal.points, deal.note) == ("points", {"A": 60, "B": 30},
                                                     "<script>alert(1)</script> =SUM(A1)")
    html = page_of(ref_client, points)
    assert "<script>alert(1)</script>" not in html and "&lt;script&gt;" in html
    assert 'id="score-a">60<' in html


def test_hand_points_partie_ends_at_the_target_and_is_signed(ref_client, points):
    record(points, [{"n": 1, "result": "points", "points": {"A": 60, "B": 30}},
                    {"n": 2, "result": "points", "points": {"A": 50, "B": 20}}])
    protocol = Protocol.objects.get(partie=points.partie)
    assert protocol.status == ProtocolStatus.AWAITING_SIGNATURES and protocol.winner == "A"
    assert 'id="deal-form"' not in page_of(ref_client, points)
    assert sign_all(points).status == ProtocolStatus.SIGNED


@pytest.mark.parametrize("fields,field,words", [
    ({"points_A": "٣", "points_B": "1"}, "points_A", "цифрами"),
    ({"points_A": "²", "points_B": "1"}, "points_A", "цифрами"),
    ({"points_A": "1" + "0" * 30, "points_B": "1"}, "points_A", "10 000"),
    ({"points_A": "20000", "points_B": "1"}, "points_A", "10 000"),
    ({"points_A": "-5", "points_B": "1"}, "points_A", "отрицательные"),
    ({"points_A": "<i>5</i>", "points_B": "1"}, "points_A", "цифрами"),
    ({"points_A": "5"}, "points_B", "пары B"),
    ({"points_A": "5", "points_B": "1", "note": "x" * 10_000}, "note", "200"),
])
def test_hand_points_hostile_input_is_refused_next_to_its_field(ref_client, points, fields, field, words):
    r = save(ref_client, points, **fields)
    assert r.status_code == 422
    html = r.content.decode()
    assert words in error_of(html, field)
    assert "<i>5</i>" not in html
    assert stored_deals(points) == 0


def test_hand_points_preview_shows_the_running_totals(ref_client, points):
    html = preview(ref_client, points, points_A="7", points_B="3")
    assert 'id="preview-running">7 : 3<' in html
    assert stored_deals(points) == 0

def test_morskoy_eggs_play_off_says_which_lead_takes_them(ref_client, table):
    use_preset(table, "morskoy-kozel", eggs="play_off", eggs_tries=2)
    record(table, [{"n": 1, "result": "block", "lead": "A1", "lead_tile": "1-1", "fisher": "B1",
                    "hands": {"A1": 5, "A2": 5, "B1": 5, "B2": 5}}])
    html = page_of(ref_client, table)
    assert "Яйца: 20 — их забирает раздача, начатая с 1-1 (осталось попыток: 2)" in html
    record(table, [{"n": 2, "result": "domino", "lead": "B1", "lead_tile": "2-3", "out": "B1",
                    "hands": {"A1": 4, "A2": 4}}])
    assert "осталось попыток: 1" in page_of(ref_client, table)


def test_the_hands_hint_follows_the_options(ref_client, kozel, table):
    assert "Одинокий 0‑0 считается 10, одинокий 6‑6 — 12." in page_of(ref_client, kozel)  # no break in 6‑6
    use_preset(table, "morskoy-kozel")
    html = page_of(ref_client, table)
    assert "Одинокий 0‑0 считается 25, одинокий 6‑6 — 50. Ровно 0‑0 и 6‑6 — 75." in html
    assert "12 очков, которые могут быть 6‑6, отметьте камнями" in html

@pytest.mark.parametrize("field,value", [("lead_tile", "<script>"), ("lead_tile", "7-7"), ("out_tile", "٣-٤"),
                                         ("out_tile2", "5-6"), ("lead", "A3"), ("fisher", "x" * 10_000)])
def test_morskoy_tile_and_seat_fields_refuse_hostile_values_next_to_the_field(ref_client, morskoy, field, value):
    data = {"lead": "A1", "result": "domino", "out": "A1", "hand_B1": "9", "hand_B2": "8", field: value}
    if field == "out_tile2":
        data["out_tile"] = "6-6"
    r = save(ref_client, morskoy, **data)
    assert r.status_code == 422
    html = r.content.decode()
    if field in ("lead", "fisher"):
        assert "Выберите" in html.split(f'id="err-{field}"')[1][:400]
    else:
        assert "Выберите" in error_of(html, field)
    assert "<script>" not in html.split("</head>")[1].replace("<script src", "")
    assert stored_deals(morskoy) == 0
