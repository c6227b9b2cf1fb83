"""The tournament archive (``export_tournament`` / ``import_tournament``) as an open format: its JSON Schema.

The schema is written from the models the archive carries, in the order of ``transfer.TABLES``, so that
it says exactly what the export writes and the import reads (docs/archive.md describes the format;
docs/archive.schema.json is this schema as ``manage.py archive_schema --write`` wrote it, and a test keeps
the two equal):

* a row is an object of the model's fields and its ``id`` (a number of the file, not of any database);
  a field the model does not have is refused (``additionalProperties: false``), a field left out takes
  its default (a file written before the field existed);
* a reference to another row of the file is that row's ``id``; an account is its username (or null);
* types and bounds as the import checks them: integers within the database's ranges (``Positive…`` from
  0), a text within its ``max_length``, a choice among its values (an empty one where the field may be
  blank), a date ``YYYY-MM-DD``, a time in ISO 8601, a JSON field as the model keeps it (an object or a
  list where its default is one);
* the descriptions are the fields' names in English.

``problem(data)`` checks a file against the schema and names the first thing wrong with its path
(``pairs[3].number``) in Russian: ``import_tournament`` refuses such a file before reading a row.
"""
from __future__ import annotations

import json

from django.contrib.auth import get_user_model
from django.db import models
from django.db.backends.base.operations import BaseDatabaseOperations
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

DRAFT = "https://json-schema.org/draft/2020-12/schema"
SCHEMA_FILE = "docs/archive.schema.json"
RANGES = BaseDatabaseOperations.integer_field_ranges


def _nullable(schema: dict, field) -> dict:
    if field.null and "type" in schema:
        schema["type"] = [schema["type"], "null"]
        if "enum" in schema:
            schema["enum"] = [*schema["enum"], None]
    return schema


def field_schema(field, table_of_model: dict) -> dict:
    """The JSON Schema of one model field as the archive writes it."""
    schema: dict = {"description": str(field.verbose_name)}
    if field.is_relation and field.related_model is get_user_model():
        schema.update(type="string", description=f"{field.verbose_name} (username)")
    elif field.is_relation:
        target = table_of_model.get(field.related_model, field.related_model._meta.label)
        schema.update(type="integer", description=f"{field.verbose_name} (id of a row of {target})")
    elif isinstance(field, models.BooleanField):
        schema["type"] = "boolean"
    elif isinstance(field, models.IntegerField):
        low, high = RANGES.get(field.get_internal_type(), RANGES["IntegerField"])
        schema.update(type="integer", minimum=low, maximum=high)
    elif isinstance(field, (models.FloatField, models.DecimalField)):
        schema["type"] = "number"
    elif isinstance(field, models.DateTimeField):
        schema.update(type="string", format="date-time")
    elif isinstance(field, models.DateField):
        schema.update(type="string", format="date")
    elif isinstance(field, (models.CharField, models.TextField)):
        schema["type"] = "string"
        if field.choices:
            schema["enum"] = ([""] if field.blank else []) + [str(value) for value, _label in field.flatchoices]
        elif isinstance(field, models.CharField) and field.max_length:
            schema["maxLength"] = field.max_length
    elif isinstance(field, models.JSONField):
        kind = {dict: "object", list: "array"}.get(field.default)
        if kind:
            schema["type"] = kind
    return _nullable(schema, field)


def _all_fields(model) -> list:
    return [f for f in model._meta.concrete_fields if not f.primary_key]


def row_schema(model, table_of_model: dict, *, fields_of=_all_fields, shapes=None) -> dict:
    """A row of ``model``: the fields ``fields_of(model)`` gives; a field of ``shapes`` ({(model, name): schema})
    takes that schema over its own (a JSON field's items, a hash's pattern); ``ids_of`` names the table whose
    rows' ids a list holds."""
    shapes = shapes or {}
    with translation.override("en"):
        properties = {"id": {"type": "integer", "description": "the row's id in this file"}}
        for f in fields_of(model):
            schema = field_schema(f, table_of_model)
            shape = shapes.get((model, f.name))
            if shape is not None:
                ids_of = shape.get("ids_of")
                schema = {**schema, **{k: v for k, v in shape.items() if k != "ids_of"}}
                if ids_of:
                    schema["description"] = f"{f.verbose_name} (ids of rows of {ids_of})"
            properties[f.name] = schema
        title = str(model._meta.verbose_name)
    return {"type": "object", "title": title, "required": ["id"], "properties": properties,
            "additionalProperties": False}


def build(head_model, tables, *, format_name: str, version: int, fields_of=_all_fields, shapes=None) -> dict:
    """The schema of an archive of ``head_model`` (the tournament) and ``tables`` [(name, model, scope)…], each row
    of the fields ``fields_of(model)`` gives, with the ``shapes`` of ``row_schema``."""
    table_of_model = {head_model: "tournament", **{model: name for name, model, _scope in tables}}
    properties = {
        "format": {"const": format_name},
        "version": {"const": version},
        "exported_at": {"type": "string", "format": "date-time"},
        "with_key": {"type": "boolean", "description": "the file carries the private key of the PDF signature"},
        "tournament": {"$ref": "#/$defs/tournament"},
    }
    defs = {"tournament": row_schema(head_model, table_of_model, fields_of=fields_of, shapes=shapes)}
    for name, model, _scope in tables:
        properties[name] = {"type": "array", "items": {"$ref": f"#/$defs/{name}"}}
        defs[name] = row_schema(model, table_of_model, fields_of=fields_of, shapes=shapes)
    return {
        "$schema": DRAFT, "title": f"{format_name}, version {version}",
        "description": "One tournament moved between installations (docs/archive.md).",
        "type": "object", "required": ["format", "version", "tournament"], "properties": properties,
        "additionalProperties": False, "$defs": defs,
    }


def as_text(schema: dict) -> str:
    return json.dumps(schema, ensure_ascii=False, indent=2) + "\n"


# --- checking a file -------------------------------------------------------------------------

def path_text(path) -> str:
    """``pairs[3].number``: the keys and list positions from the top of the file."""
    text = ""
    for step in path:
        text += f"[{step}]" if isinstance(step, int) else (f".{step}" if text else str(step))
    return text or _("файл целиком")


def _shown(value) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:39] + "…"


TYPE_WORDS = {"integer": gettext_lazy("целое число"), "number": gettext_lazy("число"),
              "string": gettext_lazy("строка"), "boolean": gettext_lazy("true или false"),
              "object": gettext_lazy("объект"), "array": gettext_lazy("список"), "null": "null"}


def _words(error) -> tuple[list, str]:
    """(path, what is wrong in Russian) of one error of the validator."""
    path, kind, expected, value = list(error.absolute_path), error.validator, error.validator_value, error.instance
    if kind == "type":
        kinds = expected if isinstance(expected, list) else [expected]
        return path, _("значение неверного типа (%(v)s): ожидается %(t)s") % {
            "t": _(" или ").join(str(TYPE_WORDS.get(k, k)) for k in kinds), "v": _shown(value)}
    if kind == "required":
        missing = next(name for name in expected if name not in value)
        return path, _("нет обязательного поля «%(f)s»") % {"f": missing}
    if kind == "additionalProperties":
        known = set(error.schema.get("properties", {}))
        extra = sorted(str(k) for k in value if k not in known)
        return path + extra[:1], _("неизвестные поля %(f)s (файл новее этой установки?)") % {
            "f": ", ".join(extra)[:200]}
    if kind in ("enum", "const"):
        allowed = expected if kind == "enum" else [expected]
        return path, _("значение %(v)s не из допустимых: %(ok)s") % {
            "v": _shown(value), "ok": ", ".join(_shown(a) for a in allowed)[:200]}
    if kind == "maxLength":
        return path, _("текст длиннее %(n)s знаков") % {"n": expected}
    if kind == "minLength":
        return path, _("пустой текст") if expected == 1 else _("текст короче %(n)s знаков") % {"n": expected}
    if kind == "pattern":
        return path, _("текст не того вида (%(v)s): ожидается %(p)s") % {"v": _shown(value), "p": expected}
    if kind == "minItems":
        return path, _("элементов в списке меньше %(n)s") % {"n": expected}
    if kind == "maxItems":
        return path, _("элементов в списке больше %(n)s") % {"n": expected}
    if kind == "minimum":
        return path, _("число %(v)s меньше %(n)s") % {"v": _shown(value), "n": expected}
    if kind == "maximum":
        return path, _("число %(v)s больше %(n)s") % {"v": _shown(value), "n": expected}
    return path, error.message[:200]


def problem(data, validator: Draft202012Validator) -> str | None:
    """What is wrong with ``data`` against the archive's schema, naming the place; None when it conforms."""
    error = best_match(validator.iter_errors(data))
    if error is None:
        return None
    path, words = _words(error)
    return _("Файл не соответствует схеме архива турнира (%(schema)s): %(path)s — %(words)s.") % {
        "schema": SCHEMA_FILE, "path": path_text(path), "words": words}


def validator_for(schema: dict) -> Draft202012Validator:
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)
