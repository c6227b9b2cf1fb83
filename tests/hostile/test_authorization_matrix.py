"""Who may change what: every routed address × GET and POST × every role that holds no right there.

The addresses are the URL resolver's (``test_sweep.patterns``), their parameters filled from real objects of
a pairs, an individual and a team tournament (each published, with a round paired) and of a tournament whose
online registration is open. A POST carries the fields of the form that the person entitled to the address
is shown for it (its text fields changed), so that only the missing right stands between the request and a
write. Each request runs in a transaction rolled back afterwards: the cases do not change each other's world.

``RIGHTS`` says who is entitled where; a role of the walk that holds none of those rights at an address must
leave every row of the database as it was, whatever it sends. Then the organizer of another tournament (B,
and his team event B2) attaches other people's accounts to his own events as referees — a player's, a
captain's and the organizer's of A, the federation administrator's — and sends everything his own pages
take, the new password («Новый пароль») and the lifting of lockouts included: their passwords, names,
groups, lockouts, and those of the address that tried them all, must stay as they were.
"""
from __future__ import annotations

import datetime
import hashlib
import re
import time
from collections import defaultdict
from contextlib import contextmanager
from html.parser import HTMLParser
from http.cookies import SimpleCookie
from urllib.parse import urljoin, urlsplit

import pytest
from axes.models import AccessAttempt, AccessAttemptExpiration, AccessFailureLog, AccessLog
from django.apps import apps
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.contrib.sessions.models import Session
from django.db import connection, transaction
from django.db.models.signals import post_save
from django.test import Client
from django.utils import timezone

from access.accounts import link_player_account
from access.models import RoleKind, TournamentRole
from access.officials import create_official
from access.permissions import FEDERATION_ADMINS
from events.services import publish_round
from events.views.clock import CLOCK_ACTIONS
from events.views.organizer import ROUND_ACTIONS
from events.views.setup import PACK
from people.models import Person
from registry.duplicates import mark_two_people
from registry.merges import merge_persons
from registry.rating_services import publish_snapshot
from signup import codes
from signup.organizer import open_registration
from signup.services import submit_entry
from teams.captains import create_captain
from teams.models import Captain
from teams.rounds import pair_team_round
from tests.factories import make_round, make_tournament, player_name
from tests.individual_tables import individual_event
from tests.referees.conftest import DEALS, PASSWORD
from tests.reports.conftest import play
from tests.teams.conftest import make_team_event
from tournaments.models import Partie, Player, Tournament

from .test_sweep import CONVERTER, FIELDS, FORMS, SKIPPED, fill, patterns

pytestmark = pytest.mark.axes  # login throttling on, as on a served site: the lockouts are part of what is checked

# --- who is entitled where ------------------------------------------------------------------------------------
# What a person holds in the tournament (and partie, team) an address is about, read from the rows themselves
# (roles, links of players, captaincies, the group), not from the permission functions under test.
ANYONE = "anyone"  # whoever asks, logged in or not
ACCOUNT = "account"  # any logged-in person, for what is his own
ORGANIZER, CHIEF, REFEREE = "organizer", "chief referee", "referee"  # of the tournament (a referee: any table)
TABLE_REFEREE, TABLE_PLAYER = "referee of the table", "player of the table"  # of the partie in the address
CAPTAIN, FEDERATION = "captain", "federation administrator"
# An organizer acts as the chief referee, and the chief referee as the referee of every table.
IMPLIED = {RoleKind.ORGANIZER: {ORGANIZER, CHIEF, REFEREE, TABLE_REFEREE},
           RoleKind.CHIEF_REFEREE: {CHIEF, REFEREE, TABLE_REFEREE}}

# (path pattern, who may write there): the first pattern that matches the route (``<slug>``, ``<id>``, ``<num>``
# stand for any parameter of that kind) decides. A role holding none of these has no right at the address:
# its GET and its POST must change no row. The last line makes every other address a page that only reads.
RIGHTS = [
    # Open on purpose (their own checks, not a role, keep them safe; each writes only the visitor's own):
    (r"i18n/", {ANYONE}),  # the visitor's language, in his cookie
    (r"login/$|logout/$", {ANYONE}),  # the visitor's own session; axes counts a wrong password (not snapshotted)
    (r"password/", {ACCOUNT}),  # one's own password, the old one asked first
    (r"t/<slug>/register/", {ANYONE}),  # the public registration form; an entry opened by its secret code
    (r"referee/partie/<id>/sign/phone/$", {ANYONE}),  # a player signs his own seat with his PIN (no login)
    # The tournament's officials (an organizer or the chief referee may do what the referees do):
    (r"t/<slug>/check-in/|t/<slug>/manage/registration/entries/<id>/check-in/$", {REFEREE}),  # arrivals
    (r"t/<slug>/manage/registry/$", {ORGANIZER, FEDERATION}),  # linking the players to the registry
    (r"t/<slug>/manage/rounds/<num>/clock/", {CHIEF}),  # the round's clock
    (r"t/<slug>/manage/", {ORGANIZER}),  # the rest of the organizer's pages: entrants, rounds, officials, …
    (r"referee/t/<slug>/lockouts/", {CHIEF}),  # (the chief referee: only his referees' lockouts)
    (r"referee/t/<slug>/(signing|hall/layout)/", {ORGANIZER}),
    (r"referee/partie/<id>/(reopen|clear)/$", {CHIEF}),
    (r"referee/partie/<id>/", {TABLE_REFEREE, TABLE_PLAYER}),  # the players confirm and sign their own seats
    (r"t/<slug>/teams/captain/$", {CAPTAIN}),  # a captain's own team's line-up
    (r"players/|rating/(publish|tournaments)/", {FEDERATION}),  # the registry's persons, merges, monthly lists
    (r".*", set()),  # standings, pairings, protocols, PDFs, the API, the dashboards: they only read
]
PARAMETER = re.compile(r"<(?:(\w+):)?\w+>")


def rights_at(route: str) -> set:
    shape = PARAMETER.sub(lambda m: f"<{m.group(1) or 'str'}>", route)
    for pattern, entitled in RIGHTS:
        if re.match(pattern, shape):
            return entitled
    raise AssertionError(route)  # unreachable: the last pattern matches everything


# --- what the snapshot leaves out, and why ---------------------------------------------------------------------
# Only rows that legitimately change on any request, whoever sends it: the session (a login, a logout, a
# message kept for the next page) and axes' bookkeeping of login attempts (a wrong password on the login page
# or on a table's device adds or counts a row of AccessAttempt and AccessFailureLog; a login adds AccessLog).
# The lockouts set up before the walk are checked apart: those AccessAttempt rows must stay as they are
# (``locked_rows``), only rows added by the request's own failed login are let through. The cache is in files,
# not in the database.
UNSNAPSHOTTED = {Session, AccessAttempt, AccessAttemptExpiration, AccessFailureLog, AccessLog}


def tables() -> list[str]:
    return sorted({m._meta.db_table for m in apps.get_models(include_auto_created=True) if m not in UNSNAPSHOTTED})


def snapshot(names) -> dict[str, str]:
    """A hash of each table's rows (sorted: the order a table is read in is not its content)."""
    digests = {}
    with connection.cursor() as cursor:
        for name in names:
            cursor.execute(f"SELECT * FROM {connection.ops.quote_name(name)}")
            digests[name] = hashlib.sha1("\n".join(sorted(map(repr, cursor.fetchall()))).encode()).hexdigest()
    return digests


def locked_rows(ids) -> dict:
    return {a.pk: (a.username, a.ip_address, a.failures_since_start) for a in AccessAttempt.objects.filter(pk__in=ids)}


def writes_so_far() -> int | None:
    """How many rows this connection has written (SQLite): unchanged, nothing was written and nothing needs
    comparing. None elsewhere: every request is then compared table by table."""
    if connection.vendor != "sqlite":
        return None
    with connection.cursor() as cursor:
        cursor.execute("SELECT total_changes()")
        return cursor.fetchone()[0]


# --- the forms of the pages ------------------------------------------------------------------------------------
class FormReader(HTMLParser):
    """The POST forms of a page: their action and the fields a browser would send."""

    TEXT = {"text", "search", "email", "url", "tel", "password"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.forms, self.form, self.select, self.textarea, self.radios = [], None, None, None, {}

    def handle_starttag(self, tag, attrs):
        a = {k: (v if v is not None else "") for k, v in attrs}
        if tag == "form":
            self.form = {"method": (a.get("method") or "get").lower(), "action": a.get("action", ""),
                         "fields": [], "button": None}
            self.forms.append(self.form)
            self.radios = {}
            return
        if self.form is None or (tag in ("input", "select", "textarea", "button") and "disabled" in a):
            return
        name = a.get("name")
        if tag == "input" and name:
            kind = (a.get("type") or "text").lower()
            if kind == "submit":
                self.form["button"] = self.form["button"] or (name, a.get("value", ""))
            elif kind == "radio":
                if "checked" in a or name not in self.radios:
                    self.radios[name] = a.get("value", "on")
            elif kind == "checkbox":
                if "checked" in a:
                    self.form["fields"].append((name, a.get("value", "on"), kind))
            elif kind not in ("file", "image", "reset", "button"):
                self.form["fields"].append((name, a.get("value", ""), kind))
        elif tag == "button" and name and (a.get("type") or "submit") == "submit":
            self.form["button"] = self.form["button"] or (name, a.get("value", ""))
        elif tag == "select" and name:
            self.select = {"name": name, "first": None, "chosen": None}
        elif tag == "option" and self.select is not None:
            value = a.get("value", "")
            if "selected" in a:
                self.select["chosen"] = value
            if self.select["first"] is None and value:
                self.select["first"] = value
        elif tag == "textarea" and name:
            self.textarea = [name, ""]

    def handle_data(self, data):
        if self.textarea is not None:
            self.textarea[1] += data

    def handle_endtag(self, tag):
        if self.form is None:
            return
        if tag == "select" and self.select is not None:
            chosen = self.select["chosen"] if self.select["chosen"] is not None else self.select["first"]
            if chosen is not None:
                self.form["fields"].append((self.select["name"], chosen, "select"))
            self.select = None
        elif tag == "textarea" and self.textarea is not None:
            self.form["fields"].append((self.textarea[0], self.textarea[1].strip(), "text"))
            self.textarea = None
        elif tag == "form":
            self.form["fields"] += [(n, v, "radio") for n, v in self.radios.items()]
            self.form = None


NEW_TEXT = {"username": "intruder7", "password": "Vzlom-2026-Parol", "password1": "Vzlom-2026-Parol",
            "password2": "Vzlom-2026-Parol", "new_password1": "Vzlom-2026-Parol", "new_password2": "Vzlom-2026-Parol",
            "email": "intruder@example.org"}
WORDS = re.compile(r"name|club|city|venue|note|reason|comment")  # fields that take words, filled when empty


def changed(name: str, value: str, k: int) -> str:
    """The new value of the ``k``-th field, of the kind a person would type there; an empty field that takes
    words gets a name (a different one for each field: two players of a pair are two people), another stays
    empty (it is optional, or a number the page leaves to the person)."""
    short = name.rsplit("-", 1)[-1]
    if short in NEW_TEXT:
        return NEW_TEXT[short]
    if value.strip().isdigit():
        return str(int(value) + 1)
    if re.fullmatch(r"[\w.-]+", value, re.ASCII):
        return f"{value}-2"
    if value:
        return f"{value} Второй"
    return player_name(k) if WORDS.search(short) else ""


def body_of(form) -> tuple[dict, set]:
    """What a browser sends (text fields changed), and the names it carries hidden with a value (a version, a
    form's key, the way back), which no known body replaces."""
    data, hidden = defaultdict(list), set()
    for k, (name, value, kind) in enumerate(form["fields"]):
        data[name].append(changed(name, value, k) if kind in FormReader.TEXT else value)
        if kind == "hidden" and value:
            hidden.add(name)
    if form["button"]:
        data[form["button"][0]].append(form["button"][1])
    data.setdefault("confirmed", ["1"])  # the second step of the pages that ask «are you sure?»
    return dict(data), hidden


def read_forms(response, page_path: str, found: dict) -> None:
    """Every POST form of an HTML answer, by the path it posts to (the first form for each path)."""
    if "html" not in response.get("Content-Type", ""):
        return
    reader = FormReader()
    reader.feed(response.content.decode("utf-8", "replace"))
    for form in reader.forms:
        if form["method"] == "post":
            target = urlsplit(urljoin(page_path, form["action"] or page_path))
            found.setdefault(target.path, (target.path + (f"?{target.query}" if target.query else ""),
                                           *body_of(form)))


GENERIC = {f: "1" for f in FIELDS}


def known_bodies(w) -> dict:
    """Bodies that pass the forms' checks, by the address's name: the sweep's, and those a page shows only
    after a search or a choice (an existing account to attach, another person to merge with)."""
    return {**FORMS, "officials": {"account": str(w.nobody.pk), "role": "referee", "tables": ""},
            "merge": {"other": str(w.other_person.pk), "note": "одно лицо"},
            "hall_layout": {"rows": "2", "columns": "4"}}


def post_body(case, forms, known) -> tuple[str, dict]:
    """The address and body of a case's POST: the form its owner is shown, with the known values of its name
    over it (except what the form carries hidden); the sweep's every field when no form is known."""
    url, data, hidden = forms.get(case.url, (case.url, {"confirmed": ["1"]}, set()))
    extra = known.get(case.name, GENERIC if case.url not in forms else {})
    return url, data | {k: [v] for k, v in extra.items() if k not in hidden}


# --- the world -------------------------------------------------------------------------------------------------
@contextmanager
def organizing(user):
    """``user`` organizes every tournament created meanwhile (as the one who creates a tournament does)."""
    def grant(sender, instance, created, **kwargs):
        if created:
            TournamentRole.objects.get_or_create(tournament=instance, user=user, role=RoleKind.ORGANIZER)

    post_save.connect(grant, sender=Tournament, weak=False, dispatch_uid="authorization-matrix")
    try:
        yield
    finally:
        post_save.disconnect(sender=Tournament, dispatch_uid="authorization-matrix")


class World:
    """The tournaments, the people and the values the addresses are filled with."""


def account(username, **extra):
    return get_user_model().objects.create_user(username, password=PASSWORD, **extra)


def link(user, player):
    player.user = user
    player.save(update_fields=["user"])
    TournamentRole.objects.get_or_create(tournament=player.pair.tournament, user=user, role=RoleKind.PLAYER)


def build(world) -> World:
    """``world`` (tests/hostile/conftest: the pairs cup, round 1 signed at table 1, round 2 published, every role)
    with an individual and a team event, a registration, the registry, another tournament and its officials."""
    w = World()
    w.cup, w.org = world.tournament, world.organizer
    w.signed = world.signed.partie
    w.partie = world.partie  # round 2, table 1, pairs 3 and 7: two deals entered and a remark
    play(world.round2, 1, DEALS[:2], remarks=[{"deal": 1, "player": "A1", "reason": "talking"}])
    w.remark = w.partie.protocol.remarks.get()
    with organizing(w.org):
        w.solo, solo_round = individual_event(slug="solo-cup")
        w.teams = make_team_event(w.org, 4, slug="team-cup")
        publish_round(w.org, pair_team_round(w.org, w.teams))
        w.reg = make_tournament(0, slug="reg-cup", numbered=False)
    w.solo_partie = solo_round.parties.get(table=1)
    w.team_partie = Partie.objects.filter(round__tournament=w.teams, table=1).get()
    now = timezone.now()
    open_registration(w.org, w.reg, opens_at=now - datetime.timedelta(hours=1),
                      closes_at=now + datetime.timedelta(days=1), limit=4, ask_club=True)
    w.entry, w.code = submit_entry(w.reg, {"player1_name": "Ершов Егор", "player2_name": "Жуков Иван",
                                           "player1_club": "Тверь"})
    # The people: a referee of table 2 in each event, a player of pair 6 (table 4: no table of the addresses),
    # a captain for teams 1 and 2, the federation's administrator, and the other tournament's officials.
    w.table2 = world.table2_referee
    for t in (w.solo, w.teams):
        TournamentRole.objects.create(tournament=t, user=w.table2, role=RoleKind.REFEREE, tables=[2])
    w.player = account("player6")
    link(w.player, Player.objects.get(pair__tournament=w.cup, pair__number=6, number=1))
    w.victim_player = world.players["A1"]
    w.captain = create_captain(w.org, w.teams.teams.get(number=1), username="captain1", full_name="Капитанов Пётр",
                               password="Kapitan-2026!").user
    w.captain2 = create_captain(w.org, w.teams.teams.get(number=2), username="captain2",
                                full_name="Вторых Олег", password="Kapitan-2026!").user
    w.federation = account("federation")
    w.federation.groups.add(Group.objects.get_or_create(name=FEDERATION_ADMINS)[0])
    w.other = Tournament.objects.get(slug="other-cup")  # tournament B: 4 pairs
    make_round(w.other, 1, [(1, 2), (3, 4)])
    w.other_partie = w.other.rounds.get().parties.get(table=1)
    w.other_org = account("org-b", first_name="Борис", last_name="Чужой")
    TournamentRole.objects.create(tournament=w.other, user=w.other_org, role=RoleKind.ORGANIZER)
    w.other_chief = world.foreign_referee  # chief referee of B
    w.nobody = world.nobody
    # The registry: two persons, a merge of a third into the second, a published month.
    first, second, third = (Person.objects.create(name=n, club="Тверь") for n in ("Ёлкин Пётр", "Сомов Ян", "Сомов Я."))
    w.person, w.other_person = first, Person.objects.create(name="Ёлкин П.")
    w.merge = merge_persons(w.federation, second, third, note="одно лицо")
    w.two_people = mark_two_people(w.federation, *(Person.objects.create(name="Ким Ли") for _k in range(2)))
    w.month = f"{(timezone.localdate().replace(day=1) - datetime.timedelta(days=1)):%Y-%m}"
    publish_snapshot(w.federation, w.month)
    return w


def lock_out(usernames, address_of, shared="203.0.113.66", times=1):
    """Each account locked from its own address, and one address locked for every account, having tried them all
    (``times`` the failures that lock an account, for each)."""
    rows = []
    for username in usernames:
        for ip in (address_of(username), shared):
            rows.append(AccessAttempt.objects.create(
                username=username, ip_address=ip, user_agent="matrix", http_accept="*/*", path_info="/login/",
                get_data="", post_data="", failures_since_start=settings.AXES_FAILURE_LIMIT * times))
    tried = AccessAttempt.objects.filter(ip_address=shared).values_list("failures_since_start", flat=True)
    assert sum(tried) >= settings.DOMINO_ADDRESS_FAILURE_LIMIT
    return [r.pk for r in rows]


# --- the addresses ---------------------------------------------------------------------------------------------
class Case:
    def __init__(self, route, name, url, tournament=None, partie=None):
        self.route, self.name, self.url, self.tournament, self.partie = route, name, url, tournament, partie
        self.entitled = rights_at(route)


# Parameters that name an action or a file: every value the view takes.
CHOICES = {
    "clock/<slug:action>/": ["pause", *CLOCK_ACTIONS], "rounds/<num:round_number>/<slug:action>/": list(ROUND_ACTIONS),
    "role/<id:role_id>/<slug:action>/": ["tables", "remove"], "<id:entry_id>/<slug:action>/": ["approve", "refuse"],
    "print/<slug:kind>.pdf": list(PACK), "rating.<str:kind>": ["xlsx", "pdf"],
    "entries/export/<slug:kind>/": ["xlsx", "csv"],
}
PARAMETERS = {"slug", "round_number", "number", "n", "partie_id", "remark_id", "sanction_id", "player_id", "pair_id", "role_id",
              "team_id", "match_number", "person_id", "merge_id", "month", "code", "token", "entry_id", "row_id"}


def values_of(t, partie, w, role=None) -> dict:
    rnd = partie.round
    entrant = partie.pair_a
    return {
        "slug": t.slug, "round_number": rnd.number, "number": entrant.number, "n": 1, "partie_id": partie.pk,
        # A sanction's address on a partie of another game: the rights are checked before the row is looked for.
        "remark_id": w.remark.pk, "sanction_id": w.remark.pk, "player_id": entrant.players.first().pk, "pair_id": entrant.pk,
        "role_id": (role or min(TournamentRole.objects.filter(tournament=t),  # a referee's rather than another's
                                key=lambda r: (r.role != RoleKind.REFEREE, r.pk))).pk,
        "team_id": (t.teams.get(number=1) if t.format == "teams" else w.teams.teams.get(number=1)).pk,
        "match_number": 1, "person_id": w.person.pk, "merge_id": w.merge.pk, "month": w.month, "code": w.code,
        "token": codes.checkin_token(w.code), "entry_id": w.entry.pk, "row_id": w.two_people.pk,
    }


def expand(route):
    for tail, choices in CHOICES.items():
        if route.endswith(tail):
            head, param = route[:-len(tail)], [*CONVERTER.finditer(tail)][-1].group(0)
            return [head + tail.replace(param, choice) for choice in choices]
    return [route]


def home_of(route, w):
    """The tournaments whose objects fill a route: the team pages the team event's, the registration the
    registration's, the rest each event's (and the signed partie for a partie's pages)."""
    if "<slug:slug>" not in route and "<id:partie_id>" not in route:
        return [(w.cup, w.partie)]
    if re.search(r"/teams[/.]", route):
        return [(w.teams, w.team_partie)]
    if re.search(r"/register/|/check-in/<|/manage/registration/", route):
        return [(w.reg, w.partie)]
    events = [(w.cup, w.partie), (w.solo, w.solo_partie), (w.teams, w.team_partie)]
    return events + [(w.cup, w.signed)] if route.startswith("referee/partie/") else events


def routes():
    return [(route, name) for route, name in patterns() if not route.startswith(SKIPPED)]


def cases_for(w, targets=None, roles=(None,)) -> list[Case]:
    cases = []
    for route, name in routes():
        for concrete in expand(route):
            unknown = {m.group(2) for m in CONVERTER.finditer(concrete)} - PARAMETERS
            assert not unknown, f"{route}: fill {unknown} from the world"
            for t, partie in targets(route) if targets else home_of(route, w):
                for role in roles if "<id:role_id>" in concrete else (None,):
                    url = fill(concrete, values_of(t, partie, w, role))
                    touches = "<slug:slug>" in concrete or "<id:partie_id>" in concrete
                    cases.append(Case(route, name, url, t if touches else None, partie if touches else None))
    unique = {c.url: c for c in cases}
    return list(unique.values())


class Holdings:
    """What a person holds at a case's address, read from the rows (one walk's memo)."""

    def __init__(self):
        self.memo = {}

    def __call__(self, user, case) -> set:
        if user is None:
            return {ANYONE}
        t, partie = case.tournament, case.partie
        key = (user.pk, t and t.pk, partie and partie.pk)
        if key not in self.memo:
            self.memo[key] = self.read(user, t, partie)
        return self.memo[key]

    @staticmethod
    def read(user, t, partie) -> set:
        kinds = {ANYONE, ACCOUNT}
        if user.groups.filter(name=FEDERATION_ADMINS).exists():
            kinds.add(FEDERATION)
        if t is None:
            return kinds
        for role, tables in TournamentRole.objects.filter(user=user, tournament=t).values_list("role", "tables"):
            kinds |= IMPLIED.get(role, set())
            if role == RoleKind.REFEREE:
                kinds.add(REFEREE)
                if partie is not None and (not tables or partie.table in tables):
                    kinds.add(TABLE_REFEREE)
        if Captain.objects.filter(user=user, team__tournament=t).exists():
            kinds.add(CAPTAIN)
        if partie is not None and partie.round.tournament_id == t.pk:
            entrants = [e for e in (partie.pair_a_id, partie.pair_b_id, partie.partner_a_id, partie.partner_b_id) if e]
            if Player.objects.filter(pair_id__in=entrants, user=user).exists():
                kinds.add(TABLE_PLAYER)
        return kinds


# --- sending ---------------------------------------------------------------------------------------------------
def client_for(user) -> Client:
    client = Client(raise_request_exception=False)
    if user is not None:
        client.force_login(user)
    return client


def send(client, method, url, data, check):
    """One request, its writes rolled back (the client keeps its cookies: a logout or a login is undone too);
    returns the response and what ``check`` finds it wrote (None: nothing)."""
    cookies = SimpleCookie(client.cookies.output(header="", sep="\n"))
    with transaction.atomic():
        before = writes_so_far()
        response = client.get(url) if method == "GET" else client.post(url, data or {})
        written = None if before is not None and writes_so_far() == before else check()
        transaction.set_rollback(True)
    client.cookies = cookies
    return response, written


def nothing():
    return None


def changed_tables(locks):
    """A check: the tables (and lockouts) that differ from the world as it was when the check was made."""
    names = tables()
    baseline, locks_before = snapshot(names), locked_rows(locks)

    def differences():
        now = snapshot(names)
        found = [t for t in names if now[t] != baseline[t]]
        if locked_rows(locks) != locks_before:
            found.append("axes_accessattempt (the lockouts set up before)")
        return ", ".join(found) or None

    return differences


def harvest(cases, owner_of) -> dict:
    """The forms each address's owner is shown (``owner_of``: his client), by the path they post to."""
    forms = {}
    for case in cases:
        response, _written = send(owner_of(case), "GET", case.url, None, nothing)
        read_forms(response, case.url, forms)
    return forms


def requests_of(case, forms, known):
    yield "GET", case.url, None
    if not case.url.endswith((".pdf", ".xlsx", ".js")):  # a file is only read: a POST to it is a 405
        yield ("POST", *post_body(case, forms, known))


def walk(cases, clients, requests, check, failures, *, entitled=lambda role, case: False) -> tuple[int, int]:
    """Every case × GET and POST × every role not entitled to it; a request that wrote is a failure. Returns
    the requests sent and the (case, role) pairs left out, the role being entitled there."""
    sent = skipped = 0
    for role, client in clients.items():
        for case in cases:
            if entitled(role, case):
                skipped += 1
                continue
            for method, url, data in requests(case):
                response, written = send(client, method, url, data, check)
                sent += 1
                if written:
                    failures.append(f"{role}: {method} {url} → {response.status_code}, changed {written}")
    return sent, skipped


@pytest.fixture
def matrix(world):
    w = build(world)
    w.locked = [world.referee, w.table2, w.victim_player, w.captain, w.org, w.other_chief, w.federation]
    w.locks = lock_out([u.get_username() for u in w.locked], lambda username: f"198.51.100.{len(username)}")
    return w


def test_no_role_changes_a_row_where_it_has_no_right(matrix):
    w, started = matrix, time.monotonic()
    cases = cases_for(w)
    assert len(cases) > 300  # the walk really reached the project's addresses
    roles = {"anonymous": None, "player": w.player, "referee of another table": w.table2,
             "organizer of another tournament": w.other_org, "chief referee of another tournament": w.other_chief,
             "captain of another team": w.captain2, "federation administrator": w.federation, "no role": w.nobody}
    clients = {role: client_for(user) for role, user in roles.items()}  # logged in before the snapshot is taken
    owners = {"organizer": client_for(w.org), "captain": client_for(w.captain), "anyone": clients["anonymous"],
              "federation": clients["federation administrator"]}

    def owner_of(case):  # someone entitled to the address: his pages show its forms
        if ANYONE in case.entitled:
            return "anyone"
        return "captain" if CAPTAIN in case.entitled else "federation" if case.entitled == {FEDERATION} else "organizer"

    forms, known = harvest(cases, lambda case: owners[owner_of(case)]), known_bodies(w)
    assert len(forms) > 60  # the owners' pages really showed their forms
    check = changed_tables(w.locks)
    # The bodies are worth sending: many of them write when the one entitled sends them.
    effective = sum(bool(send(owners[owner_of(case)], "POST", *post_body(case, forms, known), check)[1])
                    for case in cases if case.entitled - {ANYONE, ACCOUNT})
    assert effective > 60
    holdings, failures = Holdings(), []
    sent, skipped = walk(cases, clients, lambda case: requests_of(case, forms, known), check, failures,
                         entitled=lambda role, case: bool(holdings(roles[role], case) & case.entitled))
    print(f"{len(cases)} addresses × {len(roles)} roles: {sent} requests, {skipped} pairs where the role is "
          f"entitled; {len(forms)} forms, {effective} writing for their owner; {time.monotonic() - started:.0f} s")
    assert not failures, f"{len(failures)} requests without a right changed rows:\n" + "\n".join(failures[:80])


# --- the organizer of another tournament and the accounts he attaches --------------------------------------------
def victims_rows(victims, locks):
    """What is a person's own: his account's row, his groups, the lockouts of his account and of the address."""
    User = get_user_model()
    ids = [v.pk for v in victims]
    users = {row[0]: row[1:] for row in User.objects.filter(pk__in=ids).values_list(
        "pk", "username", "password", "is_active", "first_name", "last_name", "email", "is_staff", "is_superuser")}
    groups = sorted(User.groups.through.objects.filter(user_id__in=ids).values_list("user_id", "group_id"))
    return users, groups, locked_rows(locks)


def victims_check(victims, locks):
    before = victims_rows(victims.values(), locks)
    name_of = {v.pk: k for k, v in victims.items()} | {v.get_username(): k for k, v in victims.items()}

    def differences():
        users, groups, attempts = victims_rows(victims.values(), locks)
        found = [f"the account of the {name_of[pk]}" for pk in users if users[pk] != before[0].get(pk)]
        if groups != before[1]:
            found.append("the groups")
        for pk, (username, ip, _n) in before[2].items():  # his own lockouts (those of B's people are B's)
            if username in name_of and attempts.get(pk) != before[2][pk]:
                found.append(f"the lockout of the {name_of[username]} from {ip}")
        return ", ".join(found) or None

    return differences


def own_events(w):
    """Tournament B's organizer organizes a team event too, B2; a captain he made there is also, since, the
    account of a player of A (A's organizer linked it to his player: «уже есть учётная запись»)."""
    with organizing(w.other_org):
        w.other_teams = make_team_event(w.other_org, 4, slug="b-teams")
        publish_round(w.other_org, pair_team_round(w.other_org, w.other_teams))
    w.other_team_partie = Partie.objects.filter(round__tournament=w.other_teams, table=1).get()
    w.other_captain = create_captain(w.other_org, w.other_teams.teams.get(number=1), username="captain-b",
                                     full_name="Двойной Игорь", password="Kapitan-2026!").user
    link_player_account(w.org, w.cup, Player.objects.get(pair__tournament=w.cup, pair__number=8, number=1).pk,
                        w.other_captain.pk)
    w.own_referee = create_official(w.other_org, w.other, username="referee-b", full_name="Свой Судья",
                                    password="Sudya-2026-B", role=RoleKind.REFEREE).user
    return [(w.other, w.other_partie), (w.other_teams, w.other_team_partie)]


def test_an_organizer_takes_over_no_account_he_attaches_to_his_tournament(matrix):
    w, started = matrix, time.monotonic()
    events = own_events(w)
    victims = {"player of A": w.victim_player, "captain of A": w.captain, "federation administrator": w.federation,
               "organizer of A": w.org, "player of A captaining in B2": w.other_captain}
    w.locks += lock_out([w.other_captain.get_username(), w.own_referee.get_username()], lambda u: "198.51.100.99")
    w.locks += lock_out([w.own_referee.get_username()], lambda u: "192.0.2.20", shared="192.0.2.21", times=4)
    attacker = client_for(w.other_org)
    for t, _partie in events:
        for victim in (w.victim_player, w.captain, w.federation, w.org):  # «Существующая учётная запись»
            attacker.post(f"/t/{t.slug}/manage/officials/", {"account": victim.pk, "role": "referee", "tables": ""})
            if not TournamentRole.objects.filter(tournament=t, user=victim, role=RoleKind.REFEREE).exists():
                # refused at the door: the tie is made by hand, for the rules behind the door to be asked too
                TournamentRole.objects.create(tournament=t, user=victim, role=RoleKind.REFEREE)
    cases = []
    for t, partie in events:
        roles = list(TournamentRole.objects.filter(tournament=t).exclude(user=w.other_org))  # the victims' too
        cases += cases_for(w, lambda route, t=t, partie=partie: [(t, partie)] if "<slug:slug>" in route
                           or "<id:partie_id>" in route else [], roles)
    anonymous = client_for(None)
    forms, known = harvest(cases, lambda case: anonymous if ANYONE in case.entitled else attacker), known_bodies(w)
    check, failures = victims_check(victims, w.locks), []
    sent, _skipped = walk(cases, {"organizer of B": attacker}, lambda case: requests_of(case, forms, known), check,
                          failures)
    # His lockouts pages offer a form for each locked account of his events and each locked address (the walk
    # sent the first): each attached account's lockout, and the address that tried them and his own people.
    addresses = sorted({ip for _u, ip, _n in locked_rows(w.locks).values()})
    for t, _partie in events:
        lift = f"/referee/t/{t.slug}/lockouts/lift/"
        crafted = [{"username": v.get_username(), "back": "officials"} for v in victims.values()]
        for data in crafted + [{"address": ip} for ip in addresses]:
            response, written = send(attacker, "POST", lift, data, check)
            sent += 1
            if written:
                failures.append(f"organizer of B: POST {lift} {data} → {response.status_code}, changed {written}")
    # The same requests do their work on what is wholly his: his own referee's password, lockout and address.
    own = {"his referee": w.own_referee}
    own_check = victims_check(own, w.locks)
    reset = TournamentRole.objects.get(tournament=w.other, user=w.own_referee)
    lift = f"/referee/t/{w.other.slug}/lockouts/lift/"
    for url, data in ((f"/t/{w.other.slug}/manage/officials/password/{reset.pk}/", {}),
                      (lift, {"username": w.own_referee.get_username()}), (lift, {"address": "192.0.2.21"})):
        assert send(attacker, "POST", url, data, own_check)[1], f"{url} {data}: his own referee's, refused"
    print(f"{len(cases)} addresses of B and B2, {sent} requests in {time.monotonic() - started:.0f} s")
    assert not failures, f"{len(failures)} requests took over another's account:\n" + "\n".join(failures[:80])
