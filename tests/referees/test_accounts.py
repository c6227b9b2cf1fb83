"""Accounts of a tournament: the organizer creates referees and players' accounts (services and pages)."""
from urllib.parse import quote

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.urls import reverse

from referees import accounts, officials
from referees import permissions as perms
from referees.forms import parse_tables
from referees.models import AuditEntry, RoleKind, TournamentRole
from scoring.errors import InvalidInput, NotAllowed
from core import names
from tournaments.models import Player, Tournament

User = get_user_model()
NEW_PASSWORD = "stol-pyat-2026"


def _pair1_player(table, number=1):
    return Player.objects.get(pair__tournament=table.tournament, pair__number=1, number=number)


def _other_organizer(django_user_model):
    user = django_user_model.objects.create_user("other-org", password="x-domino-2026")
    TournamentRole.objects.create(tournament=Tournament.objects.get(slug="other-cup"), user=user,
                                  role=RoleKind.ORGANIZER)
    return user


def _role(table, username="vasin"):
    return TournamentRole.objects.get(tournament=table.tournament, user__username=username)


def _official(table, **kw):
    args = {"username": "vasin", "full_name": "Васин Василий", "password": NEW_PASSWORD, "role": "referee",
            "tables": [2, 4]}
    args.update(kw)
    return args


SERVICES = {
    "create_official": lambda u, t: officials.create_official(u, t.tournament, **_official(t)),
    "set_official_tables": lambda u, t: officials.set_official_tables(
        u, t.tournament, _role(t, "table2").pk, [3]),
    "remove_role": lambda u, t: officials.remove_role(u, t.tournament, _role(t, "referee2").pk),
    "create_player_account": lambda u, t: accounts.create_player_account(
        u, t.tournament, _pair1_player(t), username="igrok-1-1", password=NEW_PASSWORD),
    "create_player_accounts": lambda u, t: accounts.create_player_accounts(u, t.tournament),
}
REFUSED = ["staff", "chief", "referee", "table2_referee", "player", "nobody", "anonymous", "other_organizer"]


def _actor(table, who, anonymous, django_user_model):
    if who == "anonymous":
        return anonymous
    if who == "player":
        return table.players["A1"]
    if who == "other_organizer":
        return _other_organizer(django_user_model)
    return getattr(table, who)


def _state(table):
    return (User.objects.count(), TournamentRole.objects.count(), AuditEntry.objects.count(),
            sorted(TournamentRole.objects.filter(tournament=table.tournament).values_list("pk", "tables")),
            sorted(Player.objects.filter(pair__tournament=table.tournament).values_list("pk", "user_id")))


@pytest.mark.parametrize("service", list(SERVICES))
@pytest.mark.parametrize("who", ["organizer"])
def test_organizer_may(table, service, who):
    before = AuditEntry.objects.filter(action__startswith="account.").count()
    SERVICES[service](getattr(table, who), table)
    assert AuditEntry.objects.filter(action__startswith="account.").count() > before


@pytest.mark.parametrize("service", list(SERVICES))
@pytest.mark.parametrize("who", REFUSED)
def test_others_are_refused_and_nothing_changes(table, anonymous, django_user_model, service, who):
    user = _actor(table, who, anonymous, django_user_model)
    before = _state(table)
    with pytest.raises(NotAllowed) as exc:
        SERVICES[service](user, table)
    assert exc.value.code == "not_allowed"
    assert _state(table) == before


# --- officials -------------------------------------------------------------------

def test_created_referee_logs_in_and_serves_only_his_tables(table, client):
    role = officials.create_official(table.organizer, table.tournament, **_official(table, tables=["2", 4, 2]))
    assert role.role == RoleKind.REFEREE and role.tables == [2, 4]
    assert (role.user.first_name, role.user.last_name) == ("Василий", "Васин")
    assert client.login(username="vasin", password=NEW_PASSWORD)
    referee = User.objects.get(username="vasin")
    assert not perms.is_referee_for(referee, table.partie)           # table 1
    assert perms.is_referee_for(referee, table.other_partie)         # table 2
    assert perms.referee_tables(referee, table.tournament) == {2, 4}
    assert not perms.is_chief_referee(referee, table.tournament)
    assert client.get(reverse("referees:partie", args=[table.other_partie.pk])).status_code == 200
    assert client.get(reverse("referees:partie", args=[table.partie.pk])).status_code == 403


def test_referee_without_tables_serves_the_whole_tournament(table):
    officials.create_official(table.organizer, table.tournament, **_official(table, tables=[]))
    referee = User.objects.get(username="vasin")
    assert perms.is_referee_for(referee, table.partie) and perms.is_referee_for(referee, table.other_partie)


def test_chief_referee_is_created_without_tables(table):
    officials.create_official(table.organizer, table.tournament, **_official(table, role="chief_referee", tables=None))
    assert perms.can_reopen(User.objects.get(username="vasin"), table.partie)
    with pytest.raises(InvalidInput) as exc:
        officials.create_official(table.organizer, table.tournament,
                                 **_official(table, username="glavny", role="chief_referee", tables=[1]))
    assert exc.value.field == "tables"
    assert not User.objects.filter(username="glavny").exists()


@pytest.mark.parametrize("username", ["referee", "REFEREE"])
def test_existing_username_is_refused_and_nothing_saved(table, username):
    before = _state(table)
    password_hash = User.objects.get(username="referee").password
    with pytest.raises(InvalidInput) as exc:
        officials.create_official(table.organizer, table.tournament, **_official(table, username=username))
    assert exc.value.code == "username_taken" and exc.value.field == "username"
    assert "уже занято" in exc.value.message
    assert _state(table) == before
    assert User.objects.get(username="referee").password == password_hash


@pytest.mark.parametrize("password, field_word", [("12345", "короткий"), ("", "пароль")])
def test_weak_password_is_refused_next_to_the_field(table, password, field_word):
    before = _state(table)
    with pytest.raises(InvalidInput) as exc:
        officials.create_official(table.organizer, table.tournament, **_official(table, password=password))
    assert exc.value.field == "password"
    assert field_word in exc.value.message.lower()
    assert _state(table) == before


@pytest.mark.parametrize("kw, field", [
    ({"role": "organizer"}, "role"), ({"role": "player"}, "role"), ({"username": "два слова"}, "username"),
    ({"username": ""}, "username"), ({"full_name": "  "}, "full_name"), ({"tables": [0]}, "tables"),
    ({"tables": ["x"]}, "tables"), ({"tables": [1.5]}, "tables"), ({"tables": "1"}, "tables"),
])
def test_bad_input_is_refused_naming_the_field(table, kw, field):
    before = _state(table)
    with pytest.raises(InvalidInput) as exc:
        officials.create_official(table.organizer, table.tournament, **_official(table, **kw))
    assert exc.value.field == field
    assert _state(table) == before


def test_organizer_changes_tables_and_removes_a_referee(table):
    role = _role(table, "table2")
    officials.set_official_tables(table.organizer, table.tournament, role.pk, [1, 3])
    assert perms.is_referee_for(User.objects.get(username="table2"), table.partie)
    entry = AuditEntry.objects.get(action="account.tables_changed")
    assert entry.before["tables"] == [2] and entry.after["tables"] == [1, 3] and entry.user == table.organizer

    officials.remove_role(table.organizer, table.tournament, role.pk)
    assert not TournamentRole.objects.filter(pk=role.pk).exists()
    assert User.objects.filter(username="table2").exists()          # the account stays
    assert not perms.is_referee(User.objects.get(username="table2"), table.tournament)
    assert AuditEntry.objects.get(action="account.role_removed").before["username"] == "table2"


def test_tables_only_for_a_referee_of_this_tournament(table):
    with pytest.raises(InvalidInput) as exc:
        officials.set_official_tables(table.organizer, table.tournament, _role(table, "chief").pk, [1])
    assert exc.value.code == "tables_not_for_role"
    foreign = TournamentRole.objects.get(user=table.foreign_referee)
    with pytest.raises(InvalidInput) as exc:
        officials.set_official_tables(table.organizer, table.tournament, foreign.pk, [1])
    assert exc.value.code == "role_not_found"
    with pytest.raises(InvalidInput):
        officials.remove_role(table.organizer, table.tournament, foreign.pk)
    assert TournamentRole.objects.filter(pk=foreign.pk).exists()


def test_organizer_cannot_remove_his_own_organizer_role(table, django_user_model):
    own = _role(table, "org")
    with pytest.raises(InvalidInput) as exc:
        officials.remove_role(table.organizer, table.tournament, own.pk)
    assert exc.value.code == "own_organizer_role"
    assert TournamentRole.objects.filter(pk=own.pk).exists()
    second = django_user_model.objects.create_user("org2", password="x-domino-2026")
    other = TournamentRole.objects.create(tournament=table.tournament, user=second, role=RoleKind.ORGANIZER)
    officials.remove_role(table.organizer, table.tournament, other.pk)
    assert not perms.is_organizer(User.objects.get(username="org2"), table.tournament)


# --- players ---------------------------------------------------------------------

def test_player_account_links_the_seat_and_he_signs_his_own_protocol(table, client):
    player = _pair1_player(table)                                    # seat A1 at table 2 of round 2
    accounts.create_player_account(table.organizer, table.tournament, player, username="ivanov", password=NEW_PASSWORD)
    player.refresh_from_db()
    account = User.objects.get(username="ivanov")
    assert player.user == account
    assert (account.last_name, account.first_name) == tuple(player.name.split(" ", 1))
    assert TournamentRole.objects.filter(tournament=table.tournament, user=account, role=RoleKind.PLAYER).exists()
    assert perms.can_sign_as_player(account, table.other_partie, "A1")
    assert not perms.can_sign_as_player(account, table.other_partie, "A2")
    assert not perms.can_sign_as_player(account, table.partie, "A1")
    assert client.login(username="ivanov", password=NEW_PASSWORD)


def test_player_account_refused_twice_for_foreign_players_and_weak_passwords(table):
    def create(player, username, password=NEW_PASSWORD):
        with pytest.raises(InvalidInput) as exc:
            accounts.create_player_account(table.organizer, table.tournament, player, username=username,
                                           password=password)
        return exc.value

    assert create(Player.objects.get(user=table.players["A1"]), "new1").code == "player_has_account"
    foreign = Player.objects.filter(pair__tournament__slug="other-cup").first()
    assert create(foreign, "new2").code == "player_not_in_tournament"
    player = _pair1_player(table)
    assert create(player, "new3", "123").field == "password"
    assert create(player, "chief").code == "username_taken"
    player.refresh_from_db()
    assert player.user is None
    assert not User.objects.filter(username__in=["new1", "new2", "new3"]).exists()


def test_bulk_accounts_for_players_without_one_then_nothing(table, client):
    without = Player.objects.filter(pair__tournament=table.tournament, user__isnull=True).count()
    assert without == 12
    users_before = User.objects.count()
    issued = accounts.create_player_accounts(table.organizer, table.tournament)
    assert len(issued) == without and User.objects.count() == users_before + without
    name, username, password = issued[0]
    assert (name, username) == (_pair1_player(table).name, "cup-1-1")
    assert {u for _n, u, _p in issued} >= {"cup-1-2", "cup-2-1", "cup-8-2"}
    assert "cup-3-1" not in {u for _n, u, _p in issued}            # pair 3 already had accounts
    for _n, _u, pw in issued:
        assert len(pw) == 8 and set(pw) <= set(accounts.PASSWORD_ALPHABET)
    assert not set("01oli") & set(accounts.PASSWORD_ALPHABET)
    assert len({pw for _n, _u, pw in issued}) == len(issued)
    assert not Player.objects.filter(pair__tournament=table.tournament, user__isnull=True).exists()
    assert client.login(username=username, password=password)
    player = _pair1_player(table)
    assert perms.can_sign_as_player(player.user, table.other_partie, "A1")

    state = _state(table)
    assert accounts.create_player_accounts(table.organizer, table.tournament) == []
    assert _state(table) == state


def test_bulk_accounts_avoid_taken_usernames_and_unnumbered_players(table, django_user_model):
    django_user_model.objects.create_user("cup-1-1", password="x-domino-2026")
    Player.objects.filter(pair__tournament=table.tournament, pair__number=2, number=2).update(number=None)
    issued = {name: username for name, username, _pw in accounts.create_player_accounts(table.organizer,
                                                                                        table.tournament)}
    assert issued[_pair1_player(table).name] == "cup-1-1-2"
    unnumbered = Player.objects.get(pair__tournament=table.tournament, pair__number=2, number=None)
    assert issued[unnumbered.name] == f"cup-p{unnumbered.pk}"
    assert _pair1_player(table).user.username == "cup-1-1-2"         # the existing account is not attached


def test_bulk_accounts_password_length(table):
    issued = accounts.create_player_accounts(table.organizer, table.tournament, password_length=12)
    assert {len(pw) for _n, _u, pw in issued} == {12}
    with pytest.raises(InvalidInput):
        accounts.create_player_accounts(table.organizer, table.tournament, password_length=3)


def test_removing_a_player_role_unlinks_his_seat(table):
    player = _pair1_player(table)
    accounts.create_player_account(table.organizer, table.tournament, player, username="ivanov", password=NEW_PASSWORD)
    account = User.objects.get(username="ivanov")
    officials.remove_role(table.organizer, table.tournament, _role(table, "ivanov").pk)
    player.refresh_from_db()
    assert player.user is None
    assert not perms.can_sign_as_player(account, table.other_partie, "A1")


# --- audit -----------------------------------------------------------------------

def test_audit_entries_name_the_accounts_and_never_the_passwords(table):
    officials.create_official(table.organizer, table.tournament, **_official(table))
    accounts.create_player_account(table.organizer, table.tournament, _pair1_player(table), username="ivanov",
                                   password=NEW_PASSWORD)
    issued = accounts.create_player_accounts(table.organizer, table.tournament)
    entries = list(AuditEntry.objects.filter(tournament=table.tournament, action="account.created"))
    assert len(entries) == 2 + len(issued)
    assert all(e.user == table.organizer for e in entries)
    assert {e.after["username"] for e in entries} == {"vasin", "ivanov"} | {u for _n, u, _p in issued}
    official = next(e for e in entries if e.after["username"] == "vasin")
    assert official.after["role"] == "referee" and official.after["tables"] == [2, 4]
    stored = " ".join(f"{e.before} {e.after} {e.note}" for e in AuditEntry.objects.all())
    for password in [NEW_PASSWORD] + [pw for _n, _u, pw in issued]:
        assert password not in stored
    assert "password" not in stored


# --- the page --------------------------------------------------------------------

def test_tables_text_parsing():
    assert parse_tables("1, 2 5-7;9 – 10") == [1, 2, 5, 6, 7, 9, 10]
    assert parse_tables("") == []
    for bad in ("a", "0", "7-5", "1.5", "1-100000"):
        with pytest.raises(ValidationError):
            parse_tables(bad)


def test_page_renders_for_the_organizer(table, client):
    client.force_login(table.organizer)
    page = client.get(reverse("tournaments:officials", args=[table.tournament.slug]))
    assert page.status_code == 200
    html = page.content.decode()
    assert "table2" in html and "Главный судья" in html and 'value="2"' in html
    assert 'id="official-form"' in html and 'id="lockouts"' in html and 'id="id_q"' in html
    assert "no-store" in page["Cache-Control"]
    signing = client.get(reverse("referees:signing", args=[table.tournament.slug]))
    assert signing.status_code == 200 and "no-store" in signing["Cache-Control"]
    html = signing.content.decode()
    assert "Создать учётные записи игрокам" in html and table.players["A1"].username in html
    assert 'id="signing-form"' in html and 'id="pins-form"' in html and 'id="official-form"' not in html
    manage = client.get(reverse("tournaments:manage", args=[table.tournament.slug])).content.decode()
    assert reverse("referees:signing", args=[table.tournament.slug]) in manage
    assert reverse("tournaments:officials", args=[table.tournament.slug]) in manage
    assert reverse("referees:accounts", args=[table.tournament.slug]) not in manage


@pytest.mark.parametrize("who", ["chief", "referee", "player", "nobody", "other_organizer"])
def test_page_and_actions_403_for_others(table, client, anonymous, django_user_model, who):
    client.force_login(_actor(table, who, anonymous, django_user_model))
    slug = table.tournament.slug
    before = _state(table)
    assert client.get(reverse("tournaments:officials", args=[slug])).status_code == 403
    assert client.get(reverse("referees:signing", args=[slug])).status_code == 403
    posts = [
        (reverse("tournaments:add_official", args=[slug]), {"username": "x1", "full_name": "X Y", "password": NEW_PASSWORD,
                                                            "role": "referee"}),
        (reverse("referees:player_accounts", args=[slug]), {}),
        (reverse("referees:player_account", args=[slug, _pair1_player(table).pk]),
         {"username": "x2", "password": NEW_PASSWORD}),
        (reverse("tournaments:role_action", args=[slug, _role(table, "table2").pk, "tables"]), {"tables": "1"}),
        (reverse("tournaments:role_action", args=[slug, _role(table, "table2").pk, "remove"]), {}),
    ]
    for url, data in posts:
        assert client.post(url, data).status_code == 403
    assert _state(table) == before


def test_page_sends_anonymous_to_login(table, client):
    for name in ("tournaments:officials", "referees:signing"):
        r = client.get(reverse(name, args=[table.tournament.slug]))
        assert r.status_code == 302 and reverse("login") in r["Location"]


def test_page_adds_a_referee_and_shows_errors_next_to_fields(table, client):
    client.force_login(table.organizer)
    url = reverse("tournaments:add_official", args=[table.tournament.slug])
    data = {"username": "vasin", "full_name": "Васин Василий", "password": "123", "role": "referee",
            "tables": "2, 4-5"}
    r = client.post(url, data)
    assert r.status_code == 422
    html = r.content.decode()
    assert 'class="errorlist' in html and "короткий" in html.lower()
    assert not User.objects.filter(username="vasin").exists()

    r = client.post(url, {**data, "username": "chief", "password": NEW_PASSWORD})
    assert r.status_code == 422 and "уже занято" in r.content.decode()

    r = client.post(url, {**data, "password": NEW_PASSWORD})
    assert r.status_code == 302
    assert _role(table).tables == [2, 4, 5]
    page = client.get(r["Location"]).content.decode()
    assert "vasin" in page and NEW_PASSWORD not in page


def test_page_edits_tables_and_removes_roles(table, client):
    client.force_login(table.organizer)
    slug = table.tournament.slug
    role = _role(table, "table2")
    r = client.post(reverse("tournaments:role_action", args=[slug, role.pk, "tables"]), {"tables": "1, 3"})
    assert r.status_code == 302
    role.refresh_from_db()
    assert role.tables == [1, 3]
    r = client.post(reverse("tournaments:role_action", args=[slug, role.pk, "tables"]), {"tables": "один"})
    assert r.status_code == 422 and "через запятую" in r.content.decode()
    role.refresh_from_db()
    assert role.tables == [1, 3]
    own = _role(table, "org")
    r = client.post(reverse("tournaments:role_action", args=[slug, own.pk, "remove"]), follow=True)
    assert "Нельзя снять с себя роль организатора" in r.content.decode()
    assert TournamentRole.objects.filter(pk=own.pk).exists()
    r = client.post(reverse("tournaments:role_action", args=[slug, role.pk, "remove"]))
    assert r.status_code == 302 and not TournamentRole.objects.filter(pk=role.pk).exists()


def test_page_creates_one_player_account(table, client):
    client.force_login(table.organizer)
    player = _pair1_player(table)
    url = reverse("referees:player_account", args=[table.tournament.slug, player.pk])
    r = client.post(url, {"username": "ivanov", "password": "1"})
    assert r.status_code == 422 and 'id="id_player%s_password"' % player.pk in r.content.decode()
    r = client.post(url, {"username": "ivanov", "password": NEW_PASSWORD})
    assert r.status_code == 302
    player.refresh_from_db()
    assert player.user.username == "ivanov"


def test_page_prints_the_slips_once(table, client):
    client.force_login(table.organizer)
    url = reverse("referees:player_accounts", args=[table.tournament.slug])
    r = client.post(url)
    assert r.status_code == 200 and "no-store" in r["Cache-Control"]
    html = r.content.decode()
    assert html.count('class="slip"') == 12
    assert "cup-1-1" in html and _pair1_player(table).name in html
    player = _pair1_player(table)
    password = html.split('class="password">', 1)[1].split("<", 1)[0]
    assert client.login(username=player.user.username, password=password)
    client.force_login(table.organizer)
    again = client.post(url)
    assert again.status_code == 302
    assert 'class="slip"' not in client.get(again["Location"]).content.decode()


def test_every_audited_action_has_a_label():
    """Every action code the code writes (``log_action(t, "code", …)``, or ``action="code"`` handed on to it)
    is registered with its label; read from the source with ``ast``, so it runs outside a git checkout too."""
    import ast
    from pathlib import Path

    from referees.audit_actions import ACTIONS

    root = Path(__file__).resolve().parents[2]
    skip = {"tests", "bench", "migrations", ".venv", "venv", "var", "mutants", "node_modules"}
    actions = set()
    for path in root.rglob("*.py"):
        if skip & set(path.relative_to(root).parts[:-1]) or any(p.startswith(".") for p in path.relative_to(root).parts):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name == "log_action" and len(node.args) > 1:
                code = node.args[1]
            else:
                code = next((k.value for k in node.keywords if k.arg == "action"), None)
            if isinstance(code, ast.Constant) and isinstance(code.value, str) and "." in code.value:
                actions.add(code.value)
    assert {"protocol.deal.recorded", "round.paired", "tournament.imported"} <= actions
    assert actions - set(ACTIONS) == set()
    assert all(str(ACTIONS[code].label) for code in actions)


def test_officials_are_shown_surname_first_as_the_form_asks(client, table):
    """«Фамилия и имя» is asked; the officials' pages and the header say it in that order."""
    from tournaments.names import person_name

    role = officials.create_official(table.organizer, table.tournament, **_official(table))
    assert person_name(role.user) == "Васин Василий"
    client.force_login(table.organizer)
    html = client.get(reverse("tournaments:officials", args=[table.tournament.slug])).content.decode()
    assert "Васин Василий" in html and "Василий Васин" not in html
    client.force_login(role.user)
    assert "Васин Василий" in client.get("/").content.decode()  # the header
    assert person_name(type(role.user)(username="nobody")) == "nobody" and person_name(None) == ""


def test_one_page_for_the_officials_and_one_for_signing_the_old_address_leads_to_signing(table, client):
    """The officials (new and existing accounts, tables, passwords, lockouts) on one page; the signing method,
    the PINs and the players' accounts on the other; the former «accounts» address redirects there."""
    client.force_login(table.organizer)
    slug = table.tournament.slug
    old = client.get(reverse("referees:accounts", args=[slug]), {"q": "петров"})
    assert old.status_code == 302 and old["Location"] == reverse("referees:signing", args=[slug]) + "?q=" + quote("петров")
    assert client.get("/referee/t/no-such-cup/accounts/").status_code == 404
    officials_page = client.get(reverse("tournaments:officials", args=[slug])).content.decode()
    for action in (reverse("tournaments:add_official", args=[slug]),
                   reverse("tournaments:role_action", args=[slug, _role(table, "table2").pk, "tables"]),
                   reverse("tournaments:reset_password", args=[slug, _role(table, "table2").pk])):
        assert f'action="{action}"' in officials_page
    assert reverse("referees:player_pins", args=[slug]) not in officials_page
    assert reverse("referees:signing", args=[slug]) in officials_page
    signing = client.get(reverse("referees:signing", args=[slug])).content.decode()
    for action in (reverse("referees:signing_settings", args=[slug]), reverse("referees:player_pins", args=[slug]),
                   reverse("referees:player_accounts", args=[slug])):
        assert f'action="{action}"' in signing
    assert reverse("tournaments:add_official", args=[slug]) not in signing
    assert reverse("tournaments:officials", args=[slug]) in signing
    r = client.post(reverse("tournaments:add_official", args=[slug]), _official(table, tables="2"))
    assert r.status_code == 302 and r["Location"] == reverse("tournaments:officials", args=[slug]) + "#officials"


def test_no_local_name_fold_shadows_the_house_one():
    assert not hasattr(accounts, "name_key") and accounts.fold is names.fold
    assert officials.name_key is names.name_key and officials.fold is names.fold
