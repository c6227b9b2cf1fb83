"""Rules options pinned exactly: defaults, bounds of every number, the ladder, round trips.

Each test here fails if one comparison, bound or default of engine/rules/config.py changes.
"""
import pytest

from engine.rules import DEFAULT_LADDER, LadderStep, Rules, RulesError
from engine.rules.config import OPTION_CHOICES, PRESET_DEFAULTS, option_values


def refused(config):
    with pytest.raises(RulesError) as info:
        Rules.from_config(config)
    return info.value


# --- presets and defaults --------------------------------------------------------------

@pytest.mark.parametrize("config", [None, {}, {"deals_per_partie": 4}])
def test_without_a_preset_the_club_preset_is_used(config):
    rules = Rules.from_config(config)
    assert rules.preset == "pusto-shest"
    assert rules == Rules()
    assert rules.to_config() == {"preset": "pusto-shest"}


def test_club_preset_values():
    rules = Rules.from_config({"preset": "pusto-shest"})
    assert (rules.partie_length, rules.deals_per_partie, rules.target_points) == ("deals", 4, 200)
    assert (rules.time_limit_minutes, rules.lone_double_blank) == (40, 10)
    assert (rules.count_partner_on_domino, rules.block_scoring, rules.extra_deal_on_tie) == (False, "difference", True)
    assert (rules.forfeit_score, rules.wrong_pass_points) == (160, 10)
    assert (rules.match_points_win, rules.match_points_draw, rules.match_points_loss) == (1, 0, 0)
    assert (rules.bye_result, rules.bye_points_for, rules.bye_points_against) == ("win", 0, 0)
    assert rules.remark_ladder == DEFAULT_LADDER


def test_federation_preset_values():
    rules = Rules.from_config({"preset": "federation"})
    assert rules.preset == "federation"
    assert (rules.partie_length, rules.lone_double_blank) == ("target", 0)
    assert (rules.count_partner_on_domino, rules.block_scoring) == (True, "all")
    assert rules.forfeit_score == 200 == rules.target_points
    assert rules.to_config() == {"preset": "federation"}
    assert PRESET_DEFAULTS["federation"].forfeit_score == 200


def test_default_ladder_exactly():
    assert [s.to_config() for s in DEFAULT_LADDER] == [
        {"kind": "warning"},
        {"kind": "fine", "points": 10, "block_pips": 20},
        {"kind": "fine", "points": 20, "block_pips": 40},
        {"kind": "deal_loss", "points": 40},
        {"kind": "disqualification"},
    ]


def test_option_choices_for_forms():
    for preset in ("pusto-shest", "federation"):
        assert option_values(preset, "partie_length") == ("deals", "target")
        assert option_values(preset, "block_scoring") == ("difference", "all", "opponents")
        assert option_values(preset, "bye_result") == ("win", "draw", "loss")
        assert option_values(preset, "late_entry_result") == ("none", "loss", "draw", "bye")
    assert set(OPTION_CHOICES["partie_length"]) >= {"deals", "target", "games"}  # every preset's values


def test_unknown_preset_is_named():
    err = refused({"preset": "kozel-xyz"})
    assert (err.key, err.code) == ("preset", "unknown_preset")
    assert "kozel-xyz" in err.message and "pusto-shest, federation" in err.message


def test_unknown_options_are_named_first_in_order():
    err = refused({"zeta": 1, "alpha": 2, "deals_per_partie": 8})
    assert (err.key, err.code) == ("alpha", "unknown_option")
    assert "alpha, zeta" in err.message


def test_preset_is_not_an_ordinary_option_and_does_not_reach_the_validators():
    assert Rules.from_config({"preset": "federation", "target_points": 300}).target_points == 300


# --- forfeit score ---------------------------------------------------------------------

@pytest.mark.parametrize("deals, forfeit", [(4, 160), (8, 320), (12, 480)])
def test_forfeit_defaults_to_forty_per_deal(deals, forfeit):
    rules = Rules.from_config({"deals_per_partie": deals})
    assert rules.forfeit_score == forfeit == rules.default_forfeit_score()
    assert "forfeit_score" not in rules.to_config()


def test_forfeit_defaults_to_the_target_for_a_partie_to_a_target():
    rules = Rules.from_config({"partie_length": "target", "target_points": 365})
    assert rules.forfeit_score == 365
    fed = Rules.from_config({"preset": "federation", "target_points": 101, "deals_per_partie": 12})
    assert fed.forfeit_score == 101


def test_explicit_forfeit_is_kept_and_stored():
    rules = Rules.from_config({"deals_per_partie": 8, "forfeit_score": 100})
    assert rules.forfeit_score == 100
    assert rules.to_config() == {"preset": "pusto-shest", "deals_per_partie": 8, "forfeit_score": 100}
    assert Rules.from_config(rules.to_config()) == rules


def test_explicit_forfeit_equal_to_the_default_is_not_stored():
    rules = Rules.from_config({"deals_per_partie": 8, "forfeit_score": 320})
    assert rules.to_config() == {"preset": "pusto-shest", "deals_per_partie": 8}


def test_explicit_forfeit_equal_to_the_preset_default_but_not_this_length_is_stored():
    # 160 is the club preset's own forfeit, but with 8 deals the default is 320.
    rules = Rules.from_config({"deals_per_partie": 8, "forfeit_score": 160})
    assert rules.to_config()["forfeit_score"] == 160


def test_to_config_stores_only_what_differs_from_the_preset():
    rules = Rules.from_config({
        "preset": "federation", "lone_double_blank": 0, "block_scoring": "opponents",
        "time_limit_minutes": 30, "bye_result": "draw", "count_partner_on_domino": True,
    })
    assert rules.to_config() == {
        "preset": "federation", "block_scoring": "opponents", "time_limit_minutes": 30, "bye_result": "draw",
    }


def test_to_config_stores_a_custom_ladder_as_steps():
    rules = Rules.from_config({"remark_ladder": ["warning", {"kind": "deal_loss", "points": 55}]})
    assert rules.to_config() == {
        "preset": "pusto-shest", "remark_ladder": [{"kind": "warning"}, {"kind": "deal_loss", "points": 55}],
    }
    assert Rules.from_config(rules.to_config()) == rules


def test_as_dict_holds_every_option():
    data = Rules.from_config({"deals_per_partie": 8}).as_dict()
    assert data["preset"] == "pusto-shest" and data["deals_per_partie"] == 8 and data["forfeit_score"] == 320
    assert data["remark_ladder"][1] == {"kind": "fine", "points": 10, "block_pips": 20}
    assert len(data) == 19  # the sport options, late entry included


# --- deals per partie ------------------------------------------------------------------

@pytest.mark.parametrize("deals", [5, 6, 7, 10, 398])
def test_deals_per_partie_must_be_a_multiple_of_four(deals):
    err = refused({"deals_per_partie": deals})
    assert (err.key, err.code) == ("deals_per_partie", "not_multiple_of_4")


def test_deals_per_partie_need_not_be_a_multiple_of_four_for_a_partie_to_a_target():
    assert Rules.from_config({"partie_length": "target", "deals_per_partie": 6}).deals_per_partie == 6


# --- bounds of every number (lowest and highest accepted, one past each) -----------------

BOUNDS = [
    ("deals_per_partie", 4, 400),
    ("target_points", 1, 100_000),
    ("time_limit_minutes", 1, 600),
    ("lone_double_blank", 0, 69),
    ("forfeit_score", 0, 100_000),
    ("wrong_pass_points", 0, 10_000),
    ("match_points_win", 0, 100),
    ("match_points_draw", 0, 100),
    ("match_points_loss", 0, 100),
    ("bye_points_for", 0, 100_000),
    ("bye_points_against", 0, 100_000),
]


@pytest.mark.parametrize("key, lo, hi", BOUNDS)
def test_each_number_accepts_its_bounds(key, lo, hi):
    extra = {"partie_length": "target"} if key == "deals_per_partie" else {}
    assert getattr(Rules.from_config({key: lo, **extra}), key) == lo
    assert getattr(Rules.from_config({key: hi, **extra}), key) == hi


@pytest.mark.parametrize("key, lo, hi", BOUNDS)
def test_each_number_refuses_one_past_its_bounds(key, lo, hi):
    for value in (lo - 1, hi + 1):
        err = refused({key: value})
        assert (err.key, err.code) == (key, "out_of_range")
        assert err.params == {"lo": lo, "hi": hi}
        assert f"{lo}..{hi}" in err.message and str(value) in err.message


@pytest.mark.parametrize("key, lo, hi", BOUNDS)
@pytest.mark.parametrize("value", [True, False, 4.0, "8", None])
def test_each_number_refuses_what_is_not_a_whole_number(key, lo, hi, value):
    err = refused({key: value})
    assert (err.key, err.code) == (key, "not_integer")


@pytest.mark.parametrize("key", ["count_partner_on_domino", "extra_deal_on_tie"])
def test_switches_accept_only_true_or_false(key):
    assert getattr(Rules.from_config({key: True}), key) is True
    assert getattr(Rules.from_config({key: False}), key) is False
    for value in (1, 0, "true", None):
        err = refused({key: value})
        assert (err.key, err.code) == (key, "not_boolean")


@pytest.mark.parametrize("key, good", [
    ("partie_length", ("deals", "target")),
    ("block_scoring", ("difference", "all", "opponents")),
    ("bye_result", ("win", "draw", "loss")),
])
def test_choices_accept_their_values_only(key, good):
    for value in good:
        assert getattr(Rules.from_config({key: value}), key) == value
    err = refused({key: "sometimes"})
    assert (err.key, err.code) == (key, "bad_choice")
    assert "'sometimes'" in err.message and ", ".join(good) in err.message


# --- the remark ladder -----------------------------------------------------------------

def ladder(steps):
    return Rules.from_config({"remark_ladder": steps}).remark_ladder


def test_ladder_steps_may_be_written_as_kinds():
    assert ladder(["warning", "disqualification"]) == (LadderStep("warning"), LadderStep("disqualification"))


def test_ladder_step_values_are_read():
    assert ladder([{"kind": "fine", "points": 7, "block_pips": 11}, {"kind": "deal_loss", "points": 33}]) == (
        LadderStep("fine", 7, 11), LadderStep("deal_loss", 33, 0),
    )


def test_ladder_bounds():
    assert ladder([{"kind": "fine", "points": 0, "block_pips": 0}]) == (LadderStep("fine", 0, 0),)
    assert ladder([{"kind": "fine", "points": 10_000, "block_pips": 168}]) == (LadderStep("fine", 10_000, 168),)
    for step in ({"kind": "fine", "points": -1, "block_pips": 0}, {"kind": "fine", "points": 10_001, "block_pips": 0},
                 {"kind": "fine", "points": 0, "block_pips": -1}, {"kind": "fine", "points": 0, "block_pips": 169}):
        err = refused({"remark_ladder": [step]})
        assert (err.key, err.code) == ("remark_ladder", "out_of_range")


@pytest.mark.parametrize("value", [[], (), "warning", None, {"kind": "warning"}, 3])
def test_ladder_must_be_a_non_empty_list(value):
    err = refused({"remark_ladder": value})
    assert err.key == "remark_ladder"
    assert "non-empty list" in err.message


@pytest.mark.parametrize("steps, words", [
    (["warning", 5], "step 2 must be an object"),
    ([{"kind": "warning", "colour": "red"}], "step 1: unknown key(s) colour"),
    ([{"kind": "fine", "block_pips": 20}], "step 1 (fine) needs points"),
    ([{"kind": "deal_loss"}], "step 1 (deal_loss) needs points"),
    (["warning", {"kind": "fine", "points": 10}], "step 2 (fine) needs block_pips"),
])
def test_bad_ladder_steps_are_named(steps, words):
    err = refused({"remark_ladder": steps})
    assert err.key == "remark_ladder"
    assert words in err.message


def test_ladder_kind_must_be_known():
    err = refused({"remark_ladder": [{"kind": "yellow_card"}]})
    assert (err.key, err.code) == ("remark_ladder", "bad_choice")


def test_deal_loss_needs_no_block_pips_and_warning_needs_nothing():
    assert ladder([{"kind": "deal_loss", "points": 1}, {"kind": "warning"}]) == (
        LadderStep("deal_loss", 1), LadderStep("warning"),
    )


def test_ladder_step_counts_from_one_and_repeats_the_last():
    rules = Rules.from_config({"remark_ladder": ["warning", {"kind": "deal_loss", "points": 5}]})
    assert rules.ladder_step(1) == LadderStep("warning")
    assert rules.ladder_step(2) == LadderStep("deal_loss", 5)
    assert rules.ladder_step(3) == LadderStep("deal_loss", 5)
    assert rules.ladder_step(50) == LadderStep("deal_loss", 5)
    for n in (0, -1):
        with pytest.raises(ValueError, match="^remarks are counted from 1$"):
            rules.ladder_step(n)


def test_ladder_step_to_config_by_kind():
    assert LadderStep("warning", 5, 6).to_config() == {"kind": "warning"}
    assert LadderStep("fine", 5, 6).to_config() == {"kind": "fine", "points": 5, "block_pips": 6}
    assert LadderStep("deal_loss", 5, 6).to_config() == {"kind": "deal_loss", "points": 5}
    assert LadderStep("disqualification", 5, 6).to_config() == {"kind": "disqualification"}


def test_ladder_step_describes_itself_in_russian():
    assert LadderStep("warning").describe() == "предупреждение"
    assert LadderStep("fine", 10, 20).describe() == (
        "штраф 10 очков; выигранная парой раздача считается боем, в котором у неё 20 очков"
    )
    assert LadderStep("deal_loss", 40).describe() == "пара проигрывает раздачу 0 : 40"
    assert LadderStep("disqualification").describe() == "снятие пары с турнира (партия — поражение неявкой)"


def test_an_unknown_preset_narrows_no_choice():
    # only the presets listed narrow a choice; for any other name every value of the option is offered
    assert option_values("no-such-preset", "partie_length") == OPTION_CHOICES["partie_length"]
    assert option_values("no-such-preset", "recorder") == OPTION_CHOICES["recorder"]
