"""What every request meets before and after the views.

``RequestLimitsMiddleware`` (ahead of the CSRF check, which is the first to read a form) refuses,
before a byte of it is read:

* a body over the limit, by its ``Content-Length`` — ``REQUEST_MAX_BYTES`` everywhere, and
  ``UPLOAD_MAX_BYTES`` on the organizer's upload pages (``UPLOAD_URL_NAMES``) for a logged-in
  organizer of that tournament (``UPLOAD_PERMISSION`` answers); a chunked body (no length) is
  counted as it is read, up to the limit, and refused past it. Nothing refused reaches Django's upload handlers, so nothing is
  written to the disk (a 1 GB body to the login page used to leave a 968 MB temporary file);
* a form declared in another charset than UTF-8 (or in one that does not exist): the site's
  forms are all UTF-8, and Django refuses to decode such a form (400, not the 500 it ended in);
* a ``Content-Length`` that is not a number (400);
* a form whose text is not UTF-8 (``%FF%FE`` escaped or raw, a lone surrogate, a character cut short):
  Django would read each bad byte as «\ufffd» and a view would store it. A urlencoded body is checked
  byte for byte (``core.text.form_body_is_utf8``); a multipart one, whose fields Django has already
  decoded that way, by its fields' names and values holding «\ufffd» (a file's content is not text and
  is not checked). Refused whole with a Russian 400 (``error_pages.damaged_form``), nothing stored.

``FailuresMiddleware`` turns a database that does not answer into a 503 page with ``Retry-After``
and a full disk into «Диск сервера заполнен …», each with one line in the log instead of a
traceback (``core.error_pages.failure_response``); and marks the referees' pages ``no-store``: a
table's device is shared, and its back button must not show a page of the previous user. The
round overview polled every 5 s keeps its ETag instead (``private, no-cache``: revalidated on
every poll, and its ETag names the user), so a repeated poll is still a 304.
"""
from __future__ import annotations

import io

from django.conf import settings
from django.contrib.auth import get_user
from django.core.handlers.wsgi import LimitedStream
from django.http import Http404
from django.urls import Resolver404, resolve
from django.utils.cache import patch_cache_control
from django.utils.http import parse_header_parameters
from django.utils.module_loading import import_string

from . import error_pages
from .text import form_body_is_utf8

FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")
REPLACEMENT = "\ufffd"  # what Django makes of a byte that is not UTF-8
READ_CHUNK = 64 * 1024


def _declared_length(request):
    """The body's declared length: an int, None when there is none, or False when it is not a number."""
    raw = request.META.get("CONTENT_LENGTH", "")
    if raw in ("", None):
        return None
    raw = str(raw).strip()
    return int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= 18 else False


def _chunked(request) -> bool:
    return "chunked" in request.META.get("HTTP_TRANSFER_ENCODING", "").lower()


def _bad_charset(request) -> bool:
    content_type, params = parse_header_parameters(request.META.get("CONTENT_TYPE", ""))
    return content_type in FORM_TYPES and params.get("charset", "utf-8").strip().lower() != "utf-8"


def _damaged_text(request) -> bool:
    """A posted form with a name or value that is not UTF-8 (read after the limits: the body is bounded)."""
    if request.method != "POST":
        return False
    content_type = parse_header_parameters(request.META.get("CONTENT_TYPE", ""))[0]
    if content_type == FORM_TYPES[0]:
        return not form_body_is_utf8(request.body)
    if content_type == FORM_TYPES[1]:
        return any(REPLACEMENT in text for name, values in request.POST.lists() for text in (name, *values))
    return False


class RequestLimitsMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        refusal = self.refuse(request)
        if refusal is None and _damaged_text(request):
            refusal = error_pages.damaged_form(request)
        return refusal if refusal is not None else self.get_response(request)

    def refuse(self, request):
        length = _declared_length(request)
        if length is False or _bad_charset(request):
            return error_pages.bad_request(request)
        if length is not None:
            if length > settings.REQUEST_MAX_BYTES:
                limit = self.limit(request)
                if length > limit:
                    return error_pages.too_large(request, limit)
            return None
        if _chunked(request) and request.environ.get("wsgi.input_terminated"):
            return self.count_chunked(request)
        return None

    def limit(self, request) -> int:
        """The larger limit only for an organizer on one of the upload pages of his tournament."""
        try:
            match = resolve(request.path_info)
        except (Resolver404, Http404):
            return settings.REQUEST_MAX_BYTES
        if match.view_name not in settings.UPLOAD_URL_NAMES or "slug" not in match.kwargs:
            return settings.REQUEST_MAX_BYTES
        may_upload = import_string(settings.UPLOAD_PERMISSION)  # the app's question: this floor imports no app
        if not may_upload(get_user(request), match.kwargs["slug"]):
            return settings.REQUEST_MAX_BYTES
        return max(settings.UPLOAD_MAX_BYTES, settings.REQUEST_MAX_BYTES)

    def count_chunked(self, request):
        """A body without a length: read (into memory) up to the limit; past it, refused."""
        limit = self.limit(request)
        stream, parts, read = request.environ["wsgi.input"], [], 0
        while read <= limit:
            chunk = stream.read(min(READ_CHUNK, limit + 1 - read))
            if not chunk:
                break
            parts.append(chunk)
            read += len(chunk)
        if read > limit:
            return error_pages.too_large(request, limit)
        body = b"".join(parts)
        request.META["CONTENT_LENGTH"] = str(len(body))
        request._stream = LimitedStream(io.BytesIO(body), len(body))
        return None


class FailuresMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        match = getattr(request, "resolver_match", None)
        if match is not None and "referees" in match.namespaces and not response.has_header("ETag"):
            patch_cache_control(response, no_store=True)
        return response

    def process_exception(self, request, exception):
        return error_pages.failure_response(request, exception)
