"""Whole-installation backup and restore of the database.

* SQLite: SQLite's online backup API (``sqlite3.Connection.backup``) copies a
  consistent snapshot while the site keeps writing; the backup file is itself
  an SQLite database.
* PostgreSQL: ``pg_dump -Fc`` (consistent by design: one snapshot) and
  ``pg_restore``. The binaries are looked up in ``DOMINO_PG_BIN``, then on
  ``PATH``, then in ``/usr/lib/postgresql/*/bin`` (newest first).

A restore goes into an *empty* database only: one that holds no tournament
and no account (a database that has only been migrated counts as empty). A
non-empty one is refused unless ``force`` is given, which replaces all of it.
The database is everything: accounts, tournaments, protocols, the audit log
and the tournaments' signing keys — keep backup files private (they are
written readable by their owner only).
"""
from __future__ import annotations

import glob
import os
import shutil
import sqlite3
import subprocess
from dataclasses import dataclass
from pathlib import Path

from django.db import connections
from django.utils.translation import gettext as _

from core.private_files import private_tmp

SQLITE_MAGIC = b"SQLite format 3\x00"
PGDUMP_MAGIC = b"PGDMP"
DATA_TABLES = ("tournaments_tournament", "auth_user")


class BackupError(Exception):
    """A backup or restore that cannot be done; the message says why (in Russian)."""


@dataclass(frozen=True)
class BackupInfo:
    path: Path
    engine: str
    size: int


def _engine(using) -> str:
    vendor = connections[using].vendor
    if vendor not in ("sqlite", "postgresql"):
        raise BackupError(_("Резервное копирование умеет только SQLite и PostgreSQL, а не %(v)s.") % {"v": vendor})
    return vendor


def backup(path, *, using="default") -> BackupInfo:
    """Write a backup of the whole database to ``path`` (replaced at the end, never half-written)."""
    path = Path(path)
    engine = _engine(using)
    tmp = private_tmp(path)
    try:
        if engine == "sqlite":
            _sqlite_backup(using, tmp)
        else:
            _pg_dump(using, tmp)
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)
    return BackupInfo(path, engine, path.stat().st_size)


def _sqlite_path(using) -> str:
    connection = connections[using]
    name = str(connection.settings_dict["NAME"])
    if name == ":memory:" or "mode=memory" in name:
        raise BackupError(_("База SQLite в памяти не копируется: нужна база в файле."))
    return name


def _sqlite_backup(using, tmp: Path) -> None:
    # A connection of its own: the copy is a committed snapshot, whatever the site is doing.
    source = sqlite3.connect(_sqlite_path(using), timeout=60)
    target = sqlite3.connect(tmp)
    try:
        source.backup(target)
    finally:
        target.close()
        source.close()


def file_engine(path) -> str:
    """"sqlite" or "postgresql" from the first bytes of a backup file."""
    try:
        with open(path, "rb") as f:
            head = f.read(16)
    except OSError as exc:
        raise BackupError(_("Файл резервной копии не читается: %(e)s") % {"e": exc.strerror or exc}) from None
    if head.startswith(SQLITE_MAGIC):
        return "sqlite"
    if head.startswith(PGDUMP_MAGIC):
        return "postgresql"
    raise BackupError(_("Это не резервная копия: ни база SQLite, ни архив pg_dump."))


def count_rows(using="default") -> dict[str, int]:
    """Rows per table of the database (for checks after a restore)."""
    connection = connections[using]
    with connection.cursor() as cursor:
        tables = connection.introspection.table_names(cursor)
        counts = {}
        for table in sorted(tables):
            cursor.execute(f"SELECT COUNT(*) FROM {connection.ops.quote_name(table)}")
            counts[table] = cursor.fetchone()[0]
    return counts


def is_empty(using="default") -> bool:
    """No tournament and no account (missing tables count as empty)."""
    connection = connections[using]
    with connection.cursor() as cursor:
        tables = set(connection.introspection.table_names(cursor))
        for table in DATA_TABLES:
            if table in tables:
                cursor.execute(f"SELECT 1 FROM {connection.ops.quote_name(table)} LIMIT 1")
                if cursor.fetchone():
                    return False
    return True


def restore(path, *, using="default", force=False) -> BackupInfo:
    """Replace the database with the backup at ``path``; refused on a non-empty database without ``force``."""
    path = Path(path)
    engine = _engine(using)
    kind = file_engine(path)
    if kind != engine:
        raise BackupError(_("Копия сделана с базы %(kind)s, а сайт работает на %(engine)s: восстановить её "
                            "сюда нельзя.") % {"kind": kind, "engine": engine})
    if not force and not is_empty(using):
        raise BackupError(_("База данных не пуста (в ней есть турниры или учётные записи). Восстановление "
                            "заменит всё её содержимое; если это и нужно, повторите с --force."))
    if engine == "sqlite":
        _sqlite_restore(using, path)
    else:
        _pg_restore(using, path)
    connections[using].close()
    return BackupInfo(path, engine, path.stat().st_size)


def _sqlite_restore(using, path: Path) -> None:
    source = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        try:
            check = source.execute("PRAGMA integrity_check").fetchone()[0]
            names = {r[0] for r in source.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        except sqlite3.DatabaseError as exc:
            raise BackupError(_("Файл резервной копии повреждён: %(e)s") % {"e": exc}) from None
        if check != "ok":
            raise BackupError(_("Файл резервной копии повреждён: %(e)s") % {"e": check})
        if "django_migrations" not in names:
            raise BackupError(_("В файле нет базы этого сайта (нет таблицы django_migrations)."))
        connections[using].close()
        target = sqlite3.connect(_sqlite_path(using), timeout=60)
        try:
            source.backup(target)
        finally:
            target.close()
    finally:
        source.close()


# --- PostgreSQL ----------------------------------------------------------------------------

def pg_binary(name: str) -> str:
    """Path of ``pg_dump`` / ``pg_restore``."""
    custom = os.environ.get("DOMINO_PG_BIN")
    if custom and os.access(os.path.join(custom, name), os.X_OK):
        return os.path.join(custom, name)
    found = shutil.which(name)
    if found:
        return found
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda d: int(Path(d).parent.name)
                         if Path(d).parent.name.isdigit() else 0, reverse=True):
        candidate = os.path.join(folder, name)
        if os.access(candidate, os.X_OK):
            return candidate
    raise BackupError(_("Программа %(name)s не найдена: установите клиент PostgreSQL или укажите папку "
                        "в DOMINO_PG_BIN.") % {"name": name})


def _pg_env(using) -> tuple[dict, str]:
    settings = connections[using].settings_dict
    env = dict(os.environ)
    for key, var in (("HOST", "PGHOST"), ("PORT", "PGPORT"), ("USER", "PGUSER"), ("PASSWORD", "PGPASSWORD")):
        if settings.get(key):
            env[var] = str(settings[key])
    return env, settings["NAME"]


def _run(args, env) -> None:
    result = subprocess.run(args, env=env, capture_output=True, text=True)
    if result.returncode != 0:
        raise BackupError(_("%(prog)s завершился с ошибкой: %(err)s") % {
            "prog": Path(args[0]).name, "err": (result.stderr or result.stdout).strip()[-2000:]})


def _pg_dump(using, tmp: Path) -> None:
    env, name = _pg_env(using)
    _run([pg_binary("pg_dump"), "-Fc", "--no-owner", "--no-privileges", "-f", str(tmp), name], env)


def _pg_restore(using, path: Path) -> None:
    env, name = _pg_env(using)
    connections[using].close()
    _run([pg_binary("pg_restore"), "--clean", "--if-exists", "--no-owner", "--no-privileges",
          "--single-transaction", "-d", name, str(path)], env)
