"""Properties of the partnership game over random partidas (hypothesis).

* the running totals are the sums of the hands' points, and the partida's totals the last running totals;
* a finished partida without sanctions has one winner or none; each row is won, lost or drawn, once;
* the two rows' efectividad of a finished partida without sanctions sum to 0 (capped or not);
* no row shows more points than the cap;
* the lead rotates through the order of play under ``rotate``;
* any input is scored or refused with a ProtocolError — never another exception.
"""
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.rules import ProtocolError, score_protocol

from .latin_helpers import ROTATION

SEATS = ("A1", "A2", "B1", "B2")
OPTIONS = st.fixed_dictionaries({
    "target_points": st.sampled_from([50, 100, 150, 200]),
    "domino_points": st.sampled_from(["all_in_play", "opponents"]),
    "tranque_winner": st.sampled_from(["pair_total", "lowest_player"]),
    "tranque_points": st.sampled_from(["all_in_play", "opponents", "difference"]),
    "tranque_tie": st.sampled_from(["no_points", "leading_pair", "fisher_pair"]),
    "paso_redondo_bonus": st.sampled_from([0, 25]),
    "score_cap_pct": st.sampled_from([None, 100, 120, 160]),
    "time_tie": st.sampled_from(["next_hand", "draw"]),
    "sanction_mode": st.sampled_from(["mistorneos", "symmetric"]),
})


@st.composite
def hand(draw, n):
    pips = st.integers(0, 25)
    pasos = draw(st.fixed_dictionaries({"A": st.integers(0, 2), "B": st.integers(0, 2)}))
    time_called = draw(st.booleans()) and draw(st.booleans())
    if draw(st.booleans()):
        out = draw(st.sampled_from(SEATS))
        hands = {seat: draw(pips) for seat in SEATS if seat != out}
        deal = {"n": n, "result": "domino", "out": out, "hands": hands}
    else:
        deal = {"n": n, "result": "block", "fisher": draw(st.sampled_from(SEATS)),
                "hands": {seat: draw(pips) for seat in SEATS}}
    deal.update(pasos_redondos=pasos, time_called=time_called)
    return deal


@st.composite
def partida(draw):
    rules = {"preset": "latin", **draw(OPTIONS)}
    count = draw(st.integers(0, 12))
    deals = [draw(hand(n)) for n in range(1, count + 1)]
    if deals:
        deals[0]["lead"] = draw(st.sampled_from(SEATS))
    return {"format": "domino-protocol/2", "rules": rules, "pairs": {"A": {"number": 1}, "B": {"number": 2}},
            "deals": deals}


def played(data):
    """The protocol scored, cut at the hand after which the partida ended (or the second time call)."""
    while True:
        try:
            return data, score_protocol(data).to_json()
        except ProtocolError as err:
            assert err.code in ("deal_outside_partie", "time_called_twice"), err.to_json()
            data = {**data, "deals": data["deals"][: err.deal - 1]}


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(partida())
def test_running_totals_are_the_sums_of_the_points(data):
    data, out = played(data)
    running = {"A": 0, "B": 0}
    for deal in out["deals"]:
        running = {side: running[side] + deal["points"][side] for side in running}
        assert deal["running"] == running
        assert min(deal["points"].values()) >= 0
    assert out["totals"] == running


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(partida())
def test_the_rows_of_a_finished_partida(data):
    data, out = played(data)
    rules = data["rules"]
    cap = None if rules["score_cap_pct"] is None else (rules["target_points"] * rules["score_cap_pct"] * 2 + 100) // 200
    if not out["finished"]:
        assert all(row["won"] is None for row in out["pairs"].values())
        assert out["winner"] is None
        return
    a, b = out["pairs"]["A"], out["pairs"]["B"]
    assert a["efectividad"] + b["efectividad"] == 0
    assert (a["points_for"], a["points_against"]) == (b["points_against"], b["points_for"])
    for row in (a, b):
        assert row["won"] + row["lost"] + row["drawn"] == 1
        assert cap is None or row["points_for"] <= cap
    assert a["won"] + b["won"] <= 1
    assert out["winner"] == ("A" if a["won"] else "B" if b["won"] else None)
    assert (a["drawn"] == 1) == (b["drawn"] == 1)
    if out["ended"] == "target":
        assert max(out["totals"].values()) >= rules["target_points"]
    else:
        assert out["ended"] == "time" and any(d["time_called"] for d in out["deals"])


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(partida())
def test_the_lead_rotates(data):
    data, out = played(data)
    leads = [d["lead"] for d in out["deals"]]
    if leads:
        start = ROTATION.index(leads[0])
        assert leads == [ROTATION[(start + i) % 4] for i in range(len(leads))]


JUNK = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-200, 500), st.sampled_from(
        ["A1", "B2", "A", "B", "6-6", "9-9", "0-0", "2-5", "domino", "block", "latin", "red", "yellow", "x"])),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.sampled_from(
        ["n", "result", "lead", "out", "fisher", "hands", "A1", "A2", "B1", "B2", "A", "B", "out_tile", "ends",
         "lead_tile", "pasos_redondos", "time_called", "player", "points", "card", "hand", "number",
         "prior_card"]), inner, max_size=5)),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.fixed_dictionaries({"rules": st.just({"preset": "latin"}), "pairs": JUNK, "deals": JUNK,
                              "sanctions": JUNK, "no_show": JUNK, "bye": JUNK, "indicators": JUNK}))
def test_any_input_is_scored_or_refused(data):
    try:
        out = score_protocol(data)
    except ProtocolError as err:
        assert err.code and err.message_ru and err.message_es
    else:
        assert isinstance(out.to_json(), dict)
