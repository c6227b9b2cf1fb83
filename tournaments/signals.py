"""The tournament's own signal: ``entrant_left`` is sent inside the organizer's transaction when he withdraws
or deletes an entrant (``services.registration``), with ``tournament`` and ``user``, so that an app built on
the tournaments (the online registration's waiting list) follows without being imported by them."""
from django.dispatch import Signal

entrant_left = Signal()
