"""Protocols in JSON against the database: export, import, round trip, nothing half-saved."""
import copy
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command

from audit.models import AuditEntry
from engine.rules import ProtocolError
from scoring.models import Protocol
from scoring.protocol_json import protocol_to_json
from scoring.scores import rescore
from scoring.services import import_protocol_json
from tests.engine.rules.helpers import RULES_EXAMPLE
from tests.factories import make_referee, make_round, make_tournament
from tournaments.choices import ProtocolStatus

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def partie(db):
    tournament = make_tournament(8)
    make_round(tournament, 1, [(3, 7), (1, 2)])
    return tournament.rounds.get(number=1).parties.get(table=1)


def example():
    data = copy.deepcopy(RULES_EXAMPLE)
    data["pairs"]["A"]["prior_remarks"] = 0
    return data


def test_import_scores_with_the_tournament_rules_and_caches_totals(partie):
    protocol = import_protocol_json(partie, example(), make_referee(partie.round.tournament))
    assert (protocol.score_a, protocol.score_b, protocol.winner) == (48, 35, "A")  # no prior remark in the DB
    assert protocol.deals.count() == 4 and protocol.remarks.count() == 1
    assert protocol.status == ProtocolStatus.AWAITING_SIGNATURES
    assert AuditEntry.objects.filter(partie=partie, action="protocol.imported").count() == 1


def test_prior_remarks_come_from_earlier_rounds(partie):
    tournament = partie.round.tournament
    earlier = make_round(tournament, 0, [(3, 5)])
    first = earlier.parties.get()
    import_protocol_json(first, {"deals": [], "remarks": [{"deal": 1, "player": "A2", "reason": "time"}]},
                         make_referee(first.round.tournament))
    protocol = import_protocol_json(partie, example(), make_referee(partie.round.tournament))
    assert protocol.prior_remarks_a == 1
    assert (protocol.score_a, protocol.score_b) == (47, 35)  # the §8 example with A's 2nd remark


def test_round_trip_export_import_export(partie):
    import_protocol_json(partie, example(), make_referee(partie.round.tournament))
    exported = protocol_to_json(Protocol.objects.get(partie=partie))
    assert exported["pairs"]["A"]["number"] == 3 and exported["pairs"]["B"]["number"] == 7
    assert exported["pairs"]["A"]["players"] == [p.name for p in partie.pair_a.players.order_by("number")]
    other = partie.round.parties.get(table=2)
    moved = copy.deepcopy(exported)
    moved["pairs"] = {"A": {"number": 1}, "B": {"number": 2}}
    import_protocol_json(other, moved, make_referee(other.round.tournament))
    again = protocol_to_json(Protocol.objects.get(partie=other))
    for key in ("deals", "remarks", "no_show", "ended_by_time", "first_lead", "rules"):
        assert again[key] == exported[key]


def test_bad_import_saves_nothing(partie):
    import_protocol_json(partie, example(), make_referee(partie.round.tournament))
    bad = example()
    bad["deals"][1]["hands"]["B2"] = 70
    with pytest.raises(ProtocolError) as err:
        import_protocol_json(partie, bad, make_referee(partie.round.tournament))
    assert (err.value.deal, err.value.seat) == (2, "B2")
    protocol = Protocol.objects.get(partie=partie)
    assert protocol.deals.get(n=2).hands["B2"] == 30
    assert (protocol.score_a, protocol.score_b) == (48, 35)


def test_signed_protocol_refuses_results(partie):
    protocol = import_protocol_json(partie, example(), make_referee(partie.round.tournament))
    protocol.status = ProtocolStatus.SIGNED
    protocol.save()
    with pytest.raises(ProtocolError) as err:
        import_protocol_json(partie, example(), make_referee(partie.round.tournament))
    assert err.value.code == "protocol_signed"


def test_import_refuses_other_pairs(partie):
    data = example()
    data["pairs"]["B"]["number"] = 5
    with pytest.raises(ProtocolError) as err:
        import_protocol_json(partie, data, make_referee(partie.round.tournament))
    assert err.value.code == "pair_mismatch"
    assert not Protocol.objects.filter(partie=partie, deals__isnull=False).exists()


def test_rescore_cascades_to_later_rounds(partie):
    tournament = partie.round.tournament
    later = make_round(tournament, 2, [(3, 4)]).parties.get()
    data = {"deals": [{"n": 1, "result": "block", "hands": {"A1": 9, "A2": 10, "B1": 4, "B2": 30}}],
            "remarks": [{"deal": 1, "player": "A1", "reason": "talking"}]}
    import_protocol_json(later, data, make_referee(later.round.tournament))
    assert Protocol.objects.get(partie=later).score_a == 15  # A's 1st remark: warning
    # round 1: A gets a remark, before round 2
    first = import_protocol_json(partie, example(), make_referee(partie.round.tournament))
    assert first.remarks.count() == 1
    rescore(first)
    assert Protocol.objects.get(partie=later).score_a == 14  # now A's 2nd remark: re-scored with 20


def run_cli(*args, stdin=None):
    return subprocess.run([sys.executable, "manage.py", "score_protocol", *args], cwd=ROOT, input=stdin,
                          capture_output=True, text=True, timeout=120)


def test_score_protocol_command_prints_section_9_1(tmp_path):
    path = tmp_path / "p.json"
    path.write_text(json.dumps(RULES_EXAMPLE, ensure_ascii=False), encoding="utf-8")
    out = io.StringIO()
    call_command("score_protocol", str(path), stdout=out)
    scored = json.loads(out.getvalue())
    assert [(d["points"]["A"], d["points"]["B"]) for d in scored["deals"]] == [(33, 0), (14, 0), (0, 25), (0, 10)]
    assert scored["totals"] == {"A": 47, "B": 35} and scored["winner"] == "A"


def test_score_protocol_command_reads_stdin_and_refuses_bad_input():
    ok = run_cli("-", stdin=json.dumps(RULES_EXAMPLE))
    assert ok.returncode == 0 and json.loads(ok.stdout)["totals"] == {"A": 47, "B": 35}
    bad = copy.deepcopy(RULES_EXAMPLE)
    bad["deals"][2]["hands"]["A2"] = ["7-7"]
    res = run_cli("-", stdin=json.dumps(bad))
    assert res.returncode != 0
    assert "deal 3" in res.stderr and "A2" in res.stderr
    assert json.loads(res.stdout)["error"]["seat"] == "A2"
    assert run_cli("-", stdin="{not json").returncode != 0


def test_verify_scores_finds_and_fixes_a_drifted_cache(partie):
    import_protocol_json(partie, example(), make_referee(partie.round.tournament))
    out = io.StringIO()
    call_command("verify_scores", stdout=out)
    assert "0 differ" in out.getvalue()
    Protocol.objects.filter(partie=partie).update(score_a=99)
    with pytest.raises(SystemExit):
        call_command("verify_scores", stdout=io.StringIO())
    call_command("verify_scores", "--fix", stdout=io.StringIO())
    assert Protocol.objects.get(partie=partie).score_a == 48
