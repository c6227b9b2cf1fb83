"""Undoing a withdrawal, deleting (or archiving) a tournament, and the small wordings of the round pages."""
import datetime

import pytest
from django.contrib.admin.models import DELETION, LogEntry
from django.urls import reverse
from django.utils import translation

from audit.models import AuditEntry
from events.services import pair_round, publish_round, run_draw, setup, swap_parties, undo_withdrawal, withdraw_pair
from events.views.pairs import discard_consequences, publish_consequences
from scoring.models import Protocol
from tests.factories import make_round, make_tournament
from tournaments.choices import ProtocolStatus
from tournaments.errors import InvalidInput, NotAllowed, SetupRejected, TournamentError
from tournaments.models import Entrant, EntrantStatus, Tournament

pytestmark = pytest.mark.django_db


def drawn(n, organizer, **kwargs):
    t = make_tournament(n, numbered=False, **kwargs)
    run_draw(organizer, t, seed="chores")
    return t


# --- undoing a withdrawal ------------------------------------------------------------

def test_withdrawal_undone_before_the_next_round_and_audited(organizer):
    t = drawn(6, organizer)
    publish_round(organizer, pair_round(organizer, t))
    pair = t.pairs.get(number=3)
    withdraw_pair(organizer, pair, note="заболел игрок")
    pair = undo_withdrawal(organizer, pair, note="игрок вернулся")
    pair.refresh_from_db()
    assert pair.status == EntrantStatus.ACTIVE and pair.withdrawn_after_round is None
    entry = AuditEntry.objects.get(action="pair.withdrawal_undone")
    assert entry.note == "игрок вернулся" and entry.before["status"] == "withdrawn"
    assert entry.after["status"] == "active"


def test_withdrawal_not_undone_once_a_round_was_paired_without_the_pair(organizer):
    t = drawn(6, organizer)
    r1 = publish_round(organizer, pair_round(organizer, t))
    pair = t.pairs.get(number=3)
    withdraw_pair(organizer, pair)
    for partie in r1.parties.filter(pair_b__isnull=False):
        Protocol.objects.create(partie=partie, status=ProtocolStatus.SIGNED, winner="A", finished=True)
    pair_round(organizer, t)
    with pytest.raises(TournamentError) as err:
        undo_withdrawal(organizer, pair)
    assert err.value.code == "round_paired_since" and "тур 2" in err.value.message
    assert Entrant.objects.get(pk=pair.pk).status == EntrantStatus.WITHDRAWN


def test_only_a_withdrawn_pair_and_only_by_the_organizer(organizer, plain_user):
    t = drawn(4, organizer)
    pair = t.pairs.get(number=1)
    with pytest.raises(TournamentError) as err:
        undo_withdrawal(organizer, pair)
    assert err.value.code == "not_withdrawn"
    withdraw_pair(organizer, pair)
    with pytest.raises(NotAllowed):
        undo_withdrawal(plain_user, pair)


def test_undo_withdrawal_page_asks_first(client, organizer):
    t = drawn(4, organizer)
    pair = t.pairs.get(number=2)
    withdraw_pair(organizer, pair)
    client.force_login(organizer)
    assert "вернуть" in client.get(reverse("tournaments:manage", args=[t.slug])).content.decode()
    url = reverse("tournaments:undo_withdrawal", args=[t.slug, pair.pk])
    page = client.post(url, {"note": ""}).content.decode()
    assert "Вернуть пару в турнир?" in page and Entrant.objects.get(pk=pair.pk).status == EntrantStatus.WITHDRAWN
    response = client.post(url, {"note": "вернулся", "confirmed": "1"}, follow=True)
    assert "Снятие пары отменено" in response.content.decode()
    assert Entrant.objects.get(pk=pair.pk).status == EntrantStatus.ACTIVE


# --- deleting a tournament -----------------------------------------------------------

def test_test_tournament_deleted_after_confirmation_and_recorded(client, organizer):
    t = make_tournament(4)
    make_round(t, 1, [(1, 2), (3, 4)])
    client.force_login(organizer)
    url = reverse("tournaments:delete", args=[t.slug])
    page = client.get(url).content.decode()
    assert "будет удалён вместе с парами (4), турами (1)" in page and Tournament.objects.filter(pk=t.pk).exists()
    response = client.post(url, {"confirmed": "1"})
    assert response.status_code == 302 and response.url == reverse("tournaments:home")
    assert not Tournament.objects.filter(pk=t.pk).exists() and not Entrant.objects.exists()
    entry = LogEntry.objects.get(action_flag=DELETION)
    assert entry.user == organizer and entry.object_repr == "Кубок города" and '"slug": "test-cup"' in entry.change_message


def test_tournament_with_a_signed_protocol_is_archived_not_deleted(organizer):
    t = make_tournament(4)
    rnd = make_round(t, 1, [(1, 2), (3, 4)])
    Protocol.objects.create(partie=rnd.parties.get(table=1), status=ProtocolStatus.SIGNED, winner="A", finished=True)
    assert setup.delete_tournament(organizer, t) == "archived"
    t.refresh_from_db()
    assert t.archived_at and not t.is_public and t.pairs.count() == 4
    assert AuditEntry.objects.filter(tournament=t, action="tournament.archived").exists()
    with pytest.raises(SetupRejected):
        setup.delete_tournament(organizer, t)
    with pytest.raises(SetupRejected) as err:
        setup.update_tournament(organizer, t, {"is_public": True})
    assert "в архиве" in err.value.errors["is_public"][0]
    t.refresh_from_db()
    assert not t.is_public


def test_only_the_organizer_deletes(client, organizer, plain_user):
    t = make_tournament(4)
    with pytest.raises(NotAllowed):
        setup.delete_tournament(plain_user, t)
    client.force_login(plain_user)
    assert client.post(reverse("tournaments:delete", args=[t.slug]), {"confirmed": "1"}).status_code == 403
    assert Tournament.objects.filter(pk=t.pk).exists()


# --- wordings ------------------------------------------------------------------------

@pytest.mark.parametrize("tables, word", [(1, "1 стол)"), (3, "3 стола)"), (5, "5 столов)"), (21, "21 стол)")])
def test_round_confirmations_count_tables_in_russian(organizer, tables, word):
    t = make_tournament(2 * tables)
    rnd = make_round(t, 1, [(2 * k + 1, 2 * k + 2) for k in range(tables)], status="draft")
    with translation.override("ru"):
        assert word in publish_consequences(rnd)[0] and word in discard_consequences(rnd)[0]
    with translation.override("en"):
        assert ("1 table)" if tables == 1 else f"{tables} tables)") in publish_consequences(rnd)[0]


def test_swapping_a_pair_with_itself_says_so(organizer):
    t = drawn(4, organizer)
    rnd = pair_round(organizer, t)
    with pytest.raises(InvalidInput) as err:
        swap_parties(organizer, rnd, 2, 2)
    assert "две разные пары" in err.value.message and "одним столом" not in err.value.message


def test_registered_pair_message_reads_right(client, organizer):
    t = make_tournament(0)
    client.force_login(organizer)
    data = {"player1_name": "Иванов Иван", "player2_name": "Петров Пётр"}
    html = client.post(reverse("tournaments:pair_add", args=[t.slug]), data, follow=True).content.decode()
    assert "Пара зарегистрирована: Иванов Иван — Петров Пётр. Номер она получит при жеребьёвке." in html
    assert "без номера" not in html


def test_next_round_form_only_once_the_pairs_are_drawn_and_reason_only_with_open_tables(client, organizer):
    t = make_tournament(0, numbered=False)
    client.force_login(organizer)
    url = reverse("tournaments:manage", args=[t.slug])
    html = client.get(url).content.decode()
    assert 'id="pair-next"' not in html and "override_reason" not in html
    for _i in range(4):
        Entrant.objects.create(tournament=t)
    run_draw(organizer, t, seed="x")
    html = client.get(url).content.decode()
    assert 'id="pair-next"' in html and "override_reason" not in html
    publish_round(organizer, pair_round(organizer, t))
    html = client.get(url).content.decode()
    assert 'id="pair-next"' in html and 'name="override_reason"' in html and 'id="open-tables"' in html


def test_public_page_shows_both_dates(client):
    t = make_tournament(2, end_date=datetime.date(2026, 12, 1))
    html = client.get(reverse("tournaments:detail", args=[t.slug])).content.decode()
    dates = html.split('id="dates">')[1].split("</span>")[0]
    assert "29" in dates and "1" in dates and "—" in dates
    assert "—" in client.get(reverse("tournaments:home")).content.decode().split(t.name)[1][:80]
