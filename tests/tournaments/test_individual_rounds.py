"""Individual events through the organizer's services: one player an entrant, rounds of four-player tables.

The seating algorithms are tested on plain data in tests/engine/pairing/test_pairing_individual_*.py and
test_pairing_whist.py; here: what the services store and refuse.
"""
import json
from io import StringIO

import pytest
from django.core.management import call_command

from audit.models import AuditEntry
from events.services import import_pairs, pair_round, publish_round, register_pair, run_draw, swap_parties
from events.services.individual_rounds import single_records
from scoring.models import Protocol
from tests.factories import make_individual
from tests.tournaments.conftest import xlsx_bytes
from tournaments.choices import ProtocolStatus
from tournaments.errors import InvalidInput
from tournaments.models import PairingSystem, Partie

pytestmark = pytest.mark.django_db


def drawn(n, organizer, **kwargs):
    t = make_individual(n, numbered=False, **kwargs)
    run_draw(organizer, t, seed="solo")
    return t


def seats_of(partie):
    return [p.number if p else None for p in (partie.pair_a, partie.partner_a, partie.pair_b, partie.partner_b)]


def test_an_entrant_of_an_individual_event_is_one_player(organizer):
    t = make_individual(0)
    entrant = register_pair(organizer, t, players=[{"name": "Ёлкин Пётр", "club": "Тверь"}])
    assert [p.name for p in entrant.players.all()] == ["Ёлкин Пётр"]
    with pytest.raises(InvalidInput, match="один игрок"):
        register_pair(organizer, t, players=[{"name": "Иванов Иван"}, {"name": "Петров Пётр"}])
    with pytest.raises(InvalidInput, match="уже зарегистрирован"):  # «ё» = «е», case ignored
        register_pair(organizer, t, players=[{"name": "елкин пётр"}])


def test_a_pair_event_still_needs_two_players(organizer):
    from tests.factories import make_tournament

    t = make_tournament(0)
    with pytest.raises(InvalidInput, match="два игрока"):
        register_pair(organizer, t, players=[{"name": "Иванов Иван"}])


def test_import_of_an_individual_event_reads_one_player_a_row(organizer):
    t = make_individual(0)
    rows = [["Иванов Иван", "Тверь", 1500, "", "", "", "", ""], ["Петров Пётр", "Москва", "", "", "", "", "", ""]]
    entrants = import_pairs(organizer, t, xlsx_bytes(rows), "players.xlsx")
    assert [[p.name for p in e.players.all()] for e in entrants] == [["Иванов Иван"], ["Петров Пётр"]]


def test_import_of_an_individual_event_refuses_a_second_player_in_a_row(organizer):
    from tournaments.errors import ImportRejected

    t = make_individual(0)
    rows = [["Сидоров Сидор", "Тверь", 1500, "Кузнецов Кузьма", "", "", "", ""]]
    with pytest.raises(ImportRejected) as err:
        import_pairs(organizer, t, xlsx_bytes(rows), "players.xlsx")
    assert any("один игрок" in message for _row, _col, message in err.value.errors)
    assert t.pairs.count() == 0


@pytest.mark.parametrize("n, tables, sitting", [(8, 2, 0), (13, 3, 1), (14, 3, 2), (15, 3, 3)])
def test_a_round_seats_four_players_a_table_and_the_rest_sit_out(organizer, n, tables, sitting):
    t = drawn(n, organizer)
    rnd = pair_round(organizer, t)
    parties = list(rnd.parties.select_related("pair_a", "partner_a", "pair_b", "partner_b"))
    played = [p for p in parties if p.pair_b_id]
    byes = [p for p in parties if not p.pair_b_id]
    assert (len(played), len(byes)) == (tables, sitting)
    assert all(None not in seats_of(p) for p in played)
    assert all(p.partner_a_id is None and p.partner_b_id is None for p in byes)
    numbers = [x for p in parties for x in seats_of(p) if x is not None]
    assert sorted(numbers) == list(range(1, n + 1))  # every player exactly once
    assert [p.table for p in parties] == list(range(1, len(parties) + 1))


def test_seats_and_json_of_an_individual_table(organizer):
    from scoring.protocol_json import protocol_to_json

    t = drawn(8, organizer)
    rnd = pair_round(organizer, t)
    partie = rnd.parties.get(table=1)
    names = {side: [p.name for p in partie.side_players(side)] for side in "AB"}
    assert names == {"A": [partie.pair_a.players.get().name, partie.partner_a.players.get().name],
                     "B": [partie.pair_b.players.get().name, partie.partner_b.players.get().name]}
    from referees.selectors import unwritten_protocol

    data = protocol_to_json(unwritten_protocol(partie))
    assert data["pairs"]["A"]["players"] == names["A"]
    assert data["pairs"]["B"]["players"] == names["B"]


def test_records_count_partners_opponents_and_sit_outs(organizer):
    t = drawn(5, organizer)
    rnd = pair_round(organizer, t)
    publish_round(organizer, rnd)
    partie = rnd.parties.get(pair_b__isnull=False)
    Protocol.objects.create(partie=partie, status=ProtocolStatus.SIGNED, winner="A", finished=True,
                            score_a=60, score_b=25)
    recs = {r.number: r for r in single_records(t, 2).values()}
    a1, a2, b1, b2 = seats_of(partie)
    sitter = rnd.parties.get(pair_b__isnull=True).pair_a.number
    assert recs[a1].partners == {a2} and recs[b1].partners == {b2}
    assert recs[a1].opponents == {b1: 1, b2: 1}
    assert recs[sitter].sat_out == 1 and recs[a1].sat_out == 0
    # The match points the pairing orders by are the standings': partners take their side's result.
    from scoring.reports.selectors import load_standings

    rows = {row.pair.number: row for row in load_standings(t).rows}
    assert (rows[a1].match_points, rows[a1].points_for, rows[a1].points_against) == (1, 60, 25)
    assert (rows[b2].match_points, rows[b2].points_for, rows[b2].points_against) == (0, 25, 60)
    assert rows[sitter].match_points == 1  # the bye result (win by default)


def test_swap_of_two_players_changes_partners_and_warns_of_a_repeat(organizer):
    t = drawn(8, organizer)
    rnd = pair_round(organizer, t)
    partie = rnd.parties.get(table=1)
    a1, a2, b1, b2 = seats_of(partie)
    swap_parties(organizer, rnd, a2, b1)  # at one table: a new partnering
    partie.refresh_from_db()
    assert seats_of(partie) == [a1, b1, a2, b2]
    entry = AuditEntry.objects.filter(action="round.swapped").latest("id")
    assert entry.after["parties"][0] == {"table": 1, "A": [a1, b1], "B": [a2, b2]}
    with pytest.raises(InvalidInput, match="Игрока №99 нет"):
        swap_parties(organizer, rnd, a1, 99)


def test_round_robin_of_an_individual_event_and_withdrawn_players(organizer):
    from events.services import withdraw_pair

    t = drawn(8, organizer, pairing_system=PairingSystem.ROUND_ROBIN, rounds_planned=7)
    gone = t.pairs.get(number=3)
    withdraw_pair(organizer, gone, note="заболел")
    rnd = pair_round(organizer, t)
    parties = list(rnd.parties.select_related("pair_a", "partner_a", "pair_b", "partner_b"))
    # The table of the withdrawn player cannot be played: his three table-mates sit out.
    assert all(3 not in seats_of(p) for p in parties)
    assert len([p for p in parties if p.pair_b_id]) == 1
    assert len([p for p in parties if not p.pair_b_id]) == 3


def test_pairings_command_prints_tables_and_sit_outs(organizer):
    t = drawn(9, organizer)
    rnd = pair_round(organizer, t)
    out = StringIO()
    call_command("pairings", t.slug, "--round", "1", "--json", stdout=out)
    data = json.loads(out.getvalue())
    assert data["round"] == 1 and len(data["tables"]) == 2 and len(data["sitting_out"]) == 1
    first = rnd.parties.get(table=1)
    assert data["tables"][0] == {"table": 1, "A": seats_of(first)[:2], "B": seats_of(first)[2:]}
    assert Partie.objects.filter(round=rnd).count() == 3


def test_a_late_player_and_a_withdrawn_one_in_a_swiss_event(organizer):
    from events.services import finish_round, register_late_pair, withdraw_pair

    t = drawn(8, organizer)
    rnd = pair_round(organizer, t)
    publish_round(organizer, rnd)
    for partie in rnd.parties.all():
        Protocol.objects.create(partie=partie, status=ProtocolStatus.SIGNED, winner="A", finished=True,
                                score_a=50, score_b=20)
    finish_round(organizer, rnd)
    late = register_late_pair(organizer, t, players=[{"name": "Опоздавший Олег", "club": "Клин"}])
    assert (late.number, late.joined_round) == (9, 2)
    withdraw_pair(organizer, t.pairs.get(number=1), note="уехал")
    second = pair_round(organizer, t)
    numbers = [x for p in second.parties.select_related("pair_a", "partner_a", "pair_b", "partner_b")
               for x in seats_of(p) if x is not None]
    assert sorted(numbers) == [2, 3, 4, 5, 6, 7, 8, 9]  # the late player plays, the withdrawn one does not
