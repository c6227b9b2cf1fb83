"""``simulate --withdraw K --no-shows M``: withdrawn pairs, no-show parties, and what the standings make of them."""
import io
import json

import pytest
from django.core.management import call_command

from scoring.models import Protocol
from tournaments.choices import ProtocolStatus
from tournaments.models import Entrant, EntrantStatus, Partie, RoundStatus, Tournament

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("system", ["swiss", "random"])
def test_simulation_with_withdrawals_and_no_shows(system):
    out = io.StringIO()
    call_command("simulate", "--pairs", "13", "--rounds", "3", "--system", system, "--withdraw", "3",
                 "--no-shows", "4", "--seed", "7", stdout=out)
    summary = json.loads(out.getvalue())
    t = Tournament.objects.get(slug=summary["slug"])
    assert summary["finished"] and [r["no_shows"] for r in summary["rounds"]] == [2, 1, 1]
    assert summary["withdrawn"]["before_draw"] == 1 and len(summary["withdrawn"]["after_round_1"]) == 2

    early = Entrant.objects.get(tournament=t, status=EntrantStatus.WITHDRAWN, withdrawn_after_round=0)
    assert early.number is None
    later = set(Entrant.objects.filter(tournament=t, status=EntrantStatus.WITHDRAWN, withdrawn_after_round=1)
                .values_list("number", flat=True))
    assert later == set(summary["withdrawn"]["after_round_1"])
    # the later ones play no round after round 1
    assert not Partie.objects.filter(round__tournament=t, round__number__gt=1, pair_a__number__in=later).exists()
    assert not Partie.objects.filter(round__tournament=t, round__number__gt=1, pair_b__number__in=later).exists()

    # every protocol of every finished round is signed; 4 of them are no-shows with no deals
    assert t.rounds.filter(status=RoundStatus.FINISHED).count() == 3
    protocols = Protocol.objects.filter(partie__round__tournament=t)
    assert not Partie.objects.filter(round__tournament=t, pair_b__isnull=False).exclude(
        protocol__status=ProtocolStatus.SIGNED).exists()
    no_shows = protocols.exclude(no_show="")
    assert no_shows.count() == 4 and not no_shows.filter(deals__isnull=False).exists()

    out = io.StringIO()
    call_command("standings", t.slug, "--json", stdout=out)
    rows = json.loads(out.getvalue())
    statuses = [r["status"] for r in rows]
    assert statuses == ["active"] * 10 + ["withdrawn"] * 2  # 13 − 1 before the draw; the 2 later ones last
    assert [r["rank"] for r in rows[-2:]] == [None, None] and all(r["rank"] for r in rows[:-2])
    assert {r["pair"] for r in rows[-2:]} == later and all(r["pair"] is not None for r in rows)

    out = io.StringIO()
    call_command("verify_scores", t.slug, stdout=out)  # exits 1 (SystemExit) on any difference
    assert out.getvalue().strip().endswith(f"{protocols.count()} protocol(s) checked, 0 differ, 0 fingerprint mismatch(es), 0 without a valid seal")
