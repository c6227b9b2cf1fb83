"""Validation of the options of Kozel, Morskoy kozel and hand points (RULES-KOZEL.md §10, §14).

``validate_option`` checks one value (type and range); ``check_combination``
refuses options that contradict each other once the preset's defaults are
applied. The sport presets keep their own validators in ``config``.
"""
from __future__ import annotations

from .config import (
    _VALIDATORS, BONUS_TILES, DRY_GOAT, EGGS_EXPIRE, EGGS_MODES, HAND_PARTIE_LENGTH, KOZEL_PRESETS,
    LOSER_BLOCK_SCORING, NEXT_LEAD, RECORDERS, REMEMBER_SMALL, SIX_FINISH, THRESHOLD_SCOPES, WINNER_BLOCK_SCORING,
    _bool, _choice, _int,
)
from .errors import RulesError
from .hands import MAX_TABLE_PIPS


def _time_limit(key, value):
    return None if value is None else _int(key, value, 1, 600)


def _bonus(key, value):
    if not isinstance(value, dict):
        raise RulesError(f'{key} must be an object like {{"6-6": 50, "0-0": 25}}', key=key)
    extra = sorted(set(value) - set(BONUS_TILES))
    if extra:
        raise RulesError(f"{key}: unknown tile(s) {', '.join(map(str, extra))} (only 6-6 and 0-0)", key=key)
    return tuple((tile, _int(key, value.get(tile, 0), 0, 100)) for tile in BONUS_TILES)


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
    "partie_length": lambda k, v: _choice(k, v, ("games",)),
    "games_per_partie": lambda k, v: _int(k, v, 1, 99),
    "extra_game_on_tie": _bool,
    "target_points": lambda k, v: _int(k, v, 1, 100_000),
    "time_limit_minutes": _time_limit,
    "recorder": lambda k, v: _choice(k, v, RECORDERS),
    "block_scoring": lambda k, v: _choice(k, v, LOSER_BLOCK_SCORING + ("opponents", "difference")),
    "count_partner_on_domino": _bool,
    "lone_double_blank": lambda k, v: _int(k, v, 0, 100),
    "lone_double_six": lambda k, v: _int(k, v, 0, 100),
    "blank_six_pair": _bool,
    "open_threshold": lambda k, v: _int(k, v, 0, MAX_TABLE_PIPS),
    "threshold_scope": lambda k, v: _choice(k, v, THRESHOLD_SCOPES),
    "remember_small": lambda k, v: _choice(k, v, REMEMBER_SMALL),
    "wipe_on_record": _bool,
    "eggs": lambda k, v: _choice(k, v, EGGS_MODES),
    "eggs_doubles": _doubles,
    "eggs_tries": lambda k, v: _int(k, v, 1, 99),
    "eggs_expire": lambda k, v: _choice(k, v, EGGS_EXPIRE),
    "lead_bonus": _bonus,
    "finish_bonus": _bonus,
    "blank_finish_wins": _bool,
    "six_finish_wins": lambda k, v: _choice(k, v, SIX_FINISH),
    "decider": _bool,
    "next_lead": lambda k, v: _choice(k, v, NEXT_LEAD),
    "restart_after_unrecorded": _bool,
    "dry_goat_value": lambda k, v: _int(k, v, 1, 10),
    "dry_goat": lambda k, v: _choice(k, v, DRY_GOAT),
    "rating": _bool,
    "rating_base": lambda k, v: _int(k, v, 1, 100_000),
}
_HAND_VALIDATORS = {
    "partie_length": lambda k, v: _choice(k, v, HAND_PARTIE_LENGTH),
    "deals_per_partie": lambda k, v: _int(k, v, 1, 400),
    "time_limit_minutes": _time_limit,
    "higher_wins": _bool,
    "allow_negative": _bool,
}


def validate_option(preset: str, key: str, value):
    """One option of a Kozel-family or hand-points preset, checked and normalised."""
    table = _GAME_VALIDATORS if preset in KOZEL_PRESETS else _HAND_VALIDATORS
    validator = table.get(key) or _VALIDATORS[key]
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
