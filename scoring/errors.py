"""Domain errors of the protocol services: a Russian message a person can act on and a machine ``code``.

Subclasses of ``core.errors``: ``except core.errors.NotAllowed`` also catches this app's ``NotAllowed``.
"""
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from core import errors as base


class ServiceError(base.DomainError):
    """Any refusal of a protocol service (``message``, ``code``)."""


class NotAllowed(ServiceError, base.NotAllowed):
    """The acting account has no right to do this."""


class ProtocolLocked(ServiceError):
    """The protocol is signed and locked; only the chief referee can reopen it."""

    default_code = "locked"


class VersionConflict(ServiceError):
    """Someone else changed the protocol since the page was loaded; ``current`` is what it holds now."""

    default_code = "version_conflict"

    def __init__(self, message, code=None, *, version=None, current=None):
        super().__init__(message, code)
        self.version = version
        self.current = current


class InvalidInput(ServiceError, base.InvalidInput):
    """Bad input, refused before anything was saved; ``deal``/``seat``/``field`` point at the fault."""

    def __init__(self, message, code=None, *, deal=None, seat=None, field=None):
        super().__init__(message, code, field=field)
        self.deal = deal
        self.seat = seat


class ConfirmationRequired(ServiceError):
    """The action has grave consequences (disqualification): repeat it with explicit confirmation."""

    default_code = "confirmation_required"

    def __init__(self, message, code=None, *, effect=None):
        super().__init__(message, code)
        self.effect = effect


def engine_message(exc) -> str:
    """The engine's ProtocolError in the active language, naming the deal and the seat.

    The engine carries its own Russian wording (``engine/rules/messages.py``) and English text.
    """
    localized = getattr(exc, "localized", None)
    if localized is None:
        return _("Протокол не принят: %s") % (getattr(exc, "message", None) or exc)
    return localized(get_language())
