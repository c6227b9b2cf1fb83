"""The management commands on the partnership game's protocols (RULES-LATIN.md §11.3): ``rank_protocols`` prints
the standings of a list of protocols, ``score_protocol`` a scored latin protocol."""
import io
import json
import subprocess
import sys

import pytest
from django.core.management import call_command

from tests.engine.rules.latin_helpers import EXAMPLES, example, expected, mismatches
from tests.scoring.test_protocol_json import ROOT

ROUND_ROBIN = EXAMPLES["L24"]["rank"]


def run_cli(command, *args, stdin=None):
    return subprocess.run([sys.executable, "manage.py", command, *args], cwd=ROOT, input=stdin,
                          capture_output=True, text=True, timeout=120)


def test_rank_protocols_prints_the_standings_of_l24(tmp_path):
    path = tmp_path / "round_robin.json"
    path.write_text(json.dumps([example(name) for name in ROUND_ROBIN], ensure_ascii=False), encoding="utf-8")
    out = io.StringIO()
    call_command("rank_protocols", str(path), stdout=out)
    rows = json.loads(out.getvalue())
    assert mismatches(EXAMPLES["L24"]["standings"], rows) == []
    assert [row["position"] for row in rows] == [1, 2, 3, 4]


def test_rank_protocols_reads_stdin_and_names_the_bad_protocol():
    protocols = [example(name) for name in ROUND_ROBIN]
    ok = run_cli("rank_protocols", "-", stdin=json.dumps(protocols))
    assert ok.returncode == 0, ok.stderr
    assert [row["number"] for row in json.loads(ok.stdout)] == [2, 1, 3, 4]
    protocols[3]["no_show"] = "C"
    bad = run_cli("rank_protocols", "-", stdin=json.dumps(protocols))
    assert bad.returncode == 1
    error = json.loads(bad.stdout)["error"]
    assert (error["code"], error["protocol"]) == ("bad_no_show", 4)
    assert "protocol 4: no_show must be" in bad.stderr and "протокол 4: Неявка — пара A или B" in bad.stderr


@pytest.mark.parametrize("text, code", [
    ('{"format": "domino-protocol/2"}', "not_a_list"),
    ("[1", "bad_json"),
    ("[" * 100 + "]" * 100, "too_deep"),
])
def test_rank_protocols_refuses_what_is_not_a_list_of_protocols(text, code):
    res = run_cli("rank_protocols", "-", stdin=text)
    assert res.returncode == 1 and "Traceback" not in res.stderr
    assert json.loads(res.stdout)["error"]["code"] == code


def test_rank_protocols_refuses_an_unreadable_file(tmp_path):
    with pytest.raises(SystemExit) as exit_:
        call_command("rank_protocols", str(tmp_path / "none.json"), stdout=io.StringIO(), stderr=io.StringIO())
    assert exit_.value.code == 1


@pytest.mark.parametrize("name", ["L8", "L11", "L14", "L16"])
def test_score_protocol_prints_a_latin_scored_protocol(name, tmp_path):
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(example(name), ensure_ascii=False), encoding="utf-8")
    out = io.StringIO()
    call_command("score_protocol", str(path), stdout=out)
    assert mismatches(expected(name), json.loads(out.getvalue())) == []


def test_score_protocol_refuses_a_bad_latin_protocol():
    bad = example("L1")
    bad["deals"][1]["fisher"] = None
    res = run_cli("score_protocol", "-", stdin=json.dumps(bad))
    assert res.returncode == 1
    assert json.loads(res.stdout)["error"]["code"] == "missing_fisher"
    assert "Раздача 2" in res.stderr
