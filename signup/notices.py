"""What the site tells a player about his online entry (docs/registration.md §3 «Что сообщают игроку»).

``tell`` is called by the service of the event, inside its transaction: the confirmation of a new entry, the
organizer's approval, the move up from the waiting list, a refused entry brought back, a refusal (with its reason),
a withdrawal (the player's own, or the organizer's removal of the entrant), and the link sent again. Each is:

* one ``EntryMessage`` row: its subject and text rendered from ``templates/signup/mail/<kind>*.txt`` in the
  language the player used on the form (Russian when unknown), shown on the entry's own page whether it was mailed
  or not, and one audit entry (``signup.message``; no address in the log);
* when the entry's contact is an e-mail address, a letter (``templates/signup/mail/body.txt``: the tournament, the
  entry, the text and the link to the entry's page on the site's public address, ``core.public``) sent through
  Django's mail once the transaction commits (``transaction.on_commit``): a rolled-back event sends nothing.

**[толкование]** A mail server that fails never fails the event: the entry stands, the failure is logged (one
line, logger ``signup.mail``), kept on the message's row (``mail_error``, shown on the page) and audited
(``signup.mail_failed``). The text kept never holds the code; the letter adds the link when it is sent. An entry
whose code the site cannot rebuild (``codes.recovered``) gets a letter pointing to «Потеряли ссылку?» instead.
"""
from __future__ import annotations

import logging
from functools import partial

from django.conf import settings
from django.core.mail import EmailMessage
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation

from audit.log import log_action
from core.public import public_url

from . import codes
from .models import EntryMessage

logger = logging.getLogger("signup.mail")


def language_of(entry) -> str:
    """The player's language if the site speaks it, else the site's first (Russian)."""
    known = {code for code, _name in settings.LANGUAGES}
    return entry.language if entry.language in known else settings.LANGUAGE_CODE


def entry_link(tournament, code) -> str:
    return public_url(reverse("tournaments:signup_entry", args=[tournament.slug, code]))


def lost_link_page(tournament) -> str:
    return public_url(reverse("tournaments:signup_lost_link", args=[tournament.slug]))


def _one_line(text: str) -> str:
    return " ".join(text.split())[:200]


def tell(entry, kind, *, code=None, user=None, **context) -> EntryMessage:
    """Record the message ``kind`` (a ``MessageKind``) to the entry's player and mail it after the commit.

    ``code``: the entry's code when the caller holds it (else rebuilt from its seed, if it can be); ``user``: who
    acted (the audit entry's); ``context``: what the kind's templates say (``place``, ``reason``…)."""
    tournament = entry.tournament
    language = language_of(entry)
    values = {"entry": entry, "tournament": tournament, "name": tournament.name, "place": entry.waiting_place(),
              **context}
    code = code or codes.recovered(entry.code_seed, entry.code_hash)
    with translation.override(language):  # the link too: the English pages' addresses start with /en/
        subject = _one_line(render_to_string(f"signup/mail/{kind}_subject.txt", values))
        text = render_to_string(f"signup/mail/{kind}.txt", values).strip()
        link = entry_link(tournament, code) if code else ""
    message = EntryMessage.objects.create(entry=entry, kind=kind, language=language, subject=subject, text=text,
                                          email=entry.email, created_at=timezone.now())
    log_action(tournament, "signup.message", user=user, note=f"{entry.names()}: {subject}",
               after={"entry": entry.pk, "message": message.pk, "kind": kind, "by_mail": bool(message.email)})
    if message.email:
        transaction.on_commit(partial(deliver, message.pk, link), robust=True)
    return message


def deliver(message_id, link) -> bool:
    """Send the message's letter now (``link``: the entry's page, or "" for the «Потеряли ссылку?» page); record
    when it went, or why not. Never raises for the mail server's sake."""
    message = EntryMessage.objects.select_related("entry__tournament").get(pk=message_id)
    entry, tournament = message.entry, message.entry.tournament
    with translation.override(message.language):
        body = render_to_string("signup/mail/body.txt", {
            "message": message, "entry": entry, "tournament": tournament, "link": link,
            "lost_link_page": lost_link_page(tournament)})
    try:
        EmailMessage(message.subject, body, to=[message.email]).send()
    except Exception as exc:  # any failure of the mail server or its connection: the entry stands
        error = _one_line(f"{type(exc).__name__}: {exc}")
        logger.warning("letter %s (entry %s, %s) not sent: %s", message.pk, entry.pk, message.kind, error)
        EntryMessage.objects.filter(pk=message.pk).update(mail_error=error)
        log_action(tournament, "signup.mail_failed", note=f"{entry.names()}: {message.subject}",
                   after={"entry": entry.pk, "message": message.pk, "error": error})
        return False
    EntryMessage.objects.filter(pk=message.pk).update(emailed_at=timezone.now(), mail_error="")
    return True
