"""RULES.md §5: partie length, extra deal on a tie, federation target and time-up, no-show."""
import pytest

from engine.rules import ProtocolError, Rules

from .helpers import block, domino, score


def tie4():
    return [domino(1, "A1", B1=5, B2=5), domino(2, "B1", A1=5, A2=5), block(3, 5, 5, 5, 5), block(4, 5, 5, 5, 5)]


def test_unfinished_partie_has_no_winner():
    result = score(tie4()[:2] + [domino(3, "A1", B1=5, B2=6)])
    assert result.winner is None and not result.finished
    assert result.next_deal == 4
    assert result.to_json()["winner"] is None


def test_tie_after_the_last_deal_needs_an_extra_deal():
    result = score(tie4())
    assert (result.totals_a, result.totals_b) == (10, 10)
    assert result.extra_deal_needed and result.winner is None and not result.finished
    assert result.next_deal == 5


def test_extra_deal_resolves_and_lead_rotation_continues():
    result = score(tie4() + [domino(5, "B2", A1=3, A2=4)])
    assert result.winner == "B" and result.finished and not result.extra_deal_needed
    assert (result.deals[4].lead, result.deals[4].shuffle) == ("A1", "B1")


def test_drawn_extra_deal_needs_another():
    result = score(tie4() + [block(5, 5, 5, 5, 5)])
    assert result.extra_deal_needed and result.next_deal == 6
    assert score(tie4() + [block(5, 5, 5, 5, 5), block(6, 5, 5, 5, 4)]).winner == "B"


def test_tie_without_extra_deals_is_a_drawn_partie():
    result = score(tie4(), rules={"preset": "pusto-shest", "extra_deal_on_tie": False})
    assert result.finished and result.winner is None and not result.extra_deal_needed
    assert result.result == "draw"


def test_eight_deal_partie():
    rules = {"preset": "pusto-shest", "deals_per_partie": 8}
    deals = [block(n, 5, 5, 6, 6) for n in range(1, 8)]
    assert not score(deals, rules=rules).finished
    assert score(deals + [block(8, 5, 5, 6, 6)], rules=rules).winner == "A"


FED = {"preset": "federation", "target_points": 100}


def test_federation_ends_in_the_deal_a_pair_reaches_the_target():
    deals = [block(1, 20, 20, 10, 10), block(2, 20, 20, 10, 10)]  # B scores 60 each time
    result = score(deals, rules=FED)
    assert result.finished and result.winner == "B" and result.totals_b == 120
    with pytest.raises(ProtocolError) as err:
        score(deals + [block(3, 1, 1, 2, 2)], rules=FED)
    assert (err.value.deal, err.value.code) == (3, "deal_outside_partie")


def test_federation_not_finished_below_target():
    result = score([block(1, 20, 20, 10, 10)], rules=FED)
    assert not result.finished and result.winner is None and result.next_deal == 2


def test_federation_time_up_ends_after_the_last_recorded_deal():
    result = score([block(1, 5, 5, 10, 10)], rules=FED, ended_by_time=True)
    assert result.finished and result.winner == "A"


def test_federation_time_up_on_a_tie_needs_an_extra_deal():
    result = score([block(1, 5, 5, 5, 5)], rules=FED, ended_by_time=True)
    assert result.extra_deal_needed and not result.finished


def test_first_lead_recorded_for_federation():
    result = score([block(1, 5, 5, 10, 10), block(2, 5, 5, 10, 10)], rules=FED, first_lead="B1")
    assert [(d.lead, d.shuffle) for d in result.deals] == [("B1", "A2"), ("A2", "B2")]


@pytest.mark.parametrize("rules,forfeit", [
    ({"preset": "pusto-shest"}, 160),
    ({"preset": "pusto-shest", "deals_per_partie": 8}, 320),
    ({"preset": "federation"}, 200),
    ({"preset": "federation", "target_points": 150}, 150),
    ({"preset": "pusto-shest", "forfeit_score": 100}, 100),
])
def test_no_show_forfeit_score(rules, forfeit):
    result = score([], rules=rules, no_show="A")
    assert (result.totals_a, result.totals_b) == (0, forfeit)
    assert result.winner == "B" and result.finished
    assert Rules.from_config(rules).forfeit_score == forfeit


def test_no_show_with_deals_is_refused_not_repaired():
    with pytest.raises(ProtocolError) as err:
        score([block(1, 5, 5, 5, 6)], no_show="B")
    assert err.value.code == "no_show_with_deals"
    assert "неявка пары B" in err.value.message_ru and "раздачи (1)" in err.value.message_ru


def test_no_show_with_remarks_is_refused_not_repaired():
    with pytest.raises(ProtocolError) as err:
        score([], [{"deal": 1, "player": "A1"}], no_show="A")
    assert err.value.code == "no_show_with_remarks"
    assert "противоречит" in err.value.message_ru


def test_no_show_alone_is_the_forfeit_with_no_deals():
    result = score([], [], no_show="B")
    assert (result.totals_a, result.totals_b) == (160, 0) and result.winner == "A"
    assert result.deals == [] and result.finished


def test_bad_no_show_value():
    with pytest.raises(ProtocolError):
        score([], no_show="C")


def test_a_partie_decided_by_extra_deals_counts_them():
    """RULES.md §5: the deals after the partie first stood at its end with equal totals are its extra deals;
    a partie won within its regular deals has none, and one still tied is not decided by them (yet)."""
    assert (score(tie4()).extra_played, score(tie4()).decided_by_extra) == (0, False)
    one = score(tie4() + [domino(5, "B2", A1=3, A2=4)])
    assert (one.extra_played, one.decided_by_extra) == (1, True)
    two = score(tie4() + [block(5, 5, 5, 5, 5), block(6, 5, 5, 5, 4)])
    assert (two.extra_played, two.decided_by_extra) == (2, True)
    still = score(tie4() + [block(5, 5, 5, 5, 5)])
    assert (still.extra_played, still.decided_by_extra) == (1, False)
    regular = score(tie4()[:3] + [block(4, 5, 5, 5, 4)])
    assert (regular.extra_played, regular.decided_by_extra) == (0, False)

