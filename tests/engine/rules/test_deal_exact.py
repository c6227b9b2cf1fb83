"""One deal pinned exactly: hands, tiles, the table, the three results (RULES.md §1, §4)."""
import pytest

from engine.rules import ProtocolError, Rules, block_points, score_table
from engine.rules.hands import MAX_HAND_PIPS, MAX_TABLE_PIPS, MAX_TILES_IN_HAND, check_table, parse_hand, parse_tile

CLUB = Rules()
FEDERATION = Rules.from_config({"preset": "federation"})


def refused(rules, raw, n=1):
    with pytest.raises(ProtocolError) as info:
        score_table(rules, raw, n)
    return info.value


def hand(raw, lone=10):
    return parse_hand(raw, seat="B1", deal=3, lone_double_blank=lone)


def hand_refused(raw, lone=10):
    with pytest.raises(ProtocolError) as info:
        hand(raw, lone)
    assert (info.value.deal, info.value.seat) == (3, "B1")
    return info.value


# --- tiles -------------------------------------------------------------------------------

@pytest.mark.parametrize("raw, tile", [
    ("2-5", (2, 5)), ("5-2", (2, 5)), ("5:2", (2, 5)), ("5|2", (2, 5)), (" 6 - 6 ", (6, 6)),
    ("0-0", (0, 0)), ([4, 1], (1, 4)), ((0, 6), (0, 6)), ("6-0", (0, 6)),
])
def test_tiles_are_read_and_normalised(raw, tile):
    assert parse_tile(raw, deal=1, seat="A1") == tile


@pytest.mark.parametrize("raw", [
    "7-1", "1-7", [7, 0], [0, 7], [-1, 2], [2, -1], "2-5-1", "25", "a-b", "", 25, None, [1], [1, 2, 3],
    [True, 2], [2, False], [1.0, 2], ["1", "2"], {"a": 1, "b": 2},
])
def test_what_is_not_a_tile_is_refused(raw):
    with pytest.raises(ProtocolError) as info:
        parse_tile(raw, deal=4, seat="A2")
    assert (info.value.code, info.value.deal, info.value.seat) == ("bad_tile", 4, "A2")


def test_bad_tile_names_the_tile():
    with pytest.raises(ProtocolError) as info:
        parse_tile("7-1", deal=1, seat="A1")
    assert info.value.params == {"tile": "7-1"}
    with pytest.raises(ProtocolError) as info:
        parse_tile("x", deal=1, seat="A1")
    assert info.value.params == {"tile": "x"}


# --- hands -------------------------------------------------------------------------------

def test_limits():
    assert (MAX_HAND_PIPS, MAX_TABLE_PIPS, MAX_TILES_IN_HAND) == (69, 168, 7)


def test_counts_within_the_bounds():
    low = hand(1)
    assert (low.seat, low.value, low.face_pips, low.tiles, low.holds_tiles) == ("B1", 1, 1, None, True)
    high = hand(69)
    assert (high.value, high.face_pips, high.holds_tiles) == (69, 69, True)


@pytest.mark.parametrize("raw", [-1, 70, 10**9])
def test_counts_outside_the_bounds_are_refused(raw):
    err = hand_refused(raw)
    assert err.code == "count_out_of_range" and err.params == {"value": raw}


def test_count_zero_is_a_lone_double_blank():
    club = hand(0, lone=10)
    assert club.seat == "B1"
    assert (club.value, club.face_pips, club.tiles, club.holds_tiles) == (10, 0, None, False)
    federation = hand(0, lone=0)
    assert (federation.value, federation.face_pips, federation.holds_tiles) == (0, 0, True)
    custom = hand(0, lone=5)
    assert (custom.value, custom.holds_tiles) == (5, False)


@pytest.mark.parametrize("raw", [True, False, "12", 12.0, {"pips": 3}, None])
def test_what_is_not_a_hand_is_refused(raw):
    assert hand_refused(raw).code == "bad_count"


def test_tiles_in_a_hand():
    h = hand(["6-6", "1-0"])
    assert h.seat == "B1"
    assert (h.value, h.face_pips, h.tiles, h.holds_tiles) == (13, 13, ((6, 6), (0, 1)), True)
    lone = hand(["0-0"], lone=10)
    assert (lone.value, lone.face_pips, lone.tiles, lone.holds_tiles) == (10, 0, ((0, 0),), True)
    with_other = hand(["0-0", "0-1"], lone=10)
    assert with_other.value == 1
    empty = hand([])
    assert (empty.value, empty.face_pips, empty.tiles, empty.holds_tiles) == (0, 0, (), False)
    as_tuple = hand(("3-3",))
    assert as_tuple.value == 6


def test_seven_tiles_at_most():
    seven = ["0-1", "0-2", "0-3", "0-4", "0-5", "0-6", "1-1"]
    assert hand(seven).face_pips == 23
    err = hand_refused(seven + ["1-2"])
    assert err.code == "too_many_tiles" and err.params == {"value": 8}


def test_a_tile_twice_in_one_hand():
    err = hand_refused(["1-2", "3-3", "2-1"])
    assert err.code == "duplicate_tile" and err.params == {"tile": "1-2"}
    err = hand_refused(["3-3", "5-6", "2-1", "6-5"])
    assert err.params == {"tile": "5-6"}
    assert err.message == "deal 3, seat B1: tile 5-6 appears twice"


# --- the table ---------------------------------------------------------------------------

def hands(**raw):
    return {seat: parse_hand(v, seat=seat, deal=2, lone_double_blank=10) for seat, v in raw.items()}


def test_a_tile_in_two_hands_names_both_seats():
    with pytest.raises(ProtocolError) as info:
        check_table(hands(B2=["4-4"], A1=["1-1"], A2=["4-4"]), deal=2)
    err = info.value
    assert (err.code, err.deal, err.seat) == ("duplicate_tile", 2, "B2")
    assert err.params == {"tile": "4-4", "other_seat": "A2"}


def test_a_tile_in_two_hands_is_named_low_high():
    with pytest.raises(ProtocolError) as info:
        check_table(hands(A1=["4-3"], B1=["3-4"]), deal=2)
    assert info.value.params == {"tile": "3-4", "other_seat": "A1"}
    assert info.value.message == "deal 2, seat B1: tile 3-4 is already in A1's hand"


def test_168_pips_at_the_table_is_the_limit():
    check_table(hands(A1=69, A2=69, B1=15, B2=15), deal=2)
    with pytest.raises(ProtocolError) as info:
        check_table(hands(A1=69, A2=69, B1=15, B2=16), deal=2)
    err = info.value
    assert (err.code, err.seat, err.params) == ("table_over_168", "A1", {"value": 169})
    with pytest.raises(ProtocolError) as info:
        check_table(hands(A1=30, A2=40, B1=69, B2=69), deal=2)
    assert info.value.seat == "B1"
    with pytest.raises(ProtocolError) as info:
        check_table(hands(A1=30, A2=40, B1=50, B2=69), deal=2)
    assert info.value.seat == "B2"


def test_the_table_limit_counts_faces_not_values():
    # A lone 0-0 scores 10 in the club preset, but holds no pips on the table.
    check_table(hands(A1=69, A2=69, B1=30, B2=0), deal=2)


# --- block points -------------------------------------------------------------------------

@pytest.mark.parametrize("scoring, a, b, expected", [
    ("difference", 10, 25, (15, 0)), ("difference", 25, 10, (0, 15)),
    ("all", 10, 25, (35, 0)), ("all", 25, 10, (0, 35)),
    ("opponents", 10, 25, (25, 0)), ("opponents", 25, 10, (0, 25)),
    ("difference", 12, 12, (0, 0)), ("all", 12, 12, (0, 0)), ("opponents", 12, 12, (0, 0)),
    ("difference", 0, 1, (1, 0)), ("all", 1, 0, (0, 1)),
])
def test_block_points(scoring, a, b, expected):
    assert block_points(Rules.from_config({"block_scoring": scoring}), a, b) == expected


# --- score_table ---------------------------------------------------------------------------

def test_domino_in_the_club_preset():
    t = score_table(CLUB, {"result": "domino", "out": "A1", "hands": {"A2": 5, "B1": 10, "B2": 23}}, 3)
    assert (t.n, t.result, t.points_a, t.points_b, t.out, t.offender, t.imposed) == (3, "domino", 33, 0, "A1", None, False)
    assert t.pips == {"B": 33, "A": 5}
    assert t.winner == "A"


def test_domino_by_b_with_the_partner_counted():
    t = score_table(FEDERATION, {"result": "domino", "out": "B2", "hands": {"A1": 5, "A2": 6, "B1": 7}}, 1)
    assert (t.points_a, t.points_b, t.winner) == (0, 18, "B")
    assert t.pips == {"A": 11, "B": 7}


def test_domino_partner_not_given_in_the_club_preset():
    t = score_table(CLUB, {"result": "domino", "out": "B1", "hands": {"A1": 5, "A2": 6}}, 1)
    assert (t.points_a, t.points_b) == (0, 11)
    assert t.pips == {"A": 11, "B": None}


def test_domino_partner_given_is_checked_even_when_not_counted():
    err = refused(CLUB, {"result": "domino", "out": "B1", "hands": {"A1": 5, "A2": 6, "B2": []}})
    assert (err.code, err.seat) == ("empty_hand", "B2")


def test_domino_needs_the_partner_when_he_counts():
    err = refused(FEDERATION, {"result": "domino", "out": "B1", "hands": {"A1": 5, "A2": 6}}, 2)
    assert (err.code, err.deal, err.seat) == ("missing_hand", 2, "B2")
    assert "partner" in err.message


@pytest.mark.parametrize("out_hand", [0, [], None])
def test_the_player_who_went_out_may_be_empty(out_hand):
    raw = {"A2": 5, "B1": 10, "B2": 23}
    if out_hand is not None:
        raw["A1"] = out_hand
    t = score_table(CLUB, {"result": "domino", "out": "A1", "hands": raw}, 1)
    assert t.points_a == 33


@pytest.mark.parametrize("out_hand", [5, ["0-0"], ["1-2"]])
def test_the_player_who_went_out_holds_nothing(out_hand):
    err = refused(CLUB, {"result": "domino", "out": "A1", "hands": {"A1": out_hand, "A2": 5, "B1": 1, "B2": 2}})
    assert (err.code, err.seat) == ("out_holds_tiles", "A1")


def test_domino_needs_the_losing_pair():
    err = refused(CLUB, {"result": "domino", "out": "A1", "hands": {"A2": 5, "B1": 10}})
    assert (err.code, err.seat) == ("missing_hand", "B2")
    err = refused(CLUB, {"result": "domino", "out": "A1", "hands": {"B1": 0, "B2": 3}})
    assert (err.code, err.seat) == ("empty_hand", "B1")


@pytest.mark.parametrize("out", [None, "C1", "a1", 1])
def test_domino_needs_a_seat_out(out):
    err = refused(CLUB, {"result": "domino", "out": out, "hands": {"B1": 1, "B2": 2}}, 6)
    assert (err.code, err.deal, err.params) == ("bad_seat", 6, {"field": "out"})


def test_block_by_the_rules():
    t = score_table(CLUB, {"result": "block", "hands": {"A1": 3, "A2": 4, "B1": 10, "B2": 9}}, 2)
    assert (t.points_a, t.points_b, t.pips, t.out, t.offender, t.imposed) == (12, 0, {"A": 7, "B": 19}, None, None, False)
    assert (t.n, t.result) == (2, "block")
    t = score_table(FEDERATION, {"result": "block", "hands": {"A1": 3, "A2": 4, "B1": 10, "B2": 9}}, 2)
    assert (t.points_a, t.points_b) == (26, 0)
    t = score_table(CLUB, {"result": "block", "hands": {"A1": 30, "A2": 4, "B1": 10, "B2": 9}}, 2)
    assert (t.points_a, t.points_b, t.winner) == (0, 15, "B")


def test_block_counts_a_lone_double_blank_as_ten_in_the_club_preset():
    t = score_table(CLUB, {"result": "block", "hands": {"A1": ["0-0"], "A2": 4, "B1": 10, "B2": 9}}, 2)
    assert t.pips == {"A": 14, "B": 19}


@pytest.mark.parametrize("given, missing", [
    ({"A1": 1}, "B1"), ({"A1": 1, "B1": 1}, "A2"), ({"A1": 1, "B1": 1, "A2": 1}, "B2"), ({"B2": 1}, "A1"),
])
def test_block_needs_all_four_hands_named_in_order_of_play(given, missing):
    err = refused(CLUB, {"result": "block", "hands": given})
    assert (err.code, err.seat) == ("missing_hand", missing)


def test_block_refuses_an_empty_hand():
    err = refused(CLUB, {"result": "block", "hands": {"A1": 1, "A2": 0, "B1": 1, "B2": 1}})
    assert (err.code, err.seat) == ("empty_hand", "A2")
    t = score_table(FEDERATION, {"result": "block", "hands": {"A1": 1, "A2": 0, "B1": 1, "B2": 1}}, 1)
    assert t.pips == {"A": 1, "B": 2}


@pytest.mark.parametrize("offender, expected", [("A1", (0, 10)), ("A2", (0, 10)), ("B1", (10, 0)), ("B2", (10, 0))])
def test_wrong_pass(offender, expected):
    t = score_table(CLUB, {"result": "wrong_pass", "offender": offender}, 4)
    assert (t.points_a, t.points_b) == expected
    assert (t.imposed, t.offender, t.out, t.pips, t.result, t.n) == (True, offender, None, {"A": None, "B": None},
                                                                     "wrong_pass", 4)


def test_wrong_pass_points_follow_the_rules():
    rules = Rules.from_config({"wrong_pass_points": 25})
    assert score_table(rules, {"result": "wrong_pass", "offender": "B2"}, 1).points_a == 25


@pytest.mark.parametrize("raw_hands, code", [
    ({"A1": 70}, "count_out_of_range"),
    ({"A1": ["7-1"]}, "bad_tile"),
    ({"A1": ["1-1"], "B1": ["1-1"]}, "duplicate_tile"),
    ({"C1": 5}, "bad_seat"),
    ([5, 5], "bad_hands"),
    ({"A1": 69, "A2": 69, "B1": 31}, "table_over_168"),
])
def test_hands_given_with_a_wrong_pass_are_still_validated(raw_hands, code):
    err = refused(CLUB, {"result": "wrong_pass", "offender": "A1", "hands": raw_hands}, 7)
    assert (err.code, err.deal) == (code, 7)


def test_hands_given_with_a_wrong_pass_are_not_counted():
    t = score_table(CLUB, {"result": "wrong_pass", "offender": "A1", "hands": {"B1": 0, "A1": 20}}, 1)
    assert (t.points_a, t.points_b) == (0, 10)


@pytest.mark.parametrize("offender", [None, "B3", "b1"])
def test_wrong_pass_needs_an_offender_seat(offender):
    err = refused(CLUB, {"result": "wrong_pass", "offender": offender})
    assert (err.code, err.params) == ("bad_seat", {"field": "offender"})


@pytest.mark.parametrize("result", [None, "fish", "Domino", ""])
def test_unknown_result(result):
    err = refused(CLUB, {"result": result}, 9)
    assert (err.code, err.deal) == ("bad_result", 9)


def test_hands_must_map_seats():
    err = refused(CLUB, {"result": "block", "hands": "A1=5"})
    assert err.code == "bad_hands"
    err = refused(CLUB, {"result": "block", "hands": {"A3": 5}})
    assert (err.code, err.seat) == ("bad_seat", "A3")
    err = refused(CLUB, {"result": "block"})
    assert (err.code, err.seat) == ("missing_hand", "A1")


def test_table_result_winner():
    from engine.rules.deal import TableResult

    assert TableResult(1, "block", 3, 2, {}).winner == "A"
    assert TableResult(1, "block", 2, 3, {}).winner == "B"
    assert TableResult(1, "block", 2, 2, {}).winner is None
