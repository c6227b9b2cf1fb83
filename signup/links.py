"""The link to an entry's page sent again (docs/registration.md §3 «Потеряли ссылку?»).

* **The organizer** sends it from the list of entries, to the entry's e-mail address (``require_organizer``: the
  contacts are his alone to see). An entry without an e-mail address is refused with a message.
* **The player** asks for it on the registration page with his e-mail: every entry of this tournament whose contact
  is that address (case ignored; at most ``LOST_LINK_ENTRIES``, the latest) gets a letter. Whoever asks learns
  nothing: the page answers the same whether an entry was found or not. One e-mail address is sent at most
  ``DOMINO_SIGNUP_LINKS_PER_HOUR`` (default 5) such letters an hour, counted whether or not it is known
  (``signup.throttle``); the page itself counts its askers' addresses the same way.
* **[толкование]** An entry whose code the site cannot rebuild (sent before the codes had seeds, or moved from a
  server with another key: ``codes.recovered``) gets a new code with the letter: its old link and check-in mark stop
  working, the letter says so, and the log keeps ``signup.code_renewed``.
"""
from __future__ import annotations

from django.conf import settings as site
from django.db import transaction
from django.utils.translation import gettext as _

from access.permissions import require_organizer
from audit.log import log_action
from core.locking import locked
from tournaments.errors import TournamentError

from . import codes, throttle
from .models import Entry, EntryMessage, MessageKind
from .notices import tell

LOST_LINK_ENTRIES = 5


def links_per_hour() -> int:
    return int(getattr(site, "DOMINO_SIGNUP_LINKS_PER_HOUR", 5))


def _code(entry, user) -> tuple[str, bool]:
    """The entry's code, rebuilt, or a new one (then True: the old link stops working)."""
    code = codes.recovered(entry.code_seed, entry.code_hash)
    if code:
        return code, False
    seed = codes.new_seed()
    code = codes.code_of(seed)
    entry.code_seed, entry.code_hash = seed, codes.digest(code)
    entry.checkin_hash = codes.digest(codes.checkin_token(code))
    entry.save(update_fields=["code_seed", "code_hash", "checkin_hash"])
    log_action(entry.tournament, "signup.code_renewed", user=user, after={"entry": entry.pk}, note=entry.names())
    return code, True


def resend_link(user, tournament, entry_id) -> EntryMessage:
    """The organizer sends the entry's link to its e-mail address (after the commit); the message's row."""
    require_organizer(user, tournament)
    with transaction.atomic():
        entry = locked(Entry.objects.select_related("tournament").filter(tournament=tournament, pk=entry_id)).first()
        if entry is None:
            raise TournamentError(_("Такой заявки нет."), code="no_such_entry")
        if not entry.email:
            raise TournamentError(_("В заявке «%(names)s» нет адреса e-mail: ссылку отправить некуда. Передайте её "
                                    "игроку иначе или попросите его подать заявку с адресом e-mail.") % {
                "names": entry.names()}, code="no_email")
        code, renewed = _code(entry, user)
        return tell(entry, MessageKind.LINK, code=code, user=user, renewed=renewed)


def _mail_key(email: str) -> str:
    return "mail:" + codes.digest(email.casefold())[:32]


def send_lost_links(tournament, email) -> int:
    """The player's «Потеряли ссылку?»: the letters to ``email`` (a valid address), sent after the commit. Returns
    how many (for the tests: the page never says)."""
    email = (email or "").strip()
    if not email or not throttle.spend(_mail_key(email), limit=links_per_hour()):
        return 0
    with transaction.atomic():
        found = Entry.objects.select_related("tournament").filter(tournament=tournament, contact__iexact=email)
        entries = list(locked(found.order_by("-submitted_at", "-id"))[:LOST_LINK_ENTRIES])
        for entry in entries:
            code, renewed = _code(entry, None)
            tell(entry, MessageKind.LINK, code=code, renewed=renewed, asked=True)
    return len(entries)
