"""Pairing algorithms: plain data in, plain data out (no Django here)."""
from .base import Entrant, Pairing, PairingError, PairingResult
from .random_pairing import pair_random
from .round_robin import berger_round, pair_round_robin, rounds_needed
from .swiss import check_complete, pair_swiss, swiss_cost

__all__ = [
    "Entrant", "Pairing", "PairingError", "PairingResult", "pair_random", "berger_round",
    "pair_round_robin", "rounds_needed", "pair_swiss", "swiss_cost", "check_complete",
]
