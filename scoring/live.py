"""Live pages polled by hundreds of phones: a per-tournament data version, ETags and cached fragments.

Every change the live pages show (a protocol written, a pair, round or table changed, a role given)
puts a new random stamp into the tournament's ``DataVersion`` row in the same transaction. A page's
ETag is that stamp plus what else its content depends on (path, language, user): a repeated poll is
answered ``304 Not Modified`` after one small query, and a fragment rendered once is served from the
shared cache to every device asking for the same thing until the next change.

Reading never writes: a tournament without its version row yet (imported rows send no signals) gets
a stamp of its own for this request only, uncached, until its first change writes the row. The cache
is an aid, never a condition: a cache that cannot be read or written (a full disk) is skipped with one
line in the log, and the page is rendered as if nothing were cached.
"""
from __future__ import annotations

import functools
import hashlib
import logging
import uuid

from django.core.cache import cache as django_cache
from django.db import DatabaseError
from django.db.models.signals import post_delete, post_save
from django.http import HttpResponse
from django.utils import timezone
from django.utils.cache import patch_cache_control
from django.utils.translation import get_language
from django.views.decorators.http import condition

from referees.models import TournamentRole
from tournaments.models import Pair, Partie, Player, Round, Tournament

from .models import DataVersion, Protocol

CACHE_SECONDS = 600
UNVERSIONED = "unversioned"  # the stamp of a request alone: nothing under it is worth caching
logger = logging.getLogger(__name__)


class SafeCache:
    """The shared cache, whose failures (OSError of a full disk, a database cache's error) are misses."""

    def __init__(self, backend):
        self.backend = backend

    def get(self, key, default=None):
        try:
            return self.backend.get(key, default)
        except (OSError, DatabaseError) as exc:
            logger.warning("live cache not read (%s): %s", key, exc)
            return default

    def set(self, key, value, timeout=CACHE_SECONDS) -> bool:
        if UNVERSIONED in key:
            return False
        try:
            self.backend.set(key, value, timeout)
        except (OSError, DatabaseError) as exc:
            logger.warning("live cache not written (%s): %s", key, exc)
            return False
        return True


cache = SafeCache(django_cache)


def bump(tournament_id) -> None:
    """A new data version for the tournament (call inside the transaction that changes its data)."""
    if tournament_id is None:
        return
    stamp = uuid.uuid4().hex
    if not DataVersion.objects.filter(tournament_id=tournament_id).update(stamp=stamp, changed_at=timezone.now()):
        DataVersion.objects.get_or_create(tournament_id=tournament_id, defaults={"stamp": stamp})


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


def live_page(etag_func, *, per_user=False, cache_body=False):
    """Decorate a GET view: ETag/304 from ``etag_func(request, *args, **kwargs)`` (None: no ETag,
    the view answers as usual), and with ``cache_body`` the 200 response body shared through the cache."""

    def decorator(view):
        def memo_etag(request, *args, **kwargs):
            if not hasattr(request, "_live_etag"):
                request._live_etag = etag_func(request, *args, **kwargs)
            return request._live_etag

        @functools.wraps(view)
        def cached_view(request, *args, **kwargs):
            tag = memo_etag(request, *args, **kwargs)
            key = f"live:{tag}" if cache_body and tag else None
            hit = cache.get(key) if key else None
            if hit is not None:
                response = HttpResponse(hit[1], content_type=hit[0])
            else:
                response = view(request, *args, **kwargs)
                if key and response.status_code == 200 and not response.streaming:
                    cache.set(key, (response["Content-Type"], response.content), CACHE_SECONDS)
            if tag:
                patch_cache_control(response, no_cache=True, **({"private": True} if per_user else {}))
            return response

        return condition(etag_func=lambda request, *a, **kw: (
            f'"{memo_etag(request, *a, **kw)}"' if memo_etag(request, *a, **kw) else None))(cached_view)

    return decorator


# --- what changes the live pages ---------------------------------------------------------

def _tournament_of(instance):

    if isinstance(instance, Tournament):
        return instance.pk
    if isinstance(instance, (Pair, Round, TournamentRole)):
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
    bump(_tournament_of(instance))


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

    for model in (Tournament, Pair, Player, Round, Partie, Protocol, TournamentRole):
        post_save.connect(_saved, sender=model, dispatch_uid=f"live-save-{model.__name__}")
        if model is not Tournament:
            post_delete.connect(_deleted, sender=model, dispatch_uid=f"live-delete-{model.__name__}")
