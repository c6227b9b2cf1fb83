"""The federations' rule sets of the partnership game (RULES-LATIN.md §12, its table of option sets)."""
import pytest

from engine.rules.latin import LatinOptions
from engine.rules.latin.rule_sets import RULE_SETS, matching, rule_set

# The table of the rule book, written out again here so that a changed set fails.
EXPECTED = {
    "fid": {},
    "spain-300": {"target_points": 300},
    "spain-350": {"target_points": 350},
    "dominican": {"first_lead": "double_six", "next_lead": "winner_pair", "domino_points": "opponents",
                  "tranque_points": "opponents", "capicua": "add", "capicua_bonus": 25, "paso_redondo_bonus": 25},
    "cuba-oriental": {"tranque_winner": "lowest_player", "tranque_tie": "leading_pair", "capicua": "double"},
    "cuba-double-nine": {"tile_set": "double_nine"},
    "puerto-rico": {"capicua": "add", "capicua_bonus": 100},
    "social": {"first_lead": "double_six", "domino_points": "opponents", "tranque_points": "opponents",
               "target_points": 100},
}


def test_the_sets_are_the_rule_books():
    assert RULE_SETS == EXPECTED


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_set_is_valid_and_differs_from_the_defaults_by_its_overrides_alone(name):
    options = rule_set(name)
    assert isinstance(options, LatinOptions)
    defaults = LatinOptions.from_config({})
    for key, value in EXPECTED[name].items():
        assert getattr(options, key) == value
    # every other option keeps its default (capicua_bonus 25 of the Dominican set is the default too)
    assert options.to_config() == {k: v for k, v in EXPECTED[name].items() if getattr(defaults, k) != v}
    assert matching(options) == name


def test_a_combination_of_the_tournaments_own_matches_no_set():
    assert matching(LatinOptions.from_config({"target_points": 250})) is None
    assert matching(LatinOptions.from_config({"capicua": "add", "capicua_bonus": 30})) is None


def test_an_unknown_set_is_a_key_error():
    with pytest.raises(KeyError):
        rule_set("street")
