"""The Kozel-family and hand-points parts of engine/rules/config.py pinned exactly (RULES-KOZEL.md §14).

Each preset's defaults, the options it accepts (anything else refused as unknown),
the values of its choice options, and how a tournament stores it. A default one
off changes every partie of a tournament that relies on it; an option accepted by
the wrong preset is silently ignored by its scoring.
"""
from dataclasses import replace

import pytest

from engine.rules import Rules, RulesError
from engine.rules.config import OPTION_CHOICES, PRESET_CHOICES, PRESET_DEFAULTS, PRESETS, option_values

KOZEL_LADDER = [{"kind": "warning"}] * 4 + [{"kind": "disqualification"}]
COMMON = {
    "target_points", "time_limit_minutes", "forfeit_score", "remark_ladder", "match_points_win",
    "match_points_draw", "match_points_loss", "bye_result", "bye_points_for", "bye_points_against",
    "late_entry_result",
}
STANDINGS = {"match_points_win": 1, "match_points_draw": 0, "match_points_loss": 0, "bye_result": "win",
             "bye_points_for": 0, "bye_points_against": 0, "late_entry_result": "none"}

# RULES-KOZEL.md §14, column by column.
KOZEL = {
    "preset": "kozel", "partie_length": "games", "games_per_partie": 1, "extra_game_on_tie": True,
    "target_points": 101, "time_limit_minutes": None, "recorder": "loser", "block_scoring": "all",
    "count_partner_on_domino": False, "lone_double_blank": 10, "lone_double_six": 12, "blank_six_pair": False,
    "open_threshold": 13, "threshold_scope": "until_open", "remember_small": "until_win", "wipe_on_record": False,
    "eggs": "next_deal", "eggs_doubles": ["1-1"], "eggs_tries": 3, "eggs_expire": "void",
    "lead_bonus": {"6-6": 0, "0-0": 0}, "finish_bonus": {"6-6": 0, "0-0": 0}, "blank_finish_wins": False,
    "six_finish_wins": "off", "decider": False, "next_lead": "out_player", "restart_after_unrecorded": False,
    "dry_goat_value": 1, "dry_goat": "never_recorded", "rating": True, "rating_base": 100, "forfeit_score": 101, "remark_ladder": KOZEL_LADDER,
    **STANDINGS,
}
MORSKOY = {
    **KOZEL, "preset": "morskoy-kozel", "target_points": 125, "recorder": "winner", "block_scoring": "opponents",
    "lone_double_blank": 25, "lone_double_six": 50, "blank_six_pair": True, "open_threshold": 25,
    "threshold_scope": "every_deal", "remember_small": "none", "wipe_on_record": True, "blank_finish_wins": True,
    "six_finish_wins": "if_recordable", "decider": True, "rating": False, "forfeit_score": 125,
}
HAND = {
    "preset": "hand-points", "partie_length": "target", "deals_per_partie": 4, "extra_deal_on_tie": True,
    "target_points": 100, "time_limit_minutes": None, "higher_wins": True, "allow_negative": False,
    "forfeit_score": 100,
    "remark_ladder": [{"kind": "warning"}, {"kind": "fine", "points": 10, "block_pips": 20},
                      {"kind": "fine", "points": 20, "block_pips": 40}, {"kind": "deal_loss", "points": 40},
                      {"kind": "disqualification"}],
    **STANDINGS,
}
EXPECTED = {"kozel": KOZEL, "morskoy-kozel": MORSKOY, "hand-points": HAND}


@pytest.mark.parametrize("preset", ["kozel", "morskoy-kozel", "hand-points"])
def test_preset_defaults_are_those_of_section_14_and_nothing_else(preset):
    rules = Rules.from_config({"preset": preset})
    assert rules.as_dict() == EXPECTED[preset]
    assert rules.to_config() == {"preset": preset}


@pytest.mark.parametrize("preset", PRESETS)
def test_the_stored_defaults_are_what_a_tournament_with_the_preset_plays(preset):
    """The tournament form fills its fields from PRESET_DEFAULTS: they must be the preset's rules."""
    assert PRESET_DEFAULTS[preset] == Rules.from_config({"preset": preset})
    assert PRESET_DEFAULTS[preset].preset == preset


def test_defaults_not_shown_for_a_game_are_the_neutral_ones():
    """Options a preset does not accept keep values its scoring can read safely."""
    kozel = Rules.from_config({"preset": "kozel"})
    assert (kozel.higher_wins, kozel.allow_negative, kozel.deals_per_partie) == (True, False, 4)
    hand = Rules.from_config({"preset": "hand-points"})
    assert (hand.games_per_partie, hand.recorder, hand.rating, hand.eggs_doubles) == (1, "loser", False, ("1-1",))
    assert hand.lead_bonus == hand.finish_bonus == (("6-6", 0), ("0-0", 0))
    assert (hand.open_threshold, hand.threshold_scope, hand.remember_small) == (0, "until_open", "none")
    assert (hand.lone_double_six, hand.next_lead, hand.dry_goat_value) == (12, "out_player", 1)


@pytest.mark.parametrize("preset,family", [
    ("pusto-shest", "sport"), ("federation", "sport"), ("kozel", "kozel"), ("morskoy-kozel", "kozel"),
    ("hand-points", "hand"),
])
def test_family_of_each_preset(preset, family):
    assert Rules.from_config({"preset": preset}).family == family


# --- the options each preset accepts ------------------------------------------------------

@pytest.mark.parametrize("preset", ["kozel", "morskoy-kozel", "hand-points"])
def test_each_option_of_the_preset_is_accepted_at_its_default(preset):
    """Every key of §14's column for the preset is an option the preset takes."""
    expected = EXPECTED[preset]
    for key in set(expected) - {"preset"}:
        rules = Rules.from_config({"preset": preset, key: expected[key]})
        assert rules.as_dict() == expected, key


@pytest.mark.parametrize("preset,key", [
    ("kozel", "deals_per_partie"), ("kozel", "extra_deal_on_tie"), ("kozel", "wrong_pass_points"),
    ("kozel", "higher_wins"), ("kozel", "allow_negative"),
    ("morskoy-kozel", "deals_per_partie"), ("morskoy-kozel", "extra_deal_on_tie"),
    ("morskoy-kozel", "allow_negative"),
    ("hand-points", "games_per_partie"), ("hand-points", "recorder"), ("hand-points", "block_scoring"),
    ("hand-points", "lone_double_blank"), ("hand-points", "count_partner_on_domino"),
    ("hand-points", "wrong_pass_points"), ("hand-points", "rating"), ("hand-points", "eggs_doubles"),
    ("hand-points", "extra_game_on_tie"), ("hand-points", "lead_bonus"),
    ("pusto-shest", "games_per_partie"), ("federation", "higher_wins"), ("pusto-shest", "recorder"),
])
def test_an_option_of_another_game_is_refused_as_unknown(preset, key):
    value = Rules.from_config({"preset": "kozel" if preset != "kozel" else "hand-points"}).as_dict().get(key, 4)
    with pytest.raises(RulesError) as err:
        Rules.from_config({"preset": preset, key: value})
    assert (err.value.key, err.value.code) == (key, "unknown_option")
    assert err.value.message == f"unknown rules option(s): {key}"


def test_several_unknown_options_are_listed_in_order_and_the_first_named():
    with pytest.raises(RulesError) as err:
        Rules.from_config({"preset": "hand-points", "recorder": "loser", "decider": True, "eggs": "play_off"})
    assert err.value.key == "decider"
    assert err.value.message == "unknown rules option(s): decider, eggs, recorder"


@pytest.mark.parametrize("preset", ["kozel", "morskoy-kozel", "hand-points"])
def test_as_dict_shows_exactly_the_options_of_the_preset(preset):
    assert set(Rules.from_config({"preset": preset}).as_dict()) == set(EXPECTED[preset])
    assert COMMON <= set(EXPECTED[preset])


# --- choices ------------------------------------------------------------------------------

def test_option_choices_exactly():
    assert OPTION_CHOICES == {
        "partie_length": ("deals", "target", "games", "time"),
        "block_scoring": ("difference", "all", "opponents", "each_own", "fisher_half", "all_to_fisher"),
        "bye_result": ("win", "draw", "loss"),
        "late_entry_result": ("none", "loss", "draw", "bye"),
        "recorder": ("loser", "winner"),
        "threshold_scope": ("until_open", "every_deal"),
        "remember_small": ("until_win", "one_deal", "none"),
        "eggs": ("next_deal", "play_off"),
        "eggs_expire": ("void", "draw"),
        "six_finish_wins": ("off", "if_recordable", "if_one_hand", "always"),
        "next_lead": ("out_player", "winner_choice", "out_partner", "rotate"),
        "dry_goat": ("never_recorded", "ends_at_zero"),
    }


@pytest.mark.parametrize("preset", ["kozel", "morskoy-kozel"])
def test_kozel_choices(preset):
    assert option_values(preset, "partie_length") == ("games",)
    assert option_values(preset, "block_scoring") == (
        "all", "each_own", "fisher_half", "all_to_fisher", "opponents", "difference")
    assert option_values(preset, "recorder") == ("loser", "winner")
    assert option_values(preset, "next_lead") == ("out_player", "winner_choice", "out_partner", "rotate")
    assert option_values(preset, "six_finish_wins") == ("off", "if_recordable", "if_one_hand", "always")
    assert option_values(preset, "eggs") == ("next_deal", "play_off")
    assert option_values(preset, "eggs_expire") == ("void", "draw")
    assert option_values(preset, "remember_small") == ("until_win", "one_deal", "none")
    assert option_values(preset, "threshold_scope") == ("until_open", "every_deal")
    assert option_values(preset, "dry_goat") == ("never_recorded", "ends_at_zero")
    assert option_values(preset, "bye_result") == ("win", "draw", "loss")


def test_hand_points_choices():
    assert option_values("hand-points", "partie_length") == ("target", "deals", "time")
    assert option_values("hand-points", "late_entry_result") == ("none", "loss", "draw", "bye")
    assert set(PRESET_CHOICES) == set(PRESETS)


@pytest.mark.parametrize("preset", PRESETS)
def test_every_offered_choice_is_accepted_and_every_other_refused(preset):
    """A drop-down offers only what the preset's validation accepts (given the other defaults)."""
    defaults = Rules.from_config({"preset": preset}).as_dict()
    for key, values in OPTION_CHOICES.items():
        if key not in defaults:
            continue
        offered = option_values(preset, key)
        for value in values:
            config = {"preset": preset, key: value}
            if key == "partie_length" and value == "time":
                config["time_limit_minutes"] = 30
            if preset in ("kozel", "morskoy-kozel"):
                config["rating"] = False                      # rating needs the losers recording
                if key == "recorder":
                    config["block_scoring"] = "all"           # a block value both recorders take
                if key == "block_scoring":
                    config["recorder"] = "loser" if value in ("all", "each_own", "fisher_half",
                                                              "all_to_fisher") else "winner"
            if value in offered:
                assert getattr(Rules.from_config(config), key) == value
            else:
                with pytest.raises(RulesError) as err:
                    Rules.from_config(config)
                assert (err.value.key, err.value.code) == (key, "bad_choice")


# --- forfeit and storage --------------------------------------------------------------------

@pytest.mark.parametrize("config,forfeit", [
    ({"preset": "kozel", "target_points": 301}, 301),
    ({"preset": "morskoy-kozel", "target_points": 250, "games_per_partie": 3}, 250),
    ({"preset": "hand-points", "partie_length": "deals", "deals_per_partie": 8}, 100),
    ({"preset": "hand-points", "partie_length": "deals", "deals_per_partie": 8, "target_points": 60}, 60),
])
def test_forfeit_defaults_to_the_target_in_every_game_of_the_family(config, forfeit):
    """RULES-KOZEL.md §14: forfeit_score = target_points (never 40 per deal, even for hand points on deals)."""
    rules = Rules.from_config(config)
    assert rules.forfeit_score == forfeit
    assert "forfeit_score" not in rules.to_config()


def test_a_kozel_forfeit_other_than_the_target_is_stored():
    rules = Rules.from_config({"preset": "kozel", "forfeit_score": 50})
    assert rules.forfeit_score == 50
    assert rules.to_config() == {"preset": "kozel", "forfeit_score": 50}


def test_to_config_of_the_kozel_options_round_trips_in_stored_form():
    config = {"preset": "morskoy-kozel", "eggs_doubles": ["2-2", "1-1"], "lead_bonus": {"6-6": 50, "0-0": 25},
              "finish_bonus": {"0-0": 25}, "eggs": "play_off", "games_per_partie": 3, "time_limit_minutes": 45}
    rules = Rules.from_config(config)
    assert rules.eggs_doubles == ("2-2", "1-1")
    assert rules.lead_bonus == (("6-6", 50), ("0-0", 25))
    assert rules.finish_bonus == (("6-6", 0), ("0-0", 25))
    stored = rules.to_config()
    assert stored == {"preset": "morskoy-kozel", "eggs_doubles": ["2-2", "1-1"],
                      "lead_bonus": {"6-6": 50, "0-0": 25}, "finish_bonus": {"6-6": 0, "0-0": 25},
                      "eggs": "play_off", "games_per_partie": 3, "time_limit_minutes": 45}
    assert Rules.from_config(stored) == rules


def test_hand_points_options_are_stored():
    rules = Rules.from_config({"preset": "hand-points", "partie_length": "deals", "deals_per_partie": 3,
                               "higher_wins": False, "allow_negative": True})
    assert rules.to_config() == {"preset": "hand-points", "partie_length": "deals", "deals_per_partie": 3,
                                 "higher_wins": False, "allow_negative": True}


@pytest.mark.parametrize("tile,which,value", [
    ("6-6", "lead", 50), ("0-0", "lead", 25), ("6-6", "finish", 40), ("0-0", "finish", 20), ("5-5", "lead", 0),
    ("", "finish", 0),
])
def test_bonus_reads_the_lead_or_the_finish_bonus_of_a_tile(tile, which, value):
    rules = Rules.from_config({"preset": "kozel", "lead_bonus": {"6-6": 50, "0-0": 25},
                               "finish_bonus": {"6-6": 40, "0-0": 20}})
    assert rules.bonus(which, tile) == value


@pytest.mark.parametrize("preset,foreign", [
    ("kozel", {"deals_per_partie": 8, "higher_wins": False, "wrong_pass_points": 5}),
    ("hand-points", {"recorder": "winner", "games_per_partie": 3, "lone_double_blank": 0}),
    ("pusto-shest", {"open_threshold": 13, "rating": True}),
])
def test_to_config_stores_only_options_its_preset_accepts(preset, foreign):
    """What a tournament stores is read back by ``from_config``, which refuses another game's options."""
    rules = replace(Rules.from_config({"preset": preset}), **foreign)
    assert rules.to_config() == {"preset": preset}
    assert set(rules.as_dict()) == set(Rules.from_config({"preset": preset}).as_dict())
