"""Move one tournament between installations: a JSON file with a version field.

``export_tournament`` writes the tournament with its pairs, players, rounds, parties, protocols, deals,
remarks, signatures, roles and audit log, and its signing certificate (the private key only with
``with_key``). Accounts are named by username: ids mean nothing in another installation.

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
  tables must fit the format (``transfer_seats``). A team event is refused both ways for now.
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
from django.db import DataError, IntegrityError, models, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.json_limits import JsonRefused, decode, loads
from core.locking import locked
from core.text import UnsafeText, clean_text, text_problem
from referees.models import AuditEntry, TournamentRole, log_action
from scoring.models import Deal, Protocol, Remark, Signature
from tournaments.models import Pair, Partie, Player, Qualification, Round, Tournament, TournamentFormat

from . import archive_schema
from .transfer_seats import check_seats
from .transfer_signed import check_seals, check_signed_headers, freeze_legacy_headers

FORMAT = "domino-tournament"
VERSION = 1
KEY_FIELD = "signing_key_pem"

# Tables in the order they are written and read: a row refers only to tables before it.
TABLES = [
    ("pairs", Pair, "tournament"),
    ("players", Player, "pair__tournament"),
    ("rounds", Round, "tournament"),
    ("qualifications", Qualification, "tournament"),
    ("parties", Partie, "round__tournament"),
    ("protocols", Protocol, "partie__round__tournament"),
    ("deals", Deal, "protocol__partie__round__tournament"),
    ("remarks", Remark, "protocol__partie__round__tournament"),
    ("signatures", Signature, "protocol__partie__round__tournament"),
    ("roles", TournamentRole, "tournament"),
    ("audit", AuditEntry, "tournament"),
]
TABLE_OF_MODEL = {Tournament: "tournament", **{model: name for name, model, _scope in TABLES}}
# Text fields that are not a person's words: kept byte for byte (only a control character is refused).
RAW_TEXT = {KEY_FIELD, "signing_cert_pem", "pin_hash", "fingerprint", "stamp", "slug", "draw_seed", "seed",
            "action", "method"}


class _Encoder(DjangoJSONEncoder):
    """DjangoJSONEncoder, but times keep their microseconds (they are part of what is compared)."""

    def default(self, o):
        if isinstance(o, datetime.datetime):
            return o.isoformat()
        return super().default(o)


class TransferError(Exception):
    """The file cannot be written or read; the message says why (in Russian)."""


@dataclass
class ImportResult:
    tournament: Tournament
    counts: dict = field(default_factory=dict)
    skipped_roles: list = field(default_factory=list)      # [{"username", "role"}]
    missing_accounts: list = field(default_factory=list)   # usernames not found, sorted
    certificate: str = ""                                   # the id of the file's certificate (scoring.seals)
    unsealed: int = 0                                       # signatures without a seal (older files)


# Links the file does not carry: a player's person of the players' registry is this installation's (an imported
# tournament's players are linked to the registry on demand, ``registry.services.link_player``).
NOT_CARRIED = {(Player, "person")}


def _fields(model):
    return [f for f in model._meta.concrete_fields if not f.primary_key and (model, f.name) not in NOT_CARRIED]


def _is_user_fk(f) -> bool:
    return f.is_relation and f.related_model is get_user_model()


# --- export ------------------------------------------------------------------------------

def _rows(model, queryset, usernames) -> list[dict]:
    fields = _fields(model)
    for f in fields:
        if f.is_relation and not _is_user_fk(f) and f.related_model not in TABLE_OF_MODEL:
            raise TransferError(f"{model.__name__}.{f.name} refers to {f.related_model.__name__}, "
                                f"which the transfer file does not carry")
    rows = []
    for obj in queryset.order_by("pk"):
        row = {"id": obj.pk}
        for f in fields:
            value = getattr(obj, f.attname)
            if _is_user_fk(f):
                row[f.name] = usernames.get(value) if value is not None else None
            elif f.is_relation:
                row[f.name] = value
            else:
                row[f.name] = f.value_from_object(obj)
        rows.append(row)
    return rows


def _usernames(tournament) -> dict:
    ids = set()
    for model, scope in [(Tournament, "pk")] + [(m, s) for _n, m, s in TABLES]:
        for f in _fields(model):
            if _is_user_fk(f):
                ids.update(model.objects.filter(**{scope: tournament.pk}).exclude(**{f.attname: None})
                           .values_list(f.attname, flat=True))
    User = get_user_model()
    return dict(User.objects.filter(pk__in=ids).values_list("pk", User.USERNAME_FIELD))


def export_data(tournament, *, with_key=False) -> dict:
    if tournament.format == TournamentFormat.TEAMS:  # its teams, line-ups and matches would be lost
        raise TransferError(_("Командный турнир в файл переноса пока не записывается: его команды и матчи потерялись бы."))
    usernames = _usernames(tournament)
    [head] = _rows(Tournament, Tournament.objects.filter(pk=tournament.pk), usernames)
    if not with_key:
        head[KEY_FIELD] = ""
    data = {"format": FORMAT, "version": VERSION, "exported_at": timezone.now(), "with_key": bool(with_key),
            "tournament": head}
    for name, model, scope in TABLES:
        data[name] = _rows(model, model.objects.filter(**{scope: tournament.pk}), usernames)
    return data


def export_tournament(tournament, path, *, with_key=False) -> dict:
    """Write the tournament to ``path``; returns the number of rows per table."""
    data = export_data(tournament, with_key=with_key)
    text = json.dumps(data, cls=_Encoder, ensure_ascii=False, indent=1)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return {name: len(data[name]) for name, _m, _s in TABLES}


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


@functools.cache
def schema_validator():
    """The archive's JSON Schema (docs/archive.schema.json), written from the tables below."""
    return archive_schema.validator_for(archive_schema.build(Tournament, TABLES, format_name=FORMAT, version=VERSION))


def _check_head(data) -> None:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise TransferError(_("Это не файл переноса турнира (нет метки «%(f)s»).") % {"f": FORMAT})
    version = data.get("version")
    if version != VERSION:
        raise TransferError(_("Версия файла %(v)s не поддерживается; эта установка читает версию %(ok)s.")
                            % {"v": str(version)[:20], "ok": VERSION})
    if not isinstance(data.get("tournament"), dict):
        raise TransferError(_("В файле нет турнира."))
    if data["tournament"].get("format") == TournamentFormat.TEAMS:
        raise TransferError(_("Командный турнир из файла переноса пока не загружается."))
    for name, _m, _s in TABLES:
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


class _Reader:
    def __init__(self, data, users):
        self.data = data
        self.users = users            # username -> id (accounts found in this installation)
        self.ids = {name: {} for name in TABLE_OF_MODEL.values()}
        self.missing = set()

    def _fail(self, table, row, message):
        raise TransferError(_("Раздел «%(t)s», запись %(id)s: %(msg)s") % {
            "t": table, "id": str(row.get("id"))[:30], "msg": message})

    def build(self, table, model, row, overrides=None):
        fields = {f.name: f for f in _fields(model)}
        unknown = set(row) - set(fields) - {"id"}
        if unknown:
            self._fail(table, row, _("неизвестные поля %(f)s (файл новее этой установки?)") % {
                "f": ", ".join(sorted(unknown))[:200]})
        kwargs, stamps = {}, {}
        for name, f in fields.items():
            if overrides and name in overrides:
                kwargs[f.attname] = overrides[name]
                continue
            if name not in row:
                continue
            value = row[name]
            if _is_user_fk(f):
                if value is None:
                    kwargs[f.attname] = None
                elif not isinstance(value, str):
                    self._fail(table, row, _("учётная запись в поле %(f)s — не имя пользователя") % {"f": name})
                else:
                    kwargs[f.attname] = self.users.get(value)
                    if kwargs[f.attname] is None:
                        self.missing.add(value)
            elif f.is_relation:
                if value is None:
                    kwargs[f.attname] = None
                else:
                    target = self.ids[TABLE_OF_MODEL[f.related_model]]
                    try:
                        kwargs[f.attname] = target[value]
                    except (KeyError, TypeError):
                        self._fail(table, row, _("ссылка %(f)s на запись, которой нет в файле") % {"f": name})
            else:
                self._check_type(table, row, f, value)
                if isinstance(value, str) and isinstance(f, (models.CharField, models.TextField)):
                    value = self._clean_str(table, row, f, value)
                try:
                    kwargs[f.attname] = f.to_python(value)
                except ValidationError as exc:
                    self._fail(table, row, f"{name}: {' '.join(exc.messages)}")
                if getattr(f, "auto_now", False) or getattr(f, "auto_now_add", False):
                    stamps[f.attname] = kwargs[f.attname]
        obj = model(**kwargs)
        exclude = [f.name for f in fields.values() if f.is_relation]
        try:
            obj.clean_fields(exclude=exclude)
        except ValidationError as exc:
            self._fail(table, row, "; ".join(f"{k}: {' '.join(v)}" for k, v in exc.message_dict.items()))
        return obj, stamps

    def _clean_str(self, table, row, f, value) -> str:
        try:
            if f.name in RAW_TEXT or f.choices:
                problem = text_problem(value)
                if problem:
                    raise UnsafeText(problem[1], problem[0])
                return value
            return clean_text(value, multiline=isinstance(f, models.TextField))
        except UnsafeText as exc:
            self._fail(table, row, f"{f.name}: {exc.message}")

    def _check_type(self, table, row, f, value):
        """JSON types as the export writes them: no number as text (``"٣"``), no text where a number is."""
        if value is None:
            return
        if isinstance(f, models.BooleanField):
            ok = isinstance(value, bool)
        elif isinstance(f, (models.IntegerField, models.FloatField, models.DecimalField)):
            ok = isinstance(value, (int, float)) and not isinstance(value, bool)
            if isinstance(f, models.IntegerField):
                ok = ok and isinstance(value, int)
        elif isinstance(f, (models.CharField, models.TextField, models.DateField, models.TimeField)):
            ok = isinstance(value, str)
        else:
            ok = True
        if not ok:
            self._fail(table, row, _("поле %(f)s: значение неверного типа (%(v)s)") % {
                "f": f.name, "v": str(value)[:40]})

    def create(self, table, model, rows, *, keep=None):
        built = []
        for row in rows:
            if keep is not None and not keep(row):
                continue
            built.append((row, *self.build(table, model, row)))
        objs = model.objects.bulk_create([obj for _row, obj, _stamps in built])
        stamp_fields = set()
        for (row, obj, stamps), saved in zip(built, objs):
            self.ids[table][row.get("id")] = saved.pk
            for attname, value in stamps.items():
                if value is not None:
                    setattr(saved, attname, value)
                    stamp_fields.add(attname)
        if stamp_fields:
            model.objects.bulk_update(objs, sorted(stamp_fields), batch_size=500)
        return len(objs)


def import_data(data, *, slug=None, user=None) -> ImportResult:
    """Create the tournament of ``data`` (see the module docstring); one transaction."""
    _check_head(data)
    head = data["tournament"]
    slug = _clean_slug(slug if slug is not None else head.get("slug"))
    User = get_user_model()
    wanted = set()
    for name, model, _scope in [("tournament", Tournament, None)] + TABLES:
        rows = [head] if name == "tournament" else data.get(name, [])
        for f in _fields(model):
            if _is_user_fk(f):
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
        reader = _Reader(data, users)
        check_seats(reader, head, data)  # the format's tables (pairs, or four players); partners kept as written
        tournament, stamps = reader.build("tournament", Tournament, head, overrides={"slug": slug})
        tournament.save()
        if stamps:
            Tournament.objects.filter(pk=tournament.pk).update(**stamps)
        reader.ids["tournament"][head.get("id")] = tournament.pk
        result = ImportResult(tournament)
        for name, model, _scope in TABLES:
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
        })
    return result


def import_tournament(path, *, slug=None, user=None) -> ImportResult:
    return import_data(read_file(path), slug=slug, user=user)
