"""The calendar's «Идёт регистрация» marks come from the signup app through ``events.page_parts``: events itself
names no app above it."""
import pytest

from events import page_parts
from signup.selectors import open_registration_ids

pytestmark = pytest.mark.django_db


def test_the_calendar_marks_a_tournament_taking_entries_online(client, cup):
    html = client.get("/").content.decode()
    assert 'id="signup-open-cup"' in html
    assert page_parts.open_registration_ids([cup.pk]) == {cup.pk}


def test_without_the_signup_app_nothing_is_marked(client, cup, monkeypatch):
    monkeypatch.setattr(page_parts, "_open_registrations", None)
    assert page_parts.open_registration_ids([cup.pk]) == set()
    assert 'id="signup-open-cup"' not in client.get("/").content.decode()


def test_the_open_registrations_are_given_by_one_function():
    assert page_parts.register_open_registrations(open_registration_ids) is open_registration_ids  # again: kept
    with pytest.raises(ValueError):
        page_parts.register_open_registrations(lambda ids: set())
