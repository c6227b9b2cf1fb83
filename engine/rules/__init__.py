"""The sport rules as pure Python: no Django here (docs/rules.md is the reference).

Plain data in, plain data out: presets and options (``config``), hands and
deals (``hands``, ``deal``), remarks and sanctions (``sanctions``), the partie
and the JSON protocol (``partie``), the scored protocol's types (``scored``),
seats and rotation (``seating``).
The Kozel family (RULES-KOZEL.md): a deal on the table (``kozel``), the
Morskoy finishes and deciders (``morskoy``), games, goats and the rating
(``games``), hand points (``hand_points``), their options (``game_options``);
the option values and checks both share (``options``).
The partnership game, preset ``latin`` (RULES-LATIN.md): the package ``latin`` —
its scoring is reached through ``score_protocol`` too, its standings are
``latin.rank``.
"""
from .config import DEFAULT_LADDER, PRESETS, Rules
from .deal import block_points, score_table
from .errors import ProtocolError, RulesError
from .options import LadderStep
from .partie import score_partie, score_protocol
from .scored import FORMAT, FORMAT_2, FORMATS, ScoredDeal, ScoredProtocol, ScoredRemark
from .seating import CLOCKWISE, SEATS, SIDES, lead_and_shuffle, other_side, partner_of, side_of


def remark_effect(rules: Rules, n: int) -> LadderStep:
    """The effect of the n-th remark of a pair over the tournament (what the referee sees before saving)."""
    return rules.ladder_step(n)


__all__ = [
    "CLOCKWISE", "DEFAULT_LADDER", "FORMAT", "FORMAT_2", "FORMATS", "LadderStep", "PRESETS", "ProtocolError", "Rules", "RulesError",
    "SEATS", "SIDES", "ScoredDeal", "ScoredProtocol", "ScoredRemark", "block_points", "lead_and_shuffle",
    "other_side", "partner_of", "remark_effect", "score_partie", "score_protocol", "score_table", "side_of",
]
