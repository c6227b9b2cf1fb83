"""The partie pinned exactly: remark order and numbering, applied remarks, the end of a partie,
forfeits, the JSON protocol's defaults and every refusal's code (RULES.md §5, §6, §9)."""
import pytest

from engine.rules import FORMAT, ProtocolError, Rules, score_partie, score_protocol
from engine.rules.scored import ScoredRemark

from .helpers import block, points, protocol, score, wrong_pass


def won_by_a(n):
    return block(n, 3, 4, 10, 9)   # A 12 : 0


def r(deal, seat, reason="talking"):
    return {"deal": deal, "player": seat, "reason": reason}


def refused(data):
    with pytest.raises(ProtocolError) as info:
        score_protocol(data)
    return info.value


def remarks(result):
    return [(x.deal, x.seat, x.reason, x.number, x.effect, x.applied) for x in result.remarks]


# --- remarks: order, numbering, applied ---------------------------------------------------

def test_remarks_of_one_pair_in_one_deal_count_in_the_order_given():
    deals = [block(1, 10, 10, 15, 5), block(2, 10, 10, 15, 5)]
    result = score(deals, [r(2, "A2", "zzz"), r(1, "B1"), r(2, "A1", "aaa")], prior=(2, 0))
    assert remarks(result) == [
        (1, "B1", "talking", 1, "warning", True),
        (2, "A2", "zzz", 3, "fine", True),
        (2, "A1", "aaa", 4, "deal_loss", True),
    ]


def test_remarks_count_in_the_order_of_the_deals_whatever_the_list_order():
    deals = [block(1, 10, 10, 15, 5), block(2, 10, 10, 15, 5), block(3, 10, 10, 15, 5)]
    result = score(deals, [r(3, "A1", "c"), r(1, "A1", "a"), r(2, "A2", "b")])
    assert [(x.deal, x.number) for x in result.remarks] == [(1, 1), (2, 2), (3, 3)]


def test_a_remark_in_the_last_recorded_deal_is_applied():
    result = score([block(1, 10, 10, 15, 5), block(2, 10, 10, 15, 5)], [r(2, "B1")], prior=(0, 1))
    assert remarks(result) == [(2, "B1", "talking", 2, "fine", True)]
    assert points(result)[1] == (10, 0)


def test_a_remark_in_the_deal_in_play_is_not_yet_applied():
    result = score([block(1, 10, 10, 15, 5)], [r(2, "B1")], prior=(0, 1))
    assert remarks(result) == [(2, "B1", "talking", 2, "fine", False)]
    assert result.totals_a == 0 and result.totals_b == 0
    assert result.next_deal == 2


def test_a_remark_after_the_deal_in_play_is_refused():
    err = refused(protocol([block(1, 10, 10, 15, 5)], [r(3, "B1")]))
    assert (err.code, err.deal, err.seat) == ("remark_outside_partie", 3, "B1")
    assert "the partie has 1 deal(s); deal 2 is in play" in err.message


def test_a_remark_after_a_finished_partie_is_refused():
    deals = [won_by_a(n) for n in range(1, 5)]
    err = refused(protocol(deals, [r(5, "A1")]))
    assert (err.code, err.deal) == ("remark_outside_partie", 5)
    assert "the partie has 4 deal(s))" in err.message


def test_a_remark_with_no_deals_recorded_is_in_deal_one():
    result = score([], [r(1, "A1")])
    assert remarks(result) == [(1, "A1", "talking", 1, "warning", False)]
    err = refused(protocol([], [r(2, "A1")]))
    assert err.code == "remark_outside_partie"


def test_a_disqualification_in_the_deal_in_play_ends_the_partie_at_once():
    result = score([block(1, 10, 10, 15, 5)], [r(2, "B2")], prior=(0, 4))
    assert result.disqualified == "B"
    assert result.finished and result.winner == "A"
    assert (result.totals_a, result.totals_b) == (160, 0)


def test_a_warning_in_the_deal_in_play_does_not_disqualify():
    result = score([block(1, 10, 10, 15, 5)], [r(2, "B2")])
    assert result.disqualified is None and not result.finished


def test_the_first_disqualified_pair_decides_the_forfeit():
    deals = [block(1, 10, 10, 15, 5), block(2, 10, 10, 15, 5)]
    result = score(deals, [r(1, "B1"), r(2, "A1")], prior=(4, 4))
    assert result.disqualified == "B"
    assert (result.totals_a, result.totals_b, result.winner) == (160, 0, "A")


def test_a_disqualification_in_play_does_not_replace_one_recorded():
    result = score([block(1, 10, 10, 15, 5)], [r(1, "A1"), r(2, "B1")], prior=(4, 4))
    assert result.disqualified == "A"
    assert result.winner == "B"


def test_a_remark_without_reason_is_other():
    result = score([block(1, 10, 10, 15, 5)], [{"deal": 1, "player": "A1"}, {"deal": 1, "player": "A2", "reason": ""}])
    assert [x.reason for x in result.remarks] == ["other", "other"]


def test_scored_remark_to_json():
    assert ScoredRemark(2, "B1", "time", 3, "fine", False).to_json() == {
        "deal": 2, "player": "B1", "reason": "time", "number": 3, "effect": "fine", "applied": False,
    }


# --- the end of a partie ----------------------------------------------------------------

def test_partie_of_fixed_length_ends_after_its_last_deal():
    three = score([won_by_a(n) for n in range(1, 4)])
    assert not three.finished and three.next_deal == 4 and three.result is None and three.winner is None
    four = score([won_by_a(n) for n in range(1, 5)])
    assert four.finished and four.next_deal is None and four.winner == "A" and four.result == "A"
    assert (four.totals_a, four.totals_b) == (48, 0)
    eight = Rules.from_config({"deals_per_partie": 8})
    assert not score_partie(eight, [won_by_a(n) for n in range(1, 8)]).finished
    assert score_partie(eight, [won_by_a(n) for n in range(1, 9)]).finished


def test_running_totals_and_winner_of_each_deal():
    result = score([block(1, 3, 4, 10, 9), block(2, 10, 9, 3, 4), block(3, 5, 5, 5, 5), wrong_pass(4, "B1")])
    assert [(d.points_a, d.points_b, d.winner) for d in result.deals] == [
        (12, 0, "A"), (0, 12, "B"), (0, 0, None), (10, 0, "A"),
    ]
    assert [(d.running_a, d.running_b) for d in result.deals] == [(12, 0), (12, 12), (12, 12), (22, 12)]
    assert (result.totals_a, result.totals_b, result.winner, result.result) == (22, 12, "A", "A")
    assert (result.deals_won_a, result.deals_won_b) == (2, 1)


def test_partie_won_by_b():
    result = score([wrong_pass(n, "A1") for n in range(1, 5)])
    assert (result.totals_a, result.totals_b, result.winner, result.result) == (0, 40, "B", "B")
    assert (result.deals_won_a, result.deals_won_b) == (0, 4)


def test_tie_after_the_last_deal_needs_an_extra_deal():
    deals = [wrong_pass(1, "A1"), wrong_pass(2, "B1"), block(3, 5, 5, 5, 5), block(4, 5, 5, 5, 5)]
    result = score(deals)
    assert (result.finished, result.extra_deal_needed, result.next_deal, result.winner) == (False, True, 5, None)
    more = score(deals + [wrong_pass(5, "A2")])
    assert (more.finished, more.extra_deal_needed, more.winner) == (True, False, "B")


def test_tie_without_extra_deal_is_a_draw():
    deals = [wrong_pass(1, "A1"), wrong_pass(2, "B1"), block(3, 5, 5, 5, 5), block(4, 5, 5, 5, 5)]
    result = score(deals, rules={"preset": "pusto-shest", "extra_deal_on_tie": False})
    assert (result.finished, result.extra_deal_needed, result.winner, result.result) == (True, False, None, "draw")


def test_a_deal_after_the_end_of_the_partie_is_refused():
    deals = [won_by_a(n) for n in range(1, 6)]
    err = refused(protocol(deals))
    assert (err.code, err.deal, err.params) == ("deal_outside_partie", 5, {"last": 4})


def test_partie_to_a_target_ends_when_a_pair_reaches_it():
    rules = {"preset": "federation", "target_points": 20}
    short = score([wrong_pass(1, "B1")], rules={**rules, "wrong_pass_points": 19})
    assert not short.finished
    exact = score([wrong_pass(1, "B1")], rules={**rules, "wrong_pass_points": 20})
    assert exact.finished and exact.winner == "A"
    b_reaches = score([wrong_pass(1, "A1")], rules={**rules, "wrong_pass_points": 20})
    assert b_reaches.finished and b_reaches.winner == "B"


def test_ended_by_time_ends_after_the_last_recorded_deal():
    rules = Rules.from_config({"preset": "federation"})
    deals = [wrong_pass(1, "B1"), wrong_pass(2, "B1")]
    running = score_partie(rules, deals)
    assert not running.finished
    ended = score_partie(rules, deals, ended_by_time=True)
    assert ended.finished and ended.winner == "A" and (ended.totals_a, ended.totals_b) == (20, 0)


def test_ended_by_time_checks_only_the_last_deal():
    # Time is called after deal 2: deal 1 alone does not end the partie, so both are scored.
    rules = Rules.from_config({"preset": "federation"})
    result = score_partie(rules, [wrong_pass(1, "B1"), wrong_pass(2, "A1"), wrong_pass(3, "A1")], ended_by_time=True)
    assert result.finished and result.winner == "B" and len(result.deals) == 3


def test_ended_by_time_with_a_tie_needs_an_extra_deal():
    rules = Rules.from_config({"preset": "federation"})
    result = score_partie(rules, [wrong_pass(1, "B1"), wrong_pass(2, "A1")], ended_by_time=True)
    assert (result.finished, result.extra_deal_needed) == (False, True)


# --- forfeits -----------------------------------------------------------------------------

@pytest.mark.parametrize("side, totals, winner", [("A", (0, 160), "B"), ("B", (160, 0), "A")])
def test_no_show_gives_the_forfeit_score(side, totals, winner):
    result = score([], [], no_show=side)  # a no-show file lists no deals and no remarks
    assert (result.totals_a, result.totals_b) == totals
    assert (result.winner, result.finished, result.extra_deal_needed, result.no_show) == (winner, True, False, side)
    assert result.deals == [] and result.remarks == []


def test_forfeit_score_follows_the_rules():
    result = score([], rules={"preset": "pusto-shest", "deals_per_partie": 8}, no_show="B")
    assert (result.totals_a, result.totals_b) == (320, 0)
    custom = score([], rules={"preset": "pusto-shest", "forfeit_score": 77}, no_show="A")
    assert (custom.totals_a, custom.totals_b) == (0, 77)


def test_disqualification_overrides_the_deals_and_clears_the_extra_deal():
    deals = [wrong_pass(1, "A1"), wrong_pass(2, "B1"), block(3, 5, 5, 5, 5), block(4, 5, 5, 5, 5)]
    result = score(deals, [r(4, "A1")], prior=(4, 0))
    assert (result.totals_a, result.totals_b, result.winner) == (0, 160, "B")
    assert (result.finished, result.extra_deal_needed, result.disqualified) == (True, False, "A")
    assert len(result.deals) == 4


# --- the JSON protocol --------------------------------------------------------------------

def test_protocol_json_holds_the_whole_result():
    result = score([block(1, 3, 4, 10, 9)], [r(1, "B1", "time")], first_lead="B1")
    data = result.to_json()
    assert data["totals"] == {"A": 12, "B": 0}
    assert data["winner"] is None and data["result"] is None and data["finished"] is False
    assert data["next_deal"] == 2 and data["deals_won"] == {"A": 1, "B": 0}
    assert data["disqualified"] is None and data["no_show"] is None and data["extra_deal_needed"] is False
    assert data["rules"] == {"preset": "pusto-shest"}
    assert data["remarks"] == [{"deal": 1, "player": "B1", "reason": "time", "number": 1, "effect": "warning",
                                "applied": True}]
    assert data["deals"] == [{
        "n": 1, "lead": "B1", "shuffle": "A2", "result": "block", "points": {"A": 12, "B": 0}, "winner": "A",
        "running": {"A": 12, "B": 0}, "table_points": {"A": 12, "B": 0},
        "sanctions": [{"remark": 1, "seat": "B1", "pair": "B", "effect": "warning", "points": 0, "reason": "time"}],
    }]


def test_lead_and_shuffle_follow_the_first_lead():
    result = score([block(n, 10, 10, 15, 5) for n in range(1, 5)], first_lead="A2")
    assert [(d.lead, d.shuffle) for d in result.deals] == [("A2", "B2"), ("B2", "A1"), ("A1", "B1"), ("B1", "A2")]
    assert result.first_lead == "A2"


def test_protocol_defaults():
    result = score_protocol({"deals": [block(1, 10, 10, 15, 5)]})
    assert result.rules == Rules() and result.first_lead == "A1" and result.no_show is None
    assert [(d.lead, d.shuffle) for d in result.deals] == [("A1", "B1")]
    nulls = score_protocol({"format": FORMAT, "rules": None, "pairs": None, "deals": None, "remarks": None,
                            "first_lead": None, "ended_by_time": None, "no_show": None})
    assert nulls.deals == [] and not nulls.finished and nulls.next_deal == 1


def test_protocol_prior_remarks_default_to_zero():
    data = protocol([block(1, 10, 10, 15, 5)], [r(1, "A1")])
    data["pairs"] = {"A": {"number": 1, "prior_remarks": None}, "B": None}
    assert score_protocol(data).remarks[0].number == 1
    data["pairs"] = {"A": {"number": 1, "prior_remarks": 3}}
    assert score_protocol(data).remarks[0].number == 4


def test_protocol_ended_by_time_is_read():
    data = protocol([wrong_pass(1, "B1")], rules={"preset": "federation"}, ended_by_time=True)
    assert score_protocol(data).finished


@pytest.mark.parametrize("data, code", [
    ([], "bad_protocol"),
    ({"format": "domino-protocol/3"}, "bad_format"),
    ({"rules": ["preset"]}, "bad_rules"),
    ({"rules": {"preset": "nope"}}, "unknown_preset"),
    ({"rules": {"colour": 1}}, "unknown_option"),
    ({"pairs": ["A"]}, "bad_pairs"),
    ({"pairs": {"A": 5}}, "bad_pairs"),
    ({"pairs": {"B": {"prior_remarks": -1}}}, "bad_prior_remarks"),
    ({"pairs": {"A": {"prior_remarks": True}}}, "bad_prior_remarks"),
    ({"pairs": {"A": {"prior_remarks": "2"}}}, "bad_prior_remarks"),
    ({"deals": {}}, "bad_deals"),
    ({"deals": [5]}, "bad_deal"),
    ({"deals": [{"n": 0, "result": "block"}]}, "bad_deal_number"),
    ({"deals": [{"n": True, "result": "block"}]}, "bad_deal_number"),
    ({"deals": [{"n": "1", "result": "block"}]}, "bad_deal_number"),
    ({"remarks": {}}, "bad_remarks"),
    ({"remarks": [5]}, "bad_remark"),
    ({"remarks": [{"deal": 0, "player": "A1"}]}, "bad_remark"),
    ({"remarks": [{"deal": True, "player": "A1"}]}, "bad_remark"),
    ({"remarks": [{"deal": 1, "player": "C1"}]}, "bad_seat"),
    ({"remarks": [{"deal": 1, "player": "A1", "reason": 5}]}, "bad_remark"),
    ({"first_lead": "C3"}, "bad_seat"),
    ({"no_show": "C"}, "bad_no_show"),
    ({"ended_by_time": "yes"}, "bad_ended_by_time"),
])
def test_protocol_refusals_by_code(data, code):
    assert refused(data).code == code


def test_rules_errors_keep_their_key():
    err = refused({"rules": {"deals_per_partie": 3}})
    assert (err.code, err.params) == ("out_of_range", {"key": "deals_per_partie"})
    assert err.message.startswith("rules: deals_per_partie")


def test_refusals_name_the_deal_and_seat():
    err = refused({"deals": [{"n": 0}]})
    assert err.deal == 0
    assert refused({"deals": [{"n": "x"}]}).deal is None
    assert refused({"deals": [{"n": True}]}).deal is None
    bad = refused({"remarks": [{"deal": "x", "player": "B2"}]})
    assert (bad.deal, bad.seat) == (None, "B2")
    assert refused({"remarks": [{"deal": "x", "player": "Z"}]}).seat is None
    seat = refused({"remarks": [{"deal": 4, "player": "Z"}]})
    assert seat.deal == 4
    reason = refused({"remarks": [{"deal": 4, "player": "A2", "reason": 5}]})
    assert reason.code == "bad_remark"
    assert (reason.deal, reason.seat) == (4, "A2")


def test_duplicate_and_missing_deals():
    dup = refused(protocol([block(1, 10, 10, 15, 5), block(1, 10, 10, 15, 5)]))
    assert (dup.code, dup.deal) == ("duplicate_deal", 1)
    gap = refused(protocol([block(1, 10, 10, 15, 5), block(3, 10, 10, 15, 5)]))
    assert (gap.code, gap.deal, gap.params) == ("missing_deal", 3, {"missing": 2})
    no_first = refused(protocol([block(2, 10, 10, 15, 5)]))
    assert (no_first.code, no_first.params) == ("missing_deal", {"missing": 1})


def test_deals_in_any_list_order():
    result = score([block(2, 10, 9, 3, 4), block(1, 3, 4, 10, 9)])
    assert [d.n for d in result.deals] == [1, 2]
    assert [(d.running_a, d.running_b) for d in result.deals] == [(12, 0), (12, 12)]


def test_score_partie_checks_its_arguments():
    rules = Rules()
    for kwargs, code in [({"first_lead": "X"}, "bad_seat"), ({"no_show": "AB"}, "bad_no_show"),
                         ({"ended_by_time": 1}, "bad_ended_by_time"),
                         ({"prior_remarks": {"A": -1}}, "bad_prior_remarks")]:
        with pytest.raises(ProtocolError) as info:
            score_partie(rules, [], **kwargs)
        assert info.value.code == code
    with pytest.raises(ProtocolError) as info:
        score_partie(rules, "deals")
    assert info.value.code == "bad_deals"
    assert score_partie(rules, [], prior_remarks={"B": 2}, first_lead="B2").first_lead == "B2"


def test_prior_remarks_default_to_zero_for_either_pair():
    deals = [won_by_a(1)]
    plain = score_partie(Rules(), deals, [r(1, "A1"), r(1, "B1")])
    assert [x.number for x in plain.remarks] == [1, 1]
    only_b = score_partie(Rules(), deals, [r(1, "A1"), r(1, "B1")], prior_remarks={"B": 2})
    assert [x.number for x in only_b.remarks] == [1, 3]
    only_a = score_partie(Rules(), deals, [r(1, "A1"), r(1, "B1")], prior_remarks={"A": 2})
    assert [x.number for x in only_a.remarks] == [3, 1]


def test_an_empty_partie_is_neither_finished_nor_waiting_for_an_extra_deal():
    result = score_partie(Rules(), [])
    assert result.finished is False and result.extra_deal_needed is False
    assert result.to_json()["finished"] is False and result.to_json()["extra_deal_needed"] is False
