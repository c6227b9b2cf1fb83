"""A small tournament with real protocols (imported through the JSON protocol import)."""
import pytest
from django.utils import timezone

from scoring.integrity import freeze_header, protocol_fingerprint
from scoring.models import Protocol, Signature
from scoring.reports.pades import ensure_signing_key
from scoring.seals import make_seal, seal_message
from scoring.services import import_protocol_json
from tests.factories import make_referee, make_round, make_tournament
from tournaments.choices import ProtocolStatus

# RULES.md §8: scores 48 : 35, or 47 : 35 when pair A already had one remark.
EXAMPLE_DEALS = [
    {"n": 1, "result": "domino", "out": "A1", "hands": {"A2": 14, "B1": ["0-0"], "B2": 23}},
    {"n": 2, "result": "block", "hands": {"A1": 9, "A2": 10, "B1": 4, "B2": 30}},
    {"n": 3, "result": "domino", "out": "B2", "hands": {"A1": 8, "A2": 17, "B1": 5}},
    {"n": 4, "result": "wrong_pass", "offender": "A2"},
]


def blocks(*margins):
    """Four deals as blocks: a positive margin is won by A by that many points, negative by B."""
    deals = []
    for n, m in enumerate(margins, start=1):
        hands = {"A1": 1, "A2": 1, "B1": 1, "B2": 1}
        if m > 0:
            hands["B2"] = 1 + m
        elif m < 0:
            hands["A2"] = 1 - m
        deals.append({"n": n, "result": "block", "hands": hands})
    return deals


def play(rnd, table, deals, remarks=(), user=None):
    partie = rnd.parties.get(table=table)
    user = user or make_referee(rnd.tournament)
    return import_protocol_json(partie, {"deals": list(deals), "remarks": list(remarks)}, user)


def sign(protocol, *names):
    """Mark a protocol signed as the signing service leaves it (setup only): header frozen, true fingerprints."""
    freeze_header(protocol)
    Protocol.objects.filter(pk=protocol.pk).update(signed_header=protocol.signed_header)
    fingerprint = protocol_fingerprint(protocol)
    key_pem, cert_pem = ensure_signing_key(protocol.partie.round.tournament)

    def sealed(role, seat, name):  # the tournament's seal, as the signing service gives it (scoring.seals)
        return make_seal(key_pem, cert_pem, seal_message(fingerprint, role, seat, name, ""))

    for seat, name in zip(("A1", "A2", "B1", "B2"), names):
        Signature.objects.create(protocol=protocol, role="player", seat=seat, name=name, fingerprint=fingerprint,
                                 seal=sealed("player", seat, name))
    Signature.objects.create(protocol=protocol, role="referee", name="Судьин Семён", fingerprint=fingerprint,
                             seal=sealed("referee", "", "Судьин Семён"))
    Protocol.objects.filter(pk=protocol.pk).update(status=ProtocolStatus.SIGNED, locked_at=timezone.now())
    protocol.refresh_from_db()
    return protocol


@pytest.fixture
def cup(db):
    """8 pairs, Swiss, two rounds played and signed, a third round paired but not played.

    Round 1: 3–4 (A1 of pair 3 warned), 1–2, 5–6, 7–8.  Round 2: the §8 example 3–7 (47:35), 1–5, 2–6, 4–8.
    """
    tournament = make_tournament(8, slug="cup")
    r1 = make_round(tournament, 1, [(3, 4), (1, 2), (5, 6), (7, 8)])
    r2 = make_round(tournament, 2, [(3, 7), (1, 5), (2, 6), (4, 8)])
    make_round(tournament, 3, [(3, 1), (7, 5), (2, 4), (6, 8)])
    names = {p.number: [pl.name for pl in p.players.order_by("number")] for p in tournament.pairs.all()}
    results = [
        (r1, 1, blocks(10, 10, -5, 5), [{"deal": 1, "player": "A1", "reason": "talking"}], (3, 4)),
        (r1, 2, blocks(20, 0, 0, 0), [], (1, 2)),
        (r1, 3, blocks(-30, 0, 0, 0), [], (5, 6)),
        (r1, 4, blocks(5, 5, 5, 5), [], (7, 8)),
        (r2, 1, EXAMPLE_DEALS, [{"deal": 2, "player": "A1", "reason": "talking"}], (3, 7)),
        (r2, 2, blocks(-1, -1, -1, -1), [], (1, 5)),
        (r2, 3, blocks(40, 0, 0, 0), [], (2, 6)),
        (r2, 4, blocks(0, 0, 0, 7), [], (4, 8)),
    ]
    for rnd, table, deals, remarks, (a, b) in results:
        protocol = play(rnd, table, deals, remarks)
        sign(protocol, *(names[a] + names[b]))
    return tournament
