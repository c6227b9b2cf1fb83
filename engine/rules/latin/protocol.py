"""Reading a ``latin`` protocol and scoring it (RULES-LATIN.md §11).

``score_latin(data)`` reads, in this order: the format (``domino-protocol/2``; a protocol without one is taken
as it), the rules (``{"preset": "latin", …}``, checked by ``LatinOptions``), the bye, the pairs (their
numbers, different, and their prior cards, never black), the counters (``indicators``), the no-show, the
sanctions (``cards``), the hands' numbers; then a bye, a forfeit or the partida played (``partida``).
Every refusal is a ``ProtocolError`` with its own code (§11.2); nothing is half-read.
"""
from __future__ import annotations

from ..errors import ProtocolError, RulesError
from ..numbering import deals_by_number
from .cards import PRIOR_CARDS, read_sanctions
from .options import LatinOptions
from .partida import ScoredPartida, bye, forfeit, pair_rows, play

LATIN_FORMAT = "domino-protocol/2"
INDICATORS = ("chancleta", "zapato")


def read_options(rules_config) -> LatinOptions:
    """The options of a protocol's ``rules``, which must name the preset ``latin``."""
    if not isinstance(rules_config, dict):
        raise ProtocolError("bad_rules", "rules must be an object")
    config = dict(rules_config)
    preset = config.pop("preset", None)
    if preset != "latin":
        raise ProtocolError("not_latin", f"this is not a protocol of the partnership game (preset {preset!r}, "
                            "expected 'latin')", preset=str(preset))
    try:
        return LatinOptions.from_config(config)
    except RulesError as exc:
        raise ProtocolError(exc.code, f"rules: {exc.message}", key=exc.key, **exc.params) from exc


def _whole(value, *, at_least: int) -> bool:
    return not isinstance(value, bool) and isinstance(value, int) and value >= at_least


def read_pairs(raw, sides: tuple) -> tuple[dict, dict]:
    """(numbers, prior cards) of the pairs at the table."""
    if not isinstance(raw, dict):
        raise ProtocolError("bad_pairs", "pairs must be an object with A and B")
    numbers, prior = {}, {}
    for side in sides:
        info = raw.get(side)
        if not isinstance(info, dict):
            raise ProtocolError("bad_pairs", f"pairs.{side} must be an object", side=side)
        if not _whole(info.get("number"), at_least=1):
            raise ProtocolError("bad_pair_number", f"pairs.{side}.number must be a pair number ≥ 1, got "
                                f"{info.get('number')!r}", side=side)
        card = "none" if info.get("prior_card") is None else info["prior_card"]
        if card == "black":
            raise ProtocolError("prior_card_black", f"pair {side} has a black card: it was withdrawn and does not "
                                "play", side=side)
        if card not in PRIOR_CARDS:
            raise ProtocolError("bad_prior_card", f"pairs.{side}.prior_card must be none, yellow or red, got "
                                f"{card!r}", side=side)
        numbers[side], prior[side] = info["number"], card
    if len(set(numbers.values())) < len(numbers):
        raise ProtocolError("same_pair_number", f"both pairs have the number {numbers['A']}", number=numbers["A"])
    return numbers, prior


def read_indicators(raw, sides: tuple) -> dict:
    """The counters *chancleta* and *zapato* per pair, copied as entered (§7); 0 when not written."""
    out = {side: dict.fromkeys(INDICATORS, 0) for side in sides}
    if raw is None:
        return out
    if not isinstance(raw, dict) or not set(raw) <= set(sides):
        raise ProtocolError("bad_indicators", 'indicators must be an object like {"A": {"zapato": 1}} naming the '
                            "pairs at the table")
    for side, counters in raw.items():
        if not isinstance(counters, dict) or not set(counters) <= set(INDICATORS):
            raise ProtocolError("bad_indicators", f"indicators.{side} holds chancleta and zapato only", side=side)
        for name, value in counters.items():
            if not _whole(value, at_least=0):
                raise ProtocolError("bad_indicators", f"indicators.{side}.{name} must be a count ≥ 0, got {value!r}",
                                    side=side)
            out[side][name] = value
    return out


def _listed(raw, *, code: str, what: str) -> list:
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise ProtocolError(code, f"{what} must be a list")
    return raw


def _bye(options: LatinOptions, data: dict) -> ScoredPartida:
    """A bye protocol: pair A alone, nothing played."""
    if data.get("no_show") is not None:
        raise ProtocolError("bad_bye", "a bye has no no-show")
    pairs = data.get("pairs")
    if isinstance(pairs, dict) and pairs.get("B") is not None:
        raise ProtocolError("bye_with_two_pairs", "a bye is for pair A alone: pairs.B must not be written")
    numbers, prior = read_pairs(pairs, ("A",))
    indicators = read_indicators(data.get("indicators"), ("A",))
    deals = _listed(data.get("deals"), code="bad_deals", what="deals")
    if deals:
        raise ProtocolError("bye_with_deals", f"a bye has no hands, but the protocol lists {len(deals)}",
                            count=len(deals))
    sanctions = _listed(data.get("sanctions"), code="bad_sanctions", what="sanctions")
    if sanctions:
        raise ProtocolError("bye_with_sanctions", f"a bye has no sanctions, but the protocol lists {len(sanctions)}",
                            count=len(sanctions))
    return bye(options, pair_rows(numbers, prior, [], indicators)["A"])


def score_latin(data) -> ScoredPartida:
    """Score a protocol of the partnership game (§11.1); refuse it with a ``ProtocolError`` (§11.2)."""
    if not isinstance(data, dict):
        raise ProtocolError("bad_protocol", "a protocol is a JSON object")
    fmt = data.get("format", LATIN_FORMAT)
    if fmt != LATIN_FORMAT:
        raise ProtocolError("bad_format", f"a protocol of the partnership game is in format {LATIN_FORMAT!r}, "
                            f"got {fmt!r}")
    options = read_options({} if data.get("rules") is None else data["rules"])
    if data.get("bye") is not None:
        if data["bye"] != "A":
            raise ProtocolError("bad_bye", f'bye must be null or "A", got {data["bye"]!r}')
        return _bye(options, data)
    numbers, prior = read_pairs(data.get("pairs"), ("A", "B"))
    indicators = read_indicators(data.get("indicators"), ("A", "B"))
    no_show = data.get("no_show")
    if no_show not in (None, "A", "B"):
        raise ProtocolError("bad_no_show", f'no_show must be null, "A" or "B", got {no_show!r}')
    deals = _listed(data.get("deals"), code="bad_deals", what="deals")
    raw_sanctions = _listed(data.get("sanctions"), code="bad_sanctions", what="sanctions")
    if no_show and deals:
        raise ProtocolError("no_show_with_deals", f"no_show is {no_show!r} but the protocol lists {len(deals)} "
                            "hand(s)", side=no_show, count=len(deals))
    if no_show and raw_sanctions:
        raise ProtocolError("no_show_with_sanctions", f"no_show is {no_show!r} but the protocol lists "
                            f"{len(raw_sanctions)} sanction(s)", side=no_show, count=len(raw_sanctions))
    sanctions = read_sanctions(options, raw_sanctions, prior)
    rows = pair_rows(numbers, prior, sanctions, indicators)
    if no_show:
        return forfeit(options, rows, no_show)
    return play(options, rows, deals_by_number(deals), sanctions)
