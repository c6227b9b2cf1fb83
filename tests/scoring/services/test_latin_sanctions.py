"""The partnership game's sanctions at the table (RULES-LATIN.md §10): the deduction, the card escalation carried
from partida to partida, a grave card ending the partida, a black card withdrawing the pair, each confirmed
first when grave, taken back with a reason, refused to anyone but the table's referee — all audited."""
import pytest
from django.contrib.auth import get_user_model

from audit.models import AuditEntry
from scoring.errors import ConfirmationRequired, InvalidInput, NotAllowed
from scoring.models import Protocol, Sanction
from scoring.services import (
    ensure_protocol,
    give_sanction,
    import_protocol_json,
    record_deal,
    withdraw_sanction,
)
from tests.factories import make_referee, make_round, make_tournament
from tournaments.models import EntrantStatus

pytestmark = pytest.mark.django_db

HAND = {"n": 1, "result": "domino", "lead": "A1", "out": "A1", "hands": {"A2": 10, "B1": 10, "B2": 10}}


@pytest.fixture
def latin():
    tournament = make_tournament(4, slug="copa", preset="latin", overrides={"target_points": 100})
    make_round(tournament, 1, [(1, 2), (3, 4)])
    return tournament


def table(tournament, round_number=1, number=1):
    return tournament.rounds.get(number=round_number).parties.get(table=number)


def version(partie):
    return ensure_protocol(partie).version


def give(tournament, partie, **kwargs):
    kwargs.setdefault("hand", 1)
    return give_sanction(make_referee(tournament), partie, expected_version=version(partie), **kwargs)


def test_the_small_deduction_needs_no_confirmation_and_is_cached_and_audited(latin):
    partie = table(latin)
    protocol = give(latin, partie, seat="B2", points=40)
    assert (protocol.sanction_a, protocol.sanction_b, protocol.card_b) == (0, 40, "none")
    entry = AuditEntry.objects.get(action="protocol.sanction.given")
    assert entry.after["sanction"] == {"player": "B2", "hand": 1, "points": 40}
    assert "вычет 40 очков" in entry.note


def test_the_large_deduction_asks_for_confirmation_then_gives_the_yellow_card(latin):
    partie = table(latin)
    with pytest.raises(ConfirmationRequired) as asked:
        give(latin, partie, seat="A1", points=80)
    assert "вычет 80 очков" in asked.value.message and "жёлтая карточка" in asked.value.message
    assert not Sanction.objects.exists()
    protocol = give(latin, partie, seat="A1", points=80, confirm=True)
    assert (protocol.sanction_a, protocol.card_a) == (80, "yellow")


def test_a_yellow_card_of_the_last_round_makes_an_80_red_in_the_next(latin):
    give(latin, table(latin), seat="A1", card="yellow", confirm=True)
    make_round(latin, 2, [(1, 3), (2, 4)])
    later = table(latin, 2)
    with pytest.raises(ConfirmationRequired) as asked:
        give(latin, later, seat="A2", points=80)
    assert "красная карточка" in asked.value.message
    protocol = give(latin, later, seat="A2", points=80, confirm=True)
    assert (protocol.prior_card_a, protocol.card_a, protocol.finished) == ("yellow", "red", False)


def test_a_red_card_given_directly_ends_the_partida_in_its_hand(latin):
    partie = table(latin)
    referee = make_referee(latin)
    record_deal(referee, partie, HAND, expected_version=version(partie))
    with pytest.raises(ConfirmationRequired) as asked:
        give(latin, partie, seat="B1", card="red", hand=2)
    assert "партия окончена" in asked.value.message
    protocol = give(latin, partie, seat="B1", card="red", hand=2, confirm=True)
    assert (protocol.finished, protocol.winner, protocol.efectividad_a, protocol.efectividad_b) == (
        True, "A", 100, -100)
    hand_2 = {"n": 2, "result": "domino", "out": "B1", "hands": {"A1": 10, "A2": 10, "B2": 10}}
    with pytest.raises(InvalidInput) as refused:
        record_deal(referee, partie, hand_2, expected_version=protocol.version)
    assert refused.value.code == "finished"


def test_a_black_card_withdraws_the_pair_and_taken_back_puts_it_back(latin):
    partie = table(latin)
    protocol = give(latin, partie, seat="B2", card="black", confirm=True)
    pair = partie.pair_b
    pair.refresh_from_db()
    assert (pair.status, pair.withdrawn_after_round) == (EntrantStatus.WITHDRAWN, 1)
    assert AuditEntry.objects.filter(action="pair.black_card").count() == 1
    sanction = protocol.sanctions.get()
    with pytest.raises(InvalidInput):
        withdraw_sanction(make_referee(latin), partie, sanction.pk, "  ", expected_version=protocol.version)
    protocol = withdraw_sanction(make_referee(latin), partie, sanction.pk, "не тому игроку",
                                 expected_version=protocol.version)
    pair.refresh_from_db()
    assert (pair.status, pair.withdrawn_after_round, protocol.card_b) == (EntrantStatus.ACTIVE, None, "none")
    assert AuditEntry.objects.get(action="protocol.sanction.withdrawn").note == "не тому игроку"
    assert AuditEntry.objects.filter(action="pair.reinstated").count() == 1


def test_a_pair_the_organizer_withdrew_stays_withdrawn_when_a_sanction_is_taken_back(latin):
    partie = table(latin)
    protocol = give(latin, partie, seat="B2", points=40)
    pair = partie.pair_b
    pair.status, pair.withdrawn_after_round = EntrantStatus.WITHDRAWN, 1
    pair.save()
    withdraw_sanction(make_referee(latin), partie, protocol.sanctions.get().pk, "ошибка",
                      expected_version=protocol.version)
    pair.refresh_from_db()
    assert pair.status == EntrantStatus.WITHDRAWN


def test_a_second_sanction_to_one_player_is_refused_with_the_engines_message(latin):
    partie = table(latin)
    give(latin, partie, seat="A1", points=40)
    with pytest.raises(InvalidInput) as refused:
        give(latin, partie, seat="A1", points=40, hand=1)
    assert refused.value.code == "sanction_twice"
    assert "A1" in refused.value.message
    assert Sanction.objects.count() == 1


@pytest.mark.parametrize("kwargs,code", [
    ({"seat": "C1", "points": 40}, "seat"),
    ({"seat": "A1", "points": 50}, "sanction_bad_points"),
    ({"seat": "A1", "card": "green"}, "sanction_bad_card"),
    ({"seat": "A1", "points": "сорок"}, "bad_points"),
    ({"seat": "A1", "points": 40, "hand": 7}, "hand_number"),
    ({"seat": "A1", "points": 40, "hand": "0"}, "bad_hand"),
])
def test_hostile_input_is_refused_and_nothing_is_written(latin, kwargs, code):
    partie = table(latin)
    with pytest.raises(InvalidInput) as refused:
        give(latin, partie, **kwargs)
    assert refused.value.code == code
    assert not Sanction.objects.exists()


def test_only_the_tables_referee_gives_a_sanction(latin):
    partie = table(latin)
    stranger = get_user_model().objects.create_user("zritel")
    with pytest.raises(NotAllowed):
        give_sanction(stranger, partie, hand=1, seat="A1", points=40, expected_version=version(partie))


def test_the_sport_game_has_remarks_not_sanctions(db):
    tournament = make_tournament(2, slug="sport")
    make_round(tournament, 1, [(1, 2)])
    partie = table(tournament)
    with pytest.raises(InvalidInput) as refused:
        give(tournament, partie, seat="A1", points=40)
    assert refused.value.code == "no_sanctions"


def test_an_imported_black_card_withdraws_the_pair(latin):
    partie = table(latin)
    import_protocol_json(partie, {"deals": [HAND], "sanctions": [{"player": "A2", "card": "black", "hand": 1}]},
                         make_referee(latin))
    pair = partie.pair_a
    pair.refresh_from_db()
    assert pair.status == EntrantStatus.WITHDRAWN
    assert Protocol.objects.get(partie=partie).card_a == "black"


def test_the_actas_counters_are_kept_as_counted_and_audited(latin):
    from scoring.services import set_counters

    partie = table(latin)
    protocol = set_counters(make_referee(latin), partie, counters={"A": {"chancleta": 0, "zapato": 2},
                                                                   "B": {"chancleta": 1, "zapato": 0}},
                            expected_version=version(partie))
    assert protocol.indicators == {"A": {"chancleta": 0, "zapato": 2}, "B": {"chancleta": 1, "zapato": 0}}
    entry = AuditEntry.objects.get(action="protocol.counters.set")
    assert entry.before == {"indicators": None}
    from scoring.protocol_json import protocol_to_json
    assert protocol_to_json(protocol)["indicators"]["A"]["zapato"] == 2
    with pytest.raises(InvalidInput):
        set_counters(make_referee(latin), partie, counters={"A": {"zapato": -1}}, expected_version=protocol.version)
    protocol = set_counters(make_referee(latin), partie, counters={"A": {"chancleta": 0, "zapato": 0},
                                                                   "B": {"chancleta": 0, "zapato": 0}},
                            expected_version=protocol.version)
    assert protocol.indicators is None
