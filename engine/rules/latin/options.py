"""The options of the partnership game, preset ``latin`` (RULES-LATIN.md §12), and their checks.

``LatinOptions.from_config`` takes the overrides of a ``latin`` rules configuration (without ``preset``) and
gives the frozen options; anything else refuses with a ``RulesError`` naming the option (``key``), what is
wrong (``code``) and the values of the message (``params``):

* an option that is not latin's: ``unknown_option`` (the first in alphabetical order named, all listed);
* a value outside its list: ``bad_choice`` (``choices``, ``value``); outside its range: ``out_of_range``
  (``lo``, ``hi``); not a whole number: ``not_integer``;
* ``first_lead`` ``double_six`` with ``tile_set`` ``double_nine`` (the 6-6 may sleep): ``double_six_lead_needs_set``;
* ``sanction_small`` not below ``sanction_large``: ``sanction_small_not_below_large``;
* a ``ranking_order`` that is not a non-empty list: ``bad_ranking_order``; with a key outside §8.3's:
  ``unknown_ranking_key``; with a key twice: ``repeated_ranking_key``.

The options live apart from the other presets' ``Rules`` fields because some names mean other things there
(``next_lead`` of the Kozel family). Nothing here reads a protocol.
"""
from __future__ import annotations

from dataclasses import dataclass, fields

from ..errors import RulesError
from ..options import whole_number

TILE_SETS = ("double_six", "double_nine")
DIRECTIONS = ("right", "left")
FIRST_LEADS = ("draw", "double_six")
NEXT_LEADS = ("rotate", "winner_pair")
DOMINO_POINTS = ("all_in_play", "opponents")
TRANQUE_WINNERS = ("pair_total", "lowest_player")
TRANQUE_POINTS = ("all_in_play", "opponents", "difference")
TRANQUE_TIES = ("no_points", "leading_pair", "fisher_pair")
CAPICUA = ("off", "add", "double")
TIME_TIES = ("next_hand", "draw")
SANCTION_MODES = ("mistorneos", "symmetric")
# §8.3: the keys a ranking may use; the first three are better high, the last two better low.
RANKING_KEYS = ("won", "efectividad", "points_for", "lost", "points_against")
DEFAULT_RANKING_ORDER = ("won", "efectividad", "points_for")

# The values of every choice option (a form builds its drop-downs from these).
LATIN_CHOICES = {
    "tile_set": TILE_SETS, "direction": DIRECTIONS, "first_lead": FIRST_LEADS, "next_lead": NEXT_LEADS,
    "domino_points": DOMINO_POINTS, "tranque_winner": TRANQUE_WINNERS, "tranque_points": TRANQUE_POINTS,
    "tranque_tie": TRANQUE_TIES, "capicua": CAPICUA, "time_tie": TIME_TIES, "sanction_mode": SANCTION_MODES,
}
# The range of every number option: (lo, hi, null allowed).
LATIN_RANGES = {
    "capicua_bonus": (0, 200, False),
    "paso_redondo_bonus": (0, 200, False),
    "target_points": (1, 1000, False),
    "time_limit_minutes": (1, 600, True),
    "score_cap_pct": (100, 1000, True),
    "sanction_small": (1, 500, False),
    "sanction_large": (1, 500, False),
    "forfeit_efectividad_pct": (0, 100, False),
    "bye_efectividad_pct": (0, 100, False),
    "grave_card_efectividad_pct": (0, 100, False),
}


def percent_half_up(value: int, pct: int) -> int:
    """``value × pct / 100`` rounded half up (whole numbers only, no float)."""
    return (value * pct * 2 + 100) // 200


def percent_down(value: int, pct: int) -> int:
    """``value × pct / 100`` rounded down."""
    return value * pct // 100


@dataclass(frozen=True)
class LatinOptions:
    """Every option of §12 with its default."""

    tile_set: str = "double_six"
    direction: str = "right"
    first_lead: str = "draw"
    next_lead: str = "rotate"
    domino_points: str = "all_in_play"
    tranque_winner: str = "pair_total"
    tranque_points: str = "all_in_play"
    tranque_tie: str = "no_points"
    capicua: str = "off"
    capicua_bonus: int = 25
    paso_redondo_bonus: int = 0
    target_points: int = 200
    time_limit_minutes: int | None = 40
    time_tie: str = "next_hand"
    score_cap_pct: int | None = 160
    sanction_mode: str = "mistorneos"
    sanction_small: int = 40
    sanction_large: int = 80
    forfeit_efectividad_pct: int = 50
    bye_efectividad_pct: int = 50
    grave_card_efectividad_pct: int = 100
    ranking_order: tuple = DEFAULT_RANKING_ORDER

    @classmethod
    def from_config(cls, config: dict | None) -> LatinOptions:
        """The options of a configuration's overrides (``preset`` already taken out), checked."""
        config = dict(config or {})
        unknown = sorted(set(config) - set(OPTION_NAMES))
        if unknown:
            raise RulesError(f"unknown rules option(s): {', '.join(unknown)}", key=unknown[0],
                             code="unknown_option")
        options = cls(**{key: check_option(key, value) for key, value in config.items()})
        options.check_combination()
        return options

    def check_combination(self) -> None:
        """Options that contradict each other (§2, §10.1)."""
        if self.first_lead == "double_six" and self.tile_set == "double_nine":
            raise RulesError("first_lead double_six does not go with tile_set double_nine (the 6-6 may sleep)",
                             key="first_lead", code="double_six_lead_needs_set")
        if self.sanction_small >= self.sanction_large:
            raise RulesError(f"sanction_small ({self.sanction_small}) must be below sanction_large "
                             f"({self.sanction_large})", key="sanction_small", code="sanction_small_not_below_large",
                             small=self.sanction_small, large=self.sanction_large)

    @property
    def score_cap(self) -> int | None:
        """The highest points a pair's row may show (§8.1): the target × ``score_cap_pct`` %, halves up."""
        if self.score_cap_pct is None:
            return None
        return percent_half_up(self.target_points, self.score_cap_pct)

    def to_config(self) -> dict:
        """The options that differ from the defaults, as a tournament stores them."""
        base = LatinOptions()
        return {name: _stored(getattr(self, name)) for name in OPTION_NAMES
                if getattr(self, name) != getattr(base, name)}

    def as_dict(self) -> dict:
        """Every option with its value."""
        return {name: _stored(getattr(self, name)) for name in OPTION_NAMES}


OPTION_NAMES = tuple(f.name for f in fields(LatinOptions))


def _stored(value):
    return list(value) if isinstance(value, tuple) else value


def choice(key: str, value, choices: tuple) -> str:
    """``value`` if it is one of ``choices``."""
    if isinstance(value, str) and value in choices:
        return value
    raise RulesError(f"{key} must be one of {', '.join(choices)}, got {value!r}", key=key, code="bad_choice",
                     choices=list(choices), value=value)


def ranking_order(key: str, value) -> tuple:
    """A non-empty list of §8.3's keys, none twice."""
    if not isinstance(value, (list, tuple)) or not value:
        raise RulesError(f"{key} must be a non-empty list of {', '.join(RANKING_KEYS)}", key=key,
                         code="bad_ranking_order")
    seen = []
    for item in value:
        if not isinstance(item, str) or item not in RANKING_KEYS:
            raise RulesError(f"{key}: {item!r} is not a ranking key (known: {', '.join(RANKING_KEYS)})", key=key,
                             code="unknown_ranking_key", value=item)
        if item in seen:
            raise RulesError(f"{key}: {item} is named twice", key=key, code="repeated_ranking_key", value=item)
        seen.append(item)
    return tuple(seen)


def check_option(key: str, value):
    """One option's value, checked and normalised (a list becomes a tuple)."""
    if key == "ranking_order":
        return ranking_order(key, value)
    if key in LATIN_CHOICES:
        return choice(key, value, LATIN_CHOICES[key])
    lo, hi, nullable = LATIN_RANGES[key]
    if value is None and nullable:
        return None
    return whole_number(key, value, lo, hi)
