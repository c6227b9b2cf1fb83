"""The one base of the domain errors: a message a person can act on (Russian first) and a machine ``code``.

Each app's errors subclass these (``scoring.errors``, ``tournaments.errors``) and keep their names,
so ``except NotAllowed`` here catches every app's refusal and ``except DomainError`` every domain
error; a view shows ``message`` and a program reads ``code``.
"""


class DomainError(Exception):
    """``message`` (translated), ``code`` (``default_code`` unless given) and ``details`` (the keywords)."""

    default_code = "error"

    def __init__(self, message, code=None, **details):
        super().__init__(str(message))
        self.message = str(message)
        self.code = code or self.default_code
        self.details = details

    def __str__(self):
        return self.message

    def field_errors(self) -> list[tuple[str | None, str]]:
        """(field, message) of every bad field the error names; the field is None when it names none."""
        return [(self.details.get("field"), self.message)]


class NotAllowed(DomainError):
    """The acting account has no right to do this."""

    default_code = "not_allowed"


class InvalidInput(DomainError):
    """Bad input, refused before anything was saved; ``field`` names the form field at fault."""

    default_code = "invalid"

    def __init__(self, message, code=None, *, field=None, **details):
        if field is not None:
            details["field"] = field
        super().__init__(message, code, **details)

    @property
    def field(self):
        return self.details.get("field")
