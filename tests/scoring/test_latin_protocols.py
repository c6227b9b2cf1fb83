"""The partnership game's protocols in the database (RULES-LATIN.md §11): every worked example of §13 imported
into a table scores into the protocol's cache exactly as the engine scores the file, comes back out as the same
protocol, and the pairs' cards travel from one partida to the next of the tournament (§10.2)."""
import json
from pathlib import Path

import pytest

from audit.models import AuditEntry
from engine.rules import ProtocolError, score_protocol
from scoring.models import Protocol, Sanction
from scoring.protocol_json import protocol_to_json
from scoring.services import import_protocol_json
from tests.factories import make_referee, make_round, make_tournament

EXAMPLES = json.loads((Path(__file__).parents[1] / "engine" / "rules" / "latin_examples.json").read_text("utf-8"))
PLAYED = sorted((k for k, v in EXAMPLES.items() if "protocol" in v and "bye" not in v["protocol"]
                 and not any("prior_card" in side for side in v["protocol"]["pairs"].values())),
                key=lambda k: int(k[1:]))


def latin_event(rules: dict, pairs: int = 8, slug: str = "copa-latina"):
    overrides = {k: v for k, v in rules.items() if k != "preset"}
    return make_tournament(pairs, slug=slug, preset="latin", overrides=overrides)


def table(tournament, number: int, a: int, b: int):
    return make_round(tournament, number, [(a, b)]).parties.get(table=1)


def the_file(example: dict) -> dict:
    """The protocol as a referee's file sends it: its hands, sanctions, counters and no-show (the rules and the
    pairs' cards are the tournament's)."""
    protocol = example["protocol"]
    return {k: v for k, v in protocol.items() if k in ("format", "deals", "sanctions", "indicators", "no_show")}


@pytest.mark.parametrize("key", PLAYED)
def test_an_example_imported_caches_what_the_engine_scores(db, key):
    example = EXAMPLES[key]
    protocol_in = example["protocol"]
    tournament = latin_event(protocol_in["rules"])
    partie = table(tournament, 1, protocol_in["pairs"]["A"]["number"], protocol_in["pairs"]["B"]["number"])
    protocol = import_protocol_json(partie, the_file(example), make_referee(tournament))
    protocol = Protocol.objects.get(pk=protocol.pk)
    scored = score_protocol(protocol_in).to_json()  # the engine reproduces §13 exactly (tests/engine/rules)
    rows = scored["pairs"]
    assert {side: {k: v for k, v in rows[side].items() if k in example["scored"]["pairs"][side]}
            for side in ("A", "B")} == example["scored"]["pairs"]
    assert (protocol.score_a, protocol.score_b) == (scored["totals"]["A"], scored["totals"]["B"])
    assert protocol.winner == (scored["winner"] or "")
    assert protocol.finished is scored["finished"]
    assert (protocol.efectividad_a, protocol.efectividad_b) == (rows["A"]["efectividad"], rows["B"]["efectividad"])
    assert (protocol.sanction_a, protocol.sanction_b) == (rows["A"]["sanction"], rows["B"]["sanction"])
    assert (protocol.card_a, protocol.card_b) == (rows["A"]["card"], rows["B"]["card"])
    assert protocol.status == ("awaiting_signatures" if scored["finished"] else "in_play")
    # Out again as the same protocol: every hand's field, the sanctions, the counters, the no-show.
    again = protocol_to_json(protocol)
    assert again["deals"] == protocol_in.get("deals", [])
    assert again["sanctions"] == protocol_in.get("sanctions", [])
    assert again.get("indicators") == protocol_in.get("indicators")
    assert again["no_show"] == protocol_in.get("no_show")
    assert score_protocol(again).to_json()["pairs"] == {
        side: {**score_protocol(protocol_in).to_json()["pairs"][side]} for side in ("A", "B")}


def test_the_stored_hand_keeps_its_ends_pasos_redondos_and_time_called(db):
    example = EXAMPLES["L12"]
    tournament = latin_event(example["protocol"]["rules"])
    partie = table(tournament, 1, 3, 7)
    protocol = import_protocol_json(partie, the_file(example), make_referee(tournament))
    first = protocol.deals.get(n=1)
    assert (first.ends, first.pasos_redondos, first.out_tile, first.lead_tile) == ([5, 2], {"B": 1}, "2-5", "6-6")
    timed = EXAMPLES["L6"]
    tournament = latin_event(timed["protocol"]["rules"], slug="a-tiempo")
    protocol = import_protocol_json(table(tournament, 1, 3, 7), the_file(timed), make_referee(tournament))
    assert [d.time_called for d in protocol.deals.all()] == [bool(d.get("time_called"))
                                                            for d in timed["protocol"]["deals"]]
    assert any(d.time_called for d in protocol.deals.all())


def give(tournament, round_number: int, a: int, b: int, sanctions: list, deals=None):
    """A partida of pairs ``a`` and ``b`` in its own round, with these sanctions (hand 1 played by default)."""
    deals = deals if deals is not None else [{"n": 1, "result": "domino", "lead": "A1", "out": "A1",
                                              "hands": {"A2": 10, "B1": 10, "B2": 10}}]
    return import_protocol_json(table(tournament, round_number, a, b),
                                {"deals": deals, "sanctions": sanctions}, make_referee(tournament))


@pytest.mark.parametrize("key,prior_round", [
    ("L8", [{"player": "A1", "card": "yellow", "hand": 1}]),   # pair 3 brings a yellow card
    ("L9", [{"player": "A2", "points": 80, "hand": 1}]),       # an 80 with no card before gives the yellow
    ("L17", [{"player": "A1", "card": "red", "hand": 1}]),     # pair 7 (A in round 1) brings a red card
])
def test_a_card_of_an_earlier_partida_is_the_pairs_prior_card_in_the_next(db, key, prior_round):
    example = EXAMPLES[key]
    protocol_in = example["protocol"]
    tournament = latin_event(protocol_in["rules"])
    carded = next(side for side in ("A", "B") if protocol_in["pairs"][side].get("prior_card"))
    number = protocol_in["pairs"][carded]["number"]
    earlier = give(tournament, 1, number, 8, prior_round)
    assert earlier.card_a == protocol_in["pairs"][carded]["prior_card"]
    partie = table(tournament, 2, protocol_in["pairs"]["A"]["number"], protocol_in["pairs"]["B"]["number"])
    protocol = Protocol.objects.get(pk=import_protocol_json(partie, the_file(example), make_referee(tournament)).pk)
    rows = score_protocol(protocol_in).to_json()["pairs"]
    assert getattr(protocol, f"prior_card_{carded.lower()}") == protocol_in["pairs"][carded]["prior_card"]
    assert (protocol.card_a, protocol.card_b) == (rows["A"]["card"], rows["B"]["card"])
    assert (protocol.efectividad_a, protocol.efectividad_b) == (rows["A"]["efectividad"], rows["B"]["efectividad"])
    assert protocol_to_json(protocol)["pairs"][carded]["prior_card"] == protocol_in["pairs"][carded]["prior_card"]


def test_a_card_taken_back_in_an_earlier_partida_is_taken_back_in_the_later_ones(db):
    """Round 1 gives pair 3 a yellow; round 2 its 80 makes it red. Round 1 corrected without the card: round 2
    is rescored at once — no prior card, so the 80 gives a yellow (RULES-LATIN.md §10.2)."""
    tournament = latin_event({"preset": "latin"})
    give(tournament, 1, 3, 8, [{"player": "A1", "card": "yellow", "hand": 1}])
    later = give(tournament, 2, 3, 7, [{"player": "A2", "points": 80, "hand": 1}])
    assert (later.prior_card_a, later.card_a) == ("yellow", "red")
    first = tournament.rounds.get(number=1).parties.get()
    import_protocol_json(first, {"deals": [{"n": 1, "result": "domino", "lead": "A1", "out": "A1",
                                            "hands": {"A2": 10, "B1": 10, "B2": 10}}], "sanctions": []},
                         make_referee(tournament))
    later.refresh_from_db()
    assert (later.prior_card_a, later.card_a) == ("none", "yellow")


def test_a_black_card_before_the_partida_is_refused_and_nothing_is_written(db):
    tournament = latin_event({"preset": "latin"})
    give(tournament, 1, 3, 8, [{"player": "A1", "card": "black", "hand": 1}])
    partie = table(tournament, 2, 3, 7)
    with pytest.raises(ProtocolError) as refused:
        give_to = {"deals": [{"n": 1, "result": "domino", "lead": "A1", "out": "A1",
                              "hands": {"A2": 10, "B1": 10, "B2": 10}}]}
        import_protocol_json(partie, give_to, make_referee(tournament))
    assert refused.value.code == "prior_card_black"
    assert not Sanction.objects.filter(protocol__partie=partie).exists()
    assert not Protocol.objects.filter(partie=partie, deals__isnull=False).exists()


def test_the_import_of_sanctions_is_audited_with_the_protocol_before_and_after(db):
    example = EXAMPLES["L7"]
    tournament = latin_event(example["protocol"]["rules"])
    partie = table(tournament, 1, 3, 7)
    import_protocol_json(partie, the_file(example), make_referee(tournament))
    entry = AuditEntry.objects.filter(action="protocol.imported").latest("id")
    assert entry.after["sanctions"] == [{"player": "B2", "hand": 3, "points": 40}]
    assert entry.before["sanctions"] == []


def test_a_tournament_moved_to_another_installation_keeps_its_sanctions_and_cards(db, tmp_path):
    from events.services.transfer import export_tournament, import_tournament

    tournament = latin_event({"preset": "latin"})
    give(tournament, 1, 3, 8, [{"player": "A1", "card": "yellow", "hand": 1}])
    path = tmp_path / "copa.json"
    assert export_tournament(tournament, path)["sanctions"] == 1
    written = json.loads(path.read_text("utf-8"))
    assert [(s["seat"], s["card"], s["hand"]) for s in written["sanctions"]] == [("A1", "yellow", 1)]
    import_tournament(path, slug="copa-movida")
    protocol = Protocol.objects.get(partie__round__tournament__slug="copa-movida")
    assert [s.to_json() for s in protocol.sanctions.all()] == [{"player": "A1", "hand": 1, "card": "yellow"}]
    assert protocol.card_a == "yellow"
