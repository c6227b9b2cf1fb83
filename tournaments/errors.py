"""Domain errors of the organizer's services: a Russian message and a machine ``code``.

Subclasses of ``core.errors``: ``except core.errors.NotAllowed`` also catches this app's ``NotAllowed``.
"""
from django.utils.translation import gettext as _

from core import errors as base


class TournamentError(base.DomainError):
    """Any refusal of an organizer's service (``message``, ``code``, ``details``)."""


class NotAllowed(TournamentError, base.NotAllowed):
    """The acting account may not run this tournament."""


class InvalidInput(TournamentError, base.InvalidInput):
    """Bad input; ``field`` names the form field at fault."""


class ImportRejected(TournamentError):
    """A registration file with bad rows: ``errors`` lists (row, column, message); nothing was saved."""

    default_code = "import_rejected"

    def __init__(self, message, errors):
        super().__init__(message)
        self.errors = errors


class RegistryMatches(TournamentError):
    """Players of a registration file whom the players' registry already holds: ``proposals`` lists them
    (``services.imports.Proposal``) for the organizer to answer; nothing was saved."""

    default_code = "registry_matches"

    def __init__(self, proposals):
        super().__init__(_("Некоторые игроки файла уже есть в реестре игроков: отметьте, кто из них тот же "
                           "игрок; пока ничего не сохранено."))
        self.proposals = proposals


class RoundBlocked(TournamentError):
    """The round cannot change state now (unsigned protocols, wrong status…)."""

    default_code = "round_blocked"


class SetupRejected(TournamentError):
    """A tournament's settings are refused: ``errors`` maps a field name (or None) to its messages."""

    default_code = "setup_rejected"

    def __init__(self, message, errors):
        super().__init__(message)
        self.errors = errors


class InvalidFields(InvalidInput):
    """Several bad fields of one submit or one row at once: ``errors`` lists (field, message) in form order.

    ``field`` and ``message`` are the first of them, so that code reading one error still reads one.
    """

    def __init__(self, errors, code=None):
        field, message = errors[0]
        super().__init__(message, code=code, field=field)
        self.errors = list(errors)

    def field_errors(self) -> list[tuple[str | None, str]]:
        return self.errors
