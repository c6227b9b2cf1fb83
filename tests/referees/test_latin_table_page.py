"""The partnership game's table page (docs/rules-latin.md): the hand form of the rules' options, the leader the
rules give, the engine's refusals next to the field, the tile set's picker, sanctions with their confirmation and
their effect, and the page in Spanish."""
import re

import pytest
from django.urls import reverse
from django.utils import translation

from scoring.models import Protocol, Sanction
from tests.referees.kozel_pages import page_of, preview, save, use_preset
from tests.versions import shown_version


@pytest.fixture
def latin(table):
    return use_preset(table, "latin", target_points=100, capicua="add", paso_redondo_bonus=25)


@pytest.fixture
def ref_client(client, table):
    client.force_login(table.referee)
    return client


# Capicúa is on: a domino writes its last tile and the two open ends before it (3-5 on the 5: no capicúa).
HAND_1 = {"lead": "A1", "result": "domino", "out": "A1", "hand_A2": "10", "hand_B1": "30", "hand_B2": "30",
          "out_tile": "3-5", "end_1": "5", "end_2": "1"}


def test_the_hand_form_shows_what_the_options_read(latin, ref_client):
    html = page_of(ref_client, latin)
    assert 'id="lead-group"' in html
    for name in ("out_tile", "end_1", "end_2", "pasos_A", "pasos_B", "time_called"):
        assert f'name="{name}"' in html, name
    assert "Транке" in html and "Домино (игрок вышел)" in html
    lead_info = re.search(r'id="lead-info">(.*?)</p>', html, re.S).group(1)
    assert "тасует" not in lead_info  # nobody is named to shuffle
    assert "первую раздачу начинает тот, кто вытянул старший камень" in lead_info
    assert 'id="sanctions"' in html and 'id="remarks"' not in html  # sanctions, not the sport game's remarks


def test_a_hand_saved_is_scored_by_the_engine_and_the_next_leader_follows_the_rotation(latin, ref_client):
    answer = save(ref_client, latin, **HAND_1)
    assert answer.status_code == 302
    protocol = Protocol.objects.get(partie=latin.partie)
    assert (protocol.score_a, protocol.score_b) == (70, 0)
    html = page_of(ref_client, latin)
    assert re.search(r"начинает B1", html)  # A1 led hand 1: the next in the order of play leads hand 2
    assert "домино" in html


def test_a_capicua_with_its_ends_and_pasos_redondos_are_stored_and_scored(latin, ref_client):
    save(ref_client, latin, **{**HAND_1, "out_tile": "2-5", "end_1": "5", "end_2": "2", "pasos_B": "1"})
    deal = Protocol.objects.get(partie=latin.partie).deals.get()
    assert (deal.out_tile, deal.ends, deal.pasos_redondos) == ("2-5", [5, 2], {"B": 1})
    protocol = Protocol.objects.get(partie=latin.partie)
    assert (protocol.score_a, protocol.score_b) == (70 + 25, 25)  # capicúa 25 to A, a paso redondo 25 to B


def test_the_engines_refusal_lands_next_to_its_field_and_nothing_is_saved(latin, ref_client):
    wrong = {**HAND_1, "out_tile": "3-4", "end_1": "5", "end_2": "2"}  # 3-4 fits neither end
    html = preview(ref_client, latin, **wrong)
    assert error_of_any(html, "out_tile")
    answer = save(ref_client, latin, **wrong)
    assert answer.status_code == 422
    assert not Protocol.objects.filter(partie=latin.partie, deals__isnull=False).exists()


def error_of_any(html, field) -> str:
    match = re.search(rf'id="err-{field}"[^>]*>([^<]+)<', html)
    return match.group(1).strip() if match else ""


@pytest.mark.parametrize("fields,field", [
    ({"hand_B1": "999"}, "hand_B1"),
    ({"hand_B1": "٣"}, "hand_B1"),
    ({"pasos_A": "x"}, "pasos_A"),
    ({"end_2": ""}, "end_2"),
])
def test_hostile_input_is_refused_with_a_message(latin, ref_client, fields, field):
    answer = save(ref_client, latin, **{**HAND_1, **fields})
    assert answer.status_code == 422
    assert error_of_any(answer.content.decode(), field)
    assert not Protocol.objects.filter(partie=latin.partie, deals__isnull=False).exists()


def test_a_double_nine_tournament_offers_the_55_tiles_and_ten_in_a_hand(table, ref_client):
    use_preset(table, "latin", tile_set="double_nine", first_lead="draw")
    html = page_of(ref_client, table)
    assert 'data-tile="9-9"' in html and html.count('class="tile"') == 55
    assert 'data-max-tiles="10"' in html
    save(ref_client, table, **{**HAND_1, "hand_B1": "", "tiles_B1": "9-9 8-9"})
    deal = Protocol.objects.get(partie=table.partie).deals.get()
    assert deal.hands["B1"] == ["9-9", "8-9"]


def test_a_red_card_is_asked_again_with_its_effect_then_ends_the_partida(latin, ref_client):
    url = reverse("referees:sanction_save", args=[latin.partie.pk])
    data = {"seat": "B2", "hand": "1", "what": "red", "note": "", "version": shown_version(latin.partie)}
    asked = ref_client.post(url, data)
    html = asked.content.decode()
    assert 'id="confirm"' in html and "партия окончена в этой раздаче" in html
    assert not Sanction.objects.exists()
    done = ref_client.post(url, {**data, "confirm": "1"})
    assert done.status_code == 302
    protocol = Protocol.objects.get(partie=latin.partie)
    assert (protocol.finished, protocol.winner, protocol.card_b) == (True, "A", "red")
    html = page_of(ref_client, latin)
    assert "партия окончена" in html and "красная" in html


def test_the_small_deduction_is_written_at_once_and_taken_back_with_a_reason(latin, ref_client):
    url = reverse("referees:sanction_save", args=[latin.partie.pk])
    ref_client.post(url, {"seat": "A2", "hand": "1", "what": "points_40", "version": shown_version(latin.partie)})
    sanction = Sanction.objects.get()
    assert (sanction.seat, sanction.points) == ("A2", 40)
    ref_client.post(reverse("referees:sanction_withdraw", args=[latin.partie.pk, sanction.pk]),
                    {"reason": "ошибка", "version": shown_version(latin.partie)})
    assert not Sanction.objects.exists()


def test_a_player_of_the_table_cannot_give_a_sanction(latin, client):
    client.force_login(latin.players["A1"])
    url = reverse("referees:sanction_save", args=[latin.partie.pk])
    answer = client.post(url, {"seat": "B1", "hand": "1", "what": "points_40", "version": shown_version(latin.partie)})
    assert answer.status_code == 403
    assert not Sanction.objects.exists()


def test_the_page_in_spanish_says_the_games_own_words(latin, ref_client):
    with translation.override("es"):
        html = ref_client.get(reverse("referees:partie", args=[latin.partie.pk])).content.decode()
    for word in ("Tranque", "capicúa", "Sanciones", "tarjeta"):
        assert word.lower() in html.lower(), word


def test_the_actas_counters_are_written_from_the_page_and_refused_when_not_numbers(latin, ref_client):
    url = reverse("referees:counters_save", args=[latin.partie.pk])
    ref_client.post(url, {"zapato_A": "2", "chancleta_B": "1", "version": shown_version(latin.partie)})
    protocol = Protocol.objects.get(partie=latin.partie)
    assert protocol.indicators == {"A": {"chancleta": 0, "zapato": 2}, "B": {"chancleta": 1, "zapato": 0}}
    refused = ref_client.post(url, {"zapato_A": "два", "version": shown_version(latin.partie)})
    assert refused.status_code == 422 and "0–9" in refused.content.decode()
    assert 'id="counters" open' in page_of(ref_client, latin)
