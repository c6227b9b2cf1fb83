"""The tournament's own signals, sent inside the organizer's transaction with ``tournament`` and ``user``, so
that an app built on the tournaments follows without being imported by them: ``entrant_left`` when he
withdraws or deletes an entrant (``services.registration``: the online registration's waiting list moves up);
``tournament_deleting`` just before a tournament's rows are deleted (``services.setup.delete_tournament``: an
app removes its rows that the deletion could not, such as the team matches that protect their teams)."""
from django.dispatch import Signal

entrant_left = Signal()
tournament_deleting = Signal()
