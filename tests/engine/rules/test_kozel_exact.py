"""RULES-KOZEL.md §2.3, §3.1, §3.8 and §10 exactly: each refusal of a Kozel deal (code, deal, seat,
English and Russian wording, parameters), the block values for either pair and the ambiguous 12.

A referee reads the refusal next to the field at fault; a changed word or a lost seat is a changed
interface. The block cases put the fewer pips on pair A as well as on pair B.
"""
import pytest

from engine.rules import ProtocolError, score_protocol

from .kozel_helpers import blk, dom, kozel_protocol

K = {"preset": "kozel"}
PARTNER = {"preset": "kozel", "count_partner_on_domino": True}
SIX_50 = {"preset": "kozel", "lone_double_six": 50}
FISHER_HALF = {"preset": "kozel", "block_scoring": "fisher_half"}
MORSKOY = {"preset": "morskoy-kozel"}


def score(deals, rules=None):
    return score_protocol(kozel_protocol(deals, rules or K))


REFUSALS = [
    ('sec 10 domino: a losing hand missing', K, [dom(1, 'A1', {'B1': 4})],
     {'code': 'missing_hand', 'message': "deal 1, seat B2: the hand of B2 is missing (the losing pair's pips are scored)", 'message_ru': 'Раздача 1, место B2: не указан остаток в руке', 'deal': 1, 'seat': 'B2'}),
    ('sec 10 domino: a losing hand empty', K, [dom(1, 'B2', {'A1': [], 'A2': 4})],
     {'code': 'empty_hand', 'message': 'deal 1, seat A1: A1 did not go out, so he still holds at least one tile: 0 pips is impossible', 'message_ru': 'Раздача 1, место A1: игрок не выходил, значит у него остался хотя бы один камень: 0 очков невозможно', 'deal': 1, 'seat': 'A1'}),
    ('sec 10 domino: the partner given empty', K, [dom(1, 'A1', {'A2': [], 'B1': 4, 'B2': 3})],
     {'code': 'empty_hand', 'message': 'deal 1, seat A2: A2 did not go out, so he still holds at least one tile: 0 pips is impossible', 'message_ru': 'Раздача 1, место A2: игрок не выходил, значит у него остался хотя бы один камень: 0 очков невозможно', 'deal': 1, 'seat': 'A2'}),
    ('sec 10 domino: the partner required', PARTNER, [dom(1, 'A1', {'B1': 4, 'B2': 3})],
     {'code': 'missing_hand', 'message': "deal 1, seat A2: the hand of A2 is missing (the partner's pips are scored too)", 'message_ru': 'Раздача 1, место A2: не указан остаток в руке', 'deal': 1, 'seat': 'A2'}),
    ('sec 10 block: all four hands', K, [{'n': 1, 'result': 'block', 'hands': {'A1': 3, 'A2': 4, 'B1': 5}}],
     {'code': 'missing_hand', 'message': 'deal 1, seat B2: the hand of B2 is missing (in a block all four hands are counted)', 'message_ru': 'Раздача 1, место B2: не указан остаток в руке', 'deal': 1, 'seat': 'B2'}),
    ('sec 10 wrong pass: both offending hands', K, [{'n': 1, 'result': 'wrong_pass', 'offender': 'B1', 'hands': {'B1': 9}}],
     {'code': 'missing_hand', 'message': "deal 1, seat B2: the hand of B2 is missing (the offending pair's hands are its value)", 'message_ru': 'Раздача 1, место B2: не указан остаток в руке', 'deal': 1, 'seat': 'B2'}),
    ('sec 10 domino: out holds pips', K, [dom(1, 'A1', {'A1': 3, 'B1': 4, 'B2': 3})],
     {'code': 'out_holds_tiles', 'message': 'deal 1, seat A1: A1 went out, so his hand is empty', 'message_ru': 'Раздача 1, место A1: игрок вышел — в руке у него ничего не осталось', 'deal': 1, 'seat': 'A1'}),
    ('sec 10 domino: out holds tiles', K, [dom(1, 'A1', {'A1': ['1-2'], 'B1': 4, 'B2': 3})],
     {'code': 'out_holds_tiles', 'message': 'deal 1, seat A1: A1 went out, so his hand is empty', 'message_ru': 'Раздача 1, место A1: игрок вышел — в руке у него ничего не осталось', 'deal': 1, 'seat': 'A1'}),
    ('sec 10 ambiguous 12', SIX_50, [dom(1, 'A1', {'B1': 12, 'B2': 5})],
     {'code': 'ambiguous_count', 'message': 'deal 1, seat B1: 12 pips may be a lone 6-6 (or 0-0 with 6-6), which count otherwise under these rules: enter the tiles', 'message_ru': 'Раздача 1, место B1: 12 очков могут быть одиноким 6-6 (или 0-0 с 6-6), который по этому регламенту считается иначе: запишите камни', 'deal': 1, 'seat': 'B1'}),
    ('sec 10 out_tile in a block', K, [blk(1, 3, 4, 5, 6, out_tile='2-2')],
     {'code': 'bad_out_tile', 'message': 'deal 1: out_tile belongs to a domino only', 'message_ru': 'Раздача 1: последний камень — один камень или два дубля, выложенных разом, и только при выходе', 'deal': 1, 'seat': None}),
    ('sec 10 out_tile: three tiles', K, [dom(1, 'A1', {'B1': 4, 'B2': 3}, out_tile=['6-6', '2-2', '3-3'])],
     {'code': 'bad_out_tile', 'message': 'deal 1, seat A1: out_tile is one tile or two doubles', 'message_ru': 'Раздача 1, место A1: последний камень — один камень или два дубля, выложенных разом, и только при выходе', 'deal': 1, 'seat': 'A1'}),
    ('sec 10 out_tile: two, one not a double', K, [dom(1, 'A1', {'B1': 4, 'B2': 3}, out_tile=['6-6', '2-3'])],
     {'code': 'bad_out_tile', 'message': 'deal 1, seat A1: two tiles placed at once must be two different doubles', 'message_ru': 'Раздача 1, место A1: последний камень — один камень или два дубля, выложенных разом, и только при выходе', 'deal': 1, 'seat': 'A1'}),
    ('sec 10 out_tile: the same double twice', K, [dom(1, 'A1', {'B1': 4, 'B2': 3}, out_tile=['6-6', '6-6'])],
     {'code': 'bad_out_tile', 'message': 'deal 1, seat A1: two tiles placed at once must be two different doubles', 'message_ru': 'Раздача 1, место A1: последний камень — один камень или два дубля, выложенных разом, и только при выходе', 'deal': 1, 'seat': 'A1'}),
    ('sec 10 out_tile: a bad tile in the list', K, [dom(1, 'A1', {'B1': 4, 'B2': 3}, out_tile=['6-6', '9-9'])],
     {'code': 'bad_tile', 'message': 'deal 1, seat A1: tile 9-9 is not in a double-six set (0 ≤ a, b ≤ 6)', 'message_ru': 'Раздача 1, место A1: «9-9» — не камень набора дубль-шесть (пишите a-b, 0 ≤ a, b ≤ 6)', 'deal': 1, 'seat': 'A1', 'tile': '9-9'}),
    ('sec 10 out_tile: a bad tile, out not a seat', K, [dom(1, 'Z', {'B1': 4, 'B2': 3}, out_tile='9-9')],
     {'code': 'bad_tile', 'message': 'deal 1: tile 9-9 is not in a double-six set (0 ≤ a, b ≤ 6)', 'message_ru': 'Раздача 1: «9-9» — не камень набора дубль-шесть (пишите a-b, 0 ≤ a, b ≤ 6)', 'deal': 1, 'seat': None, 'tile': '9-9'}),
    ('sec 10 lead_tile not a tile', K, [dom(1, 'A1', {'B1': 4, 'B2': 3}, lead='B1', lead_tile='7-7')],
     {'code': 'bad_tile', 'message': 'deal 1, seat B1: tile 7-7 is not in a double-six set (0 ≤ a, b ≤ 6)', 'message_ru': 'Раздача 1, место B1: «7-7» — не камень набора дубль-шесть (пишите a-b, 0 ≤ a, b ≤ 6)', 'deal': 1, 'seat': 'B1', 'tile': '7-7'}),
    ('sec 10 lead_tile placed last too', K, [dom(1, 'A1', {'B1': 4, 'B2': 3}, lead_tile='2-3', out_tile='3-2')],
     {'code': 'same_tile_twice', 'message': 'deal 1: tile 2-3 cannot be both led and placed last', 'message_ru': 'Раздача 1: камень 2-3 не может быть и первым, и последним', 'deal': 1, 'seat': None, 'tile': '2-3'}),
    ('sec 10 out_tile in a hand', K, [dom(1, 'A1', {'B1': ['3-5'], 'B2': 3}, out_tile='5-3')],
     {'code': 'tile_on_table_in_hand', 'message': "deal 1, seat B1: tile 3-5 is on the table, so it cannot be in B1's hand", 'message_ru': 'Раздача 1, место B1: камень 3-5 лежит на столе, его не может быть в руке', 'deal': 1, 'seat': 'B1', 'tile': '3-5'}),
    ('sec 10 lead_tile in a hand', K, [dom(1, 'A1', {'B1': 4, 'B2': ['1-2', '2-3']}, lead_tile='2-1')],
     {'code': 'tile_on_table_in_hand', 'message': "deal 1, seat B2: tile 1-2 is on the table, so it cannot be in B2's hand", 'message_ru': 'Раздача 1, место B2: камень 1-2 лежит на столе, его не может быть в руке', 'deal': 1, 'seat': 'B2', 'tile': '1-2'}),
    ('sec 10 fisher required', FISHER_HALF, [blk(1, 3, 4, 5, 6)],
     {'code': 'missing_fisher', 'message': 'deal 1: a block needs the seat of the fisher (who placed the last tile) under these rules', 'message_ru': 'Раздача 1: при рыбе по этому регламенту нужно указать рыбака (кто поставил последний камень)', 'deal': 1, 'seat': None}),
    ('sec 10 fisher a seat', K, [blk(1, 3, 4, 5, 6, fisher='C3')],
     {'code': 'bad_seat', 'message': "deal 1: fisher must name a seat (A1, A2, B1, B2), got 'C3'", 'message_ru': 'Раздача 1: место должно быть A1, A2, B1 или B2', 'deal': 1, 'seat': None, 'field': 'fisher'}),
    ('sec 10 lead a seat', K, [dom(1, 'A1', {'B1': 4, 'B2': 3}, lead='X')],
     {'code': 'bad_seat', 'message': "deal 1: lead must name a seat (A1, A2, B1, B2), got 'X'", 'message_ru': 'Раздача 1: место должно быть A1, A2, B1 или B2', 'deal': 1, 'seat': None, 'field': 'lead'}),
    ('sec 10 offender a seat', K, [{'n': 1, 'result': 'wrong_pass', 'offender': 'Q', 'hands': {}}],
     {'code': 'bad_seat', 'message': "deal 1: offender must name a seat (A1, A2, B1, B2), got 'Q'", 'message_ru': 'Раздача 1: место должно быть A1, A2, B1 или B2', 'deal': 1, 'seat': None, 'field': 'offender'}),
    ('sec 11 Kozel results', K, [{'n': 1, 'result': 'points'}],
     {'code': 'bad_result', 'message': "deal 1: result must be domino, block or wrong_pass, got 'points'", 'message_ru': 'Раздача 1: итог раздачи — домино, рыба или ложный пас', 'deal': 1, 'seat': None}),
    ('sec 10 a hand is a count or tiles', K, [dom(1, 'A1', {'B1': 'x', 'B2': 3})],
     {'code': 'bad_count', 'message': 'deal 1, seat B1: a hand is a whole number of pips or a list of tiles', 'message_ru': 'Раздача 1, место B1: остаток в руке — целое число очков или список камней', 'deal': 1, 'seat': 'B1'}),
    ('sec 10 a hand of 70 pips', K, [dom(1, 'A1', {'B1': 70, 'B2': 3})],
     {'code': 'count_out_of_range', 'message': 'deal 1, seat B1: 70 pips is impossible: a hand holds 0..69 pips', 'message_ru': 'Раздача 1, место B1: 70 очков невозможно: в руке от 0 до 69 очков', 'deal': 1, 'seat': 'B1', 'value': 70}),
    ('sec 10 a tile not in the set in a hand', K, [dom(1, 'A1', {'B1': ['9-9'], 'B2': 3})],
     {'code': 'bad_tile', 'message': 'deal 1, seat B1: tile 9-9 is not in a double-six set (0 ≤ a, b ≤ 6)', 'message_ru': 'Раздача 1, место B1: «9-9» — не камень набора дубль-шесть (пишите a-b, 0 ≤ a, b ≤ 6)', 'deal': 1, 'seat': 'B1', 'tile': '9-9'}),
    ('sec 10 hands by seat', K, [dom(1, 'A1', {'C1': 1, 'B2': 3})],
     {'code': 'bad_seat', 'message': "deal 1, seat C1: 'C1' is not a seat (A1, A2, B1, B2)", 'message_ru': 'Раздача 1, место C1: место должно быть A1, A2, B1 или B2', 'deal': 1, 'seat': 'C1'}),
    ('sec 10 lead_tile is a lone 6-6 in a hand', SIX_50, [dom(1, 'A1', {'B1': ['6-6'], 'B2': 3}, lead_tile='6-6')],
     {'code': 'tile_on_table_in_hand', 'message': "deal 1, seat B1: tile 6-6 is on the table, so it cannot be in B1's hand", 'message_ru': 'Раздача 1, место B1: камень 6-6 лежит на столе, его не может быть в руке', 'deal': 1, 'seat': 'B1', 'tile': '6-6'}),
    ('sec 10 lead_tile in a hand of 0-0 and 6-6', MORSKOY, [dom(1, 'A1', {'B1': ['0-0', '6-6'], 'B2': 3}, lead_tile='0-0')],
     {'code': 'tile_on_table_in_hand', 'message': "deal 1, seat B1: tile 0-0 is on the table, so it cannot be in B1's hand", 'message_ru': 'Раздача 1, место B1: камень 0-0 лежит на столе, его не может быть в руке', 'deal': 1, 'seat': 'B1', 'tile': '0-0'}),

]


@pytest.mark.parametrize("rules, deals, expected", [c[1:] for c in REFUSALS], ids=[c[0] for c in REFUSALS])
def test_kozel_refusal_exactly(rules, deals, expected):
    with pytest.raises(ProtocolError) as err:
        score(deals, rules)
    assert err.value.to_json() == expected


# --- §3.1 / §3.8 blocks, the fewer pips on either pair ----------------------------------------------

@pytest.mark.parametrize("hands, winner, values", [
    ((4, 6, 7, 8), "A", {"B": 25}),     # A 10 < B 15: B has more and records all four
    ((7, 8, 4, 6), "B", {"A": 25}),
])
def test_block_all_the_pair_with_more_pips_records_all_four(hands, winner, values):
    """§3.1 `all`: the pair with more pips receives the pips of all four hands; the other won the deal."""
    deal = score([blk(1, *hands)]).deals[0]
    assert (deal.winner, deal.value, deal.eggs) == (winner, values, 0)


@pytest.mark.parametrize("hands, winner, values", [
    ((5, 6, 14, 13), "A", {"A": 27}),   # A 11 < B 27: A won and takes B's pips
    ((14, 13, 5, 6), "B", {"B": 27}),
])
def test_block_opponents_the_pair_with_fewer_pips_takes_the_others(hands, winner, values):
    """§3.8 / §4.2 `opponents` (the winners record): fewer pips win the block and receive the other pair's pips."""
    deal = score([blk(1, *hands, fisher="A1")], {"preset": "morskoy-kozel"}).deals[0]
    assert (deal.winner, deal.value) == (winner, values)


@pytest.mark.parametrize("hands, winner, values", [
    ((5, 6, 14, 13), "A", {"A": 38}),
    ((14, 13, 5, 6), "B", {"B": 38}),
])
def test_block_all_with_the_winners_recording_gives_all_four(hands, winner, values):
    """§3.8 `all` with recorder winner: the pair with fewer pips receives all four hands."""
    rules = {"preset": "kozel", "recorder": "winner", "block_scoring": "all", "rating": False, "open_threshold": 0}
    scored = score([blk(1, *hands)], rules)
    assert (scored.deals[0].winner, scored.deals[0].value) == (winner, values)
    assert (scored.deals[0].points_a, scored.deals[0].points_b) == ((38, 0) if winner == "A" else (0, 38))


@pytest.mark.parametrize("fisher, winner, values", [("A2", "B", {"A": 26}), ("B1", "A", {"B": 26})])
def test_block_all_to_fisher_the_fishers_pair_loses_the_deal(fisher, winner, values):
    """§3.1 `all_to_fisher`: the fisher's pair receives all four hands, so the other pair won the deal."""
    deal = score([blk(1, 3, 3, 10, 10, fisher=fisher)], {"preset": "kozel", "block_scoring": "all_to_fisher"}).deals[0]
    assert (deal.winner, deal.value) == (winner, values)


# --- §2.3 / §10 the ambiguous 12 -------------------------------------------------------------------

@pytest.mark.parametrize("blank, ambiguous", [(0, False), (1, True), (10, True), (24, True)])
def test_twelve_with_blank_six_pair_is_ambiguous_unless_the_pair_counts_12(blank, ambiguous):
    """§10: with lone 6-6 = 12 and blank_six_pair, a count of 12 is refused unless 0-0 with 6-6 also counts 12
    (lone 0-0 = 0)."""
    rules = {"preset": "kozel", "blank_six_pair": True, "lone_double_six": 12, "lone_double_blank": blank}
    deals = [dom(1, "A1", {"B1": 12, "B2": 5})]
    if ambiguous:
        with pytest.raises(ProtocolError) as err:
            score(deals, rules)
        assert (err.value.code, err.value.deal, err.value.seat) == ("ambiguous_count", 1, "B1")
    else:
        assert score(deals, rules).deals[0].value == {"B": 17}


# --- §2.3 counting a hand entered as tiles ---------------------------------------------------------

@pytest.mark.parametrize("tiles, value", [
    (["1-2", "3-4"], 10),          # any other hand counts its pips, blank_six_pair or not
    (["6-6", "1-1"], 14),
    (["6-6"], 50),                 # lone 6-6
    (["0-0"], 25),                 # lone 0-0
    (["0-0", "6-6"], 75),          # exactly 0-0 and 6-6: both values added
    (["0-0", "6-6", "1-2"], 15),
])
def test_morskoy_hands_as_tiles_count_by_section_2_3(tiles, value):
    deal = score([dom(1, "A1", {"B1": tiles, "B2": 3})], MORSKOY).deals[0]
    assert deal.value == {"A": value + 3}   # the winners receive the losers' two hands (B2 holds 3)


def test_out_must_name_a_seat_exactly():
    """§10: the seat of the player who went out is a seat."""
    with pytest.raises(ProtocolError) as err:
        score([dom(1, "Z", {"B1": 4, "B2": 3})])
    assert err.value.to_json() == {
        "code": "bad_seat", "message": "deal 1: out must name a seat (A1, A2, B1, B2), got 'Z'",
        "message_ru": "Раздача 1: место должно быть A1, A2, B1 или B2", "deal": 1, "seat": None, "field": "out"}


# --- §3.4 the lead bonus in a block ------------------------------------------------------------------

BONUS = {"6-6": 50, "0-0": 25}


@pytest.mark.parametrize("rules, hands, tile, values", [
    ({"preset": "kozel"}, (4, 6, 7, 8), "6-6", {"B": 75}),                            # all: to the receivers
    ({"preset": "kozel"}, (7, 8, 4, 6), "0-0", {"A": 50}),
    ({"preset": "kozel", "block_scoring": "each_own"}, (10, 10, 8, 7), "0-0", {"A": 45, "B": 15}),
    ({"preset": "kozel", "block_scoring": "each_own"}, (8, 7, 10, 10), "6-6", {"A": 15, "B": 70}),
    ({"preset": "kozel", "block_scoring": "each_own"}, (6, 6, 6, 6), "6-6", {"A": 12, "B": 12}),  # lost
    ({"preset": "morskoy-kozel"}, (5, 6, 14, 13), "6-6", {"A": 77}),                  # opponents
])
def test_lead_bonus_in_a_block(rules, hands, tile, values):
    """§3.4: a block led with 6-6 or 0-0 adds the lead bonus to the value; under each_own [interpretation]
    to the pair with more pips, and it is lost when the pips are equal."""
    deal = score([blk(1, *hands, lead_tile=tile, fisher="A1")], {**rules, "lead_bonus": BONUS}).deals[0]
    assert deal.value == values


# --- §4.4 a deal cannot be a decider for both pairs, whatever its result -----------------------------

@pytest.mark.parametrize("fourth", [
    dom(4, "A1", {"B1": 4, "B2": 6}, lead_tile="6-6"),
    blk(4, 4, 5, 6, 7, lead_tile="6-6", fisher="A1"),
    {"n": 4, "result": "wrong_pass", "offender": "A1", "hands": {"A1": 4, "A2": 5}, "lead_tile": "6-6"},
])
def test_double_decider_is_refused_in_any_deal(fourth):
    deals = [
        dom(1, "B1", {"A1": 16, "A2": 14}),                        # B records 30
        dom(2, "B1", {"A1": 5, "A2": 4}),                          # 9 < 25: nothing
        dom(3, "A2", {"B1": 9, "B2": 7}, out_tile="6-6"),          # 16 < 25: the next deal is A's decider
        fourth,                                                    # B2 leads it with 6-6 holding points
    ]
    with pytest.raises(ProtocolError) as err:
        score(deals, {"preset": "morskoy-kozel", "next_lead": "rotate"})
    assert (err.value.code, err.value.deal, err.value.seat) == ("double_decider", 4, "B2")
    assert err.value.message == "deal 4, seat B2: this deal cannot be a decider for both pairs"
    assert err.value.message_ru == "Раздача 4, место B2: раздача не может быть «на сто» для обеих пар"


def test_a_bad_single_out_tile_names_the_seat_that_went_out():
    """§10: a last tile that is not a tile is refused at the seat of the player who went out."""
    with pytest.raises(ProtocolError) as err:
        score([dom(1, "B2", {"A1": 4, "A2": 3}, out_tile="9-9")])
    assert (err.value.code, err.value.deal, err.value.seat, err.value.params) == ("bad_tile", 1, "B2", {"tile": "9-9"})
