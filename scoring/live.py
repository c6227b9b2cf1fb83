"""Live pages polled by hundreds of phones: a per-tournament data version, ETags and cached fragments.

Every change the live pages show (a protocol written, a pair, round or table changed, a role given)
puts a new random stamp into the tournament's ``DataVersion`` row in the same transaction; so does every
audit entry, which catches the writes that send no model signal (bulk updates of a swap, a round closed
by ``update()``); the audit entry of a protocol write does not bump it again (its write did, in the same
transaction, and the bump still stands). A page's
ETag is that stamp plus what else its content depends on (path, language, user): a repeated poll is
answered ``304 Not Modified`` after one small query, and a fragment rendered once is served from the
shared cache to every device asking for the same thing until the next change.

Reading never writes: a tournament without its version row yet (imported rows send no signals) gets
a stamp of its own for this request only, uncached, until its first change writes the row. The cache
is an aid, never a condition: a cache that cannot be read or written (a full disk) is skipped with one
line in the log, and the page is rendered as if nothing were cached.
"""
from __future__ import annotations

import contextvars
import functools
import hashlib
import threading
import time
import uuid
import weakref

from django.conf import settings
from django.db import transaction
from django.db.models.signals import post_delete, post_save
from django.utils import timezone
from django.utils.cache import patch_cache_control
from django.utils.translation import get_language
from django.views.decorators.http import condition

from access.models import TournamentRole
from audit.models import AuditEntry
from tournaments.models import Entrant, Partie, Player, Round, Tournament

from .live_cache import CACHE_SECONDS, UNVERSIONED, SafeCache, cache  # noqa: F401 — what the live pages share
from .models import DataVersion, Protocol

RENDER_SECONDS = 30  # a render's claim: one that takes longer (a process killed mid-render) lets the next try
PHASES = 6  # the public pages' phases: each follows the version at its own moments of the window


# The protocol writes' bumps of the open transaction, this thread's: tournament id -> a weak reference to the
# commit hook that stands for the bump (``transaction.on_commit``). Django calls a hook after its transaction
# commits and drops it when the transaction, or the savepoint it was registered in, rolls back (both documented
# of ``on_commit``): a hook still alive is a bump still standing in the open transaction.
_noted = threading.local()


class _Bumped:
    """The commit hook that stands for a bump; it does nothing at the commit (its note goes with the transaction)."""

    __slots__ = ("__weakref__",)

    def __call__(self):
        return None


def _notes() -> dict:
    notes = getattr(_noted, "bumps", None)
    if notes is None:
        notes = _noted.bumps = {}
    return notes


def _bumped_here(tournament_id) -> bool:
    """Whether a protocol write of the open transaction has bumped this tournament, a bump that stands (not rolled
    back). The note is taken: it covers the one audit entry that follows the write."""
    hook = _notes().pop(tournament_id, None)
    return hook is not None and hook() is not None and not transaction.get_autocommit()


def _note_bump(tournament_id) -> None:
    if not transaction.get_autocommit():
        hook = _Bumped()
        _notes()[tournament_id] = weakref.ref(hook)
        transaction.on_commit(hook)


def bump(tournament_id, *, unless_bumped=False, noted=False) -> None:
    """A new data version for the tournament (call inside the transaction that changes its data). ``noted``: the
    bump of a protocol write, whose audit entry follows in the same transaction; with ``unless_bumped`` (that
    audit entry), only if no such bump stands in this transaction."""
    if tournament_id is None or (unless_bumped and _bumped_here(tournament_id)):
        return
    if noted:
        _note_bump(tournament_id)
    stamp = uuid.uuid4().hex
    if not DataVersion.objects.filter(tournament_id=tournament_id).update(stamp=stamp, changed_at=timezone.now()):
        DataVersion.objects.get_or_create(tournament_id=tournament_id, defaults={"stamp": stamp})


# The versions one GET has read (``read_once``): a request reads a tournament's version once, whoever asks;
# and the phase of the page it asks for.
_read = contextvars.ContextVar("live_read", default=None)
_phase = contextvars.ContextVar("live_phase", default=0)
# The request being answered (``read_once``): whose stamp ``public_stamp`` reads — a spectator's or an official's.
_visitor = contextvars.ContextVar("live_visitor", default=None)


def phase_of(request) -> int:
    """The phase of a public page (0 … ``PHASES`` - 1), by its address: the same for every phone polling it."""
    return int(hashlib.sha1(request.get_full_path().encode("utf-8", "surrogateescape")).hexdigest()[:8], 16) % PHASES


class read_once:  # noqa: N801 — a context manager, named as the phrase it is used in
    """``with read_once(request):`` — within it, ``public_stamp`` of a slug is read once and then repeated,
    in the phase of the request's page (``phase_of``; without a request, phase 0)."""

    def __init__(self, request=None):
        self.request = request
        self.phase = phase_of(request) if request is not None else 0

    def __enter__(self):
        self.tokens = _read.set({}), _phase.set(self.phase), _visitor.set(self.request)

    def __exit__(self, *exc):
        _read.reset(self.tokens[0])
        _phase.reset(self.tokens[1])
        _visitor.reset(self.tokens[2])


def _logged_in() -> bool:
    """The request being answered is a logged-in person's (his user is known by now: the authentication
    middleware has run); False outside a request, and before the authentication (``scoring.fastpath.polls``, which answers
    only visitors without a session)."""
    request = _visitor.get()
    user = getattr(request, "user", None) if request is not None else None
    return bool(user is not None and getattr(user, "is_authenticated", False))


def read_once_value(key, compute):
    """``compute()``, read once within ``read_once`` (under ``key``); every time outside it."""
    read = _read.get()
    if read is None:
        return compute()
    if key not in read:
        read[key] = compute()
    return read[key]


def public_stamp(slug) -> tuple[int, str] | None:
    """(the tournament's id, its data version) of a published tournament; None otherwise (``_public_stamp``).

    The window that smooths the spectators' polling (``LIVE_STALE_SECONDS``) is for anonymous spectators only:
    for a logged-in visitor — an official after his own action — it is the current version, on every worker,
    so the page's validators (its ETag) and the data it shows move on his next request."""
    if _logged_in():
        return read_once_value(("current", slug), lambda: _public_stamp(slug, window=0))
    return read_once_value(("public", slug), lambda: _public_stamp(slug, _phase.get()))


# What this process has read of the public stamp in the current window of each (slug, phase): a poll repeated
# within the window reads neither the shared cache (a file opened, read and unpickled: a sixth of a 304's CPU)
# nor the database. At most ``SEEN_HERE`` entries; then it starts again.
_seen_here: dict[str, tuple] = {}
SEEN_HERE = 4096


def _public_stamp(slug, phase=0, window=None) -> tuple[int, str] | None:
    """(the tournament's id, its data version) of a published tournament, in one query; None otherwise.

    With ``settings.LIVE_STALE_SECONDS`` (``make serve``: 15 s), what was read is kept in the shared cache until
    the end of the window it was read in, and used by every server process: a hall that enters 25 deals a second
    moves the version 25 times a second, and each move would have every spectator's page rendered again (by each
    process); so the public pages follow at most one version a window, late by at most that much. The windows
    of the ``PHASES`` phases start at their own moments (phase × window / ``PHASES``), and each page is in the
    phase of its address: the pages do not all change at once, so neither do their renders nor the new bodies
    sent to every phone (docs/deploy.md §3). Referees' pages never wait (``current_stamp``)."""
    window = getattr(settings, "LIVE_STALE_SECONDS", 0) if window is None else window
    key = f"live:seen:{slug}:{phase}"
    now = time.time()  # the processes' common clock
    if window:
        offset = phase * window / PHASES
        start = offset + (now - offset) // window * window  # this phase's window began then
        seen = _seen_here.get(key)  # this process's reading first, then everyone's
        if seen is None or not start <= seen[0] <= now:
            seen = cache.get(key)
        if seen is not None and start <= seen[0] <= now:
            _remember_seen(key, seen)
            return tuple(seen[1]) or None
    row = Tournament.objects.filter(slug=slug).values_list("pk", "is_public", "data_version__stamp").first()
    if row is None or not row[1]:
        found = None
    elif row[2] is None:
        return row[0], f"{UNVERSIONED}{uuid.uuid4().hex}"  # nothing under it is kept, nor is it
    else:
        found = row[0], row[2]
    if window:
        cache.set(key, (now, found or ()), CACHE_SECONDS)
        _remember_seen(key, (now, found or ()))
    return found


def _remember_seen(key, seen) -> None:
    if len(_seen_here) >= SEEN_HERE and key not in _seen_here:
        _seen_here.clear()
    _seen_here[key] = seen


def current_stamp(tournament_id) -> str:
    """The tournament's data version; without its row yet, one for this request alone (nothing written)."""
    stamp = DataVersion.objects.filter(tournament_id=tournament_id).values_list("stamp", flat=True).first()
    return stamp if stamp is not None else f"{UNVERSIONED}{uuid.uuid4().hex}"


def etag(stamp: str, request, *parts, per_user=False) -> str:
    """The ETag of a page: the data stamp, the address, the language, and the user when it matters."""
    variant = [request.get_full_path(), get_language() or "", bool(getattr(request, "htmx", False)), *parts]
    if per_user:
        variant += [request.user.pk or 0, request.COOKIES.get("csrftoken", "")]
    digest = hashlib.sha1(repr(variant).encode("utf-8")).hexdigest()[:20]
    return f"{stamp}-{digest}"


def public_etag(request, slug, *parts, per_user=False) -> str | None:
    """The ETag of a published tournament's page (None: not published or not found, the view answers)."""
    found = public_stamp(slug)
    if found:
        follows_public(request, slug)
    return etag(found[1], request, *parts, per_user=per_user) if found else None


# What the ETag of a public page adds to the public stamp, by name: ``fn(stamp, tournament_id) -> stamp``.
STAMP_SUFFIXES = {}


def follows_public(request, slug, suffix=None) -> None:
    """Note that this page's ETag is ``public_stamp(slug)`` (through ``STAMP_SUFFIXES[suffix]``) and the
    digest of the request alone (``etag``), for an anonymous visitor: so that ``scoring.fastpath.polls`` may
    answer his next poll before the rest of the site."""
    request._live_public = (slug, suffix)


def computed_once(key, compute, *, wait=2.0, step=0.02):
    """``compute()`` stored under ``key``, computed by one request at a time: the others asking meanwhile wait
    for it (at most ``wait`` seconds, then compute it themselves). For what several pages of one version
    share (the standings under the projector's pages): a version's first pages would each compute it."""
    value = cache.get(key)
    if value is not None:
        return value
    claim = f"{key}:computing"
    claimed = cache.add(claim, 1, RENDER_SECONDS)
    deadline = time.monotonic() + wait
    while not claimed and time.monotonic() < deadline:
        time.sleep(step)
        value = cache.get(key)
        if value is not None:
            return value
    try:
        value = compute()
        cache.set(key, value, CACHE_SECONDS)
    finally:
        if claimed:
            cache.delete(claim)
    return value


# What keeps one body of a page's version for every visitor (``scoring.fastpath.bodies``, registered at the app's
# start): ``keeper(request, view, tag, args, kwargs, per_user=, cache_body=) -> response``. None: the view answers.
_body_keeper = None


def register_body_keeper(keeper) -> None:
    global _body_keeper
    _body_keeper = keeper


def live_page(etag_func, *, per_user=False, cache_body=False):
    """Decorate a GET view: ETag/304 from ``etag_func(request, *args, **kwargs)`` through Django's ``condition``
    (None: no ETag, the view answers as usual), ``Cache-Control: no-cache`` (and ``private`` for a page ``per_user``,
    whose forms carry the visitor's token and links his roles). The body of a version is rendered once and shared
    by the visitors who may have it (``scoring.fastpath.bodies``: ``cache_body`` for a page that is everyone's,
    ``per_user`` for the anonymous visitors' one body with a place for each one's token)."""

    def decorator(view):
        def memo_etag(request, *args, **kwargs):
            if not hasattr(request, "_live_etag"):
                request._live_etag = etag_func(request, *args, **kwargs)
            return request._live_etag

        @functools.wraps(view)
        def cached_view(request, *args, **kwargs):
            tag = memo_etag(request, *args, **kwargs)
            if tag and _body_keeper is not None:
                response = _body_keeper(request, view, tag, args, kwargs, per_user=per_user, cache_body=cache_body)
            else:
                response = view(request, *args, **kwargs)
            if tag:
                patch_cache_control(response, no_cache=True, **({"private": True} if per_user else {}))
            return response

        conditional = condition(etag_func=lambda request, *a, **kw: (
            f'"{memo_etag(request, *a, **kw)}"' if memo_etag(request, *a, **kw) else None))(cached_view)

        def answered(request, *args, **kwargs):
            request._live_per_user = per_user  # the ETag names the visitor's form token
            response = conditional(request, *args, **kwargs)
            if response.status_code == 304 and getattr(request, "_live_etag", None):  # as its 200 says
                patch_cache_control(response, no_cache=True, **({"private": True} if per_user else {}))
            return response

        @functools.wraps(view)
        def live_view(request, *args, **kwargs):
            if _visitor.get() is request:  # within the polls' middleware, which read the version already
                return answered(request, *args, **kwargs)
            with read_once(request):  # the version read once, as this visitor's (an official's is the current one)
                return answered(request, *args, **kwargs)

        return live_view

    return decorator


# --- what changes the live pages ---------------------------------------------------------

def _tournament_of(instance):

    if isinstance(instance, Tournament):
        return instance.pk
    if isinstance(instance, (Entrant, Round, TournamentRole, AuditEntry)):
        return instance.tournament_id
    if isinstance(instance, Player):
        return instance.pair.tournament_id
    if isinstance(instance, Partie):
        return instance.round.tournament_id
    if isinstance(instance, Protocol):
        return instance.partie.round.tournament_id
    return None


def _saved(sender, instance, raw=False, **kwargs):
    if raw:
        return

    if isinstance(instance, Protocol):
        # A protocol write saves its row more than once under one new version: one bump is enough.
        if getattr(instance, "_live_bumped_version", None) == instance.version:
            return
        instance._live_bumped_version = instance.version
    bump(_tournament_of(instance), unless_bumped=isinstance(instance, AuditEntry),
         noted=isinstance(instance, Protocol))


def _deleted(sender, instance, **kwargs):
    """Only an existing version row is changed: the tournament itself may be going away."""
    try:
        tournament_id = _tournament_of(instance)
    except Exception:  # noqa: BLE001 — a parent already deleted in the same cascade
        return
    if tournament_id is not None:
        DataVersion.objects.filter(tournament_id=tournament_id).update(stamp=uuid.uuid4().hex,
                                                                       changed_at=timezone.now())


def connect_signals():

    for model in (Tournament, Entrant, Player, Round, Partie, Protocol, TournamentRole, AuditEntry):
        post_save.connect(_saved, sender=model, dispatch_uid=f"live-save-{model.__name__}")
        if model not in (Tournament, AuditEntry):  # the audit log is append-only
            post_delete.connect(_deleted, sender=model, dispatch_uid=f"live-delete-{model.__name__}")
