"""The worked examples of RULES-LATIN.md §13 (latin_examples.json) and small builders of latin protocols."""
import copy
import json
from pathlib import Path

import pytest

from engine.rules import ProtocolError, score_protocol

from .kozel_helpers import mismatches  # noqa: F401  (the key-by-key comparison of the examples)

EXAMPLES = json.loads((Path(__file__).with_name("latin_examples.json")).read_text(encoding="utf-8"))
PARTIDAS = sorted((name for name in EXAMPLES if "protocol" in EXAMPLES[name]), key=lambda name: int(name[1:]))
# The order of play A1 → B1 → A2 → B2: the lead of hand n when A1 leads hand 1 and the lead rotates.
ROTATION = ("A1", "B1", "A2", "B2")


def example(name: str) -> dict:
    return copy.deepcopy(EXAMPLES[name]["protocol"])


def expected(name: str) -> dict:
    return copy.deepcopy(EXAMPLES[name]["scored"])


def lead(n: int) -> str:
    return ROTATION[(n - 1) % 4]


def dom(n, out, hands, **extra):
    """A hand won by going out; the lead rotates from A1 unless given."""
    return {"n": n, "result": "domino", "lead": extra.pop("lead", lead(n)), "out": out, "hands": hands, **extra}


def blk(n, fisher, a1, a2, b1, b2, **extra):
    """A tranque, the four hands in the order A1, A2, B1, B2."""
    return {"n": n, "result": "block", "lead": extra.pop("lead", lead(n)), "fisher": fisher,
            "hands": {"A1": a1, "A2": a2, "B1": b1, "B2": b2}, **extra}


def protocol(deals=(), rules=None, **extra) -> dict:
    """A latin protocol of pairs 3 (A) and 7 (B)."""
    data = {"format": "domino-protocol/2", "rules": {"preset": "latin", **(rules or {})},
            "pairs": {"A": {"number": 3}, "B": {"number": 7}}, "deals": list(deals)}
    data.update(extra)
    return data


def scored(deals=(), rules=None, **extra) -> dict:
    return score_protocol(protocol(deals, rules, **extra)).to_json()


def refused(data) -> ProtocolError:
    with pytest.raises(ProtocolError) as err:
        score_protocol(data)
    return err.value


# Hand 1 of L1: B1 out; A1 25, A2 18, B2 12 — B scores 55.
H1 = {"n": 1, "result": "domino", "lead": "A1", "out": "B1", "hands": {"A1": 25, "A2": 18, "B2": 12}}
