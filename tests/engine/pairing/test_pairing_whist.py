"""Round robin of individual events (pure): the whist schedules, their properties, a round of players, and
the shipped data (engine/pairing/whist_data.json) re-verified — counted here from scratch, pair by pair."""
import copy
import json
from collections import Counter
from itertools import combinations

import pytest

from engine.pairing import whist, whist_data
from engine.pairing.base import PairingError
from engine.pairing.individual_base import IndividualRound, Single, Table
from engine.pairing.whist import PlayerLine, player_lines, properties, round_robin_round, rounds_needed, schedule

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


def test_player_lines_of_a_hand_made_schedule():
    rounds = [
        IndividualRound(tables=[Table(a=(1, 2), b=(3, 4))], sitting_out=[5]),
        IndividualRound(tables=[Table(a=(1, 2), b=(3, 5))], sitting_out=[4]),  # 1 and 2 partners again
        IndividualRound(tables=[Table(a=(1, 3), b=(4, 5))], sitting_out=[2]),
    ]
    got = {line.player: line for line in player_lines(rounds, 5)}
    # player 1: partners 2, 2, 3 (one repeat); against 3 and 4 (round 1), 3 and 5 (2), 4 and 5 (3): 3, 4 and 5
    # twice each, 2 never
    assert got[1] == PlayerLine(player=1, played=3, sit_outs=0, partners=2, partner_repeats=1, opponents_min=0,
                                opponents_max=2, never_opponents=(2,))
    # player 4: partner 3 then 5; against 1 and 2 (round 1), 1 and 3 (3); sits out round 2
    assert got[4] == PlayerLine(player=4, played=2, sit_outs=1, partners=2, partner_repeats=0, opponents_min=0,
                                opponents_max=2, never_opponents=(5,))
    assert [got[p].sit_outs for p in range(1, 6)] == [0, 1, 0, 1, 1]


@pytest.mark.parametrize("n", [5, 8, 10, 11])
def test_player_lines_agree_with_the_schedules_properties(n):
    rounds = schedule(n)
    whole, lines = properties(rounds, n), player_lines(rounds, n)
    assert [line.player for line in lines] == list(range(1, n + 1))
    assert {line.player: line.sit_outs for line in lines} == whole["sit_outs"]
    assert sum(line.partner_repeats for line in lines) == 2 * whole["partner_repeats"] == 0
    assert min(line.opponents_min for line in lines) == whole["opponents_min"]
    assert max(line.opponents_max for line in lines) == whole["opponents_max"]
    assert sum(len(line.never_opponents) for line in lines) == 2 * whole["never_opponents"]
    assert all(line.played + line.sit_outs == whole["rounds"] for line in lines)
    if whole["whist"]:  # every other player a partner once and an opponent twice
        assert all((line.partners, line.opponents_min, line.opponents_max) == (n - 1, 2, 2) for line in lines)


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


@pytest.mark.parametrize("n, message, code", [
    (True, "Число игроков должно быть целым числом.", "round_robin_size"),
    ("8", "Число игроков должно быть целым числом.", "round_robin_size"),
    (3, "Для круговой системы в личном зачёте нужно не меньше 4 игроков (сейчас 3).", "too_few_players"),
    (65, "Расписание круговой системы есть для 4–64 игроков; для 65 игроков выберите швейцарскую систему.",
     "round_robin_too_many"),
], ids=["bool", "text", "n3", "n65"])
def test_schedule_refusals_say_exactly_why(n, message, code):
    with pytest.raises(PairingError) as info:
        schedule(n)
    assert (info.value.message, info.value.code) == (message, code)


def test_round_robin_round_refusals_carry_their_codes():
    with pytest.raises(PairingError) as info:
        round_robin_round([Single(id=1), Single(id=2), Single(id=3)], 1)
    assert info.value.code == "too_few_players"
    with pytest.raises(PairingError) as info:
        round_robin_round([Single(id=1)] * 4, 1)
    assert (info.value.message, info.value.code) == ("Номера игроков повторяются.", "duplicate_entrant")


@pytest.mark.parametrize("n", [6, 9], ids=["n6", "n9"])
def test_every_table_names_its_round_and_the_method_is_round_robin(n):
    players = [Single(id=f"p{k}") for k in range(1, n + 1)]
    for number, rnd in enumerate(schedule(n), 1):
        assert rnd.method == "round_robin" == round_robin_round(players, number).method
        assert {t.reason for t in rnd.tables} == {f"Круговая система: тур {number} расписания на {n} игроков"}


def test_properties_of_a_whist_schedule_short_of_its_last_round():
    # Wh(8) without its last round: the four partnerships of that round never made (those pairs still met
    # twice), the eight pairs it opposed met once; so no whist, though each pair is partners once or met twice.
    got = properties(schedule(8)[:-1], 8)
    assert got == {
        "players": 8, "rounds": 6, "whist": False, "partner_repeats": 0,
        "opponents_min": 1, "opponents_max": 2, "never_opponents": 0, "never_partners": 4,
        "sit_outs": {p: 0 for p in range(1, 9)}, "sit_outs_max": 0,
    }


def test_properties_say_no_whist_when_somebody_sits_out_twice():
    rounds = [*schedule(5), IndividualRound(tables=[], sitting_out=[1])]
    got = properties(rounds, 5)
    assert got["whist"] is False and got["sit_outs"][1] == 2 and got["sit_outs_max"] == 2
    assert (got["partner_repeats"], got["opponents_min"], got["opponents_max"]) == (0, 2, 2)


def test_properties_of_no_rounds_count_every_player():
    assert properties([], 4) == {
        "players": 4, "rounds": 0, "whist": False, "partner_repeats": 0, "opponents_min": 0,
        "opponents_max": 0, "never_opponents": 6, "never_partners": 6,
        "sit_outs": {1: 0, 2: 0, 3: 0, 4: 0}, "sit_outs_max": 0,
    }
    assert properties([], 1)["opponents_min"] == 0 and properties([], 1)["whist"] is False
    assert properties([], 0)["sit_outs_max"] == 0


# --- the data file: its group arithmetic, its development and its writer -----------------------------

WH4 = {"kind": "whist", "group": [3], "infinity": True, "base": [[None, 0, 1, 2]]}  # no "sit_out" key


def test_group_arithmetic_works_digit_by_digit():
    group = whist_data.Group([3, 4])  # element 4·d0 + d1
    assert group.size == 12 and group.add(5, 7) == 8  # (1, 1) + (1, 3) = (2, 0)
    assert group.neg(5) == 11 and group.neg(0) == 0  # −(1, 1) = (2, 3)
    assert group.sub(1, 5) == 8  # (0, 1) − (1, 1) = (2, 0)
    assert all(group.add(group.sub(a, b), b) == a for a in range(12) for b in range(12))
    assert whist_data.Group([1]).size == 1


@pytest.mark.parametrize("moduli", [[], [0], [3, 0]], ids=["none", "zero", "zero-second"])
def test_group_refuses_moduli_that_make_no_group(moduli):
    with pytest.raises(ValueError, match="bad moduli"):
        whist_data.Group(moduli)


@pytest.mark.parametrize("size, sitting, order", [
    (5, 1, [0, 1, 2, 3, 4]), (5, 0, [0, 1, 2, 3, 4]), (7, 2, [0, 2, 4, 6, 1, 3, 5]),
    (10, 2, [0, 2, 4, 6, 8, 1, 3, 5, 7, 9]), (6, 3, [0, 3, 1, 4, 2, 5]),
], ids=["one", "none", "coprime", "blocks-of-two", "blocks-of-three"])
def test_translation_order_walks_the_sit_outs_round_the_circle(size, sitting, order):
    assert whist_data.translation_order(size, sitting) == order


def test_an_entry_without_sit_outs_is_developed_and_verifies():
    assert whist_data.develop(4, WH4) == [([(4, 1, 2, 3)], []), ([(4, 2, 3, 1)], []), ([(4, 3, 1, 2)], [])]
    assert whist_data.verify_entry(4, WH4) == []


def test_raw_schedule_develops_the_entries_it_is_given():
    entries = {4: {"kind": "explicit", "rounds": [[[[1, 2, 3, 4]], []]]}}
    assert whist_data.raw_schedule(4, entries) == [([(1, 2, 3, 4)], [])]


@pytest.mark.parametrize("entry, message", [
    ({"kind": "whist", "group": [5], "base": []}, "ValueError('the group of order 5 does not fit 8 players')"),
    ({"kind": "nonsense"}, "ValueError(\"unknown kind 'nonsense'\")"),
    ({"kind": "extra_player", "group": [5], "sit_out": [0], "base": []},
     "ValueError('n = 8 needs a cyclic whist base round over Z_7')"),
], ids=["group-too-small", "kind", "extra-player-group"])
def test_an_entry_that_cannot_be_developed_says_why(entry, message):
    assert whist_data.verify_entry(8, entry) == [f"cannot be developed: {message}"]


@pytest.mark.parametrize("change", [
    {"group": [7]}, {"infinity": True}, {"sit_out": []}, {"sit_out": None},
], ids=["group", "infinity", "no-sit-out", "sit-out-missing"])
def test_the_extra_player_needs_a_cyclic_base_round_with_one_sit_out(change):
    entry = {**whist_data.load()[6], **change}
    if change.get("sit_out", []) is None:
        del entry["sit_out"]
    with pytest.raises(ValueError, match="^n = 6 needs a cyclic whist base round over Z_5$"):
        whist_data.develop_from_smaller(6, entry)


def test_write_reproduces_the_shipped_file_byte_for_byte(tmp_path, monkeypatch):
    shipped = whist_data.DATA_PATH.read_text("utf-8")
    data = json.loads(shipped)
    data["schedules"] = dict(reversed(data["schedules"].items()))  # the writer sorts by the number
    monkeypatch.setattr(whist_data, "DATA_PATH", tmp_path / "whist_data.json")
    whist_data.write(data)
    assert (tmp_path / "whist_data.json").read_text("utf-8") == shipped


NOT_PARTNERS_ONCE = "not every two players are partners exactly once"
NOT_OPPONENTS_TWICE = "not every two players are opponents exactly twice"


@pytest.mark.parametrize("n, rounds, problems", [
    (5, [([(1, 2, 3, 4)], [5]), ([(1, 2, 3, 5)], [4]), ([(5, 4, 1, 3)], [2])],  # 1–2 partners again (side A)
     ["3 rounds instead of 5", "a partnership repeats"]),
    (5, [([(1, 2, 3, 4)], [5]), ([(1, 5, 3, 4)], [2]), ([(2, 5, 1, 4)], [3])],  # 3–4 partners again (side B)
     ["3 rounds instead of 5", "a partnership repeats"]),
    (5, [([(1, 2, 3, 4)], [5]), ([(1, 3, 2, 4)], [5])],
     ["2 rounds instead of 5", "after round 2 someone sat out twice before everyone had once"]),
    (5, [([(1, 2, 3, 4, 5)], []), ([(1, 3, 2, 4)], [5])],  # a table of five
     ["2 rounds instead of 5", "round 1 does not seat every player exactly once"]),
    (5, [([(1, 2, 3, 4)], [5]), ([(1, 3, 2, 5)], [5]), ([(2, 5, 3, 4)], [1]), ([(2, 5, 1, 4)], [3])],
     ["4 rounds instead of 5", "round 2 does not seat every player exactly once", "a partnership repeats"]),
], ids=["repeat-side-a", "repeat-side-b", "sat-out-twice", "table-of-five", "counts-on-after-a-bad-round"])
def test_verify_raw_names_each_kind_of_corruption(n, rounds, problems):
    assert whist_data.verify_raw(n, rounds, whist=False) == problems


@pytest.mark.parametrize("n, last", [(4, "somebody sits out"), (5, "the sit-outs are not one per player")])
def test_verify_raw_of_a_whist_size_checks_partners_opponents_and_sit_outs(n, last):
    everybody_out = [([], list(range(1, n + 1)))] * rounds_needed(n)
    assert whist_data.verify_raw(n, everybody_out, whist=True) == [NOT_PARTNERS_ONCE, NOT_OPPONENTS_TWICE, last]
    assert whist_data.verify_raw(n, everybody_out, whist=False) == []


@pytest.mark.parametrize("n", [5, 8])
def test_verify_entry_holds_sizes_0_and_1_mod_4_to_the_whist_property(n):
    entry = {"kind": "explicit", "rounds": [[[], list(range(1, n + 1))]] * rounds_needed(n)}
    last = "somebody sits out" if n % 4 == 0 else "the sit-outs are not one per player"
    assert whist_data.verify_entry(n, entry) == [NOT_PARTNERS_ONCE, NOT_OPPONENTS_TWICE, last]


def test_a_withdrawn_player_s_table_sits_out_and_the_others_stay():
    from engine.pairing.whist import without_withdrawn
    result = IndividualRound(tables=[Table(a=(1, 2), b=(3, 4)), Table(a=(5, 6), b=(7, 8))], sitting_out=[9],
                             method="round_robin")
    assert without_withdrawn(result, set()) is result
    kept = without_withdrawn(result, {3})
    assert [t.players for t in kept.tables] == [Table(a=(5, 6), b=(7, 8)).players]
    assert kept.sitting_out == [1, 2, 4, 9] and kept.method == "round_robin"
    gone = without_withdrawn(result, {2, 6, 9})
    assert gone.tables == [] and gone.sitting_out == [1, 3, 4, 5, 7, 8]
