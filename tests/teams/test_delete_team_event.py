"""An organizer deletes his team event after a round was paired (a test event, say): it goes, with its teams,
matches and line-ups, instead of a server error from the matches that point at the teams."""
import pytest
from django.urls import reverse

from events.services.setup import delete_tournament
from teams.models import Team, TeamMatch
from teams.rounds import pair_team_round
from tests.teams.conftest import make_team_event
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def test_a_team_event_with_a_paired_round_is_deleted(organizer):
    tournament = make_team_event(organizer, 4)
    pair_team_round(organizer, tournament)
    assert TeamMatch.objects.filter(round__tournament=tournament).exists()
    assert delete_tournament(organizer, tournament) == "deleted"
    assert not Tournament.objects.filter(pk=tournament.pk).exists()
    assert not Team.objects.filter(tournament_id=tournament.pk).exists()


def test_the_page_deletes_it_too(client, organizer):
    tournament = make_team_event(organizer, 4)
    pair_team_round(organizer, tournament)
    client.force_login(organizer)
    url = reverse("tournaments:delete", args=[tournament.slug])
    response = client.post(url, {"confirm": tournament.slug, "confirmed": "1"})
    assert response.status_code in (200, 302)
    assert not Tournament.objects.filter(pk=tournament.pk).exists()
