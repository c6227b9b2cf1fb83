"""The tournament archive as an open format: docs/archive.schema.json, written from the code, checked on import."""
import json
from io import StringIO
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import CommandError
from jsonschema import Draft202012Validator

from events.services import transfer
from tests.factories import make_round, make_tournament
from tests.reports.conftest import blocks, play
from tests.tournaments.individual_events import five_players
from tournaments.models import Tournament

SCHEMA = Path(settings.BASE_DIR, "docs", "archive.schema.json")


def documented():
    schema = json.loads(SCHEMA.read_text("utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


@pytest.fixture
def small(db):
    """Two pairs, one round, one protocol with deals and a remark (through the protocol import)."""
    tournament = make_tournament(2, slug="small")
    rnd = make_round(tournament, 1, [(1, 2)])
    play(rnd, 1, blocks(5, -3, 2, 1), [{"deal": 2, "player": "B1", "reason": "talking"}])
    return tournament


def exported(tournament, tmp_path) -> dict:
    path = tmp_path / "archive.json"
    call_command("export_tournament", tournament.slug, str(path), stdout=StringIO())
    return json.loads(path.read_text("utf-8"))


def test_the_documented_schema_is_the_one_the_code_writes():
    out = StringIO()
    call_command("archive_schema", stdout=out)
    assert out.getvalue() == SCHEMA.read_text("utf-8"), (
        "docs/archive.schema.json is behind the models: run `manage.py archive_schema --write`")


def test_an_export_of_each_format_conforms_to_the_documented_schema(small, tmp_path):
    data = exported(small, tmp_path)
    assert data["deals"] and data["remarks"] and data["protocols"]
    assert list(documented().iter_errors(data)) == []
    solo = exported(five_players(), tmp_path)
    assert solo["tournament"]["format"] == "individual" and any(p["partner_a"] for p in solo["parties"])
    assert list(documented().iter_errors(solo)) == []


@pytest.mark.parametrize("damage, place, words", [
    (lambda d: d["pairs"][1].update(number="два"), "pairs[1].number", "ожидается целое число или null"),
    (lambda d: d["deals"][2].update(result="fish"), "deals[2].result", "не из допустимых"),
    (lambda d: d["players"][0].update(federation_id="RU-1"), "players[0].federation_id", "неизвестные поля"),
    (lambda d: d["remarks"][0].pop("id"), "remarks[0]", "нет обязательного поля «id»"),
    (lambda d: d["rounds"][0].update(number=-1), "rounds[0].number", "меньше 0"),
    (lambda d: d.update(stages=[]), "stages", "неизвестные поля"),
])
def test_an_archive_that_fails_the_schema_is_refused_naming_the_place(small, tmp_path, damage, place, words):
    data = exported(small, tmp_path)
    damage(data)
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(data, ensure_ascii=False), "utf-8")
    before = Tournament.objects.count()
    with pytest.raises(CommandError) as refused:
        call_command("import_tournament", str(broken), "--slug", "copy", stdout=StringIO())
    message = str(refused.value)
    assert f"{place} — " in message and words in message and "docs/archive.schema.json" in message, message
    assert Tournament.objects.count() == before
    with pytest.raises(CommandError, match=place.replace("[", r"\[").replace("]", r"\]")):
        call_command("archive_schema", "--check", str(broken), stdout=StringIO())


def test_a_conforming_archive_is_checked_and_imported(small, tmp_path):
    path = tmp_path / "archive.json"
    call_command("export_tournament", "small", str(path), stdout=StringIO())
    out = StringIO()
    call_command("archive_schema", "--check", str(path), stdout=out)
    assert "соответствует схеме" in out.getvalue()
    call_command("import_tournament", str(path), "--slug", "small-copy", stdout=StringIO())
    copy = Tournament.objects.get(slug="small-copy")
    assert copy.pairs.count() == 2 and transfer.export_data(copy)["deals"]



def test_the_example_of_docs_archive_md_conforms_and_is_imported(db, tmp_path):
    text = Path(settings.BASE_DIR, "docs", "archive.md").read_text("utf-8")
    example = json.loads(text.split("## Пример", 1)[1].split("```json", 1)[1].split("```", 1)[0])
    assert list(documented().iter_errors(example)) == []
    path = tmp_path / "example.json"
    path.write_text(json.dumps(example, ensure_ascii=False), "utf-8")
    call_command("import_tournament", str(path), stdout=StringIO())
    cup = Tournament.objects.get(slug="cup")
    assert cup.pairs.count() == 2 and cup.rounds.get(number=1).parties.get(table=1).protocol.deals.count() == 1
