"""The merge migrations are squashed (tournaments 0001–0016, scoring 0001–0012, referees 0001–0005) and the
squashed files replace them only for a new database: a database made by the migrations as they were before — whole,
or stopped half-way — upgrades with the squashed files present, and ends with the same tables, columns and
indexes as a new one. Run on SQLite files in child processes (``manage.py migrate``)."""
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SQUASHED = ("tournaments/migrations/0001_squashed_0016.py", "scoring/migrations/0001_squashed_0012.py",
            "referees/migrations/0001_squashed_0005.py")

pytestmark = pytest.mark.skipif(os.environ.get("DATABASE_URL", "").startswith("postgres"),
                                reason="the SQLite files of the venue laptop; PostgreSQL takes the same migrations")


def tree_without_squash(tmp_path: Path) -> Path:
    """The project as it was before the squash: the same code, without the squashed migrations."""
    root = tmp_path / "before"
    shutil.copytree(ROOT, root, ignore=shutil.ignore_patterns(
        "__pycache__", ".venv", "var", "mutants", "node_modules", ".git", "test-artifacts", "tests", "static"))
    for name in SQUASHED:
        (root / name).unlink()
    return root


def manage(root: Path, data: Path, *args) -> str:
    env = {**os.environ, "DOMINO_DATA_DIR": str(data), "DJANGO_SETTINGS_MODULE": "config.settings"}
    env.pop("DATABASE_URL", None)
    run = subprocess.run([sys.executable, "manage.py", *args], cwd=root, env=env, capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    return run.stdout


def schema(data: Path) -> dict:
    """{table: (sorted (column, type, not null, primary key), sorted index names with their columns)}."""
    db = sqlite3.connect(data / "db.sqlite3")
    out = {}
    for (table,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"):
        columns = sorted((c[1], c[2], c[3], c[5]) for c in db.execute(f'PRAGMA table_info("{table}")'))
        indexes = sorted((i[1].split("_")[-1] if i[1].startswith("sqlite_autoindex") else i[1], i[2],
                          tuple(c[2] for c in db.execute(f'PRAGMA index_info("{i[1]}")')))
                         for i in db.execute(f'PRAGMA index_list("{table}")') if not i[1].startswith("sqlite_autoindex"))
        out[table] = (columns, indexes)
    db.close()
    return out


def applied(data: Path) -> set:
    db = sqlite3.connect(data / "db.sqlite3")
    rows = {(a, n) for a, n in db.execute("SELECT app, name FROM django_migrations")}
    db.close()
    return rows


def test_a_database_of_the_unsquashed_migrations_upgrades_to_the_same_schema(tmp_path):
    before = tree_without_squash(tmp_path)
    new, old, half = tmp_path / "new", tmp_path / "old", tmp_path / "half"
    plan = manage(ROOT, new, "migrate", "--plan")  # a new database takes the squashed files
    assert "tournaments.0001_squashed_0016" in plan and "scoring.0001_squashed_0012" in plan
    assert "0011_merge_s26_registry" not in plan and "0010_merge_0009_pin_phone_tries" not in plan
    manage(ROOT, new, "migrate", "--noinput")
    assert ("tournaments", "0001_squashed_0016") in applied(new)

    manage(before, old, "migrate", "--noinput")  # today's database, made by the migrations one by one
    manage(before, half, "migrate", "tournaments", "0010_merge_s26_teamst", "--noinput")  # stopped half-way
    for data in (old, half):
        manage(ROOT, data, "migrate", "--noinput")
        assert "[ ]" not in manage(ROOT, data, "showmigrations", "tournaments", "scoring", "referees")
        assert schema(data) == schema(new)
    assert ("tournaments", "0001_squashed_0016") in applied(half)  # recorded once every replaced one is applied
