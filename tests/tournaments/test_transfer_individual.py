"""An individual event out of an installation and back under a new slug: its format, every table's four seats
and its signed protocols survive; a file whose tables do not fit its format is refused."""
import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection

from events import individual_selectors
from events.services import transfer
from scoring.checks import check_tournament
from scoring.models import Protocol, Signature
from tests.referees.conftest import fast_password_hasher  # noqa: F401  (an autouse fixture)
from tests.tournaments.individual_events import SIMULATED_SLUG, five_players, simulated_nine
from tests.tournaments.test_backup import manage
from tournaments.choices import ProtocolStatus
from tournaments.models import Partie, Tournament

pytestmark = pytest.mark.django_db
SLUG = SIMULATED_SLUG


@pytest.fixture
def played():
    """Nine players, two Swiss rounds played and signed through the services (one player sits out a round)."""
    return simulated_nine()


def seats(t) -> list:
    def n(e):
        return e.number if e is not None else None
    parties = Partie.objects.filter(round__tournament=t).select_related(
        "round", "pair_a", "partner_a", "pair_b", "partner_b").order_by("round__number", "table")
    return [(p.round.number, p.table, n(p.pair_a), n(p.partner_a), n(p.pair_b), n(p.partner_b)) for p in parties]


def signed_names(t) -> list:
    return sorted(Signature.objects.filter(protocol__partie__round__tournament=t)
                  .values_list("protocol__partie__round__number", "protocol__partie__table", "seat", "name"))


def test_export_and_import_keep_the_format_the_four_seats_and_the_signatures(played, tmp_path):
    path = tmp_path / "solo.json"
    call_command("export_tournament", SLUG, str(path), stdout=StringIO())
    call_command("import_tournament", str(path), "--slug", "solo-copy", stdout=StringIO())
    copy = Tournament.objects.get(slug="solo-copy")
    assert copy.is_individual
    assert seats(copy) == seats(played)
    assert any(row[3] is not None for row in seats(copy)) and any(row[4] is None for row in seats(copy))
    assert Protocol.objects.filter(partie__round__tournament=copy, status=ProtocolStatus.SIGNED).count() == 4
    assert signed_names(copy) == signed_names(played)
    assert {s for _r, _t, s, _n in signed_names(copy)} >= {"A1", "A2", "B1", "B2"}
    report = check_tournament(copy)  # the protocols' fingerprints and seals hold under the new slug
    assert (report.checked, report.signed, report.findings) == (4, 4, [])
    def results(t):
        return [[(c.seat, c.result, c.score) for c in line.cells] for line in individual_selectors.grid(t).lines]
    assert len(results(copy)) == 9 and results(copy) == results(played)


def _file(played):
    return json.loads(json.dumps(transfer.export_data(played), cls=transfer._Encoder))


def _damaged(data, how):
    table = next(r for r in data["parties"] if r["pair_b"] is not None)
    sitout = next(r for r in data["parties"] if r["pair_b"] is None)
    if how == "no partner":
        table["partner_b"] = None
    elif how == "twice at a table":
        table["partner_a"] = table["pair_b"]
    elif how == "partner at a sit-out":
        sitout["partner_a"] = table["pair_a"]
    elif how == "pairs format":
        data["tournament"]["format"] = "pairs"
    elif how == "two players":
        second = dict(data["players"][0], id=10**6, name="Второй Игрок")
        data["players"].append(second)
    return data


@pytest.mark.parametrize("how, message", [
    ("no partner", "четыре разных игрока"), ("twice at a table", "четыре разных игрока"),
    ("partner at a sit-out", "один игрок, без партнёров"), ("pairs format", "не бывает партнёров"),
    ("two players", "у участника один игрок"),
])
def test_a_file_whose_tables_do_not_fit_its_format_is_refused_and_leaves_nothing(played, how, message):
    before = Tournament.objects.count()
    with pytest.raises(transfer.TransferError, match=message):
        transfer.import_data(_damaged(_file(played), how), slug="solo-bad")
    assert Tournament.objects.count() == before


def test_the_import_command_says_why_in_russian(played, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(_damaged(_file(played), "no partner")), encoding="utf-8")
    with pytest.raises(CommandError, match="Раздел «parties», запись .*: стол личного зачёта"):
        call_command("import_tournament", str(path), "--slug", "solo-bad", stdout=StringIO())


SEATS_OF = ("import json; from tournaments.models import Partie, Tournament; t = Tournament.objects.get(slug='solo-five'); "
            "print(json.dumps([t.format] + [[p.round.number, p.table, p.pair_a.number, "
            "p.partner_a and p.partner_a.number, p.pair_b and p.pair_b.number, p.partner_b and p.partner_b.number] "
            "for p in Partie.objects.filter(round__tournament=t).order_by('round__number', 'table')]))")


@pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite backup")
def test_a_backup_restored_keeps_the_individual_event(transactional_db, tmp_path):
    t = five_players()
    path = tmp_path / "backup.sqlite3"
    call_command("backup", str(path), stdout=StringIO())
    fresh = f"sqlite:///{tmp_path / 'fresh.sqlite3'}"
    assert manage(fresh, "restore", str(path)).returncode == 0
    result = manage(fresh, "shell", "-c", SEATS_OF)
    assert result.returncode == 0, result.stderr
    restored = json.loads(result.stdout.strip().splitlines()[-1])
    assert restored[0] == "individual"
    assert [tuple(r) for r in restored[1:]] == [
        (n, table, a1, a2, b1, b2) for n, table, a1, a2, b1, b2 in seats(t)]
    assert restored[1] == [1, 1, 1, 2, 3, 4] and restored[2] == [1, 2, 5, None, None, None]
