"""The English wording of every refusal of a latin protocol, and the deal, seat and values it carries
(ProtocolError.to_json() less the code and the Russian, which test_latin_refusals pins).

A referee's page and the command line show these; a changed word is a changed interface.
"""
import pytest

from engine.rules import ProtocolError, score_protocol

from .test_latin_refusals import OTHER, REFUSALS

WORDING = {
    'preset unknown':
        {'message': "rules: unknown preset 'latino' (known: pusto-shest, federation, kozel, morskoy-kozel, "
                    'hand-points, latin)',
         'deal': None,
         'seat': None,
         'key': 'preset'},
    'option of another game':
        {'message': 'rules: unknown rules option(s): recorder', 'deal': None, 'seat': None, 'key': 'recorder'},
    'value outside its list':
        {'message': "rules: tile_set must be one of double_six, double_nine, got 'double_eight'",
         'deal': None,
         'seat': None,
         'key': 'tile_set',
         'choices': ['double_six', 'double_nine'],
         'value': 'double_eight'},
    'value outside its range':
        {'message': 'rules: target_points must be 1..1000, got 1001',
         'deal': None,
         'seat': None,
         'key': 'target_points',
         'lo': 1,
         'hi': 1000},
    'value not a whole number':
        {'message': 'rules: target_points must be a whole number', 'deal': None, 'seat': None, 'key': 'target_points'},
    '6-6 lead with double nine':
        {'message': 'rules: first_lead double_six does not go with tile_set double_nine (the 6-6 may sleep)',
         'deal': None,
         'seat': None,
         'key': 'first_lead'},
    'ranking key unknown':
        {'message': "rules: ranking_order: 'goals' is not a ranking key (known: won, efectividad, points_for, lost, "
                    'points_against)',
         'deal': None,
         'seat': None,
         'key': 'ranking_order',
         'value': 'goals'},
    'ranking key repeated':
        {'message': 'rules: ranking_order: won is named twice',
         'deal': None,
         'seat': None,
         'key': 'ranking_order',
         'value': 'won'},
    'ranking order not a list':
        {'message': 'rules: ranking_order must be a non-empty list of won, efectividad, points_for, lost, '
                    'points_against',
         'deal': None,
         'seat': None,
         'key': 'ranking_order'},
    'small sanction not below large':
        {'message': 'rules: sanction_small (80) must be below sanction_large (80)',
         'deal': None,
         'seat': None,
         'key': 'sanction_small',
         'small': 80,
         'large': 80},
    'hand missing': {'message': 'deal 2: deal 1 is missing before deal 2', 'deal': 2, 'seat': None, 'missing': 1},
    'hand twice': {'message': 'deal 1: deal 1 has a second result', 'deal': 1, 'seat': None},
    'hand number 0': {'message': 'deal 0: deal #1 in the list has no valid number n (got 0)', 'deal': 0, 'seat': None},
    'hand not an object': {'message': 'deal #1 in the list is not an object', 'deal': None, 'seat': None},
    'result other than domino or block':
        {'message': "deal 1: result must be domino or block, got 'wrong_pass'", 'deal': 1, 'seat': None},
    'domino without out':
        {'message': 'deal 1: a domino needs the seat of the player who went out (out)', 'deal': 1, 'seat': None},
    'the player out holds tiles':
        {'message': 'deal 1, seat B1: B1 went out, so his hand is empty', 'deal': 1, 'seat': 'B1'},
    "an opponent's hand missing":
        {'message': "deal 1, seat A1: the hand of A1 is missing (the opponents' hands are scored)",
         'deal': 1,
         'seat': 'A1'},
    "the partner's hand missing (all_in_play)":
        {'message': "deal 1, seat B2: the hand of B2 is missing (the partner's hand is scored too)",
         'deal': 1,
         'seat': 'B2'},
    'an empty hand':
        {'message': 'deal 1, seat A1: A1 did not go out, so he still holds at least one tile', 'deal': 1, 'seat': 'A1'},
    'tranque without fisher':
        {'message': 'deal 1: a tranque needs the seat of the fisher (who placed the last tile)',
         'deal': 1,
         'seat': None},
    'tranque without all four hands':
        {'message': 'deal 1, seat B2: the hand of B2 is missing (in a tranque all four hands are counted)',
         'deal': 1,
         'seat': 'B2'},
    'tranque with an empty hand':
        {'message': 'deal 1, seat A2: A2 did not go out, so he still holds at least one tile', 'deal': 1, 'seat': 'A2'},
    'count above 69':
        {'message': 'deal 1, seat A1: 70 pips is impossible: a hand holds 0..69 pips',
         'deal': 1,
         'seat': 'A1',
         'value': 70,
         'max': 69},
    'count below 0':
        {'message': 'deal 1, seat A1: -1 pips is impossible: a hand holds 0..69 pips',
         'deal': 1,
         'seat': 'A1',
         'value': -1,
         'max': 69},
    'count above 152 (double nine)':
        {'message': 'deal 1, seat A1: 153 pips is impossible: a hand holds 0..152 pips',
         'deal': 1,
         'seat': 'A1',
         'value': 153,
         'max': 152},
    'more than 168 at the table':
        {'message': 'deal 1: the hands hold 169 pips in all: at most 168 are possible',
         'deal': 1,
         'seat': None,
         'value': 169,
         'max': 168},
    'more than 433 at the table (double nine)':
        {'message': 'deal 1: the hands hold 434 pips in all: at most 433 are possible',
         'deal': 1,
         'seat': None,
         'value': 434,
         'max': 433},
    'a tile outside the set':
        {'message': 'deal 1, seat A1: tile 7-7 is not in the double_six set (0 ≤ a, b ≤ 6)',
         'deal': 1,
         'seat': 'A1',
         'tile': '7-7',
         'top': 6},
    'a tile written wrongly':
        {'message': "deal 1, seat A1: '7' is not a tile: write it as a-b", 'deal': 1, 'seat': 'A1', 'tile': '7'},
    'a tile held twice':
        {'message': "deal 1, seat A2: tile 1-2 is already in A1's hand", 'deal': 1, 'seat': 'A2', 'tile': '1-2'},
    'the lead tile still held':
        {'message': "deal 1, seat A1: tile 6-6 is on the table, so it cannot be in A1's hand",
         'deal': 1,
         'seat': 'A1',
         'tile': '6-6'},
    'the last tile still held':
        {'message': "deal 1, seat A2: tile 2-5 is on the table, so it cannot be in A2's hand",
         'deal': 1,
         'seat': 'A2',
         'tile': '2-5'},
    'more than 7 tiles':
        {'message': 'deal 1, seat A1: 8 tiles in one hand: a hand holds at most 7',
         'deal': 1,
         'seat': 'A1',
         'value': 8,
         'max': 7},
    'more than 10 tiles (double nine)':
        {'message': 'deal 1, seat A1: 11 tiles in one hand: a hand holds at most 10',
         'deal': 1,
         'seat': 'A1',
         'value': 11,
         'max': 10},
    'hand 1 without lead':
        {'message': 'deal 1: the protocol must write who led this hand (lead)', 'deal': 1, 'seat': None},
    'a lead against the rotation':
        {'message': 'deal 2, seat A2: B1 leads this hand under the rules, not A2',
         'deal': 2,
         'seat': 'A2',
         'expected': 'B1'},
    'a lead outside the pair that won':
        {'message': 'deal 2, seat A1: a player of pair B, which won the previous hand, leads this one, not A1',
         'deal': 2,
         'seat': 'A1',
         'expected': 'B1 / B2'},
    'first lead tile not 6-6':
        {'message': 'deal 1: the first hand is led with 6-6, not 5-5', 'deal': 1, 'seat': None, 'tile': '5-5'},
    '6-6 still held in hand 1':
        {'message': 'deal 1, seat A1: the first hand is led with 6-6, so A1 cannot hold it', 'deal': 1, 'seat': 'A1'},
    'ends without the last tile':
        {'message': 'deal 1: ends are written without the last tile (out_tile)', 'deal': 1, 'seat': None},
    'a last tile that fits neither end':
        {'message': 'deal 1: tile 2-5 fits neither open end 1 or 3',
         'deal': 1,
         'seat': None,
         'tile': '2-5',
         'ends': '1, 3'},
    'capicua on, no last tile':
        {'message': 'deal 1: with capicúa on, a domino records out_tile and ends', 'deal': 1, 'seat': None},
    'capicua on, no ends':
        {'message': 'deal 1: with capicúa on, a domino records out_tile and ends', 'deal': 1, 'seat': None},
    'pasos redondos above 30':
        {'message': 'deal 1: pasos_redondos of pair A must be a count 0..30, got 31',
         'deal': 1,
         'seat': None,
         'side': 'A'},
    'a hand after the target':
        {'message': 'deal 5: the partida ended after hand 4: hand 5 is outside it', 'deal': 5, 'seat': None, 'last': 4},
    'a hand after time with unequal totals':
        {'message': 'deal 2: the partida ended after hand 1: hand 2 is outside it', 'deal': 2, 'seat': None, 'last': 1},
    'a hand after time drawn':
        {'message': 'deal 3: the partida ended after hand 2: hand 3 is outside it', 'deal': 3, 'seat': None, 'last': 2},
    'a hand after a direct red card':
        {'message': 'deal 2: the partida ended after hand 1: hand 2 is outside it', 'deal': 2, 'seat': None, 'last': 1},
    'time called twice': {'message': 'deal 2: time was already called in hand 1', 'deal': 2, 'seat': None, 'first': 1},
    'time called without a limit':
        {'message': 'deal 1: time cannot be called: these rules have no time limit', 'deal': 1, 'seat': None},
    'a sanction naming no seat':
        {'message': "sanction #1 must name the player's seat (A1, A2, B1, B2), got 'C1'",
         'deal': None,
         'seat': None,
         'number': 1},
    'a sanction of other points':
        {'message': 'deal 1, seat B2: a sanction is 40 or 80 points, got 50',
         'deal': 1,
         'seat': 'B2',
         'value': 50,
         'small': 40,
         'large': 80},
    'a sanction with points and a card':
        {'message': 'deal 1, seat B2: sanction #1 gives either points or a card', 'deal': 1, 'seat': 'B2'},
    'a sanction with neither':
        {'message': 'deal 1, seat B2: sanction #1 gives either points or a card', 'deal': 1, 'seat': 'B2'},
    'a second sanction for a player':
        {'message': 'deal 2, seat B2: B2 already has a sanction in this partida', 'deal': 2, 'seat': 'B2'},
    'a sanction after the partida':
        {'message': 'deal 5, seat B2: a sanction in hand 5 is outside the partida (hands 1..4)',
         'deal': 5,
         'seat': 'B2',
         'hand': 5,
         'limit': 4},
    'a sanction in hand 0':
        {'message': 'deal 0, seat B2: a sanction in hand 0 is outside the partida (hands are numbered from 1)',
         'deal': 0,
         'seat': 'B2',
         'hand': 0},
    'a prior black card':
        {'message': 'pair B has a black card: it was withdrawn and does not play',
         'deal': None,
         'seat': None,
         'side': 'B'},
    'two pairs with one number': {'message': 'both pairs have the number 3', 'deal': None, 'seat': None, 'number': 3},
    'a no-show with hands':
        {'message': "no_show is 'B' but the protocol lists 1 hand(s)",
         'deal': None,
         'seat': None,
         'side': 'B',
         'count': 1},
    'a no-show with sanctions':
        {'message': "no_show is 'B' but the protocol lists 1 sanction(s)",
         'deal': None,
         'seat': None,
         'side': 'B',
         'count': 1},
    'a bye with hands':
        {'message': 'a bye has no hands, but the protocol lists 1', 'deal': None, 'seat': None, 'count': 1},
    'a bye with sanctions':
        {'message': 'a bye has no sanctions, but the protocol lists 1', 'deal': None, 'seat': None, 'count': 1},
    'a bye with a second pair':
        {'message': 'a bye is for pair A alone: pairs.B must not be written', 'deal': None, 'seat': None},
    'not an object': {'message': 'a protocol is a JSON object', 'deal': None, 'seat': None},
    'format 1':
        {'message': "a protocol of the partnership game is in format 'domino-protocol/2', got 'domino-protocol/1'",
         'deal': None,
         'seat': None},
    'rules not an object': {'message': 'rules must be an object', 'deal': None, 'seat': None},
    'pairs not an object': {'message': 'pairs must be an object with A and B', 'deal': None, 'seat': None},
    'a pair not an object': {'message': 'pairs.B must be an object', 'deal': None, 'seat': None, 'side': 'B'},
    'a pair without its number':
        {'message': 'pairs.B.number must be a pair number ≥ 1, got None', 'deal': None, 'seat': None, 'side': 'B'},
    'a pair number 0':
        {'message': 'pairs.A.number must be a pair number ≥ 1, got 0', 'deal': None, 'seat': None, 'side': 'A'},
    'a pair number true':
        {'message': 'pairs.A.number must be a pair number ≥ 1, got True', 'deal': None, 'seat': None, 'side': 'A'},
    'a prior card unknown':
        {'message': "pairs.A.prior_card must be none, yellow or red, got 'green'",
         'deal': None,
         'seat': None,
         'side': 'A'},
    'a bye for B': {'message': 'bye must be null or "A", got \'B\'', 'deal': None, 'seat': None},
    'a bye with a no-show': {'message': 'a bye has no no-show', 'deal': None, 'seat': None},
    'a no-show of C': {'message': 'no_show must be null, "A" or "B", got \'C\'', 'deal': None, 'seat': None},
    'deals not a list': {'message': 'deals must be a list', 'deal': None, 'seat': None},
    "a bye's deals not a list": {'message': 'deals must be a list', 'deal': None, 'seat': None},
    'sanctions not a list': {'message': 'sanctions must be a list', 'deal': None, 'seat': None},
    "a bye's sanctions not a list": {'message': 'sanctions must be a list', 'deal': None, 'seat': None},
    'a sanction not an object': {'message': 'sanction #1 is not an object', 'deal': None, 'seat': None},
    'a sanction without its hand':
        {'message': 'seat A1: sanction #1 must name its hand (a number), got None', 'deal': None, 'seat': 'A1'},
    "a sanction's hand true":
        {'message': 'seat A1: sanction #1 must name its hand (a number), got True', 'deal': None, 'seat': 'A1'},
    "a sanction's points true":
        {'message': 'deal 1, seat B2: a sanction is 40 or 80 points, got True',
         'deal': 1,
         'seat': 'B2',
         'value': True,
         'small': 40,
         'large': 80},
    "a sanction's points 40.0":
        {'message': 'deal 1, seat B2: a sanction is 40 or 80 points, got 40.0',
         'deal': 1,
         'seat': 'B2',
         'value': 40.0,
         'small': 40,
         'large': 80},
    "a sanction's card green":
        {'message': "deal 1, seat B2: a card is yellow, red or black, got 'green'", 'deal': 1, 'seat': 'B2'},
    'indicators not an object':
        {'message': 'indicators must be an object like {"A": {"zapato": 1}} naming the pairs at the table',
         'deal': None,
         'seat': None},
    'indicators of pair C':
        {'message': 'indicators must be an object like {"A": {"zapato": 1}} naming the pairs at the table',
         'deal': None,
         'seat': None},
    'indicators of B in a bye':
        {'message': 'indicators must be an object like {"A": {"zapato": 1}} naming the pairs at the table',
         'deal': None,
         'seat': None},
    'an unknown counter':
        {'message': 'indicators.A holds chancleta and zapato only', 'deal': None, 'seat': None, 'side': 'A'},
    'counters not an object':
        {'message': 'indicators.A holds chancleta and zapato only', 'deal': None, 'seat': None, 'side': 'A'},
    'a negative counter':
        {'message': 'indicators.A.zapato must be a count ≥ 0, got -1', 'deal': None, 'seat': None, 'side': 'A'},
    'a counter true':
        {'message': 'indicators.A.chancleta must be a count ≥ 0, got True', 'deal': None, 'seat': None, 'side': 'A'},
    'time_called not a boolean': {'message': 'deal 1: time_called must be true or false', 'deal': 1, 'seat': None},
    'ends not two numbers':
        {'message': 'deal 1: ends must be the two open numbers, each 0..6, got [5]', 'deal': 1, 'seat': None, 'top': 6},
    'ends above the set':
        {'message': 'deal 1: ends must be the two open numbers, each 0..6, got [5, 7]',
         'deal': 1,
         'seat': None,
         'top': 6},
    'ends below 0':
        {'message': 'deal 1: ends must be the two open numbers, each 0..6, got [5, -1]',
         'deal': 1,
         'seat': None,
         'top': 6},
    'ends true':
        {'message': 'deal 1: ends must be the two open numbers, each 0..6, got [True, 2]',
         'deal': 1,
         'seat': None,
         'top': 6},
    'ends not a list':
        {'message': "deal 1: ends must be the two open numbers, each 0..6, got '5 2'",
         'deal': 1,
         'seat': None,
         'top': 6},
    'ends of three numbers':
        {'message': 'deal 1: ends must be the two open numbers, each 0..6, got [5, 2, 2]',
         'deal': 1,
         'seat': None,
         'top': 6},
    'hands left out':
        {'message': "deal 1, seat A1: the hand of A1 is missing (the opponents' hands are scored)",
         'deal': 1,
         'seat': 'A1'},
    'fisher on a domino':
        {'message': 'deal 1: fisher belongs to a tranque, not to a domino', 'deal': 1, 'seat': None, 'field': 'fisher'},
    'out on a tranque':
        {'message': 'deal 1: out belongs to a domino, not to a tranque', 'deal': 1, 'seat': None, 'field': 'out'},
    'out_tile on a tranque':
        {'message': 'deal 1: out_tile belongs to a domino, not to a tranque',
         'deal': 1,
         'seat': None,
         'field': 'out_tile'},
    'ends on a tranque':
        {'message': 'deal 1: ends belongs to a domino, not to a tranque', 'deal': 1, 'seat': None, 'field': 'ends'},
    'out not a seat':
        {'message': "deal 1: out must name a seat (A1, A2, B1, B2), got 'C1'", 'deal': 1, 'seat': None, 'field': 'out'},
    'fisher not a seat':
        {'message': "deal 1: fisher must name a seat (A1, A2, B1, B2), got 'C1'",
         'deal': 1,
         'seat': None,
         'field': 'fisher'},
    'lead not a seat':
        {'message': "deal 1: lead must name a seat (A1, A2, B1, B2), got 'C1'",
         'deal': 1,
         'seat': None,
         'field': 'lead'},
    'a hand of another seat':
        {'message': "deal 1, seat C1: 'C1' is not a seat (A1, A2, B1, B2)", 'deal': 1, 'seat': 'C1'},
    'hands not an object':
        {'message': 'deal 1: hands must map seats to pip counts or tile lists', 'deal': 1, 'seat': None},
    'a count true':
        {'message': 'deal 1, seat A1: a hand is a whole number of pips or a list of tiles', 'deal': 1, 'seat': 'A1'},
    'a count as text':
        {'message': 'deal 1, seat A1: a hand is a whole number of pips or a list of tiles', 'deal': 1, 'seat': 'A1'},
    'a tile not text':
        {'message': 'deal 1, seat A1: [2, 5] is not a tile: write it as a-b', 'deal': 1, 'seat': 'A1', 'tile': '[2, 5]'},
    'a tile of two digits':
        {'message': "deal 1, seat A1: '10-1' is not a tile: write it as a-b", 'deal': 1, 'seat': 'A1', 'tile': '10-1'},
    'the lead tile is the last tile':
        {'message': 'deal 1: tile 2-5 cannot be both led and placed last', 'deal': 1, 'seat': None, 'tile': '2-5'},
    'pasos redondos not an object':
        {'message': 'deal 1: pasos_redondos must be an object like {"A": 1, "B": 0}', 'deal': 1, 'seat': None},
    'pasos redondos of pair C':
        {'message': 'deal 1: pasos_redondos must be an object like {"A": 1, "B": 0}', 'deal': 1, 'seat': None},
    'pasos redondos below 0':
        {'message': 'deal 1: pasos_redondos of pair B must be a count 0..30, got -1',
         'deal': 1,
         'seat': None,
         'side': 'B'},
    'pasos redondos true':
        {'message': 'deal 1: pasos_redondos of pair B must be a count 0..30, got True',
         'deal': 1,
         'seat': None,
         'side': 'B'},
    'pasos redondos as text':
        {'message': "deal 1: pasos_redondos of pair B must be a count 0..30, got '1'",
         'deal': 1,
         'seat': None,
         'side': 'B'},
}


CASES = [(row[0], row[1]) for row in REFUSALS + OTHER]


@pytest.mark.parametrize("name, data", CASES, ids=[c[0] for c in CASES])
def test_refusal_wording_and_values(name, data):
    with pytest.raises(ProtocolError) as err:
        score_protocol(data)
    shown = err.value.to_json()
    del shown["code"], shown["message_ru"]
    assert shown == WORDING[name]


def test_every_refusal_is_pinned():
    assert set(WORDING) == {name for name, _data in CASES}
