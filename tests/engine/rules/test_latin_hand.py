"""RULES-LATIN.md §1, §3–§5: one hand of the partnership game — what is counted, who wins, what each option
changes, and the bounds of counts and tiles."""
import pytest

from engine.rules import ProtocolError
from engine.rules.latin import LatinOptions
from engine.rules.latin.hand import score_hand, tranque_winner
from engine.rules.latin.tiles import SETS, Hand, TileSet, parse_hand, read_hands

from .latin_helpers import H1, blk, dom, scored


def first(deal, rules=None, **extra):
    return scored([deal], rules, **extra)["deals"][0]


def points(deal, rules=None):
    hand = first(deal, rules)
    return hand["winner"], hand["points"]["A"], hand["points"]["B"]


def score(deal, lead="A1", **options):
    return score_hand(LatinOptions(**options), deal, deal["n"], lead)


# --- the domino (§3) ----------------------------------------------------------------------------------

def test_all_in_play_counts_the_partners_hand():
    assert points(H1) == ("B", 0, 55)
    assert points(H1, {"domino_points": "opponents"}) == ("B", 0, 43)


def test_opponents_may_leave_the_partner_out_but_not_empty():
    assert points(dom(1, "B1", {"A1": 25, "A2": 18}), {"domino_points": "opponents"}) == ("B", 0, 43)
    with pytest.raises(ProtocolError) as err:
        score(dom(1, "B1", {"A1": 25, "A2": 18, "B2": []}), domino_points="opponents")
    assert (err.value.code, err.value.seat) == ("empty_tile_list", "B2")


@pytest.mark.parametrize("nothing", [0, []])
def test_the_player_out_may_be_written_with_nothing(nothing):
    assert points(dom(1, "A2", {"A2": nothing, "A1": 1, "B1": 2, "B2": 3})) == ("A", 6, 0)


@pytest.mark.parametrize("something", [1, ["0-0"]])
def test_the_player_out_holding_a_tile_is_refused(something):
    with pytest.raises(ProtocolError) as err:
        score(dom(1, "A2", {"A2": something, "A1": 1, "B1": 2, "B2": 3}))
    assert (err.value.code, err.value.seat) == ("out_holds_tiles", "A2")


def test_a_count_of_0_is_a_lone_double_blank():
    assert points(dom(1, "B1", {"A1": 0, "A2": 0, "B2": 0})) == ("B", 0, 0)
    assert points(dom(1, "B1", {"A1": ["0-0"], "A2": 1, "B2": 2})) == ("B", 0, 3)


def test_tiles_count_their_pips():
    assert points(dom(1, "A1", {"A2": ["6-6", "5-4"], "B1": [" 2 - 5 "], "B2": ["0-1"]})) == ("A", 29, 0)


@pytest.mark.parametrize("count", [69, 0])
def test_a_double_six_hand_holds_0_to_69(count):
    assert parse_hand(count, SETS["double_six"], seat="A1", deal=1).pips == count


def test_the_bounds_of_a_double_nine_hand():
    nine = SETS["double_nine"]
    assert parse_hand(152, nine, seat="A1", deal=1).pips == 152
    ten = ["9-9", "9-8", "9-7", "8-8", "9-6", "8-7", "9-5", "8-6", "7-7", "9-4"]
    hand = parse_hand(ten, nine, seat="A1", deal=1)
    assert (hand.pips, len(hand.tiles)) == (152, 10)
    with pytest.raises(ProtocolError) as err:
        parse_hand(ten + ["0-0"], nine, seat="A1", deal=1)
    assert (err.value.code, err.value.params) == ("hand_too_many_tiles", {"value": 11, "max": 10})


def test_seven_tiles_fit_a_double_six_hand():
    seven = ["6-6", "6-5", "6-4", "5-5", "6-3", "5-4", "6-2"]
    assert parse_hand(seven, SETS["double_six"], seat="B2", deal=3) == Hand("B2", 69, (
        (6, 6), (5, 6), (4, 6), (5, 5), (3, 6), (4, 5), (2, 6)))
    with pytest.raises(ProtocolError) as err:
        parse_hand(seven + ["0-0"], SETS["double_six"], seat="B2", deal=3)
    assert (err.value.code, err.value.deal, err.value.seat, err.value.params) == (
        "hand_too_many_tiles", 3, "B2", {"value": 8, "max": 7})


def test_the_set_bounds():
    assert SETS["double_six"] == TileSet("double_six", 6, 7, 69, 168)
    assert SETS["double_nine"] == TileSet("double_nine", 9, 10, 152, 433)


@pytest.mark.parametrize("tile_set, total, refused", [
    ("double_six", 168, False), ("double_six", 169, True), ("double_nine", 433, False), ("double_nine", 434, True),
])
def test_the_table_holds_at_most_168_or_433(tile_set, total, refused):
    top = SETS[tile_set].max_hand_pips
    raw = {"A1": top, "A2": top, "B1": total - 2 * top}
    if refused:
        with pytest.raises(ProtocolError) as err:
            read_hands(raw, SETS[tile_set], deal=2)
        assert (err.value.code, err.value.deal, err.value.seat, err.value.params) == (
            "table_over_max", 2, None, {"value": total, "max": total - 1})
    else:
        assert sum(h.pips for h in read_hands(raw, SETS[tile_set], deal=2).values()) == total


def test_nine_is_a_tile_of_the_double_nine_set_only():
    assert parse_hand(["9-9"], SETS["double_nine"], seat="A1", deal=1).pips == 18
    with pytest.raises(ProtocolError) as err:
        parse_hand(["6-7"], SETS["double_six"], seat="A1", deal=1)
    assert (err.value.code, err.value.params) == ("tile_outside_set", {"tile": "6-7", "top": 6})
    with pytest.raises(ProtocolError) as err:
        parse_hand(["10-1"], SETS["double_nine"], seat="A1", deal=1)
    assert (err.value.code, err.value.params) == ("bad_tile_text", {"tile": "10-1"})


def test_a_tile_twice_in_one_hand():
    with pytest.raises(ProtocolError) as err:
        read_hands({"B1": ["3-4", "4-3"]}, SETS["double_six"], deal=1)
    assert (err.value.code, err.value.seat, err.value.message) == (
        "duplicate_tile", "B1", "deal 1, seat B1: tile 3-4 is twice in this hand")
    with pytest.raises(ProtocolError) as err:
        read_hands({"B2": ["3-4"], "A1": ["4-3"]}, SETS["double_six"], deal=1)
    assert (err.value.code, err.value.seat, err.value.message) == (
        "duplicate_tile", "B2", "deal 1, seat B2: tile 3-4 is already in A1's hand")


# --- the capicúa (§5) ---------------------------------------------------------------------------------

CAP = dict(out_tile="2-5", ends=[5, 2])


@pytest.mark.parametrize("tile, ends, capicua", [
    ("2-5", [5, 2], True), ("5-2", [2, 5], True), ("0-6", [6, 0], True), ("2-5", [2, 2], True), ("3-6", [3, 3], True),
    ("4-4", [4, 1], False), ("4-4", [4, 4], False), ("2-5", [5, 1], False), ("2-5", [1, 2], False),
])
def test_the_capicua_is_each_end_on_the_tile_and_no_double(tile, ends, capicua):
    hand = first(dom(1, "A1", {"A2": 1, "B1": 2, "B2": 3}, out_tile=tile, ends=ends))
    assert hand["capicua"] is capicua
    assert hand["points"] == {"A": 6, "B": 0}   # capicúa off: nothing added


@pytest.mark.parametrize("rules, a", [
    ({"capicua": "off"}, 6), ({"capicua": "add"}, 31), ({"capicua": "add", "capicua_bonus": 0}, 6),
    ({"capicua": "add", "capicua_bonus": 200}, 206), ({"capicua": "double"}, 12),
])
def test_what_a_capicua_scores(rules, a):
    assert points(dom(1, "A1", {"A2": 1, "B1": 2, "B2": 3}, **CAP), rules) == ("A", a, 0)


@pytest.mark.parametrize("capicua", ["add", "double"])
def test_no_capicua_scores_nothing_more(capicua):
    assert points(dom(1, "A1", {"A2": 1, "B1": 2, "B2": 3}, out_tile="4-4", ends=[4, 1]), {"capicua": capicua}) == (
        "A", 6, 0)


def test_a_domino_without_its_last_tile_is_no_capicua():
    hand = first(dom(1, "A1", {"A2": 1, "B1": 2, "B2": 3}, out_tile="2-5"))
    assert hand["capicua"] is False and hand["points"]["A"] == 6


def test_double_doubles_the_domino_not_the_pasos_redondos():
    deal = dom(1, "A1", {"A2": 1, "B1": 2, "B2": 3}, pasos_redondos={"A": 1, "B": 2}, **CAP)
    assert points(deal, {"capicua": "double", "paso_redondo_bonus": 10}) == ("A", 22, 20)


# --- the tranque (§4) ---------------------------------------------------------------------------------

def test_the_lower_pair_total_wins_and_scores_all_in_play():
    hand = first(blk(1, "A2", 8, 6, 15, 11))
    assert (hand["winner"], hand["points"], hand["tie"], hand["fisher"]) == ("A", {"A": 40, "B": 0}, False, "A2")
    assert first(blk(1, "A2", 15, 11, 8, 6))["winner"] == "B"


@pytest.mark.parametrize("mode, a", [("all_in_play", 40), ("opponents", 26), ("difference", 12)])
def test_what_a_tranque_scores(mode, a):
    assert points(blk(1, "A2", 8, 6, 15, 11), {"tranque_points": mode}) == ("A", a, 0)


@pytest.mark.parametrize("tie, winner, b", [("no_points", None, 0), ("leading_pair", "B", 44),
                                            ("fisher_pair", "A", 0)])
def test_a_tied_tranque(tie, winner, b):
    hand = first(blk(1, "A1", 10, 12, 7, 15, lead="B2"), {"tranque_tie": tie})
    assert (hand["winner"], hand["tie"]) == (winner, True)
    assert hand["points"]["B"] == b
    assert hand["points"]["A"] == (44 if winner == "A" else 0)


def test_a_tied_tranque_won_by_the_leaders_scores_by_tranque_points():
    rules = {"tranque_tie": "leading_pair", "tranque_points": "opponents"}
    assert points(blk(1, "A1", 10, 12, 7, 15, lead="A1"), rules) == ("A", 22, 0)
    rules["tranque_points"] = "difference"
    assert points(blk(1, "A1", 10, 12, 7, 15, lead="A1"), rules) == ("A", 0, 0)


def test_lowest_player_wins_for_his_pair():
    rules = {"tranque_winner": "lowest_player"}
    assert points(blk(1, "B2", 2, 40, 10, 12), rules) == ("A", 64, 0)
    assert points(blk(1, "B2", 2, 40, 10, 12), {**rules, "tranque_points": "difference"}) == ("A", 0, 0)
    assert points(blk(1, "B2", 2, 40, 10, 12), {**rules, "tranque_points": "opponents"}) == ("A", 22, 0)
    assert points(blk(1, "B2", 12, 10, 40, 2), rules) == ("B", 0, 64)


def test_lowest_player_shared_within_a_pair_is_no_tie():
    hand = first(blk(1, "B2", 3, 3, 10, 12), {"tranque_winner": "lowest_player"})
    assert (hand["winner"], hand["tie"]) == ("A", False)


def test_lowest_player_shared_across_the_pairs_is_a_tie():
    hand = first(blk(1, "B2", 3, 30, 3, 12), {"tranque_winner": "lowest_player"})
    assert (hand["winner"], hand["tie"], hand["points"]) == (None, True, {"A": 0, "B": 0})


def test_tranque_winner_directly():
    hands = {s: Hand(s, p, None) for s, p in (("A1", 5), ("A2", 5), ("B1", 4), ("B2", 7))}
    assert tranque_winner(LatinOptions(), hands, {"A": 10, "B": 11}) == "A"
    assert tranque_winner(LatinOptions(), hands, {"A": 11, "B": 10}) == "B"
    assert tranque_winner(LatinOptions(), hands, {"A": 10, "B": 10}) is None
    assert tranque_winner(LatinOptions(tranque_winner="lowest_player"), hands, {"A": 10, "B": 11}) == "B"


# --- pasos redondos (§5) ------------------------------------------------------------------------------

def test_each_paso_redondo_earns_the_bonus_even_in_a_lost_hand():
    deal = dict(H1, pasos_redondos={"A": 2})
    assert points(deal, {"paso_redondo_bonus": 25}) == ("B", 50, 55)
    assert points(deal, {"paso_redondo_bonus": 1}) == ("B", 2, 55)
    assert points(deal) == ("B", 0, 55)                      # the bonus off: counted, worth nothing


def test_pasos_redondos_score_in_a_tied_tranque():
    deal = blk(1, "A1", 10, 12, 7, 15, pasos_redondos={"A": 0, "B": 30})
    hand = first(deal, {"paso_redondo_bonus": 200})
    assert (hand["winner"], hand["points"]) == (None, {"A": 0, "B": 6000})


def test_the_scored_hand_of_a_domino_and_of_a_tranque():
    assert first(H1) == {"n": 1, "lead": "A1", "result": "domino", "winner": "B", "out": "B1", "capicua": False,
                         "fisher": None, "tie": False, "points": {"A": 0, "B": 55}, "running": {"A": 0, "B": 55},
                         "time_called": False}
    assert first(blk(1, "A2", 8, 6, 15, 11)) == {
        "n": 1, "lead": "A1", "result": "block", "winner": "A", "out": None, "capicua": False, "fisher": "A2",
        "tie": False, "points": {"A": 40, "B": 0}, "running": {"A": 40, "B": 0}, "time_called": False}


def test_a_tile_on_the_table_written_wrongly_names_who_placed_it():
    with pytest.raises(ProtocolError) as err:
        score(dict(H1, lead_tile="x"))
    assert (err.value.code, err.value.seat) == ("bad_tile_text", "A1")
    with pytest.raises(ProtocolError) as err:
        score(dict(H1, out_tile="7-1"))
    assert (err.value.code, err.value.seat, err.value.params) == ("tile_outside_set", "B1", {"tile": "7-1", "top": 6})
    with pytest.raises(ProtocolError) as err:
        score(dict(H1, lead="C1", out="C2", lead_tile="x"))
    assert (err.value.code, err.value.seat) == ("bad_tile_text", None)
    with pytest.raises(ProtocolError) as err:
        score(dict(H1, lead="C1", out="C2", out_tile="x"))
    assert (err.value.code, err.value.seat) == ("bad_tile_text", None)


def test_the_double_nine_ends_go_to_nine():
    deal = dom(1, "A1", {"A2": 1, "B1": 2, "B2": 3}, out_tile="9-8", ends=[9, 8])
    assert first(deal, {"tile_set": "double_nine", "capicua": "add"})["points"]["A"] == 31
