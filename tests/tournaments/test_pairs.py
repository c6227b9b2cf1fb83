"""Pairs after registration: duplicates, edit, substitution, deletion before the draw, late registration."""
import pytest

from audit.models import AuditEntry
from events.services import (
    delete_pair,
    edit_pair,
    import_pairs,
    pair_round,
    publish_round,
    register_late_pair,
    register_pair,
    run_draw,
    substitute_player,
    withdraw_pair,
)
from scoring.reports import selectors
from tests.factories import make_round, make_tournament
from tests.tournaments.conftest import pair_rows, xlsx_bytes
from tournaments.errors import ImportRejected, InvalidInput, TournamentError
from tournaments.models import Entrant, EntrantStatus, PairingSystem, Player

pytestmark = pytest.mark.django_db

P = [{"name": "Ёлкин Семён", "club": "Тверь"}, {"name": "Петров Пётр"}]


def players(a, b):
    return [{"name": a}, {"name": b}]


# --- duplicates -------------------------------------------------------------------------

def test_same_player_twice_in_one_pair_is_refused(organizer):
    t = make_tournament(0, numbered=False)
    with pytest.raises(InvalidInput) as err:
        register_pair(organizer, t, players=players("Ёлкин Семён", "ёлкин  семен"))
    assert err.value.details["field"] == "player2_name" and "дважды" in err.value.message
    assert not t.pairs.exists()


def test_same_pair_twice_is_refused_with_its_number(organizer):
    t = make_tournament(0, numbered=False)
    first = register_pair(organizer, t, players=P)
    with pytest.raises(InvalidInput) as err:  # the same two people, the other way round, «е» for «ё»
        register_pair(organizer, t, players=players("ПЕТРОВ ПЕТР", "Елкин Семен"))
    assert err.value.code == "duplicate_pair" and "уже зарегистрирована" in err.value.message
    assert list(t.pairs.all()) == [first]


def test_player_already_in_another_pair_is_refused(organizer):
    t = make_tournament(0, numbered=False)
    register_pair(organizer, t, players=P)
    with pytest.raises(InvalidInput) as err:
        register_pair(organizer, t, players=players("Сидоров Сидор", "елкин семен"))
    assert err.value.code == "duplicate_player" and err.value.details["field"] == "player2_name"
    assert "Ёлкин Семён" in err.value.message and t.pairs.count() == 1


def test_import_names_the_rows_that_would_duplicate(organizer):
    t = make_tournament(0, numbered=False)
    rows = pair_rows(3)
    rows.append(["игрок 3", "", "", "Новиков Иван", "", "", "", ""])  # «Игрок 3» is already in row 3
    rows.append(["Смирнов Олег", "", "", "СМИРНОВ олег", "", "", "", ""])
    with pytest.raises(ImportRejected) as err:
        import_pairs(organizer, t, xlsx_bytes(rows), "pairs.xlsx")
    found = {(row, msg) for row, _col, msg in err.value.errors}
    assert (5, "«игрок 3» уже есть в строке 3") in found
    assert (6, "«СМИРНОВ олег» указан в паре дважды: в паре два разных игрока.") in found
    assert not t.pairs.exists()


def test_import_refuses_players_already_registered(organizer):
    t = make_tournament(0, numbered=False)
    register_pair(organizer, t, players=players("Игрок 3", "Кто-то Другой"))
    with pytest.raises(ImportRejected) as err:
        import_pairs(organizer, t, xlsx_bytes(pair_rows(3)), "pairs.xlsx")
    assert [(row, "уже зарегистрирован" in msg) for row, _c, msg in err.value.errors] == [(3, True)]
    assert t.pairs.count() == 1


def test_one_upload_reports_every_error_the_registered_players_with_their_column(organizer):
    """A bad cell in one row and an already registered player in another: both in the first report, each with its
    column's letter (before, «уже зарегистрирован» came only on the second upload, without a letter)."""
    t = make_tournament(0, numbered=False)
    register_pair(organizer, t, players=players("Игрок 3", "Кто-то Другой"))
    rows = pair_rows(3)
    rows[0][2] = "много"  # row 2: a rating that is no number
    with pytest.raises(ImportRejected) as err:
        import_pairs(organizer, t, xlsx_bytes(rows), "pairs.xlsx")
    by_row = {row: (column, msg) for row, column, msg in err.value.errors}
    assert set(by_row) == {2, 3}  # «Игрок 3» is the first player of the file's row 3 (row 1 is the header)
    assert "уже зарегистрирован" in by_row[3][1] and by_row[3][0].endswith("(A)")
    assert by_row[2][0].endswith("(C)")
    assert t.pairs.count() == 1


@pytest.mark.parametrize("rating", ["٣", "²", "1e9", "=1+1", "10" * 20, "12.5", "<b>1</b>"])
def test_hostile_rating_is_refused_with_a_message(organizer, rating):
    t = make_tournament(0, numbered=False)
    with pytest.raises(InvalidInput) as err:
        register_pair(organizer, t, players=[{"name": "Иванов Иван", "rating": rating}, {"name": "Петров Пётр"}])
    assert err.value.details["field"] == "player1_rating" and "цифрами 0–9" in err.value.message


# --- edit and substitute ------------------------------------------------------------------

def test_edit_pair_changes_names_clubs_ratings_and_is_audited(organizer):
    t = make_tournament(2)
    pair = t.pairs.get(number=1)
    user_link = Player.objects.filter(pair=pair).order_by("number").first()
    edit_pair(organizer, pair, players=[{"name": "Иванов  Иван", "club": "Тверь", "rating": "1700"},
                                        {"name": "Сидоров Сидор", "club": "Клин", "rating": ""}],
              name="<b>Тверичи</b>", rating="1650", note="опечатка")
    names = list(pair.players.order_by("number").values_list("name", "club", "rating"))
    assert names == [("Иванов Иван", "Тверь", 1700), ("Сидоров Сидор", "Клин", None)]
    pair.refresh_from_db()
    assert pair.name == "<b>Тверичи</b>" and pair.rating == 1650
    entry = AuditEntry.objects.get(tournament=t, action="pair.edited")
    assert entry.before["players"][1]["name"] != "Сидоров Сидор" and entry.after["players"][1]["club"] == "Клин"
    assert entry.note == "опечатка" and entry.user == organizer
    assert Player.objects.get(pk=user_link.pk).name == "Иванов Иван"


def test_edit_pair_refuses_a_name_of_another_pair(organizer):
    t = make_tournament(2)
    other = t.pairs.get(number=2).players.first().name
    pair = t.pairs.get(number=1)
    with pytest.raises(InvalidInput) as err:
        edit_pair(organizer, pair, players=[{"name": other.upper()}, {"name": "Новый Игрок"}])
    assert err.value.code == "duplicate_player"
    assert not AuditEntry.objects.filter(action="pair.edited").exists()


def test_substitute_player_keeps_the_pair_and_unlinks_the_old_account(organizer, django_user_model):
    t = make_tournament(4)
    make_round(t, 1, [(1, 2), (3, 4)])
    pair = t.pairs.get(number=1)
    leaving = pair.players.get(number=2)
    leaving.user = django_user_model.objects.create_user("leaver")
    leaving.save()
    substitute_player(organizer, pair, 2, player={"name": "Замена Зиновий", "club": "Клин"}, note="заболел")
    leaving.refresh_from_db()
    assert leaving.name == "Замена Зиновий" and leaving.user is None and leaving.number == 2
    pair.refresh_from_db()
    assert pair.number == 1 and pair.status == EntrantStatus.ACTIVE
    entry = AuditEntry.objects.get(tournament=t, action="pair.player_substituted")
    assert entry.note == "заболел" and entry.after["players"][1]["name"] == "Замена Зиновий"
    with pytest.raises(InvalidInput):  # the partner cannot replace himself
        substitute_player(organizer, pair, 2, player={"name": pair.players.get(number=1).name})
    with pytest.raises(InvalidInput):  # nor a player of another pair
        substitute_player(organizer, pair, 2, player={"name": t.pairs.get(number=3).players.first().name})


# --- delete before the draw only ------------------------------------------------------------

def test_delete_pair_before_the_draw_removes_it_everywhere(organizer):
    t = make_tournament(0, numbered=False)
    keep = register_pair(organizer, t, players=P)
    gone = register_pair(organizer, t, players=players("Удалов Ушёл", "Удалова Ушла"))
    register_pair(organizer, t, players=players("Третий Игрок", "Четвёртый Игрок"))
    run_draw(organizer, t, seed="s")
    delete_pair(organizer, gone)
    assert not Entrant.objects.filter(pk=gone.pk).exists()
    assert not Player.objects.filter(name__startswith="Удалов").exists()
    t.refresh_from_db()
    assert t.draw_done_at is None  # the numbers had a gap: the draw is run again
    entry = AuditEntry.objects.get(tournament=t, action="pair.deleted")
    assert sorted(p["name"] for p in entry.before["players"]) == ["Удалов Ушёл", "Удалова Ушла"]
    run_draw(organizer, t, seed="s")
    assert sorted(t.pairs.values_list("number", flat=True)) == [1, 2]
    assert keep.pk in {r.pair.id for r in selectors.load_standings(t).rows}


def test_delete_pair_is_refused_once_the_draw_is_closed(organizer):
    t = make_tournament(0, numbered=False)
    for i in range(4):
        register_pair(organizer, t, players=players(f"Игрок {2 * i}", f"Игрок {2 * i + 1}"))
    run_draw(organizer, t, seed="s")
    pair_round(organizer, t)
    with pytest.raises(TournamentError) as err:
        delete_pair(organizer, t.pairs.first())
    assert err.value.code == "draw_closed" and "Снимите её" in err.value.message
    assert t.pairs.count() == 4


# --- late registration ------------------------------------------------------------------------

def _played_round(organizer, t):
    rnd = pair_round(organizer, t)
    publish_round(organizer, rnd)
    from scoring.models import Protocol
    from tournaments.choices import ProtocolStatus

    for partie in rnd.parties.filter(pair_b__isnull=False):
        Protocol.objects.create(partie=partie, status=ProtocolStatus.SIGNED, winner="A", finished=True,
                                score_a=50, score_b=20)
    return rnd


@pytest.mark.parametrize("late_result, expected_mp", [(None, 0), ("loss", 0), ("draw", 1), ("bye", 1)])
def test_late_pair_joins_with_the_configured_result(organizer, late_result, expected_mp):
    overrides = {"match_points_draw": 1} if late_result == "draw" else {}
    if late_result:
        overrides["late_entry_result"] = late_result
    t = make_tournament(6, numbered=False, pairing_system=PairingSystem.SWISS, overrides=overrides)
    run_draw(organizer, t, seed="late")
    _played_round(organizer, t)
    late = register_late_pair(organizer, t, players=P)
    assert late.number == 7 and late.joined_round == 2
    assert sorted(late.players.values_list("number", flat=True)) == [1, 2]
    assert AuditEntry.objects.filter(tournament=t, action="pair.registered_late").exists()
    row = next(r for r in selectors.load_standings(t).rows if r.pair.id == late.pk)
    assert row.match_points == expected_mp and row.rank is not None
    r2 = pair_round(organizer, t)  # the late pair is paired from round 2 on (7 pairs: one bye)
    numbers = {n for p in r2.parties.all() for n in (p.pair_a.number, p.pair_b and p.pair_b.number)}
    assert 7 in numbers


def test_late_registration_is_refused_before_round_1_and_in_round_robin(organizer):
    t = make_tournament(4, numbered=False)
    run_draw(organizer, t, seed="x")
    with pytest.raises(TournamentError) as err:
        register_late_pair(organizer, t, players=P)
    assert err.value.code == "no_rounds_yet"
    rr = make_tournament(4, slug="rr", pairing_system=PairingSystem.ROUND_ROBIN, draw_closed=True)
    make_round(rr, 1, [(1, 2), (3, 4)])
    with pytest.raises(TournamentError) as err:
        register_late_pair(organizer, rr, players=P)
    assert err.value.code == "round_robin" and rr.pairs.count() == 4


def test_late_registration_still_refuses_duplicates(organizer):
    t = make_tournament(4, numbered=False)
    run_draw(organizer, t, seed="x")
    pair_round(organizer, t)
    name = t.pairs.first().players.first().name
    with pytest.raises(InvalidInput):
        register_late_pair(organizer, t, players=players(name.replace("е", "ё"), "Новый Человек"))


# --- withdrawn pairs in the standings -------------------------------------------------------------

def test_pair_withdrawn_before_playing_is_nowhere_in_the_standings(organizer):
    t = make_tournament(6, numbered=False)
    run_draw(organizer, t, seed="w")
    early = t.pairs.get(number=6)
    withdraw_pair(organizer, early)
    _played_round(organizer, t)
    later = t.pairs.get(number=1)
    withdraw_pair(organizer, later)
    data = selectors.load_standings(t)
    numbers = [r.pair.number for r in data.rows]
    assert 6 not in numbers and numbers[-1] == 1 and data.rows[-1].rank is None
    assert all(r.rank is not None for r in data.rows[:-1])
    assert all(n is not None for n in numbers)


def test_withdraw_note_is_bounded(organizer):
    t = make_tournament(4)
    with pytest.raises(InvalidInput) as err:
        withdraw_pair(organizer, t.pairs.get(number=1), note="x" * 10_000)
    assert err.value.details["field"] == "note" and "300" in err.value.message
    assert t.pairs.get(number=1).status == EntrantStatus.ACTIVE
