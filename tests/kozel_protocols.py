"""Kozel, Morskoy and hand-points protocols in the database, for the score sheet and the public page (setup only).

Each helper makes a two-pair tournament of the preset, imports the deals through
the protocol import service (format /2) and, if asked, marks the protocol signed
the way the signing service leaves it.
"""
import random

from engine.rules.generate import random_partie
from scoring.models import Protocol
from scoring.services import import_protocol_json
from tests.factories import make_referee, make_round, make_tournament
from tests.reports.conftest import sign

# Kozel, two games. Game 1: B remembers 5 then 8 (rule of 13), a tied block leaves 20 eggs, A records 20 + 20,
# B records 60, A reaches 105 and is the goat. Game 2: A records 50 and 61, a dry goat (B has 0).
KOZEL_TWO_GAMES = [
    {"n": 1, "result": "domino", "lead": "B2", "lead_tile": "1-1", "out": "A1", "out_tile": "2-4",
     "hands": {"B1": 3, "B2": 2}},
    {"n": 2, "result": "domino", "lead": "A1", "out": "A2", "hands": {"B1": 4, "B2": 4}},
    {"n": 3, "result": "block", "fisher": "A1", "hands": {"A1": 5, "A2": 5, "B1": 5, "B2": 5}},
    {"n": 4, "result": "domino", "out": "B1", "hands": {"A1": 10, "A2": 10}},
    {"n": 5, "result": "domino", "out": "A1", "hands": {"B1": 30, "B2": 30}},
    {"n": 6, "result": "domino", "out": "B2", "hands": {"A1": 35, "A2": 30}},
    {"n": 7, "result": "domino", "out": "B1", "hands": {"A1": 20, "A2": 30}},
    {"n": 8, "result": "domino", "out": "B2", "hands": {"A1": 30, "A2": 31}},
]
KOZEL_REMARKS = [{"deal": 5, "player": "B1", "reason": "talking"}]

HOSTILE_NAMES = {
    1: ["<b>Жирный</b> & Ко", "=СУММ(A1:A9)"],
    2: ["٣² Петров <img src=x onerror=alert(1)>", "Длинный " + "Оченьдлинноеимя" * 12],
}

HAND_DEALS = [
    {"n": 1, "result": "points", "points": {"A": 25, "B": 10}, "note": "<script>alert(1)</script> рыба"},
    {"n": 2, "result": "points", "points": {"A": 0, "B": 35}, "note": "=1+2"},
    {"n": 3, "result": "points", "points": {"A": 40, "B": 15},
     "note": "Очень длинное примечание судьи о том, что было за столом, " * 3},
    {"n": 4, "result": "points", "points": {"A": 40, "B": 20}},
]


def partie_of(preset, overrides=None, *, slug=None, names=None):
    tournament = make_tournament(2, slug=slug or f"{preset}-sheet", preset=preset, overrides=overrides or {})
    if names:
        for number, pair_names in names.items():
            players = tournament.pairs.get(number=number).players.order_by("number")
            for player, name in zip(players, pair_names):
                player.name = name
                player.save(update_fields=["name"])
    make_round(tournament, 1, [(1, 2)])
    return tournament.rounds.get(number=1).parties.get(table=1)


def record(partie, deals, remarks=(), *, signed=True) -> Protocol:
    user = make_referee(partie.round.tournament)
    protocol = import_protocol_json(
        partie, {"format": "domino-protocol/2", "deals": list(deals), "remarks": list(remarks)}, user)
    if signed:
        names = [p.name for pair in (partie.pair_a, partie.pair_b) for p in pair.players.order_by("number")]
        protocol = sign(protocol, *names)
    return protocol


def generated(partie, seed: int) -> list:
    deals, _remarks = random_partie(random.Random(seed), partie.round.tournament.rules())
    return deals
