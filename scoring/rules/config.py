"""A tournament's rules: a preset plus overrides, validated (docs/rules.md, every *configurable* number).

``Rules.from_config({"preset": "pusto-shest", "deals_per_partie": 8})`` gives a frozen
``Rules``; an unknown key or a bad value raises ``RulesError`` naming the key.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields, replace

from .errors import RulesError

PRESETS = ("pusto-shest", "federation")
BLOCK_SCORING = ("difference", "all", "opponents")
PARTIE_LENGTH = ("deals", "target")
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


DEFAULT_LADDER = (
    LadderStep("warning"),
    LadderStep("fine", points=10, block_pips=20),
    LadderStep("fine", points=20, block_pips=40),
    LadderStep("deal_loss", points=40),
    LadderStep("disqualification"),
)


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

    # --- construction -------------------------------------------------------------
    @classmethod
    def from_config(cls, config: dict | None) -> "Rules":
        config = dict(config or {})
        preset = config.pop("preset", "pusto-shest")
        if preset not in PRESETS:
            raise RulesError(f"unknown preset {preset!r} (known: {', '.join(PRESETS)})", key="preset",
                             code="unknown_preset")
        known = {f.name for f in fields(cls)} - {"preset"}
        unknown = sorted(set(config) - known)
        if unknown:
            raise RulesError(f"unknown rules option(s): {', '.join(unknown)}", key=unknown[0], code="unknown_option")
        values = {key: _VALIDATORS[key](key, value) for key, value in config.items()}
        rules = replace(PRESET_DEFAULTS[preset], **values)
        if "forfeit_score" not in config:
            rules = replace(rules, forfeit_score=rules.default_forfeit_score())
        if rules.partie_length == "deals" and rules.deals_per_partie % 4:
            raise RulesError("deals_per_partie must be a multiple of 4 (every player leads equally)",
                             key="deals_per_partie", code="not_multiple_of_4")
        return rules

    def default_forfeit_score(self) -> int:
        """40 × deals for a partie of fixed length, the target for a partie to a target (§5)."""
        return 40 * self.deals_per_partie if self.partie_length == "deals" else self.target_points

    def to_config(self) -> dict:
        """Preset plus the options that differ from it (what a tournament stores)."""
        base = Rules.from_config({"preset": self.preset})
        data = {"preset": self.preset}
        for f in fields(self):
            mine = getattr(self, f.name)
            if f.name == "preset":
                continue
            if f.name == "forfeit_score":
                if mine == self.default_forfeit_score():
                    continue
            elif mine == getattr(base, f.name):
                continue
            data[f.name] = [s.to_config() for s in mine] if f.name == "remark_ladder" else mine
        return data

    def as_dict(self) -> dict:
        """Every option with its value (for display and for the scored protocol)."""
        data = {}
        for f in fields(self):
            value = getattr(self, f.name)
            data[f.name] = [s.to_config() for s in value] if f.name == "remark_ladder" else value
        return data

    def ladder_step(self, n: int) -> LadderStep:
        """The n-th remark of a pair (1-based); past the end of the ladder the last step repeats."""
        if n < 1:
            raise ValueError("remarks are counted from 1")
        return self.remark_ladder[min(n, len(self.remark_ladder)) - 1]


def _int(key, value, lo, hi=None):
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"{key} must be a whole number", key=key, code="not_integer")
    if value < lo or (hi is not None and value > hi):
        bound = f"{lo}..{hi}" if hi is not None else f">= {lo}"
        raise RulesError(f"{key} must be {bound}, got {value}", key=key, code="out_of_range", lo=lo, hi=hi)
    return value


def _bool(key, value):
    if not isinstance(value, bool):
        raise RulesError(f"{key} must be true or false", key=key, code="not_boolean")
    return value


def _choice(key, value, choices):
    if value not in choices:
        raise RulesError(f"{key} must be one of {', '.join(choices)}, got {value!r}", key=key, code="bad_choice")
    return value


def _ladder(value):
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
        kind = _choice("remark_ladder", raw.get("kind"), LADDER_KINDS)
        points = _int("remark_ladder", raw.get("points", 0), 0, 10_000)
        block_pips = _int("remark_ladder", raw.get("block_pips", 0), 0, 168)
        if kind in ("fine", "deal_loss") and "points" not in raw:
            raise RulesError(f"remark_ladder step {i} ({kind}) needs points", key="remark_ladder")
        if kind == "fine" and "block_pips" not in raw:
            raise RulesError(f"remark_ladder step {i} (fine) needs block_pips", key="remark_ladder")
        steps.append(LadderStep(kind, points, block_pips))
    return tuple(steps)


_VALIDATORS = {
    "partie_length": lambda k, v: _choice(k, v, PARTIE_LENGTH),
    "deals_per_partie": lambda k, v: _int(k, v, 4, 400),
    "target_points": lambda k, v: _int(k, v, 1, 100_000),
    "time_limit_minutes": lambda k, v: _int(k, v, 1, 600),
    "lone_double_blank": lambda k, v: _int(k, v, 0, 69),
    "count_partner_on_domino": _bool,
    "block_scoring": lambda k, v: _choice(k, v, BLOCK_SCORING),
    "extra_deal_on_tie": _bool,
    "forfeit_score": lambda k, v: _int(k, v, 0, 100_000),
    "wrong_pass_points": lambda k, v: _int(k, v, 0, 10_000),
    "remark_ladder": lambda k, v: _ladder(v),
    "match_points_win": lambda k, v: _int(k, v, 0, 100),
    "match_points_draw": lambda k, v: _int(k, v, 0, 100),
    "match_points_loss": lambda k, v: _int(k, v, 0, 100),
    "bye_result": lambda k, v: _choice(k, v, BYE_RESULTS),
    "bye_points_for": lambda k, v: _int(k, v, 0, 100_000),
    "bye_points_against": lambda k, v: _int(k, v, 0, 100_000),
    "late_entry_result": lambda k, v: _choice(k, v, LATE_ENTRY_RESULTS),
}


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
}

# The allowed values of every option that is a choice (forms build their drop-downs from these).
OPTION_CHOICES = {"partie_length": PARTIE_LENGTH, "block_scoring": BLOCK_SCORING, "bye_result": BYE_RESULTS,
                  "late_entry_result": LATE_ENTRY_RESULTS}
