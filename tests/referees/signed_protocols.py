"""A signed protocol and what is done to it afterwards (a player's name corrected), for the tests of the header
frozen at the first signature and of the public page that shows it."""
import pytest
from django.urls import reverse

from events.services import edit_pair
from tournaments.models import Entrant, Player

from .helpers import play, sign_all

NOTE = "после подписи исправлено"


def a1(table) -> Player:
    return Player.objects.get(pair__tournament=table.tournament, pair__number=3, number=1)


def rename_a1(table, new_name):
    pair = Entrant.objects.get(tournament=table.tournament, number=3)
    players = [{"name": p.name, "club": p.club, "rating": p.rating} for p in pair.players.order_by("number")]
    players[0]["name"] = new_name
    edit_pair(table.organizer, pair, players=players, note="опечатка в фамилии")


def page(client, partie) -> str:
    return client.get(reverse("protocols:protocol", args=[partie.pk])).content.decode()


@pytest.fixture
def signed(table):
    play(table.referee, table.partie)
    sign_all(table)
    table.signed_name = a1(table).name
    return table
