"""A spectator's repeated poll of a public live page, answered before the rest of the site (``FASTPATH_POLLS``).

The path it speeds up: an anonymous phone's poll of a public live page — a repeated poll answered 304, a first
visit of a page this process answered already (the projector's next page) answered 200 from the stored body. In
process, with nothing else running, the site costs such a request 0.4–1.1 ms and this 0.1–0.3 ms; the measure is
``bench/fastpath_bench.py`` (``polls``), both ways in one run. ``FASTPATH_POLLS = False``
(``DOMINO_FASTPATH_POLLS=0``): the middleware is not used (``MiddlewareNotUsed``) and the site answers every poll
(Django's ``condition`` in ``scoring.live.live_page``, the same ETags and 304s).

The first middleware after the watchdog. A public live page's ETag (``scoring.live``) is the stamp the public pages follow
(``live.public_stamp``, possibly with a named suffix: the hall map's devices) and a digest of the request alone —
its address, language, htmx, and for a page with forms the visitor's CSRF cookie. When Django answers an anonymous
visitor's GET of such a page (200, or 304 where nothing is noted yet), what the next identical request would get is
noted under the request's signature (every header and cookie that the site's middleware or the view can read): the
page's tournament, the digest, where the page's shared body is kept, and the headers of the answer. The next
request with that signature and an ``If-None-Match`` is answered here: the stamp is read as the view reads it (one
cache read, or one query), and if the visitor already holds ``"<stamp>-<digest>"``, a 304 with the same headers
goes back — no session, no user, no CSRF check, no URL resolving. A first visit (no ``If-None-Match``) with a
signature this process has noted is answered the same way, with the shared body. A visitor holding an older
version's ETag gets the shared body of the current version, once it is stored, with his own form token put in its
place (``get_token`` under Django's own ``CsrfViewMiddleware``, called as the middleware it is, which also
renews his cookie as the site would; a visitor whose cookie is not a valid one is left to the site, which sets him
a new one); while another request renders the current version, he gets the stored body of the version before under that
version's ETag (a 304 if he holds it), as the site itself answers then (``bodies``). A request without an
ETag (a first visit) is looked up in this process's notes only, never in the shared cache. Anything else (a body
still to render, a visitor with a session or a message waiting, a POST) goes through the site as before, so this
answers nothing the view would not answer.

Notes are kept in the process (at most ``MEMO_SIZE``); those of a page that is the same for every visitor (its
ETag names no form token) also in the shared cache, for the other processes. A page with the visitor's token
is noted in the process that answered him (each process answers his first poll itself). The bodies of the
current version are also kept in the process (at most ``BODY_BYTES``): a version's first 200s would each read
the same body from the shared cache (a file, compressed).
"""
from __future__ import annotations

import hashlib

from django.conf import settings
from django.core.exceptions import MiddlewareNotUsed
from django.db import DatabaseError
from django.http import HttpResponse, HttpResponseNotModified
from django.middleware.csrf import CsrfViewMiddleware, get_token

from .. import live
from . import bodies

MEMO_SIZE = 20000
BODY_BYTES = 24 * 1024 * 1024
KEY = "live:fast:v2:"
# Request headers that neither the middleware nor a live page reads: left out of the signature.
IGNORED = frozenset({
    "HTTP_IF_NONE_MATCH", "HTTP_IF_MODIFIED_SINCE", "HTTP_CONNECTION", "HTTP_KEEP_ALIVE", "HTTP_ACCEPT",
    "HTTP_ACCEPT_ENCODING", "HTTP_CACHE_CONTROL", "HTTP_PRAGMA", "HTTP_REFERER", "HTTP_COOKIE", "HTTP_TE",
    "HTTP_PRIORITY", "HTTP_DNT", "HTTP_UPGRADE_INSECURE_REQUESTS",
})
DROPPED = frozenset({"content-length", "content-type", "etag", "set-cookie", "date"})
WHERE = ("PATH_INFO", "SCRIPT_NAME", "QUERY_STRING", "SERVER_NAME", "SERVER_PORT", "wsgi.url_scheme")

_memo: dict[str, tuple] = {}
_kept: dict[str, tuple] = {}  # a page's shared body of the current version: (content type, body, stamp)


def _signatures(request) -> tuple[str, str] | None:
    """(the request without its CSRF cookie, with it); None for a visitor whose page may be his own."""
    if request.method != "GET":
        return None
    cookies = request.COOKIES
    if settings.SESSION_COOKIE_NAME in cookies or "messages" in cookies:
        return None
    meta = request.META
    parts = [(k, meta.get(k, "")) for k in WHERE]
    parts += sorted((k, v) for k, v in meta.items()
                    if k.startswith("HTTP_") and k not in IGNORED and not k.startswith(("HTTP_SEC_", "HTTP_X_B3")))
    parts.append(("lang", cookies.get(settings.LANGUAGE_COOKIE_NAME, "")))
    base = hashlib.sha1(repr(parts).encode("utf-8", "surrogateescape")).hexdigest()
    return base, f"{base}:{cookies.get(settings.CSRF_COOKIE_NAME, '')}"


def _note(key):
    note = _memo.get(key)
    if note is None:
        note = live.cache.get(KEY + key)
        if note is not None:
            _remember_here(key, note)
    return note


def _remember_here(key, note):
    if len(_memo) >= MEMO_SIZE:
        _memo.clear()  # a new start beats the bookkeeping of an LRU: notes come back at the next 200
    _memo[key] = note


def _stored(page, stamp):
    """The shared body kept under ``page``: this process's own copy if it is of ``stamp``, else the cache's."""
    here = _kept.get(page)
    if here is not None and here[2] == stamp:
        return here
    stored = live.cache.get(page)
    if stored is not None and stored[2] == stamp:
        if sum(len(b[1]) for b in _kept.values()) + len(stored[1]) > BODY_BYTES:
            _kept.clear()
        _kept[page] = stored
    return stored


def _with_token(request, content_type, body):
    """The stored body as this visitor's answer, his own form token put in its place: ``get_token`` under Django's
    ``CsrfViewMiddleware`` (its ``process_request`` reads his cookie, its ``process_response`` renews it); None
    when his cookie was not a valid one (the middleware set him a new one: the site answers and sets it)."""
    cookie = request.COOKIES.get(settings.CSRF_COOKIE_NAME)
    if not cookie:
        return None

    def respond(req):
        filled = body.replace(bodies.CSRF_PLACE, get_token(req).encode("ascii"))
        response = HttpResponse(filled, content_type=content_type)
        response["Content-Length"] = str(len(filled))
        return response

    response = CsrfViewMiddleware(respond)(request)
    renewed = response.cookies.get(settings.CSRF_COOKIE_NAME)
    if renewed is not None and renewed.value != cookie:
        return None
    return response


def _body(request, page, stamp, digest, held):
    """(the answer from the page's shared body, its ETag), or None: the site answers."""
    page_key, claim = page
    stored = _stored(page_key, stamp)
    if stored is None:
        return None
    tag = f'"{stored[2]}-{digest}"'
    if stored[2] != stamp:  # an older version: only while another request renders the current one
        if live.cache.get(claim) is None:
            return None
        if tag in held:
            return HttpResponseNotModified(), tag
    body = stored[1]
    if bodies.CSRF_PLACE in body:
        response = _with_token(request, stored[0], body)
        if response is None:
            return None
        return response, tag
    response = HttpResponse(body, content_type=stored[0])
    response["Content-Length"] = str(len(body))
    return response, tag


def answer(request):
    """The answer to this request without the site, or None (the site answers). A repeated poll (one that holds
    an ETag) is looked up in this process's notes, then in the shared cache; a first visit in this process's notes
    alone: a page that is not live costs it no cache read (under PostgreSQL the cache is a table), and the
    projector's next page or a phone's first poll of a page this process answers already costs no render."""
    lookup = _note if request.META.get("HTTP_IF_NONE_MATCH") else _memo.get
    signatures = _signatures(request)
    if signatures is None:
        return None
    note = lookup(signatures[0])
    if note == "per-user":
        note = lookup(signatures[1])
    if not note:
        return None
    slug, suffix, digest, page, headers = note
    found = live.public_stamp(slug)
    if found is None or live.UNVERSIONED in found[1] or (suffix and suffix not in live.STAMP_SUFFIXES):
        return None
    stamp = live.STAMP_SUFFIXES[suffix](found[1], found[0]) if suffix else found[1]
    tag = f'"{stamp}-{digest}"'
    held = bodies.held_etags(request)
    if tag in held or "*" in held:
        response = HttpResponseNotModified()
    else:
        answered = _body(request, page, stamp, digest, held) if page else None
        if answered is None:
            return None
        response, tag = answered
    for name, value in headers:
        response[name] = value
    response["ETag"] = tag
    return response


def remember(request, response) -> None:
    """Note what this anonymous visitor's next identical request would be answered (a public live page's 200, or
    its 304 in a process that has no note of it yet)."""
    public = getattr(request, "_live_public", None)
    tag = getattr(request, "_live_etag", None)
    if (public is None or not tag or live.UNVERSIONED in tag or response.status_code not in (200, 304)
            or response.streaming or "-" not in tag or not response.get("ETag", "").endswith(tag.split("-", 1)[1] + '"')
):
        return
    signatures = _signatures(request)
    if signatures is None or request.user.is_authenticated:
        return
    page = getattr(request, "_live_page", None)  # (the shared body's key, its render claim's); a 304 has none
    headers = tuple((k, v) for k, v in response.items() if k.lower() not in DROPPED)
    note = (public[0], public[1], tag.split("-", 1)[1], page, headers)
    per_user = bool(getattr(request, "_live_per_user", True))
    # A visitor's own note stays in this process: one file a phone would flood the shared cache (and its cull).
    keys = [(signatures[0], "per-user", True), (signatures[1], note, False)] if per_user else [(signatures[0], note, True)]
    for key, value, shared in keys:
        if response.status_code == 304 and key in _memo:
            continue  # a 200's note (its headers) stands; a 304 notes only what this process has not seen
        if _memo.get(key) != value:
            _remember_here(key, value)
            if shared:
                live.cache.set(KEY + key, value)


class LiveNotModifiedMiddleware:
    """First in ``MIDDLEWARE``: a repeated public poll answered here (``answer``), the others noted (``remember``)."""

    def __init__(self, get_response):
        if not getattr(settings, "FASTPATH_POLLS", True):
            raise MiddlewareNotUsed("FASTPATH_POLLS is off: the site answers every poll")
        self.get_response = get_response

    def __call__(self, request):
        if request.method != "GET":
            return self.get_response(request)
        with live.read_once(request):  # the version read here is the one the page answers under
            try:
                fast = answer(request)
            except DatabaseError:  # the site answers, with its page for a database that does not answer
                fast = None
            if fast is not None:
                return fast
            response = self.get_response(request)
        if getattr(request, "_live_public", None) is not None:
            remember(request, response)
        return response
