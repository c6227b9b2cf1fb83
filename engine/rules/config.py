"""A tournament's rules: a preset plus overrides, validated (docs/rules.md, every *configurable* number).

The sport presets (``pusto-shest``, ``federation``) take the options of
RULES.md; the Kozel family (``kozel``, ``morskoy-kozel``) and ``hand-points``
take the options of RULES-KOZEL.md §14; the partnership game (``latin``) takes
those of RULES-LATIN.md §12, kept apart in ``rules.latin`` (a ``LatinOptions``;
None on the other presets). Each preset accepts only its own options: an option
of another game is refused as unknown.

``Rules.from_config({"preset": "pusto-shest", "deals_per_partie": 8})`` gives a frozen
``Rules``; an unknown key or a bad value raises ``RulesError`` naming the key.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields, replace

from .errors import RulesError
from .game_options import check_combination, validate_option
from .latin.options import LATIN_CHOICES, LatinOptions
from .latin.options import OPTION_NAMES as LATIN_OPTIONS
from .options import (
    BLOCK_SCORING,
    BYE_RESULTS,
    DRY_GOAT,
    EGGS_EXPIRE,
    EGGS_MODES,
    HAND_PARTIE_LENGTH,
    LATE_ENTRY_RESULTS,
    LOSER_BLOCK_SCORING,
    NEXT_LEAD,
    PARTIE_LENGTH,
    RECORDERS,
    REMEMBER_SMALL,
    SIX_FINISH,
    SPORT_VALIDATORS,
    THRESHOLD_SCOPES,
    LadderStep,
)

PRESETS = ("pusto-shest", "federation", "kozel", "morskoy-kozel", "hand-points", "latin")
SPORT_PRESETS = ("pusto-shest", "federation")
KOZEL_PRESETS = ("kozel", "morskoy-kozel")


DEFAULT_LADDER = (
    LadderStep("warning"),
    LadderStep("fine", points=10, block_pips=20),
    LadderStep("fine", points=20, block_pips=40),
    LadderStep("deal_loss", points=40),
    LadderStep("disqualification"),
)

# Kozel and Morskoy (RULES-KOZEL.md §6): four warnings, the fifth remark removes the pair.
KOZEL_LADDER = (LadderStep("warning"),) * 4 + (LadderStep("disqualification"),)
NO_BONUS = (("6-6", 0), ("0-0", 0))


@dataclass(frozen=True)
class Rules:
    preset: str = "pusto-shest"
    partie_length: str = "deals"
    deals_per_partie: int = 4
    target_points: int = 200
    time_limit_minutes: int = 40
    lone_double_blank: int = 10
    count_partner_on_domino: bool = False
    block_scoring: str = "difference"
    extra_deal_on_tie: bool = True
    forfeit_score: int = 160
    wrong_pass_points: int = 10
    remark_ladder: tuple = field(default=DEFAULT_LADDER)
    match_points_win: int = 1
    match_points_draw: int = 0
    match_points_loss: int = 0
    bye_result: str = "win"
    bye_points_for: int = 0
    bye_points_against: int = 0
    late_entry_result: str = "none"
    # --- the Kozel family and hand points (RULES-KOZEL.md §14) ---------------------
    games_per_partie: int = 1
    extra_game_on_tie: bool = True
    recorder: str = "loser"
    lone_double_six: int = 12
    blank_six_pair: bool = False
    open_threshold: int = 0
    threshold_scope: str = "until_open"
    remember_small: str = "none"
    wipe_on_record: bool = False
    eggs: str = "next_deal"
    eggs_doubles: tuple = ("1-1",)
    eggs_tries: int = 3
    eggs_expire: str = "void"
    lead_bonus: tuple = NO_BONUS          # (("6-6", p), ("0-0", p)); a dict in the configuration
    finish_bonus: tuple = NO_BONUS
    blank_finish_wins: bool = False
    six_finish_wins: str = "off"
    decider: bool = False
    next_lead: str = "out_player"
    restart_after_unrecorded: bool = False
    dry_goat_value: int = 1
    dry_goat: str = "never_recorded"
    rating: bool = False
    rating_base: int = 100
    higher_wins: bool = True
    allow_negative: bool = False
    # --- the partnership game (RULES-LATIN.md §12): its options, None on the other presets ----
    latin: LatinOptions | None = None

    @property
    def family(self) -> str:
        """``sport``, ``kozel`` (both Kozel presets), ``hand`` or ``latin``."""
        if self.preset in KOZEL_PRESETS:
            return "kozel"
        if self.preset == "latin":
            return "latin"
        return "hand" if self.preset == "hand-points" else "sport"

    def bonus(self, which: str, tile: str) -> int:
        """The lead or finish bonus for a tile ``"6-6"`` / ``"0-0"`` (0 when none)."""
        return dict(self.lead_bonus if which == "lead" else self.finish_bonus).get(tile, 0)

    # --- construction -------------------------------------------------------------
    @classmethod
    def from_config(cls, config: dict | None) -> "Rules":
        config = dict(config or {})
        preset = config.pop("preset", "pusto-shest")
        if preset not in PRESETS:
            raise RulesError(f"unknown preset {preset!r} (known: {', '.join(PRESETS)})", key="preset",
                             code="unknown_preset")
        known = PRESET_OPTIONS[preset]
        unknown = sorted(set(config) - known)
        if unknown:
            raise RulesError(f"unknown rules option(s): {', '.join(unknown)}", key=unknown[0], code="unknown_option")
        if preset == "latin":
            return latin_rules(LatinOptions.from_config(config))
        if preset in SPORT_PRESETS:
            values = {key: SPORT_VALIDATORS[key](key, value) for key, value in config.items()}
        else:
            family = "kozel" if preset in KOZEL_PRESETS else "hand"
            values = {key: validate_option(family, key, value) for key, value in config.items()}
        rules = replace(PRESET_DEFAULTS[preset], **values)
        if "forfeit_score" not in config:
            rules = replace(rules, forfeit_score=rules.default_forfeit_score())
        if preset in SPORT_PRESETS and rules.partie_length == "deals" and rules.deals_per_partie % 4:
            raise RulesError("deals_per_partie must be a multiple of 4 (every player leads equally)",
                             key="deals_per_partie", code="not_multiple_of_4")
        if preset not in SPORT_PRESETS:
            check_combination(rules)
        return rules

    def default_forfeit_score(self) -> int:
        """40 × deals for a partie of fixed length, the target for a partie to a target (§5).

        Kozel, Morskoy and hand points: the target (RULES-KOZEL.md §14).
        """
        if self.preset in SPORT_PRESETS and self.partie_length == "deals":
            return 40 * self.deals_per_partie
        return self.target_points

    def to_config(self) -> dict:
        """Preset plus the options that differ from it (what a tournament stores)."""
        if self.preset == "latin":
            return {"preset": "latin", **self.latin.to_config()}
        base = Rules.from_config({"preset": self.preset})
        data = {"preset": self.preset}
        for f in fields(self):
            mine = getattr(self, f.name)
            if f.name not in PRESET_OPTIONS[self.preset]:  # "preset" is no preset's option: written above
                continue
            if f.name == "forfeit_score":
                if mine == self.default_forfeit_score():
                    continue
            elif mine == getattr(base, f.name):
                continue
            data[f.name] = _option_to_config(f.name, mine)
        return data

    def as_dict(self) -> dict:
        """Every option with its value (for display and for the scored protocol)."""
        if self.preset == "latin":
            return {"preset": "latin", **self.latin.as_dict()}
        data = {}
        for f in fields(self):
            if f.name != "preset" and f.name not in PRESET_OPTIONS[self.preset]:
                continue
            data[f.name] = _option_to_config(f.name, getattr(self, f.name))
        return data

    def ladder_step(self, n: int) -> LadderStep:
        """The n-th remark of a pair (1-based); past the end of the ladder the last step repeats."""
        if n < 1:
            raise ValueError("remarks are counted from 1")
        return self.remark_ladder[min(n, len(self.remark_ladder)) - 1]


def _option_to_config(name: str, value):
    if name == "remark_ladder":
        return [s.to_config() for s in value]
    if name in ("lead_bonus", "finish_bonus"):
        return dict(value)
    if name == "eggs_doubles":
        return list(value)
    return value


PRESET_DEFAULTS = {
    # Club rules of seed 003 (docs/rules.md §4.1): fixed number of deals, partner not counted, block by difference.
    "pusto-shest": Rules(preset="pusto-shest"),
    # Federation rules of seed 000 (docs/rules.md §4.2): to a target within a time limit.
    "federation": Rules(
        preset="federation",
        partie_length="target",
        lone_double_blank=0,
        count_partner_on_domino=True,
        block_scoring="all",
        forfeit_score=200,
    ),
    # Kozel (RULES-KOZEL.md §3): the losers record, rule of 13 with remembered points, to 101, the rating.
    "kozel": Rules(
        preset="kozel", partie_length="games", target_points=101, time_limit_minutes=None,
        lone_double_blank=10, block_scoring="all", remark_ladder=KOZEL_LADDER, forfeit_score=101,
        recorder="loser", open_threshold=13, threshold_scope="until_open", remember_small="until_win",
        rating=True,
    ),
    # Morskoy kozel (RULES-KOZEL.md §4): the winners record from 25, wipe, 0-0 / 6-6 finishes, deciders, to 125.
    "morskoy-kozel": Rules(
        preset="morskoy-kozel", partie_length="games", target_points=125, time_limit_minutes=None,
        lone_double_blank=25, block_scoring="opponents", remark_ladder=KOZEL_LADDER, forfeit_score=125,
        recorder="winner", lone_double_six=50, blank_six_pair=True, open_threshold=25,
        threshold_scope="every_deal", remember_small="none", wipe_on_record=True,
        blank_finish_wins=True, six_finish_wins="if_recordable", decider=True,
    ),
    # Hand points (RULES-KOZEL.md §8): the referee enters each pair's points per deal.
    "hand-points": Rules(
        preset="hand-points", partie_length="target", target_points=100, time_limit_minutes=None,
        forfeit_score=100,
    ),
    # The partnership game (RULES-LATIN.md §12): its options in ``latin``; the numbers other pages read
    # (the target, the time limit, the lead, the forfeit) mirror them (``latin_rules``).
    "latin": Rules(
        preset="latin", partie_length="target", target_points=200, time_limit_minutes=40, next_lead="rotate",
        forfeit_score=200, latin=LatinOptions(),
    ),
}


def latin_rules(options: LatinOptions) -> Rules:
    """The ``Rules`` of the partnership game with ``options``: the Rules fields that name the same thing mirror
    them (``target_points``, ``time_limit_minutes`` — None without a limit —, ``next_lead``, and
    ``forfeit_score``, the target). Its scoring reads ``rules.latin`` alone."""
    return replace(PRESET_DEFAULTS["latin"], latin=options, target_points=options.target_points,
                   time_limit_minutes=options.time_limit_minutes, next_lead=options.next_lead,
                   forfeit_score=options.target_points)


_COMMON = {"target_points", "time_limit_minutes", "forfeit_score", "remark_ladder", "match_points_win",
           "match_points_draw", "match_points_loss", "bye_result", "bye_points_for", "bye_points_against",
           "late_entry_result"}
_SPORT = _COMMON | {"partie_length", "deals_per_partie", "lone_double_blank", "count_partner_on_domino",
                    "block_scoring", "extra_deal_on_tie", "wrong_pass_points"}
_KOZEL = _COMMON | {
    "partie_length", "games_per_partie", "extra_game_on_tie", "recorder", "block_scoring",
    "count_partner_on_domino", "lone_double_blank", "lone_double_six", "blank_six_pair", "open_threshold",
    "threshold_scope", "remember_small", "wipe_on_record", "eggs", "eggs_doubles", "eggs_tries", "eggs_expire",
    "lead_bonus", "finish_bonus", "blank_finish_wins", "six_finish_wins", "decider", "next_lead",
    "restart_after_unrecorded", "dry_goat_value", "dry_goat", "rating", "rating_base",
}
_HAND = _COMMON | {"partie_length", "deals_per_partie", "extra_deal_on_tie", "higher_wins", "allow_negative"}
# The options each preset accepts (anything else is refused as unknown).
PRESET_OPTIONS = {
    "pusto-shest": _SPORT, "federation": _SPORT, "kozel": _KOZEL, "morskoy-kozel": _KOZEL, "hand-points": _HAND,
    "latin": set(LATIN_OPTIONS),
}

# The allowed values of every option that is a choice (forms build their drop-downs from these).
OPTION_CHOICES = {"partie_length": PARTIE_LENGTH + ("games", "time"),
                  "block_scoring": BLOCK_SCORING + ("each_own", "fisher_half", "all_to_fisher"),
                  "bye_result": BYE_RESULTS, "late_entry_result": LATE_ENTRY_RESULTS,
                  "recorder": RECORDERS, "threshold_scope": THRESHOLD_SCOPES, "remember_small": REMEMBER_SMALL,
                  "eggs": EGGS_MODES, "eggs_expire": EGGS_EXPIRE, "six_finish_wins": SIX_FINISH,
                  "next_lead": NEXT_LEAD, "dry_goat": DRY_GOAT}
# The choices that a preset narrows (any other choice option: all of OPTION_CHOICES). Which block values
# go with which recorder is checked once the options are combined (game_options.check_combination).
_KOZEL_CHOICES = {"partie_length": ("games",),
                  "block_scoring": LOSER_BLOCK_SCORING + ("opponents", "difference")}
PRESET_CHOICES = {
    "pusto-shest": {"partie_length": PARTIE_LENGTH, "block_scoring": BLOCK_SCORING},
    "federation": {"partie_length": PARTIE_LENGTH, "block_scoring": BLOCK_SCORING},
    "kozel": _KOZEL_CHOICES, "morskoy-kozel": _KOZEL_CHOICES,
    "hand-points": {"partie_length": HAND_PARTIE_LENGTH},
    # The partnership game's own choices (``next_lead`` there is rotate or winner_pair).
    "latin": LATIN_CHOICES,
}


def option_values(preset: str, key: str) -> tuple:
    """The values a choice option may take under a preset (latin's own choices are in PRESET_CHOICES alone)."""
    narrowed = PRESET_CHOICES.get(preset, {})
    return narrowed[key] if key in narrowed else OPTION_CHOICES[key]
