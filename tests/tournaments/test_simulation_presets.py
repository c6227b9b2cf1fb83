"""``simulate --preset kozel|morskoy-kozel|hand-points``: Kozel-family parties recorded deal by deal through the services."""
import io
import json

import pytest
from django.core.management import call_command

from engine.rules import score_protocol
from scoring.models import Protocol
from scoring.protocol_json import protocol_to_json
from tournaments.choices import ProtocolStatus
from tournaments.models import RoundStatus, Tournament

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("preset", ["kozel", "morskoy-kozel", "hand-points"])
def test_simulation_with_a_kozel_family_preset(preset):
    out = io.StringIO()
    call_command("simulate", "--preset", preset, "--pairs", "5", "--rounds", "2", "--system", "swiss",
                 "--seed", "2", stdout=out)
    summary = json.loads(out.getvalue())
    t = Tournament.objects.get(slug=summary["slug"])
    assert summary["finished"] and summary["preset"] == preset and t.rules_preset == preset
    assert t.rounds.filter(status=RoundStatus.FINISHED).count() == 2
    protocols = list(Protocol.objects.filter(partie__round__tournament=t, partie__pair_b__isnull=False))
    assert len(protocols) == 4 and all(p.status == ProtocolStatus.SIGNED for p in protocols)
    for protocol in protocols:
        data = protocol_to_json(protocol)
        assert data["format"] == "domino-protocol/2"
        scored = score_protocol(data)  # what the database keeps scores to what it cached
        assert scored.finished and (scored.totals_a, scored.totals_b) == (protocol.score_a, protocol.score_b)
        if preset == "hand-points":
            assert all("points" in d for d in data["deals"])
        else:
            assert all("lead" in d and "lead_tile" in d for d in data["deals"])
    standings = io.StringIO()
    call_command("standings", t.slug, "--json", stdout=standings)
    assert len(json.loads(standings.getvalue())) == 5
