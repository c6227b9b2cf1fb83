"""One write per form: every write form of the table page carries a one-time key.

The key is a hidden field (``{% form_key %}``), fresh each time the page is
drawn. ``once`` runs the service and stores the key with the form's answer in
the same transaction. The same form sent again — the answer was lost on a
weak network, the button was tapped twice, or Back brought the page back and
Save was pressed — finds its key and gets the stored answer; nothing is
written twice, and the person is not told that another device changed the
protocol. A form with a used key but other values (Back, then something
changed) is no repeat: the service refuses it as a stale form, by its version.

A missing or garbled key is no key: the write goes through the services'
version check alone, as before.
"""
from __future__ import annotations

import hashlib
import re
import secrets
from dataclasses import dataclass, field

from django.db import IntegrityError, connection, transaction

from core.locking import locked
from scoring.errors import ServiceError, VersionConflict
from scoring.models import Protocol

from .models import SubmittedForm

FIELD = "form_key"
KEY_RE = re.compile(r"[A-Za-z0-9_-]{16,64}", re.ASCII)
UNSIGNED = ("csrfmiddlewaretoken", FIELD)  # not part of what the person sent


def new_key() -> str:
    return secrets.token_urlsafe(18)


def posted_key(post) -> str | None:
    key = post.get(FIELD, "")
    return key if isinstance(key, str) and KEY_RE.fullmatch(key) else None


def fingerprint(post) -> str:
    """SHA-256 over the posted fields (all values, in order), without the CSRF token and the key."""
    items = sorted((name, post.getlist(name)) for name in post.keys() if name not in UNSIGNED)
    text = "\n".join(f"{name}={chr(31).join(values)}" for name, values in items)
    return hashlib.sha256(text.encode("utf-8", "replace")).hexdigest()


@dataclass
class Outcome:
    """What the person is told: the messages (level, text) and the section of the page to show."""

    messages: list = field(default_factory=list)
    anchor: str = ""
    repeated: bool = False
    version: int | None = None  # the protocol's version after the write (a device's queue chains on it)
    protocol: object = None  # the protocol as the write left it (not stored with the key: a repeat has none)


def _stored(key) -> SubmittedForm | None:
    return SubmittedForm.objects.filter(key=key).first()


def _repeats(done, partie, user, action, payload) -> bool:
    """This POST repeats the stored submission exactly (same key, table, account, action and values)."""
    return (done is not None and done.partie_id == partie.pk and done.user_id == getattr(user, "pk", None)
            and done.action == action and done.payload == payload)


def _earlier(key, partie, user, action, payload) -> SubmittedForm | None:
    """The stored submission this POST repeats exactly, if any."""
    done = _stored(key)
    return done if _repeats(done, partie, user, action, payload) else None


def _repeat(done) -> Outcome:
    result = done.result or {}
    return Outcome(messages=[tuple(m) for m in result.get("messages", [])], anchor=result.get("anchor", ""),
                   repeated=True, version=result.get("version"))


def once(post, user, partie, action, write, outcome: Outcome) -> Outcome:
    """Run ``write()`` (a service call) unless this very form was stored already; then answer as it was.

    The key is stored in the transaction of the write, under the protocol's lock. A refusal of the
    service (a ``ServiceError``) stores no key and is raised again; what the service kept on purpose
    before refusing (a wrong PIN counted) is kept.
    """
    key = posted_key(post)
    if key is None:
        write()
        return outcome
    payload = fingerprint(post)
    refusal = None
    try:
        with transaction.atomic():
            # Serialize with the other writes at this table (the services lock this row too). SQLite has no
            # row locks: its transaction holds the whole database for writing, and the statement would only read.
            if connection.features.has_select_for_update:
                locked(Protocol.objects.filter(partie=partie)).first()
            done = _stored(key)
            if _repeats(done, partie, user, action, payload):
                return _repeat(done)
            try:
                write()
            except ServiceError as exc:
                refusal = exc
            else:
                if done is None:  # a used key with other values (Back, then a change) is not stored again
                    SubmittedForm.objects.create(
                        key=key, partie=partie, user=user if getattr(user, "is_authenticated", False) else None,
                        action=action, payload=payload,
                        result={"messages": [list(m) for m in outcome.messages], "anchor": outcome.anchor,
                                "version": outcome.version})
    except IntegrityError:  # the same key stored a moment ago by a request that ran alongside
        done = _earlier(key, partie, user, action, payload)
        if done is None:
            raise
        return _repeat(done)
    if isinstance(refusal, VersionConflict):
        # A repeat that waited for the first send's lock (the protocol did not exist yet to lock it).
        done = _earlier(key, partie, user, action, payload)
        if done is not None:
            return _repeat(done)
    if refusal is not None:
        raise refusal
    return outcome
