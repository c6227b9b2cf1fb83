"""RULES-LATIN.md §11.2: every refusal of a latin protocol, by its code and its Russian wording.

A referee reads the Russian message next to the field at fault: each one is pinned here whole, with the
hand (раздача) and the seat (место) it names.
"""
import copy

import pytest

from engine.rules import ProtocolError, score_protocol
from engine.rules.latin import rank, score_latin

from .latin_helpers import H1, blk, dom, example, protocol


def hand1(**changes):
    deal = copy.deepcopy(H1)
    deal.update(changes)
    return deal


def with_hands(**hands):
    return hand1(hands=hands)


EIGHT = ["0-1", "0-2", "0-3", "0-4", "0-5", "0-6", "1-2", "1-3"]
ELEVEN = ["0-1", "0-2", "0-3", "0-4", "0-5", "0-6", "0-7", "0-8", "0-9", "1-2", "1-3"]


def l1_plus(deal):
    data = example("L1")
    data["deals"].append(deal)
    return data


def sanction(**entry):
    return protocol([H1], sanctions=[{"player": "B2", "hand": 1, **entry}])


REFUSALS = [
    # --- the rules -------------------------------------------------------------------------------
    ("preset unknown", {**protocol(), "rules": {"preset": "latino"}}, "unknown_preset",
     "Неизвестный регламент"),
    ("option of another game", protocol(rules={"recorder": "loser"}), "unknown_option",
     "Неизвестный параметр регламента: recorder"),
    ("value outside its list", protocol(rules={"tile_set": "double_eight"}), "bad_choice",
     "Параметр регламента tile_set: такого значения нет"),
    ("value outside its range", protocol(rules={"target_points": 1001}), "out_of_range",
     "Параметр регламента target_points: значение вне допустимых пределов"),
    ("value not a whole number", protocol(rules={"target_points": "200"}), "not_integer",
     "Параметр регламента target_points: нужно целое число"),
    ("6-6 lead with double nine", protocol(rules={"first_lead": "double_six", "tile_set": "double_nine"}),
     "double_six_lead_needs_set",
     "Первый заход с дубля 6-6 невозможен в наборе дубль-девять: 6-6 может не попасть в раздачу"),
    ("ranking key unknown", protocol(rules={"ranking_order": ["won", "goals"]}), "unknown_ranking_key",
     "«goals» — не показатель для порядка мест"),
    ("ranking key repeated", protocol(rules={"ranking_order": ["won", "won"]}), "repeated_ranking_key",
     "Показатель won указан в порядке мест дважды"),
    ("ranking order not a list", protocol(rules={"ranking_order": "won"}), "bad_ranking_order",
     "Порядок мест — непустой список показателей: победы, эффективность, набранные очки, поражения, "
     "пропущенные очки"),
    ("small sanction not below large", protocol(rules={"sanction_small": 80}), "sanction_small_not_below_large",
     "Малый штраф (80) должен быть меньше большого (80)"),
    # --- the hands' numbers and results ------------------------------------------------------------
    ("hand missing", protocol([hand1(n=2)]), "missing_deal", "Раздача 2: пропущена раздача 1"),
    ("hand twice", protocol([H1, H1]), "duplicate_deal", "Раздача 1: у раздачи уже есть результат"),
    ("hand number 0", protocol([hand1(n=0)]), "bad_deal_number", "Раздача 0: у раздачи нет верного номера"),
    ("hand not an object", protocol([5]), "bad_deal", "Раздача записана неверно"),
    ("result other than domino or block", protocol([hand1(result="wrong_pass")]), "bad_latin_result",
     "Раздача 1: итог раздачи — домино или рыба"),
    # --- the domino --------------------------------------------------------------------------------
    ("domino without out", protocol([hand1(out=None)]), "missing_out",
     "Раздача 1: при домино нужно указать, кто вышел"),
    ("the player out holds tiles", protocol([with_hands(A1=25, A2=18, B2=12, B1=3)]), "out_holds_tiles",
     "Раздача 1, место B1: игрок вышел — в руке у него ничего не осталось"),
    ("an opponent's hand missing", protocol([with_hands(A2=18, B2=12)]), "missing_hand",
     "Раздача 1, место A1: не указан остаток в руке"),
    ("the partner's hand missing (all_in_play)", protocol([with_hands(A1=25, A2=18)]), "missing_hand",
     "Раздача 1, место B2: не указан остаток в руке"),
    ("an empty hand", protocol([with_hands(A1=[], A2=18, B2=12)]), "empty_tile_list",
     "Раздача 1, место A1: игрок не выходил, значит у него остался хотя бы один камень: пустая рука невозможна"),
    # --- the tranque -------------------------------------------------------------------------------
    ("tranque without fisher", protocol([blk(1, None, 8, 6, 15, 11)]), "missing_fisher",
     "Раздача 1: при рыбе по этому регламенту нужно указать рыбака (кто поставил последний камень)"),
    ("tranque without all four hands",
     protocol([{"n": 1, "result": "block", "lead": "A1", "fisher": "A2", "hands": {"A1": 8, "A2": 6, "B1": 15}}]),
     "missing_hand", "Раздача 1, место B2: не указан остаток в руке"),
    ("tranque with an empty hand", protocol([blk(1, "A2", 8, [], 15, 11)]), "empty_tile_list",
     "Раздача 1, место A2: игрок не выходил, значит у него остался хотя бы один камень: пустая рука невозможна"),
    # --- counts and tiles --------------------------------------------------------------------------
    ("count above 69", protocol([with_hands(A1=70, A2=18, B2=12)]), "hand_over_max",
     "Раздача 1, место A1: 70 очков в руке невозможно: бывает от 0 до 69"),
    ("count below 0", protocol([with_hands(A1=-1, A2=18, B2=12)]), "hand_over_max",
     "Раздача 1, место A1: -1 очков в руке невозможно: бывает от 0 до 69"),
    ("count above 152 (double nine)", protocol([with_hands(A1=153, A2=18, B2=12)], {"tile_set": "double_nine"}),
     "hand_over_max", "Раздача 1, место A1: 153 очков в руке невозможно: бывает от 0 до 152"),
    ("more than 168 at the table", protocol([with_hands(A1=69, A2=69, B2=31)]), "table_over_max",
     "Раздача 1: в руках всего 169 очков, а бывает не больше 168"),
    ("more than 433 at the table (double nine)",
     protocol([with_hands(A1=152, A2=152, B2=130)], {"tile_set": "double_nine"}), "table_over_max",
     "Раздача 1: в руках всего 434 очков, а бывает не больше 433"),
    ("a tile outside the set", protocol([with_hands(A1=["7-7"], A2=18, B2=12)]), "tile_outside_set",
     "Раздача 1, место A1: камня 7-7 нет в наборе (числа от 0 до 6)"),
    ("a tile written wrongly", protocol([with_hands(A1=["7"], A2=18, B2=12)]), "bad_tile_text",
     "Раздача 1, место A1: «7» — не камень (пишите a-b)"),
    ("a tile held twice", protocol([with_hands(A1=["1-2"], A2=["2-1"], B2=12)]), "duplicate_tile",
     "Раздача 1, место A2: камень 1-2 записан дважды"),
    ("the lead tile still held", protocol([hand1(lead_tile="6-6", hands={"A1": ["6-6"], "A2": 18, "B2": 12})]),
     "tile_on_table_in_hand", "Раздача 1, место A1: камень 6-6 лежит на столе, его не может быть в руке"),
    ("the last tile still held", protocol([hand1(out_tile="2-5", hands={"A1": 25, "A2": ["2-5"], "B2": 12})]),
     "tile_on_table_in_hand", "Раздача 1, место A2: камень 2-5 лежит на столе, его не может быть в руке"),
    ("more than 7 tiles", protocol([with_hands(A1=EIGHT, A2=18, B2=12)]), "hand_too_many_tiles",
     "Раздача 1, место A1: в руке 8 камней, а бывает не больше 7"),
    ("more than 10 tiles (double nine)",
     protocol([with_hands(A1=ELEVEN, A2=18, B2=12)], {"tile_set": "double_nine"}), "hand_too_many_tiles",
     "Раздача 1, место A1: в руке 11 камней, а бывает не больше 10"),
    # --- the lead ----------------------------------------------------------------------------------
    ("hand 1 without lead", protocol([hand1(lead=None)]), "missing_lead",
     "Раздача 1: не указано, кто заходил в этой раздаче"),
    ("a lead against the rotation", protocol([H1, dom(2, "A1", {"A2": 9, "B1": 30, "B2": 34}, lead="A2")]),
     "wrong_lead", "Раздача 2, место A2: по правилам эту раздачу начинает B1"),
    ("a lead outside the pair that won",
     protocol([H1, dom(2, "A1", {"A2": 9, "B1": 30, "B2": 34}, lead="A1")], {"next_lead": "winner_pair"}),
     "lead_outside_winners",
     "Раздача 2, место A1: в этой раздаче заходит игрок пары, выигравшей прошлую раздачу: B1 / B2"),
    ("first lead tile not 6-6", protocol([hand1(lead_tile="5-5")], {"first_lead": "double_six"}),
     "first_lead_not_double_six", "Раздача 1: первую раздачу заходят с дубля 6-6, а не с 5-5"),
    ("6-6 still held in hand 1", protocol([with_hands(A1=["6-6"], A2=18, B2=12)], {"first_lead": "double_six"}),
     "double_six_still_held", "Раздача 1, место A1: первую раздачу заходят с дубля 6-6: он не может оставаться в руке"),
    # --- the last tile -----------------------------------------------------------------------------
    ("ends without the last tile", protocol([hand1(ends=[5, 2])]), "ends_without_out_tile",
     "Раздача 1: открытые концы указаны без последнего камня"),
    ("a last tile that fits neither end", protocol([hand1(out_tile="2-5", ends=[1, 3])]), "out_tile_fits_no_end",
     "Раздача 1: камень 2-5 не подходит ни к одному открытому концу (1, 3)"),
    ("capicua on, no last tile", protocol([H1], {"capicua": "add"}), "capicua_needs_tiles",
     "Раздача 1: по этому регламенту при домино нужно указать последний камень и открытые концы (капикуа)"),
    ("capicua on, no ends", protocol([hand1(out_tile="2-5")], {"capicua": "double"}), "capicua_needs_tiles",
     "Раздача 1: по этому регламенту при домино нужно указать последний камень и открытые концы (капикуа)"),
    # --- pasos redondos ----------------------------------------------------------------------------
    ("pasos redondos above 30", protocol([hand1(pasos_redondos={"A": 31})]), "bad_pasos_redondos",
     "Раздача 1: пасо редондо — число от 0 до 30 у каждой пары"),
    # --- the end of the partida --------------------------------------------------------------------
    ("a hand after the target", l1_plus(dom(5, "A1", {"A2": 9, "B1": 30, "B2": 34})), "deal_outside_partie",
     "Раздача 5: раздача вне партии: партия закончилась после раздачи 4"),
    ("a hand after time with unequal totals",
     protocol([hand1(time_called=True), dom(2, "A1", {"A2": 9, "B1": 30, "B2": 34})]), "deal_outside_partie",
     "Раздача 2: раздача вне партии: партия закончилась после раздачи 1"),
    ("a hand after time drawn", {**example("L6"), "deals": example("L6")["deals"] + [example("L5")["deals"][2]]},
     "deal_outside_partie", "Раздача 3: раздача вне партии: партия закончилась после раздачи 2"),
    ("a hand after a direct red card", {**example("L14"), "sanctions": [{"player": "B2", "card": "red", "hand": 1}]},
     "deal_outside_partie", "Раздача 2: раздача вне партии: партия закончилась после раздачи 1"),
    ("time called twice", protocol([blk(1, "B1", 10, 12, 7, 15, time_called=True),
                                    dom(2, "A1", {"A2": 9, "B1": 30, "B2": 34}, time_called=True)]),
     "time_called_twice", "Раздача 2: время уже вышло в раздаче 1"),
    ("time called without a limit", protocol([hand1(time_called=True)], {"time_limit_minutes": None}),
     "time_called_without_limit",
     "Раздача 1: по этому регламенту партия без ограничения времени: «время вышло» не бывает"),
    # --- sanctions ---------------------------------------------------------------------------------
    ("a sanction naming no seat", protocol([H1], sanctions=[{"player": "C1", "points": 40, "hand": 1}]),
     "sanction_bad_seat", "Санкция должна называть место игрока: A1, A2, B1 или B2"),
    ("a sanction of other points", sanction(points=50), "sanction_bad_points",
     "Раздача 1, место B2: штраф — 40 или 80 очков, а не 50"),
    ("a sanction with points and a card", sanction(points=40, card="yellow"), "sanction_points_or_card",
     "Раздача 1, место B2: санкция — это либо штрафные очки, либо карточка"),
    ("a sanction with neither", sanction(), "sanction_points_or_card",
     "Раздача 1, место B2: санкция — это либо штрафные очки, либо карточка"),
    ("a second sanction for a player", protocol([H1], sanctions=[{"player": "B2", "points": 40, "hand": 1},
                                                                 {"player": "B2", "card": "yellow", "hand": 2}]),
     "sanction_twice", "Раздача 2, место B2: у игрока уже есть санкция в этой партии"),
    ("a sanction after the partida", {**example("L1"), "sanctions": [{"player": "B2", "points": 40, "hand": 5}]},
     "sanction_outside_partida", "Раздача 5, место B2: санкция в раздаче 5 — вне партии"),
    ("a sanction in hand 0", sanction(points=40, hand=0), "sanction_outside_partida",
     "Раздача 0, место B2: санкция в раздаче 0 — вне партии"),
    # --- pairs, no-show, bye -----------------------------------------------------------------------
    ("a prior black card", protocol(pairs={"A": {"number": 3}, "B": {"number": 7, "prior_card": "black"}}),
     "prior_card_black", "У пары B чёрная карточка: она снята с турнира и не играет"),
    ("two pairs with one number", protocol(pairs={"A": {"number": 3}, "B": {"number": 3}}), "same_pair_number",
     "У обеих пар один номер 3"),
    ("a no-show with hands", protocol([H1], no_show="B"), "no_show_with_deals",
     "Протокол противоречит сам себе: в нём неявка пары B и записанные раздачи (1)"),
    ("a no-show with sanctions", protocol(no_show="B", sanctions=[{"player": "A1", "points": 40, "hand": 1}]),
     "no_show_with_sanctions", "Протокол противоречит сам себе: в нём неявка пары B и санкции (1)"),
    ("a bye with hands", protocol([H1], bye="A", pairs={"A": {"number": 5}}), "bye_with_deals",
     "Пара свободна от игры: раздачи записывать нельзя (1)"),
    ("a bye with sanctions", protocol(bye="A", pairs={"A": {"number": 5}},
                                      sanctions=[{"player": "A1", "points": 40, "hand": 1}]),
     "bye_with_sanctions", "Пара свободна от игры: санкции записывать нельзя (1)"),
    ("a bye with a second pair", protocol(bye="A"), "bye_with_two_pairs",
     "Свободна от игры одна пара A: пару B указывать нельзя"),
]


@pytest.mark.parametrize("name, data, code, russian", REFUSALS, ids=[r[0] for r in REFUSALS])
def test_refusal_code_and_russian_message(name, data, code, russian):
    with pytest.raises(ProtocolError) as err:
        score_protocol(data)
    assert err.value.code == code
    assert err.value.message_ru == russian
    assert err.value.localized("ru") == russian


def test_every_refusal_code_has_russian_and_spanish_wording():
    from engine.rules.messages import ES, RU

    for _name, data, code, _russian in REFUSALS:
        assert code in RU and code in ES, code
        with pytest.raises(ProtocolError) as err:
            score_protocol(data)
        assert "ошибка в протоколе" not in err.value.message_ru
        assert "{" not in err.value.message_ru and "{" not in err.value.message_es


def test_a_protocol_of_another_game_is_not_ranked():
    kozel = {"format": "domino-protocol/2", "rules": {"preset": "kozel"}, "deals": []}
    with pytest.raises(ProtocolError) as err:
        rank([example("L18"), kozel])
    assert (err.value.code, err.value.params) == ("not_latin", {"preset": "kozel", "protocol": 2})
    assert err.value.message_ru == "Это не протокол международного парного домино"
    with pytest.raises(ProtocolError) as err:
        score_latin({"deals": []})
    assert (err.value.code, err.value.params) == ("not_latin", {"preset": "None"})


# --- other refusals of the reading (beyond §11.2's list) ------------------------------------------------

OTHER = [
    ("not an object", [], "bad_protocol"),
    ("format 1", {**protocol(), "format": "domino-protocol/1"}, "bad_format"),
    ("rules not an object", {**protocol(), "rules": 5}, "bad_rules"),
    ("pairs not an object", protocol(pairs=5), "bad_pairs"),
    ("a pair not an object", protocol(pairs={"A": {"number": 3}, "B": 7}), "bad_pairs"),
    ("a pair without its number", protocol(pairs={"A": {"number": 3}, "B": {}}), "bad_pair_number"),
    ("a pair number 0", protocol(pairs={"A": {"number": 0}, "B": {"number": 7}}), "bad_pair_number"),
    ("a pair number true", protocol(pairs={"A": {"number": True}, "B": {"number": 7}}), "bad_pair_number"),
    ("a prior card unknown", protocol(pairs={"A": {"number": 3, "prior_card": "green"}, "B": {"number": 7}}),
     "bad_prior_card"),
    ("a bye for B", protocol(bye="B"), "bad_bye"),
    ("a bye with a no-show", protocol(bye="A", no_show="B", pairs={"A": {"number": 5}}), "bad_bye"),
    ("a no-show of C", protocol(no_show="C"), "bad_no_show"),
    ("deals not a list", {**protocol(), "deals": 5}, "bad_deals"),
    ("a bye's deals not a list", {**protocol(bye="A", pairs={"A": {"number": 5}}), "deals": 5}, "bad_deals"),
    ("sanctions not a list", protocol(sanctions={}), "bad_sanctions"),
    ("a bye's sanctions not a list", protocol(bye="A", pairs={"A": {"number": 5}}, sanctions=5), "bad_sanctions"),
    ("a sanction not an object", protocol(sanctions=[5]), "bad_sanction"),
    ("a sanction without its hand", protocol(sanctions=[{"player": "A1", "points": 40}]), "bad_sanction"),
    ("a sanction's hand true", protocol(sanctions=[{"player": "A1", "points": 40, "hand": True}]), "bad_sanction"),
    ("a sanction's points true", sanction(points=True), "sanction_bad_points"),
    ("a sanction's points 40.0", sanction(points=40.0), "sanction_bad_points"),
    ("a sanction's card green", sanction(card="green"), "sanction_bad_card"),
    ("indicators not an object", protocol(indicators=[1]), "bad_indicators"),
    ("indicators of pair C", protocol(indicators={"C": {"zapato": 1}}), "bad_indicators"),
    ("indicators of B in a bye", protocol(bye="A", pairs={"A": {"number": 5}}, indicators={"B": {"zapato": 1}}),
     "bad_indicators"),
    ("an unknown counter", protocol(indicators={"A": {"shoe": 1}}), "bad_indicators"),
    ("counters not an object", protocol(indicators={"A": 1}), "bad_indicators"),
    ("a negative counter", protocol(indicators={"A": {"zapato": -1}}), "bad_indicators"),
    ("a counter true", protocol(indicators={"A": {"chancleta": True}}), "bad_indicators"),
    ("time_called not a boolean", protocol([hand1(time_called=1)]), "bad_time_called"),
    ("ends not two numbers", protocol([hand1(out_tile="2-5", ends=[5])]), "bad_ends"),
    ("ends above the set", protocol([hand1(out_tile="2-5", ends=[5, 7])]), "bad_ends"),
    ("ends below 0", protocol([hand1(out_tile="2-5", ends=[5, -1])]), "bad_ends"),
    ("ends true", protocol([hand1(out_tile="2-5", ends=[True, 2])]), "bad_ends"),
    ("ends not a list", protocol([hand1(out_tile="2-5", ends="5 2")]), "bad_ends"),
    ("ends of three numbers", protocol([hand1(out_tile="2-5", ends=[5, 2, 2])]), "bad_ends"),
    ("hands left out", protocol([hand1(hands=None)]), "missing_hand"),
    ("fisher on a domino", protocol([hand1(fisher="A2")]), "result_field_mismatch"),
    ("out on a tranque", protocol([blk(1, "A2", 8, 6, 15, 11, out="A1")]), "result_field_mismatch"),
    ("out_tile on a tranque", protocol([blk(1, "A2", 8, 6, 15, 11, out_tile="1-1")]), "result_field_mismatch"),
    ("ends on a tranque", protocol([blk(1, "A2", 8, 6, 15, 11, ends=[1, 1])]), "result_field_mismatch"),
    ("out not a seat", protocol([hand1(out="C1")]), "bad_seat"),
    ("fisher not a seat", protocol([blk(1, "C1", 8, 6, 15, 11)]), "bad_seat"),
    ("lead not a seat", protocol([hand1(lead="C1")]), "bad_seat"),
    ("a hand of another seat", protocol([with_hands(A1=25, A2=18, B2=12, C1=1)]), "bad_seat"),
    ("hands not an object", protocol([hand1(hands=[25])]), "bad_hands"),
    ("a count true", protocol([with_hands(A1=True, A2=18, B2=12)]), "bad_count"),
    ("a count as text", protocol([with_hands(A1="25", A2=18, B2=12)]), "bad_count"),
    ("a tile not text", protocol([with_hands(A1=[[2, 5]], A2=18, B2=12)]), "bad_tile_text"),
    ("a tile of two digits", protocol([with_hands(A1=["10-1"], A2=18, B2=12)]), "bad_tile_text"),
    ("the lead tile is the last tile", protocol([hand1(lead_tile="2-5", out_tile="5-2", ends=[5, 2])]),
     "same_tile_twice"),
    ("pasos redondos not an object", protocol([hand1(pasos_redondos=[1])]), "bad_pasos_redondos"),
    ("pasos redondos of pair C", protocol([hand1(pasos_redondos={"C": 1})]), "bad_pasos_redondos"),
    ("pasos redondos below 0", protocol([hand1(pasos_redondos={"B": -1})]), "bad_pasos_redondos"),
    ("pasos redondos true", protocol([hand1(pasos_redondos={"B": True})]), "bad_pasos_redondos"),
    ("pasos redondos as text", protocol([hand1(pasos_redondos={"B": "1"})]), "bad_pasos_redondos"),
]


@pytest.mark.parametrize("name, data, code", OTHER, ids=[r[0] for r in OTHER])
def test_other_refusals_by_code(name, data, code):
    with pytest.raises(ProtocolError) as err:
        score_protocol(data)
    assert err.value.code == code
    assert "ошибка в протоколе" not in err.value.message_ru


def test_a_mixed_ranking_order_is_refused():
    other = example("L22")
    other["rules"]["ranking_order"] = ["won", "points_for"]
    with pytest.raises(ProtocolError) as err:
        rank([example("L18"), other])
    assert err.value.code == "mixed_ranking_order"
    assert err.value.message == ("the partidas do not share one ranking_order: won, efectividad, points_for; "
                                 "won, points_for")
    assert err.value.message_ru == "У партий разный порядок показателей мест"


def test_the_rules_refusals_keep_their_values():
    err = score_latin_refusal({"rules": {"preset": "latin", "capicua": "often"}})
    assert (err.code, err.params) == ("bad_choice", {"key": "capicua", "choices": ["off", "add", "double"],
                                                     "value": "often"})
    assert err.message == "rules: capicua must be one of off, add, double, got 'often'"
    err = score_latin_refusal({"rules": {"preset": "latin", "target_points": 0}})
    assert (err.code, err.params) == ("out_of_range", {"key": "target_points", "lo": 1, "hi": 1000})
    assert score_latin_refusal({"rules": 5}).code == "bad_rules"


def score_latin_refusal(data):
    with pytest.raises(ProtocolError) as err:
        score_latin({**protocol(), **data})
    return err.value
