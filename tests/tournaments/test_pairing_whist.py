"""Round robin of individual events (pure): the whist schedules, their properties, a round of players, and
the shipped data (tournaments/pairing/whist_data.json) re-verified — counted here from scratch, pair by pair."""
import copy
import json
from collections import Counter
from itertools import combinations

import pytest

from tournaments.pairing import whist, whist_data
from tournaments.pairing.base import PairingError
from tournaments.pairing.individual_base import IndividualRound, Single, Table
from tournaments.pairing.whist import properties, round_robin_round, rounds_needed, schedule

WHIST_SIZES = [pytest.param(n, id=f"n{n}") for n in range(4, 65) if n % 4 in (0, 1)]
OTHER_SIZES = [n for n in range(6, 65) if n % 4 in (2, 3)]


def count(rounds, n):
    """(partners, opponents, sit-outs) counted from the tables, checking that each round seats everyone once."""
    partners, opponents, sat = Counter(), Counter(), Counter()
    for number, rnd in enumerate(rounds, 1):
        seated = [p for t in rnd.tables for p in (*t.a, *t.b)] + list(rnd.sitting_out)
        assert sorted(seated) == list(range(1, n + 1)), f"round {number} does not seat every player once"
        assert all(len(t.a) == 2 and len(t.b) == 2 for t in rnd.tables)
        for t in rnd.tables:
            partners[frozenset(t.a)] += 1
            partners[frozenset(t.b)] += 1
            for x in t.a:
                for y in t.b:
                    opponents[frozenset((x, y))] += 1
        sat.update(rnd.sitting_out)
    return partners, opponents, sat


def assert_rotates(rounds, n):
    """After every round the sit-out counts differ by at most one (nobody twice before everyone once)."""
    sat = Counter()
    for number, rnd in enumerate(rounds, 1):
        sat.update(rnd.sitting_out)
        counts = [sat[p] for p in range(1, n + 1)]
        assert max(counts) - min(counts) <= 1, f"n={n}: after round {number}: {sorted(sat.items())}"


@pytest.mark.parametrize("n", WHIST_SIZES)
def test_whist_schedule_partners_once_and_opponents_twice(n):
    rounds = schedule(n)
    assert len(rounds) == (n - 1 if n % 4 == 0 else n) == rounds_needed(n)
    partners, opponents, sat = count(rounds, n)
    pairs = [frozenset(c) for c in combinations(range(1, n + 1), 2)]
    assert all(partners[p] == 1 for p in pairs)
    assert all(opponents[p] == 2 for p in pairs)
    assert sum(partners.values()) == len(pairs) and sum(opponents.values()) == 2 * len(pairs)
    if n % 4 == 1:
        assert [rnd.sitting_out for rnd in rounds] == [[k] for k in range(1, n + 1)]  # round k: position k
    else:
        assert not sat
    assert all(len(rnd.tables) == n // 4 for rnd in rounds)


@pytest.mark.parametrize("n", OTHER_SIZES, ids=[f"n{n}" for n in OTHER_SIZES])
def test_other_sizes_never_repeat_a_partner_and_rotate_the_sit_outs(n):
    rounds = schedule(n)
    assert len(rounds) == rounds_needed(n) == (n - 1 if n % 2 == 0 else n)
    partners, opponents, sat = count(rounds, n)
    assert max(partners.values()) == 1
    assert all(len(rnd.sitting_out) == n % 4 for rnd in rounds)
    assert_rotates(rounds, n)
    if n % 4 == 3:  # three sit out each round, each player three times
        assert set(sat.values()) == {3} and len(sat) == n
    else:  # two each round: position n and one other once, the others twice
        assert sorted(sat.values()) == [1, 1] + [2] * (n - 2) and sat[n] == 1 and len(sat) == n
    # opponents as documented: never more than twice, and each player meets at least n − 3 others
    assert max(opponents.values()) == 2
    for p in range(1, n + 1):
        assert sum(1 for q in range(1, n + 1) if q != p and opponents[frozenset((p, q))]) >= n - 3


def test_properties_of_a_hand_made_schedule_count_a_repeated_partner():
    rounds = [
        IndividualRound(tables=[Table(a=(1, 2), b=(3, 4))], sitting_out=[5]),
        IndividualRound(tables=[Table(a=(1, 2), b=(3, 5))], sitting_out=[4]),  # 1 and 2 partners again
        IndividualRound(tables=[Table(a=(1, 3), b=(4, 5))], sitting_out=[2]),
    ]
    got = properties(rounds, 5)
    assert got == {
        "players": 5, "rounds": 3, "whist": False, "partner_repeats": 1,
        "opponents_min": 0, "opponents_max": 2,
        "never_opponents": 2,  # 1–2 (partners twice) and 4–5
        "never_partners": 5,  # 1–4, 1–5, 2–3, 2–4, 2–5
        "sit_outs": {1: 0, 2: 1, 3: 0, 4: 1, 5: 1}, "sit_outs_max": 1,
    }


@pytest.mark.parametrize("n", [5, 8, 13, 28], ids=["n5", "n8", "n13", "n28"])
def test_properties_of_a_whist_schedule(n):
    got = properties(schedule(n), n)
    assert got["whist"] is True and got["partner_repeats"] == 0
    assert (got["opponents_min"], got["opponents_max"], got["never_opponents"]) == (2, 2, 0)
    assert got["sit_outs_max"] == n % 4 and got["rounds"] == rounds_needed(n)


def test_properties_of_an_other_size_say_it_is_no_whist():
    got = properties(schedule(10), 10)
    assert got["whist"] is False and got["partner_repeats"] == 0
    assert sorted(got["sit_outs"].values()) == [1, 1] + [2] * 8 and got["sit_outs"][10] == 1
    assert got["sit_outs_max"] == 2
    assert got["opponents_max"] == 2


def test_round_robin_round_maps_positions_to_the_players_ids():
    players = [Single(id=f"p{k}") for k in range(1, 14)]
    for number in (1, 7, 13):
        positions = schedule(13)[number - 1]
        got = round_robin_round(players, number)
        assert got.sitting_out == [f"p{k}" for k in positions.sitting_out] == [f"p{number}"]
        assert [(t.a, t.b) for t in got.tables] == [
            (tuple(f"p{k}" for k in t.a), tuple(f"p{k}" for k in t.b)) for t in positions.tables]
        assert all(t.reason == f"Круговая система: тур {number} расписания на 13 игроков" for t in got.tables)


@pytest.mark.parametrize("number", [0, 14, -1, "2"], ids=["zero", "beyond", "negative", "text"])
def test_round_robin_round_refuses_a_round_outside_the_schedule(number):
    with pytest.raises(PairingError) as info:
        round_robin_round([Single(id=k) for k in range(1, 14)], number)
    assert "13 туров" in info.value.message and info.value.code == "round_robin_complete"


def test_round_robin_round_refuses_fewer_than_four_players_and_repeated_ids():
    with pytest.raises(PairingError, match="не меньше 4 игроков"):
        round_robin_round([Single(id=1), Single(id=2), Single(id=3)], 1)
    with pytest.raises(PairingError, match="повторяются"):
        round_robin_round([Single(id=1)] * 4, 1)


@pytest.mark.parametrize("n", [3, 0, whist_data.MAX_PLAYERS + 1, 10000], ids=["n3", "n0", "above", "n10000"])
def test_schedule_refuses_sizes_it_has_no_schedule_for(n):
    with pytest.raises(PairingError) as info:
        schedule(n)
    assert "игроков" in info.value.message


def test_the_schedule_is_the_same_every_time():
    first = [(rnd.tables, rnd.sitting_out) for rnd in schedule(21)]
    whist._raw.cache_clear()
    whist_data.load.cache_clear()
    assert [(rnd.tables, rnd.sitting_out) for rnd in schedule(21)] == first


def test_every_shipped_entry_verifies():
    entries = whist_data.load()
    assert sorted(entries) == list(range(4, whist_data.MAX_PLAYERS + 1))
    assert {n: whist_data.verify_entry(n, entry) for n, entry in entries.items()} == {n: [] for n in entries}


@pytest.fixture
def corrupted_data(tmp_path, monkeypatch):
    """A copy of the data file with two players of the base round for 13 swapped between tables."""
    data = json.loads(whist_data.DATA_PATH.read_text("utf-8"))
    entry = copy.deepcopy(data["schedules"]["13"])
    entry["base"][0][1], entry["base"][1][1] = entry["base"][1][1], entry["base"][0][1]
    data["schedules"]["13"] = entry
    path = tmp_path / "whist_data.json"
    path.write_text(json.dumps(data), "utf-8")
    monkeypatch.setattr(whist_data, "DATA_PATH", path)
    whist_data.load.cache_clear()
    whist._raw.cache_clear()
    yield entry
    whist_data.load.cache_clear()
    whist._raw.cache_clear()


def test_a_corrupted_entry_is_refused(corrupted_data):
    assert whist_data.verify_entry(13, corrupted_data)
    partners, opponents, _ = count(schedule(13), 13)  # the schedule now developed from the copy
    pairs = [frozenset(c) for c in combinations(range(1, 14), 2)]
    assert any(partners[p] != 1 for p in pairs) or any(opponents[p] != 2 for p in pairs)
    assert properties(schedule(13), 13)["whist"] is False


def test_a_size_not_shipped_is_refused_with_a_clear_message(monkeypatch):
    entries = {n: entry for n, entry in whist_data.load().items() if n != 44}
    monkeypatch.setattr(whist, "load", lambda: entries)
    with pytest.raises(PairingError, match="пока нет") as info:
        schedule(44)
    assert info.value.code == "round_robin_missing"


def test_a_malformed_entry_is_refused_not_crashed():
    assert whist_data.verify_entry(13, {"kind": "whist", "group": [13], "base": [[1, 2, 3]]})
    assert whist_data.verify_entry(13, {"kind": "nonsense"})
    assert whist_data.verify_entry(8, {"kind": "whist", "group": [5], "base": []})
