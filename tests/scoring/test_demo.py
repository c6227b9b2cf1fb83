"""The demo tournament of `make run`: loaded through the services, idempotent."""
import io

from django.core.management import call_command

from scoring.models import Protocol, ProtocolStatus
from scoring.scores import score
from tournaments.models import Round, RoundStatus, Tournament


def test_load_demo_is_idempotent_and_scored_by_the_engine(db):
    call_command("load_demo", stdout=io.StringIO())
    counts = (Tournament.objects.count(), Round.objects.count(), Protocol.objects.count())
    out = io.StringIO()
    call_command("load_demo", stdout=out)
    assert "already loaded" in out.getvalue()
    assert (Tournament.objects.count(), Round.objects.count(), Protocol.objects.count()) == counts

    tournament = Tournament.objects.get(slug="demo-cup")
    assert tournament.pairs.count() == 12
    assert list(tournament.rounds.values_list("status", flat=True)) == [
        RoundStatus.FINISHED, RoundStatus.FINISHED, RoundStatus.FINISHED, RoundStatus.PUBLISHED]
    finished = Protocol.objects.filter(partie__round__number__lte=3)
    assert finished.count() == 18
    assert set(finished.values_list("status", flat=True)) == {ProtocolStatus.SIGNED}
    in_play = Protocol.objects.filter(partie__round__number=4)
    assert set(in_play.values_list("status", flat=True)) == {ProtocolStatus.IN_PLAY}
    for protocol in Protocol.objects.all():
        result = score(protocol)
        assert (protocol.score_a, protocol.score_b) == (result.totals_a, result.totals_b)
