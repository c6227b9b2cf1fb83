"""RULES-LATIN.md §2, §6, §8–§10: the partida — leads, its end, time, the result rows and efectividad,
sanctions and cards, forfeit and bye."""
import pytest

from engine.rules import ProtocolError, score_protocol
from engine.rules.latin.partida import partida_state
from engine.rules.latin.result import plain_efectividad, sanctioned_efectividad

from .latin_helpers import H1, blk, dom, example, protocol, refused, scored

# Hands that add up quickly: A goes out and scores `a`, B goes out and scores `b`.


def a_wins(n, a, **extra):
    """A hand in which A1 goes out and A scores ``a`` (the three others' hands)."""
    third = a // 3
    return dom(n, "A1", {"A2": third, "B1": third, "B2": a - 2 * third}, **extra)


def b_wins(n, b, **extra):
    third = b // 3
    return dom(n, "B1", {"B2": third, "A1": third, "A2": b - 2 * third}, **extra)


def tie(n, **extra):
    return blk(n, "A1", 10, 12, 7, 15, **extra)


def rows(data):
    out = score_protocol(data).to_json()
    return out, out["pairs"]["A"], out["pairs"]["B"]


def figures(row):
    return row["points_for"], row["points_against"], row["efectividad"], row["won"], row["lost"], row["drawn"]


# --- leads (§2) -----------------------------------------------------------------------------------------

def test_rotate_derives_an_unwritten_lead():
    deals = [a_wins(1, 30), {**b_wins(2, 30), "lead": None}, {**a_wins(3, 30), "lead": None},
             {**a_wins(4, 30), "lead": None}, {**a_wins(5, 30), "lead": None}]
    assert [d["lead"] for d in scored(deals)["deals"]] == ["A1", "B1", "A2", "B2", "A1"]


def test_rotate_starts_from_the_written_first_lead():
    deals = [a_wins(1, 30, lead="B2"), {**b_wins(2, 30), "lead": None}]
    assert [d["lead"] for d in scored(deals)["deals"]] == ["B2", "A1"]


def test_winner_pair_lets_either_winner_lead():
    rules = {"next_lead": "winner_pair"}
    for lead in ("B1", "B2"):
        assert scored([H1, a_wins(2, 30, lead=lead)], rules)["deals"][1]["lead"] == lead
    assert scored([H1, a_wins(2, 30, lead="B2"), b_wins(3, 30, lead="A2")], rules)["deals"][2]["lead"] == "A2"


def test_winner_pair_needs_the_lead_written():
    err = refused(protocol([H1, {**a_wins(2, 30), "lead": None}], {"next_lead": "winner_pair"}))
    assert (err.code, err.deal) == ("missing_lead", 2)


def test_winner_pair_after_a_hand_nobody_won_rotates():
    rules = {"next_lead": "winner_pair"}
    assert scored([tie(1, lead="A2"), a_wins(2, 30, lead="B2")], rules)["deals"][1]["lead"] == "B2"
    err = refused(protocol([tie(1, lead="A2"), a_wins(2, 30, lead="B1")], rules))
    assert (err.code, err.seat, err.params) == ("wrong_lead", "B1", {"expected": "B2"})


def test_rotate_ignores_who_won_and_the_lead_decides_a_tie_under_leading_pair():
    rules = {"tranque_tie": "leading_pair"}
    out = scored([tie(1, lead="B1"), {**tie(2), "lead": None}], rules)
    assert [(d["lead"], d["winner"]) for d in out["deals"]] == [("B1", "B"), ("A2", "A")]


def test_a_first_lead_with_the_double_six():
    rules = {"first_lead": "double_six"}
    assert scored([dict(H1, lead_tile="6-6")], rules)["deals"][0]["winner"] == "B"
    assert scored([H1], rules)["deals"][0]["winner"] == "B"                 # the lead tile may be left out
    second = dom(2, "A1", {"A2": ["6-6"], "B1": 30, "B2": 34})
    assert scored([H1, second], rules)["deals"][1]["points"]["A"] == 76      # hand 2: 6-6 may be held
    assert scored([dict(H1, lead_tile="5-5")])["deals"][0]["winner"] == "B"  # under draw, any tile leads


# --- the end of the partida (§6) ------------------------------------------------------------------------

def test_the_target_ends_the_partida_when_reached():
    out = scored([a_wins(1, 99), a_wins(2, 1)], {"target_points": 100})
    assert (out["finished"], out["ended"], out["winner"], out["next_hand"]) == (True, "target", "A", None)
    out = scored([a_wins(1, 99)], {"target_points": 100})
    assert (out["finished"], out["ended"], out["winner"], out["extra_hand_needed"], out["next_hand"]) == (
        False, None, None, False, 2)


def test_equal_totals_at_the_target_play_on():
    rules = {"target_points": 100, "paso_redondo_bonus": 10}
    deals = [a_wins(1, 90), b_wins(2, 100, pasos_redondos={"A": 1})]
    out = scored(deals, rules)
    assert out["totals"] == {"A": 100, "B": 100}
    assert (out["finished"], out["ended"], out["extra_hand_needed"]) == (False, None, True)
    out = scored(deals + [b_wins(3, 6)], rules)
    assert (out["finished"], out["ended"], out["winner"], out["extra_hand_needed"]) == (True, "target", "B", False)


def test_time_ends_the_partida_on_unequal_totals():
    out = scored([a_wins(1, 30, time_called=True)])
    assert (out["finished"], out["ended"], out["winner"]) == (True, "time", "A")
    assert out["deals"][0]["time_called"] is True


def test_the_target_comes_before_time():
    out = scored([a_wins(1, 100, time_called=True)], {"target_points": 100})
    assert out["ended"] == "target"


def test_a_tie_at_time_plays_on_under_next_hand():
    out = scored([tie(1, time_called=True)])
    assert (out["finished"], out["ended"], out["extra_hand_needed"]) == (False, None, True)
    out = scored([tie(1, time_called=True), tie(2)])
    assert (out["finished"], out["extra_hand_needed"]) == (False, True)
    out = scored([tie(1, time_called=True), tie(2), b_wins(3, 9)])
    assert (out["finished"], out["ended"], out["winner"], out["extra_hand_needed"]) == (True, "time", "B", False)


def test_a_tie_at_time_is_a_draw_under_draw():
    out = scored([tie(1, time_called=True)], {"time_tie": "draw"})
    assert (out["finished"], out["ended"], out["winner"], out["extra_hand_needed"]) == (True, "time", None, False)
    assert figures(out["pairs"]["A"]) == figures(out["pairs"]["B"]) == (0, 0, 0, 0, 0, 1)


def test_time_may_be_called_with_a_limit_of_one_minute_or_none_refused():
    assert scored([a_wins(1, 30, time_called=True)], {"time_limit_minutes": 1})["ended"] == "time"
    assert scored([a_wins(1, 30, time_called=False)])["finished"] is False
    assert scored([a_wins(1, 30, time_called=None)])["deals"][0]["time_called"] is False


@pytest.mark.parametrize("totals, timed, time_tie, state", [
    ({"A": 200, "B": 199}, False, "next_hand", (True, "target", False)),
    ({"A": 199, "B": 200}, False, "next_hand", (True, "target", False)),
    ({"A": 199, "B": 198}, False, "next_hand", (False, None, False)),
    ({"A": 200, "B": 200}, False, "next_hand", (False, None, True)),
    ({"A": 200, "B": 200}, False, "draw", (False, None, True)),
    ({"A": 10, "B": 11}, True, "next_hand", (True, "time", False)),
    ({"A": 10, "B": 10}, True, "next_hand", (False, None, True)),
    ({"A": 10, "B": 10}, True, "draw", (True, "time", False)),
    ({"A": 250, "B": 10}, True, "draw", (True, "target", False)),
])
def test_partida_state(totals, timed, time_tie, state):
    from engine.rules.latin import LatinOptions

    assert partida_state(LatinOptions(time_tie=time_tie), totals, timed) == state


def test_an_unfinished_partida_has_empty_rows():
    out = scored([H1], indicators={"A": {"chancleta": 2}}, sanctions=[{"player": "A1", "points": 80, "hand": 2}])
    assert out["finished"] is False and out["winner"] is None and out["next_hand"] == 2
    assert out["pairs"]["A"] == {"number": 3, "points_for": None, "points_against": None, "sanction": 80,
                                 "efectividad": None, "won": None, "lost": None, "drawn": None, "bye": None,
                                 "card": "yellow", "withdrawn": None, "chancleta": 2, "zapato": 0}


def test_an_empty_protocol_is_a_partida_not_begun():
    out = scored()
    assert (out["deals"], out["totals"], out["finished"], out["next_hand"]) == ([], {"A": 0, "B": 0}, False, 1)
    assert out["rules"] == {"preset": "latin"} and out["target_points"] == 200
    assert out["ranking_order"] == ["won", "efectividad", "points_for"]


def test_the_scored_partida_says_its_rules_and_sanctions():
    out = scored([H1], {"target_points": 100, "ranking_order": ["lost"]},
                 sanctions=[{"player": "B2", "points": 40, "hand": 1}])
    assert out["rules"] == {"preset": "latin", "target_points": 100, "ranking_order": ["lost"]}
    assert (out["target_points"], out["ranking_order"]) == (100, ["lost"])
    assert out["sanctions"] == [{"player": "B2", "hand": 1, "points": 40, "card": None, "given": "none",
                                 "grave": False}]
    assert out["no_show"] is None


# --- efectividad (§8.2) -----------------------------------------------------------------------------------

@pytest.mark.parametrize("own, other, figure", [
    (205, 55, 145), (55, 205, -145), (200, 199, 1), (199, 200, -1), (250, 250, 0), (117, 52, 65), (52, 117, -65),
    (0, 0, 0), (199, 199, 0),
    (220, 210, -10), (210, 220, 10),    # both past the target: T − the other's, −(T − own) — S1's formula as written
])
def test_plain_efectividad(own, other, figure):
    assert plain_efectividad(200, own, other) == figure


@pytest.mark.parametrize("target, own, other, s, figure", [
    (200, 55, 205, 40, -185),   # L7: adj 15 ≤ 205, max ≥ T: −(T − adj)
    (200, 208, 150, 80, -22),   # L8: adj 128 ≤ 150, max < T: −(r2 − adj)
    (100, 150, 50, 40, 50),     # adj 110 > 50, max ≥ T: T − r2
    (100, 90, 30, 40, 20),      # adj 50 > 30, max < T: adj − r2
    (100, 100, 0, 1, 99),       # adj 99 just below the target: adj − r2
    (100, 90, 50, 40, 0),       # adj 50 = r2, max < T: −(r2 − adj)
    (100, 160, 120, 40, 20),    # adj 120 = r2, max ≥ T: −(T − adj), not T − r2
    (100, 150, 120, 40, 10),    # adj 110 < r2 120, max ≥ T: −(T − adj) is positive, as S1 writes it
    (100, 30, 20, 40, -20),     # adj max(0, −10) = 0: −(20 − 0)
    (100, 10, 0, 40, 0),        # adj 0 = r2 0
])
def test_sanctioned_efectividad(target, own, other, s, figure):
    assert sanctioned_efectividad(target, own, other, s) == figure


# --- the rows (§8.1) ----------------------------------------------------------------------------------------

def test_the_cap_bites_both_rows():
    out, a, b = rows(example("L16"))
    assert figures(a) == (160, 0, 100, 1, 0, 0) and figures(b) == (0, 160, -100, 0, 1, 0)
    data = example("L16")
    data["rules"]["score_cap_pct"] = None
    out, a, b = rows(data)
    assert (a["points_for"], b["points_against"]) == (220, 220)
    data["rules"]["score_cap_pct"] = 219
    out, a, b = rows(data)
    assert (a["points_for"], b["points_against"], out["totals"]["A"]) == (219, 219, 220)


def test_a_40_sanction_on_the_winner_that_still_wins():
    data = example("L1")
    data["sanctions"] = [{"player": "A1", "points": 40, "hand": 4}]
    out, a, b = rows(data)
    # 205 − 40 = 165 > 55: won; max(165, 55) < 200: the figure is 165 − 55 (S1), not 200 − 55.
    assert figures(a) == (205, 55, 110, 1, 0, 0) and a["sanction"] == 40
    assert figures(b) == (55, 205, -145, 0, 1, 0)
    assert out["winner"] == "A"


def test_a_sanction_that_leaves_equal_points_loses():
    data = protocol([a_wins(1, 90), b_wins(2, 50, time_called=True)],
                    sanctions=[{"player": "A2", "points": 40, "hand": 2}])
    out, a, b = rows(data)
    # A 90, B 50 at time: A's 90 − 40 = 50 is not above 50: lost, efectividad −(50 − 50) = 0. B: 50 < 90: lost.
    assert figures(a) == (90, 50, 0, 0, 1, 0)
    assert figures(b) == (50, 90, -40, 0, 1, 0)
    assert out["winner"] is None


def test_symmetric_mode_deducts_first():
    data = example("L9")
    data["sanctions"].append({"player": "B1", "points": 40, "hand": 4})
    out, a, b = rows(data)
    # A 208 − 80 = 128, B 150 − 40 = 110: A wins on points, below the target: the difference.
    assert figures(a) == (128, 110, 18, 1, 0, 0) and figures(b) == (110, 128, -18, 0, 1, 0)
    assert (a["sanction"], b["sanction"], out["winner"]) == (80, 40, "A")


def test_symmetric_mode_deducting_to_equal_points_draws():
    data = protocol([a_wins(1, 90), b_wins(2, 50, time_called=True)], {"sanction_mode": "symmetric"},
                    sanctions=[{"player": "A2", "points": 40, "hand": 2}])
    out, a, b = rows(data)
    assert figures(a) == figures(b) == (50, 50, 0, 0, 0, 1)
    assert out["winner"] is None


def test_symmetric_mode_never_below_zero():
    data = protocol([a_wins(1, 30), b_wins(2, 10, time_called=True)], {"sanction_mode": "symmetric"},
                    sanctions=[{"player": "B2", "points": 40, "hand": 1}])
    out, a, b = rows(data)
    assert figures(a) == (30, 0, 30, 1, 0, 0) and figures(b) == (0, 30, -30, 0, 1, 0)


def test_a_sanction_in_a_drawn_partida():
    data = protocol([tie(1, time_called=True)], {"time_tie": "draw"},
                    sanctions=[{"player": "B1", "points": 40, "hand": 1}])
    out, a, b = rows(data)
    assert figures(a) == (0, 0, 0, 0, 0, 1)
    assert figures(b) == (0, 0, 0, 0, 1, 0) and b["sanction"] == 40


def test_both_pairs_sanctioned_under_mistorneos():
    data = example("L1")
    data["sanctions"] = [{"player": "A1", "points": 80, "hand": 1}, {"player": "B1", "points": 40, "hand": 2}]
    out, a, b = rows(data)
    # A: adj 125 > 55, max 125 < 200: 125 − 55 = 70, won (125 > 55). B: adj 15 ≤ 205, max 205: −(200 − 15).
    assert figures(a) == (205, 55, 70, 1, 0, 0) and figures(b) == (55, 205, -185, 0, 1, 0)
    assert (a["card"], b["card"]) == ("yellow", "none")


# --- cards (§10) -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("prior, entry, card", [
    ("none", {"points": 40}, "none"), ("yellow", {"points": 40}, "yellow"), ("red", {"points": 40}, "red"),
    ("none", {"points": 80}, "yellow"), ("yellow", {"points": 80}, "red"), ("red", {"points": 80}, "black"),
    ("none", {"card": "yellow"}, "yellow"), ("yellow", {"card": "yellow"}, "red"),
    ("red", {"card": "yellow"}, "black"),
])
def test_the_escalation_of_cards(prior, entry, card):
    data = example("L1")
    data["pairs"]["B"]["prior_card"] = prior
    data["sanctions"] = [{"player": "B2", "hand": 2, **entry}]
    out, a, b = rows(data)
    assert (b["card"], b["withdrawn"], out["ended"]) == (card, card == "black", "target")
    assert b["sanction"] == entry.get("points", 0)
    assert (a["card"], a["withdrawn"]) == ("none", False)


def test_the_configured_sanction_values():
    data = example("L1")
    data["rules"].update(sanction_small=10, sanction_large=20)
    data["sanctions"] = [{"player": "B2", "hand": 2, "points": 20}, {"player": "B1", "hand": 2, "points": 10}]
    out, a, b = rows(data)
    assert (b["sanction"], b["card"]) == (30, "yellow")
    data["sanctions"] = [{"player": "B2", "hand": 2, "points": 40}]
    assert refused(data).params == {"value": 40, "small": 10, "large": 20}


def test_each_entry_escalates_from_the_prior_card():
    data = example("L1")
    data["sanctions"] = [{"player": "B1", "points": 80, "hand": 1}, {"player": "B2", "card": "yellow", "hand": 2}]
    out, a, b = rows(data)
    assert (b["card"], b["sanction"]) == ("yellow", 80)


@pytest.mark.parametrize("card", ["red", "black"])
def test_a_direct_card_ends_the_partida(card):
    data = example("L14")
    data["sanctions"] = [{"player": "B2", "card": card, "hand": 2}]
    out, a, b = rows(data)
    assert (out["ended"], out["finished"], out["winner"], out["totals"]) == ("grave_card", True, "A",
                                                                           {"A": 63, "B": 45})
    assert figures(a) == (200, 0, 200, 1, 0, 0) and figures(b) == (0, 200, -200, 0, 1, 0)
    assert (b["card"], b["withdrawn"]) == (card, card == "black")
    assert out["sanctions"][0]["grave"] is True


def test_a_direct_card_in_the_hand_in_play():
    data = example("L14")
    data["sanctions"] = [{"player": "A1", "card": "red", "hand": 3}]
    out, a, b = rows(data)
    assert (out["ended"], out["winner"], len(out["deals"])) == ("grave_card", "B", 2)
    assert out["next_hand"] is None


def test_a_direct_card_in_the_hand_that_reached_the_target():
    data = example("L1")
    data["sanctions"] = [{"player": "A2", "card": "black", "hand": 4}]
    out, a, b = rows(data)
    assert (out["ended"], out["winner"]) == ("grave_card", "B")
    assert figures(a) == (0, 200, -200, 0, 1, 0) and (a["card"], a["withdrawn"]) == ("black", True)


def test_direct_cards_for_both_pairs():
    data = example("L14")
    data["sanctions"] = [{"player": "B2", "card": "red", "hand": 2}, {"player": "A1", "card": "red", "hand": 2}]
    out, a, b = rows(data)
    assert out["ended"] == "grave_card" and out["winner"] is None
    assert figures(a) == figures(b) == (0, 200, -200, 0, 1, 0)


def test_a_grave_card_deducts_no_points_and_its_efectividad_is_rounded_down():
    data = example("L14")
    data["rules"].update(target_points=101, grave_card_efectividad_pct=50)
    data["sanctions"] = [{"player": "B2", "card": "red", "hand": 2}, {"player": "A1", "points": 40, "hand": 1}]
    out, a, b = rows(data)
    assert figures(a) == (101, 0, 50, 1, 0, 0) and a["sanction"] == 0
    assert figures(b) == (0, 101, -101, 0, 1, 0)


def test_an_escalated_red_does_not_end_the_partida():
    out, a, b = rows(example("L8"))
    assert out["ended"] == "target" and a["card"] == "red"
    assert out["sanctions"][0]["grave"] is False and out["sanctions"][0]["given"] == "red"


# --- forfeit and bye (§9) ----------------------------------------------------------------------------------

@pytest.mark.parametrize("target, pct, present", [(200, 50, 100), (101, 50, 50), (1, 50, 0), (99, 100, 99),
                                                  (100, 0, 0), (3, 33, 0), (7, 30, 2)])
def test_a_forfeit_rounds_down(target, pct, present):
    data = protocol(rules={"target_points": target, "forfeit_efectividad_pct": pct}, no_show="A")
    out, a, b = rows(data)
    assert (out["ended"], out["winner"], out["no_show"], out["totals"]) == ("forfeit", "B", "A", {"A": 0, "B": 0})
    assert figures(b) == (target, 0, present, 1, 0, 0) and figures(a) == (0, target, -target, 0, 1, 0)
    assert (a["bye"], b["bye"]) == (0, 0)


def test_a_forfeit_keeps_the_prior_cards_and_counters():
    data = protocol(no_show="B", indicators={"B": {"chancleta": 1}},
                    pairs={"A": {"number": 3, "prior_card": "yellow"}, "B": {"number": 7, "prior_card": "red"}})
    out, a, b = rows(data)
    assert (a["card"], b["card"], b["chancleta"], b["withdrawn"]) == ("yellow", "red", 1, False)


@pytest.mark.parametrize("target, pct, figure", [(200, 50, 100), (101, 50, 51), (1, 50, 1), (99, 100, 99),
                                                 (100, 0, 0), (3, 33, 1), (7, 30, 2), (5, 30, 2), (5, 29, 1)])
def test_a_bye_rounds_half_up(target, pct, figure):
    data = {"format": "domino-protocol/2", "rules": {"preset": "latin", "target_points": target,
                                                      "bye_efectividad_pct": pct},
            "pairs": {"A": {"number": 5, "prior_card": "yellow"}}, "bye": "A", "indicators": {"A": {"zapato": 2}}}
    out = score_protocol(data).to_json()
    assert (out["ended"], out["winner"], out["finished"], out["totals"], out["deals"]) == (
        "bye", "A", True, {"A": 0}, [])
    assert out["pairs"] == {"A": {"number": 5, "points_for": target, "points_against": 0, "sanction": 0,
                                  "efectividad": figure, "won": 1, "lost": 0, "drawn": 0, "bye": 1, "card": "yellow",
                                  "withdrawn": False, "chancleta": 0, "zapato": 2}}


def test_a_bye_may_write_null_for_pair_b_and_empty_lists():
    data = {"format": "domino-protocol/2", "rules": {"preset": "latin"}, "pairs": {"A": {"number": 5}, "B": None},
            "bye": "A", "deals": [], "sanctions": [], "no_show": None}
    assert score_protocol(data).to_json()["pairs"]["A"]["efectividad"] == 100


def test_a_protocol_without_format_is_read():
    data = example("L1")
    del data["format"]
    assert score_protocol(data).to_json()["totals"] == {"A": 205, "B": 55}


def test_the_errors_name_the_hand_and_the_seat():
    err = refused(protocol([H1, dom(2, "A1", {"A2": 9, "B1": 30, "B2": 34}, lead="A2")]))
    assert err.message == "deal 2, seat A2: B1 leads this hand under the rules, not A2"
    err = refused(protocol([H1, dom(2, "A1", {"A2": 9, "B1": 30, "B2": 34}, lead="A2")],
                           {"next_lead": "winner_pair"}))
    assert err.message == ("deal 2, seat A2: a player of pair B, which won the previous hand, leads this one, "
                           "not A2")
    assert isinstance(err, ProtocolError) and err.to_json()["expected"] == "B1 / B2"


def test_a_partida_without_a_time_limit():
    out = scored([H1], {"time_limit_minutes": None})
    assert (out["finished"], out["deals"][0]["time_called"]) == (False, False)
    assert scored([dict(H1, time_called=False)], {"time_limit_minutes": None})["finished"] is False


def test_counters_of_zero_are_copied():
    out = scored(example("L1")["deals"], indicators={"A": {"zapato": 0, "chancleta": 0}, "B": {"zapato": 3}})
    assert [(r["zapato"], r["chancleta"]) for r in out["pairs"].values()] == [(0, 0), (3, 0)]


def test_score_partie_refuses_the_latin_rules():
    from engine.rules import Rules, score_partie

    with pytest.raises(ProtocolError) as err:
        score_partie(Rules.from_config({"preset": "latin"}), [H1])
    assert err.value.to_json() == {
        "code": "latin_needs_protocol", "deal": None, "seat": None,
        "message": "a latin partida is scored from its whole protocol (score_protocol), not from its deals alone",
        "message_ru": "Международное парное домино считается только по протоколу партии целиком"}
    assert err.value.message_es == "El dominó por parejas se anota solo con el acta completa de la partida"
