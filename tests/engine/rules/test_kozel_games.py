"""RULES-KOZEL.md §3–§8: the rules behind the options, one test each."""
import pytest

from engine.rules import ProtocolError, score_protocol
from engine.rules.games import rating_round

from .kozel_helpers import blk, dom, kozel_protocol


def score(deals, rules=None, **extra):
    return score_protocol(kozel_protocol(deals, rules or {"preset": "kozel"}, **extra))


def recorded(scored):
    return [(d.points_a, d.points_b) for d in scored.deals]


# --- §7 rating --------------------------------------------------------------------------------

@pytest.mark.parametrize("numerator,figure", [(75, 8), (67, 7), (65, 7), (64, 6), (-25, -3), (-5, -1), (-4, 0),
                                              (0, 0), (15, 2), (2, 0), (19, 2)])
def test_rating_rounds_halves_away_from_zero(numerator, figure):
    assert rating_round(numerator) == figure


def test_rating_after_abandonment_is_at_least_1():
    deals = [dom(1, "A1", {"B1": 10, "B2": 12}), dom(2, "B2", {"A1": 15, "A2": 14})]
    scored = score(deals, abandoned="B")
    assert scored.games[0].rating == {"A": 1, "B": None}     # (22 − 29)/10 < 1 → 1
    assert scored.rating == {"A": 1, "B": None} and scored.winner == "A"


def test_no_rating_without_the_option():
    scored = score([dom(1, "A1", {"B1": 60, "B2": 50})], {"preset": "kozel", "rating": False}).to_json()
    assert "rating" not in scored and "rating" not in scored["games"][0]


# --- §3.2 threshold and remembered points --------------------------------------------------

def test_seed_000_example_5_3_10_then_15_records_33():
    deals = [dom(1, "A1", {"B1": 2, "B2": 3}), dom(2, "A1", {"B1": 1, "B2": 2}), dom(3, "A1", {"B1": 4, "B2": 6}),
             dom(4, "A1", {"B1": 7, "B2": 8})]
    scored = score(deals)
    assert [d.remembered["B"] for d in scored.deals] == [5, 8, 18, 0]
    assert recorded(scored)[-1] == (0, 33)


def test_threshold_off_records_everything():
    assert recorded(score([dom(1, "A1", {"B1": 2, "B2": 3})], {"preset": "kozel", "open_threshold": 0})) == [(0, 5)]


def test_every_deal_scope_checks_each_deal_even_when_open():
    rules = {"preset": "kozel", "threshold_scope": "every_deal", "remember_small": "none"}
    scored = score([dom(1, "A1", {"B1": 10, "B2": 10}), dom(2, "A1", {"B1": 2, "B2": 3})], rules)
    assert recorded(scored) == [(0, 20), (0, 0)] and scored.deals[1].remembered == {"A": 0, "B": 0}


def test_until_open_records_small_values_once_open():
    scored = score([dom(1, "A1", {"B1": 10, "B2": 10}), dom(2, "A1", {"B1": 2, "B2": 3})])
    assert recorded(scored) == [(0, 20), (0, 5)]


def test_remember_one_deal_strikes_after_a_deal_that_records_nothing():
    rules = {"preset": "kozel", "remember_small": "one_deal"}
    deals = [dom(1, "A1", {"B1": 2, "B2": 3}), dom(2, "B1", {"A1": 2, "A2": 3}), dom(3, "A1", {"B1": 10, "B2": 10})]
    scored = score(deals, rules)
    assert [d.remembered["B"] for d in scored.deals] == [5, 0, 0]
    assert recorded(scored)[2] == (0, 20)


def test_remember_one_deal_replaces_by_a_new_small_value():
    rules = {"preset": "kozel", "remember_small": "one_deal"}
    scored = score([dom(1, "A1", {"B1": 2, "B2": 3}), dom(2, "A1", {"B1": 1, "B2": 1})], rules)
    assert scored.deals[1].remembered["B"] == 2


def test_remember_none_loses_small_values():
    scored = score([dom(1, "A1", {"B1": 2, "B2": 3})], {"preset": "kozel", "remember_small": "none"})
    assert scored.deals[0].remembered == {"A": 0, "B": 0} and recorded(scored) == [(0, 0)]


def test_a_tied_block_keeps_remembered_points():
    scored = score([dom(1, "A1", {"B1": 2, "B2": 3}), blk(2, 5, 5, 5, 5)])
    assert scored.deals[1].remembered["B"] == 5 and scored.deals[1].eggs == 20


# --- §3.1 blocks ---------------------------------------------------------------------------

def test_each_own_records_both_pairs_and_makes_no_eggs():
    scored = score([blk(1, 10, 10, 8, 7), blk(2, 6, 6, 6, 6)], {"preset": "kozel", "block_scoring": "each_own"})
    assert recorded(scored) == [(20, 15), (12, 12)]
    assert scored.deals[0].winner is None and scored.deals[1].eggs == 0


def test_fisher_half_fishers_with_more_pips_take_all():
    scored = score([blk(1, 10, 10, 8, 7, fisher="A1")], {"preset": "kozel", "block_scoring": "fisher_half"})
    assert recorded(scored) == [(35, 0)]


def test_all_to_fisher_gives_all_to_the_fishers_whatever_the_pips():
    rules = {"preset": "kozel", "block_scoring": "all_to_fisher"}
    scored = score([blk(1, 3, 3, 10, 10, fisher="A2"), blk(2, 5, 5, 5, 5, fisher="B1")], rules)
    assert recorded(scored) == [(26, 0), (0, 20)] and scored.deals[1].eggs == 0


def test_winners_record_block_by_difference():
    rules = {"preset": "kozel", "recorder": "winner", "block_scoring": "difference", "rating": False,
             "open_threshold": 0}
    assert recorded(score([blk(1, 10, 10, 8, 7)], rules)) == [(0, 5)]


def test_count_partner_on_domino_adds_the_partner():
    rules = {"preset": "kozel", "count_partner_on_domino": True}
    assert score([dom(1, "A1", {"A2": 4, "B1": 5, "B2": 6})], rules).deals[0].value == {"B": 15}
    with pytest.raises(ProtocolError) as err:
        score([dom(1, "A1", {"B1": 5, "B2": 6})], rules)
    assert err.value.seat == "A2"


# --- §3.3 eggs, §4.6 play-off ----------------------------------------------------------------

def test_eggs_accumulate_over_tied_blocks_and_go_to_the_next_value():
    scored = score([blk(1, 5, 5, 5, 5), blk(2, 3, 3, 3, 3), dom(3, "A1", {"B1": 1, "B2": 1})])
    assert [d.eggs for d in scored.deals] == [20, 32, 0]
    assert scored.deals[2].eggs_used == 32 and recorded(scored)[2] == (0, 34)


def test_eggs_pending_at_the_end_of_a_game_are_lost():
    scored = score([blk(1, 30, 31, 25, 20), blk(2, 5, 5, 5, 5)], {"preset": "kozel", "games_per_partie": 2})
    assert scored.deals[1].game == 2 and scored.deals[1].eggs == 20
    assert scored.games[0].totals == {"A": 106, "B": 0}


MORSKOY_PLAY_OFF = {"preset": "morskoy-kozel", "eggs": "play_off"}


def test_play_off_eggs_are_won_only_by_a_deal_led_with_the_double():
    deals = [blk(1, 14, 13, 11, 16, fisher="A2"),
             dom(2, "B1", {"A1": 20, "A2": 8}, lead="A2", lead_tile="2-2"),
             dom(3, "B1", {"A1": 20, "A2": 8}, lead="B1", lead_tile="1-1")]
    scored = score(deals, MORSKOY_PLAY_OFF)
    assert [d.eggs for d in scored.deals] == [54, 54, 0]
    assert recorded(scored) == [(0, 0), (0, 28), (0, 82)]


@pytest.mark.parametrize("expire,ended", [("void", None), ("draw", "eggs_draw")])
def test_play_off_eggs_expire_after_three_failed_tries(expire, ended):
    deals = [blk(1, 14, 13, 11, 16, fisher="A2")] + [
        dom(k, "B1", {"A1": 2, "A2": 3}, lead="A2" if k == 2 else "B1", lead_tile="2-2") for k in (2, 3, 4)]
    scored = score(deals, {**MORSKOY_PLAY_OFF, "eggs_expire": expire})
    assert scored.deals[-1].eggs == 0
    if ended:
        assert scored.games[0].ended == "eggs_draw" and scored.games[0].goat is None
        assert scored.finished is False and scored.extra_game_needed is True   # goats 0 : 0 after one game
    else:
        assert scored.games == []


# --- §4.1 wipe, §4.3 finishes ----------------------------------------------------------------

def test_a_deal_won_below_25_wipes_nothing():
    scored = score([dom(1, "A1", {"B1": 20, "B2": 18}), dom(2, "B1", {"A1": 5, "A2": 6})],
                   {"preset": "morskoy-kozel"})
    assert scored.deals[1].wiped is None and scored.deals[1].running_a == 38


def test_six_finish_with_25_or_more_wins_the_game():
    scored = score([dom(1, "A1", {"B1": 20, "B2": 5}, out_tile="6-6")], {"preset": "morskoy-kozel"})
    assert scored.games[0].ended == "double_six" and scored.games[0].winner == "A"
    assert recorded(scored) == [(25, 0)]


@pytest.mark.parametrize("mode,hands,ends", [
    ("if_one_hand", {"B1": 20, "B2": 10}, False),
    ("if_one_hand", {"B1": 25, "B2": 1}, True),
    ("always", {"B1": 1, "B2": 1}, True),
    ("off", {"B1": 40, "B2": 40}, False),
])
def test_six_finish_variants(mode, hands, ends):
    scored = score([dom(1, "A1", hands, out_tile="6-6")], {"preset": "morskoy-kozel", "six_finish_wins": mode})
    assert bool(scored.games) is ends


def test_two_doubles_at_once_with_the_blank_is_a_bald_finish():
    scored = score([dom(1, "A1", {"B1": 3, "B2": 1}, out_tile=["6-6", "0-0"])], {"preset": "morskoy-kozel"})
    assert scored.games[0].ended == "bald"


def test_kozel_has_no_finishes_or_deciders():
    scored = score([dom(1, "A1", {"B1": 3, "B2": 1}, out_tile="0-0"), dom(2, "A1", {"B1": 3, "B2": 1},
                                                                         out_tile="6-6")])
    assert scored.games == [] and scored.deals[1].decider_next is None


def test_decider_lost_with_less_than_25_goes_on():
    deals = [dom(1, "A1", {"B1": 20, "B2": 18}), dom(2, "B1", {"A1": 10, "A2": 4}, lead="A1", lead_tile="6-6")]
    scored = score(deals, {"preset": "morskoy-kozel"})
    assert scored.deals[1].decider == "A" and scored.games == []


def test_6_6_lead_without_points_is_no_decider():
    deals = [dom(1, "A1", {"B1": 20, "B2": 18}), dom(2, "B1", {"A1": 10, "A2": 4}, lead="A1"),
             dom(3, "A1", {"B1": 3, "B2": 4}, lead="B1", lead_tile="6-6")]
    scored = score(deals, {"preset": "morskoy-kozel"})
    assert scored.deals[2].decider is None


# --- §3.5 target, §5 the partie, time, forfeits, remarks ---------------------------------------

def test_both_pairs_over_the_target_the_higher_is_the_goat_and_equal_is_a_drawn_game():
    rules = {"preset": "kozel", "block_scoring": "each_own", "open_threshold": 0, "target_points": 30}
    assert score([blk(1, 10, 10, 10, 11)], rules).games == []  # 20 : 21, both below 30
    scored = score([blk(1, 15, 16, 15, 17)], rules)
    assert scored.games[0].goat == "B"
    drawn = score([blk(1, 15, 16, 16, 15)], rules)
    assert drawn.games[0].goat is None and drawn.games[0].winner is None


def test_time_ends_the_game_on_totals():
    deals = [dom(1, "A1", {"B1": 20, "B2": 18})]
    kozel = score(deals, ended_by_time=True)
    assert (kozel.games[0].goat, kozel.games[0].ended, kozel.winner, kozel.finished) == ("B", "time", "A", True)
    sea = score(deals, {"preset": "morskoy-kozel"}, ended_by_time=True)
    assert (sea.games[0].goat, sea.winner) == ("B", "A")
    assert kozel.games[0].rating == {"A": 10, "B": 6}


def test_time_with_equal_totals_is_a_drawn_partie():
    scored = score([dom(1, "A1", {"B1": 2, "B2": 3})], ended_by_time=True)
    assert scored.finished and scored.winner is None and scored.result == "draw"


def test_no_show_makes_the_absent_pair_the_goat_of_every_game():
    scored = score([], {"preset": "kozel", "games_per_partie": 3}, no_show="B")
    assert [g.goat for g in scored.games] == ["B"] * 3 and [g.ended for g in scored.games] == ["forfeit"] * 3
    assert (scored.totals_a, scored.totals_b, scored.winner) == (0, 101, "A")
    assert scored.rating == {"A": None, "B": None}
    sea = score([], {"preset": "morskoy-kozel"}, no_show="B")
    assert (sea.totals_a, sea.totals_b, sea.winner) == (125, 0, "A")


def test_abandonment_makes_the_leaver_goat_of_the_games_not_played():
    deals = [blk(1, 30, 31, 25, 20), dom(2, "A1", {"B1": 10, "B2": 12})]
    scored = score(deals, {"preset": "kozel", "games_per_partie": 3}, abandoned="A")
    assert [(g.goat, g.ended) for g in scored.games] == [("A", "target"), ("A", "abandoned"), ("A", "forfeit")]
    assert scored.winner == "B" and scored.goats == {"A": 3, "B": 0}


def test_the_fifth_remark_disqualifies_and_ends_the_partie():
    deals = [dom(1, "A1", {"B1": 10, "B2": 12}), dom(2, "A1", {"B1": 10, "B2": 12})]
    remarks = [{"deal": 1, "player": "B2", "reason": "talking"}]
    scored = score_protocol(kozel_protocol(deals[:1], remarks=remarks, pairs={"B": {"prior_remarks": 4}}))
    assert scored.disqualified == "B" and scored.winner == "A" and scored.games[0].ended == "abandoned"
    with pytest.raises(ProtocolError) as err:
        score_protocol(kozel_protocol(deals, remarks=remarks, pairs={"B": {"prior_remarks": 4}}))
    assert err.value.code == "deal_outside_partie" and err.value.deal == 2


def test_warnings_change_nothing():
    deals = [dom(1, "A1", {"B1": 10, "B2": 12})]
    remarks = [{"deal": 1, "player": "B2", "reason": "talking"}]
    assert recorded(score_protocol(kozel_protocol(deals, remarks=remarks))) == [(0, 22)]


@pytest.mark.parametrize("preset,expected", [("kozel", (7, 21)), ("morskoy-kozel", (0, 7))])
def test_a_fine_is_recorded_against_the_offender(preset, expected):
    # Kozel: the fine goes to the offender's own total; Morskoy (the winners record): to the opponents'.
    # Morskoy: A won with 21 < 25, nothing recorded from the table.
    rules = {"preset": preset, "remark_ladder": [{"kind": "fine", "points": 7, "block_pips": 0}]}
    deals = [dom(1, "A1", {"B1": 10, "B2": 11})]
    remarks = [{"deal": 1, "player": "A2", "reason": "talking"}]
    scored = score_protocol(kozel_protocol(deals, rules, remarks=remarks))
    assert recorded(scored) == [expected]
    assert (scored.deals[0].running_a, scored.deals[0].running_b) == expected


def test_a_lost_deal_discards_the_table_result():
    rules = {"preset": "kozel", "remark_ladder": [{"kind": "deal_loss", "points": 30}]}
    deals = [dom(1, "A1", {"B1": 10, "B2": 12})]
    remarks = [{"deal": 1, "player": "A2", "reason": "talking"}]
    scored = score_protocol(kozel_protocol(deals, rules, remarks=remarks))
    assert recorded(scored) == [(30, 0)] and scored.deals[0].sanctions[0].kind == "deal_loss"


def test_wrong_pass_the_offenders_record_their_hands():
    deal = {"n": 1, "result": "wrong_pass", "offender": "B1", "hands": {"B1": 9, "B2": 8}}
    scored = score([deal])
    assert recorded(scored) == [(0, 17)] and scored.deals[0].winner == "A"
    sea = score([dict(deal, hands={"B1": 19, "B2": 8})], {"preset": "morskoy-kozel"})
    assert recorded(sea) == [(27, 0)]


def test_lead_bonus_counts_for_the_threshold():
    rules = {"preset": "kozel", "lead_bonus": {"6-6": 50, "0-0": 25}}
    scored = score([dom(1, "A1", {"B1": 1, "B2": 2}, lead="B1", lead_tile="0-0")], rules)
    assert recorded(scored) == [(0, 28)]


def test_lead_bonus_in_a_tied_block_goes_into_the_eggs():
    rules = {"preset": "kozel", "lead_bonus": {"6-6": 50, "0-0": 0}}
    scored = score([blk(1, 5, 5, 5, 5, lead_tile="6-6")], rules)
    assert scored.deals[0].eggs == 70


# --- §8 hand points ----------------------------------------------------------------------

def pts(n, a, b):
    return {"n": n, "result": "points", "points": {"A": a, "B": b}}


def test_hand_points_fewer_wins_when_points_are_penalties():
    rules = {"preset": "hand-points", "higher_wins": False, "target_points": 50}
    scored = score([pts(1, 10, 30), pts(2, 5, 25)], rules)
    assert scored.finished and scored.winner == "A" and scored.deals[0].winner == "A"


def test_hand_points_tie_asks_for_an_extra_deal():
    scored = score([pts(1, 3, 3)], {"preset": "hand-points", "partie_length": "deals", "deals_per_partie": 1})
    assert scored.extra_deal_needed and not scored.finished


def test_hand_points_time_partie_runs_until_time_is_up():
    rules = {"preset": "hand-points", "partie_length": "time", "time_limit_minutes": 30}
    assert not score([pts(1, 300, 0)], rules).finished
    assert score([pts(1, 300, 0)], rules, ended_by_time=True).winner == "A"


@pytest.mark.parametrize("higher,expected", [(True, (1, 7)), (False, (8, 0))])
def test_hand_points_fine_goes_to_the_opponents_or_to_the_offender(higher, expected):
    rules = {"preset": "hand-points", "higher_wins": higher,
             "remark_ladder": [{"kind": "fine", "points": 7, "block_pips": 0}]}
    remarks = [{"deal": 1, "player": "A1", "reason": "talking"}]
    scored = score_protocol(kozel_protocol([pts(1, 1, 0)], rules, remarks=remarks))
    assert recorded(scored) == [expected]


def test_restart_after_unrecorded_looks_at_the_table_not_at_fines():
    rules = {"preset": "kozel", "restart_after_unrecorded": True,
             "remark_ladder": [{"kind": "fine", "points": 5, "block_pips": 0}]}
    deals = [dom(1, "A1", {"B1": 4, "B2": 3}), dom(2, "A1", {"B1": 4, "B2": 3}, lead="B2")]
    remarks = [{"deal": 1, "player": "B1", "reason": "talking"}]
    scored = score_protocol(kozel_protocol(deals, rules, remarks=remarks))
    assert recorded(scored)[0] == (0, 5) and scored.deals[1].lead == "B2"


# --- the game in play (the referee's page shows its totals, remembered points, eggs) -------------

IN_PLAY = [dom(1, "A1", {"B1": 20, "B2": 18}), dom(2, "B2", {"A1": 15, "A2": 14})]


def test_the_game_in_play_is_kept_with_its_running_totals():
    scored = score(IN_PLAY)
    game = scored.current_game
    assert game is not None and game.n == 1 and not scored.finished
    assert game.totals == {"A": sum(d.points_a for d in scored.deals), "B": sum(d.points_b for d in scored.deals)}
    assert game.totals != {"A": 0, "B": 0}


def test_no_game_in_play_between_games_after_a_departure_or_when_time_is_up():
    over = score(IN_PLAY + [dom(3, "A1", {"B1": 40, "B2": 40})], {"preset": "kozel", "games_per_partie": 2})
    assert len(over.games) == 1 and not over.finished and over.current_game is None   # game 2 not begun
    begun = score(IN_PLAY + [dom(3, "A1", {"B1": 40, "B2": 40}), dom(4, "A1", {"B1": 40, "B2": 40})],
                  {"preset": "kozel", "games_per_partie": 2})
    assert begun.current_game.n == 2 and begun.current_game.totals == {"A": 0, "B": 80}
    left = score(IN_PLAY, abandoned="B")
    assert left.finished and left.current_game is None
    timed = score(IN_PLAY, ended_by_time=True)
    assert timed.finished and timed.current_game is None
