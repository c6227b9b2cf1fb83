"""Form-side check of a tournament's tie-break list (the same rules the standings apply)."""
from django.core.exceptions import ValidationError

from engine.ranking.tiebreaks import TiebreakError, resolve_tiebreaks


def validate_tiebreaks(value, *, individual: bool = False):
    """For a form field holding ``Tournament.tiebreaks``: unknown, repeated or mixed names are refused
    (``individual``: against the criteria of an individual event)."""
    try:
        resolve_tiebreaks(value, individual=individual)
    except TiebreakError as exc:
        raise ValidationError(exc.message, code=exc.code, params={"name": exc.name}) from exc
