"""The protocols' own signal, so that an app built on them follows without being imported by them:
``protocol_saved`` after every write of a protocol (``services.rows.save_protocol``, inside its transaction),
with ``protocol``, ``was_signed`` (its status before the write) and ``cascade`` (the change can reach later
protocols). The rating (``registry.rating``) replays from it."""
from django.dispatch import Signal

protocol_saved = Signal()
