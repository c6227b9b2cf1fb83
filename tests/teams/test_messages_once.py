"""An organizer's message is printed once on a page (the site's frame shows it; a page does not repeat it)."""
import pytest
from django.urls import reverse

from tests.teams.conftest import make_team_event

pytestmark = pytest.mark.django_db


def test_numbering_the_teams_says_so_once(organizer, client):
    t = make_team_event(organizer, 4, rounds=2, numbered=False)
    client.force_login(organizer)
    page = client.post(reverse("teams:number", args=[t.slug]), follow=True).content.decode()
    assert page.count("Номера команд разыграны.") == 1
