"""The protocol scorer refuses absurd files with a clear error instead of a traceback."""
import json

import pytest

from scoring.management.commands.score_protocol import MAX_DEPTH, nesting_depth
from tests.scoring.test_protocol_json import run_cli


@pytest.mark.parametrize("text, code", [
    ("[" * 100_000 + "]" * 100_000, "too_deep"),  # the JSON parser itself would raise RecursionError
    ('{"deals": ' + "[" * 100 + "]" * 100 + "}", "too_deep"),  # parses, but no protocol nests like this
    ('{"deals": [{"n": 1' + "0" * 5000 + "}]}", "bad_json"),  # Python refuses to read such an integer
])
def test_score_protocol_refuses_absurd_json(text, code):
    res = run_cli("-", stdin=text)
    assert res.returncode == 1
    assert "Traceback" not in res.stderr
    assert json.loads(res.stdout)["error"]["code"] == code
    assert "ошибка" in res.stderr


def test_nesting_depth_counts_lists_and_objects():
    assert nesting_depth(5) == 0
    assert nesting_depth({"deals": [{"hands": {"A1": ["6-6"]}}]}) == 5
    assert nesting_depth([[[]]]) == 3
    assert nesting_depth("[" * 50) == 0  # a string is not nesting
    deep = []
    for _ in range(MAX_DEPTH + 5):
        deep = [deep]
    assert nesting_depth(deep) > MAX_DEPTH
