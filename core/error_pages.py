"""The site's own error pages: Russian first, in the site's layout, never a second error.

Django's default error views run the CSRF check again (``requires_csrf_token``), which reads the
body once more: a body Django refused to decode (a form in latin-1 or utf-7) raised again inside
the 400 view and ended as the server's bare 500. These views never read the body.

A database that does not answer, or a full disk, is not a bug of the site: the person gets a page
saying so (503 with ``Retry-After``, or «Диск сервера заполнен»), and the log gets one line.
"""
from __future__ import annotations

import logging
import sys

from django.http import HttpResponse
from django.shortcuts import render
from django.template import loader
from django.utils.translation import gettext as _

from . import failures

logger = logging.getLogger("core.error_pages")

RETRY_AFTER_SECONDS = 30
DISK_FULL_STATUS = 507  # Insufficient Storage
BARE_FALLBACK = "<!doctype html><title>Ошибка сервера</title><h1>Ошибка сервера</h1>"


def _page(request, template, status, context=None):
    return render(request, template, context or {}, status=status)


def _bare(template, status, context=None) -> HttpResponse:
    """A page rendered without the request: nothing in it may touch the database (no user, no session)."""
    try:
        body = loader.render_to_string(template, context or {})
    except Exception:  # noqa: BLE001 — the error page itself must not fail
        logger.exception("error page %s could not be rendered", template)
        body = BARE_FALLBACK
    return HttpResponse(body, status=status)


def bad_request(request, exception=None):
    return _page(request, "400.html", 400)


def damaged_form(request):
    """A form whose text is not UTF-8 (damaged on the way, or forged): refused whole, nothing stored."""
    return _page(request, "400.html", 400, {"message": _(
        "В форме есть текст не в кодировке UTF-8 (испорченные байты): ничего не сохранено. Вернитесь назад, "
        "обновите страницу и введите текст ещё раз.")})


def permission_denied(request, exception=None):
    message = str(exception) if exception is not None else ""
    return _page(request, "403.html", 403, {"exception": message})


def page_not_found(request, exception=None):
    return _page(request, "404.html", 404)


def csrf_failure(request, reason=""):
    """CSRF_FAILURE_VIEW: a form that came back without its token (or from another site)."""
    return _page(request, "403_csrf.html", 403)


def size_text(size: int) -> str:
    if size >= 1024 * 1024:
        return _("%(n)s МБ") % {"n": f"{size / (1024 * 1024):.1f}".rstrip("0").rstrip(".")}
    return _("%(n)s КБ") % {"n": size // 1024}


def too_large(request, limit: int):
    """A body over the limit, refused before it was read."""
    return _page(request, "413.html", 413, {"limit": size_text(limit)})


def failure_response(request, exc) -> HttpResponse | None:
    """The page for a full disk or an unavailable database (None for any other exception), logged once."""
    if failures.disk_full(exc):
        logger.error("disk full: %s %s: %s", request.method, request.path, failures.summary(exc))
        response = _bare("507.html", DISK_FULL_STATUS)
    elif failures.database_unavailable(exc):
        logger.error("database unavailable: %s %s: %s", request.method, request.path, failures.summary(exc))
        response = _bare("503.html", 503)
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    else:
        return None
    response["Cache-Control"] = "no-store"
    response._has_been_logged = True  # the line above is the one line of this request
    return response


def server_error(request):
    """handler500: also reached by an exception outside the views (a middleware), hence the check here."""
    failure = failure_response(request, sys.exc_info()[1])
    return failure if failure is not None else _bare("500.html", 500)
