"""The table page's quick answer to a deal it posted itself (``static/referees/offline.js``), as JSON.

A deal saved at a table used to answer with a redirect to the whole table page, drawn again with
every form and widget, for a page that changes in three places: the totals, the deal list and the
next deal's number. When the page's script posts the deal form (header ``Accept: application/json``),
the view calls the same service the same way (``referees.views.deal_writer`` under
``submissions.once``) and answers with those places alone, drawn by the page's own templates:

* ``saved``: the version after the write, the next deal's number, the messages, a fresh one-time key
  for the deal form, and the fragments ``totals`` (scoreboard and status), ``deals`` (the deal list),
  ``head`` (the entry form's title and who leads) and ``time`` (the partie's time section: after the first
  deal it offers «Время вышло»); the no-show section, shown only before the first deal, goes. ``shape`` is a digest of what else the page
  shows (which sections, which alerts); when it differs from the page's own ``data-shape`` (sent in the
  header ``X-Page-Shape``) the page
  has changed elsewhere too (a tie's extra deal, a remark from another device…) and ``reload`` names
  the page to open, as the redirect did; the messages then wait in the session for it, as before.
* ``saved`` with ``ended``: the deal that ended the partie, posted from a fresh page (its shape one of
  ``shapes_before_the_end``). Instead of the whole page opened again (at a round's end, every table at
  once) the answer brings, beside the totals, the deal list and the time section, the ``signatures``
  section; the page's script removes the deal form and the round's clock and shows it.
* ``refused``: the service's message and code and the fields at fault, nothing saved; the script then
  sends the form as a plain form, which answers with the page as before (errors beside the fields,
  a conflict's protocol as stored). A form posted without the script is answered as before.
"""
from __future__ import annotations

import hashlib

from django.contrib import messages
from django.contrib.messages.storage.base import Message
from django.http import JsonResponse
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _

from scoring.queries import rows_loaded

from . import selectors, signing, submissions

SHAPE_HEADER = "X-Page-Shape"  # the shape of the page that posted (its ``data-shape``)


def repeated_message() -> str:
    return _("Эта форма уже была отправлена и сохранена; повторно ничего не записано.")


def wants_json(request) -> bool:
    """The page's script asks for the quick answer; a browser's plain form post accepts HTML first."""
    return request.headers.get("Accept", "").startswith("application/json")


def shape_flags(ctx, *, odd=False) -> dict:
    """What the table page shows besides the totals, the deal list and the entry's title, by name."""
    protocol, scored, upcoming = ctx["protocol"], ctx["scored"], ctx["upcoming"]
    return {
        "family": ctx["family"], "can_enter": ctx["can_enter"], "upcoming": bool(upcoming),
        "extra": bool(upcoming and upcoming.get("extra")), "time": bool(ctx["can_enter"] and ctx["time_section"]),
        "locked": protocol.is_locked, "no_show": protocol.no_show, "absent": protocol.absent_seats,
        "abandoned": protocol.abandoned, "by_time": protocol.ended_by_time, "clock": bool(ctx.get("clock")),
        "extra_needed": scored.extra_deal_needed, "disqualified": scored.disqualified, "winner": scored.winner,
        "awaiting": ctx["awaiting"], "remarks": len(ctx["remarks"]), "can_clear": ctx["can_clear"],
        "can_reopen": ctx["can_reopen"], "round_draft": ctx["round_draft"], "odd": bool(odd),
    }


def digest(flags: dict) -> str:
    return hashlib.sha256(repr(tuple(flags.values())).encode()).hexdigest()[:16]


def page_shape(ctx, *, odd=False) -> str:
    """A digest of what the table page shows besides the totals, the deal list and the entry's title.

    Two pages with the same shape differ only in those fragments (and the versions and keys of their
    forms), so the quick answer's fragments bring one to the other. ``odd``: the page shows more than a
    fresh one would (a refusal, a question, a correction being entered)."""
    return digest(shape_flags(ctx, odd=odd))


def shapes_before_the_end(ctx) -> set[str]:
    """The shapes a fresh page had just before the deal that ended the partie ``ctx`` shows as played out.

    That page offered the next deal (an extra one after a tie, or not), had no winner and awaited no
    signature; the round's clock may have run on it (it stops for the table once the partie is over).
    Everything else on it was as it is now, so the ``ended`` fragments bring it to this page."""
    now = shape_flags(ctx)
    return {digest({**now, "upcoming": True, "extra": extra, "extra_needed": extra, "winner": None,
                    "awaiting": False, "clock": clock})
            for extra in (False, True) for clock in (False, True)}


def refused(exc_or_message, code, status, errors=None) -> JsonResponse:
    message = getattr(exc_or_message, "message", exc_or_message)
    return JsonResponse({"result": "refused", "code": code, "message": str(message), "errors": errors or {}},
                        status=status)


def service_refused(exc) -> JsonResponse:
    """A service's refusal (bad input, a locked protocol…) with its code and the fields at fault; status as the page's."""
    return refused(exc, exc.code, 422, {name or "form": text for name, text in exc.field_errors()})


def form_refused(form) -> JsonResponse:
    errors = {name or "form": " ".join(str(e) for e in errs) for name, errs in form.errors.items()}
    return refused(" ".join(errors.values()), "invalid", 422, errors)


def saved(request, partie, outcome) -> JsonResponse:
    """The answer to a saved deal (or a repeat of one): its fragments, or the page to open."""
    # The protocol as the service left it, when it carries its rows (a new deal's): no second reading.
    written = outcome.protocol if not outcome.repeated and rows_loaded(outcome.protocol) else None
    ctx = selectors.entry_context(partie, request.user, protocol=written)
    protocol, upcoming = ctx["protocol"], ctx["upcoming"]
    said = list(outcome.messages)
    if outcome.repeated:
        said.insert(0, (messages.INFO, repeated_message()))
    shape = page_shape(ctx)
    posted_shape = request.headers.get(SHAPE_HEADER, "")
    body = {"result": "saved", "repeated": outcome.repeated, "version": protocol.version, "status": protocol.status,
            "next": upcoming["n"] if upcoming else None, "shape": shape}
    ended = (not upcoming and ctx["awaiting"] and ctx["can_enter"] and not outcome.repeated
             and posted_shape in shapes_before_the_end(ctx))
    if ctx["family"] != "sport" or not (ended or (upcoming and shape == posted_shape)):
        for level, text in said:
            messages.add_message(request, level, text)
        body["reload"] = reverse("referees:partie", args=[partie.pk]) + f"#{outcome.anchor or 'deals'}"
        return JsonResponse(body)
    ctx.update({"user": request.user, "request": request, "show_controls": True, "correcting": False})
    body.update({
        "messages": [{"tags": Message(level, "").tags, "text": str(text)} for level, text in said],
        "totals": render_to_string("referees/_entry_totals.html", ctx, request),
        "deals": render_to_string(ctx["game_templates"]["deals"], ctx, request),
        "time": render_to_string("referees/_time.html", ctx, request),
    })
    if ended:  # the deal form goes, the signatures come (the page's script swaps them: no page drawn again)
        ctx.update(signing.signing_context(request, partie, ctx))
        body.update(ended=True, anchor=outcome.anchor or "deals",
                    signatures=render_to_string("referees/_signatures.html", ctx, request))
    else:
        body.update(form_key=submissions.new_key(), head=render_to_string("referees/_entry_head.html", ctx, request))
    return JsonResponse(body)
