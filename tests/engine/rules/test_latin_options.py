"""RULES-LATIN.md §12: the options of the preset ``latin`` — defaults, values, ranges, refusals — and the seam
``Rules.from_config`` / ``rules.latin`` / ``to_config`` / ``as_dict``."""
import pytest

from engine.rules import PRESETS, Rules, RulesError
from engine.rules.config import PRESET_CHOICES, PRESET_DEFAULTS, PRESET_OPTIONS, option_values
from engine.rules.latin import LATIN_CHOICES, LATIN_RANGES, RANKING_KEYS, LatinOptions
from engine.rules.latin.options import check_option, percent_down, percent_half_up

L = {"preset": "latin"}
DEFAULTS = {
    "tile_set": "double_six", "direction": "right", "first_lead": "draw", "next_lead": "rotate",
    "domino_points": "all_in_play", "tranque_winner": "pair_total", "tranque_points": "all_in_play",
    "tranque_tie": "no_points", "capicua": "off", "capicua_bonus": 25, "paso_redondo_bonus": 0,
    "target_points": 200, "time_limit_minutes": 40, "time_tie": "next_hand", "score_cap_pct": 160,
    "sanction_mode": "mistorneos", "sanction_small": 40, "sanction_large": 80, "forfeit_efectividad_pct": 50,
    "bye_efectividad_pct": 50, "grave_card_efectividad_pct": 100, "ranking_order": ["won", "efectividad", "points_for"],
}
CHOICES = {
    "tile_set": ("double_six", "double_nine"), "direction": ("right", "left"), "first_lead": ("draw", "double_six"),
    "next_lead": ("rotate", "winner_pair"), "domino_points": ("all_in_play", "opponents"),
    "tranque_winner": ("pair_total", "lowest_player"), "tranque_points": ("all_in_play", "opponents", "difference"),
    "tranque_tie": ("no_points", "leading_pair", "fisher_pair"), "capicua": ("off", "add", "double"),
    "time_tie": ("next_hand", "draw"), "sanction_mode": ("mistorneos", "symmetric"),
}
RANGES = {
    "capicua_bonus": (0, 200, False), "paso_redondo_bonus": (0, 200, False), "target_points": (1, 1000, False),
    "time_limit_minutes": (1, 600, True), "score_cap_pct": (100, 1000, True), "sanction_small": (1, 500, False),
    "sanction_large": (1, 500, False), "forfeit_efectividad_pct": (0, 100, False),
    "bye_efectividad_pct": (0, 100, False), "grave_card_efectividad_pct": (0, 100, False),
}


def refusal(config):
    with pytest.raises(RulesError) as err:
        Rules.from_config(config)
    return err.value.key, err.value.code, err.value.params, err.value.message


# --- defaults and the seam --------------------------------------------------------------------------

def test_the_defaults_are_those_of_section_12():
    rules = Rules.from_config(L)
    assert rules.as_dict() == {"preset": "latin", **DEFAULTS}
    assert rules.to_config() == {"preset": "latin"}
    assert rules.latin == LatinOptions()
    assert LatinOptions().as_dict() == DEFAULTS
    assert LatinOptions.from_config(None) == LatinOptions() == LatinOptions.from_config({})


def test_the_seam_of_rules():
    rules = Rules.from_config(L)
    assert (rules.preset, rules.family) == ("latin", "latin")
    assert (rules.target_points, rules.time_limit_minutes, rules.forfeit_score) == (200, 40, 200)
    assert (rules.next_lead, rules.partie_length) == ("rotate", "target")
    assert "latin" in PRESETS and PRESET_DEFAULTS["latin"] == rules
    assert PRESET_OPTIONS["latin"] == set(DEFAULTS)


def test_the_mirrored_numbers_follow_the_options():
    rules = Rules.from_config({**L, "target_points": 150, "time_limit_minutes": None, "next_lead": "winner_pair"})
    assert (rules.target_points, rules.time_limit_minutes, rules.forfeit_score, rules.next_lead) == (
        150, None, 150, "winner_pair")
    assert (rules.latin.target_points, rules.latin.time_limit_minutes) == (150, None)
    assert rules.to_config() == {**L, "target_points": 150, "time_limit_minutes": None, "next_lead": "winner_pair"}


@pytest.mark.parametrize("preset", ["pusto-shest", "federation", "kozel", "morskoy-kozel", "hand-points"])
def test_other_presets_have_no_latin_options(preset):
    rules = Rules.from_config({"preset": preset})
    assert rules.latin is None and rules.family != "latin"
    assert "tile_set" not in rules.as_dict()


def test_the_choices_are_those_of_section_12():
    assert LATIN_CHOICES == CHOICES
    assert LATIN_RANGES == RANGES
    assert RANKING_KEYS == ("won", "efectividad", "points_for", "lost", "points_against")
    assert PRESET_CHOICES["latin"] == CHOICES
    assert option_values("latin", "next_lead") == ("rotate", "winner_pair")
    assert option_values("latin", "tranque_tie") == ("no_points", "leading_pair", "fisher_pair")


@pytest.mark.parametrize("key, value", [(k, v) for k, values in CHOICES.items() for v in values])
def test_every_choice_is_accepted_and_stored_when_not_the_default(key, value):
    rules = Rules.from_config({**L, key: value})
    assert getattr(rules.latin, key) == value
    stored = rules.to_config()
    assert stored.get(key, DEFAULTS[key]) == value
    assert (key in stored) == (value != DEFAULTS[key])
    assert Rules.from_config(stored) == rules


@pytest.mark.parametrize("key", sorted(CHOICES))
def test_a_value_outside_the_list_is_refused(key):
    assert refusal({**L, key: "nothing"}) == (
        key, "bad_choice", {"choices": list(CHOICES[key]), "value": "nothing"},
        f"{key} must be one of {', '.join(CHOICES[key])}, got 'nothing'")
    assert refusal({**L, key: ["rotate"]})[1] == "bad_choice"   # an unhashable value is refused, not raised on


@pytest.mark.parametrize("key", sorted(RANGES))
def test_the_ends_of_each_range(key):
    lo, hi, nullable = RANGES[key]
    # The two sanctions keep small below large: each is tried against the other's end.
    other = {"sanction_small": {"sanction_large": 500}, "sanction_large": {"sanction_small": 1}}.get(key, {})
    accepted = {"sanction_small": (lo, hi - 1), "sanction_large": (lo + 1, hi)}.get(key, (lo, hi))
    for value in accepted:
        assert getattr(Rules.from_config({**L, **other, key: value}).latin, key) == value
    for value in (lo - 1, hi + 1):
        assert refusal({**L, **other, key: value}) == (
            key, "out_of_range", {"lo": lo, "hi": hi}, f"{key} must be {lo}..{hi}, got {value}")
    assert refusal({**L, key: True})[:2] == (key, "not_integer")
    assert refusal({**L, key: 1.0})[:2] == (key, "not_integer")
    if nullable:
        assert getattr(Rules.from_config({**L, key: None}).latin, key) is None
    else:
        assert refusal({**L, key: None})[:2] == (key, "not_integer")


def test_the_sanctions_small_below_large():
    assert Rules.from_config({**L, "sanction_small": 79}).latin.sanction_small == 79
    assert Rules.from_config({**L, "sanction_small": 1, "sanction_large": 2}).latin.sanction_large == 2
    for small, large in ((80, 80), (81, 80), (2, 1)):
        assert refusal({**L, "sanction_small": small, "sanction_large": large}) == (
            "sanction_small", "sanction_small_not_below_large", {"small": small, "large": large},
            f"sanction_small ({small}) must be below sanction_large ({large})")


def test_the_double_six_lead_needs_the_double_six_set():
    assert Rules.from_config({**L, "first_lead": "double_six"}).latin.first_lead == "double_six"
    assert Rules.from_config({**L, "tile_set": "double_nine"}).latin.tile_set == "double_nine"
    assert refusal({**L, "first_lead": "double_six", "tile_set": "double_nine"}) == (
        "first_lead", "double_six_lead_needs_set", {},
        "first_lead double_six does not go with tile_set double_nine (the 6-6 may sleep)")


def test_the_ranking_order():
    every = ["points_against", "lost", "points_for", "efectividad", "won"]
    rules = Rules.from_config({**L, "ranking_order": every})
    assert rules.latin.ranking_order == tuple(every)
    assert rules.to_config() == {**L, "ranking_order": every}
    assert Rules.from_config({**L, "ranking_order": ("lost",)}).latin.ranking_order == ("lost",)
    assert refusal({**L, "ranking_order": []}) == (
        "ranking_order", "bad_ranking_order", {},
        "ranking_order must be a non-empty list of won, efectividad, points_for, lost, points_against")
    assert refusal({**L, "ranking_order": {"won": 1}})[1] == "bad_ranking_order"
    assert refusal({**L, "ranking_order": ["won", 5]}) == (
        "ranking_order", "unknown_ranking_key", {"value": 5},
        "ranking_order: 5 is not a ranking key (known: won, efectividad, points_for, lost, points_against)")
    assert refusal({**L, "ranking_order": ["lost", "won", "lost"]}) == (
        "ranking_order", "repeated_ranking_key", {"value": "lost"}, "ranking_order: lost is named twice")


# --- each preset's own options ----------------------------------------------------------------------

@pytest.mark.parametrize("key", ["recorder", "games_per_partie", "forfeit_score", "remark_ladder",
                                 "match_points_win", "deals_per_partie", "partie_length", "bye_result"])
def test_an_option_of_another_game_is_unknown_on_latin(key):
    assert refusal({**L, key: 1})[:2] == (key, "unknown_option")


@pytest.mark.parametrize("preset", ["pusto-shest", "federation", "kozel", "morskoy-kozel", "hand-points"])
@pytest.mark.parametrize("key", ["tile_set", "capicua", "tranque_tie", "score_cap_pct", "ranking_order"])
def test_latins_options_are_unknown_on_other_presets(preset, key):
    assert refusal({"preset": preset, key: DEFAULTS[key]})[:2] == (key, "unknown_option")


def test_several_unknown_options_are_listed_and_the_first_named():
    assert refusal({**L, "zeta": 1, "alpha": 2, "tile_set": "double_six"}) == (
        "alpha", "unknown_option", {}, "unknown rules option(s): alpha, zeta")
    with pytest.raises(RulesError) as err:
        LatinOptions.from_config({"zeta": 1, "alpha": 2})
    assert (err.value.key, err.value.code, err.value.message) == (
        "alpha", "unknown_option", "unknown rules option(s): alpha, zeta")


def test_check_option_normalises():
    assert check_option("ranking_order", ["won"]) == ("won",)
    assert check_option("score_cap_pct", None) is None
    assert check_option("capicua", "add") == "add"
    assert check_option("target_points", 7) == 7


# --- the cap and the roundings ------------------------------------------------------------------------

@pytest.mark.parametrize("target, pct, cap", [
    (200, 160, 320), (100, 160, 160), (1, 150, 2), (1, 149, 1), (3, 150, 5), (5, 110, 6), (5, 109, 5),
    (7, 100, 7), (1000, 1000, 10000), (201, 150, 302), (199, 150, 299),
])
def test_the_cap_is_rounded_half_up(target, pct, cap):
    assert Rules.from_config({**L, "target_points": target, "score_cap_pct": pct}).latin.score_cap == cap


def test_no_cap():
    assert Rules.from_config({**L, "score_cap_pct": None}).latin.score_cap is None


@pytest.mark.parametrize("value, pct, up, down", [
    (200, 50, 100, 100), (101, 50, 51, 50), (1, 50, 1, 0), (3, 50, 2, 1), (5, 30, 2, 1), (5, 29, 1, 1),
    (7, 0, 0, 0), (7, 100, 7, 7), (99, 99, 98, 98), (15, 10, 2, 1), (25, 10, 3, 2),
])
def test_the_two_roundings_of_a_percentage(value, pct, up, down):
    assert percent_half_up(value, pct) == up
    assert percent_down(value, pct) == down
