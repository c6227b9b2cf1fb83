"""The federations' rule sets of the partnership game: named combinations of ``latin``'s options (RULES-LATIN.md
§12, "Option sets seen in the sources"), so that an organizer picks a federation's game by its name.

Each set is the overrides a tournament stores (``{"preset": "latin", **overrides}``), checked by
``LatinOptions.from_config`` like any other configuration; ``matching(options)`` names the set a tournament's
options are, if any. The words shown for a set are the site's (``tournaments.rules_text``).

* ``fid`` — FID / the Venezuelan federation's tournament software (S1): the defaults, to 200;
* ``spain-300``, ``spain-350`` — the Spanish federation (S3): partidas to 300 or 350;
* ``dominican`` — the Dominican club game (S6, S7): the 6-6 leads, the winners lead next, the opponents' tiles
  only, capicúa and paso redondo 25 each;
* ``cuba-oriental`` — eastern Cuba (S8): the lowest player wins a tranque, a tied tranque to the pair that led,
  a capicúa doubles the hand;
* ``cuba-double-nine`` — central and western Cuba (S14): the double-nine set, ten tiles each;
* ``puerto-rico`` — Puerto Rico (S11, S12): capicúa 100;
* ``social`` — the social game (S4): the 6-6 leads, the opponents' tiles only, to 100.
"""
from __future__ import annotations

from .options import LatinOptions

RULE_SETS = {
    "fid": {},
    "spain-300": {"target_points": 300},
    "spain-350": {"target_points": 350},
    "dominican": {"first_lead": "double_six", "next_lead": "winner_pair", "domino_points": "opponents",
                  "tranque_points": "opponents", "capicua": "add", "capicua_bonus": 25, "paso_redondo_bonus": 25},
    "cuba-oriental": {"tranque_winner": "lowest_player", "tranque_tie": "leading_pair", "capicua": "double"},
    "cuba-double-nine": {"tile_set": "double_nine"},
    "puerto-rico": {"capicua": "add", "capicua_bonus": 100},
    "social": {"first_lead": "double_six", "domino_points": "opponents", "tranque_points": "opponents",
               "target_points": 100},
}


def rule_set(name: str) -> LatinOptions:
    """The options of the rule set ``name`` (a ``KeyError`` for a name not in ``RULE_SETS``)."""
    return LatinOptions.from_config(dict(RULE_SETS[name]))


def matching(options: LatinOptions) -> str | None:
    """The name of the rule set whose options these are exactly, or None (a tournament's own combination)."""
    return next((name for name in RULE_SETS if rule_set(name) == options), None)
