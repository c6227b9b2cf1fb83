"""Move one tournament between installations: a JSON file with a version field.

``export_tournament`` writes the tournament with its pairs, players, rounds, parties, protocols, deals,
remarks, the partnership game's sanctions, signatures, a team event's teams and matches, the online
registration and its entries, roles and audit log, and its signing certificate (the private key only with ``with_key``). Accounts are named by username: ids
mean nothing in another installation. The sections, their tables and fields: ``transfer_tables`` (a team event's
and the online registration's are registered there by their apps, ``teams.transfer`` and ``signup.transfer``);
rows: ``transfer_reader``.

``import_tournament`` reads such a file into an installation that may hold
other tournaments and leaves them untouched: every row gets a new id, the
references between the rows are remapped, the slug must be free (or another
one given). It is one transaction: a file that fails a check leaves nothing
behind. It is audited on the new tournament.

* Accounts are never created. A player, a deal's author, a signature… is linked to the account of the
  same username if the target has one, else left without (names on signatures are kept as written). A
  role whose account is missing is skipped and listed.
* The file is an open format (docs/archive.md): before a row is read it must conform to its JSON Schema
  (``archive_schema``, docs/archive.schema.json), or it is refused naming the place (``pairs[3].number``).
* Times are kept as they were; the audit log's ``before``/``after`` as written (ids in them are the
  source's). A file with fields this installation does not know (a newer version) is refused.
* An individual event keeps its format and every table's four seats (``partner_a`` / ``partner_b``); the
  tables must fit the format (``transfer_seats``). A team event keeps its teams, pairs, reserves, line-ups,
  matches and their tables, and they must fit each other (``teams.transfer``).
* The online registration keeps its settings and entries with their codes' hashes (``signup.transfer``).
* Each section's check (``transfer_tables.Section.check``) runs, in the sections' order, before anything is
  written.
* Every signature's seal must verify against the file's certificates
  (``transfer_signed``, ``scoring.seals``).
* Text is cleaned as the forms clean it (``core.text``); the JSON is read within the bounds of
  ``core.json_limits`` (UTF-8, ``MAX_DEPTH``, numbers).
* A protocol carries the header its signers saw (``signed_header``: slug, names,
  pairs, round, table), so its signatures still match under a new slug. A file
  written before headers were kept gets them on import from its own rows and
  the source's slug, as the migration did in the source installation; a
  header that is not one this system writes is refused.
"""
from __future__ import annotations

import datetime
import functools
import json
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.serializers.json import DjangoJSONEncoder
from django.core.validators import validate_slug
from django.db import DataError, IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from audit.log import log_action
from core.json_limits import JsonRefused, decode, loads
from core.locking import locked
from core.private_files import write_private
from tournaments.models import Tournament

from . import archive_schema
from .transfer_reader import Reader
from .transfer_signed import check_seals, check_signed_headers, freeze_legacy_headers
from .transfer_tables import KEY_FIELD, TransferError, fields_of, is_user_fk, schemas, sections, table_of_model, tables

__all__ = ["FORMAT", "VERSION", "tables", "TransferError", "ImportResult", "export_data", "export_tournament",
           "read_file", "schema", "schema_validator", "import_data", "import_tournament"]

FORMAT = "domino-tournament"
VERSION = 1


class _Encoder(DjangoJSONEncoder):
    """DjangoJSONEncoder, but times keep their microseconds (they are part of what is compared)."""

    def default(self, o):
        if isinstance(o, datetime.datetime):
            return o.isoformat()
        return super().default(o)


@dataclass
class ImportResult:
    tournament: Tournament
    counts: dict = field(default_factory=dict)
    skipped_roles: list = field(default_factory=list)      # [{"username", "role"}]
    missing_accounts: list = field(default_factory=list)   # usernames not found, sorted
    certificate: str = ""                                   # the id of the file's certificate (scoring.seals)
    unsealed: int = 0                                       # signatures without a seal (older files)
    new_codes: int = 0                                      # registration entries given new hashes (signup.transfer)


# --- export ------------------------------------------------------------------------------

def _rows(model, queryset, usernames) -> list[dict]:
    fields = fields_of(model)
    for f in fields:
        if f.is_relation and not is_user_fk(f) and f.related_model not in table_of_model():
            raise TransferError(f"{model.__name__}.{f.name} refers to {f.related_model.__name__}, "
                                f"which the transfer file does not carry")
    rows = []
    for obj in queryset.order_by("pk"):
        row = {"id": obj.pk}
        for f in fields:
            value = getattr(obj, f.attname)
            if is_user_fk(f):
                row[f.name] = usernames.get(value) if value is not None else None
            elif f.is_relation:
                row[f.name] = value
            else:
                row[f.name] = f.value_from_object(obj)
        rows.append(row)
    return rows


def _usernames(tournament) -> dict:
    ids = set()
    for model, scope in [(Tournament, "pk")] + [(m, s) for _n, m, s in tables()]:
        for f in fields_of(model):
            if is_user_fk(f):
                ids.update(model.objects.filter(**{scope: tournament.pk}).exclude(**{f.attname: None})
                           .values_list(f.attname, flat=True))
    User = get_user_model()
    return dict(User.objects.filter(pk__in=ids).values_list("pk", User.USERNAME_FIELD))


def export_data(tournament, *, with_key=False) -> dict:
    usernames = _usernames(tournament)
    [head] = _rows(Tournament, Tournament.objects.filter(pk=tournament.pk), usernames)
    if not with_key:
        head[KEY_FIELD] = ""
    data = {"format": FORMAT, "version": VERSION, "exported_at": timezone.now(), "with_key": bool(with_key),
            "tournament": head}
    for name, model, scope in tables():
        data[name] = _rows(model, model.objects.filter(**{scope: tournament.pk}), usernames)
    return data


def export_tournament(tournament, path, *, with_key=False) -> dict:
    """Write the tournament to ``path``, readable by its owner only (it holds phones, e-mails, birth years and
    maybe the key: ``core.private_files``, as backups); returns the number of rows per table."""
    data = export_data(tournament, with_key=with_key)
    text = json.dumps(data, cls=_Encoder, ensure_ascii=False, indent=1)
    write_private(path, text.encode("utf-8"))
    return {name: len(data[name]) for name, _m, _s in tables()}


# --- import ------------------------------------------------------------------------------

# A transfer file nests: file → table → row → a JSON field (an audit entry's before/after) a few levels more.
MAX_DEPTH = 64


def read_file(path) -> dict:
    try:
        with open(path, "rb") as f:
            raw = f.read()
    except OSError as exc:
        raise TransferError(_("Файл не читается: %(e)s") % {"e": exc.strerror or exc}) from None
    try:
        return loads(decode(raw), max_depth=MAX_DEPTH)
    except JsonRefused as exc:
        raise TransferError(_("Это не файл переноса турнира: %(e)s.") % {"e": exc.message_ru}) from None


def schema() -> dict:
    """The archive's JSON Schema (docs/archive.schema.json), written from the tables the file carries."""
    return archive_schema.build(Tournament, tables(), format_name=FORMAT, version=VERSION, fields_of=fields_of,
                                shapes=schemas())


@functools.cache
def schema_validator():
    return archive_schema.validator_for(schema())


def _check_head(data) -> None:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise TransferError(_("Это не файл переноса турнира (нет метки «%(f)s»).") % {"f": FORMAT})
    version = data.get("version")
    if version != VERSION:
        raise TransferError(_("Версия файла %(v)s не поддерживается; эта установка читает версию %(ok)s.")
                            % {"v": str(version)[:20], "ok": VERSION})
    if not isinstance(data.get("tournament"), dict):
        raise TransferError(_("В файле нет турнира."))
    for name, _m, _s in tables():
        rows = data.get(name, [])
        if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
            raise TransferError(_("Раздел «%(t)s» файла — не список записей.") % {"t": name})
    refused = archive_schema.problem(data, schema_validator())
    if refused:
        raise TransferError(refused)


def _clean_slug(slug) -> str:
    slug = str(slug or "").strip()
    max_length = Tournament._meta.get_field("slug").max_length
    try:
        validate_slug(slug)
    except ValidationError:
        raise TransferError(_("Краткое имя «%(s)s» не годится: только латинские буквы, цифры, дефис и "
                              "подчёркивание.") % {"s": slug[:100]}) from None
    if len(slug) > max_length:
        raise TransferError(_("Краткое имя длиннее %(n)s знаков.") % {"n": max_length})
    return slug


def import_data(data, *, slug=None, user=None) -> ImportResult:
    """Create the tournament of ``data`` (see the module docstring); one transaction."""
    _check_head(data)
    data = dict(data)  # a section's check may put cleaned copies of its rows here; the caller's file stays as it was
    head = data["tournament"]
    slug = _clean_slug(slug if slug is not None else head.get("slug"))
    wanted = set()
    for name, model, _scope in [("tournament", Tournament, None), *tables()]:
        rows = [head] if name == "tournament" else data.get(name, [])
        for f in fields_of(model):
            if is_user_fk(f):
                wanted.update(r.get(f.name) for r in rows if isinstance(r.get(f.name), str))
    try:
        return _import(data, head, slug, wanted, user)
    except (IntegrityError, DataError) as exc:
        raise TransferError(_("Записи файла противоречат друг другу или ограничениям базы: %(e)s")
                            % {"e": str(exc)[:300]}) from None


def _import(data, head, slug, wanted, user) -> ImportResult:
    User = get_user_model()
    with transaction.atomic():
        if locked(Tournament.objects.filter(slug=slug)).exists():
            raise TransferError(_("Турнир с кратким именем «%(s)s» уже есть. Выберите другое: --slug НОВОЕ.")
                                % {"s": slug})
        users = dict(User.objects.filter(**{f"{User.USERNAME_FIELD}__in": wanted})
                     .values_list(User.USERNAME_FIELD, "pk"))
        reader = Reader(data, users)
        done = {}  # what the checks did, for the result (the registration's entries given new hashes)
        for section in sections():
            if section.check is not None:
                done.update(section.check(reader, head, data) or {})
        tournament, stamps = reader.build("tournament", Tournament, head, overrides={"slug": slug})
        tournament.save()
        if stamps:
            Tournament.objects.filter(pk=tournament.pk).update(**stamps)
        reader.ids["tournament"][head.get("id")] = tournament.pk
        result = ImportResult(tournament, **done)
        for name, model, _scope in tables():
            rows = data.get(name, [])
            if name == "roles":
                skipped = [r for r in rows if r.get("user") not in users]
                result.skipped_roles = [{"username": r.get("user"), "role": r.get("role")} for r in skipped]
                result.counts[name] = reader.create(name, model, rows, keep=lambda r: r.get("user") in users)
            else:
                if name == "protocols":
                    check_signed_headers(reader, rows)
                result.counts[name] = reader.create(name, model, rows)
        result.certificate, result.unsealed = check_seals(tournament, TransferError)
        freeze_legacy_headers(reader, data, head)
        result.missing_accounts = sorted(reader.missing)
        tournament.refresh_from_db()
        log_action(tournament, "tournament.imported", user=user, after={
            "source_slug": str(head.get("slug"))[:80], "exported_at": str(data.get("exported_at"))[:40],
            "version": VERSION, "with_key": bool(tournament.signing_key_pem), "counts": result.counts,
            "certificate": result.certificate, "unsealed": result.unsealed,
            "skipped_roles": result.skipped_roles, "missing_accounts": result.missing_accounts,
            "new_codes": result.new_codes,
        })
    return result


def import_tournament(path, *, slug=None, user=None) -> ImportResult:
    return import_data(read_file(path), slug=slug, user=user)
