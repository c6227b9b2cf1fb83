"""RULES-KOZEL.md §3.6: the dry goat, read both ways (option ``dry_goat``).

``never_recorded`` (default): dry when the pair whose points decide it — the goat's opponents when the
losers record, the goat itself when the winners record — never recorded a point in the game, even if a
wipe took the points later. ``ends_at_zero`` (seed 004's 202 variant, §4.7): dry when that pair's total
is 0 at the end of the game. Each case is chosen so that the other reading gives the other answer.
"""
import pytest

from engine.rules import Rules, RulesError, score_protocol

from .kozel_helpers import dom, example, expected, kozel_protocol, mismatches

# §4.7, seed 004: «до 202 очков … всухую», exactly as the rules list its overrides.
MORSKOY_202 = {"preset": "morskoy-kozel", "target_points": 202, "open_threshold": 13,
               "threshold_scope": "until_open", "remember_small": "until_win", "lone_double_blank": 0,
               "lone_double_six": 12, "blank_six_pair": False, "blank_finish_wins": False,
               "six_finish_wins": "off", "decider": False, "dry_goat": "ends_at_zero"}


def game_of(deals, rules):
    return score_protocol(kozel_protocol(deals, rules)).games[0]


def with_option(config, value):
    return {**config, "dry_goat": value} if value else dict(config)


# --- Morskoy: the winners record, the goat is the pair that must have nothing ------------------

@pytest.mark.parametrize("name", ["M1", "M4"])
@pytest.mark.parametrize("option, dry", [(None, False), ("never_recorded", False), ("ends_at_zero", True)])
def test_a_morskoy_goat_wiped_to_0_is_dry_only_when_read_at_the_end(name, option, dry):
    """M1 (B recorded 31 in deal 3) and M4 (B recorded 29 in deal 1): both end with B at 0 after a wipe."""
    data = example(name)
    data["rules"] = with_option(data["rules"], option)
    game = score_protocol(data).games[0]
    assert (game.goat, game.totals["B"], game.dry) == ("B", 0, dry)


@pytest.mark.parametrize("option", [None, "never_recorded", "ends_at_zero"])
def test_a_morskoy_goat_that_never_recorded_is_dry_either_way(option):
    """M5: B never recorded a point; a goat that recorded nothing is dry under both readings."""
    data = example("M5")
    data["rules"] = with_option(data["rules"], option)
    game = score_protocol(data).games[0]
    assert (game.goat, game.dry) == ("B", True)


# A Morskoy game to 30 without a threshold: in deal 1 B records ``b_points`` (0: B records nothing, A
# goes out over a 0-0 that counts 0 and A records it), then A records 40 and wipes B.
LOW = {"preset": "morskoy-kozel", "open_threshold": 0, "lone_double_blank": 0, "target_points": 30}


def low_game(b_points, option=None):
    first = dom(1, "B1", {"A1": 0, "A2": b_points}) if b_points else dom(1, "A1", {"B1": 0, "B2": ["0-0"]})
    return game_of([first, dom(2, "A1", {"B1": 20, "B2": 20})], with_option(LOW, option))


@pytest.mark.parametrize("option, dry", [(None, False), ("ends_at_zero", True)])
def test_a_goat_that_recorded_1_point_is_not_dry_by_default(option, dry):
    game = low_game(1, option)
    assert (game.goat, game.totals, game.dry) == ("B", {"A": 40, "B": 0}, dry)


@pytest.mark.parametrize("option", [None, "ends_at_zero"])
def test_a_goat_whose_deals_recorded_0_points_is_dry(option):
    """A deal that writes 0 (a lone 0-0 worth 0) records nothing: B never recorded, so B is dry."""
    game = low_game(0, option)
    assert (game.goat, game.totals, game.dry) == ("B", {"A": 40, "B": 0}, True)


def test_a_fine_written_to_the_goat_counts_as_recorded():
    """§6: a fine is recorded against the offender — in Morskoy on the opponents' total: B has written points."""
    rules = {**LOW, "remark_ladder": [{"kind": "fine", "points": 1, "block_pips": 0}]}
    deals = [dom(1, "A1", {"B1": 10, "B2": 10}), dom(2, "A1", {"B1": 5, "B2": 5}, lead="A1")]
    remarks = [{"deal": 1, "player": "A2", "reason": "talking"}]
    scored = score_protocol(kozel_protocol(deals, rules, remarks=remarks))
    assert [(d.running_a, d.running_b) for d in scored.deals] == [(20, 1), (30, 0)]   # deal 2 wipes B's fine
    assert (scored.games[0].goat, scored.games[0].dry) == ("B", False)
    scored = score_protocol(kozel_protocol(deals, with_option(rules, "ends_at_zero"), remarks=remarks))
    assert scored.games[0].dry is True


def test_dry_goat_value_weighs_only_a_goat_that_never_recorded():
    """§5.2: with dry_goat_value 2 the wiped goat of M1 counts 1 goat by default, 2 when read at the end."""
    data = example("M1")
    data["rules"]["dry_goat_value"] = 2
    assert score_protocol(data).goats == {"A": 0, "B": 1}
    data["rules"]["dry_goat"] = "ends_at_zero"
    assert score_protocol(data).goats == {"A": 0, "B": 2}


# --- Kozel: the losers record, the goat's opponents must have nothing ---------------------------

@pytest.mark.parametrize("name, dry", [("K1", False), ("K2", True), ("K6", None)])
@pytest.mark.parametrize("option", ["never_recorded", "ends_at_zero"])
def test_without_wipes_both_readings_agree(name, dry, option):
    data = example(name)
    data["rules"]["dry_goat"] = option
    want = expected(name)
    assert mismatches(want["games"], score_protocol(data).to_json()["games"]) == []
    if dry is not None:
        assert want["games"][0]["dry"] is dry


@pytest.mark.parametrize("option, dry", [(None, False), ("ends_at_zero", True)])
def test_a_kozel_winner_wiped_to_0_gives_a_dry_goat_only_when_read_at_the_end(option, dry):
    """Losers record with wipe_on_record: A recorded 1, then B's 35 wiped it; B is the goat, A ends at 0."""
    rules = {"preset": "kozel", "open_threshold": 0, "lone_double_blank": 0, "wipe_on_record": True,
             "target_points": 30}
    game = game_of([dom(1, "B1", {"A1": 0, "A2": 1}), dom(2, "A1", {"B1": 20, "B2": 15}, lead="B1")],
                   with_option(rules, option))
    assert (game.goat, game.totals, game.dry) == ("B", {"A": 0, "B": 35}, dry)


# --- seed 004's 202 variant ---------------------------------------------------------------------

def test_the_202_variant_reads_dry_at_the_end_of_the_game():
    """§4.7: its overrides set ends_at_zero — «Выигрыш — только «всухую»»: every goat on the target is dry."""
    assert Rules.from_config(MORSKOY_202).dry_goat == "ends_at_zero"
    deals = [dom(1, "B1", {"A1": 30, "A2": 30}),                                  # B opens with 60
             dom(2, "A1", {"B1": 35, "B2": 35}, lead="B1"),                       # A 70, B wiped
             dom(3, "A1", {"B1": 35, "B2": 35}, lead="A1"),                       # A 140
             dom(4, "A1", {"B1": 35, "B2": 35}, lead="A1")]                       # A 210 ≥ 202
    game = game_of(deals, MORSKOY_202)
    assert (game.goat, game.totals, game.ended, game.dry) == ("B", {"A": 210, "B": 0}, "target", True)
    without = {k: v for k, v in MORSKOY_202.items() if k != "dry_goat"}
    assert game_of(deals, without).dry is False


# --- the option itself --------------------------------------------------------------------------

@pytest.mark.parametrize("preset", ["kozel", "morskoy-kozel"])
def test_the_default_is_never_recorded_and_is_not_stored(preset):
    rules = Rules.from_config({"preset": preset})
    assert rules.dry_goat == "never_recorded"
    assert rules.to_config() == {"preset": preset}
    changed = Rules.from_config({"preset": preset, "dry_goat": "ends_at_zero"})
    assert changed.to_config() == {"preset": preset, "dry_goat": "ends_at_zero"}


@pytest.mark.parametrize("value", ["dry", "", None, True, "ENDS_AT_ZERO", ["ends_at_zero"]])
def test_an_unknown_value_is_refused_naming_the_option(value):
    with pytest.raises(RulesError) as err:
        Rules.from_config({"preset": "morskoy-kozel", "dry_goat": value})
    assert (err.value.key, err.value.code) == ("dry_goat", "bad_choice")
    assert err.value.message == f"dry_goat must be one of never_recorded, ends_at_zero, got {value!r}"


@pytest.mark.parametrize("preset", ["pusto-shest", "federation", "hand-points"])
def test_other_games_do_not_take_the_option(preset):
    with pytest.raises(RulesError) as err:
        Rules.from_config({"preset": preset, "dry_goat": "ends_at_zero"})
    assert (err.value.key, err.value.code) == ("dry_goat", "unknown_option")
