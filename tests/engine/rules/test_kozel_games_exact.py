"""RULES-KOZEL.md §3–§5 and §11.1 at their edges: wipes, eggs play-off tries, the target for either pair,
forfeits of either pair, the lead refusal and the scored form of a deal and of a game.

Each test names the rule it states; the cases are chosen so that the other pair, the other bound or
the other count would give another score.
"""
import pytest

from engine.rules import ProtocolError, score_protocol

from .kozel_helpers import blk, dom, kozel_protocol


def score(deals, rules=None, **extra):
    return score_protocol(kozel_protocol(deals, rules or {"preset": "kozel"}, **extra))


def running(scored):
    return [(d.running_a, d.running_b) for d in scored.deals]


# --- §4.1 wipe ---------------------------------------------------------------------------------

def test_wipe_resets_a_total_of_1_and_a_record_of_1_wipes():
    """§4.1: when a pair records — any value, 1 included — the other pair's total, however small, goes to 0;
    a pair that records while the other has nothing wipes nobody."""
    rules = {"preset": "morskoy-kozel", "open_threshold": 0, "lone_double_blank": 0}
    deals = [dom(1, "B1", {"A1": 0, "A2": 1}),                # B records 1; A has nothing to lose
             dom(2, "A1", {"B1": 20, "B2": 10}, lead="B1"),   # A records 30; B's 1 is wiped
             dom(3, "B1", {"A1": 0, "A2": 1}, lead="A1")]     # B records 1; A's 30 are wiped
    scored = score(deals, rules)
    assert running(scored) == [(0, 1), (30, 0), (0, 1)]
    assert [d.wiped for d in scored.deals] == [None, "B", "A"]
    assert "wiped" not in scored.to_json()["deals"][0]


# --- §4.6 eggs play-off ------------------------------------------------------------------------

PLAY_OFF_DRAW = {"preset": "morskoy-kozel", "eggs": "play_off", "eggs_expire": "draw"}


def test_play_off_eggs_survive_two_failed_tries_and_expire_on_the_third():
    """§4.6: after a tied block, eggs_tries = 3 failed tries are allowed: the eggs are still pending after
    two, and the third ends the game drawn (eggs_expire draw)."""
    deals = [blk(1, 14, 13, 11, 16, fisher="A2")] + [
        dom(k, "B1", {"A1": 2, "A2": 3}, lead="A2" if k == 2 else "B1", lead_tile="2-2") for k in (2, 3, 4)]
    scored = score(deals[:3], PLAY_OFF_DRAW)
    assert [d.eggs for d in scored.deals] == [54, 54, 54] and scored.games == []
    scored = score(deals, PLAY_OFF_DRAW)
    assert [d.eggs for d in scored.deals] == [54, 54, 54, 0]
    assert (scored.games[0].deals, scored.games[0].ended) == ((1, 4), "eggs_draw")


def test_a_new_tie_restarts_the_tries():
    """§4.6 [interpretation]: a tied block while eggs are pending adds to them and starts the tries again."""
    deals = [blk(1, 14, 13, 11, 16, fisher="A2"),
             dom(2, "B1", {"A1": 2, "A2": 3}, lead="A2", lead_tile="2-2"),
             dom(3, "B1", {"A1": 2, "A2": 3}, lead="B1", lead_tile="2-2"),
             blk(4, 5, 5, 4, 6, fisher="B1", lead="B1"),
             dom(5, "B1", {"A1": 2, "A2": 3}, lead="B1", lead_tile="2-2"),
             dom(6, "B1", {"A1": 2, "A2": 3}, lead="B1", lead_tile="2-2")]
    scored = score(deals, PLAY_OFF_DRAW)
    assert [d.eggs for d in scored.deals] == [54, 54, 54, 74, 74, 74] and scored.games == []


def test_without_eggs_no_deal_is_a_failed_try():
    """§4.6: only a deal played while eggs are pending is a try; three ordinary deals end nothing."""
    deals = [dom(k, "B1", {"A1": 2, "A2": 3}) for k in (1, 2, 3, 4)]
    scored = score(deals, PLAY_OFF_DRAW)
    assert scored.games == [] and [d.eggs for d in scored.deals] == [0, 0, 0, 0]


# --- §3.5 the target ---------------------------------------------------------------------------

def test_both_pairs_over_the_target_pair_a_higher_is_the_goat():
    """§3.5 [interpretation]: both reach the target in one deal — the one with more points is the goat (A here)."""
    rules = {"preset": "kozel", "block_scoring": "each_own", "open_threshold": 0, "target_points": 30}
    scored = score([blk(1, 16, 17, 15, 16)], rules)
    assert (scored.games[0].goat, scored.games[0].winner, scored.winner) == ("A", "B", "B")


def test_a_drawn_game_is_not_dry():
    """§3.5 / §3.6: equal totals over the target are a drawn game: no goat, no winner, not dry."""
    rules = {"preset": "kozel", "block_scoring": "each_own", "open_threshold": 0, "target_points": 30}
    scored = score([blk(1, 15, 16, 16, 15)], rules)
    game = scored.to_json()["games"][0]
    assert (game["goat"], game["winner"], game["dry"], game["ended"]) == (None, None, False, "target")


def test_no_extra_game_is_asked_while_games_remain():
    """§5.1: after game 1 of 2 the partie goes on; no extra game is needed yet."""
    scored = score([blk(1, 30, 31, 25, 20)], {"preset": "kozel", "games_per_partie": 2})
    assert len(scored.games) == 1
    assert (scored.finished, scored.extra_game_needed) == (False, False)


# --- §5.3 no-show ------------------------------------------------------------------------------

@pytest.mark.parametrize("preset, absent, totals", [
    ("kozel", "A", (101, 0)),
    ("kozel", "B", (0, 101)),
    ("morskoy-kozel", "A", (0, 125)),
    ("morskoy-kozel", "B", (125, 0)),
])
def test_no_show_of_either_pair(preset, absent, totals):
    """§5.3: the absent pair is the goat of every game (games 1…n, not played, not dry even when a dry goat
    counts double); forfeit_score goes to the absent pair when the losers record, to the present one when the
    winners do; the partie is finished and won by the present pair."""
    present = "B" if absent == "A" else "A"
    rules = {"preset": preset, "games_per_partie": 3, "dry_goat_value": 2}
    scored = score([], rules, no_show=absent)
    assert scored.finished is True and scored.winner == present
    assert (scored.totals_a, scored.totals_b) == totals
    assert scored.goats == {absent: 3, present: 0}
    games = scored.to_json()["games"]
    assert [(g["n"], g["deals"], g["goat"], g["winner"], g["dry"], g["ended"]) for g in games] == [
        (k, None, absent, present, False, "forfeit") for k in (1, 2, 3)]


def test_abandonment_numbers_the_games_not_played():
    """§5.3: after an abandonment the games not played follow the game in progress, numbered on."""
    scored = score([dom(1, "A1", {"B1": 10, "B2": 12})], {"preset": "kozel", "games_per_partie": 3},
                   abandoned="B")
    assert [(g.n, g.ended, g.goat) for g in scored.games] == [(1, "abandoned", "B"), (2, "forfeit", "B"),
                                                             (3, "forfeit", "B")]


# --- §10 the lead --------------------------------------------------------------------------------

@pytest.mark.parametrize("next_lead, expected, en", [
    ("out_player", "A1", "A1"),
    ("winner_choice", "A1 / A2", "A1 or A2"),
])
def test_wrong_lead_refusal_exactly(next_lead, expected, en):
    """§2.2 / §10: a lead the rules do not allow is refused naming the deal, the seat and who leads."""
    deals = [dom(1, "A1", {"B1": 4, "B2": 3}), dom(2, "B1", {"A1": 4, "A2": 3}, lead="B2")]
    with pytest.raises(ProtocolError) as err:
        score(deals, {"preset": "kozel", "next_lead": next_lead})
    assert err.value.to_json() == {
        "code": "wrong_lead", "deal": 2, "seat": "B2", "expected": expected,
        "message": f"deal 2, seat B2: {en} leads this deal under the rules, not B2",
        "message_ru": f"Раздача 2, место B2: по правилам эту раздачу начинает {expected}",
    }


# --- §11.1 the scored form -----------------------------------------------------------------------

def test_scored_deal_exactly():
    """§11.1: a scored Kozel deal shows exactly these keys; eggs_used, wiped and deciders only when set."""
    scored = score([dom(1, "A1", {"B1": 10, "B2": 12}, lead="B2")]).to_json()
    assert scored["deals"][0] == {
        "n": 1, "game": 1, "lead": "B2", "result": "domino", "winner": "A", "value": {"B": 22},
        "points": {"A": 0, "B": 22}, "remembered": {"A": 0, "B": 0}, "eggs": 0, "running": {"A": 0, "B": 22},
        "sanctions": [],
    }


def test_scored_deal_with_a_sanction_lists_it():
    """§11.1: the sanctions of a deal are in its scored form."""
    rules = {"preset": "kozel", "remark_ladder": [{"kind": "fine", "points": 7, "block_pips": 0}]}
    remarks = [{"deal": 1, "player": "A2", "reason": "talking"}]
    data = score_protocol(kozel_protocol([dom(1, "A1", {"B1": 10, "B2": 12})], rules, remarks=remarks)).to_json()
    assert data["deals"][0]["sanctions"] == [
        {"remark": 1, "seat": "A2", "pair": "A", "effect": "fine", "points": 7, "reason": "talking"}]


# --- §6 sanctions in a game --------------------------------------------------------------------

FINE_7 = {"preset": "kozel", "remark_ladder": [{"kind": "fine", "points": 7, "block_pips": 0}]}


def test_a_fine_adds_to_the_total_and_to_the_deal():
    """§6: a fine of p points is added to what the offending pair already has and to what it records in the deal."""
    deals = [dom(1, "A1", {"B1": 10, "B2": 12}), dom(2, "A1", {"B1": 4, "B2": 3}, lead="A1")]
    remarks = [{"deal": 2, "player": "B1", "reason": "talking"}]
    scored = score_protocol(kozel_protocol(deals, FINE_7, remarks=remarks))
    assert [(d.points_a, d.points_b) for d in scored.deals] == [(0, 22), (0, 14)]
    assert running(scored) == [(0, 22), (0, 36)]


def test_a_lost_deal_can_reach_the_target():
    """§6: the target is checked after sanctions — the points of a lost deal make the offenders the goat."""
    rules = {"preset": "kozel", "remark_ladder": [{"kind": "deal_loss", "points": 30}]}
    deals = [blk(1, 20, 21, 15, 20), dom(2, "B1", {"A1": 10, "A2": 12}, lead="A1")]
    remarks = [{"deal": 2, "player": "A2", "reason": "talking"}]
    scored = score_protocol(kozel_protocol(deals, rules, remarks=remarks))
    assert running(scored) == [(76, 0), (106, 0)]
    assert (scored.games[0].goat, scored.games[0].ended, scored.games[0].deals) == ("A", "target", (1, 2))


def test_a_lost_deal_fixes_no_next_lead():
    """§6 [interpretation]: the table result of a lost deal does not count, so it fixes no leader of the next deal."""
    rules = {"preset": "kozel", "remark_ladder": [{"kind": "deal_loss", "points": 5}]}
    deals = [dom(1, "A1", {"B1": 10, "B2": 12}), dom(2, "A1", {"B1": 10, "B2": 12}, lead="B2")]
    remarks = [{"deal": 1, "player": "A2", "reason": "talking"}]
    scored = score_protocol(kozel_protocol(deals, rules, remarks=remarks))
    assert scored.deals[1].lead == "B2"
    with pytest.raises(ProtocolError) as err:
        score_protocol(kozel_protocol(deals, {"preset": "kozel"}))
    assert err.value.code == "wrong_lead"


def test_the_fifth_remark_before_any_deal_disqualifies():
    """§6: the 5th remark of a pair, given in deal 1 before it is recorded, removes the pair."""
    remarks = [{"deal": 1, "player": "B2", "reason": "talking"}]
    scored = score_protocol(kozel_protocol([], remarks=remarks, pairs={"B": {"prior_remarks": 4}}))
    assert (scored.disqualified, scored.winner) == ("B", "A")
    assert [(r.deal, r.applied, r.effect) for r in scored.remarks] == [(1, False, "disqualification")]


# --- §2.2 restart after an unrecorded deal, §4.4 deciders after the game ends -------------------

def test_restart_after_unrecorded_keeps_the_lead_after_a_recorded_deal():
    """§2.2: restart_after_unrecorded frees the lead only after a deal that recorded nothing."""
    rules = {"preset": "kozel", "restart_after_unrecorded": True}
    deals = [dom(1, "A1", {"B1": 10, "B2": 12}), dom(2, "A1", {"B1": 4, "B2": 3}, lead="B2")]
    with pytest.raises(ProtocolError) as err:
        score(deals, rules)
    assert (err.value.code, err.value.deal, err.value.seat) == ("wrong_lead", 2, "B2")


def test_a_deal_that_ends_the_game_carries_no_decider():
    """§4.3 / §4.4: a 6-6 finish that wins the game makes no decider for the next deal (a new game starts)."""
    scored = score([dom(1, "A1", {"B1": 20, "B2": 5}, out_tile="6-6")], {"preset": "morskoy-kozel"})
    assert scored.games[0].ended == "double_six"
    assert scored.deals[0].decider_next is None and "decider_next" not in scored.to_json()["deals"][0]


def test_a_lost_deal_carries_no_decider():
    """§6: a lost deal counts neither its table result nor a decider («ни «на сто»»)."""
    rules = {"preset": "morskoy-kozel", "remark_ladder": [{"kind": "deal_loss", "points": 5}]}
    deals = [dom(1, "A1", {"B1": 10, "B2": 5}, out_tile="6-6")]
    remarks = [{"deal": 1, "player": "B2", "reason": "talking"}]
    scored = score_protocol(kozel_protocol(deals, rules, remarks=remarks))
    assert scored.deals[0].decider_next is None


# --- §5 the partie around its end -------------------------------------------------------------------

def test_a_deal_after_the_end_of_the_partie_is_refused_exactly():
    """§5.1: a deal after the end of the partie is refused, naming the deal after which it ended."""
    with pytest.raises(ProtocolError) as err:
        score([blk(1, 30, 31, 25, 20), dom(2, "A1", {"B1": 4, "B2": 3})])
    assert err.value.to_json() == {
        "code": "deal_outside_partie", "deal": 2, "seat": None, "last": 1,
        "message": "deal 2: the partie ended after deal 1: deal 2 is outside it",
        "message_ru": "Раздача 2: раздача вне партии: партия закончилась после раздачи 1",
    }


def test_a_remark_after_the_end_of_the_partie_is_refused():
    """§5.1: once the partie is over no deal is in play, so a remark in the next deal is outside it."""
    remarks = [{"deal": 2, "player": "A1", "reason": "talking"}]
    with pytest.raises(ProtocolError) as err:
        score_protocol(kozel_protocol([blk(1, 30, 31, 25, 20)], remarks=remarks))
    assert (err.value.code, err.value.deal, err.value.seat) == ("remark_outside_partie", 2, "A1")


def test_abandoned_after_the_end_of_the_partie_changes_nothing():
    """§5.3: a pair can leave only a partie in progress; after the last game the result stands."""
    scored = score([blk(1, 30, 31, 25, 20)], abandoned="B")
    assert (scored.finished, scored.winner, scored.games[0].goat) == (True, "B", "A")


def test_the_leaving_pair_loses_even_when_the_goats_are_level():
    """§5.3 [interpretation]: B was the goat of game 1, A leaves in game 2 — goats 1 : 1, and A loses."""
    deals = [dom(1, "A1", {"B1": 30, "B2": 31}), dom(2, "A1", {"B1": 25, "B2": 20}, lead="A1"),
             dom(3, "A1", {"B1": 4, "B2": 10})]
    scored = score(deals, {"preset": "kozel", "games_per_partie": 2}, abandoned="A")
    assert [g.goat for g in scored.games] == ["B", "A"] and scored.goats == {"A": 1, "B": 1}
    assert (scored.finished, scored.winner, scored.result) == (True, "B", "B")


def test_time_ends_the_partie_without_an_extra_game():
    """§5.3: when time is up the partie is decided as it stands — level goats are a draw, no extra game."""
    scored = score([dom(1, "A1", {"B1": 2, "B2": 3})], ended_by_time=True)
    assert (scored.finished, scored.extra_game_needed, scored.winner) == (True, False, None)


def test_partie_totals_add_the_game_in_play_to_the_finished_games():
    """§5.2: the partie's totals are the sums of the game totals, the game in play included."""
    deals = [dom(1, "A1", {"B1": 10, "B2": 12}), blk(2, 30, 31, 25, 20),            # game 1: A 106, B 22
             dom(3, "B1", {"A1": 10, "A2": 12}), dom(4, "A1", {"B1": 10, "B2": 12}, lead="B1")]  # game 2: 22 : 22
    scored = score(deals, {"preset": "kozel", "games_per_partie": 2})
    assert scored.games[0].totals == {"A": 106, "B": 22} and len(scored.games) == 1
    assert (scored.totals_a, scored.totals_b) == (128, 44)


def test_a_lost_deal_is_scored_without_eggs_and_the_game_goes_on():
    """§6: a lost deal carries no eggs and ends no game by itself (only the target can)."""
    rules = {"preset": "kozel", "remark_ladder": [{"kind": "deal_loss", "points": 5}]}
    remarks = [{"deal": 1, "player": "A2", "reason": "talking"}]
    scored = score_protocol(kozel_protocol([dom(1, "A1", {"B1": 10, "B2": 12})], rules, remarks=remarks))
    assert scored.games == [] and scored.finished is False
    deal = scored.to_json()["deals"][0]
    assert "eggs_used" not in deal and (deal["eggs"], deal["points"]) == (0, {"A": 5, "B": 0})


def test_the_first_record_of_a_game_wipes_nobody():
    """§4.1: a pair that records while the other has nothing wipes nobody."""
    scored = score([dom(1, "A1", {"B1": 20, "B2": 10})], {"preset": "morskoy-kozel"})
    assert running(scored) == [(30, 0)] and scored.deals[0].wiped is None


@pytest.mark.parametrize("preset, rated", [("kozel", True), ("morskoy-kozel", False)])
def test_a_no_show_game_has_an_empty_rating_only_under_the_rating(preset, rated):
    """§7.1 and §5.3: a game not played earns no rating figure; under the rating each game still has its
    rating, empty for both pairs, and the partie's rating is empty too; without the rating there is none."""
    scored = score([], {"preset": preset, "games_per_partie": 2}, no_show="A")
    assert [g.rating for g in scored.games] == [{"A": None, "B": None} if rated else None] * 2


def test_a_game_without_its_rating_yet_shows_it_empty_for_both_pairs():
    from engine.rules.games import ScoredGame

    game = ScoredGame(1, (1, 3), {"A": 0, "B": 40}, "A", "B", False, "target")
    assert game.to_json(with_rating=True)["rating"] == {"A": None, "B": None}
    assert "rating" not in game.to_json(with_rating=False)


def test_a_partie_decided_by_an_extra_game_counts_it():
    """§5.1: goats equal after the partie's games — the extra game that gives one pair more goats decides it."""
    rules = {"preset": "kozel", "games_per_partie": 2}
    tied = score([blk(1, 30, 31, 25, 20), blk(2, 25, 20, 30, 31)], rules)
    assert (tied.extra_game_needed, tied.extra_played, tied.decided_by_extra) == (True, 0, False)
    decided = score([blk(1, 30, 31, 25, 20), blk(2, 25, 20, 30, 31), blk(3, 30, 31, 25, 20)], rules)
    assert (decided.winner, decided.extra_played, decided.decided_by_extra) == ("B", 1, True)
    regular = score([blk(1, 30, 31, 25, 20), blk(2, 30, 31, 25, 20)], rules)
    assert (regular.finished, regular.extra_played, regular.decided_by_extra) == (True, 0, False)
