"""New PINs for every player void the printed slips: asked first, naming how many; nothing done, nothing audited."""

import pytest
from django.urls import reverse

from access.models import RoleKind, TournamentRole
from audit.models import AuditEntry
from scoring import services
from scoring.errors import ConfirmationRequired
from tests.factories import make_tournament
from tournaments.models import Player


def _hashes(tournament):
    return dict(Player.objects.filter(pair__tournament=tournament).values_list("pk", "pin_hash"))


def test_pressing_twice_asks_before_voiding_the_slips(client, table):
    url = reverse("referees:player_pins", args=[table.tournament.slug])
    client.force_login(table.organizer)
    first = client.post(url)  # no slips yet: nothing to void, issued at once
    assert first.content.decode().count('class="slip"') == 16
    before = _hashes(table.tournament)
    again = client.post(url)
    html = again.content.decode()
    assert again.status_code == 200 and 'class="slip"' not in html
    assert "Перестанут действовать 16 выданных листков" in html and 'name="confirmed" value="1"' in html
    assert _hashes(table.tournament) == before  # nothing changed
    assert AuditEntry.objects.filter(action="players.pins_issued").count() == 1
    done = client.post(url, {"confirmed": "1"})
    assert done.content.decode().count('class="slip"') == 16
    after = _hashes(table.tournament)
    assert all(after[pk] != before[pk] for pk in before)
    entry = AuditEntry.objects.filter(action="players.pins_issued").latest("pk")
    assert entry.before == {"void_slips": 16}


def test_one_players_new_pin_is_not_asked(client, table):
    services.generate_pins(table.organizer, table.tournament)
    player = Player.objects.filter(pair__tournament=table.tournament).first()
    client.force_login(table.organizer)
    r = client.post(reverse("referees:player_pins", args=[table.tournament.slug]), {"player": player.pk})
    html = r.content.decode()
    assert html.count('class="slip"') == 1 and 'name="confirmed"' not in html


def test_the_service_refuses_without_confirmation_naming_the_slips(table):
    services.generate_pins(table.organizer, table.tournament, [Player.objects.filter(
        pair__tournament=table.tournament).first().pk])
    before = _hashes(table.tournament)
    with pytest.raises(ConfirmationRequired) as exc:
        services.generate_pins(table.organizer, table.tournament)
    assert "Перестанет действовать 1 выданный листок" in exc.value.message and "(16)" in exc.value.message
    assert _hashes(table.tournament) == before
    assert len(services.generate_pins(table.organizer, table.tournament, confirmed=True)) == 16


def test_nothing_issued_is_not_audited(client, django_user_model):
    empty = make_tournament(0, slug="empty-cup")
    organizer = django_user_model.objects.create_user("org0", password="x" * 12)
    TournamentRole.objects.create(tournament=empty, user=organizer, role=RoleKind.ORGANIZER)
    client.force_login(organizer)
    r = client.post(reverse("referees:player_pins", args=[empty.slug]), follow=True)
    assert "Игроков для ПИН-кодов нет" in r.content.decode()
    assert not AuditEntry.objects.filter(action="players.pins_issued").exists()
