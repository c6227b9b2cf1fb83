"""Writing the audit log: every service writes one entry per action, inside its transaction."""
from .actions import ACTIONS
from .models import AuditEntry


def log_action(tournament, action, *, user=None, partie=None, before=None, after=None, note=""):
    """Write one audit entry (call inside the service's transaction); ``action`` is a code of
    ``referees.audit_actions.ACTIONS`` (an unknown one is a bug and raises ``ValueError``). ``tournament``
    None: an entry of the players' registry."""
    if action not in ACTIONS:
        raise ValueError(f"unknown audit action {action!r}: register it in referees/audit_actions.py")
    if user is not None and not getattr(user, "is_authenticated", False):
        user = None
    return AuditEntry.objects.create(
        tournament=tournament, partie=partie, user=user, action=action, before=before, after=after, note=note
    )
