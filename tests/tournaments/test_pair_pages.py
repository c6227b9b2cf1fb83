"""Pages for pairs and the confirmation step of every irreversible organizer action."""
import pytest
from django.urls import reverse

from access.models import RoleKind, TournamentRole
from audit.models import AuditEntry
from events.services import pair_round, publish_round, run_draw
from tests.factories import make_round, make_tournament
from tournaments.models import Entrant, EntrantStatus, RoundStatus

pytestmark = pytest.mark.django_db


@pytest.fixture
def logged(client, organizer):
    client.force_login(organizer)
    return client


def test_pairings_search_treats_yo_as_ye(client):
    t = make_tournament(4)
    t.pairs.get(number=1).players.filter(number=1).update(name="Ёлкин Семён")
    make_round(t, 1, [(1, 2), (3, 4)])
    url = reverse("tournaments:pairings", args=[t.slug, 1])
    for q in ("елкин", "ЁЛКИН", "семен"):
        html = client.get(url, {"q": q}).content.decode()
        assert "Ёлкин Семён" in html, q


def test_pairings_by_name_sorts_yo_with_ye(client):
    t = make_tournament(4)
    t.pairs.get(number=1).players.filter(number=1).update(name="Ёлкин Семён")
    t.pairs.get(number=2).players.filter(number=1).update(name="Ежов Павел")
    t.pairs.get(number=3).players.filter(number=1).update(name="Ерёмин Олег")
    t.pairs.get(number=4).players.filter(number=1).update(name="Жуков Иван")
    make_round(t, 1, [(1, 2), (3, 4)])
    html = client.get(reverse("tournaments:pairings", args=[t.slug, 1])).content.decode()
    by_name = html[html.index('id="by-name"'):html.index('id="by-table"')]
    positions = [by_name.index(n) for n in ("Ежов Павел", "Ёлкин Семён", "Ерёмин Олег", "Жуков Иван")]
    assert positions == sorted(positions)


def test_pair_list_search_and_edit_page(logged):
    t = make_tournament(3)
    t.pairs.get(number=2).players.filter(number=1).update(name="Ёлкин Семён")
    html = logged.get(reverse("tournaments:pair_list", args=[t.slug]), {"q": "елкин"}).content.decode()
    assert "Ёлкин Семён" in html and t.pairs.get(number=1).players.first().name not in html
    pair = t.pairs.get(number=2)
    url = reverse("tournaments:pair_edit", args=[t.slug, pair.pk])
    assert "Ёлкин Семён" in logged.get(url).content.decode()
    data = {"form": "edit", "player1_name": "Ёлкин Семён", "player1_club": "Тверь", "player1_rating": "٣",
            "player2_name": "Второй Игрок", "player2_club": "", "player2_rating": "", "name": "", "rating": ""}
    r = logged.post(url, data)
    assert r.status_code == 400 and "цифрами 0–9" in r.content.decode()
    data["player1_rating"] = ""
    data["player2_name"] = "x" * 10_000
    r = logged.post(url, data)
    assert r.status_code == 400 and "не более 200" in r.content.decode()
    data["player2_name"] = "ЁЛКИН семен"
    r = logged.post(url, data)
    assert r.status_code == 400 and "дважды" in r.content.decode()
    data["player2_name"] = "Второй Игрок"
    assert logged.post(url, data).status_code == 302
    assert AuditEntry.objects.filter(tournament=t, action="pair.edited").count() == 1


def test_substitute_through_the_page(logged):
    t = make_tournament(2)
    pair = t.pairs.get(number=1)
    url = reverse("tournaments:pair_edit", args=[t.slug, pair.pk])
    other = t.pairs.get(number=2).players.first().name
    r = logged.post(url, {"form": "substitute", "seat": "1", "name": other, "club": "", "rating": "", "note": ""})
    assert r.status_code == 400 and "уже зарегистрирован" in r.content.decode()
    r = logged.post(url, {"form": "substitute", "seat": "1", "name": "Новенький Нил", "club": "", "rating": "",
                          "note": "травма"})
    assert r.status_code == 302 and pair.players.get(number=1).name == "Новенький Нил"


def test_delete_pair_asks_first_and_names_what_happens(logged):
    t = make_tournament(3, numbered=False)
    pair = t.pairs.first()
    url = reverse("tournaments:pair_delete", args=[t.slug, pair.pk])
    r = logged.post(url)
    html = r.content.decode()
    assert r.status_code == 200 and "будет удалена отовсюду" in html and 'name="confirmed" value="1"' in html
    assert Entrant.objects.filter(pk=pair.pk).exists()
    logged.post(url, {"confirmed": "1"})
    assert not Entrant.objects.filter(pk=pair.pk).exists()


def test_withdraw_and_discard_ask_first(logged, organizer):
    t = make_tournament(4, numbered=False)
    run_draw(organizer, t, seed="s")
    pair = t.pairs.get(number=4)
    url = reverse("tournaments:withdraw", args=[t.slug, pair.pk])
    html = logged.post(url, {"note": "уехали"}).content.decode()
    assert "будет снята с турнира" in html and "не появится ни в положении" in html
    pair.refresh_from_db()
    assert pair.status == EntrantStatus.ACTIVE
    logged.post(url, {"note": "уехали", "confirmed": "1"})
    pair.refresh_from_db()
    assert pair.status == EntrantStatus.WITHDRAWN
    rnd = pair_round(organizer, t)
    url = reverse("tournaments:round_action", args=[t.slug, 1, "discard"])
    assert "Черновик тура 1" in logged.post(url).content.decode() and t.rounds.exists()
    logged.post(url, {"confirmed": "1"})
    assert not t.rounds.filter(pk=rnd.pk).exists()


def test_late_registration_page(logged, organizer):
    t = make_tournament(4, numbered=False)
    run_draw(organizer, t, seed="s")
    publish_round(organizer, pair_round(organizer, t))
    html = logged.get(reverse("tournaments:pair_list", args=[t.slug])).content.decode()
    assert 'id="late-link"' in html and "удалить" not in html
    url = reverse("tournaments:pair_late", args=[t.slug])
    r = logged.post(url, {"player1_name": "Поздний Пётр", "player2_name": "Поздняя Полина"})
    assert r.status_code == 302
    late = Entrant.objects.get(tournament=t, players__name="Поздний Пётр")
    assert late.number == 5 and late.joined_round == 2


def test_early_pairing_confirms_the_open_tables(client, organizer, django_user_model):
    t = make_tournament(8, numbered=False)
    run_draw(organizer, t, seed="s")
    publish_round(organizer, pair_round(organizer, t))
    chief = django_user_model.objects.create_user("chief")
    TournamentRole.objects.create(tournament=t, user=chief, role=RoleKind.CHIEF_REFEREE)
    referee = django_user_model.objects.create_user("referee")
    TournamentRole.objects.create(tournament=t, user=referee, role=RoleKind.REFEREE)
    client.force_login(referee)
    assert client.get(reverse("tournaments:pair_early", args=[t.slug])).status_code == 403
    assert client.post(reverse("tournaments:pair_round", args=[t.slug]), {"override_reason": "x"}).status_code == 403
    client.force_login(chief)
    html = client.get(reverse("tournaments:pair_early", args=[t.slug])).content.decode()
    assert "1, 2, 3, 4" in html
    r = client.post(reverse("tournaments:pair_round", args=[t.slug]), {"override_reason": "свет отключили"})
    html = r.content.decode()
    assert r.status_code == 200 and "1, 2, 3, 4" in html and "свет отключили" in html
    assert html.count('name="confirm_tables"') == 4 and not t.rounds.filter(number=2).exists()
    r = client.post(reverse("tournaments:pair_round", args=[t.slug]),
                    {"override_reason": "свет отключили", "confirm_tables": ["1", "2", "3", "4"], "confirmed": "1"})
    assert r.status_code == 302
    rnd = t.rounds.get(number=2)
    assert rnd.override_reason == "свет отключили" and rnd.status == RoundStatus.DRAFT
    publish_round(organizer, rnd)
    html = client.get(reverse("tournaments:pairings", args=[t.slug, 2])).content.decode()
    assert "свет отключили" in html and "1, 2, 3, 4" in html


@pytest.mark.parametrize("rating", ["٣", "²", "1" * 30, "=1+1"])
def test_register_form_refuses_hostile_ratings_next_to_the_field(logged, rating):
    t = make_tournament(0)
    r = logged.post(reverse("tournaments:pair_add", args=[t.slug]),
                    {"player1_name": "Иванов Иван", "player2_name": "Петров Пётр", "player1_rating": rating})
    html = r.content.decode()
    assert r.status_code == 400 and not t.pairs.exists()
    assert "цифрами 0–9" in html or "не более 20" in html



def test_players_ratings_show_on_the_pair_page_and_the_organizers_list(logged):
    tournament = make_tournament(4, slug="rated")
    first = tournament.pairs.get(number=2).players.order_by("number").first()
    first.rating = 1510
    first.save(update_fields=["rating"])
    public = logged.get(reverse("tournaments:pair", args=["rated", 2])).content.decode()
    assert "рейтинг 1510" in public and public.count("рейтинг ") == 1  # the second player has none
    listing = logged.get(reverse("tournaments:pair_list", args=["rated"])).content.decode()
    assert "рейтинг 1510" in listing
