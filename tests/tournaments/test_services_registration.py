"""Registration, import and the draw through the services."""
import io

import pytest
from openpyxl import load_workbook

from access.models import RoleKind, TournamentRole
from access.permissions import is_organizer
from audit.models import AuditEntry
from events.services import (
    close_draw,
    import_pairs,
    pair_round,
    parse_pairs_file,
    register_pair,
    run_draw,
    set_manual_number,
    template_xlsx,
    withdraw_pair,
)
from events.services.imports import COLUMNS
from tests.factories import make_tournament
from tests.tournaments.conftest import pair_rows, xlsx_bytes
from tournaments.errors import ImportRejected, InvalidInput, NotAllowed, TournamentError
from tournaments.models import Entrant, EntrantStatus, Player

pytestmark = pytest.mark.django_db

PLAYERS = [{"name": "Иванов Иван", "club": "Тверь"}, {"name": "Петров Пётр", "rating": "1600"}]


def test_register_pair_saves_players_and_audits(organizer):
    t = make_tournament(0)
    pair = register_pair(organizer, t, players=PLAYERS)
    assert [p.name for p in pair.players.order_by("id")] == ["Иванов Иван", "Петров Пётр"]
    assert pair.players.get(name="Петров Пётр").rating == 1600
    assert AuditEntry.objects.filter(tournament=t, action="pair.registered", user=organizer).exists()


def test_register_pair_rejects_missing_name_and_saves_nothing(organizer):
    t = make_tournament(0)
    with pytest.raises(InvalidInput) as err:
        register_pair(organizer, t, players=[{"name": "Иванов"}, {"name": "  "}])
    assert err.value.details["field"] == "player2_name"
    assert not Entrant.objects.exists()


def test_only_organizers_register(plain_user, django_user_model):
    t = make_tournament(0)
    with pytest.raises(NotAllowed):
        register_pair(plain_user, t, players=PLAYERS)
    assert not is_organizer(plain_user, t)
    TournamentRole.objects.create(tournament=t, user=plain_user, role=RoleKind.REFEREE)
    assert not is_organizer(plain_user, t)
    TournamentRole.objects.create(tournament=t, user=plain_user, role=RoleKind.ORGANIZER)
    assert is_organizer(plain_user, t)
    assert register_pair(plain_user, t, players=PLAYERS).pk
    other = make_tournament(0, slug="other")
    assert not is_organizer(plain_user, other)


def test_import_xlsx_registers_every_row(organizer):
    t = make_tournament(0)
    pairs = import_pairs(organizer, t, xlsx_bytes(pair_rows(5)), "pairs.xlsx")
    assert len(pairs) == 5 and Player.objects.filter(pair__tournament=t).count() == 10
    assert Player.objects.get(name="Игрок 1").rating == 1500


def test_import_with_a_bad_row_saves_nothing_and_names_row_and_column(organizer):
    t = make_tournament(0)
    rows = pair_rows(4)
    rows[2][3] = ""  # row 4 of the sheet: player 2 missing
    rows[3][2] = "сильный"  # row 5: rating not a number
    with pytest.raises(ImportRejected) as err:
        import_pairs(organizer, t, xlsx_bytes(rows), "pairs.xlsx")
    assert [(r, c) for r, c, _m in err.value.errors] == [(4, "Игрок 2 (D)"), (5, "Рейтинг 1 (C)")]
    assert not Entrant.objects.filter(tournament=t).exists()


def test_import_csv_with_semicolons_and_cp1251(organizer):
    t = make_tournament(0)
    text = "Игрок 1;Клуб / город 1;Игрок 2\nСидоров Сидор;Тверь;Кузнецов Кузьма\n"
    pairs = import_pairs(organizer, t, text.encode("cp1251"), "pairs.csv")
    assert [p.name for p in pairs[0].players.order_by("id")] == ["Сидоров Сидор", "Кузнецов Кузьма"]


def test_import_without_required_column_is_rejected(organizer):
    with pytest.raises(ImportRejected) as err:
        parse_pairs_file(xlsx_bytes([["a"]], header=["Игрок 1"]), "x.xlsx")
    assert err.value.errors == [(1, "Игрок 2", "нет такого столбца")]


def test_template_has_no_example_row_in_the_data_area():
    wb = load_workbook(io.BytesIO(template_xlsx()))
    data, example = wb.worksheets
    assert [c.value for c in data[1]] == [h for _k, h, _r in COLUMNS] and data.max_row == 1
    assert [c.value for c in example[3]][:4] == ["Иванов Иван", "Тверь", 1500, "Петров Пётр"]
    with pytest.raises(TournamentError) as err:  # nothing to import until the organizer writes pairs in
        parse_pairs_file(template_xlsx(), "template.xlsx")
    assert err.value.code == "empty_file"


def test_example_row_of_an_older_template_is_not_imported(organizer):
    t = make_tournament(0, numbered=False)
    data = xlsx_bytes([["Иванов Иван", "Тверь", 1500, "Петров Пётр", "Тверь", "", "", ""]] + pair_rows(2))
    pairs = import_pairs(organizer, t, data, "pairs.xlsx")
    assert len(pairs) == 2 and not Player.objects.filter(pair__tournament=t, name="Иванов Иван").exists()


def test_draw_is_reproducible_from_its_seed(organizer):
    t = make_tournament(10, numbered=False)
    run_draw(organizer, t, seed="kubok-2026")
    first = dict(Entrant.objects.filter(tournament=t).values_list("id", "number"))
    players_first = dict(Player.objects.filter(pair__tournament=t).values_list("id", "number"))
    assert sorted(first.values()) == list(range(1, 11))
    assert all(sorted(Player.objects.filter(pair_id=p).values_list("number", flat=True)) == [1, 2] for p in first)
    run_draw(organizer, t, seed="other")
    assert dict(Entrant.objects.filter(tournament=t).values_list("id", "number")) != first
    run_draw(organizer, t, seed="kubok-2026")
    assert dict(Entrant.objects.filter(tournament=t).values_list("id", "number")) == first
    assert dict(Player.objects.filter(pair__tournament=t).values_list("id", "number")) == players_first
    t.refresh_from_db()
    assert t.draw_seed == "kubok-2026" and t.draw_done_by == organizer and t.draw_done_at
    assert AuditEntry.objects.filter(tournament=t, action="draw.run").count() == 3


def test_manual_numbers_are_kept_and_the_draw_fills_the_rest(organizer):
    t = make_tournament(6, numbered=False)
    champion = t.pairs.order_by("id").last()
    set_manual_number(organizer, champion, 1)
    for seed in ("a", "b", "c"):
        run_draw(organizer, t, seed=seed)
        champion.refresh_from_db()
        assert champion.number == 1 and champion.manual_number
        assert sorted(t.pairs.values_list("number", flat=True)) == [1, 2, 3, 4, 5, 6]
    with pytest.raises(InvalidInput):
        set_manual_number(organizer, t.pairs.exclude(pk=champion.pk).first(), 1)
    with pytest.raises(InvalidInput):
        set_manual_number(organizer, champion, 7)


def test_closed_draw_refuses_changes(organizer):
    t = make_tournament(4, numbered=False)
    with pytest.raises(TournamentError) as err:
        close_draw(organizer, t)
    assert err.value.code == "draw_not_done"
    run_draw(organizer, t, seed="s")
    close_draw(organizer, t)
    for action in (lambda: run_draw(organizer, t, seed="x"), lambda: register_pair(organizer, t, players=PLAYERS),
                   lambda: set_manual_number(organizer, t.pairs.first(), 2)):
        with pytest.raises(TournamentError) as err:
            action()
        assert err.value.code == "draw_closed"


def test_withdrawn_pair_is_not_paired_again(organizer):
    t = make_tournament(6, numbered=False)
    run_draw(organizer, t, seed="s")
    pair = t.pairs.get(number=3)
    withdraw_pair(organizer, pair, note="уехали")
    pair.refresh_from_db()
    assert pair.status == EntrantStatus.WITHDRAWN and pair.withdrawn_after_round == 0
    rnd = pair_round(organizer, t)
    numbers = {n for p in rnd.parties.all() for n in (p.pair_a.number, p.pair_b and p.pair_b.number)}
    assert 3 not in numbers
    with pytest.raises(TournamentError) as err:
        withdraw_pair(organizer, pair)
    assert err.value.code == "not_active"
