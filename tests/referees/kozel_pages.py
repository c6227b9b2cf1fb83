"""The Kozel-family table page as the referee tests use it: the partie of docs/rules-kozel.md played in them,
the presets (fixtures ``kozel``, ``morskoy``, ``points``), the referee's client, the page read and its form posted."""
import re

import pytest
from django.urls import reverse

from scoring import services
from scoring.models import Deal
from tests.versions import shown_version

# A Kozel partie of two games to 30 (docs/rules-kozel.md): remembered points, eggs, a dry goat.
KOZEL_DEALS = [
    # Game 1. A1 holds 1-1 and goes out: 7 to B, under the threshold 13, remembered.
    {"n": 1, "result": "domino", "lead": "A1", "out": "A1", "hands": {"B1": 3, "B2": 4}},
    # A tied block: 10 : 10, the 20 become eggs; the fisher B1 leads next.
    {"n": 2, "result": "block", "lead": "A1", "fisher": "B1", "hands": {"A1": 5, "A2": 5, "B1": 5, "B2": 5}},
    # B1 goes out: A's 18 + the eggs 20 = 38, A opens and reaches 30: A is the goat, B has 0 (dry).
    {"n": 3, "result": "domino", "lead": "B1", "out": "B1", "hands": {"A1": 10, "A2": 8}},
    # Game 2: B2 holds 1-1; A records 15, then 18 more: A is the goat again.
    {"n": 4, "result": "domino", "lead": "B2", "out": "B2", "hands": {"A1": 9, "A2": 6}},
    {"n": 5, "result": "domino", "lead": "B2", "out": "B1", "hands": {"A1": 10, "A2": 8}},
]


def use_preset(table, preset, **overrides):
    table.tournament.rules_preset = preset
    table.tournament.rules_overrides = overrides
    table.tournament.save()
    return table


@pytest.fixture
def kozel(table):
    return use_preset(table, "kozel", games_per_partie=2, target_points=30)


@pytest.fixture
def morskoy(table):
    return use_preset(table, "morskoy-kozel", finish_bonus={"6-6": 50, "0-0": 25})


@pytest.fixture
def points(table):
    return use_preset(table, "hand-points")


@pytest.fixture
def ref_client(client, table):
    client.force_login(table.referee)
    return client


def page_of(client, table):
    return client.get(reverse("referees:partie", args=[table.partie.pk])).content.decode()


def save(client, table, **fields):
    data = {"n": 1, "version": shown_version(table.partie)}
    data.update(fields)
    return client.post(reverse("referees:deal_save", args=[table.partie.pk]), data)


def preview(client, table, **fields):
    data = {"n": 1, "version": shown_version(table.partie)}
    data.update(fields)
    return client.post(reverse("referees:deal_preview", args=[table.partie.pk]), data).content.decode()


def record(table, deals):
    for deal in deals:
        services.record_deal(table.referee, table.partie, deal, expected_version=shown_version(table.partie))


def error_of(html, field):
    """The text of the error span next to ``field``."""
    start = html.index(f'id="err-{field}"')
    return html[html.index(">", start) + 1:html.index("</span>", start)]


def checked(html, name):
    """The value of the checked radio button ``name`` (None when none is)."""
    found = re.search(rf'<input type="radio" name="{name}" value="(\w+)"[^>]*checked', html)
    return found.group(1) if found else None


def stored_deals(table):
    return Deal.objects.filter(protocol__partie=table.partie).count()
