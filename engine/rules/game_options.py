"""Validation of the options of Kozel, Morskoy kozel and hand points (RULES-KOZEL.md §10, §14).

``validate_option`` checks one value (type and range); ``check_combination``
refuses options that contradict each other once the preset's defaults are
applied. The sport presets' validators and the option values are in ``options``.
"""
from __future__ import annotations

from .errors import RulesError
from .hands import MAX_TABLE_PIPS
from .options import (
    BONUS_TILES,
    DRY_GOAT,
    EGGS_EXPIRE,
    EGGS_MODES,
    HAND_PARTIE_LENGTH,
    LOSER_BLOCK_SCORING,
    NEXT_LEAD,
    RECORDERS,
    REMEMBER_SMALL,
    SIX_FINISH,
    SPORT_VALIDATORS,
    THRESHOLD_SCOPES,
    WINNER_BLOCK_SCORING,
    one_of,
    true_or_false,
    whole_number,
)


def _time_limit(key, value):
    return None if value is None else whole_number(key, value, 1, 600)


def _bonus(key, value):
    if not isinstance(value, dict):
        raise RulesError(f'{key} must be an object like {{"6-6": 50, "0-0": 25}}', key=key)
    extra = sorted(set(value) - set(BONUS_TILES))
    if extra:
        raise RulesError(f"{key}: unknown tile(s) {', '.join(map(str, extra))} (only 6-6 and 0-0)", key=key)
    return tuple((tile, whole_number(key, value.get(tile, 0), 0, 100)) for tile in BONUS_TILES)


def _doubles(key, value):
    if not isinstance(value, (list, tuple)) or not value or len(value) > 7:
        raise RulesError(f"{key} must be a non-empty list of doubles such as 1-1", key=key)
    out = []
    for raw in value:
        if not isinstance(raw, str) or len(raw) != 3 or raw[1] != "-" or raw[0] != raw[2] or raw[0] not in "0123456":
            raise RulesError(f"{key}: {raw!r} is not a double (0-0 … 6-6)", key=key)
        if raw not in out:
            out.append(raw)
    return tuple(out)


_GAME_VALIDATORS = {
    "partie_length": lambda k, v: one_of(k, v, ("games",)),
    "games_per_partie": lambda k, v: whole_number(k, v, 1, 99),
    "extra_game_on_tie": true_or_false,
    "target_points": lambda k, v: whole_number(k, v, 1, 100_000),
    "time_limit_minutes": _time_limit,
    "recorder": lambda k, v: one_of(k, v, RECORDERS),
    "block_scoring": lambda k, v: one_of(k, v, LOSER_BLOCK_SCORING + ("opponents", "difference")),
    "count_partner_on_domino": true_or_false,
    "lone_double_blank": lambda k, v: whole_number(k, v, 0, 100),
    "lone_double_six": lambda k, v: whole_number(k, v, 0, 100),
    "blank_six_pair": true_or_false,
    "open_threshold": lambda k, v: whole_number(k, v, 0, MAX_TABLE_PIPS),
    "threshold_scope": lambda k, v: one_of(k, v, THRESHOLD_SCOPES),
    "remember_small": lambda k, v: one_of(k, v, REMEMBER_SMALL),
    "wipe_on_record": true_or_false,
    "eggs": lambda k, v: one_of(k, v, EGGS_MODES),
    "eggs_doubles": _doubles,
    "eggs_tries": lambda k, v: whole_number(k, v, 1, 99),
    "eggs_expire": lambda k, v: one_of(k, v, EGGS_EXPIRE),
    "lead_bonus": _bonus,
    "finish_bonus": _bonus,
    "blank_finish_wins": true_or_false,
    "six_finish_wins": lambda k, v: one_of(k, v, SIX_FINISH),
    "decider": true_or_false,
    "next_lead": lambda k, v: one_of(k, v, NEXT_LEAD),
    "restart_after_unrecorded": true_or_false,
    "dry_goat_value": lambda k, v: whole_number(k, v, 1, 10),
    "dry_goat": lambda k, v: one_of(k, v, DRY_GOAT),
    "rating": true_or_false,
    "rating_base": lambda k, v: whole_number(k, v, 1, 100_000),
}
_HAND_VALIDATORS = {
    "partie_length": lambda k, v: one_of(k, v, HAND_PARTIE_LENGTH),
    "deals_per_partie": lambda k, v: whole_number(k, v, 1, 400),
    "time_limit_minutes": _time_limit,
    "higher_wins": true_or_false,
    "allow_negative": true_or_false,
}


def validate_option(family: str, key: str, value):
    """One option of a Kozel-family (``family`` ``kozel``) or hand-points (``hand``) preset, checked and normalised."""
    table = _GAME_VALIDATORS if family == "kozel" else _HAND_VALIDATORS
    validator = table.get(key) or SPORT_VALIDATORS[key]
    return validator(key, value)


def check_combination(rules) -> None:
    """Options that contradict each other (RULES-KOZEL.md §10 «Options»)."""
    if rules.preset == "hand-points":
        if rules.partie_length == "time" and rules.time_limit_minutes is None:
            raise RulesError("partie_length time needs time_limit_minutes", key="time_limit_minutes")
        return
    allowed = LOSER_BLOCK_SCORING if rules.recorder == "loser" else WINNER_BLOCK_SCORING
    if rules.block_scoring not in allowed:
        raise RulesError(
            f"block_scoring {rules.block_scoring!r} does not go with recorder {rules.recorder!r} "
            f"(allowed: {', '.join(allowed)})", key="block_scoring",
        )
    if rules.rating and rules.recorder != "loser":
        raise RulesError("rating needs recorder loser (set rating to false when the winners record)", key="rating")
