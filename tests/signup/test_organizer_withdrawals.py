"""The organizer withdraws or deletes an entrant by hand (the pairs page): the entry of that entrant is
withdrawn, and the waiting list moves up at once, in the organizer's transaction and under his name."""
import pytest

from audit.models import AuditEntry
from events.services import register_pair
from events.services.registration import delete_pair, withdraw_pair
from signup.models import Entry, EntryStatus
from signup.services import submit_entry
from tournaments.models import EntrantStatus

from .conftest import pair_data

pytestmark = pytest.mark.django_db


def _full(cup):
    first, _c = submit_entry(cup, pair_data("Иванов Иван", "Петров Пётр"))
    second, _c = submit_entry(cup, pair_data("Смирнов Семён", "Кузнецов Кузьма"))
    waiting, _c = submit_entry(cup, pair_data("Ёлкин Константин", "Сидоров Сидор"))
    assert waiting.status == EntryStatus.WAITING
    return first, second, waiting


@pytest.mark.parametrize("how", ["withdraw", "delete"])
def test_the_waiting_list_moves_up_when_the_organizer_takes_an_entrant_off(cup, organizer, how):
    first, second, waiting = _full(cup)
    if how == "withdraw":
        withdraw_pair(organizer, first.pair, note="не приедет")
    else:
        delete_pair(organizer, first.pair)
    first.refresh_from_db()
    waiting.refresh_from_db()
    second.refresh_from_db()
    assert first.status == EntryStatus.WITHDRAWN and first.withdrawn_at is not None
    assert second.status == EntryStatus.ACCEPTED
    assert waiting.status == EntryStatus.ACCEPTED and waiting.pair.status == EntrantStatus.ACTIVE
    moved = AuditEntry.objects.get(tournament=cup, action="signup.moved_up")
    assert moved.user == organizer
    assert AuditEntry.objects.filter(tournament=cup, action="signup.withdrawn", user=organizer).count() == 1


def test_a_pair_registered_by_hand_and_withdrawn_frees_its_place_too(cup, organizer):
    Entry.objects.all().delete()
    hand = register_pair(organizer, cup, players=[{"name": "Орлов Олег"}, {"name": "Зайцев Захар"}])
    first, _c = submit_entry(cup, pair_data("Иванов Иван", "Петров Пётр"))
    waiting, _c = submit_entry(cup, pair_data("Ёлкин Константин", "Сидоров Сидор"))
    assert (first.status, waiting.status) == (EntryStatus.ACCEPTED, EntryStatus.WAITING)
    withdraw_pair(organizer, hand)
    waiting.refresh_from_db()
    first.refresh_from_db()
    assert waiting.status == EntryStatus.ACCEPTED and first.status == EntryStatus.ACCEPTED
