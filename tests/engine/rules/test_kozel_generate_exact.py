"""The random Kozel, Morskoy and hand-points parties of engine/rules/generate.py (``simulate --preset``).

A generated partie must be one a hall could play and a referee enter: every deal
physically possible (tiles from one shuffled set, RULES-KOZEL.md §11), the hands
the rules require for its result (§10 «Hands required»), each deal led by the
seat the rules fix (§2.2), accepted by ``score_protocol``, and stopped at the
deal that ends the partie. Fixed seeds, so the hypothesis profile of the
mutation run does not trim them.
"""
import random
from collections import Counter

import pytest

from engine.rules import Rules, score_protocol
from engine.rules.generate import (
    ALL_TILES,
    _fixed_next_lead,
    random_kozel_deal,
    random_kozel_partie,
    random_partie,
    random_points_deal,
)
from engine.rules.seating import SEATS, lead_and_shuffle

CONFIGS = [
    {"preset": "kozel"},
    {"preset": "kozel", "games_per_partie": 3},
    {"preset": "kozel", "block_scoring": "fisher_half", "next_lead": "out_partner", "games_per_partie": 2},
    {"preset": "kozel", "next_lead": "rotate", "games_per_partie": 2},
    {"preset": "kozel", "recorder": "winner", "block_scoring": "opponents", "rating": False,
     "next_lead": "winner_choice", "games_per_partie": 2},
    {"preset": "morskoy-kozel"},
    {"preset": "morskoy-kozel", "games_per_partie": 3, "eggs": "play_off"},
    {"preset": "morskoy-kozel", "next_lead": "winner_choice", "games_per_partie": 2},
]
IDS = ["kozel", "kozel-3", "kozel-fisher-half", "kozel-rotate", "kozel-winners", "morskoy", "morskoy-3-eggs",
       "morskoy-winner-choice"]
SEEDS = range(12)


def dealt_hands(seed):
    """The 28 tiles as ``random_kozel_deal`` deals them from a generator seeded with ``seed``."""
    tiles = ALL_TILES[:]
    random.Random(seed).shuffle(tiles)
    return {seat: {f"{a}-{b}" for a, b in tiles[7 * i: 7 * i + 7]} for i, seat in enumerate(SEATS)}


def protocol(config, deals):
    return {"format": "domino-protocol/2", "rules": config, "deals": deals}


# --- a whole partie --------------------------------------------------------------------------

@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_generated_parties_are_accepted_and_stop_at_the_deal_that_ends_them(config):
    rules = Rules.from_config(config)
    for seed in SEEDS:
        deals = random_kozel_partie(random.Random(seed), rules)
        scored = score_protocol(protocol(config, deals))
        assert scored.finished, seed
        assert not score_protocol(protocol(config, deals[:-1])).finished, seed
        assert [d["n"] for d in deals] == list(range(1, len(deals) + 1))
        assert len(scored.deals) == len(deals)
        assert len(scored.games) == max(d.game for d in scored.deals)
        assert len(scored.games) >= rules.games_per_partie
        assert scored.winner in ("A", "B", None)
        assert random_kozel_partie(random.Random(seed), rules) == deals      # seeded: reproducible


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_random_partie_hands_kozel_parties_to_the_kozel_generator_without_remarks(config):
    rules = Rules.from_config(config)
    for seed in range(5):
        assert random_partie(random.Random(seed), rules, remark_chance=1.0) == (
            random_kozel_partie(random.Random(seed), rules), [])


def test_a_partie_is_cut_at_max_deals():
    rules = Rules.from_config({"preset": "kozel", "games_per_partie": 50})
    deals = random_kozel_partie(random.Random(1), rules, max_deals=7)
    assert len(deals) == 7
    assert not score_protocol(protocol({"preset": "kozel", "games_per_partie": 50}, deals)).finished


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_each_deal_is_led_by_the_seat_the_rules_fix(config):
    """§2.2: the lead is given exactly where the rules fix it, and it is that seat; on the first deal
    of a game (and where the rules leave it open) the holder of 1-1 leads with 1-1."""
    rules = Rules.from_config(config)
    for seed in range(10):
        deals = random_kozel_partie(random.Random(seed), rules)
        scored = score_protocol(protocol(config, deals))
        for i, deal in enumerate(deals):
            if rules.next_lead == "rotate":
                expected = lead_and_shuffle(i + 1)[0]
            elif i == 0 or scored.deals[i].game != scored.deals[i - 1].game:
                expected = None
            else:
                expected = _fixed_next_lead(rules, deals[i - 1], scored.deals[i - 1].winner, i + 1, False)
            if expected is None:
                assert deal["lead_tile"] == "1-1", (seed, deal)
            else:
                assert deal["lead"] == expected, (seed, deal)


# --- one deal ---------------------------------------------------------------------------------

def test_every_deal_is_physically_possible_and_has_the_hands_its_result_needs():
    rules = Rules.from_config({"preset": "kozel"})
    for seed in range(1500):
        lead = None if seed % 2 else SEATS[seed % 4]
        deal = random_kozel_deal(random.Random(seed), 7, rules, lead=lead)
        dealt = dealt_hands(seed)
        assert deal["n"] == 7
        if lead is None:                       # the holder of 1-1 leads with it
            assert deal["lead_tile"] == "1-1"
            assert "1-1" in dealt[deal["lead"]]
        else:
            assert deal["lead"] == lead
            assert deal["lead_tile"] in dealt[lead]
        for seat, tiles in deal["hands"].items():
            assert 1 <= len(tiles) <= 5
            assert set(tiles) <= dealt[seat], (seed, seat)
            assert deal["lead_tile"] not in tiles
            assert len(set(tiles)) == len(tiles)
        result = deal["result"]
        keys = {"n", "result", "lead", "lead_tile", "hands"}
        if result == "domino":
            assert set(deal) == keys | {"out", "out_tile"}
            assert deal["out"] not in deal["hands"]
            assert set(deal["hands"]) == set(SEATS) - {deal["out"]}
            assert deal["out_tile"] in dealt[deal["out"]]
            assert deal["out_tile"] != deal["lead_tile"]
        elif result == "block":
            assert set(deal) == keys | {"fisher"}
            assert deal["fisher"] in SEATS
            assert set(deal["hands"]) == set(SEATS)
        else:
            assert result == "wrong_pass"
            assert set(deal) == keys | {"offender"}
            side = deal["offender"][0]
            assert set(deal["hands"]) == {side + "1", side + "2"}      # the offending pair's two hands


def test_deals_are_mostly_dominoes_some_blocks_rarely_a_wrong_pass():
    """About 82 % dominoes, 15 % blocks, 3 % wrong passes — what a hall sees; single tiles left (lone
    doubles, scored apart) and hands of up to five tiles occur."""
    rules = Rules.from_config({"preset": "morskoy-kozel"})
    rng = random.Random(2024)
    deals = [random_kozel_deal(rng, 1, rules) for _ in range(4000)]
    share = Counter(d["result"] for d in deals)
    assert 0.77 * 4000 < share["domino"] < 0.87 * 4000
    assert 0.11 * 4000 < share["block"] < 0.19 * 4000
    assert 0.015 * 4000 < share["wrong_pass"] < 0.045 * 4000
    sizes = Counter(len(tiles) for d in deals for tiles in d["hands"].values())
    assert set(sizes) == {1, 2, 3, 4, 5}
    assert len({d["lead"] for d in deals}) == 4
    assert len({d["out"] for d in deals if "out" in d}) == 4
    assert len({d["fisher"] for d in deals if "fisher" in d}) == 4
    assert len({d["offender"] for d in deals if "offender" in d}) == 4


# --- who leads next (§2.2) ----------------------------------------------------------------------

DOMINO = {"result": "domino", "out": "B2"}
BLOCK = {"result": "block", "fisher": "A2"}
BLOCK_NO_FISHER = {"result": "block"}
WRONG_PASS = {"result": "wrong_pass", "offender": "A1"}


@pytest.mark.parametrize("next_lead,deal,winner,expected", [
    ("out_player", DOMINO, "A", "B2"),
    ("out_player", BLOCK, "B", "A2"),
    ("out_player", BLOCK_NO_FISHER, "B", None),
    ("out_player", WRONG_PASS, "B", None),
    ("out_partner", DOMINO, "A", "B1"),
    ("out_partner", BLOCK, "B", "A2"),
    ("out_partner", WRONG_PASS, "B", None),
    ("winner_choice", DOMINO, "B", "B1"),
    ("winner_choice", DOMINO, "A", "A1"),
    ("winner_choice", BLOCK, None, "A2"),
    ("winner_choice", BLOCK_NO_FISHER, None, None),
    ("winner_choice", WRONG_PASS, "B", None),
])
def test_next_lead_within_a_game(next_lead, deal, winner, expected):
    rules = Rules.from_config({"preset": "kozel", "next_lead": next_lead})
    assert _fixed_next_lead(rules, deal, winner, 5, False) == expected
    assert _fixed_next_lead(rules, deal, winner, 5, True) is None          # a new game: 1-1 leads


@pytest.mark.parametrize("n,expected", [(2, "B1"), (3, "A2"), (4, "B2"), (5, "A1"), (6, "B1")])
def test_rotate_leads_clockwise_even_in_a_new_game_or_after_a_wrong_pass(n, expected):
    rules = Rules.from_config({"preset": "kozel", "next_lead": "rotate"})
    assert _fixed_next_lead(rules, WRONG_PASS, None, n, True) == expected
    assert _fixed_next_lead(rules, DOMINO, "A", n, False) == expected


def test_rotate_starts_with_a1():
    rules = Rules.from_config({"preset": "kozel", "next_lead": "rotate"})
    deals = random_kozel_partie(random.Random(3), rules)
    assert deals[0]["lead"] == "A1"


# --- hand points ------------------------------------------------------------------------------------

def test_hand_points_deals_are_whole_points_0_to_30_or_from_minus_12_with_negatives():
    for allow_negative, low in ((False, 0), (True, -12)):
        rules = Rules.from_config({"preset": "hand-points", "allow_negative": allow_negative})
        rng = random.Random(5)
        deals = [random_points_deal(rng, n, rules) for n in range(1, 3001)]
        assert all(set(d) == {"n", "result", "points"} and d["result"] == "points" for d in deals)
        assert [d["n"] for d in deals] == list(range(1, 3001))
        for side in ("A", "B"):
            values = {d["points"][side] for d in deals}
            assert values == set(range(low, 31)), (allow_negative, side)


@pytest.mark.parametrize("config", [
    {"preset": "hand-points"},
    {"preset": "hand-points", "partie_length": "deals", "deals_per_partie": 5},
    {"preset": "hand-points", "target_points": 60, "higher_wins": False},
    {"preset": "hand-points", "partie_length": "time", "time_limit_minutes": 30, "allow_negative": True},
], ids=["target", "deals", "lower-wins", "time"])
def test_hand_points_parties_are_accepted_and_stop_at_their_end(config):
    rules = Rules.from_config(config)
    on_time = rules.partie_length == "time"
    for seed in SEEDS:
        deals, remarks = random_partie(random.Random(seed), rules, remark_chance=1.0)
        assert remarks == []
        data = {**protocol(config, deals), "ended_by_time": on_time}
        assert score_protocol(data).finished
        if on_time:
            assert len(deals) == 40
        else:
            assert not score_protocol(protocol(config, deals[:-1])).finished
            assert len(deals) >= (5 if rules.partie_length == "deals" else 1)
