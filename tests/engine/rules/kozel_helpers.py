"""The worked examples of RULES-KOZEL.md §12 (kozel_examples.json: input protocol and expected scored form)."""
import copy
import json
from pathlib import Path

EXAMPLES = json.loads((Path(__file__).with_name("kozel_examples.json")).read_text(encoding="utf-8"))


def example(name: str) -> dict:
    return copy.deepcopy(EXAMPLES[name]["protocol"])


def expected(name: str) -> dict:
    return copy.deepcopy(EXAMPLES[name]["scored"])


def mismatches(expected_part, actual, path="") -> list[str]:
    """Where ``actual`` differs from ``expected_part`` (keys the example leaves out are not compared)."""
    if isinstance(expected_part, dict):
        if not isinstance(actual, dict):
            return [f"{path}: expected an object, got {actual!r}"]
        out = []
        for key, value in expected_part.items():
            if key not in actual:
                out.append(f"{path}.{key}: missing")
            else:
                out.extend(mismatches(value, actual[key], f"{path}.{key}"))
        return out
    if isinstance(expected_part, list):
        if not isinstance(actual, list) or len(actual) != len(expected_part):
            return [f"{path}: expected {len(expected_part)} items, got {actual!r}"]
        out = []
        for i, (e, a) in enumerate(zip(expected_part, actual)):
            out.extend(mismatches(e, a, f"{path}[{i}]"))
        return out
    if expected_part != actual or type(expected_part) is not type(actual):
        return [f"{path}: expected {expected_part!r}, got {actual!r}"]
    return []


def kozel_protocol(deals, rules=None, **extra) -> dict:
    data = {"format": "domino-protocol/2", "rules": rules or {"preset": "kozel"}, "deals": deals}
    data.update(extra)
    return data


def dom(n, out, hands, **extra):
    """A Kozel deal ended by going out: ``hands`` of the pips (or tiles) left."""
    return {"n": n, "result": "domino", "out": out, "hands": hands, **extra}


def blk(n, a1, a2, b1, b2, **extra):
    """A Kozel deal ended by a block, the four hands in seat order A1, A2, B1, B2."""
    return {"n": n, "result": "block", "hands": {"A1": a1, "A2": a2, "B1": b1, "B2": b2}, **extra}
