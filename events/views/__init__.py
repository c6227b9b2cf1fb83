from .organizer import (
    check_view,
    close_draw_view,
    draw_run_view,
    import_template_view,
    import_view,
    manage,
    manual_number_view,
    pair_add_view,
    pair_round_view,
    round_action_view,
    swap_view,
    undo_withdrawal_view,
    withdraw_view,
)
from .pairs import pair_delete_view, pair_early_view, pair_edit_view, pair_late_view, pair_list_view
from .public import draw_page, home, pairings, round_results, seating, tournament_detail

__all__ = [
    "home", "tournament_detail", "draw_page", "pairings", "round_results", "seating", "manage", "pair_add_view", "import_view",
    "import_template_view", "draw_run_view", "close_draw_view", "manual_number_view", "withdraw_view",
    "pair_round_view", "round_action_view", "swap_view", "check_view", "undo_withdrawal_view",
    "pair_list_view", "pair_late_view", "pair_edit_view", "pair_delete_view", "pair_early_view",
]

from .public import pair_page, pair_search  # noqa: E402

__all__ += ["pair_page", "pair_search"]
