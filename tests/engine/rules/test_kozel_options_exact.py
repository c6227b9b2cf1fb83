"""RULES-KOZEL.md §10 «Options» and §14: each refusal of a Kozel-family or hand-points option exactly
(key, code, bounds, wording), and the values just inside the bounds accepted.

An organizer reads the refusal next to the option; a bound one off changes which tournaments can run.
"""
import pytest

from engine.rules import Rules, RulesError

ALL_DOUBLES = ["0-0", "1-1", "2-2", "3-3", "4-4", "5-5", "6-6"]


def refusal(config):
    with pytest.raises(RulesError) as err:
        Rules.from_config(config)
    return err.value.key, err.value.code, err.value.params, err.value.message


K = {"preset": "kozel"}

REFUSALS = [
    ("sec 14 bonus is an object", {**K, "lead_bonus": 50},
     ("lead_bonus", "bad_rules", {}, 'lead_bonus must be an object like {"6-6": 50, "0-0": 25}')),
    ("sec 14 bonus tiles 6-6 and 0-0 only", {**K, "lead_bonus": {"5-5": 1, "4-4": 2, "6-6": 3}},
     ("lead_bonus", "bad_rules", {}, "lead_bonus: unknown tile(s) 4-4, 5-5 (only 6-6 and 0-0)")),
    ("sec 14 bonus at most 100", {**K, "finish_bonus": {"6-6": 101}},
     ("finish_bonus", "out_of_range", {"lo": 0, "hi": 100}, "finish_bonus must be 0..100, got 101")),
    ("sec 14 bonus at most 100 (0-0)", {**K, "lead_bonus": {"0-0": 101}},
     ("lead_bonus", "out_of_range", {"lo": 0, "hi": 100}, "lead_bonus must be 0..100, got 101")),
    ("sec 14 bonus not negative", {**K, "lead_bonus": {"6-6": -1}},
     ("lead_bonus", "out_of_range", {"lo": 0, "hi": 100}, "lead_bonus must be 0..100, got -1")),
    ("sec 14 bonus a whole number", {**K, "lead_bonus": {"0-0": "5"}},
     ("lead_bonus", "not_integer", {}, "lead_bonus must be a whole number")),
    ("sec 14 eggs_doubles a list", {**K, "eggs_doubles": "1-1"},
     ("eggs_doubles", "bad_rules", {}, "eggs_doubles must be a non-empty list of doubles such as 1-1")),
    ("sec 14 eggs_doubles not empty", {**K, "eggs_doubles": []},
     ("eggs_doubles", "bad_rules", {}, "eggs_doubles must be a non-empty list of doubles such as 1-1")),
    ("sec 14 eggs_doubles at most the 7 doubles", {**K, "eggs_doubles": ALL_DOUBLES + ["1-1"]},
     ("eggs_doubles", "bad_rules", {}, "eggs_doubles must be a non-empty list of doubles such as 1-1")),
    ("sec 10 eggs_doubles: not a double", {**K, "eggs_doubles": ["1-2"]},
     ("eggs_doubles", "bad_rules", {}, "eggs_doubles: '1-2' is not a double (0-0 … 6-6)")),
    ("sec 10 eggs_doubles: four characters", {**K, "eggs_doubles": ["1-1x"]},
     ("eggs_doubles", "bad_rules", {}, "eggs_doubles: '1-1x' is not a double (0-0 … 6-6)")),
    ("sec 10 eggs_doubles: no dash", {**K, "eggs_doubles": ["1+1"]},
     ("eggs_doubles", "bad_rules", {}, "eggs_doubles: '1+1' is not a double (0-0 … 6-6)")),
    ("sec 10 eggs_doubles: not text", {**K, "eggs_doubles": [11]},
     ("eggs_doubles", "bad_rules", {}, "eggs_doubles: 11 is not a double (0-0 … 6-6)")),
    ("sec 10 eggs_doubles: letters", {**K, "eggs_doubles": ["X-X"]},
     ("eggs_doubles", "bad_rules", {}, "eggs_doubles: 'X-X' is not a double (0-0 … 6-6)")),
    ("sec 10 eggs_doubles: 7-7", {**K, "eggs_doubles": ["7-7"]},
     ("eggs_doubles", "bad_rules", {}, "eggs_doubles: '7-7' is not a double (0-0 … 6-6)")),
    ("sec 14 time limit 1..600 (0)", {**K, "time_limit_minutes": 0},
     ("time_limit_minutes", "out_of_range", {"lo": 1, "hi": 600}, "time_limit_minutes must be 1..600, got 0")),
    ("sec 14 time limit 1..600 (601)", {**K, "time_limit_minutes": 601},
     ("time_limit_minutes", "out_of_range", {"lo": 1, "hi": 600}, "time_limit_minutes must be 1..600, got 601")),
    ("sec 14 time limit a whole number", {"preset": "hand-points", "time_limit_minutes": "30"},
     ("time_limit_minutes", "not_integer", {}, "time_limit_minutes must be a whole number")),
    ("sec 10 winners do not take each_own", {**K, "recorder": "winner", "block_scoring": "each_own", "rating": False},
     ("block_scoring", "bad_rules", {},
      "block_scoring 'each_own' does not go with recorder 'winner' (allowed: opponents, all, difference)")),
    ("sec 10 losers do not take opponents", {**K, "block_scoring": "opponents"},
     ("block_scoring", "bad_rules", {},
      "block_scoring 'opponents' does not go with recorder 'loser' (allowed: all, each_own, fisher_half, "
      "all_to_fisher)")),
    ("sec 10 rating only with the losers recording", {"preset": "morskoy-kozel", "rating": True},
     ("rating", "bad_rules", {}, "rating needs recorder loser (set rating to false when the winners record)")),
    ("sec 8 a partie on time needs the time", {"preset": "hand-points", "partie_length": "time"},
     ("time_limit_minutes", "bad_rules", {}, "partie_length time needs time_limit_minutes")),
    ("sec 8 hand points: deals 1..400", {"preset": "hand-points", "deals_per_partie": 401},
     ("deals_per_partie", "out_of_range", {"lo": 1, "hi": 400}, "deals_per_partie must be 1..400, got 401")),
    ("sec 14 games_per_partie >= 1", {**K, "games_per_partie": 0},
     ("games_per_partie", "out_of_range", {"lo": 1, "hi": 99}, "games_per_partie must be 1..99, got 0")),
    ("sec 14 thresholds 0..168", {**K, "open_threshold": 169},
     ("open_threshold", "out_of_range", {"lo": 0, "hi": 168}, "open_threshold must be 0..168, got 169")),
]


@pytest.mark.parametrize("config, expected", [c[1:] for c in REFUSALS], ids=[c[0] for c in REFUSALS])
def test_option_refusal_exactly(config, expected):
    assert refusal(config) == expected


def test_option_values_at_the_bounds_are_accepted():
    """§14: bonuses 0…100 (a tile left out is worth 0), all seven doubles (repeats dropped), a time limit
    of 1 or 600 minutes or none, under both Kozel presets and hand points."""
    rules = Rules.from_config({**K, "lead_bonus": {"6-6": 100}, "finish_bonus": {"0-0": 100, "6-6": 0}})
    assert rules.lead_bonus == (("6-6", 100), ("0-0", 0))
    assert rules.finish_bonus == (("6-6", 0), ("0-0", 100))
    assert Rules.from_config({**K, "lead_bonus": {}}).lead_bonus == (("6-6", 0), ("0-0", 0))
    assert Rules.from_config({**K, "eggs_doubles": ALL_DOUBLES}).eggs_doubles == tuple(ALL_DOUBLES)
    assert Rules.from_config({**K, "eggs_doubles": ["2-2", "2-2", "0-0"]}).eggs_doubles == ("2-2", "0-0")
    for preset in ("kozel", "morskoy-kozel", "hand-points"):
        for minutes in (1, 600, None):
            assert Rules.from_config({"preset": preset, "time_limit_minutes": minutes}).time_limit_minutes == minutes
    hand = Rules.from_config({"preset": "hand-points", "partie_length": "deals", "deals_per_partie": 1})
    assert hand.deals_per_partie == 1


@pytest.mark.parametrize("recorder, allowed", [
    ("loser", ("all", "each_own", "fisher_half", "all_to_fisher")),
    ("winner", ("opponents", "all", "difference")),
])
def test_each_recorder_takes_exactly_its_block_values(recorder, allowed):
    """§3.8 / §10: the loser-side block values with recorder loser, the winner-side ones with winner."""
    for value in ("all", "each_own", "fisher_half", "all_to_fisher", "opponents", "difference"):
        config = {"preset": "kozel", "recorder": recorder, "block_scoring": value, "rating": recorder == "loser"}
        if value in allowed:
            assert Rules.from_config(config).block_scoring == value
        else:
            assert refusal(config)[0] == "block_scoring"


def test_hand_points_take_their_own_validators_not_the_kozel_ones():
    """§8: hand points know partie_length target/deals/time and deals_per_partie 1…400; Kozel knows only games."""
    for length in ("target", "deals"):
        assert Rules.from_config({"preset": "hand-points", "partie_length": length}).partie_length == length
    assert refusal({"preset": "hand-points", "partie_length": "games"})[0] == "partie_length"
    assert refusal({"preset": "kozel", "partie_length": "target"})[0] == "partie_length"
    assert Rules.from_config({"preset": "hand-points", "partie_length": "time",
                              "time_limit_minutes": 5}).partie_length == "time"
