"""The Kozel family against the database: tournament rules validated, protocols exported and imported as /2."""
import pytest
from django.core.exceptions import ValidationError

from engine.rules import ProtocolError
from scoring.models import Protocol
from scoring.protocol_json import protocol_to_json
from scoring.services import import_protocol_json
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


def _generated(preset, seed):
    import random

    from engine.rules import config
    from engine.rules.generate import random_partie

    deals, _remarks = random_partie(random.Random(seed), config.PRESET_DEFAULTS[preset])
    return deals


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_kozel_deal_fields_are_kept_on_import_and_export(kozel_partie, seed):
    deals = _generated("kozel", seed)
    assert any("lead_tile" in d for d in deals)
    protocol = import_protocol_json(kozel_partie, {"format": "domino-protocol/2", "deals": deals},
                                    make_referee(kozel_partie.round.tournament))
    assert protocol_to_json(protocol)["deals"] == deals
    assert protocol.finished


def test_an_abandoned_pair_is_kept(kozel_partie):
    data = {"format": "domino-protocol/2", "deals": DEALS[:1], "abandoned": "B"}
    protocol = import_protocol_json(kozel_partie, data, make_referee(kozel_partie.round.tournament))
    protocol.refresh_from_db()
    assert protocol.abandoned == "B" and protocol_to_json(protocol)["abandoned"] == "B"
    assert protocol.finished


def test_a_kozel_partie_is_recorded_deal_by_deal_through_the_service(kozel_partie):
    from scoring import services

    referee = make_referee(kozel_partie.round.tournament)
    deals = _generated("kozel", 2)
    protocol = services.ensure_protocol(kozel_partie)
    for deal in deals:
        protocol = services.record_deal(referee, kozel_partie, deal, expected_version=protocol.version)
    assert protocol_to_json(protocol)["deals"] == deals
    assert protocol.finished


def test_hand_points_with_a_note_are_recorded_through_the_service(db):
    from scoring import services

    tournament = make_tournament(2, slug="hand-cup", preset="hand-points")
    make_round(tournament, 1, [(1, 2)])
    partie = tournament.rounds.get(number=1).parties.get(table=1)
    referee = make_referee(tournament)
    protocol = services.ensure_protocol(partie)
    deal = {"n": 1, "result": "points", "points": {"A": 60, "B": 30}, "note": "<b>=1+1</b>"}
    protocol = services.record_deal(referee, partie, deal, expected_version=protocol.version)
    assert protocol_to_json(protocol)["deals"] == [deal]
    assert (protocol.score_a, protocol.score_b) == (60, 30)


def test_a_deal_field_nobody_knows_is_refused_and_nothing_saved(kozel_partie):
    deals = [DEALS[0], {**DEALS[1], "colour": "red"}]
    with pytest.raises(ProtocolError) as err:
        import_protocol_json(kozel_partie, {"format": "domino-protocol/2", "deals": deals},
                             make_referee(kozel_partie.round.tournament))
    assert err.value.deal == 2
    assert not Protocol.objects.filter(partie=kozel_partie, deals__isnull=False).exists()


def test_sport_protocols_are_still_exported_as_format_1(db):
    tournament = make_tournament(2)
    make_round(tournament, 1, [(1, 2)])
    partie = tournament.rounds.get(number=1).parties.get(table=1)
    protocol, _ = Protocol.objects.get_or_create(partie=partie)
    assert protocol_to_json(protocol)["format"] == "domino-protocol/1"


def test_the_referee_deal_form_offers_no_hand_points_result():
    from scoring.forms import DealForm
    from scoring.models import DealResult

    offered = {value for value, _label in DealForm.base_fields["result"].choices}
    assert offered == {DealResult.DOMINO, DealResult.BLOCK, DealResult.WRONG_PASS}


@pytest.mark.parametrize("preset", ["kozel", "morskoy-kozel"])
def test_two_doubles_placed_at_once_are_stored_and_read_back(db, preset):
    """RULES-KOZEL §2.1/§10: ``out_tile`` may list two doubles placed together; the list survives storage."""
    tournament = make_tournament(2, slug=f"two-doubles-{preset}", preset=preset)
    make_round(tournament, 1, [(1, 2)])
    partie = tournament.rounds.get(number=1).parties.get(table=1)
    deal = {"n": 1, "result": "domino", "lead": "A1", "lead_tile": "1-1", "out": "B1",
            "out_tile": ["6-6", "5-5"], "hands": {"A1": 9, "A2": 7, "B2": 8}}
    protocol = import_protocol_json(partie, {"format": "domino-protocol/2", "deals": [deal]},
                                    make_referee(tournament))
    protocol.refresh_from_db()
    assert protocol.deals.get().out_tile == "6-6+5-5"
    assert protocol_to_json(protocol)["deals"] == [deal]
