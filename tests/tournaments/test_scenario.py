"""A whole event through the services: Excel → draw → 7 Swiss rounds with results → legal pairings."""
import io
import json
import random
from collections import Counter

import pytest
from django.core.management import call_command

from engine.rules import Rules
from engine.rules.generate import random_deal
from events.services import import_pairs, pair_round, publish_round, run_draw
from events.simulation import link_signers, play_partie
from tests.factories import make_tournament
from tests.tournaments.conftest import pair_rows, xlsx_bytes
from tournaments.choices import ProtocolStatus
from tournaments.models import Partie, RoundStatus

pytestmark = pytest.mark.django_db


def assert_legal(rows, n_pairs):
    """rows: [{"round", "table", "A", "B"}] — no rematch, each pair once per round, at most one bye."""
    seen_meetings = set()
    byes = Counter()
    for rnd in sorted({r["round"] for r in rows}):
        in_round = [r for r in rows if r["round"] == rnd]
        numbers = [r["A"] for r in in_round] + [r["B"] for r in in_round if r["B"] is not None]
        assert sorted(numbers) == list(range(1, n_pairs + 1)), f"round {rnd}: every pair once"
        for r in in_round:
            if r["B"] is None:
                byes[r["A"]] += 1
            else:
                assert r["A"] < r["B"]
                meeting = frozenset((r["A"], r["B"]))
                assert meeting not in seen_meetings, f"rematch {sorted(meeting)} in round {rnd}"
                seen_meetings.add(meeting)
    assert all(v <= 1 for v in byes.values())


def test_24_pairs_from_excel_seven_swiss_rounds(organizer):
    t = make_tournament(0, rounds_planned=7, signature_mode="one_per_pair")
    import_pairs(organizer, t, xlsx_bytes(pair_rows(24)), "registration.xlsx")
    run_draw(organizer, t, seed="scenario")
    signers = link_signers(t, "scenario")
    rng = random.Random(11)
    for _ in range(7):
        rnd = pair_round(organizer, t)
        publish_round(organizer, rnd)
        for partie in rnd.parties.filter(pair_b__isnull=False).select_related("round__tournament", "pair_a", "pair_b"):
            play_partie(organizer, partie, rng, signers)
    assert t.rounds.count() == 7
    assert not Partie.objects.filter(round__tournament=t, pair_b__isnull=False).exclude(
        protocol__status=ProtocolStatus.SIGNED).exists()
    assert t.rounds.filter(status=RoundStatus.FINISHED).count() == 6  # the 7th waits for its closing
    out = io.StringIO()
    call_command("pairings", t.slug, "--json", stdout=out)
    rows = json.loads(out.getvalue())
    assert len(rows) == 7 * 12
    assert_legal(rows, 24)
    out = io.StringIO()
    call_command("pairings", t.slug, "--round", "3", "--json", stdout=out)
    assert {r["round"] for r in json.loads(out.getvalue())} == {3}


def test_simulate_command_prints_summary_and_pairings_are_legal():
    out = io.StringIO()
    call_command("simulate", "--pairs", "9", "--rounds", "4", "--system", "swiss", "--seed", "3", stdout=out)
    summary = json.loads(out.getvalue())
    assert [r["round"] for r in summary["rounds"]] == [1, 2, 3, 4]
    assert all(r["pairing_seconds"] >= 0 and r["byes"] == 1 for r in summary["rounds"])
    assert summary["finished"] is True
    out = io.StringIO()
    call_command("pairings", summary["slug"], "--json", stdout=out)
    rows = json.loads(out.getvalue())
    assert_legal(rows, 9)
    assert sum(1 for r in rows if r["B"] is None) == 4


@pytest.mark.parametrize("system", ["round-robin", "random"])
def test_simulate_other_systems(system):
    out = io.StringIO()
    call_command("simulate", "--pairs", "6", "--rounds", "5", "--system", system, "--seed", "1", stdout=out)
    summary = json.loads(out.getvalue())
    out = io.StringIO()
    call_command("pairings", summary["slug"], "--json", stdout=out)
    assert_legal(json.loads(out.getvalue()), 6)


def test_random_deals_respect_the_rules():
    from engine.rules import score_protocol

    rng = random.Random(5)
    for _ in range(300):
        deal = random_deal(rng, 1, Rules(), as_tiles=True)
        if deal["result"] == "wrong_pass":
            continue
        tiles = [t for hand in deal["hands"].values() for t in hand]
        assert len(tiles) == len(set(tiles)) and all(1 <= len(h) <= 7 for h in deal["hands"].values())
        if deal["result"] == "domino":
            assert deal["out"] not in deal["hands"]
        result = score_protocol({"rules": {"preset": "pusto-shest"}, "pairs": {"A": {}, "B": {}}, "deals": [deal]})
        assert result.deals[0].points_a + result.deals[0].points_b >= 0
