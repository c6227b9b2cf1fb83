"""An organizer's message is printed once on a page (the site's frame shows it; a page does not repeat it)."""
import pytest
from django.urls import reverse

from tests.teams.conftest import make_team_event

pytestmark = pytest.mark.django_db


def test_numbering_the_teams_says_so_once(organizer, client):
    t = make_team_event(organizer, 4, rounds=2, numbered=False)
    client.force_login(organizer)
    asked = client.post(reverse("teams:number", args=[t.slug]), {"seed": "7"}).content.decode()
    assert "Разыграть номера команд?" in asked and "Зерно жеребьёвки: «7»" in asked  # asked first, nothing done
    assert not t.teams.filter(number__isnull=False).exists()
    page = client.post(reverse("teams:number", args=[t.slug]), {"seed": "7", "confirmed": "1"},
                       follow=True).content.decode()
    assert page.count("Номера команд разыграны: 1. ") == 1
    t.refresh_from_db()
    assert t.draw_seed == "7"
