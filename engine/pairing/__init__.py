"""Pairing algorithms: plain data in, plain data out (no Django here)."""
from .base import Entrant, Pairing, PairingError, PairingResult
from .individual_base import IndividualRound, Single, Table, opponent_counts, repeated_partners
from .individual_random import pair_individual_random
from .individual_swiss import pair_individual_swiss
from .random_pairing import pair_random
from .round_robin import berger_round, pair_round_robin, rounds_needed
from .swiss import check_complete, pair_swiss, swiss_cost

__all__ = [
    "Entrant", "Pairing", "PairingError", "PairingResult", "pair_random", "berger_round",
    "pair_round_robin", "rounds_needed", "pair_swiss", "swiss_cost", "check_complete",
    "IndividualRound", "Single", "Table", "opponent_counts", "repeated_partners", "pair_individual_random",
    "pair_individual_swiss",
]
