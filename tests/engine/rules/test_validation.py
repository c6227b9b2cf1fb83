"""RULES.md §4.3: every refusal names the deal and the seat at fault."""
import pytest

from engine.rules import ProtocolError, Rules, RulesError

from .helpers import block, domino, score, wrong_pass

FED = {"preset": "federation"}


def refused(deals, remarks=None, **kwargs):
    with pytest.raises(ProtocolError) as err:
        score(deals, remarks, **kwargs)
    return err.value


@pytest.mark.parametrize("value", [70, 100, -1])
def test_hand_count_outside_0_69(value):
    err = refused([block(1, 5, 5, 5, 5), domino(2, "A1", B1=value, B2=3)])
    assert (err.deal, err.seat, err.code) == (2, "B1", "count_out_of_range")
    assert "deal 2" in str(err) and "B1" in str(err)


@pytest.mark.parametrize("value", [1.5, "12", True, None])
def test_hand_count_not_a_whole_number(value):
    err = refused([domino(1, "A1", B1=value, B2=3)])
    assert (err.deal, err.seat, err.code) == (1, "B1", "bad_count")


def test_four_hands_over_168_pips():
    err = refused([block(1, 69, 69, 20, 11)])
    assert (err.deal, err.code) == (1, "table_over_168")
    assert err.seat in {"A1", "A2"}


def test_168_pips_exactly_is_allowed():
    assert score([block(1, 69, 69, 20, 10)]).deals[0].points_b == 108


def test_player_who_went_out_holds_nothing():
    err = refused([domino(1, "A2", A2=4, B1=3, B2=3)])
    assert (err.deal, err.seat, err.code) == (1, "A2", "out_holds_tiles")
    err = refused([domino(1, "A2", A2=["1-1"], B1=3, B2=3)])
    assert (err.deal, err.seat, err.code) == (1, "A2", "out_holds_tiles")
    # An empty hand for the player who went out is fine.
    assert score([domino(1, "A2", A2=[], B1=3, B2=3)]).deals[0].points_a == 6
    assert score([domino(1, "A2", A2=0, B1=3, B2=3)]).deals[0].points_a == 6


def test_count_zero_for_a_player_still_holding_tiles_is_refused_in_pusto():
    err = refused([domino(1, "A1", B1=0, B2=3)])
    assert (err.deal, err.seat, err.code) == (1, "B1", "empty_hand")
    err = refused([block(1, 3, 0, 4, 5)])
    assert (err.deal, err.seat) == (1, "A2")
    err = refused([domino(1, "A1", A2=0, B1=4, B2=3)])  # the partner's hand, when given
    assert (err.deal, err.seat) == (1, "A2")


def test_count_zero_allowed_with_face_value_double_blank_only():
    assert score([block(1, 0, 5, 4, 5)], rules=FED).deals[0].points_a == 14
    err = refused([block(1, 0, 5, 4, 5)], rules={"preset": "federation", "lone_double_blank": 10})
    assert (err.deal, err.seat) == (1, "A1")


def test_empty_tile_list_for_a_player_still_holding_tiles():
    err = refused([domino(1, "B1", A1=[], A2=3)])
    assert (err.deal, err.seat, err.code) == (1, "A1", "empty_hand")


@pytest.mark.parametrize("tile", ["7-1", "1-9", "a-b", "66", "-1-2", 5])
def test_bad_tiles(tile):
    err = refused([domino(1, "A1", B1=[tile], B2=3)])
    assert (err.deal, err.seat, err.code) == (1, "B1", "bad_tile")


def test_tile_twice_in_one_hand_and_across_hands():
    err = refused([domino(1, "A1", B1=["6-5", "5-6"], B2=3)])
    assert (err.deal, err.seat, err.code) == (1, "B1", "duplicate_tile")
    err = refused([domino(1, "A1", A2=["2-3"], B1=["6-5"], B2=["3-2"])])
    assert err.code == "duplicate_tile" and err.deal == 1 and err.seat in {"A2", "B2"}


def test_more_than_seven_tiles_in_a_hand():
    tiles = ["0-1", "0-2", "0-3", "0-4", "0-5", "0-6", "1-1", "1-2"]
    err = refused([domino(1, "A1", B1=tiles, B2=3)])
    assert (err.deal, err.seat, err.code) == (1, "B1", "too_many_tiles")


def test_deal_outside_a_four_deal_partie():
    deals = [block(1, 5, 5, 9, 9), block(2, 5, 5, 9, 9), block(3, 5, 5, 9, 9), block(4, 5, 5, 9, 9),
             block(5, 5, 5, 9, 9)]
    err = refused(deals)
    assert (err.deal, err.code) == (5, "deal_outside_partie")


def test_second_result_for_the_same_deal():
    err = refused([block(1, 5, 5, 9, 9), block(1, 5, 5, 9, 10)])
    assert (err.deal, err.code) == (1, "duplicate_deal")


def test_missing_deal_number():
    err = refused([block(1, 5, 5, 9, 9), block(3, 5, 5, 9, 9)])
    assert (err.deal, err.code) == (3, "missing_deal")


@pytest.mark.parametrize("n", [0, -2, "1", None])
def test_bad_deal_number(n):
    err = refused([{"n": n, "result": "block", "hands": {"A1": 1, "A2": 1, "B1": 1, "B2": 1}}])
    assert err.code == "bad_deal_number"


def test_block_needs_all_four_hands():
    err = refused([{"n": 1, "result": "block", "hands": {"A1": 3, "A2": 4, "B1": 5}}])
    assert (err.deal, err.seat, err.code) == (1, "B2", "missing_hand")


def test_domino_needs_both_opponents_hands():
    err = refused([domino(1, "A1", B1=5)])
    assert (err.deal, err.seat, err.code) == (1, "B2", "missing_hand")


def test_bad_result_and_seats():
    assert refused([{"n": 1, "result": "draw"}]).code == "bad_result"
    err = refused([{"n": 1, "result": "domino", "out": "C1", "hands": {"B1": 1, "B2": 2}}])
    assert (err.deal, err.code) == (1, "bad_seat")
    err = refused([wrong_pass(1, None)])
    assert (err.deal, err.code) == (1, "bad_seat")
    err = refused([domino(1, "A1", B1=3, B2=4, X9=1)])
    assert (err.deal, err.code) == (1, "bad_seat")


def test_remark_validation():
    err = refused([block(1, 5, 5, 9, 9)], [{"deal": 1, "player": "C3", "reason": "talking"}])
    assert err.code == "bad_seat" and err.deal == 1
    err = refused([block(1, 5, 5, 9, 9)], [{"deal": 0, "player": "A1"}])
    assert err.code == "bad_remark"
    # deal 2 is in play: a remark there is fine; deal 3 is not.
    assert score([block(1, 5, 5, 9, 9)], [{"deal": 2, "player": "A1"}]).remarks[0].applied is False
    err = refused([block(1, 5, 5, 9, 9)], [{"deal": 3, "player": "B1"}])
    assert (err.deal, err.seat, err.code) == (3, "B1", "remark_outside_partie")


def test_rules_unknown_option_and_bad_values_refused():
    with pytest.raises(RulesError) as err:
        Rules.from_config({"preset": "pusto-shest", "deals_per_party": 8})
    assert err.value.key == "deals_per_party"
    for bad in ({"deals_per_partie": 6}, {"block_scoring": "sum"}, {"lone_double_blank": -1},
                {"extra_deal_on_tie": "yes"}, {"target_points": 0}, {"remark_ladder": [{"kind": "fine"}]}):
        with pytest.raises(RulesError):
            Rules.from_config({"preset": "pusto-shest", **bad})
    with pytest.raises(RulesError):
        Rules.from_config({"preset": "street"})
    err = refused([block(1, 5, 5, 9, 9)], rules={"preset": "pusto-shest", "colour": "red"})
    assert err.code == "unknown_option"


def test_refusals_have_a_russian_message_naming_deal_and_seat():
    err = refused([block(1, 5, 5, 5, 5), domino(2, "A1", B1=70, B2=3)])
    assert err.message_ru.startswith("Раздача 2, место B1:")
    assert "69" in err.message_ru
    assert err.localized("en") == err.message and err.localized("ru") == err.message_ru


@pytest.mark.parametrize("tile", ["٣-٣", "²-1", "３-４"])
def test_tiles_are_written_with_the_digits_0_to_6_only(tile):
    from engine.rules import ProtocolError
    from engine.rules.hands import parse_tile

    with pytest.raises(ProtocolError) as err:
        parse_tile(tile, deal=1, seat="A1")
    assert err.value.code == "bad_tile"
