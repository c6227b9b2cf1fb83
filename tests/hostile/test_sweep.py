"""Every page of the project, attacked with hostile values in the URL, the query string and the POST body.

Whoever asks (nobody, a player, a referee, the organizer), the answer is a page, a
redirect, a 400, 403, 404, 405, 409 or 422 — never a server error.
"""
import re

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from access.models import RoleKind, TournamentRole

from .conftest import HOSTILE, HOSTILE_IDS

# Every name a form of the project posts (a view reads only its own).
FIELDS = [
    "n", "version", "correct", "result", "out", "offender", "seat", "reason", "deal", "note", "confirm_disqualification",
    "side", "first_lead", "password", "role", "full_name", "username", "tables", "number", "note", "seed",
    "override_reason", "pair_x", "pair_y", "name", "rating", "language", "next", "table", "at", "clear", "how", "back", "kind", "device", "queued",
    *(f"hand_{s}" for s in ("A1", "A2", "B1", "B2")), *(f"tiles_{s}" for s in ("A1", "A2", "B1", "B2")),
    *(f"player{k}_{f}" for k in (1, 2) for f in ("name", "club", "rating", "federation_id", "person")),
    "person", "player", "other", "federation_id", "birth_year", "club", "city", "shown", "q",
    *(f"player{k}_{f}" for k in (1, 2) for f in ("city", "birth_year")), "contact", "website",
    "action", "opens_at", "closes_at", "limit", "ask_club", "ask_city", "ask_birth_year", "ask_contact",
    "approval_required",
]
QUERY = ["after", "page", "q", "correct", "sort", "per_page", "round"]
SKIPPED = ("admin/",)  # Django's own admin: its pages are Django's to secure
CONVERTER = re.compile(r"<(?:(\w+):)?(\w+)>")


# Who gets which values (GET query, POST body): everything for the anonymous visitor's GETs and for the
# officials, a sample for the rest (an anonymous POST ends at the login page whatever it holds).
SAMPLE = ["abc", "1" + "0" * 30, "²", "x" * 10_000]
SWEEP = {"anonymous": (HOSTILE, SAMPLE[:2]), "players": (SAMPLE, SAMPLE), "referee": (SAMPLE, HOSTILE),
         "organizer": (HOSTILE, HOSTILE)}


def patterns(resolvers=None, prefix=""):
    for p in resolvers if resolvers is not None else get_resolver().url_patterns:
        route = prefix + str(p.pattern)
        if isinstance(p, URLResolver):
            yield from patterns(p.url_patterns, route)
        elif isinstance(p, URLPattern):
            yield route, p.name


def valid_values(world):
    role = TournamentRole.objects.get(tournament=world.tournament, user=world.referee, role=RoleKind.REFEREE)
    return {
        "slug": "cup", "partie_id": world.partie.pk, "player_id": world.partie.pair_a.players.first().pk,
        "role_id": role.pk, "remark_id": 1, "n": 1, "number": 2, "round_number": 2, "pair_id": world.partie.pair_a.pk,
    }


def fill(route, values, hostile_name=None, hostile_value=None):
    def one(m):
        kind, name = m.group(1), m.group(2)
        if name == hostile_name:
            return hostile_value
        if name == "action":
            return "tables" if "role" in route else "publish"
        if name not in values:  # a page added later: an id of 1, the slug of the tournament
            return "cup" if kind in ("slug", "str", None) else "1"
        return str(values[name])
    return "/" + CONVERTER.sub(one, route)


def urls(world):
    """(url, hostile?) for every pattern: the valid address, then each integer replaced by hostile ones."""
    values = valid_values(world)
    for route, _name in patterns():
        if route.startswith(SKIPPED):
            continue
        yield fill(route, values), False
        for m in CONVERTER.finditer(route):
            if m.group(1) in ("id", "num", "int"):
                for bad in HOSTILE_IDS:
                    yield fill(route, values, m.group(2), bad), True
            elif m.group(1) in ("slug", None):
                yield fill(route, values, m.group(2), "x" * 300), True


def clients(world):
    yield "anonymous", Client()
    for who in ("players", "referee", "organizer"):
        client = Client()
        user = world.players["A1"] if who == "players" else getattr(world, who)
        client.force_login(user)
        yield who, client


def attempt(failures, who, method, url, call):
    try:
        response = call()
    except Exception as exc:  # noqa: BLE001 - any escaping exception is exactly what the test looks for
        failures.append(f"{who} {method} {url[:120]}: {type(exc).__name__}: {str(exc)[:200]}")
        return
    if response.status_code >= 500:
        failures.append(f"{who} {method} {url[:120]}: status {response.status_code}")


@pytest.mark.django_db(transaction=False)
def test_no_page_answers_hostile_input_with_a_server_error(world):
    failures = []
    addresses = list(urls(world))
    assert len(addresses) > 60  # the sweep really found the project's pages
    for who, client in clients(world):
        for url, hostile in addresses:
            if hostile:
                attempt(failures, who, "GET", url, lambda: client.get(url))
                attempt(failures, who, "POST", url, lambda: client.post(url, {f: "1" for f in FIELDS}))
                continue
            gets, posts = SWEEP[who]
            for value in gets:
                query = {q: value for q in QUERY}
                attempt(failures, who, "GET", f"{url}?{value[:20]!r}", lambda: client.get(url, query))
            for value in posts:
                data = {f: value for f in FIELDS}
                attempt(failures, who, "POST", f"{url} {value[:20]!r}", lambda: client.post(url, data))
    assert not failures, f"{len(failures)} server errors:\n" + "\n".join(failures[:40])


def test_every_integer_in_a_url_is_bounded():
    """``<int:…>`` takes 10**30, which no database stores: the project's patterns use ``<id:…>`` / ``<num:…>``."""
    unbounded = [route for route, _name in patterns() if "<int:" in route and not route.startswith(SKIPPED)]
    assert unbounded == []


# The fields of each form, with a value the form accepts: the sweep spoils one field at a time,
# so that every other check of the form passes and the spoiled value reaches as deep as it can.
FORMS = {
    "deal_save": {"n": "1", "version": "", "result": "block", "hand_A1": "5", "hand_A2": "6", "hand_B1": "7",
                  "hand_B2": "8", "tiles_A1": "", "out": "", "offender": "", "correct": ""},
    "deal_preview": {"n": "1", "result": "domino", "out": "A1", "hand_A2": "5", "hand_B1": "7", "hand_B2": "8",
                     "tiles_B2": "6-6 0-1", "version": ""},
    "remark_save": {"seat": "A1", "reason": "talking", "deal": "1", "note": "", "version": "",
                    "confirm_disqualification": ""},
    "remark_withdraw": {"reason": "ошибка", "version": ""},
    "remark_preview": {"seat": "A1"},
    "no_show": {"side": "A", "version": ""},
    "time_up": {"version": "", "how": "finish_deal"},
    "first_lead": {"first_lead": "A1", "version": ""},
    "sign": {"role": "player", "seat": "A1", "password": "x"},
    "reopen": {"reason": "ошибка в раздаче"},
    "add_official": {"full_name": "Судьин Семён", "username": "judge", "password": "secret-1", "role": "referee",
                 "tables": "1, 2"},
    "role_action": {"tables": "1-3"},
    "player_account": {"username": "pl", "password": "secret-1"},
    "pair_add": {"player1_name": "Иванов", "player1_club": "", "player1_rating": "1500", "player2_name": "Петров",
                 "player2_club": "", "player2_rating": "", "name": "", "rating": "3000", "player1_federation_id": "",
                 "player2_federation_id": "RU-1", "player1_person": "new"},
    "link": {"player": "1", "person": "new"},
    "manual_number": {"number": "20"},
    "withdraw": {"note": "болезнь"},
    "draw_run": {"seed": "42"},
    "pair_round": {"override_reason": ""},
    "swap": {"pair_x": "1", "pair_y": "2"},
    "clock_table": {"table": "1", "at": "19:05", "clear": "", "back": "round"},
    "queue_entry": {"kind": "deal", "form_key": "k" * 24, "n": "1", "version": "0", "result": "domino", "out": "A1",
                    "hand_A2": "5", "hand_B1": "7", "tiles_B2": "6-6 0-1", "correct": "", "seat": "A1", "pin": "1234"},
    "device_report": {"device": "d" * 24, "queued": "1", "refused": "1"},
    "login": {"username": "organizer", "password": "x"},
    "set_language": {"language": "en", "next": "/"},
}
REFEREE_PAGES = {"deal_save", "deal_preview", "remark_save", "remark_withdraw", "remark_preview", "no_show", "time_up",
                 "first_lead", "sign", "queue_entry", "device_report"}


@pytest.mark.django_db
def test_every_form_field_refuses_hostile_values_without_a_server_error(world):
    values = valid_values(world)
    routes = {name: route for route, name in patterns() if not route.startswith(SKIPPED)}
    assert set(FORMS) <= set(routes)
    failures, sent = [], 0
    referee, organizer = Client(), Client()
    referee.force_login(world.referee)
    organizer.force_login(world.organizer)
    for name, base in FORMS.items():
        client = referee if name in REFEREE_PAGES else organizer
        if name == "reopen":
            client = Client()
            client.force_login(world.chief)
        url = fill(routes[name], values)
        if name == "reopen":
            url = url.replace(f"/{world.partie.pk}/", f"/{world.signed.partie_id}/")
        for field in base:
            for value in HOSTILE:
                data = {**base, field: value}
                attempt(failures, name, "POST", f"{url} {field}={value[:20]!r}", lambda: client.post(url, data))
                sent += 1
    assert sent > 500
    assert not failures, f"{len(failures)} server errors:\n" + "\n".join(failures[:40])
