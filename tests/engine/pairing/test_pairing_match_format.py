"""Knockout matches of more than one partie (best of 3, a total over 2 parties) and walkovers (pure engine)."""
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.pairing import PairingError
from engine.pairing.bracket import WALKOVER, build_bracket, next_pairings, placing
from engine.pairing.match_format import (
    BEST_OF_3,
    DECIDED,
    EXTRA_DEAL,
    PLAYING,
    READY,
    SINGLE,
    TOTAL_2,
    Outcome,
    decide,
    most_parties,
)


def won(winner, a=0, b=0, x="x", y="y"):
    return Outcome(winner, True, ((x, a), (y, b)))


def test_best_of_three_needs_two_wins_and_a_third_partie_only_at_one_all():
    assert decide([won("x")], "x", "y", BEST_OF_3).state == READY
    two_nil = decide([won("x"), won("x")], "x", "y", BEST_OF_3)
    assert (two_nil.state, two_nil.winner, two_nil.wins) == (DECIDED, "x", (2, 0))
    one_all = decide([won("x"), won("y")], "x", "y", BEST_OF_3)
    assert (one_all.state, one_all.wins) == (READY, (1, 1))
    third = decide([won("x"), won("y"), won("y")], "x", "y", BEST_OF_3)
    assert (third.state, third.winner, third.wins) == (DECIDED, "y", (1, 2))
    surplus = decide([won("x"), won("x"), won("y")], "x", "y", BEST_OF_3)
    assert surplus.winner == "x" and surplus.surplus


def test_a_drawn_partie_waits_for_its_extra_deal_in_single_and_best_of_three():
    for fmt in (SINGLE, BEST_OF_3):
        assert decide([Outcome(None, True)], "x", "y", fmt).state == EXTRA_DEAL
    assert decide([won("x"), Outcome(None, True)], "x", "y", BEST_OF_3).state == EXTRA_DEAL
    assert decide([Outcome(None, False)], "x", "y", BEST_OF_3).state == PLAYING


def test_a_total_over_two_parties_goes_to_the_higher_total_even_after_losing_a_partie():
    # x loses the first 30 : 101 but wins the second 101 : 20 — 131 against 121
    verdict = decide([won("y", 30, 101), won("x", 101, 20)], "x", "y", TOTAL_2)
    assert (verdict.state, verdict.winner, verdict.totals, verdict.wins) == (DECIDED, "x", (131, 121), (1, 1))
    assert decide([won("y", 30, 101)], "x", "y", TOTAL_2).state == READY  # one partie never decides


def test_equal_totals_go_to_more_parties_won_then_a_deciding_third_partie():
    drawn_then_won = decide([Outcome(None, True, (("x", 60), ("y", 60))), won("x", 50, 50)], "x", "y", TOTAL_2)
    assert (drawn_then_won.state, drawn_then_won.winner) == (DECIDED, "x")
    level = [won("x", 101, 40), won("y", 40, 101)]
    assert decide(level, "x", "y", TOTAL_2).state == READY
    assert decide(level + [won("y", 0, 101)], "x", "y", TOTAL_2).winner == "y"
    assert decide(level + [Outcome(None, True)], "x", "y", TOTAL_2).state == EXTRA_DEAL


def test_a_bracket_round_of_best_of_three_pairs_only_the_matches_still_open():
    outcomes = {}
    bracket = build_bracket([1, 2, 3, 4], outcomes, match_format=BEST_OF_3)
    number, matches = next_pairings(bracket)
    assert number == 1 and [(m.a.entrant, m.b.entrant) for m in matches] == [(1, 4), (2, 3)]
    outcomes[frozenset((1, 4))] = [won(1, x=1, y=4)]
    outcomes[frozenset((2, 3))] = [won(3, x=2, y=3)]
    number, matches = next_pairings(build_bracket([1, 2, 3, 4], outcomes, match_format=BEST_OF_3))
    assert number == 1 and len(matches) == 2
    outcomes[frozenset((1, 4))].append(won(1, x=1, y=4))  # 2 : 0, decided
    outcomes[frozenset((2, 3))].append(won(2, x=2, y=3))  # 1 : 1, a third partie
    bracket = build_bracket([1, 2, 3, 4], outcomes, match_format=BEST_OF_3)
    number, matches = next_pairings(bracket)
    assert number == 1 and [(m.a.entrant, m.b.entrant) for m in matches] == [(2, 3)]
    assert bracket.rounds[0][0].wins == (2, 0) and bracket.final.state == "waiting"
    outcomes[frozenset((2, 3))].append(Outcome(None, False))  # the third partie in play
    with pytest.raises(PairingError) as exc:
        next_pairings(build_bracket([1, 2, 3, 4], outcomes, match_format=BEST_OF_3))
    assert exc.value.code == "bracket_waiting"
    outcomes[frozenset((2, 3))][-1] = won(3, x=2, y=3)
    bracket = build_bracket([1, 2, 3, 4], outcomes, match_format=BEST_OF_3)
    number, matches = next_pairings(bracket)
    assert number == 2 and (matches[0].a.entrant, matches[0].b.entrant) == (1, 3)


def test_a_finalist_who_left_gives_a_walkover_and_the_opponent_advances():
    entrants = [1, 2, 3, 4, 5, 6, 7, 8]
    outcomes = {frozenset((1, 8)): [won(1, x=1, y=8)], frozenset((4, 5)): [won(5, x=4, y=5)],
                frozenset((2, 7)): [won(2, x=2, y=7)], frozenset((3, 6)): [won(6, x=3, y=6)]}
    bracket = build_bracket(entrants, outcomes, out={5})
    semi = bracket.rounds[1][0]
    assert (semi.state, semi.winner.entrant, semi.loser.entrant) == (WALKOVER, 1, 5)
    assert bracket.rounds[0][1].state == DECIDED  # the match it won before leaving stands
    number, matches = next_pairings(bracket)
    assert number == 2 and [(m.a.entrant, m.b.entrant) for m in matches] == [(2, 6)]
    outcomes[frozenset((2, 6))] = [won(6, x=2, y=6)]
    bracket = build_bracket(entrants, outcomes, out={5})
    assert (bracket.final.a.entrant, bracket.final.b.entrant) == (1, 6)


def test_a_walkover_in_a_match_already_begun_and_both_sides_out():
    outcomes = {frozenset((1, 2)): [won(2, x=1, y=2)]}
    final = build_bracket([1, 2], outcomes, match_format=BEST_OF_3, out={2}).final
    assert (final.state, final.winner.entrant) == (WALKOVER, 1)  # its partie won counts for nothing
    both = build_bracket([1, 2], {}, out={1, 2}).final
    assert both.winner.entrant == 1  # the better seed on paper
    decided = build_bracket([1, 2], {frozenset((1, 2)): [won(2, x=1, y=2)]}, out={2}).final
    assert (decided.state, decided.winner.entrant) == (DECIDED, 2)  # a match decided before it left stands


@settings(max_examples=40, deadline=None)
@given(st.integers(5, 16), st.integers(0, 10 ** 6), st.sampled_from([BEST_OF_3, TOTAL_2]))
def test_any_multi_partie_bracket_ends_with_places_one_to_n(n, seed, fmt):
    rng = random.Random(seed)
    entrants = list(range(1, n + 1))
    outcomes = {}
    for _ in range(10 * n):
        bracket = build_bracket(entrants, outcomes, third_place=True, match_format=fmt)
        if bracket.complete:
            break
        _number, matches = next_pairings(bracket)
        for m in matches:
            w = rng.choice((m.a.entrant, m.b.entrant))
            game = Outcome(w, True, ((m.a.entrant, rng.randint(0, 101)), (m.b.entrant, rng.randint(0, 101))))
            outcomes.setdefault(frozenset((m.a.entrant, m.b.entrant)), []).append(game)
    assert bracket.complete
    assert all(2 <= len(games) <= 3 for games in outcomes.values())
    assert sorted(p for p, _ in placing(bracket)) == entrants


def test_the_higher_total_and_then_more_parties_won_decide_for_either_side():
    # y loses the first 101 : 30 but wins the second 20 : 101 — 121 against 131
    verdict = decide([won("x", 101, 30), won("y", 20, 101)], "x", "y", TOTAL_2)
    assert (verdict.state, verdict.winner, verdict.totals) == (DECIDED, "y", (121, 131))
    # equal totals 110 : 110, y won the one partie that had a winner
    level = decide([Outcome(None, True, (("x", 60), ("y", 60))), won("y", 50, 50)], "x", "y", TOTAL_2)
    assert (level.state, level.winner, level.wins) == (DECIDED, "y", (0, 1))


def test_the_total_is_over_the_two_parties_and_a_deciding_third_adds_nothing_to_it():
    level = [won("x", 101, 40), won("y", 40, 101)]
    third = decide(level + [won("y", 0, 101)], "x", "y", TOTAL_2)
    assert (third.state, third.winner, third.wins, third.totals) == (DECIDED, "y", (1, 2), (141, 141))
    drawn = decide(level + [Outcome(None, True, (("x", 50), ("y", 50)))], "x", "y", TOTAL_2)
    assert (drawn.state, drawn.wins, drawn.totals, drawn.counted) == (EXTRA_DEAL, (1, 1), (141, 141), 3)


def test_a_partie_without_points_counts_nothing_in_the_total():
    verdict = decide([Outcome("x", True), won("y", 20, 101)], "x", "y", TOTAL_2)
    assert (verdict.state, verdict.winner, verdict.totals) == (DECIDED, "y", (20, 101))


def test_the_verdict_says_how_far_the_match_is_in_every_state():
    """What the bracket shows beside a match: parties won, the totals so far, how many parties count."""
    one = decide([won("y", 30, 101)], "x", "y", TOTAL_2)
    assert (one.state, one.wins, one.totals, one.counted, one.surplus) == (READY, (0, 1), (30, 101), 1, False)
    playing = decide([won("x", 101, 40), Outcome(None, False)], "x", "y", TOTAL_2)
    assert (playing.state, playing.winner, playing.wins, playing.totals, playing.counted) == (
        PLAYING, None, (1, 0), (101, 40), 1)
    drawn = decide([won("x"), Outcome(None, True)], "x", "y", BEST_OF_3)
    assert (drawn.state, drawn.winner, drawn.wins, drawn.counted) == (EXTRA_DEAL, None, (1, 0), 2)
    exact = decide([won("x"), won("x")], "x", "y", BEST_OF_3)
    assert (exact.counted, exact.surplus) == (2, False)
    surplus = decide([won("x"), won("x"), won("y")], "x", "y", BEST_OF_3)
    assert (surplus.counted, surplus.surplus, surplus.wins) == (2, True, (2, 0))  # the third partie counts for nothing
    assert decide([], "x", "y", SINGLE) == decide([], "x", "y", BEST_OF_3)
    assert (decide([], "x", "y").state, decide([], "x", "y").counted) == (READY, 0)


def test_a_match_has_at_most_one_partie_or_three_and_an_unknown_format_is_refused():
    assert [most_parties(f) for f in (SINGLE, BEST_OF_3, TOTAL_2)] == [1, 3, 3]  # total-2: two and a decider
    with pytest.raises(ValueError, match="^unknown match format 'best-of-5'$"):
        decide([], "x", "y", "best-of-5")
