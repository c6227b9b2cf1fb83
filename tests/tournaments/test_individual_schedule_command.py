"""`manage.py individual_schedule`: a whole round-robin schedule of an individual event as JSON or text.

No test here has the database (pytest-django refuses any query in them), which shows the command needs none.
"""
import io
import json
from collections import Counter
from itertools import combinations

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError


def run(*args):
    out = io.StringIO()
    call_command("individual_schedule", *args, stdout=out)
    return out.getvalue()


@pytest.mark.parametrize("n", [8, 13], ids=["n8", "n13"])
def test_json_is_a_whole_whist_schedule_in_player_numbers(n):
    got = json.loads(run("--players", str(n), "--system", "round-robin", "--json"))
    assert got["players"] == n
    assert [r["round"] for r in got["rounds"]] == list(range(1, len(got["rounds"]) + 1))
    assert len(got["rounds"]) == (n - 1 if n % 4 == 0 else n)
    partners, opponents = Counter(), Counter()
    for r in got["rounds"]:
        assert [t["table"] for t in r["tables"]] == list(range(1, n // 4 + 1))
        seated = [p for t in r["tables"] for p in t["A"] + t["B"]] + r["sitting_out"]
        assert sorted(seated) == list(range(1, n + 1))
        for t in r["tables"]:
            partners.update([frozenset(t["A"]), frozenset(t["B"])])
            opponents.update(frozenset((x, y)) for x in t["A"] for y in t["B"])
    pairs = [frozenset(c) for c in combinations(range(1, n + 1), 2)]
    assert all(partners[p] == 1 and opponents[p] == 2 for p in pairs)
    if n == 13:
        assert [r["sitting_out"] for r in got["rounds"]] == [[k] for k in range(1, 14)]


def test_json_of_a_size_with_three_sitting_out():
    got = json.loads(run("--players", "11", "--json"))
    assert all(len(r["sitting_out"]) == 3 and len(r["tables"]) == 2 for r in got["rounds"])
    assert len(got["rounds"]) == 11


def test_text_says_the_properties_and_every_round():
    text = run("--players", "5")
    assert "Круговая система: 5 игроков, 5 туров." in text
    assert "партнёры ровно один раз и соперники ровно два раза" in text
    assert text.count("Тур ") == 5 and "пропускают: 1" in text
    other = run("--players", "6")
    assert "Повторов партнёров: 0" in other and "Тур 5:" in other


@pytest.mark.parametrize("value, message", [
    ("3", "не меньше 4 игроков"),
    ("0", "не меньше 4 игроков"),
    ("-5", "не меньше 4 игроков"),
    ("10001", "больше 10000"),
    ("abc", "целым числом"),
    ("4.5", "целым числом"),
    ("", "целым числом"),
    ("65", "швейцарскую систему"),
    ("10000", "швейцарскую систему"),
], ids=["three", "zero", "negative", "too-many", "text", "fraction", "empty", "above-64", "ten-thousand"])
def test_a_bad_number_of_players_is_a_clear_command_error(value, message):
    with pytest.raises(CommandError, match=message):
        run("--players", value, "--json")


def test_another_system_is_refused():
    with pytest.raises(CommandError, match="только для круговой системы"):
        run("--players", "8", "--system", "swiss", "--json")
