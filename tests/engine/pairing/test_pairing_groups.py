"""Groups whose best go to a bracket, as plain data (``engine.pairing.groups``): the serpentine into
groups, the bracket seeded from the groups (winners first, a winner against a lower place of another group,
two of a group apart as late as the bracket allows), with the worked example of docs/rules.md."""
import itertools

import pytest

from engine.pairing.base import PairingError
from engine.pairing.bracket import build_bracket, seed_order
from engine.pairing.groups import bracket_seeding, meeting_round, serpentine, split_into_groups


def test_the_serpentine_deals_sixteen_seeds_into_four_groups():
    assert split_into_groups(list(range(1, 17)), 4) == [[1, 8, 9, 16], [2, 7, 10, 15], [3, 6, 11, 14], [4, 5, 12, 13]]
    assert serpentine(6, 2) == [1, 2, 2, 1, 1, 2]
    assert {sum(g) for g in split_into_groups(list(range(1, 17)), 4)} == {34}  # the seeds' sums are equal
    with pytest.raises(PairingError):
        serpentine(10, 4)


def groups_of_letters(g, s):
    return [[f"{chr(ord('A') + i)}{place}" for place in range(1, s + 1)] for i in range(g)]


def test_the_worked_example_four_groups_of_four_to_eight():
    seeding = bracket_seeding(groups_of_letters(4, 4), 2)
    assert [e for _g, _p, e in seeding] == ["A1", "B1", "C1", "D1", "B2", "A2", "D2", "C2"]
    bracket = build_bracket([e for _g, _p, e in seeding])
    first = [(m.a.entrant, m.b.entrant) for m in bracket.rounds[0]]
    assert first == [("A1", "C2"), ("D1", "B2"), ("B1", "D2"), ("C1", "A2")]
    assert [(g, p) for g, p, _e in seeding[:4]] == [(1, 1), (2, 1), (3, 1), (4, 1)]  # the winners first


def _worst_meeting(seeding, slots):
    position = {seed: i for i, seed in enumerate(seed_order(slots))}
    placed = {}
    for seed, (group, _place, _e) in enumerate(seeding, start=1):
        placed.setdefault(group, []).append(position[seed])
    return min((meeting_round(p, q) for ps in placed.values() for p, q in itertools.combinations(ps, 2)),
               default=99)


def _best_possible(groups, qualifiers):
    """By brute force: the latest round in which the first meeting of two of a group can be put off."""
    slots = 1
    while slots < groups * qualifiers:
        slots *= 2
    best = 0
    tiers = [list(itertools.permutations(range(groups))) for _ in range(qualifiers - 1)]
    for choice in itertools.product(*tiers):
        seeding = [(g + 1, 1, None) for g in range(groups)]
        for t, perm in enumerate(choice, start=2):
            seeding += [(g + 1, t, None) for g in perm]
        best = max(best, _worst_meeting(seeding, slots))
    return best, slots


@pytest.mark.parametrize("groups,qualifiers", [(2, 2), (3, 2), (4, 2), (2, 3), (3, 3), (4, 3), (2, 4)])
def test_two_of_a_group_meet_no_sooner_than_the_bracket_allows(groups, qualifiers):
    seeding = bracket_seeding(groups_of_letters(groups, qualifiers + 1), qualifiers)
    best, slots = _best_possible(groups, qualifiers)
    assert _worst_meeting(seeding, slots) == best
    assert sorted(e for _g, _p, e in seeding) == sorted(f"{chr(65 + g)}{p}" for g in range(groups)
                                                          for p in range(1, qualifiers + 1))


@pytest.mark.parametrize("groups", [2, 4, 8, 16])
def test_with_two_of_each_group_and_a_power_of_two_they_meet_only_in_the_final(groups):
    seeding = bracket_seeding(groups_of_letters(groups, 3), 2)
    bracket = build_bracket([(g, p) for g, p, _e in seeding])
    for m in bracket.rounds[0]:  # every winner meets a runner-up of another group
        assert m.a.entrant[1] == 1 and m.b.entrant[1] == 2 and m.a.entrant[0] != m.b.entrant[0]
    assert _worst_meeting(seeding, 2 * groups) == bracket.round_count


def test_two_of_each_of_three_groups_give_the_winners_the_byes():
    seeding = bracket_seeding(groups_of_letters(3, 4), 2)
    bracket = build_bracket([e for _g, _p, e in seeding])
    byes = [m.a.entrant for m in bracket.rounds[0] if m.b is None]
    assert sorted(byes) == ["A1", "B1"]
    played = [(m.a.entrant, m.b.entrant) for m in bracket.rounds[0] if m.b is not None]
    assert all(a[0] != b[0] for a, b in played)


def test_more_going_on_than_a_group_holds_is_refused():
    with pytest.raises(PairingError):
        bracket_seeding(groups_of_letters(2, 2), 3)


def test_an_uneven_split_is_refused_with_its_code_and_message():
    for count, groups in [(10, 4), (4, 0), (3, 2)]:
        with pytest.raises(PairingError) as err:
            serpentine(count, groups)
        assert err.value.code == "groups_uneven"
        assert err.value.message == "Участники делятся на подгруппы поровну."


def test_one_group_holds_every_seed_in_seed_order():
    # the serpentine's arithmetic with a single group: every seed goes to group 1 (the services ask for
    # 2..16 groups; the plain function refuses only fewer than one)
    assert serpentine(3, 1) == [1, 1, 1]
    assert split_into_groups(["a", "b", "c"], 1) == [["a", "b", "c"]]


def test_the_best_of_one_group_are_seeded_by_their_place():
    assert bracket_seeding([["A1", "A2", "A3"]], 2) == [(1, 1, "A1"), (1, 2, "A2")]


def test_only_the_group_winners_go_on():
    seeding = bracket_seeding(groups_of_letters(4, 3), 1)
    assert seeding == [(1, 1, "A1"), (2, 1, "B1"), (3, 1, "C1"), (4, 1, "D1")]


def test_a_whole_group_may_go_on():
    # groups of two, both going on: the winners are seeds 1-2, and each winner meets the other group's
    # runner-up (lines of 4: 1-4, 2-3), so seed 3, facing B1, is A2
    seeding = bracket_seeding(groups_of_letters(2, 2), 2)
    assert seeding == [(1, 1, "A1"), (2, 1, "B1"), (1, 2, "A2"), (2, 2, "B2")]


@pytest.mark.parametrize("orders,qualifiers", [
    (groups_of_letters(2, 2), 3),  # more than a group holds
    (groups_of_letters(2, 3), 0),  # nobody goes on
    ([], 1),  # no group
    ([["A1", "A2"], ["B1"]], 2),  # one group short
], ids=["more-than-held", "none-goes-on", "no-group", "one-group-short"])
def test_a_bracket_seeding_that_cannot_be_made_is_refused_with_its_code(orders, qualifiers):
    with pytest.raises(PairingError) as err:
        bracket_seeding(orders, qualifiers)
    assert err.value.code == "groups_qualifiers"
    assert err.value.message == "Из каждой подгруппы выходит не больше участников, чем в ней играет."
