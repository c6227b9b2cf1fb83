"""An individual event on the referees' pages: the overview lists each table's four players with seats and numbers
and the sit-outs; the table's entry page heads each side with its two player numbers."""
import pytest
from django.urls import reverse

from tests.factories import make_referee, make_round, make_tournament
from tests.individual_tables import individual_event, names_by_number

pytestmark = pytest.mark.django_db


def test_the_overview_shows_four_seated_players_a_table_and_the_sit_out(client):
    t, _rnd = individual_event()
    names = names_by_number(t)
    client.force_login(make_referee(t))
    html = client.get(reverse("referees:dashboard", args=[t.slug]), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    table = html[html.index('id="table-1"'):html.index("</li>", html.index('id="table-1"'))]
    assert "№1 + №4 – №2 + №3" in table
    for seat, number in (("A1", 1), ("B1", 2), ("A2", 4), ("B2", 3)):
        assert f"<b>{seat}</b> №{number} {names[number]}" in table
    sit_out = html[html.index('id="table-3"'):html.index("</li>", html.index('id="table-3"'))]
    assert "№9 — Пропускает тур" in sit_out and "Открыть" not in sit_out
    assert "Стол" not in sit_out  # a sit-out is no table
    polled = client.get(reverse("referees:dashboard_tables", args=[t.slug]), HTTP_ACCEPT_LANGUAGE="ru")
    assert "№1 + №4 – №2 + №3" in polled.content.decode()


def test_the_table_page_heads_each_side_with_its_two_numbers(client):
    t, rnd = individual_event()
    names = names_by_number(t)
    client.force_login(make_referee(t))
    partie = rnd.parties.get(table=1)
    html = client.get(reverse("referees:partie", args=[partie.pk]), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Сторона A №1 + №4" in html and "Сторона B №2 + №3" in html and "Пара A" not in html
    seats = html[html.index('class="seats"'):]
    for seat, number in (("A1", 1), ("B1", 2), ("A2", 4), ("B2", 3)):
        assert f'<b>{seat}</b> <span class="player-no">№{number}</span> <span>{names[number]}</span>' in seats


def test_a_pair_events_overview_is_unchanged(client):
    t = make_tournament(3)
    make_round(t, 1, [(1, 2), (3, None)])
    client.force_login(make_referee(t))
    html = client.get(reverse("referees:dashboard", args=[t.slug]), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "№1 – №2" in html and "свободный тур" in html and 'class="four"' not in html
