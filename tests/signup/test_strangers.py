"""A stranger's entries never lock a player out (docs/registration.md §3 «Чужие заявки»): an entry that names a
registered person without his federation ID waits for the organizer; a name already in another entry puts the
later entry beside the earlier one instead of refusing it; the organizer removes entries in bulk and can bring
one back; the waiting list beyond the free places is bounded."""
import pytest
from django.test import Client
from django.urls import reverse

from audit.models import AuditEntry
from events.services import register_pair, run_draw
from people.models import Person
from signup.models import Entry, EntryStatus
from signup.organizer import approve_entry, remove_entries, restore_entry
from signup.selectors import organizer_entries
from signup.services import edit_entry, submit_entry
from tests.factories import make_referee, make_tournament
from tournaments.errors import NotAllowed, TournamentError
from tournaments.models import Entrant, Player

from .conftest import open_for, pair_data
from .test_team_entries import league, team_data  # noqa: F401 - the team event's fixture

pytestmark = pytest.mark.django_db

MASTER = "Известный Мастер"


@pytest.fixture
def master():
    """A registered person with a federation ID he does not show publicly."""
    return Person.objects.create(name=MASTER, club="Тверь", federation_id="RU-77", show_federation_id=False)


def _concerns(tournament, entry) -> list:
    rows = [e for _s, _l, entries in organizer_entries(tournament, private=True) for e in entries]
    return next(e for e in rows if e.pk == entry.pk).concerns


# --- claims: a registered person's name without his federation ID -------------------------------------------

def test_an_entry_naming_a_registered_person_without_his_id_waits_for_the_organizer(cup, master):
    entry, _code = submit_entry(cup, pair_data(MASTER, "Петров Пётр"))
    assert entry.status == EntryStatus.PENDING and entry.pair is None  # approval is off: held all the same
    assert not Player.objects.filter(name=MASTER).exists()
    [claim] = _concerns(cup, entry)
    assert claim.kind == "claims" and claim.person == master and "RU-77" in claim.person_text


@pytest.mark.parametrize("given", ["RU-78", "ZZ-1"])  # another person's ID, an ID nobody holds
def test_a_wrong_federation_id_does_not_prove_the_name(cup, master, given):
    Person.objects.create(name="Другой Игрок", federation_id="RU-78")
    entry, _code = submit_entry(cup, pair_data(MASTER, "Петров Пётр", player1_federation_id=given))
    assert entry.status == EntryStatus.PENDING
    assert master in {c.person for c in _concerns(cup, entry)}


def test_the_person_s_own_id_proves_the_name_and_the_entry_goes_on(cup, master):
    entry, _code = submit_entry(cup, pair_data("известный  мастер", "Петров Пётр", player1_federation_id="ru-77"))
    assert entry.status == EntryStatus.ACCEPTED
    assert entry.pair.players.filter(person=master).count() == 1


def test_a_registered_person_without_an_id_is_no_claim(cup):
    Person.objects.create(name=MASTER, club="Тверь")
    entry, _code = submit_entry(cup, pair_data(MASTER, "Петров Пётр"))
    assert entry.status == EntryStatus.ACCEPTED


def test_a_held_entry_edited_with_the_right_id_goes_on_by_itself(cup, master):
    entry, code = submit_entry(cup, pair_data(MASTER, "Петров Пётр"))
    edit_entry(cup, code, pair_data(MASTER, "Петров Пётр", player1_federation_id="RU-77"))
    entry.refresh_from_db()
    assert entry.status == EntryStatus.ACCEPTED and entry.pair is not None


def test_a_waiting_entry_edited_to_a_registered_name_waits_for_the_organizer(cup, master):
    submit_entry(cup, pair_data("Иванов Иван", "Петров Пётр"))
    submit_entry(cup, pair_data("Сидоров Сидор", "Кузнецов Кузьма"))
    waiting, code = submit_entry(cup, pair_data("Смирнов Алексей", "Попов Дмитрий"))
    assert waiting.status == EntryStatus.WAITING
    edit_entry(cup, code, pair_data(MASTER, "Попов Дмитрий"))
    waiting.refresh_from_db()
    assert waiting.status == EntryStatus.PENDING


def test_turning_approval_off_does_not_let_a_held_entry_through(organizer, master):
    tournament = make_tournament(0, slug="approved-cup")
    open_for(organizer, tournament, limit=5, approval_required=True)
    plain, _c = submit_entry(tournament, pair_data("Иванов Иван", "Петров Пётр"))
    held, _c = submit_entry(tournament, pair_data(MASTER, "Сидоров Сидор"))
    open_for(organizer, tournament, limit=5)
    plain.refresh_from_db(), held.refresh_from_db()
    assert plain.status == EntryStatus.ACCEPTED and held.status == EntryStatus.PENDING


def test_a_team_entry_naming_a_registered_person_waits_for_the_organizer(league, master):  # noqa: F811
    entry, _code = submit_entry(league, team_data("Тверские", 0, reserves=[MASTER]))
    assert entry.status == EntryStatus.PENDING and entry.team is None
    assert [c.name for c in _concerns(league, entry)] == [MASTER]


# --- a name already in another entry: beside it, never refused ------------------------------------------------

def test_a_name_taken_by_a_stranger_s_entry_does_not_refuse_the_real_player(cup):
    stranger, _c = submit_entry(cup, pair_data(MASTER, "Выдуманный Партнёр"))
    assert stranger.status == EntryStatus.ACCEPTED
    real, _c = submit_entry(cup, pair_data("известный мастер", "Настоящий Партнёр"))
    assert real.status == EntryStatus.PENDING and real.pair is None
    [clash] = _concerns(cup, real)
    assert clash.kind == "same_player" and clash.entry == stranger
    assert [c.entry for c in _concerns(cup, stranger)] == [real]  # the earlier entry points at the later


def test_approving_the_later_entry_waits_until_the_earlier_one_is_removed(cup, organizer):
    stranger, _c = submit_entry(cup, pair_data(MASTER, "Выдуманный Партнёр"))
    real, _c = submit_entry(cup, pair_data(MASTER, "Настоящий Партнёр"))
    with pytest.raises(TournamentError) as err:
        approve_entry(organizer, cup, real.pk)
    assert err.value.code == "same_player" and "Выдуманный Партнёр" in err.value.message
    remove_entries(organizer, cup, [stranger.pk], reason="чужая заявка")
    assert approve_entry(organizer, cup, real.pk).status == EntryStatus.ACCEPTED
    assert [p.name for p in Entrant.objects.get(signup_entry=real).players.order_by("id")] == [MASTER, "Настоящий Партнёр"]


def test_an_entrant_the_organizer_registered_by_hand_is_still_refused(cup, organizer):
    register_pair(organizer, cup, players=[{"name": MASTER}, {"name": "Ручной Партнёр"}])
    with pytest.raises(TournamentError) as err:
        submit_entry(cup, pair_data("известный мастер", "Петров Пётр"))
    assert err.value.code == "duplicate_player"


# --- the organizer removes entries in bulk, and brings one back -----------------------------------------------

def test_removing_in_bulk_refuses_each_entry_frees_places_and_audits_each(cup, organizer):
    fake1, _c = submit_entry(cup, pair_data("Выдуманный Один", "Выдуманный Два"))
    real, _c = submit_entry(cup, pair_data("Иванов Иван", "Петров Пётр"))
    fake2, _c = submit_entry(cup, pair_data("Выдуманный Три", "Выдуманный Четыре"))
    waiting, _c = submit_entry(cup, pair_data("Сидоров Сидор", "Кузнецов Кузьма"))
    assert (fake1.status, fake2.status, waiting.status) == ("accepted", "waiting", "waiting")
    removed = remove_entries(organizer, cup, [fake1.pk, fake2.pk], reason="выдуманные имена")
    assert {e.pk for e in removed} == {fake1.pk, fake2.pk}
    fake1.refresh_from_db(), fake2.refresh_from_db(), waiting.refresh_from_db()
    assert fake1.status == fake2.status == EntryStatus.REFUSED and fake1.refusal_reason == "выдуманные имена"
    assert fake1.pair is None and not Player.objects.filter(name="Выдуманный Один").exists()
    assert waiting.status == EntryStatus.ACCEPTED  # the freed place went to the waiting list
    refused = AuditEntry.objects.filter(tournament=cup, action="signup.refused", user=organizer)
    assert sorted(e.after["id"] for e in refused) == sorted([fake1.pk, fake2.pk])
    assert AuditEntry.objects.filter(tournament=cup, action="pair.deleted", user=organizer).count() == 1


def test_a_bulk_removal_is_all_or_nothing_and_the_organizer_s_only(cup, organizer):
    accepted, _c = submit_entry(cup, pair_data("Иванов Иван", "Петров Пётр"))
    submit_entry(cup, pair_data("Сидоров Сидор", "Кузнецов Кузьма"))
    waiting, _c = submit_entry(cup, pair_data("Смирнов Алексей", "Попов Дмитрий"))
    with pytest.raises(NotAllowed):
        remove_entries(make_referee(cup), cup, [waiting.pk])
    run_draw(organizer, cup)
    with pytest.raises(TournamentError) as err:
        remove_entries(organizer, cup, [waiting.pk, accepted.pk])
    assert err.value.code == "not_removable" and "Иванов Иван" in err.value.message
    waiting.refresh_from_db()
    assert waiting.status == EntryStatus.WAITING  # nothing removed
    with pytest.raises(TournamentError) as err:
        remove_entries(organizer, cup, [])
    assert err.value.code == "nothing_selected"


def test_a_removed_entry_comes_back_to_its_place_in_the_queue(cup, organizer):
    removed, _c = submit_entry(cup, pair_data("Иванов Иван", "Петров Пётр"))
    submit_entry(cup, pair_data("Сидоров Сидор", "Кузнецов Кузьма"))
    later, _c = submit_entry(cup, pair_data("Смирнов Алексей", "Попов Дмитрий"))
    last, _c = submit_entry(cup, pair_data("Волков Сергей", "Соколов Андрей"))
    remove_entries(organizer, cup, [removed.pk])
    later.refresh_from_db()
    assert later.status == EntryStatus.ACCEPTED
    back = restore_entry(organizer, cup, removed.pk)
    assert back.status == EntryStatus.WAITING and back.refusal_reason == ""
    from signup.selectors import waiting_position
    assert waiting_position(back) == 1 and waiting_position(Entry.objects.get(pk=last.pk)) == 2  # sent first
    entry = AuditEntry.objects.get(tournament=cup, action="signup.restored")
    assert entry.user == organizer and entry.after["id"] == removed.pk
    with pytest.raises(TournamentError) as err:
        restore_entry(organizer, cup, later.pk)
    assert err.value.code == "not_refused"


def test_a_restored_entry_of_a_name_taken_meanwhile_waits_beside_it(cup, organizer):
    first, _c = submit_entry(cup, pair_data("Иванов Иван", "Петров Пётр"))
    remove_entries(organizer, cup, [first.pk])
    submit_entry(cup, pair_data("иванов иван", "Сидоров Сидор"))
    back = restore_entry(organizer, cup, first.pk)
    assert back.status == EntryStatus.PENDING and [c.kind for c in _concerns(cup, back)] == ["same_player"]


# --- the waiting list is bounded ----------------------------------------------------------------------------

def test_the_waiting_list_beyond_the_free_places_is_bounded(cup, settings):
    settings.DOMINO_SIGNUP_WAITING_MAX = 2
    for k in range(4):  # two places, two waiting
        submit_entry(cup, pair_data(f"Игрок Первый{k}", f"Игрок Второй{k}"))
    with pytest.raises(TournamentError) as err:
        submit_entry(cup, pair_data("Лишний Первый", "Лишний Второй"))
    assert err.value.code == "waiting_full" and "организатор" in err.value.message
    assert Entry.objects.filter(tournament=cup).count() == 4


def test_entries_held_for_the_organizer_count_in_the_bound(cup, master, settings):
    settings.DOMINO_SIGNUP_WAITING_MAX = 1
    submit_entry(cup, pair_data("Иванов Иван", "Петров Пётр"))
    submit_entry(cup, pair_data(MASTER, "Сидоров Сидор"))   # held: it may yet take the free place
    submit_entry(cup, pair_data("Смирнов Алексей", "Попов Дмитрий"))  # the last place
    with pytest.raises(TournamentError) as err:
        submit_entry(cup, pair_data("Лишний Первый", "Лишний Второй"))
    assert err.value.code == "waiting_full"


# --- through the pages ----------------------------------------------------------------------------------------

def _entries_url(tournament):
    return reverse("tournaments:signup_entries", args=[tournament.slug])


def test_forty_invented_names_fill_only_the_bounded_waiting_list_and_go_in_one_removal(organizer, settings):
    settings.DOMINO_SIGNUP_WAITING_MAX = 5
    tournament = make_tournament(0, slug="small-cup", numbered=False)
    open_for(organizer, tournament, limit=3)
    url = reverse("tournaments:register", args=[tournament.slug])
    codes = [Client(REMOTE_ADDR=f"10.1.0.{k}").post(url, pair_data(f"Выдуманный Первый{k}", f"Выдуманный Второй{k}"))
             for k in range(40)]
    assert [r.status_code for r in codes].count(302) == 8  # three places and five waiting
    assert codes[-1].status_code == 409 and "Лист ожидания заполнен" in codes[-1].text
    boss = Client()
    boss.force_login(organizer)
    page = boss.get(_entries_url(tournament)).text
    ids = [str(e.pk) for e in Entry.objects.filter(tournament=tournament)]
    assert all(f'id="pick-{i}"' in page for i in ids) and 'id="remove-form"' in page
    remove = reverse("tournaments:signup_remove", args=[tournament.slug])
    confirm = boss.post(remove, {"entries": ids, "reason": ""})
    assert confirm.status_code == 200 and "Выдуманный Первый0" in confirm.text and "Снять заявки: 8" in confirm.text
    assert Entry.objects.filter(tournament=tournament, status=EntryStatus.REFUSED).count() == 0  # not yet
    done = boss.post(remove, {"entries": ",".join(ids), "reason": "", "confirmed": "1"})
    assert done.status_code == 302
    assert Entry.objects.filter(tournament=tournament, status=EntryStatus.REFUSED).count() == 8
    assert not tournament.pairs.exists()
    real = Client(REMOTE_ADDR="10.2.0.1").post(url, pair_data("Иванов Иван", "Петров Пётр"))
    assert real.status_code == 302 and "Принята" in Client().get(real["Location"]).text


def test_a_stranger_takes_a_registered_name_the_real_player_is_not_locked_out(cup, organizer, master):
    url = reverse("tournaments:register", args=[cup.slug])
    sent = Client(REMOTE_ADDR="10.3.0.1").post(url, pair_data(MASTER, "Выдуманный Партнёр"))
    stranger_page = Client().get(sent["Location"]).text
    assert "Ждёт подтверждения" in stranger_page and 'id="entry-held"' in stranger_page
    assert "RU-77" not in stranger_page  # the hidden ID is not shown to whoever typed the name
    real = Client(REMOTE_ADDR="10.3.0.2").post(url, pair_data(MASTER, "Настоящий Партнёр",
                                                            player1_federation_id="RU-77"))
    assert real.status_code == 302 and "Ждёт подтверждения" in Client().get(real["Location"]).text
    stranger, genuine = Entry.objects.filter(tournament=cup).order_by("id")
    boss = Client()
    boss.force_login(organizer)
    page = boss.get(_entries_url(cup)).text
    assert "называет игрока реестра" in page and f"№{master.pk}" in page and "RU-77" in page
    assert "есть и в заявке" in page and f'href="#entry-{stranger.pk}"' in page
    approve = reverse("tournaments:signup_decide", args=[cup.slug, genuine.pk, "approve"])
    refused = boss.post(approve, follow=True)
    assert "сначала отклоните или снимите" in refused.text
    boss.post(reverse("tournaments:signup_remove", args=[cup.slug]),
              {"entries": str(stranger.pk), "reason": "чужое имя", "confirmed": "1"})
    boss.post(approve)
    genuine.refresh_from_db()
    assert genuine.status == EntryStatus.ACCEPTED
    assert genuine.pair.players.get(person=master).name == MASTER


def test_the_organizer_brings_a_removed_entry_back_from_its_row(cup, organizer, client):
    entry, _c = submit_entry(cup, pair_data("Иванов Иван", "Петров Пётр"))
    remove_entries(organizer, cup, [entry.pk])
    client.force_login(organizer)
    assert f'id="restore-{entry.pk}"' in client.get(_entries_url(cup)).text
    client.post(reverse("tournaments:signup_decide", args=[cup.slug, entry.pk, "restore"]))
    entry.refresh_from_db()
    assert entry.status == EntryStatus.ACCEPTED and entry.pair is not None


def test_referees_neither_see_the_concerns_nor_remove(cup, master, client):
    entry, _c = submit_entry(cup, pair_data(MASTER, "Петров Пётр"))
    client.force_login(make_referee(cup))
    page = client.get(_entries_url(cup)).text
    assert MASTER in page and "называет игрока реестра" not in page and 'id="remove-form"' not in page
    response = client.post(reverse("tournaments:signup_remove", args=[cup.slug]),
                           {"entries": str(entry.pk), "confirmed": "1"})
    assert response.status_code == 403
    entry.refresh_from_db()
    assert entry.status == EntryStatus.PENDING
