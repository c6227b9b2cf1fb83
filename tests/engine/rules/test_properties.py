"""Properties of the engine over random valid protocols (hypothesis)."""
import json
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.rules import CLOCKWISE, Rules, lead_and_shuffle, score_protocol

ALL_TILES = [(a, b) for a in range(7) for b in range(a, 7)]
SEATS = ("A1", "A2", "B1", "B2")


@st.composite
def deal(draw, n):
    """A possible deal: tiles dealt from one set, some played, hands as tiles or counts."""
    order = draw(st.permutations(ALL_TILES))
    result = draw(st.sampled_from(["domino", "block", "wrong_pass"]))
    if result == "wrong_pass":
        return {"n": n, "result": "wrong_pass", "offender": draw(st.sampled_from(SEATS))}
    out = draw(st.sampled_from(SEATS)) if result == "domino" else None
    hands = {}
    for i, seat in enumerate(SEATS):
        dealt = order[7 * i: 7 * i + 7]
        if seat == out:
            continue
        left = dealt[: draw(st.integers(1, 7))]
        as_tiles = draw(st.booleans())
        if as_tiles:
            hands[seat] = [f"{a}-{b}" for a, b in left]
        else:
            face = sum(a + b for a, b in left)
            hands[seat] = 10 if left == [(0, 0)] else face
            if hands[seat] == 0:
                hands[seat] = ["0-0"]
    data = {"n": n, "result": result, "hands": hands}
    if out:
        data["out"] = out
    return data


@st.composite
def protocols(draw):
    preset = draw(st.sampled_from(["pusto-shest", "federation"]))
    rules = {"preset": preset}
    if preset == "federation":
        rules["target_points"] = 10_000  # keep playing: the length is what the test draws
        rules["lone_double_blank"] = 10
    else:
        rules["deals_per_partie"] = 400
    k = draw(st.integers(0, 12))
    deals = [draw(deal(n)) for n in range(1, k + 1)]
    remarks = []
    per_side = Counter()
    if k:
        for _ in range(draw(st.integers(0, 5))):
            seat = draw(st.sampled_from(SEATS))
            per_side[seat[0]] += 1
            if per_side[seat[0]] <= 2:  # stays below disqualification (prior ≤ 2)
                remarks.append({"deal": draw(st.integers(1, k)), "player": seat, "reason": "time"})
    prior = (draw(st.integers(0, 2)), draw(st.integers(0, 2)))
    return {"format": "domino-protocol/1", "rules": rules,
            "pairs": {"A": {"number": 1, "prior_remarks": prior[0]}, "B": {"number": 2, "prior_remarks": prior[1]}},
            "deals": deals, "remarks": remarks, "no_show": None}


@settings(max_examples=150, deadline=None)
@given(protocols())
def test_points_never_negative_one_winner_and_totals_are_sums(data):
    result = score_protocol(data)
    for d in result.deals:
        assert d.points_a >= 0 and d.points_b >= 0
        assert d.winner in ("A", "B", None)
        if d.winner == "A":
            assert d.points_a > d.points_b
        elif d.winner == "B":
            assert d.points_b > d.points_a
        else:
            assert d.points_a == d.points_b
    if not result.disqualified:
        assert result.totals_a == sum(d.points_a for d in result.deals)
        assert result.totals_b == sum(d.points_b for d in result.deals)
    else:
        loser = result.disqualified
        assert {"A": result.totals_a, "B": result.totals_b}[loser] == 0


@settings(max_examples=150, deadline=None)
@given(protocols())
def test_serialised_and_parsed_back_scores_the_same(data):
    again = json.loads(json.dumps(data, ensure_ascii=False))
    assert score_protocol(again).to_json() == score_protocol(data).to_json()


@settings(max_examples=100, deadline=None)
@given(protocols())
def test_without_remarks_a_deal_has_at_most_one_scoring_pair(data):
    data["remarks"] = []
    for d in score_protocol(data).deals:
        assert d.points_a == 0 or d.points_b == 0


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 30), st.sampled_from(CLOCKWISE))
def test_over_4k_deals_every_seat_leads_and_shuffles_k_times(k, first):
    leads = Counter(lead_and_shuffle(n, first)[0] for n in range(1, 4 * k + 1))
    shuffles = Counter(lead_and_shuffle(n, first)[1] for n in range(1, 4 * k + 1))
    assert leads == {seat: k for seat in CLOCKWISE}
    assert shuffles == {seat: k for seat in CLOCKWISE}
    for n in range(1, 4 * k + 1):
        lead, shuffle = lead_and_shuffle(n, first)
        assert lead[0] != shuffle[0]  # the shuffler is of the pair that does not lead


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["pusto-shest", "federation"]), st.integers(1, 20), st.booleans(),
       st.sampled_from(["difference", "all", "opponents"]))
def test_rules_config_round_trip(preset, quarters, extra, block_scoring):
    rules = Rules.from_config({"preset": preset, "deals_per_partie": 4 * quarters, "extra_deal_on_tie": extra,
                               "block_scoring": block_scoring})
    assert Rules.from_config(rules.to_config()) == rules


@settings(max_examples=80, deadline=None)
@given(st.data())
def test_tiles_and_counts_score_the_same(data):
    proto = data.draw(protocols())
    as_counts = json.loads(json.dumps(proto))
    lone = Rules.from_config(proto["rules"]).lone_double_blank
    for d in as_counts["deals"]:
        for seat, hand in list(d.get("hands", {}).items()):
            if isinstance(hand, list):
                tiles = [tuple(int(x) for x in t.split("-")) for t in hand]
                d["hands"][seat] = lone if tiles == [(0, 0)] else sum(a + b for a, b in tiles)
                if d["hands"][seat] == 0:
                    d["hands"][seat] = hand
    assert [(x.points_a, x.points_b) for x in score_protocol(as_counts).deals] == \
        [(x.points_a, x.points_b) for x in score_protocol(proto).deals]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([{"preset": "pusto-shest"}, {"preset": "federation"},
                                                 {"preset": "pusto-shest", "deals_per_partie": 8}]))
def test_generated_parties_are_valid_and_finished(seed, config):
    import random

    from engine.rules import score_partie
    from engine.rules.generate import random_partie

    rules = Rules.from_config(config)
    deals, remarks = random_partie(random.Random(seed), rules)
    result = score_partie(rules, deals, remarks)
    assert result.finished and result.winner in ("A", "B")
    if rules.partie_length == "deals":
        assert len(deals) >= rules.deals_per_partie
    else:
        assert max(result.totals_a, result.totals_b) >= rules.target_points


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 200) | st.floats(allow_nan=False) | st.sampled_from(
        ["A1", "B2", "C1", "0-0", "6-6", "7-1", "domino", "block", "wrong_pass", ""]),
    lambda children: st.lists(children, max_size=8) | st.dictionaries(
        st.sampled_from(["n", "result", "out", "offender", "hands", "A1", "A2", "B1", "B2", "deal", "player"]),
        children, max_size=5),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(st.lists(JSONISH, max_size=5), st.lists(JSONISH, max_size=3), JSONISH)
def test_any_input_is_scored_or_refused_with_a_protocol_error(deals, remarks, no_show):
    from engine.rules import ProtocolError

    data = {"rules": {"preset": "pusto-shest"}, "deals": deals, "remarks": remarks,
            "no_show": no_show if no_show in (None, "A", "B") else None}
    try:
        score_protocol(data)
    except ProtocolError as exc:
        assert exc.message and exc.message_ru
