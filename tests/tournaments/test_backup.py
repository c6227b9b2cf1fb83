"""Whole-installation backup and restore (SQLite here; PostgreSQL when DATABASE_URL points to one)."""
import io
import json
import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection

from access.models import RoleKind, TournamentRole
from events.services import backup as backups
from tests.factories import make_round, make_tournament
from tests.reports.conftest import blocks, play, sign

ROOT = Path(settings.BASE_DIR)
COUNT_ROWS = "import json; from events.services.backup import count_rows; print(json.dumps(count_rows()))"


def manage(database_url, *args):
    env = {**os.environ, "DATABASE_URL": database_url}
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=300)


def counts_of(database_url):
    result = manage(database_url, "shell", "-c", COUNT_ROWS)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


@pytest.fixture
def installation(transactional_db, django_user_model):
    """Two tournaments with accounts, roles and signed protocols, committed (a backup sees only those)."""
    for slug in ("cup", "league"):
        t = make_tournament(6, slug=slug)
        user = django_user_model.objects.create_user(f"org-{slug}", password="domino-2026-x")
        TournamentRole.objects.create(tournament=t, user=user, role=RoleKind.ORGANIZER)
        rnd = make_round(t, 1, [(1, 2), (3, 4), (5, 6)])
        for table in (1, 2):
            sign(play(rnd, table, blocks(5, -3, 2, 1)), "A", "B", "C", "D")
    return connection.settings_dict["NAME"]


@pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite backup")
def test_backup_then_restore_into_a_fresh_sqlite_file(installation, tmp_path):
    path = tmp_path / "backup.sqlite3"
    call_command("backup", str(path), stdout=io.StringIO())
    assert path.read_bytes()[:16] == backups.SQLITE_MAGIC
    assert path.stat().st_mode & 0o077 == 0  # readable by its owner only: it holds keys and password hashes
    expected = backups.count_rows()
    assert expected["tournaments_tournament"] == 2 and expected["scoring_deal"] == 16

    fresh = f"sqlite:///{tmp_path / 'fresh.sqlite3'}"
    result = manage(fresh, "restore", str(path))
    assert result.returncode == 0, result.stderr
    assert counts_of(fresh) == expected

    # A database that is not empty is refused, unless --force.
    again = manage(fresh, "restore", str(path))
    assert again.returncode != 0 and "не пуста" in again.stderr and "--force" in again.stderr
    forced = manage(fresh, "restore", str(path), "--force")
    assert forced.returncode == 0, forced.stderr
    assert counts_of(fresh) == expected


def test_restore_refuses_a_non_empty_database_in_process(installation, tmp_path):
    path = tmp_path / "backup.bin"
    call_command("backup", str(path), stdout=io.StringIO())
    with pytest.raises(CommandError, match="не пуста"):
        call_command("restore", str(path), stdout=io.StringIO())


def test_empty_means_no_tournament_and_no_account(transactional_db, django_user_model):
    assert backups.is_empty()
    django_user_model.objects.create_user("someone", password="domino-2026-x")
    assert not backups.is_empty()


@pytest.mark.parametrize("content, message", [
    (b"", "не резервная копия"),
    (b"<html>not a backup</html>", "не резервная копия"),
    (b"SQLite format 3\x00" + b"\x00" * 200, "повреждён" if connection.vendor == "sqlite" else "нельзя"),
    (b"PGDMP" + b"\x00" * 200, "pg_restore" if connection.vendor == "postgresql" else "нельзя"),
])
def test_restore_refuses_what_is_not_a_backup(transactional_db, tmp_path, content, message):
    path = tmp_path / "x.bin"
    path.write_bytes(content)
    with pytest.raises(CommandError, match=message):
        call_command("restore", str(path), stdout=io.StringIO())


def test_restore_of_a_missing_file(transactional_db, tmp_path):
    with pytest.raises(CommandError, match="не читается"):
        call_command("restore", str(tmp_path / "nothing.bin"), stdout=io.StringIO())


def _pg_available():
    if connection.vendor != "postgresql":
        return False
    try:
        backups.pg_binary("pg_dump")
        backups.pg_binary("pg_restore")
    except backups.BackupError:
        return False
    return True


@pytest.mark.skipif(not _pg_available(), reason="needs DATABASE_URL on PostgreSQL and pg_dump")
def test_backup_then_restore_into_a_fresh_postgresql_database(installation, tmp_path):
    path = tmp_path / "backup.dump"
    call_command("backup", str(path), stdout=io.StringIO())
    assert path.read_bytes()[:5] == backups.PGDUMP_MAGIC
    expected = backups.count_rows()
    name = f"domino_restore_{uuid.uuid4().hex[:8]}"
    with connection.cursor() as cursor:
        cursor.execute(f'CREATE DATABASE "{name}"')
    try:
        s = connection.settings_dict
        url = f"postgres://{s['USER']}:{s['PASSWORD'] or ''}@{s['HOST'] or 'localhost'}:{s['PORT'] or 5432}/{name}"
        result = manage(url, "restore", str(path))
        assert result.returncode == 0, result.stderr
        assert counts_of(url) == expected
        again = manage(url, "restore", str(path))
        assert again.returncode != 0 and "не пуста" in again.stderr
    finally:
        with connection.cursor() as cursor:
            cursor.execute(f'DROP DATABASE IF EXISTS "{name}"')
