"""Helpers every app's pages share: a refusal page, POST-only addresses, and the confirmation of an
irreversible action.

POST-only addresses of the referee pages, opened from the browser's history or a bookmark.

Django's ``require_POST`` answers such a visit with an empty 405, which a phone's
browser shows as a blank «HTTP ERROR 405». Here the visit gets a Russian page
saying that the address only sends a form, with a link back to the table.
"""
from __future__ import annotations

from functools import wraps

from django.http import HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _


def post_only(view):
    """Like ``require_POST``, with a page a person can read and a way back (status 405, ``Allow: POST``)."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if request.method == "POST":
            return view(request, *args, **kwargs)
        partie_id = kwargs.get("partie_id")
        back = reverse("referees:partie", args=[partie_id]) if partie_id is not None else reverse("tournaments:home")
        response = render(request, "405.html", {"back": back, "to_table": partie_id is not None}, status=405)
        response["Allow"] = "POST"
        return response

    return wrapper


def forbidden(request, message=None):
    """The refusal page (403) with its reason."""
    return render(request, "referees/forbidden.html",
                  {"message": message or _("У вас нет прав на этот протокол.")}, status=403)


def confirmed(request) -> bool:
    """The second POST of an irreversible action: the one sent from its confirmation page."""
    return request.method == "POST" and request.POST.get("confirmed") == "1"


def confirm_page(request, tournament, *, title, consequences, fields=None, cancel=None, button=None, extra=None):
    """The page that names what an irreversible action will do, with a form that does it (``confirmed=1``)."""
    return render(request, "tournaments/confirm.html", {
        "tournament": tournament, "title": title, "consequences": consequences,
        "fields": {k: v for k, v in (fields or {}).items() if k not in ("csrfmiddlewaretoken", "confirmed")},
        "action": request.path, "cancel": cancel or reverse("tournaments:manage", args=[tournament.slug]),
        "button": button or _("Да, выполнить"), **(extra or {}),
    })


PDF = "application/pdf"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def file_response(data: bytes, filename: str, content_type: str, *, inline: bool = False) -> HttpResponse:
    """A file to download (``inline``: shown in the browser, as a PDF is) under ``filename``."""
    response = HttpResponse(data, content_type=content_type)
    response["Content-Disposition"] = f'{"inline" if inline else "attachment"}; filename="{filename}"'
    return response
