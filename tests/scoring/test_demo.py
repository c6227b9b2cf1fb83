"""The demo tournament of `make run`: loaded through the services, idempotent."""
import io

from django.core.management import call_command

from scoring.models import Protocol
from scoring.scores import score
from tournaments.choices import ProtocolStatus
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
    finished = Protocol.objects.filter(partie__round__tournament=tournament, partie__round__number__lte=3)
    assert finished.count() == 18
    assert set(finished.values_list("status", flat=True)) == {ProtocolStatus.SIGNED}
    in_play = Protocol.objects.filter(partie__round__tournament=tournament, partie__round__number=4)
    assert set(in_play.values_list("status", flat=True)) == {ProtocolStatus.IN_PLAY}
    for protocol in Protocol.objects.all():
        result = score(protocol)
        assert (protocol.score_a, protocol.score_b) == (result.totals_a, result.totals_b)


def test_demo_organizer_runs_the_demo_by_his_role_and_every_signature_matches(db):
    from django.contrib.auth import get_user_model

    from access.models import RoleKind, TournamentRole
    from access.permissions import is_organizer

    call_command("load_demo", stdout=io.StringIO())
    organizer = get_user_model().objects.get(username="organizer")
    tournament = Tournament.objects.get(slug="demo-cup")
    assert not organizer.is_staff and not organizer.is_superuser
    assert TournamentRole.objects.filter(tournament=tournament, user=organizer, role=RoleKind.ORGANIZER).exists()
    assert is_organizer(organizer, tournament)
    assert organizer.has_perm("tournaments.add_tournament")
    other = Tournament.objects.create(name="Чужой турнир", slug="other", start_date=tournament.start_date)
    assert not is_organizer(organizer, other)
    out = io.StringIO()
    call_command("verify_scores", "demo-cup", stdout=out)  # exits 1 on any difference
    assert "0 differ, 0 fingerprint mismatch(es)" in out.getvalue()


def test_the_individual_demo_has_a_new_partner_every_round(db):
    call_command("load_demo", stdout=io.StringIO())
    solo = Tournament.objects.get(slug="demo-solo")
    assert solo.is_individual and solo.pairs.count() == 13
    assert all(entrant.players.count() == 1 for entrant in solo.pairs.all())
    assert list(solo.rounds.values_list("status", flat=True)) == [
        RoundStatus.FINISHED, RoundStatus.FINISHED, RoundStatus.PUBLISHED]
    partnerships = []
    for rnd in solo.rounds.all():
        parties = list(rnd.parties.all())
        assert sum(p.pair_b_id is None for p in parties) == 1  # 13 players: one sits out
        partnerships += [frozenset(ids) for p in parties if p.pair_b_id
                         for ids in ((p.pair_a_id, p.partner_a_id), (p.pair_b_id, p.partner_b_id))]
    assert len(partnerships) == len(set(partnerships)) == 3 * 3 * 2
    signed = Protocol.objects.filter(partie__round__tournament=solo)
    assert signed.count() == 6 and {p.status for p in signed} == {ProtocolStatus.SIGNED}
    assert all(p.signatures.filter(role="player").count() == 4 for p in signed)
