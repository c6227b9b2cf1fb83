"""The protocol of an individual event's table: seats from four entrants, four players sign with their accounts."""

import pytest

from access import permissions as perms
from events.services import pair_round, publish_round, run_draw
from referees.selectors import seat_names
from scoring import services
from tests.factories import make_individual, make_referee
from tests.referees.helpers import play
from tournaments.choices import ProtocolStatus

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(organizer, django_user_model):
    t = make_individual(8, numbered=False)
    run_draw(organizer, t, seed="solo")
    rnd = pair_round(organizer, t)
    publish_round(organizer, rnd)
    partie = rnd.parties.select_related("pair_a", "partner_a", "pair_b", "partner_b", "round__tournament").get(table=1)
    accounts = {}
    for seat, entrant in zip(("A1", "A2", "B1", "B2"),
                             (partie.pair_a, partie.partner_a, partie.pair_b, partie.partner_b)):
        player = entrant.players.get()
        player.user = django_user_model.objects.create_user(f"p-{seat}")
        player.save(update_fields=["user"])
        accounts[seat] = (player.user, player.name)
    return partie, accounts, make_referee(t)


def test_each_seat_is_the_player_of_its_entrant(table):
    partie, accounts, _referee = table
    assert seat_names(partie) == {seat: name for seat, (_user, name) in accounts.items()}
    for seat, (user, _name) in accounts.items():
        assert perms.player_seats(user, partie) == [seat]  # the partner of seat A2 is a player of his own


def test_a_partie_is_entered_and_signed_by_its_four_players(table):
    partie, accounts, referee = table
    protocol = play(referee, partie)  # RULES.md §8: the partie ends 48 : 35
    for seat, (user, _name) in accounts.items():
        protocol = services.sign_protocol(user, partie, role="player", seat=seat, expected_version=protocol.version)
    protocol = services.sign_protocol(referee, partie, role="referee", expected_version=protocol.version)
    assert protocol.status == ProtocolStatus.SIGNED
    signed = {s.seat: s.name for s in protocol.signatures.all() if s.role == "player"}
    assert signed == {seat: name for seat, (_user, name) in accounts.items()}
    assert protocol.signed_header["pairs"]["A"]["players"] == [accounts["A1"][1], accounts["A2"][1]]


def test_a_player_cannot_sign_another_seat(table):
    from scoring.errors import ServiceError

    partie, accounts, referee = table
    protocol = services.ensure_protocol(partie)
    with pytest.raises(ServiceError):
        services.sign_protocol(accounts["A2"][0], partie, role="player", seat="A1", expected_version=protocol.version)


def test_one_absent_player_is_recorded_with_his_seat(table):
    from audit.models import AuditEntry

    partie, _accounts, referee = table
    protocol = services.ensure_protocol(partie)
    protocol = services.record_no_show(referee, partie, "A", seats=["A2"], expected_version=protocol.version)
    assert (protocol.no_show, protocol.absent_seats, protocol.winner) == ("A", "A2", "B")
    assert AuditEntry.objects.filter(action="protocol.no_show").latest("id").after["absent_seats"] == "A2"
    protocol = services.undo_no_show(referee, partie, "ошибка", expected_version=protocol.version)
    assert (protocol.no_show, protocol.absent_seats) == ("", "")


@pytest.mark.parametrize("side, seats", [("A", ["B1"]), ("B", ["A2", "B2"]), ("A", ["A3"])])
def test_absent_seats_must_be_of_the_no_show_side(table, side, seats):
    from scoring.errors import InvalidInput

    partie, _accounts, referee = table
    protocol = services.ensure_protocol(partie)
    with pytest.raises(InvalidInput, match="не явившихся"):
        services.record_no_show(referee, partie, side, seats=seats, expected_version=protocol.version)
    protocol.refresh_from_db()
    assert protocol.no_show == "" and protocol.absent_seats == ""


def test_absent_seats_are_refused_in_a_pair_event(organizer):
    from scoring.errors import InvalidInput
    from tests.factories import make_round, make_tournament

    t = make_tournament(2)
    rnd = make_round(t, 1, [(1, 2)])
    partie = rnd.parties.get()
    referee = make_referee(t)
    protocol = services.ensure_protocol(partie)
    with pytest.raises(InvalidInput):
        services.record_no_show(referee, partie, "A", seats=["A2"], expected_version=protocol.version)


def test_remarks_before_a_partie_are_the_side_players_own(organizer, django_user_model):
    """A remark at seat A2 is that player's; a later partie's side counts its two players' remarks."""
    from events.services import finish_round
    from scoring.queries import prior_remarks

    t = make_individual(8, numbered=False)
    run_draw(organizer, t, seed="solo")
    referee = make_referee(t)
    rnd = pair_round(organizer, t)
    publish_round(organizer, rnd)
    first = rnd.parties.select_related("pair_a", "partner_a", "pair_b", "partner_b").get(table=1)
    protocol = services.ensure_protocol(first)
    protocol = services.give_remark(referee, first, deal=1, seat="A2", reason="talking",
                                    expected_version=protocol.version)
    services.give_remark(referee, first, deal=1, seat="B2", reason="time", expected_version=protocol.version)
    assert prior_remarks(t.pk, 2) == {first.partner_a_id: 1, first.partner_b_id: 1}
    from scoring.models import Protocol
    from tournaments.choices import ProtocolStatus

    Protocol.objects.filter(partie__round=rnd).update(status=ProtocolStatus.SIGNED)
    for partie in rnd.parties.filter(pair_b__isnull=False).exclude(pk=first.pk):
        Protocol.objects.get_or_create(partie=partie, defaults={"status": ProtocolStatus.SIGNED})
    finish_round(organizer, rnd)
    second = pair_round(organizer, t)
    publish_round(organizer, second)
    for partie in second.parties.filter(pair_b__isnull=False):
        protocol = services.ensure_protocol(partie)
        expected = [sum(1 for e in pair if e in (first.partner_a_id, first.partner_b_id))
                    for pair in ((partie.pair_a_id, partie.partner_a_id), (partie.pair_b_id, partie.partner_b_id))]
        assert [protocol.prior_remarks_a, protocol.prior_remarks_b] == expected


def test_four_players_sign_with_their_pins_on_the_referees_device(table, organizer):
    from scoring.errors import ServiceError
    from tournaments.models import SigningMethod

    partie, accounts, referee = table
    t = partie.round.tournament
    t.signing_method = SigningMethod.TABLE_PIN
    t.save(update_fields=["signing_method"])
    codes = {i.player.pk: i.pin for i in services.generate_pins(organizer, t, confirmed=True)}
    protocol = play(referee, partie)  # RULES.md §8: the partie ends 48 : 35
    a1, a2 = partie.side_players("A")
    with pytest.raises(ServiceError):  # the partner's PIN does not sign seat A2
        services.sign_protocol(referee, partie, role="player", seat="A2", pin=codes[a1.pk],
                               expected_version=protocol.version)
    protocol.refresh_from_db()
    for side in "AB":
        for k, player in enumerate(partie.side_players(side), start=1):
            protocol = services.sign_protocol(referee, partie, role="player", seat=f"{side}{k}",
                                              pin=codes[player.pk], expected_version=protocol.version)
    protocol = services.sign_protocol(referee, partie, role="referee", expected_version=protocol.version)
    assert protocol.is_locked
    assert {s.seat: s.name for s in protocol.signatures.filter(role="player")} == {
        "A1": a1.name, "A2": a2.name, **{f"B{k}": p.name for k, p in enumerate(partie.side_players("B"), start=1)}}


@pytest.mark.parametrize("second, stored", [("B1", "A2,B1"), ("B2", "A2,B2"), ("A1", "")])
def test_a_second_absent_player_is_added_to_the_first(table, second, stored):
    """docs/rules-individual.md §6: the partner of the first makes the whole side absent; a player of the
    other side makes one absent on each side; the partie's score stays the first no-show's."""
    from audit.models import AuditEntry

    partie, _accounts, referee = table
    protocol = services.ensure_protocol(partie)
    protocol = services.record_no_show(referee, partie, "A", seats=["A2"], expected_version=protocol.version)
    score = (protocol.score_a, protocol.score_b, protocol.winner)
    protocol = services.record_no_show(referee, partie, second[0], seats=[second], expected_version=protocol.version)
    assert (protocol.no_show, protocol.absent_seats) == ("A", stored)
    assert (protocol.score_a, protocol.score_b, protocol.winner) == score
    entry = AuditEntry.objects.filter(action="protocol.no_show").latest("id")
    assert (entry.before["absent_seats"], entry.after["absent_seats"]) == ("A2", stored or "A1,A2")


@pytest.mark.parametrize("first, second", [(["A2"], ["A2"]), (["A2"], ["B1", "B2"]), (None, ["B1"])])
def test_no_more_absent_players_than_the_rules_allow(table, first, second):
    from scoring.errors import InvalidInput

    partie, _accounts, referee = table
    protocol = services.ensure_protocol(partie)
    protocol = services.record_no_show(referee, partie, "A", seats=first, expected_version=protocol.version)
    with pytest.raises(InvalidInput) as info:
        services.record_no_show(referee, partie, second[0][0], seats=second, expected_version=protocol.version)
    assert info.value.code == "no_show_exists"


def test_a_third_absent_player_is_refused(table):
    from scoring.errors import InvalidInput

    partie, _accounts, referee = table
    protocol = services.ensure_protocol(partie)
    protocol = services.record_no_show(referee, partie, "A", seats=["A2"], expected_version=protocol.version)
    protocol = services.record_no_show(referee, partie, "B", seats=["B1"], expected_version=protocol.version)
    with pytest.raises(InvalidInput):
        services.record_no_show(referee, partie, "B", seats=["B2"], expected_version=protocol.version)
    assert services.ensure_protocol(partie).absent_seats == "A2,B1"
