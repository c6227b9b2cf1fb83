"""Domain errors of the organizer's services: a Russian message and a machine ``code``."""


class TournamentError(Exception):
    default_code = "error"

    def __init__(self, message, code=None, **details):
        super().__init__(str(message))
        self.message = str(message)
        self.code = code or self.default_code
        self.details = details

    def __str__(self):
        return self.message


class NotAllowed(TournamentError):
    default_code = "not_allowed"


class InvalidInput(TournamentError):
    """Bad input; ``field`` names the form field at fault."""

    default_code = "invalid"


class ImportRejected(TournamentError):
    """A registration file with bad rows: ``errors`` lists (row, column, message); nothing was saved."""

    default_code = "import_rejected"

    def __init__(self, message, errors):
        super().__init__(message)
        self.errors = errors


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


def field_errors(err) -> list[tuple[str | None, str]]:
    """(field, message) of every bad field a domain error names (one for a plain error)."""
    if isinstance(err, InvalidFields):
        return err.errors
    return [(err.details.get("field"), err.message)]
