"""The state of a tournament on its management page and the main button of each state; existing accounts."""
import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from access import accounts, officials
from access.errors import InvalidInput, NotAllowed
from access.models import RoleKind, TournamentRole
from audit.models import AuditEntry
from events import services
from events.state import DRAW_DONE, FINISHED, REGISTRATION, ROUND_IN_PLAY, tournament_state
from scoring.models import Protocol
from tests.factories import make_tournament
from tournaments.choices import ProtocolStatus
from tournaments.models import Player

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fast_password_hasher(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def org(django_user_model):
    return django_user_model.objects.create_user("org", password="x", first_name="Ольга", last_name="Орг")


def organized(org, n_pairs=4, **kwargs):
    t = make_tournament(n_pairs, numbered=False, **kwargs)
    TournamentRole.objects.create(tournament=t, user=org, role=RoleKind.ORGANIZER)
    return t


def sign_round(rnd):
    for partie in rnd.parties.exclude(pair_b=None):
        Protocol.objects.update_or_create(partie=partie, defaults={"status": ProtocolStatus.SIGNED})


def main_button(client, t):
    html = client.get(reverse("tournaments:manage", args=[t.slug])).content.decode()
    start = html.index('id="main-action"')
    return html[html.rindex("<", 0, start):html.index("</", start)], html


def test_each_state_and_its_main_button(client, org):
    t = organized(org, 0, rounds_planned=2)
    client.force_login(org)
    state = tournament_state(t)
    assert state.code == REGISTRATION and state.action.url.endswith("#register")
    for i in range(4):
        services.register_pair(org, t, players=[{"name": f"Игрок {2 * i}"}, {"name": f"Игрок {2 * i + 1}"}])
    state = tournament_state(t)
    assert state.code == REGISTRATION and state.action.url == reverse("tournaments:draw_run", args=[t.slug])
    button, html = main_button(client, t)
    assert "Провести жеребьёвку" in button and 'data-state="registration"' in html

    services.run_draw(org, t, seed="s")
    t.refresh_from_db()
    state = tournament_state(t)
    assert state.code == DRAW_DONE and state.action.url == reverse("tournaments:pair_round", args=[t.slug])
    assert "Составить тур 1" in main_button(client, t)[0]

    rnd = services.pair_round(org, t)
    state = tournament_state(t)
    assert (state.code, state.round, state.round_status) == (ROUND_IN_PLAY, 1, "draft")
    assert state.action.url == reverse("tournaments:pairings", args=[t.slug, 1])
    assert "опубликовать тур 1" in main_button(client, t)[0]

    services.publish_round(org, rnd)
    state = tournament_state(t)
    assert state.action.url == reverse("referees:dashboard", args=[t.slug]) and len(state.unsigned) == 2
    assert "не подписано" in main_button(client, t)[0]

    sign_round(rnd)
    state = tournament_state(t)
    assert state.action.url == reverse("tournaments:round_action", args=[t.slug, 1, "finish"])
    assert "Завершить тур 1" in main_button(client, t)[0]

    services.finish_round(org, rnd)
    state = tournament_state(t)
    assert state.code == ROUND_IN_PLAY and "Составить тур 2" in main_button(client, t)[0]

    rnd2 = services.pair_round(org, t)
    services.publish_round(org, rnd2)
    sign_round(rnd2)
    services.finish_round(org, rnd2)
    state = tournament_state(t)
    assert state.code == FINISHED and state.action.url == reverse("tournaments:final_report", args=[t.slug])
    button, html = main_button(client, t)
    assert "Итоговый отчёт" in button and 'data-state="finished"' in html


def test_lowering_rounds_planned_finishes_early(org):
    t = organized(org, 4, rounds_planned=7)
    services.run_draw(org, t, seed="s")
    t.refresh_from_db()
    rnd = services.pair_round(org, t)
    services.publish_round(org, rnd)
    sign_round(rnd)
    services.finish_round(org, rnd)
    assert tournament_state(t).code == ROUND_IN_PLAY
    t.rounds_planned = 1
    assert tournament_state(t).code == FINISHED


def test_manage_page_pages_the_pair_list(client, org):
    t = organized(org, 120)
    client.force_login(org)
    first = client.get(reverse("tournaments:manage", args=[t.slug]))
    assert first.context["pairs"].paginator.count == 120 and len(first.context["pairs"].object_list) == 50
    assert first.context["active_count"] == 120 and 'id="pairs-pager"' in first.content.decode()
    last = client.get(reverse("tournaments:manage", args=[t.slug]) + "?page=3")
    assert len(last.context["pairs"].object_list) == 20
    assert client.get(reverse("tournaments:manage", args=[t.slug]) + "?page=٣").status_code == 200


# --- existing accounts ------------------------------------------------------------------

def test_attach_and_detach_officials(client, org, django_user_model):
    t = organized(org)
    ref = django_user_model.objects.create_user("ivanov", password="x", first_name="Пётр", last_name="Ёжиков")
    chief = django_user_model.objects.create_user("chief", password="x")
    co = django_user_model.objects.create_user("co", password="x")
    client.force_login(org)
    page = client.get(reverse("tournaments:officials", args=[t.slug]), {"q": "ежиков"})
    assert "ivanov" in page.content.decode()  # ё = е, case ignored
    response = client.post(reverse("tournaments:officials", args=[t.slug]),
                           {"account": ref.pk, "role": "referee", "tables": "1, 3-4"})
    assert response.status_code == 302
    role = TournamentRole.objects.get(tournament=t, user=ref)
    assert (role.role, role.tables) == ("referee", [1, 3, 4])
    officials.attach_account(org, t, chief.pk, role="chief_referee")
    officials.attach_account(org, t, co.pk, role="organizer")
    assert {r.role for r in TournamentRole.objects.filter(tournament=t, user__in=[chief, co])} == {
        "chief_referee", "organizer"}
    with pytest.raises(InvalidInput):
        officials.attach_account(org, t, ref.pk, role="referee")  # already
    with pytest.raises(InvalidInput):
        officials.attach_account(org, t, chief.pk, role="player")
    with pytest.raises(InvalidInput):
        officials.attach_account(org, t, 10 ** 30, role="referee")
    bad = client.post(reverse("tournaments:officials", args=[t.slug]),
                      {"account": ref.pk, "role": "chief_referee", "tables": "٣", "q": "ivanov"})
    html = bad.content.decode()
    assert bad.status_code == 400 and "через запятую" in html
    assert html.rindex("через запятую") > html.index('value="%s"' % ref.pk)  # in the form of that account
    with pytest.raises(NotAllowed):
        officials.attach_account(ref, t, chief.pk, role="organizer")
    officials.remove_role(org, t, role.pk)
    assert not TournamentRole.objects.filter(tournament=t, user=ref).exists()
    actions = list(AuditEntry.objects.filter(tournament=t).values_list("action", flat=True))
    assert actions.count("account.attached") == 3 and "account.role_removed" in actions


def test_officials_page_is_for_the_organizer_only(client, django_user_model, org):
    t = organized(org)
    django_user_model.objects.create_user("someone", password="x")
    client.login(username="someone", password="x")
    assert client.get(reverse("tournaments:officials", args=[t.slug])).status_code == 403


def test_player_with_an_account_from_an_earlier_event_is_linked_not_duplicated(org):
    User = get_user_model()
    t = organized(org, 2)
    first = Player.objects.filter(pair__tournament=t).order_by("pk").first()
    first.name = "Семёнов Иван"
    first.save()
    old = User.objects.create_user("semenov", password="x", first_name="иван", last_name="Семенов")
    users_before = User.objects.count()
    issued = accounts.create_player_accounts(org, t)
    first.refresh_from_db()
    assert first.user == old
    assert User.objects.count() == users_before + 3  # the other three players get new accounts
    linked = [a for a in issued if a.username == "semenov"]
    assert len(linked) == 1 and linked[0].existing and linked[0].password == ""
    assert TournamentRole.objects.filter(tournament=t, user=old, role=RoleKind.PLAYER).exists()
    assert AuditEntry.objects.filter(tournament=t, action="account.linked").count() == 1


def test_two_accounts_with_the_same_name_are_not_guessed(org):
    User = get_user_model()
    t = organized(org, 1)
    player = Player.objects.filter(pair__tournament=t).first()
    for login in ("twin1", "twin2"):
        User.objects.create_user(login, password="x", first_name=player.name.split()[1],
                                 last_name=player.name.split()[0])
    accounts.create_player_accounts(org, t)
    player.refresh_from_db()
    assert player.user.username not in ("twin1", "twin2")


def test_organizer_picks_the_account_of_a_player(client, org, django_user_model):
    t = organized(org, 1)
    player = Player.objects.filter(pair__tournament=t).first()
    account = django_user_model.objects.create_user("old-login", password="x")
    client.force_login(org)
    response = client.post(reverse("tournaments:link_player", args=[t.slug]),
                           {"player": player.pk, "account": account.pk})
    assert response.status_code == 302
    player.refresh_from_db()
    assert player.user == account
    other = Player.objects.filter(pair__tournament=t).exclude(pk=player.pk).first()
    with pytest.raises(InvalidInput):
        accounts.link_player_account(org, t, other, account.pk)  # one account, one seat
    with pytest.raises(InvalidInput):
        accounts.link_player_account(org, t, player, account.pk)  # already has one
