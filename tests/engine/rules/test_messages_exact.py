"""Every refusal of the engine says exactly this (the English wording; the Russian one is in messages.py).

A referee reads these next to the field at fault; a changed word is a changed interface.
"""
import pytest

from engine.rules import ProtocolError, Rules, RulesError, score_protocol


def WP(n):
    return {"n": n, "result": "wrong_pass", "offender": "A1"}


PROTOCOL_REFUSALS = [
    ({'deals': [{'n': 1, 'result': 'block', 'hands': {'A1': True}}]},
     'deal 1, seat A1: a hand is a whole number of pips or a list of tiles'),
    ({'deals': [{'n': 1, 'result': 'block', 'hands': {'A1': 'x'}}]},
     'deal 1, seat A1: a hand is a whole number of pips or a list of tiles'),
    ({'deals': [{'n': 1, 'result': 'block', 'hands': {'A1': 70}}]},
     'deal 1, seat A1: 70 pips is impossible: a hand holds 0..69 pips'),
    ({'deals': [{'n': 1, 'result': 'block', 'hands': {'A1': ['1-1'] * 8}}]},
     'deal 1, seat A1: 8 tiles in one hand: a hand holds at most 7'),
    ({'deals': [{'n': 1, 'result': 'block', 'hands': {'A1': ['9-9']}}]},
     'deal 1, seat A1: tile 9-9 is not in a double-six set (0 ≤ a, b ≤ 6)'),
    ({'deals': [{'n': 1, 'result': 'block', 'hands': {'A1': ['x']}}]},
     "deal 1, seat A1: 'x' is not a tile (write it as a-b, 0 ≤ a, b ≤ 6)"),
    ({'deals': [{'n': 1, 'result': 'block', 'hands': {'A1': ['2-1', '1-2']}}]},
     'deal 1, seat A1: tile 1-2 appears twice'),
    ({'deals': [{'n': 1, 'result': 'block', 'hands': {'A2': ['1-1'], 'A1': ['1-1']}}]},
     "deal 1, seat A2: tile 1-1 is already in A1's hand"),
    ({'deals': [{'n': 1, 'result': 'block', 'hands': {'A1': 69, 'A2': 69, 'B1': 31}}]},
     'deal 1, seat A1: the hands hold 169 pips in all: a set has only 168'),
    ({'deals': [{'n': 1, 'result': 'block', 'hands': {'C1': 1}}]},
     "deal 1, seat C1: 'C1' is not a seat (A1, A2, B1, B2)"),
    ({'deals': [{'n': 1, 'result': 'block', 'hands': 5}]},
     'deal 1: hands must map seats to pip counts or tile lists'),
    ({'deals': [{'n': 1, 'result': 'block', 'hands': {'A1': 1}}]},
     'deal 1, seat B1: the hand of B1 is missing (in a block all four hands are counted)'),
    ({'deals': [{'n': 1, 'result': 'block', 'hands': {'A1': 0}}]},
     'deal 1, seat A1: A1 did not go out, so he still holds at least one tile: 0 pips is impossible'),
    ({'deals': [{'n': 1, 'result': 'domino', 'out': 'A1', 'hands': {'A1': 3}}]},
     'deal 1, seat A1: A1 went out, so his hand is empty'),
    ({'deals': [{'n': 1, 'result': 'domino', 'out': 'A1', 'hands': {'B1': 3}}]},
     "deal 1, seat B2: the hand of B2 is missing (the losing pair's pips are scored)"),
    ({'rules': {'preset': 'federation'}, 'deals': [{'n': 1, 'result': 'domino', 'out': 'A1', 'hands': {'B1': 3, 'B2': 4}}]},
     "deal 1, seat A2: the hand of A2 is missing (the partner's pips are scored too)"),
    ({'deals': [{'n': 1, 'result': 'domino', 'out': 'Z'}]},
     "deal 1: out must name a seat (A1, A2, B1, B2), got 'Z'"),
    ({'deals': [{'n': 1, 'result': 'wrong_pass'}]},
     'deal 1: offender must name a seat (A1, A2, B1, B2), got None'),
    ({'deals': [{'n': 1, 'result': 'x'}]},
     "deal 1: result must be domino, block or wrong_pass, got 'x'"),
    ({'deals': [1]},
     'deal #1 in the list is not an object'),
    ({'deals': [{'n': 0}]},
     'deal 0: deal #1 in the list has no valid number n (got 0)'),
    ({'deals': 1},
     'deals must be a list'),
    ({'deals': [WP(1), WP(1)]},
     'deal 1: deal 1 has a second result'),
    ({'deals': [{'n': 2, 'result': 'wrong_pass', 'offender': 'A1'}]},
     'deal 2: deal 1 is missing before deal 2'),
    ({'deals': [WP(n) for n in range(1, 6)]},
     'deal 5: the partie ended after deal 4: deal 5 is outside it'),
    ({'remarks': [{'deal': 3, 'player': 'A1'}]},
     'deal 3, seat A1: a remark in deal 3 is outside the partie (the partie has 0 deal(s); deal 1 is in play)'),
    ({'deals': [WP(n) for n in range(1, 5)], 'remarks': [{'deal': 5, 'player': 'A1'}]},
     'deal 5, seat A1: a remark in deal 5 is outside the partie (the partie has 4 deal(s))'),
    ({'remarks': [1]},
     'remark #1 is not an object'),
    ({'remarks': [{'deal': 0, 'player': 'A1'}]},
     'seat A1: remark #1 must name a deal number ≥ 1, got 0'),
    ({'remarks': [{'deal': 1, 'player': 'Z'}]},
     "deal 1: remark #1: player must be a seat (A1, A2, B1, B2), got 'Z'"),
    ({'remarks': [{'deal': 1, 'player': 'A1', 'reason': 3}]},
     'deal 1, seat A1: remark #1: reason must be text'),
    ({'remarks': 1},
     'remarks must be a list'),
    ({'pairs': {'A': {'prior_remarks': -1}}},
     'prior_remarks of pair A must be a whole number ≥ 0, got -1'),
    ({'pairs': {'B': 1}},
     'pairs.B must be an object'),
    ({'pairs': 1},
     'pairs must be an object with A and B'),
    ({'no_show': 'C'},
     'no_show must be null, "A" or "B", got \'C\''),
    ({'ended_by_time': 1},
     'ended_by_time must be true or false'),
    ({'first_lead': 'Z'},
     "first_lead must be a seat (A1, A2, B1, B2), got 'Z'"),
    ([],
     'a protocol is a JSON object'),
    ({'format': 'x'},
     "unknown format 'x' (expected 'domino-protocol/1' or 'domino-protocol/2')"),
    ({'rules': 1},
     'rules must be an object'),
    ({'rules': {'x': 1, 'y': 2}},
     'rules: unknown rules option(s): x, y'),
    ({'rules': {'preset': 'x'}},
     "rules: unknown preset 'x' (known: pusto-shest, federation, kozel, morskoy-kozel, hand-points, latin)"),
    ({'rules': {'deals_per_partie': 6}},
     'rules: deals_per_partie must be a multiple of 4 (every player leads equally)'),
]


@pytest.mark.parametrize("data, message", PROTOCOL_REFUSALS)
def test_protocol_refusal_wording(data, message):
    with pytest.raises(ProtocolError) as info:
        score_protocol(data)
    assert info.value.message == message


RULES_REFUSALS = [
    ({'deals_per_partie': 3}, 'deals_per_partie must be 4..400, got 3'),
    ({'time_limit_minutes': 601}, 'time_limit_minutes must be 1..600, got 601'),
    ({'forfeit_score': -1}, 'forfeit_score must be 0..100000, got -1'),
    ({'target_points': 1.5}, 'target_points must be a whole number'),
    ({'extra_deal_on_tie': 1}, 'extra_deal_on_tie must be true or false'),
    ({'block_scoring': 'x'}, "block_scoring must be one of difference, all, opponents, got 'x'"),
    ({'remark_ladder': []}, 'remark_ladder must be a non-empty list of steps'),
    ({'remark_ladder': [3]}, 'remark_ladder step 1 must be an object'),
    ({'remark_ladder': [{'kind': 'fine', 'a': 1, 'b': 2}]}, 'remark_ladder step 1: unknown key(s) a, b'),
    ({'remark_ladder': [{'kind': 'fine', 'points': 1}]}, 'remark_ladder step 1 (fine) needs block_pips'),
    ({'remark_ladder': [{'kind': 'deal_loss'}]}, 'remark_ladder step 1 (deal_loss) needs points'),
]


@pytest.mark.parametrize("config, message", RULES_REFUSALS)
def test_rules_refusal_wording(config, message):
    with pytest.raises(RulesError) as info:
        Rules.from_config(config)
    assert info.value.message == message
