"""RULES-LATIN.md §8.3, §11.3: the standings of the partnership game — what each row sums and the order."""
import pytest

from engine.rules import ProtocolError
from engine.rules.latin import rank, score_latin
from engine.rules.latin.ranking import sort_key

from .latin_helpers import EXAMPLES, example, mismatches

ROUND_ROBIN = EXAMPLES["L24"]["rank"]


def protocols(names=ROUND_ROBIN):
    return [example(name) for name in names]


def test_the_round_robin_standings_of_l24():
    assert mismatches(EXAMPLES["L24"]["standings"], rank(protocols())) == []


def test_the_rows_carry_every_figure():
    first = rank(protocols())[0]
    assert first == {"position": 1, "number": 2, "played": 3, "won": 2, "lost": 1, "drawn": 0, "byes": 0,
                     "points_for": 325, "points_against": 135, "efectividad": 115, "sanction": 0, "chancleta": 0,
                     "zapato": 0, "card": "none", "withdrawn": False}


def test_scored_partidas_rank_as_their_protocols():
    assert rank([score_latin(p) for p in protocols()]) == rank(protocols())
    mixed = [score_latin(p) if i % 2 else p for i, p in enumerate(protocols())]
    assert rank(mixed) == rank(protocols())


def test_no_partida_no_rows():
    assert rank([]) == []


@pytest.mark.parametrize("order, numbers", [
    (["won", "efectividad", "points_for"], [2, 1, 3, 4]),
    (["won", "points_for"], [2, 1, 3, 4]),
    (["points_for"], [2, 1, 3, 4]),
    (["efectividad"], [2, 1, 3, 4]),
    (["lost", "points_against"], [2, 1, 4, 3]),
    (["points_against"], [2, 1, 4, 3]),
    (["won"], [1, 2, 3, 4]),
    (["lost"], [1, 2, 3, 4]),
])
def test_each_ranking_key(order, numbers):
    # points against: 1 220, 2 135, 3 295, 4 270; lost: 1, 1, 2, 2.
    standings = rank(protocols(), order=order)
    assert [r["number"] for r in standings] == numbers
    assert [r["position"] for r in standings] == [1, 2, 3, 4]


def test_the_order_of_the_protocols_rules_is_used():
    data = protocols()
    for protocol in data:
        protocol["rules"]["ranking_order"] = ["points_against"]
    assert [r["number"] for r in rank(data)] == [2, 1, 4, 3]


def test_an_order_given_is_checked():
    with pytest.raises(ProtocolError) as err:
        rank(protocols(), order=["goals"])
    assert (err.value.code, err.value.params) == ("unknown_ranking_key", {"key": "ranking_order", "value": "goals"})
    with pytest.raises(ProtocolError) as err:
        rank(protocols(), order=[])
    assert err.value.code == "bad_ranking_order"


def test_a_withdrawn_pair_is_listed_last():
    data = protocols()
    data[1]["pairs"]["B"]["prior_card"] = "red"          # L19: pair 4 gets a yellow on a red: black
    data[1]["sanctions"] = [{"player": "B1", "card": "yellow", "hand": 1}]
    standings = rank(data)
    assert [r["number"] for r in standings] == [2, 1, 3, 4]
    data[1]["pairs"]["B"]["prior_card"] = "none"
    data[1]["pairs"]["A"]["prior_card"] = "red"          # now pair 3 is withdrawn: after pair 4
    data[1]["sanctions"] = [{"player": "A1", "points": 80, "hand": 1}]
    standings = rank(data)
    assert [(r["number"], r["withdrawn"], r["card"]) for r in standings] == [
        (2, False, "none"), (1, False, "none"), (4, False, "none"), (3, True, "black")]
    assert standings[3]["position"] == 4 and standings[3]["sanction"] == 80


def test_the_highest_card_and_the_sums_of_sanctions_and_counters():
    data = protocols()
    data[0]["sanctions"] = [{"player": "A1", "points": 80, "hand": 1}]            # L18: pair 1 yellow, 80
    data[0]["indicators"] = {"A": {"chancleta": 1, "zapato": 2}}
    data[4]["sanctions"] = [{"player": "A2", "points": 40, "hand": 1}]            # L22: pair 1, 40
    data[4]["indicators"] = {"A": {"chancleta": 3}}
    one = next(r for r in rank(data) if r["number"] == 1)
    assert (one["sanction"], one["card"], one["chancleta"], one["zapato"], one["withdrawn"]) == (
        120, "yellow", 4, 2, False)


def test_a_bye_counts_as_played_and_won():
    bye = {"format": "domino-protocol/2", "rules": {"preset": "latin", "target_points": 100},
           "pairs": {"A": {"number": 5}}, "bye": "A"}
    standings = rank(protocols() + [bye])
    five = next(r for r in standings if r["number"] == 5)
    assert (five["played"], five["won"], five["byes"], five["points_for"], five["efectividad"]) == (1, 1, 1, 100, 50)
    assert [r["number"] for r in standings] == [2, 1, 5, 3, 4]   # one win each: efectividad 50 > −85 > −160


def test_a_partida_in_progress_is_left_out():
    unfinished = example("L18")
    unfinished["deals"] = unfinished["deals"][:2]
    standings = rank(protocols(["L19", "L20"]) + [unfinished])
    assert sorted(r["number"] for r in standings) == [1, 3, 4]
    assert next(r for r in standings if r["number"] == 1)["played"] == 1


def test_a_drawn_partida_counts_as_drawn():
    drawn = example("L6")
    standings = rank([drawn])
    assert [(r["number"], r["drawn"], r["won"], r["lost"], r["played"]) for r in standings] == [
        (3, 1, 0, 0, 1), (7, 1, 0, 0, 1)]


def test_equal_figures_rank_by_pair_number():
    first, second = example("L10"), example("L10")
    second["pairs"] = {"A": {"number": 1}, "B": {"number": 2}}
    standings = rank([first, second])
    assert [r["number"] for r in standings] == [1, 3, 2, 7]


def test_sort_key():
    entry = {"withdrawn": False, "won": 2, "efectividad": 5, "points_for": 7, "lost": 1, "points_against": 3,
             "number": 9}
    assert sort_key(entry, ("won", "efectividad", "points_for", "lost", "points_against")) == (
        False, -2, -5, -7, 1, 3, 9)


def test_a_bad_protocol_names_its_place():
    data = protocols()
    data[2]["deals"][0]["hands"]["B1"] = 70
    with pytest.raises(ProtocolError) as err:
        rank(data)
    assert (err.value.code, err.value.deal, err.value.seat, err.value.params["protocol"]) == (
        "hand_over_max", 1, "B1", 3)


def test_what_is_not_a_protocol_is_named_by_its_place():
    with pytest.raises(ProtocolError) as err:
        rank([example("L18"), 5])
    assert (err.value.code, err.value.params) == ("bad_protocol", {"protocol": 2})
