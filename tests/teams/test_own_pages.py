"""Whoever logs in finds his own pages on the calendar («Ваши страницы»): a captain his team's line-up page, an
organizer his management page, a referee the referees' overview, a player his entrant's page; nobody else's."""
import pytest
from django.urls import reverse

from access.models import RoleKind, TournamentRole
from teams.captains import create_captain
from teams.models import Team
from tests.teams.conftest import make_team_event

pytestmark = pytest.mark.django_db


def test_a_captain_logs_in_and_finds_his_page(organizer, client, django_user_model):
    t = make_team_event(organizer, 4)
    team = Team.objects.get(tournament=t, number=1)
    create_captain(organizer, team, username="kap", full_name="Капитанов Иван", password="Kapitan-2026-pass")
    response = client.post(reverse("login"), {"username": "kap", "password": "Kapitan-2026-pass"}, follow=True)
    page = response.content.decode()
    assert response.redirect_chain[-1][0] == "/"
    assert 'id="own-pages"' in page and reverse("teams:captain", args=[t.slug]) in page
    assert f"капитан команды «{team.name}»" in page
    assert reverse("tournaments:manage", args=[t.slug]) not in page  # not the organizer's


def test_roles_and_an_entrant_are_listed_and_strangers_see_nothing(organizer, client, django_user_model):
    t = make_team_event(organizer, 4, slug="own-pages")
    referee = django_user_model.objects.create_user("ref-own", password="x" * 12)
    TournamentRole.objects.create(tournament=t, user=referee, role=RoleKind.REFEREE)
    client.force_login(organizer)
    page = client.get("/").content.decode()
    assert reverse("tournaments:manage", args=[t.slug]) in page and "управление турниром" in page
    client.force_login(referee)
    page = client.get("/").content.decode()
    assert reverse("referees:dashboard", args=[t.slug]) in page and reverse("tournaments:manage", args=[t.slug]) \
        not in page
    player = t.pairs.first().players.first()
    player.user = django_user_model.objects.create_user("player-own", password="x" * 12)
    player.save(update_fields=["user"])
    client.force_login(player.user)
    page = client.get("/").content.decode()
    assert reverse("tournaments:pair", args=[t.slug, player.pair.number]) in page
    client.logout()
    assert 'id="own-pages"' not in client.get("/").content.decode()
