"""What the protocol services' tests read back: the audit actions written for a partie, in order."""
from audit.models import AuditEntry


def actions(partie):
    return list(AuditEntry.objects.filter(partie=partie).order_by("id").values_list("action", flat=True))
