"""A paged table speaks the page's language: the page links of the audit log are «Страницы таблицы» in Russian
(django-tables2's own template said «Table navigation» on every page) and «Table pages» in English."""
import pytest
from django.urls import reverse

from access.models import RoleKind, TournamentRole
from audit.log import log_action
from tests.factories import make_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def long_log(django_user_model):
    tournament = make_tournament(2, slug="log-cup")
    chief = django_user_model.objects.create_user("chief-log", password="x")
    TournamentRole.objects.create(tournament=tournament, user=chief, role=RoleKind.CHIEF_REFEREE)
    for k in range(60):  # more than a page of 50
        log_action(tournament, "round.finished", user=chief, after={"round": k})
    return tournament, chief


def test_the_page_links_are_named_in_russian_and_in_english(client, long_log):
    tournament, chief = long_log
    client.force_login(chief)
    page = client.get(reverse("referees:audit_tournament", args=[tournament.slug])).content.decode()
    assert 'aria-label="Страницы таблицы"' in page and "Table navigation" not in page
    english = client.get("/en" + reverse("referees:audit_tournament", args=[tournament.slug])).content.decode()
    assert 'aria-label="Table pages"' in english
