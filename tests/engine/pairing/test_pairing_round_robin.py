"""Berger round robin (pure algorithm): the table, its edges, reasons and refusals; and the data the
pairing algorithms share (base.py: the error, the result, the map of meetings, the points' ending).
Random pairing and the matching helpers are in test_pairing_random.py."""
import itertools

import pytest

from engine.pairing import Entrant, PairingError, berger_round, check_complete, pair_round_robin, rounds_needed
from engine.pairing.base import Pairing, PairingResult, met_map, points


def test_berger_table_for_six():
    assert [berger_round(6, r) for r in range(1, 6)] == [
        [(1, 6), (2, 5), (3, 4)],
        [(6, 4), (5, 3), (1, 2)],
        [(2, 6), (3, 1), (4, 5)],
        [(6, 5), (1, 4), (2, 3)],
        [(3, 6), (4, 2), (5, 1)],
    ]


@pytest.mark.parametrize("n", range(3, 21))
def test_round_robin_meets_every_pair_exactly_once(n):
    ids = list(range(1, n + 1))
    meetings = []
    byes = []
    for r in range(1, rounds_needed(n) + 1):
        result = pair_round_robin(ids, r)
        check_complete([Entrant(i) for i in ids], [(p.a, p.b) for p in result.pairings])
        for p in result.pairings:
            if p.is_bye:
                byes.append(p.a)
            else:
                meetings.append(frozenset((p.a, p.b)))
    assert sorted(meetings, key=sorted) == sorted(
        (frozenset(c) for c in itertools.combinations(ids, 2)), key=sorted
    )
    assert len(meetings) == len(set(meetings))
    # N odd: every pair sits out exactly once; N even: nobody does.
    assert sorted(byes) == (ids if n % 2 else [])


def test_round_robin_withdrawn_pair_gives_its_opponent_a_bye():
    result = pair_round_robin([1, 2, 3, 4], 1, inactive={4})
    assert [(p.a, p.b) for p in result.pairings] == [(2, 3), (1, None)]
    assert "снялся" in result.pairings[-1].reason


def test_round_robin_refuses_an_extra_round():
    with pytest.raises(PairingError) as err:
        pair_round_robin([1, 2, 3, 4], 4)
    assert err.value.code == "round_robin_complete"

# --- Round robin: the Berger table's edges, reasons and refusals --------------------------------

ODD_BYE = "пропуск тура: нечётное число пар, по таблице Бергера"
WITHDRAWN_BYE = "пропуск тура: соперник по таблице Бергера снялся с турнира"


def test_berger_round_takes_only_an_even_positive_number_of_positions():
    assert berger_round(2, 1) == [(1, 2)]
    for n in (-2, 0, 1, 3, 5, 7):
        with pytest.raises(ValueError, match="^n must be even and positive$"):  # what the caller got wrong
            berger_round(n, 1)


def test_berger_round_refuses_a_round_beyond_the_table_with_its_message():
    for n, r in ((2, 2), (4, 4), (6, 0), (6, 6)):
        with pytest.raises(PairingError) as err:
            berger_round(n, r)
        assert err.value.code == "round_robin_complete"
        assert err.value.message == f"В круговом турнире из {n} позиций всего {n - 1} туров."


def test_round_robin_of_two_pairs_is_one_round():
    result = pair_round_robin(["x", "y"], 1)
    assert result.method == "berger"
    assert [(p.a, p.b, p.reason) for p in result.pairings] == [("x", "y", "круговая система, тур 1: позиции 1 и 2")]


@pytest.mark.parametrize("ids", [[], ["x"]], ids=["none", "one"])
def test_round_robin_refuses_fewer_than_two_pairs(ids):
    with pytest.raises(PairingError) as err:
        pair_round_robin(ids, 1)
    assert err.value.code == "too_few_pairs"
    assert err.value.message == "Для круговой системы нужно хотя бы две пары."


def test_round_robin_tables_name_the_round_and_the_positions():
    ids = ["a", "b", "c", "d", "e", "f"]
    for r in range(1, 6):
        result = pair_round_robin(ids, r)
        assert result.method == "berger"
        assert [(p.a, p.b, p.reason, p.rematch) for p in result.pairings] == [
            (ids[x - 1], ids[y - 1], f"круговая система, тур {r}: позиции {x} и {y}", False)
            for x, y in berger_round(6, r)
        ]


def test_round_robin_bye_of_an_odd_field_says_so_in_every_round():
    # The dummy position 6 is on either side of table 1 (odd and even rounds).
    ids = [11, 12, 13, 14, 15]
    for r in range(1, 6):
        result = pair_round_robin(ids, r)
        assert result.method == "berger"
        *tables, bye = result.pairings
        assert len(tables) == 2 and all(not p.is_bye for p in tables)
        partner = next(x if y == 6 else y for x, y in berger_round(6, r) if 6 in (x, y))
        assert (bye.a, bye.b, bye.reason) == (ids[partner - 1], None, ODD_BYE)


@pytest.mark.parametrize("gone", [1, 2, 3, 4])
def test_round_robin_opponent_of_a_withdrawn_pair_sits_out_on_either_side(gone):
    ids = [1, 2, 3, 4]
    for r in range(1, 4):
        result = pair_round_robin(ids, r, inactive={gone})
        opponent = next(x if y == gone else y for x, y in berger_round(4, r) if gone in (x, y))
        assert [(p.a, p.b, p.reason) for p in result.pairings if p.is_bye] == [(opponent, None, WITHDRAWN_BYE)]
        tables = [p for p in result.pairings if not p.is_bye]
        assert len(tables) == 1 and gone not in (tables[0].a, tables[0].b) and opponent not in (tables[0].a, tables[0].b)
        assert result.pairings[-1].is_bye  # the bye after the tables


def test_round_robin_withdrawn_pair_of_an_odd_field_due_to_sit_out_leaves_no_bye():
    ids = [1, 2, 3, 4, 5]
    for r in range(1, 6):
        sitter = next(x if y == 6 else y for x, y in berger_round(6, r) if 6 in (x, y))
        result = pair_round_robin(ids, r, inactive={ids[sitter - 1]})
        assert not any(p.is_bye for p in result.pairings)
        assert len(result.pairings) == 2


# --- The shared data of the pairing (base.py) ---------------------------------------------------

def test_pairing_error_keeps_its_message_and_code():
    err = PairingError("Составить пары невозможно.")
    assert (err.message, err.code, str(err)) == ("Составить пары невозможно.", "pairing_error", "Составить пары невозможно.")
    err = PairingError("Номера пар повторяются.", code="duplicate_entrant")
    assert (err.message, err.code, str(err)) == ("Номера пар повторяются.", "duplicate_entrant", "Номера пар повторяются.")


def test_pairing_result_lists_every_seated_pair_in_table_order_and_the_bye_last():
    result = PairingResult([Pairing(3, 1, ""), Pairing(2, 5, ""), Pairing(4, None, "")])
    assert result.ids() == [3, 1, 2, 5, 4]
    assert PairingResult([]).ids() == []
    assert [p.is_bye for p in result.pairings] == [False, False, True]


def test_met_map_is_symmetric_and_limited_to_the_field():
    ents = [
        Entrant(1, opponents=frozenset({2, 9})),  # 9 has left the field
        Entrant(2),  # its meeting with 1 is written on 1's side only
        Entrant(3, opponents=frozenset({1})),
        Entrant(4),
    ]
    assert met_map(ents) == {1: {2, 3}, 2: {1}, 3: {1}, 4: set()}
    assert met_map([]) == {}


def test_met_map_refuses_a_pair_listed_twice():
    with pytest.raises(PairingError) as err:
        met_map([Entrant(1), Entrant(2), Entrant(1, score=3)])
    assert (err.value.code, err.value.message) == ("duplicate_entrant", "Номера пар повторяются.")


@pytest.mark.parametrize(
    "value, text",
    [
        (0, "0 очков"), (1, "1 очко"), (2, "2 очка"), (3, "3 очка"), (4, "4 очка"), (5, "5 очков"),
        (10, "10 очков"), (11, "11 очков"), (12, "12 очков"), (13, "13 очков"), (14, "14 очков"),
        (15, "15 очков"), (20, "20 очков"), (21, "21 очко"), (22, "22 очка"), (24, "24 очка"),
        (25, "25 очков"), (100, "100 очков"), (101, "101 очко"), (102, "102 очка"), (111, "111 очков"),
        (112, "112 очков"), (114, "114 очков"), (121, "121 очко"), (1011, "1011 очков"),
        (-1, "-1 очко"), (-3, "-3 очка"), (-12, "-12 очков"),
    ],
    ids=lambda v: str(v) if isinstance(v, int) else "text",  # ASCII ids for mutmut
)
def test_points_takes_the_russian_ending_of_the_number(value, text):
    assert points(value) == text


