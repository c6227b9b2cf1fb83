"""The option values of every preset and the checks of one option's value (the base of the rules' configuration).

``config`` (the sport presets, the ``Rules`` and its construction) and
``game_options`` (the Kozel family and hand points) both import it; neither
imports the other's private parts. ``SPORT_VALIDATORS`` checks the options of
RULES.md (the sport presets and the options every preset shares).
"""
from __future__ import annotations

from dataclasses import dataclass

from .errors import RulesError

BLOCK_SCORING = ("difference", "all", "opponents")
PARTIE_LENGTH = ("deals", "target")
# The Kozel family (RULES-KOZEL.md §3.1, §3.8): block values by who records.
LOSER_BLOCK_SCORING = ("all", "each_own", "fisher_half", "all_to_fisher")
WINNER_BLOCK_SCORING = ("opponents", "all", "difference")
RECORDERS = ("loser", "winner")
THRESHOLD_SCOPES = ("until_open", "every_deal")
REMEMBER_SMALL = ("until_win", "one_deal", "none")
EGGS_MODES = ("next_deal", "play_off")
EGGS_EXPIRE = ("void", "draw")
SIX_FINISH = ("off", "if_recordable", "if_one_hand", "always")
NEXT_LEAD = ("out_player", "winner_choice", "out_partner", "rotate")
# RULES-KOZEL.md §3.6: dry when the pair never recorded in the game (default), or ends it at 0 (seed 004's 202).
DRY_GOAT = ("never_recorded", "ends_at_zero")
HAND_PARTIE_LENGTH = ("target", "deals", "time")
BONUS_TILES = ("6-6", "0-0")
BYE_RESULTS = ("win", "draw", "loss")
# What a pair registered late gets for each round played before it joined.
LATE_ENTRY_RESULTS = ("none", "loss", "draw", "bye")
LADDER_KINDS = ("warning", "fine", "deal_loss", "disqualification")


@dataclass(frozen=True)
class LadderStep:
    """The effect of the n-th remark of a pair (docs/rules.md §6).

    * ``warning`` — nothing;
    * ``fine`` — ``points`` to the opponents, or, when the penalised pair won the
      deal on the table, the deal re-scored as a block in which it holds ``block_pips``;
    * ``deal_loss`` — the pair loses the deal 0 : ``points``;
    * ``disqualification`` — the pair is removed; the partie goes to the opponents by forfeit.
    """

    kind: str
    points: int = 0
    block_pips: int = 0

    def to_config(self) -> dict:
        data = {"kind": self.kind}
        if self.kind == "fine":
            data.update(points=self.points, block_pips=self.block_pips)
        elif self.kind == "deal_loss":
            data["points"] = self.points
        return data

    def describe(self) -> str:
        """The effect in Russian, as a referee reads it before saving a remark."""
        if self.kind == "warning":
            return "предупреждение"
        if self.kind == "fine":
            return (
                f"штраф {self.points} очков; выигранная парой раздача считается боем, "
                f"в котором у неё {self.block_pips} очков"
            )
        if self.kind == "deal_loss":
            return f"пара проигрывает раздачу 0 : {self.points}"
        return "снятие пары с турнира (партия — поражение неявкой)"


def whole_number(key, value, lo, hi):
    """``value`` if it is a whole number in lo..hi (every option has both bounds)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"{key} must be a whole number", key=key, code="not_integer")
    if not lo <= value <= hi:
        raise RulesError(f"{key} must be {lo}..{hi}, got {value}", key=key, code="out_of_range", lo=lo, hi=hi)
    return value


def true_or_false(key, value):
    if not isinstance(value, bool):
        raise RulesError(f"{key} must be true or false", key=key, code="not_boolean")
    return value


def one_of(key, value, choices):
    if value not in choices:
        raise RulesError(f"{key} must be one of {', '.join(choices)}, got {value!r}", key=key, code="bad_choice")
    return value


def ladder(value):
    if not isinstance(value, (list, tuple)) or not value:
        raise RulesError("remark_ladder must be a non-empty list of steps", key="remark_ladder")
    steps = []
    for i, raw in enumerate(value, start=1):
        if isinstance(raw, str):
            raw = {"kind": raw}
        if not isinstance(raw, dict):
            raise RulesError(f"remark_ladder step {i} must be an object", key="remark_ladder")
        extra = set(raw) - {"kind", "points", "block_pips"}
        if extra:
            raise RulesError(f"remark_ladder step {i}: unknown key(s) {', '.join(sorted(extra))}", key="remark_ladder")
        kind = one_of("remark_ladder", raw.get("kind"), LADDER_KINDS)
        points = whole_number("remark_ladder", raw.get("points", 0), 0, 10_000)
        block_pips = whole_number("remark_ladder", raw.get("block_pips", 0), 0, 168)
        if kind in ("fine", "deal_loss") and "points" not in raw:
            raise RulesError(f"remark_ladder step {i} ({kind}) needs points", key="remark_ladder")
        if kind == "fine" and "block_pips" not in raw:
            raise RulesError(f"remark_ladder step {i} (fine) needs block_pips", key="remark_ladder")
        steps.append(LadderStep(kind, points, block_pips))
    return tuple(steps)


SPORT_VALIDATORS = {
    "partie_length": lambda k, v: one_of(k, v, PARTIE_LENGTH),
    "deals_per_partie": lambda k, v: whole_number(k, v, 4, 400),
    "target_points": lambda k, v: whole_number(k, v, 1, 100_000),
    "time_limit_minutes": lambda k, v: whole_number(k, v, 1, 600),
    "lone_double_blank": lambda k, v: whole_number(k, v, 0, 69),
    "count_partner_on_domino": true_or_false,
    "block_scoring": lambda k, v: one_of(k, v, BLOCK_SCORING),
    "extra_deal_on_tie": true_or_false,
    "forfeit_score": lambda k, v: whole_number(k, v, 0, 100_000),
    "wrong_pass_points": lambda k, v: whole_number(k, v, 0, 10_000),
    "remark_ladder": lambda k, v: ladder(v),
    "match_points_win": lambda k, v: whole_number(k, v, 0, 100),
    "match_points_draw": lambda k, v: whole_number(k, v, 0, 100),
    "match_points_loss": lambda k, v: whole_number(k, v, 0, 100),
    "bye_result": lambda k, v: one_of(k, v, BYE_RESULTS),
    "bye_points_for": lambda k, v: whole_number(k, v, 0, 100_000),
    "bye_points_against": lambda k, v: whole_number(k, v, 0, 100_000),
    "late_entry_result": lambda k, v: one_of(k, v, LATE_ENTRY_RESULTS),
}
