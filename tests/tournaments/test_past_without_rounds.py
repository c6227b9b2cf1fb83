"""A tournament whose dates have passed without a round shown is not «завершён» on its page: it says no results
were published; one that was played is «завершён»."""
import datetime

import pytest
from django.urls import reverse

from tests.factories import make_round, make_tournament
from tournaments.models import RoundStatus

pytestmark = pytest.mark.django_db


def group_text(client, t) -> str:
    page = client.get(reverse("tournaments:detail", args=[t.slug])).content.decode()
    return page.split('<span id="group">')[1].split("</span>")[0]


def test_past_dates_without_rounds_say_no_results(client):
    empty = make_tournament(4, slug="past-empty")  # 29 November 2026: before the tests' today
    assert empty.start_date < datetime.date.today()
    assert group_text(client, empty) == "даты прошли, результатов нет"
    played = make_tournament(4, slug="past-played", rounds_planned=1)
    make_round(played, 1, [(1, 2), (3, 4)], status=RoundStatus.FINISHED)
    assert group_text(client, played) == "завершён"
