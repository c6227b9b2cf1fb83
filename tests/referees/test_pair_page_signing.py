"""The PIN slip's QR opens the pair page, which leads the player to signing a protocol that waits for him;
the table's token is shown only to whoever proves he is of the pair (his slip's key, or his account)."""
import re

import pytest
from django.urls import reverse

from scoring import pin_tries, services
from scoring.models import Signature
from tests.versions import shown_version
from tournaments.models import Player, SigningMethod

from .helpers import play


@pytest.fixture
def hall(table):
    table.tournament.signing_method = SigningMethod.OWN_PHONE
    table.tournament.save()
    play(table.referee, table.partie)
    return table


def _slips(client, table, player_id=None):
    client.force_login(table.organizer)
    html = client.post(reverse("referees:player_pins", args=[table.tournament.slug]),
                       {"player": player_id} if player_id else {}).content.decode()
    client.logout()
    return html


def _b1():
    return Player.objects.get(pair__tournament__slug="cup", pair__number=7, number=1)


def test_the_slips_qr_leads_its_player_to_signing(client, hall):
    b1 = _b1()
    html = _slips(client, hall, b1.pk)
    pin = re.search(r'class="pin">(\d{5})<', html).group(1)
    b1.refresh_from_db()
    pair_url = reverse("tournaments:pair", args=["cup", 7]) + "?k=" + pin_tries.slip_key(b1)
    assert "подпись протокола со своего телефона" in html
    page = client.get(pair_url)
    body = page.content.decode()
    token = pin_tries.table_token(hall.partie)
    assert 'id="sign-2"' in body and f"?t={token}" in body
    assert "no-store" in page.headers["Cache-Control"] and "private" in page.headers["Cache-Control"]
    link = re.search(r'id="sign-2"><a class="button big" href="([^"]+)"', body).group(1).replace("&amp;", "&")
    assert 'name="pin"' in client.get(link).content.decode()
    r = client.post(link, {"seat": "B1", "pin": pin, "version": shown_version(hall.partie)})
    assert r.status_code == 302 and Signature.objects.get().seat == "B1"


def test_without_proof_the_pair_page_tells_where_to_sign_and_hides_the_token(client, hall):
    services.generate_pins(hall.organizer, hall.tournament)
    other = Player.objects.get(pair__tournament__slug="cup", pair__number=3, number=1)  # a player of the other pair at the table
    token = pin_tries.table_token(hall.partie)
    for key in ("", "0" * 20, pin_tries.slip_key(other), "x" * 3000):
        body = client.get(reverse("tournaments:pair", args=["cup", 7]), {"k": key}).content.decode()
        assert token not in body and 'id="sign-2"' not in body
        assert 'id="scan-2"' in body and "QR-код на экране судьи стола 1" in body


def test_a_new_pin_voids_the_old_slips_link(client, hall):
    services.generate_pins(hall.organizer, hall.tournament)
    b1 = _b1()
    old_key = pin_tries.slip_key(b1)
    _slips(client, hall, b1.pk)
    body = client.get(reverse("tournaments:pair", args=["cup", 7]), {"k": old_key}).content.decode()
    assert 'id="sign-2"' not in body


def test_a_player_signed_in_sees_the_link_and_other_methods_show_nothing(client, hall):
    client.force_login(hall.players["B2"])
    body = client.get(reverse("tournaments:pair", args=["cup", 7])).content.decode()
    assert 'id="sign-2"' in body and pin_tries.table_token(hall.partie) in body
    client.force_login(hall.players["A1"])  # of the other pair
    body = client.get(reverse("tournaments:pair", args=["cup", 7])).content.decode()
    assert 'id="sign-2"' not in body
    hall.tournament.signing_method = SigningMethod.TABLE_PIN
    hall.tournament.save()
    client.force_login(hall.players["B2"])
    body = client.get(reverse("tournaments:pair", args=["cup", 7])).content.decode()
    assert 'id="sign-2"' not in body and 'id="scan-2"' not in body
