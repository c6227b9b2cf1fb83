"""The Kozel family against the database: tournament rules validated, protocols exported and imported as /2."""
import pytest
from django.core.exceptions import ValidationError

from scoring.models import Protocol
from scoring.protocol_json import import_protocol_json, protocol_to_json
from scoring.rules import ProtocolError
from tests.factories import make_referee, make_round, make_tournament


@pytest.mark.parametrize("preset,overrides", [
    ("kozel", {}),
    ("morskoy-kozel", {"games_per_partie": 3}),
    ("hand-points", {"partie_length": "target", "target_points": 72}),
    ("kozel", {"recorder": "winner", "block_scoring": "opponents", "rating": False}),
])
def test_tournament_accepts_the_new_presets(db, preset, overrides):
    tournament = make_tournament(2, preset=preset, overrides=overrides)
    tournament.full_clean()
    assert tournament.rules().preset == preset


@pytest.mark.parametrize("preset,overrides,field", [
    ("kozel", {"wrong_pass_points": 10}, "rules_overrides"),
    ("kozel", {"open_treshold": 13}, "rules_overrides"),
    ("morskoy-kozel", {"rating": True}, "rules_overrides"),
    ("kozle", {}, "rules_preset"),
])
def test_tournament_refuses_unknown_or_contradicting_options(db, preset, overrides, field):
    tournament = make_tournament(2, preset=preset, overrides=overrides)
    with pytest.raises(ValidationError) as err:
        tournament.full_clean()
    assert field in err.value.message_dict


@pytest.fixture
def kozel_partie(db):
    tournament = make_tournament(4, slug="kozel-cup", preset="kozel")
    make_round(tournament, 1, [(1, 2), (3, 4)])
    return tournament.rounds.get(number=1).parties.get(table=1)


DEALS = [
    {"n": 1, "result": "domino", "out": "A1", "hands": {"B1": 10, "B2": 12}},
    {"n": 2, "result": "domino", "out": "B2", "hands": {"A1": 9, "A2": 11}},
]


def test_kozel_protocol_round_trip_as_format_2(kozel_partie):
    protocol = import_protocol_json(kozel_partie, {"format": "domino-protocol/2", "deals": DEALS},
                                    make_referee(kozel_partie.round.tournament))
    exported = protocol_to_json(protocol)
    assert exported["format"] == "domino-protocol/2"
    assert exported["deals"] == DEALS
    assert (protocol.score_a, protocol.score_b) == (20, 22)


def test_format_1_files_still_import_into_a_kozel_tournament(kozel_partie):
    protocol = import_protocol_json(kozel_partie, {"format": "domino-protocol/1", "deals": DEALS},
                                    make_referee(kozel_partie.round.tournament))
    assert protocol.deals.count() == 2


@pytest.mark.parametrize("extra,field", [({"lead": "A1"}, "lead"), ({"lead_tile": "1-1"}, "lead_tile")])
def test_deal_fields_the_database_cannot_keep_are_refused_and_nothing_saved(kozel_partie, extra, field):
    deals = [DEALS[0], {**DEALS[1], **extra}]
    with pytest.raises(ProtocolError) as err:
        import_protocol_json(kozel_partie, {"format": "domino-protocol/2", "deals": deals},
                                    make_referee(kozel_partie.round.tournament))
    assert (err.value.code, err.value.deal, err.value.params["field"]) == ("not_stored", 2, field)
    assert field in err.value.message_ru
    assert not Protocol.objects.filter(partie=kozel_partie, deals__isnull=False).exists()


def test_sport_protocols_are_still_exported_as_format_1(db):
    tournament = make_tournament(2)
    make_round(tournament, 1, [(1, 2)])
    partie = tournament.rounds.get(number=1).parties.get(table=1)
    protocol, _ = Protocol.objects.get_or_create(partie=partie)
    assert protocol_to_json(protocol)["format"] == "domino-protocol/1"
