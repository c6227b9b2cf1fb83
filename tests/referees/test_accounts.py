"""Accounts of a tournament: who may create and change them (every account service and both pages), the audit
that names the accounts and never the passwords, the officials' page and the signing page together.
The officials are tested in test_accounts_officials.py, the players' accounts in test_accounts_players.py."""
from urllib.parse import quote

import pytest
from django.urls import reverse

from access import accounts, officials
from access.errors import NotAllowed
from access.models import RoleKind, TournamentRole
from audit.models import AuditEntry
from core import names
from tournaments.models import Tournament

from .accounts_helpers import NEW_PASSWORD, _official, _pair1_player, _role, _state


def _other_organizer(django_user_model):
    user = django_user_model.objects.create_user("other-org", password="x-domino-2026")
    TournamentRole.objects.create(tournament=Tournament.objects.get(slug="other-cup"), user=user,
                                  role=RoleKind.ORGANIZER)
    return user


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


def test_every_audited_action_has_a_label():
    """Every action code the code writes (``log_action(t, "code", …)``, or ``action="code"`` handed on to it)
    is registered with its label; read from the source with ``ast``, so it runs outside a git checkout too."""
    import ast
    from pathlib import Path

    from audit.actions import ACTIONS

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
