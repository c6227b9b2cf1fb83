"""The knockout bracket (pure engine): seeding 1..N with byes for the top seeds, advancing winners, the
third-place match, a drawn partie, the final placing."""
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.pairing import PairingError
from engine.pairing.bracket import (
    BYE,
    DECIDED,
    EXTRA_DEAL,
    PLAYING,
    READY,
    WAITING,
    Outcome,
    build_bracket,
    next_pairings,
    placing,
    rounds_of,
    seed_order,
)


def test_seed_order_of_eight_and_sixteen():
    assert seed_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert seed_order(16) == [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]


def play(bracket_args, pick, third_place=False):
    """Play a whole bracket round by round; ``pick(match)`` returns the winning entrant."""
    entrants = bracket_args
    outcomes = {}
    while True:
        bracket = build_bracket(entrants, outcomes, third_place=third_place)
        if bracket.complete:
            return bracket, outcomes
        number, matches = next_pairings(bracket)
        for m in matches:
            outcomes[(number, frozenset((m.a.entrant, m.b.entrant)))] = Outcome(pick(m), True)


@pytest.mark.parametrize("n", range(5, 33))
def test_byes_go_to_the_top_seeds_and_first_round_partners_sum_to_slots_plus_one(n):
    entrants = [100 + i for i in range(n)]
    bracket = build_bracket(entrants)
    slots = bracket.slots
    assert slots >= n > slots // 2
    first = bracket.rounds[0]
    byes = [m for m in first if m.state == BYE]
    assert sorted(m.a.seed for m in byes) == list(range(1, slots - n + 1))
    assert all(m.b is None and m.winner == m.a for m in byes)
    for m in first:
        if m.b is not None:
            assert m.a.seed + m.b.seed == slots + 1 and m.state == READY
    seen = [s.entrant for m in first for s in (m.a, m.b) if s is not None]
    assert sorted(seen) == entrants
    assert len(bracket.rounds) == rounds_of(n) == slots.bit_length() - 1
    # every bye-holder is already in round 2, waiting for its opponent
    for m in bracket.rounds[1]:
        assert m.state in (WAITING, READY)


@pytest.mark.parametrize("n", range(5, 33))
def test_the_favourite_always_wins_gives_seed_order_as_placing(n):
    entrants = [f"e{i}" for i in range(n)]
    bracket, outcomes = play(entrants, lambda m: min((m.a, m.b), key=lambda s: s.seed).entrant, third_place=True)
    assert bracket.final.a.seed == 1 and bracket.final.b.seed == 2
    assert [e for _, e in placing(bracket)] == entrants
    parties = len(outcomes)
    assert parties == n - 1 + 1  # each partie eliminates one entrant, plus the third-place match


@settings(max_examples=60, deadline=None)
@given(n=st.integers(5, 32), seed=st.integers(0, 10**6), third=st.booleans())
def test_any_results_give_one_winner_and_places_one_to_n(n, seed, third):
    rng = random.Random(seed)
    entrants = list(range(1, n + 1))
    bracket, outcomes = play(entrants, lambda m: rng.choice((m.a, m.b)).entrant, third_place=third)
    places = placing(bracket)
    assert [p for p, _ in places] == list(range(1, n + 1))
    assert sorted(e for _, e in places) == entrants
    assert places[0][1] == bracket.final.winner.entrant
    assert places[1][1] == bracket.final.loser.entrant
    semi_losers = {m.loser.entrant for m in bracket.rounds[-2]}
    assert {e for _, e in places[2:4]} == semi_losers
    if third:
        assert places[2][1] == bracket.third_place.winner.entrant
    else:  # without the third-place match, stage 1's order (the seed) decides
        assert places[2][1] == min(semi_losers)
    # nobody plays after losing, and everybody but the winner loses exactly once (the third-place match aside)
    losers = [m.loser.entrant for r in bracket.rounds for m in r if m.state == DECIDED]
    assert sorted(losers + [bracket.final.winner.entrant]) == entrants
    # an entrant eliminated earlier stands below one eliminated later
    out_round = {m.loser.entrant: m.round for r in bracket.rounds for m in r if m.state == DECIDED}
    ranked = [e for _, e in places[1:]]
    assert [out_round[e] for e in ranked] == sorted((out_round[e] for e in ranked), reverse=True)


def test_the_third_place_match_comes_with_the_final_and_settles_third_and_fourth():
    entrants = ["a", "b", "c", "d", "e", "f", "g", "h"]
    outcomes = {}
    for pair, w in ((("a", "h"), "a"), (("d", "e"), "e"), (("b", "g"), "g"), (("c", "f"), "c")):
        outcomes[(1, frozenset(pair))] = Outcome(w, True)
    outcomes[(2, frozenset(("a", "e")))] = Outcome("e", True)
    outcomes[(2, frozenset(("g", "c")))] = Outcome("g", True)
    bracket = build_bracket(entrants, outcomes, third_place=True)
    number, matches = next_pairings(bracket)
    assert number == 3
    assert [(m.a.entrant, m.b.entrant, m.third_place) for m in matches] == [("e", "g", False), ("a", "c", True)]
    outcomes[(3, frozenset(("e", "g")))] = Outcome("g", True)
    outcomes[(3, frozenset(("a", "c")))] = Outcome("c", True)
    bracket = build_bracket(entrants, outcomes, third_place=True)
    assert bracket.complete
    assert [e for _, e in placing(bracket)] == ["g", "e", "c", "a", "b", "d", "f", "h"]
    # the same results without the third-place match: seed 1 ("a") stands above seed 3 ("c")
    del outcomes[(3, frozenset(("a", "c")))]
    assert [e for _, e in placing(build_bracket(entrants, outcomes))][:4] == ["g", "e", "a", "c"]


def test_a_drawn_partie_decides_nothing_and_blocks_the_next_round():
    entrants = [1, 2, 3, 4, 5]
    outcomes = {(1, frozenset((4, 5))): Outcome(None, True)}  # finished with equal totals
    bracket = build_bracket(entrants, outcomes)
    match = bracket.rounds[0][1]
    assert (match.a.seed, match.b.seed, match.state, match.winner) == (4, 5, EXTRA_DEAL, None)
    assert bracket.rounds[1][0].state == WAITING  # seed 1 waits for the winner of 4–5
    with pytest.raises(PairingError) as exc:  # round 1 is still the one to finish: no partie to pair in it
        next_pairings(bracket)
    assert exc.value.code == "extra_deal_needed"
    outcomes[(1, frozenset((4, 5)))] = Outcome(5, True)  # the extra deal was played
    bracket = build_bracket(entrants, outcomes)
    number, matches = next_pairings(bracket)
    assert number == 2 and [(m.a.entrant, m.b.entrant) for m in matches] == [(1, 5), (2, 3)]


def test_a_partie_not_finished_leaves_the_match_in_play():
    bracket = build_bracket([1, 2], {(1, frozenset((1, 2))): Outcome(None, False)})
    assert bracket.final.state == PLAYING and not bracket.complete
    with pytest.raises(PairingError) as exc:
        next_pairings(bracket)
    assert exc.value.code == "bracket_waiting"


def test_refusals():
    with pytest.raises(PairingError) as exc:
        build_bracket([1])
    assert exc.value.code == "bracket_size"
    with pytest.raises(PairingError):
        build_bracket([1, 1, 2])
    with pytest.raises(PairingError):
        build_bracket([1, 2, 3], third_place=True)  # one semi-final would be a bye
    bracket, _ = play([1, 2, 3], lambda m: m.a.entrant)
    with pytest.raises(PairingError) as exc:
        next_pairings(bracket)
    assert exc.value.code == "bracket_complete"


def test_the_worked_example_of_the_rules_document():
    """docs/rules.md I.9: five of eight, seeds №3, №7, №1, №5, №8, with a third-place match."""
    seeds = [3, 7, 1, 5, 8]
    outcomes = {(1, frozenset((5, 8))): Outcome(8, True)}
    bracket = build_bracket(seeds, outcomes, third_place=True)
    assert [(m.a.entrant, m.b and m.b.entrant) for m in bracket.rounds[0]] == [(3, None), (5, 8), (7, None),
                                                                               (1, None)]
    number, matches = next_pairings(bracket)
    assert number == 2 and [(m.a.entrant, m.b.entrant) for m in matches] == [(3, 8), (7, 1)]
    outcomes.update({(2, frozenset((3, 8))): Outcome(3, True), (2, frozenset((7, 1))): Outcome(1, True),
                     (3, frozenset((3, 1))): Outcome(1, True), (3, frozenset((8, 7))): Outcome(7, True)})
    assert [e for _, e in placing(build_bracket(seeds, outcomes, third_place=True))] == [1, 3, 7, 8, 5]


def refusal(call, *args, **kwargs):
    with pytest.raises(PairingError) as exc:
        call(*args, **kwargs)
    return exc.value.code, exc.value.message


def test_each_refusal_of_the_bracket_with_its_code_and_message():
    assert refusal(build_bracket, [1]) == ("bracket_size", "В сетке от 2 до 64 участников, а не 1.")
    assert refusal(build_bracket, list(range(65))) == ("bracket_size", "В сетке от 2 до 64 участников, а не 65.")
    assert build_bracket(list(range(64))).slots == 64  # 64 is the largest bracket, still accepted
    assert refusal(build_bracket, [1, 1, 2]) == ("duplicate_entrant", "Участник сетки повторяется.")
    assert refusal(build_bracket, [1, 2, 3], third_place=True) == (
        "no_third_place", "Матч за третье место нужен сетке хотя бы из четырёх участников.")
    four = build_bracket([1, 2, 3, 4], third_place=True)  # four: two real semi-finals, so a third-place match
    assert (four.third_place.a, four.third_place.b) == (None, None)
    bracket, _ = play([1, 2, 3], lambda m: m.a.entrant)
    assert refusal(next_pairings, bracket) == ("bracket_complete", "Сетка сыграна до конца: все матчи решены.")
    drawn = build_bracket([1, 2], {frozenset((1, 2)): Outcome(None, True)})
    assert refusal(next_pairings, drawn) == (
        "extra_deal_needed", "Партия матча сетки закончилась вничью: нужна дополнительная раздача.")
    playing = build_bracket([1, 2], {frozenset((1, 2)): Outcome(None, False)})
    assert refusal(next_pairings, playing) == ("bracket_waiting", "Партии матчей сетки ещё играются.")


def test_seed_order_starts_from_one_line_and_takes_only_powers_of_two():
    assert seed_order(1) == [1] and seed_order(2) == [1, 2] and seed_order(4) == [1, 4, 2, 3]
    for slots in (0, 3, 6, 12):
        with pytest.raises(ValueError, match="^slots must be a power of two$"):
            seed_order(slots)


def test_the_bracket_keeps_its_size_seeds_format_and_where_each_match_stands():
    """The stage's page and the round's pairing read these: the match «круг r, матч i + 1», the seeds."""
    entrants = ["a", "b", "c", "d", "e", "f"]
    bracket = build_bracket(entrants, third_place=True, match_format="best-of-3")
    assert (bracket.size, bracket.slots, bracket.match_format) == (6, 8, "best-of-3")
    assert bracket.seeds == {"a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6}
    assert [[(m.round, m.index) for m in r] for r in bracket.rounds] == [
        [(1, 0), (1, 1), (1, 2), (1, 3)], [(2, 0), (2, 1)], [(3, 0)]]
    third = bracket.third_place
    assert (third.round, third.index, third.third_place) == (3, 1, True)  # beside the final, in its round
    assert build_bracket(entrants).match_format == "single"


def test_a_top_seed_who_left_gives_the_walkover_to_the_lower_seed():
    outcomes = {frozenset((1, 4)): [Outcome(1, True)], frozenset((2, 3)): [Outcome(3, True)]}
    bracket = build_bracket([1, 2, 3, 4], outcomes, out={1})
    final = bracket.final
    assert (final.a.entrant, final.b.entrant) == (1, 3)
    assert (final.state, final.winner.entrant, final.loser.entrant) == ("walkover", 3, 1)
    # both finalists left: the better seed advances on paper, on whichever side of the match it stands
    both = build_bracket([1, 2, 3, 4], outcomes, out={1, 3}).final
    assert both.winner.entrant == 1
    upset = {frozenset((1, 4)): [Outcome(4, True)], frozenset((2, 3)): [Outcome(2, True)]}
    both = build_bracket([1, 2, 3, 4], upset, out={4, 2}).final
    assert ((both.a.entrant, both.b.entrant), both.winner.entrant) == ((4, 2), 2)
