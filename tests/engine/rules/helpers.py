"""Building protocols for the engine tests."""
from engine.rules import score_protocol

RULES_EXAMPLE = {
    "format": "domino-protocol/1",
    "rules": {"preset": "pusto-shest", "deals_per_partie": 4},
    "pairs": {
        "A": {"number": 3, "players": ["Иванов Иван", "Петров Пётр"], "prior_remarks": 1},
        "B": {"number": 7, "players": ["Сидоров Сидор", "Кузнецов Кузьма"], "prior_remarks": 0},
    },
    "deals": [
        {"n": 1, "result": "domino", "out": "A1", "hands": {"A2": 14, "B1": ["0-0"], "B2": 23}},
        {"n": 2, "result": "block", "hands": {"A1": 9, "A2": 10, "B1": 4, "B2": 30}},
        {"n": 3, "result": "domino", "out": "B2", "hands": {"A1": 8, "A2": 17, "B1": 5}},
        {"n": 4, "result": "wrong_pass", "offender": "A2"},
    ],
    "remarks": [{"deal": 2, "player": "A1", "reason": "talking"}],
    "no_show": None,
}


def protocol(deals, remarks=None, *, rules=None, prior=(0, 0), **extra):
    data = {
        "format": "domino-protocol/1",
        "rules": rules or {"preset": "pusto-shest"},
        "pairs": {"A": {"number": 1, "prior_remarks": prior[0]}, "B": {"number": 2, "prior_remarks": prior[1]}},
        "deals": deals,
        "remarks": remarks or [],
        "no_show": None,
    }
    data.update(extra)
    return data


def score(deals, remarks=None, **kwargs):
    return score_protocol(protocol(deals, remarks, **kwargs))


def points(result):
    return [(d.points_a, d.points_b) for d in result.deals]


# Deals that give known points in pusto-shest.
def domino(n, out, **hands):
    return {"n": n, "result": "domino", "out": out, "hands": hands}


def block(n, a1, a2, b1, b2):
    return {"n": n, "result": "block", "hands": {"A1": a1, "A2": a2, "B1": b1, "B2": b2}}


def wrong_pass(n, offender):
    return {"n": n, "result": "wrong_pass", "offender": offender}
