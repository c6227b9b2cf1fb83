"""The protocol scorer refuses absurd files with a clear error instead of a traceback."""
import json
import subprocess
import sys

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from scoring.management.commands.score_protocol import MAX_DEPTH, nesting_depth
from tests.scoring.test_protocol_json import ROOT, run_cli


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


@pytest.mark.parametrize("content", [b'{"format": "\xff\xfe"}', b"\xc3\x28"])
def test_score_protocol_refuses_invalid_utf8_with_a_message(tmp_path, content):
    path = tmp_path / "p.json"
    path.write_bytes(content)
    for args, stdin in (([str(path)], None), (["-"], content)):
        res = subprocess.run([sys.executable, "manage.py", "score_protocol", *args], cwd=ROOT, input=stdin,
                             capture_output=True, timeout=120)
        assert res.returncode == 1
        assert b"Traceback" not in res.stderr
        assert json.loads(res.stdout)["error"]["code"] == "bad_encoding"
        assert "UTF-8" in res.stderr.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("text, words", [
    ("[" * 200_000 + "]" * 200_000, "вложены глубже"),
    ('{"format": "domino-tournament", "version": 1' + "0" * 100_000 + "}", "тысяч цифр"),
    ('{"format": "\udcff"}'.encode("utf-8", "surrogateescape").decode("latin-1"), "UTF-8"),
])
def test_import_tournament_refuses_absurd_json_with_a_clear_error(tmp_path, text, words):
    path = tmp_path / "t.json"
    path.write_bytes(text.encode("latin-1") if "\xff" in text else text.encode())
    with pytest.raises(CommandError) as err:
        call_command("import_tournament", str(path))
    assert words in str(err.value) and "не файл переноса" in str(err.value)
