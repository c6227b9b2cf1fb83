"""Errors of the scoring engine: every refusal names the deal and the seat at fault."""
from __future__ import annotations

from .messages import russian, spanish


class RulesError(ValueError):
    """A tournament's rules configuration is not valid (unknown key, bad value)."""

    def __init__(self, message: str, *, key: str | None = None, code: str = "bad_rules", **params):
        super().__init__(message)
        self.message = message
        self.key = key
        self.code = code
        self.params = params  # the values of the message (bounds, step), for a translated form


class ProtocolError(ValueError):
    """A protocol (or one deal of it) is refused.

    ``code`` is a machine code, ``deal`` the deal number and ``seat`` the seat at
    fault (``A1 A2 B1 B2``) where they apply; ``params`` holds the values of the
    message so that a translated page can say the same thing.
    """

    def __init__(self, code: str, message: str, *, deal: int | None = None, seat: str | None = None, **params):
        self.code = code
        self.deal = deal
        self.seat = seat
        self.params = params
        where = []
        if deal is not None:
            where.append(f"deal {deal}")
        if seat is not None:
            where.append(f"seat {seat}")
        self.message = f"{', '.join(where)}: {message}" if where else message
        super().__init__(self.message)

    @property
    def message_ru(self) -> str:
        return russian(self.code, self.deal, self.seat, self.params)

    @property
    def message_es(self) -> str:
        return spanish(self.code, self.deal, self.seat, self.params)

    def localized(self, language: str | None) -> str:
        """Russian for a language starting with "ru" (and for none), Spanish for "es…", English otherwise."""
        language = language or "ru"
        if language.startswith("es"):
            return self.message_es
        return self.message_ru if language.startswith("ru") else self.message

    def to_json(self) -> dict:
        return {"code": self.code, "message": self.message, "message_ru": self.message_ru,
                "deal": self.deal, "seat": self.seat, **self.params}
