"""A transfer file holds phones, e-mails and birth years: like a backup, only its owner may read it."""
import io
import os
import stat

import pytest
from django.core.management import call_command

from tests.factories import make_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def open_umask():
    """The usual umask (022): a file written plainly would be readable by everyone."""
    old = os.umask(0o022)
    yield
    os.umask(old)


def mode(path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_an_exported_tournament_is_readable_by_its_owner_only(tmp_path, open_umask):
    make_tournament(2, slug="cup")
    path = tmp_path / "cup.json"
    call_command("export_tournament", "cup", str(path), stdout=io.StringIO())
    assert mode(path) == 0o600
    assert '"format": "domino-tournament"' in path.read_text(encoding="utf-8")
    assert [p.name for p in tmp_path.iterdir()] == ["cup.json"]  # no temporary file left beside it


def test_a_file_that_was_world_readable_becomes_private(tmp_path, open_umask):
    make_tournament(2, slug="cup")
    path = tmp_path / "cup.json"
    path.write_text("old")
    path.chmod(0o644)
    call_command("export_tournament", "cup", str(path), stdout=io.StringIO())
    assert mode(path) == 0o600 and path.read_text(encoding="utf-8") != "old"
