"""The protocol version a page would show now (tests pass it as ``expected_version``, as the forms do)."""
from scoring.models import Protocol


def shown_version(partie) -> int:
    """The stored version of the partie's protocol; 0 before its first use (as a fresh protocol starts)."""
    version = Protocol.objects.filter(partie=partie).values_list("version", flat=True).first()
    return version or 0
