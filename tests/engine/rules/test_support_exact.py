"""Seats and rotation, refusals and their Russian wording, and the random deal generator, pinned."""
import random
import re

import pytest

from engine.rules import ProtocolError, Rules, RulesError, score_partie
from engine.rules.generate import ALL_TILES, random_deal, random_partie
from engine.rules.messages import RU, russian
from engine.rules.seating import CLOCKWISE, SEATS, SIDES, lead_and_shuffle, other_side, partner_of, seats_of, side_of

# --- seats --------------------------------------------------------------------------------


def test_seats():
    assert CLOCKWISE == ("A1", "B1", "A2", "B2")
    assert SEATS == ("A1", "A2", "B1", "B2")
    assert SIDES == ("A", "B")
    assert [side_of(s) for s in SEATS] == ["A", "A", "B", "B"]
    assert (other_side("A"), other_side("B")) == ("B", "A")
    assert [partner_of(s) for s in SEATS] == ["A2", "A1", "B2", "B1"]
    assert (seats_of("A"), seats_of("B")) == (("A1", "A2"), ("B1", "B2"))


@pytest.mark.parametrize("first, expected", [
    ("A1", [("A1", "B1"), ("B1", "A2"), ("A2", "B2"), ("B2", "A1"), ("A1", "B1")]),
    ("B2", [("B2", "A1"), ("A1", "B1"), ("B1", "A2"), ("A2", "B2"), ("B2", "A1")]),
])
def test_lead_passes_clockwise_and_the_next_seat_shuffles(first, expected):
    assert [lead_and_shuffle(n, first) for n in range(1, 6)] == expected


def test_lead_default_and_deal_numbers_from_one():
    assert lead_and_shuffle(1) == ("A1", "B1")
    assert lead_and_shuffle(403) == ("A2", "B2")
    for n in (0, -3):
        with pytest.raises(ValueError, match="^deal numbers start at 1$"):
            lead_and_shuffle(n)


# --- refusals ------------------------------------------------------------------------------

def test_protocol_error_names_deal_and_seat_in_english():
    assert ProtocolError("bad_tile", "no", deal=3, seat="A1").message == "deal 3, seat A1: no"
    assert ProtocolError("bad_tile", "no", deal=3).message == "deal 3: no"
    assert ProtocolError("bad_tile", "no", seat="B2").message == "seat B2: no"
    assert ProtocolError("bad_tile", "no").message == "no"
    assert str(ProtocolError("bad_tile", "no", deal=0)) == "deal 0: no"


def test_protocol_error_to_json():
    err = ProtocolError("missing_deal", "gap", deal=3, missing=2)
    assert err.to_json() == {
        "code": "missing_deal", "message": "deal 3: gap", "message_ru": "Раздача 3: пропущена раздача 2",
        "deal": 3, "seat": None, "missing": 2,
    }


@pytest.mark.parametrize("language, russian_text", [("ru", True), ("ru-ru", True), (None, True), ("", True),
                                                    ("en", False), ("en-gb", False)])
def test_protocol_error_localized(language, russian_text):
    err = ProtocolError("bad_seat", "bad", seat="A1")
    assert err.localized(language) == ("Место A1: место должно быть A1, A2, B1 или B2" if russian_text else "seat A1: bad")


def test_rules_error_defaults():
    err = RulesError("bad")
    assert (err.message, err.key, err.code, err.params, str(err)) == ("bad", None, "bad_rules", {}, "bad")
    err = RulesError("worse", key="x", code="out_of_range", lo=1)
    assert (err.key, err.code, err.params) == ("x", "out_of_range", {"lo": 1})


def test_russian_messages_name_deal_and_seat():
    assert russian("bad_tile", 3, "A1", {"tile": "9-9"}) == (
        "Раздача 3, место A1: «9-9» — не камень набора дубль-шесть (пишите a-b, 0 ≤ a, b ≤ 6)"
    )
    assert russian("missing_hand", None, "B2", {}) == "Место B2: не указан остаток в руке"
    assert russian("missing_deal", 5, None, {"missing": 4}) == "Раздача 5: пропущена раздача 4"
    assert russian("bad_remarks", None, None, {}) == "Замечания — это список"


def test_russian_message_without_its_values_keeps_the_template():
    assert russian("missing_deal", None, None, {}) == "Пропущена раздача {missing}"
    assert russian("unknown_option", None, None, {"value": 1}) == "Неизвестный параметр регламента: {key}"


def test_unknown_code_has_a_general_russian_message():
    assert russian("no_such_code", 2, None, {}) == "Раздача 2: ошибка в протоколе"


def _raise(fn):
    try:
        fn()
    except ProtocolError as exc:
        return exc
    raise AssertionError("not refused")


def test_every_code_the_engine_raises_has_russian_wording():
    from engine.rules import score_protocol

    cases = [
        {"deals": [{"n": 1, "result": "block", "hands": {"A1": True}}]},
        {"deals": [{"n": 1, "result": "block", "hands": {"A1": 70}}]},
        {"deals": [{"n": 1, "result": "block", "hands": {"A1": ["1-1"] * 8}}]},
        {"deals": [{"n": 1, "result": "block", "hands": {"A1": ["9-9"]}}]},
        {"deals": [{"n": 1, "result": "block", "hands": {"A1": ["1-1", "1-1"]}}]},
        {"deals": [{"n": 1, "result": "block", "hands": {"A1": 69, "A2": 69, "B1": 31}}]},
        {"deals": [{"n": 1, "result": "block", "hands": {"C1": 1}}]},
        {"deals": [{"n": 1, "result": "block", "hands": 5}]},
        {"deals": [{"n": 1, "result": "block", "hands": {}}]},
        {"deals": [{"n": 1, "result": "block", "hands": {"A1": 0}}]},
        {"deals": [{"n": 1, "result": "domino", "out": "A1", "hands": {"A1": 3}}]},
        {"deals": [{"n": 1, "result": "x"}]},
        {"deals": [1]},
        {"deals": [{"n": 0}]},
        {"deals": 1},
        {"deals": [{"n": 1, "result": "wrong_pass", "offender": "A1"}] * 2},
        {"deals": [{"n": 2, "result": "wrong_pass", "offender": "A1"}]},
        {"deals": [{"n": n, "result": "wrong_pass", "offender": "A1"} for n in range(1, 6)]},
        {"remarks": [{"deal": 3, "player": "A1"}]},
        {"remarks": [1]},
        {"remarks": 1},
        {"pairs": {"A": {"prior_remarks": -1}}},
        {"no_show": "C"},
        {"ended_by_time": 1},
        [],
        {"format": "x"},
        {"pairs": 1},
        {"rules": 1},
        {"rules": {"x": 1}},
    ]
    codes = set()
    for data in cases:
        exc = _raise(lambda: score_protocol(data))
        codes.add(exc.code)
        assert exc.code in RU, exc.code
        assert "ошибка в протоколе" not in exc.message_ru
    assert len(codes) == len(cases)


# --- the generator ---------------------------------------------------------------------------

def test_all_tiles_is_one_double_six_set():
    assert len(ALL_TILES) == 28 and len(set(ALL_TILES)) == 28
    assert sum(a + b for a, b in ALL_TILES) == 168


def test_random_deals_are_possible_and_mixed():
    rng = random.Random(7)
    rules = Rules()
    kinds = {"domino": 0, "block": 0, "wrong_pass": 0}
    for n in range(1, 1001):
        deal = random_deal(rng, n, rules)
        assert deal["n"] == n
        kinds[deal["result"]] += 1
        score_partie(rules, [dict(deal, n=1)])  # raises if impossible
        if deal["result"] == "wrong_pass":
            assert set(deal) == {"n", "result", "offender"} and deal["offender"] in SEATS
        elif deal["result"] == "domino":
            assert deal["out"] in SEATS and deal["out"] not in deal["hands"] and len(deal["hands"]) == 3
        else:
            assert "out" not in deal and len(deal["hands"]) == 4
    assert 10 <= kinds["wrong_pass"] <= 60
    assert 150 <= kinds["block"] <= 300
    assert 650 <= kinds["domino"] <= 850


def test_random_deals_as_tiles_hold_one_to_four_or_five_tiles():
    rng = random.Random(11)
    sizes = {"domino": set(), "block": set()}
    for n in range(1, 600):
        deal = random_deal(rng, n, Rules(), as_tiles=True)
        if deal["result"] == "wrong_pass":
            continue
        tiles = [t for hand in deal["hands"].values() for t in hand]
        assert all(isinstance(t, str) for t in tiles)
        assert len(tiles) == len(set(tiles))
        sizes[deal["result"]] |= {len(h) for h in deal["hands"].values()}
    assert sizes == {"domino": {1, 2, 3, 4}, "block": {1, 2, 3, 4, 5}}


def test_random_counts_follow_the_lone_double_blank():
    rng = random.Random(3)
    for rules in (Rules(), Rules.from_config({"lone_double_blank": 0}), Rules.from_config({"lone_double_blank": 7})):
        for n in range(1, 400):
            deal = random_deal(rng, n, rules)
            for value in deal.get("hands", {}).values():
                if isinstance(value, list):
                    # a hand of face 0 is only written as tiles where a count would mean something else
                    assert rules.lone_double_blank != 0 and value == ["0-0"]
                else:
                    assert value != 0 or rules.lone_double_blank == 0
            score_partie(rules, [dict(deal, n=1)])


def test_random_partie_plays_until_the_end_with_remarks():
    deals, remarks = random_partie(random.Random(5), Rules(), remark_chance=0.5)
    result = score_partie(Rules(), deals, remarks)
    assert result.finished
    assert [d["n"] for d in deals] == list(range(1, len(deals) + 1))
    assert remarks and all(r["reason"] in ("time", "talking") and r["player"] in SEATS for r in remarks)
    assert all(1 <= r["deal"] <= len(deals) for r in remarks)
    quiet_deals, quiet = random_partie(random.Random(5), Rules())
    assert quiet == []


@pytest.mark.parametrize("config", [{}, {"lone_double_blank": 0}, {"preset": "federation"}])
def test_a_deal_as_counts_scores_like_the_same_deal_as_tiles(config):
    # The same seed draws the same tiles; only the way the hands are written differs.
    rules = Rules.from_config(config)
    for seed in range(300):
        counts = random_deal(random.Random(seed), 1, rules)
        tiles = random_deal(random.Random(seed), 1, rules, as_tiles=True)
        assert counts.keys() == tiles.keys() and counts.get("hands", {}).keys() == tiles.get("hands", {}).keys()
        a, b = score_partie(rules, [counts]).deals[0], score_partie(rules, [tiles]).deals[0]
        assert (a.points_a, a.points_b) == (b.points_a, b.points_b), (seed, counts, tiles)


def test_random_partie_stops_at_the_deal_that_ends_it_remarks_included():
    rules = Rules.from_config({"deals_per_partie": 12})
    ended_by_remarks = 0
    for seed in range(30):
        deals, remarks = random_partie(random.Random(seed), rules, remark_chance=1.0)
        result = score_partie(rules, deals, remarks)
        assert result.finished
        before = [r for r in remarks if r["deal"] < len(deals)]
        assert not score_partie(rules, deals[:-1], before).finished
        ended_by_remarks += result.disqualified is not None
    assert ended_by_remarks > 0


def test_without_remarks_the_generator_draws_only_deals():
    # Seeded runs (demo, simulate, benchmarks) give the same deals with remark_chance 0.
    rules = Rules()
    deals, _ = random_partie(random.Random(9), rules)
    rng = random.Random(9)
    assert deals == [random_deal(rng, n, rules) for n in range(1, len(deals) + 1)]


def test_random_partie_stops_at_four_hundred_deals():
    rules = Rules.from_config({"partie_length": "target", "target_points": 100_000})
    deals, _ = random_partie(random.Random(1), rules)
    assert len(deals) == 400


# --- the Russian wording itself -----------------------------------------------------------------

_LATIN_ALLOWED = re.compile(r"\b(?:A1|A2|B1|B2|A|B|JSON|a-b|a|b)\b")


@pytest.mark.parametrize("code", sorted(RU))
def test_russian_wording_has_no_english_left_and_does_not_shout(code):
    text = RU[code]
    assert text and not text[0].isupper(), "templates start lower-case; russian() capitalises the sentence"
    rest = _LATIN_ALLOWED.sub("", re.sub(r"\{\w+\}", "", text))
    assert not re.search(r"[A-Za-z]", rest), f"English left in {text!r}"
    words = re.findall(r"[А-Яа-яЁё]{2,}", text)
    assert words and not any(w.isupper() for w in words), f"shouting in {text!r}"
