"""The referee's table page of an individual event: four players' names, one absent player marked by seat."""
import pytest
from django.urls import reverse

from events.services import pair_round, publish_round, run_draw
from scoring.models import Protocol
from tests.factories import make_individual, make_referee

pytestmark = pytest.mark.django_db


@pytest.fixture
def partie(organizer):
    t = make_individual(8, numbered=False)
    run_draw(organizer, t, seed="solo")
    rnd = pair_round(organizer, t)
    publish_round(organizer, rnd)
    return rnd.parties.select_related("pair_a", "partner_a", "pair_b", "partner_b").get(table=1)


@pytest.fixture
def ref_client(client, partie):
    client.force_login(make_referee(partie.round.tournament))
    return client


def test_the_table_page_names_the_four_players_and_offers_one_absent_seat(ref_client, partie):
    page = ref_client.get(reverse("referees:partie", args=[partie.pk])).content.decode()
    for side in "AB":
        for player in partie.side_players(side):
            assert player.name in page
    a2 = partie.side_players("A")[1].name
    assert f"Не явился A2: {a2}" in page


def test_one_absent_player_is_confirmed_then_recorded(ref_client, partie):
    url = reverse("referees:no_show", args=[partie.pk])
    page = ref_client.get(reverse("referees:partie", args=[partie.pk])).content.decode()
    version = page.split('name="version" value="', 1)[1].split('"', 1)[0]
    r = ref_client.post(url, {"side": "A", "seat": "A2", "version": version})
    body = r.content.decode()
    assert "поражение получит только он" in body and 'name="seat" value="A2"' in body
    assert not Protocol.objects.filter(partie=partie, no_show="A").exists()
    r = ref_client.post(url, {"side": "A", "seat": "A2", "version": version, "confirm": "1"}, follow=True)
    protocol = Protocol.objects.get(partie=partie)
    assert (protocol.no_show, protocol.absent_seats) == ("A", "A2")
    assert "неявка игрока A2" in r.content.decode()


@pytest.mark.parametrize("seat", ["B1", "C3", "A2<script>"])
def test_a_hostile_absent_seat_is_refused_politely(ref_client, partie, seat):
    r = ref_client.post(reverse("referees:no_show", args=[partie.pk]),
                        {"side": "A", "seat": seat, "version": "0", "confirm": "1"})
    assert r.status_code in (200, 302, 409, 422)
    assert not Protocol.objects.filter(partie=partie, no_show__gt="").exists()


def test_a_second_absent_player_of_the_other_side_is_offered_confirmed_and_recorded(ref_client, partie):
    from scoring import services

    protocol = services.ensure_protocol(partie)
    services.record_no_show(make_referee(partie.round.tournament), partie, "A", seats=["A2"],
                            expected_version=protocol.version)
    page = ref_client.get(reverse("referees:partie", args=[partie.pk])).content.decode()
    b1 = partie.side_players("B")[0].name
    assert "Не явился ещё один игрок?" in page and f"Не явился B1: {b1}" in page
    assert "Не явился A2:" not in page
    version = page.split('id="no_show_more"', 1)[1].split('name="version" value="', 1)[1].split('"', 1)[0]
    url = reverse("referees:no_show", args=[partie.pk])
    body = ref_client.post(url, {"side": "B", "seat": "B1", "version": version}).content.decode()
    assert "оба неявившихся игрока (A2 и B1)" in body
    ref_client.post(url, {"side": "B", "seat": "B1", "version": version, "confirm": "1"})
    assert Protocol.objects.get(partie=partie).absent_seats == "A2,B1"
