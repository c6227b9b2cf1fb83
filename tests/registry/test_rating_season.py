"""The rating computed as protocols are signed equals ``rating rebuild`` (docs/rules.md Part V.4), over a
simulated season of six rated tournaments, pairs and individual; reopening a rated protocol moves the list."""
import datetime
import json
import random
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from events.services.setup import SETTINGS, update_tournament
from events.simulation import federation_admin, play_partie, simulate
from registry.models import PersonRating, RatingChange
from registry.rating_services import set_rated
from scoring import services as protocol_services
from scoring.models import Protocol
from tournaments.choices import ProtocolStatus
from tournaments.models import Partie, Player, TournamentFormat

pytestmark = pytest.mark.django_db
PAIRS, INDIVIDUAL = TournamentFormat.PAIRS, TournamentFormat.INDIVIDUAL


@pytest.fixture
def organizer():
    return get_user_model().objects.create_user("season-organizer")


def state():
    changes = list(RatingChange.objects.order_by("order_key", "person_id").values_list(
        "person_id", "partie_id", "order_key", "before", "after", "delta", "k", "parties"))
    current = list(PersonRating.objects.order_by("person_id").values_list("person_id", "rating", "parties",
                                                                         "last_played"))
    return changes, current


def rebuild_json() -> list:
    out = []

    class Out:
        def write(self, text):
            out.append(text)
    call_command("rating", "rebuild", "--json", stdout=Out())
    return json.loads("".join(out))


def test_incremental_rating_of_a_season_equals_rebuild(organizer):
    season = [
        dict(pairs=6, rounds=3, system="swiss", seed="s", format=PAIRS, no_shows=1),
        dict(pairs=8, rounds=2, system="swiss", seed="s", format=INDIVIDUAL),
        dict(pairs=5, rounds=2, system="round-robin", seed="s", format=PAIRS),  # a bye each round
        dict(pairs=4, rounds=2, system="swiss", seed="k", format=PAIRS, preset="kozel"),
        dict(pairs=9, rounds=2, system="random", seed="s", format=INDIVIDUAL),  # a sit-out each round
        dict(pairs=6, rounds=2, system="swiss", seed="s", format=PAIRS),
    ]
    for options in season:
        assert simulate(organizer, rated=True, **options)["finished"]
    incremental = state()
    changes, current = incremental
    assert changes and current
    # a person of the shared seed played in several tournaments, and his changes chain
    by_person = {}
    for person, _partie, _key, before, after, _delta, _k, parties in changes:
        by_person.setdefault(person, []).append((before, after, parties))
    assert max(len(v) for v in by_person.values()) >= 5
    for rows in by_person.values():
        assert [r[2] for r in rows] == list(range(1, len(rows) + 1))
        assert all(rows[i][1] == rows[i + 1][0] for i in range(len(rows) - 1))
    # no-shows and byes (sit-outs) are not rated; every other signed partie is, with its four players
    no_show = Protocol.objects.exclude(no_show="").values_list("partie_id", flat=True)
    assert no_show and not RatingChange.objects.filter(partie_id__in=no_show).exists()
    assert not RatingChange.objects.filter(partie__pair_b__isnull=True).exists()
    signed = Partie.objects.filter(protocol__status=ProtocolStatus.SIGNED, protocol__no_show="").count()
    assert RatingChange.objects.values("partie").distinct().count() == signed
    assert RatingChange.objects.count() == 4 * signed
    listed = rebuild_json()
    assert state() == incremental
    assert listed[0].keys() == {"player", "name", "rating", "parties", "provisional"}
    assert [r["player"] for r in listed] == list(
        PersonRating.objects.order_by("-rating", "person_id").values_list("person_id", flat=True))
    top = PersonRating.objects.get(person_id=listed[0]["player"])
    assert listed[0]["rating"] == int(top.rating.quantize(Decimal(1), rounding="ROUND_HALF_UP"))
    assert listed[0]["provisional"] == (top.parties < 20)


def test_reopening_a_rated_protocol_and_changing_its_result_updates_the_list(organizer):
    simulate(organizer, pairs=4, rounds=2, system="swiss", seed="r", rated=True)
    first = Partie.objects.filter(round__number=1).order_by("table").first()
    before = state()
    protocol = Protocol.objects.get(partie=first)
    winner = protocol.winner
    protocol = protocol_services.reopen_protocol(organizer, first, "ошибка в записи",
                                                 expected_version=protocol.version)
    assert not RatingChange.objects.filter(partie=first).exists()  # not signed: not rated
    assert state() != before
    assert state() == (rebuild_json() and state())
    signers = {p.pk: p.players.order_by("number").first().user for p in first.round.tournament.pairs.all()}
    protocol_services.clear_protocol(organizer, first, "переписываем", expected_version=protocol.version)
    for seed in range(50):  # played again until the other side wins
        play_partie(organizer, Partie.objects.get(pk=first.pk), random.Random(seed), signers)
        if Protocol.objects.get(partie=first).winner != winner:
            break
        protocol = Protocol.objects.get(partie=first)
        protocol = protocol_services.reopen_protocol(organizer, first, "ещё раз", expected_version=protocol.version)
        protocol_services.clear_protocol(organizer, first, "ещё раз", expected_version=protocol.version)
    assert Protocol.objects.get(partie=first).winner != winner
    after = state()
    side_a = RatingChange.objects.filter(partie=first, side="A").first()
    assert side_a.score == (Decimal(1) if winner == "B" else Decimal(0))
    assert after != before
    rebuild_json()
    assert state() == after


def test_unmarking_a_tournament_removes_its_changes(organizer):
    simulate(organizer, pairs=4, rounds=1, system="swiss", seed="u", rated=True)
    tournament = Partie.objects.first().round.tournament
    assert PersonRating.objects.count() == 8
    assert set_rated(federation_admin(), tournament, False)
    assert not RatingChange.objects.exists() and not PersonRating.objects.exists()
    assert set_rated(federation_admin(), tournament, True)
    assert PersonRating.objects.count() == 8


def test_moving_a_rated_tournament_s_date_replays_the_order(organizer):
    simulate(organizer, pairs=2, rounds=1, system="swiss", seed="d", slug="first", rated=True)
    simulate(organizer, pairs=2, rounds=1, system="swiss", seed="d", slug="second", rated=True)
    first = Partie.objects.get(round__tournament__slug="first").round.tournament
    person = Player.objects.get(pair__tournament=first, name="Игрок 1").person_id
    assert list(RatingChange.objects.filter(person_id=person).values_list("tournament__slug", flat=True)) == [
        "first", "second"]
    data = {f: getattr(first, f) for f in SETTINGS}
    data["start_date"] = first.start_date + datetime.timedelta(days=3)
    update_tournament(organizer, first, data)
    assert list(RatingChange.objects.filter(person_id=person).values_list("tournament__slug", flat=True)) == [
        "second", "first"]
    moved = state()
    rebuild_json()
    assert state() == moved
