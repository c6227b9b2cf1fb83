"""Protocol services: the only code that writes deals, remarks, no-shows and signatures.

Every service takes the acting ``user``, checks the permission, locks the
protocol row (``core.locking.locked``) inside ``transaction.atomic()``, checks
the optimistic ``version`` the caller showed (required: a form without it is
refused, so the last writer never wins silently), lets the
engine (``engine.rules``) validate the protocol *with* the change before any
row is written, then writes, bumps the version, rescores the cache, updates
the status and writes an audit entry with what it was before and after.

Nothing is entered or signed at a table until its round is published: a
draft round can still be swapped or discarded, which would move or delete
what was written there.

By what they do: ``rows`` (the row, its lock and bookkeeping), ``deals``, ``events`` (remarks, no-show,
departure, time), ``sanctions`` (the partnership game's deductions and cards), ``signatures`` and ``pins``, ``repair`` (clear, rescore) and ``imports`` (a §9 JSON file). What the
pages read of a protocol is in ``scoring.protocol_state``.
"""
from .deals import confirm_deal, correct_deal, delete_last_deal, record_deal, set_first_lead
from .events import (
    give_remark,
    has_time_limit,
    mark_abandoned,
    record_no_show,
    record_time_up,
    undo_abandoned,
    undo_no_show,
    withdraw_remark,
)
from .imports import import_protocol_json
from .pins import generate_pins, reset_pin_attempts, set_signing
from .repair import clear_protocol, rescore_drifted
from .rows import ensure_protocol
from .sanctions import give_sanction, set_counters, withdraw_sanction
from .signatures import reopen_protocol, sign_protocol

__all__ = [
    "ensure_protocol",
    "record_deal", "correct_deal", "delete_last_deal", "confirm_deal", "set_first_lead",
    "give_remark", "withdraw_remark", "record_no_show", "undo_no_show", "mark_abandoned", "undo_abandoned",
    "has_time_limit", "record_time_up", "give_sanction", "withdraw_sanction", "set_counters",
    "sign_protocol", "reopen_protocol", "generate_pins", "set_signing", "reset_pin_attempts",
    "clear_protocol", "rescore_drifted",
    "import_protocol_json",
]
