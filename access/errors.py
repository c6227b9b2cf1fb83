"""Refusals of the access services (accounts, lockouts, whose account is whose): a message a person can act
on and a machine ``code``. Subclasses of ``core.errors``, so ``except core.errors.NotAllowed`` catches them
with every other app's refusal."""
from core import errors as base


class AccessError(base.DomainError):
    """Any refusal of an access service (``message``, ``code``, ``details``)."""


class NotAllowed(AccessError, base.NotAllowed):
    """The acting account may not do this to that account."""


class InvalidInput(AccessError, base.InvalidInput):
    """Bad input; ``field`` names the form field at fault."""
