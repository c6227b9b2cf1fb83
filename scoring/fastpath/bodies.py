"""One stored body of a live page's version for every phone that asks for it (``FASTPATH_SHARED_BODIES``).

The path it speeds up: a new version of a public live page asked for by the hall's phones. Without it each phone's
request renders the page (the standings, a projector page, the round's results: 10–60 ms of CPU each); with it the
first renders it and stores the body in the shared cache (the cache framework), and every other phone gets that
body (one cache read). The measure is ``bench/fastpath_bench.py`` (``shared bodies``), both ways in one run.

* A page that is the same for everyone (``cache_body``: the projector, the round's results, the hall map's tiles)
  is stored once per version.
* A page with the visitor's form token (``per_user``: the standings, the cross table, a round, a pair's page) is
  stored once per version for every anonymous visitor (no session, not logged in), with a place for the token that
  each answer fills with the visitor's own (``django.middleware.csrf.get_token``). A logged-in visitor's page is
  rendered for him: an official never gets a stored body.
* One request renders a new version, not every phone that asks in the meantime: the first claims the render
  (``live.RENDER_SECONDS`` at most), the others get the body stored of the version before, under that version's own
  ETag (a 304 if they have it) — never a newer ETag on an older body — and ask again at their next poll. Without
  an earlier body (a page's first visit) they render too, and so does a logged-in visitor: an official never gets
  the version before his own change.

Each page keeps one stored body (with its version's stamp), not one per version, so a full file cache never has to
drop them. ``FASTPATH_SHARED_BODIES = False`` (``DOMINO_FASTPATH_SHARED_BODIES=0``): every request renders its page;
the ETags and 304s stay (``scoring.live``, Django's ``condition``). Registered with ``scoring.live`` by the app's
``ready()`` (``live.register_body_keeper``).
"""
from __future__ import annotations

import re

from django.conf import settings
from django.http import HttpResponse, HttpResponseNotModified
from django.middleware.csrf import get_token

from .. import live
from ..live_cache import CACHE_SECONDS, UNVERSIONED, cache

# A page's form token, in the body shared by every anonymous visitor: put back per request (his own cookie's).
CSRF_INPUT = re.compile(rb'(name="csrfmiddlewaretoken" value=")[^"]*(")')
CSRF_PLACE = b"live-csrf-token-place"
ETAGS = re.compile(r'(?:W/)?("[^"]*")')


def enabled() -> bool:
    return bool(getattr(settings, "FASTPATH_SHARED_BODIES", True))


def held_etags(request) -> set[str]:
    """The ETags the visitor holds (``If-None-Match``), without their weak mark; ``*`` as itself."""
    header = request.META.get("HTTP_IF_NONE_MATCH", "")
    return set(ETAGS.findall(header)) | ({"*"} if header.strip() == "*" else set())


def _anonymous(request) -> bool:
    """A visitor whose page is everyone's: not logged in, no session (so no message waiting for him)."""
    return (settings.SESSION_COOKIE_NAME not in request.COOKIES and "messages" not in request.COOKIES
            and not request.user.is_authenticated)


def _body_key(request, tag, per_user, cache_body):
    if not tag or UNVERSIONED in tag:
        return None
    if cache_body:
        return f"live:{tag}"
    if per_user and _anonymous(request):  # one body for all of them; the ETag stays each one's own
        return "live:anonymous:" + live.etag(tag.split("-", 1)[0], request, "anonymous")
    return None


def shared_keys(key) -> tuple[str, str]:
    """(the body stored of a page with the stamp of its version, the claim of the request rendering it now) for
    the body key ``live:…<stamp>-<digest>``: the digest is the page without its version, so that one entry a
    page is kept, whatever the number of versions gone by (a full file cache drops entries at random)."""
    prefix, _, tag = key.rpartition(":")
    digest = tag.split("-", 1)[1]
    return f"{prefix}:page:{digest}", f"{prefix}:rendering:{digest}"


def _from_cache(request, hit, per_user, tag=None):
    """A stored body (content type, body, its version's stamp) as this visitor's answer: his form token put
    back; with ``tag`` (a body of an earlier version) under that version's own ETag, or 304 if he has it."""
    content_type, body = hit[0], hit[1]
    if tag is not None and f'"{tag}"' in held_etags(request):
        response = HttpResponseNotModified()
    else:
        if per_user and CSRF_PLACE in body:
            body = body.replace(CSRF_PLACE, get_token(request).encode("ascii"))
        response = HttpResponse(body, content_type=content_type)
    if tag is not None:
        response["ETag"] = f'"{tag}"'
    return response


def _rendered(request, view, key, stored, per_user, args, kwargs):
    page_key, claim = shared_keys(key)
    stamp, digest = request._live_etag.split("-", 1)
    claimed = cache.add(claim, 1, live.RENDER_SECONDS)
    if not claimed and stored is not None and not request.user.is_authenticated:  # an official waits for nobody
        return _from_cache(request, stored, per_user, f"{stored[2]}-{digest}")
    try:
        response = view(request, *args, **kwargs)
        if response.status_code == 200 and not response.streaming:
            body = CSRF_INPUT.sub(rb"\1" + CSRF_PLACE + rb"\2", response.content) if per_user else response.content
            cache.set(page_key, (response["Content-Type"], body, stamp), CACHE_SECONDS)
    finally:
        if claimed:
            cache.delete(claim)
    return response


def serve(request, view, tag, args, kwargs, *, per_user, cache_body):
    """The answer to a live page's GET under the ETag ``tag`` (``<stamp>-<digest>``): the body stored for this
    version, or the view's, stored for the next visitors. The view itself when switched off."""
    key = _body_key(request, tag, per_user, cache_body) if enabled() else None
    request._live_page = shared_keys(key) if key else None  # where the next poll finds this body (``polls``)
    if key is None:
        return view(request, *args, **kwargs)
    stored = cache.get(shared_keys(key)[0])
    if stored is not None and stored[2] == tag.split("-", 1)[0]:
        return _from_cache(request, stored, per_user)
    return _rendered(request, view, key, stored, per_user, args, kwargs)
