"""The organizer's actions: the only code that writes tournaments, pairs and rounds."""
from .draw import close_draw, run_draw, set_manual_number
from .imports import import_pairs, parse_pairs_file, template_xlsx
from .registration import (
    delete_pair,
    edit_pair,
    register_late_pair,
    register_pair,
    substitute_player,
    undo_withdrawal,
    withdraw_pair,
)
from .rounds import discard_round, finish_round, pair_round, publish_round, swap_parties, unsigned_tables
from .settings import update_rules

__all__ = [
    "close_draw", "run_draw", "set_manual_number", "import_pairs", "parse_pairs_file", "template_xlsx",
    "register_pair", "withdraw_pair", "discard_round", "finish_round", "pair_round", "publish_round",
    "swap_parties", "unsigned_tables", "update_rules",
    "delete_pair", "edit_pair", "register_late_pair", "substitute_player", "undo_withdrawal",
]
