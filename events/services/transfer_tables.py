"""What the tournament's transfer file carries (``transfer``): its sections, their tables in order, the fields of
each row, and the rows' links that are not foreign keys.

The file is made of sections (``Section``), each registered with ``register_section``: this module's own (the
tournament's pairs, rounds, parties, protocols… first; its roles and audit log last) and those of the apps above
this one, registered from their ``AppConfig.ready()`` (a team event's teams and matches, ``teams.transfer``; the
online registration, ``signup.transfer``), so that this module names no app above it. The sections follow each
other by their ``order``, their tables in the order the section lists them.

A table is (name, model, scope): the rows of the model whose ``scope`` is the tournament. A row refers only to
rows of the tables before it. A model's fields are all its concrete fields, except where its section names them
explicitly (``Section.fields``: the online registration's rows) or a link the file does not carry
(``NOT_CARRIED``). A JSON field that holds ids of rows (a team's line-up: its pairs) is remapped on import
(``Section.id_lists``) and has its own schema.

What the registered sections add up to (``tables()``, ``table_of_model()``, ``schemas()``…) is computed once every
app is ready, and again after a section is registered.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.exceptions import AppRegistryNotReady, ImproperlyConfigured

from access.models import TournamentRole
from audit.models import AuditEntry
from scoring.models import Deal, Protocol, Remark, Sanction, Signature
from tournaments.models import Entrant, Partie, Player, Qualification, Round, Tournament

from .transfer_seats import check_seats

KEY_FIELD = "signing_key_pem"
HEAD = "tournament"  # the name of the tournament's own row in the file, never a table's

# Links the file does not carry: a player's person of the players' registry is this installation's (an imported
# tournament's players are linked to the registry on demand, ``registry.services.link_player``).
NOT_CARRIED = {(Player, "person")}


class TransferError(Exception):
    """The file cannot be written or read; the message says why (in Russian)."""


@dataclass(frozen=True)
class Section:
    """One part of the transfer file: its tables and what the import needs to know of their rows.

    ``order`` places the section among the others (lowest first): a row refers only to rows of the tables before
    it. ``tables``: ``(name, model, scope)``, in the order they are written and read. ``fields``: {model: [field
    names]} for a model whose rows carry only the fields named (a field added to the model stays out of the file
    until it is named). ``id_lists``: {(model, field): model of the rows} for a JSON field holding ids of rows.
    ``schemas``: {(model, field): JSON Schema} for a field with a shape of its own. ``raw_text``: names of text
    fields that are not a person's words, kept byte for byte. ``check(reader, head, data)`` runs before anything
    is written: it refuses with ``reader.fail(table, row, message)``, may clean the rows of its tables in ``data``
    (replacing their lists, so the caller's file stays as it was), and may return {field of ``ImportResult``:
    value} for what it did (``new_codes``).
    """

    name: str
    order: int
    tables: tuple
    fields: Mapping = field(default_factory=dict)
    id_lists: Mapping = field(default_factory=dict)
    schemas: Mapping = field(default_factory=dict)
    raw_text: frozenset = frozenset()
    check: Callable | None = None


@dataclass(frozen=True)
class _Layout:
    sections: tuple
    tables: tuple
    table_of_model: dict
    fields: dict
    id_lists: dict
    schemas: dict
    raw_text: frozenset


_sections: dict[str, Section] = {}
_layout: _Layout | None = None


def register_section(section: Section) -> Section:
    """Add a section to the file (an app's ``ready()``); a section, a table or a model registered twice, or two
    sections at one ``order``, is a mistake of the code and raises ``ImproperlyConfigured``."""
    global _layout
    if section.name in _sections:
        raise ImproperlyConfigured(f"transfer section {section.name!r} is registered twice")
    for other in _sections.values():
        if other.order == section.order:
            raise ImproperlyConfigured(f"transfer sections {other.name!r} and {section.name!r} share "
                                       f"the order {section.order}")
    names, models = {HEAD}, {Tournament}
    for other in _sections.values():
        names.update(name for name, _model, _scope in other.tables)
        models.update(model for _name, model, _scope in other.tables)
    for name, model, _scope in section.tables:
        if name in names or model in models:
            raise ImproperlyConfigured(f"transfer table {name!r} ({model.__name__}) of section "
                                       f"{section.name!r} is already carried")
        names.add(name)
        models.add(model)
    _sections[section.name] = section
    _layout = None
    return section


def _carried(model, named: dict) -> list:
    fields = [f for f in model._meta.concrete_fields if not f.primary_key and (model, f.name) not in NOT_CARRIED]
    if model not in named:
        return fields
    by_name = {f.name: f for f in fields}
    return [by_name[name] for name in named[model]]


def _build() -> _Layout:
    sections = tuple(sorted(_sections.values(), key=lambda s: s.order))
    tables = tuple(table for section in sections for table in section.tables)
    table_of_model = {Tournament: HEAD, **{model: name for name, model, _scope in tables}}
    named = {model: list(names) for s in sections for model, names in s.fields.items()}
    # A row refers only to rows of the tables before it: the import creates the tables in this order.
    written = {Tournament}
    for name, model, _scope in tables:
        for f in _carried(model, named):
            if f.is_relation and f.related_model in table_of_model and f.related_model not in written:
                raise ImproperlyConfigured(f"transfer table {name!r} refers to "
                                           f"{table_of_model[f.related_model]!r}, which does not come before it")
        written.add(model)
    id_lists = {key: target for s in sections for key, target in s.id_lists.items()}
    schemas = {**{key: {"type": "array", "items": {"type": "integer"}, "ids_of": table_of_model[target]}
                  for key, target in id_lists.items()},
               **{key: schema for s in sections for key, schema in s.schemas.items()}}
    return _Layout(sections=sections, tables=tables, table_of_model=table_of_model, fields=named,
                   id_lists=id_lists, schemas=schemas, raw_text=frozenset().union(*(s.raw_text for s in sections)))


def _current() -> _Layout:
    global _layout
    if _layout is None:
        if not apps.ready:  # an app's ready() may not have registered its section yet
            raise AppRegistryNotReady("the transfer file's sections are known once every app is ready")
        _layout = _build()
    return _layout


def sections() -> tuple:
    """The registered sections, in their order."""
    return _current().sections


def tables() -> tuple:
    """Every table of the file, ``(name, model, scope)``, in the order they are written and read."""
    return _current().tables


def table_of_model() -> dict:
    """{model: the name of its table}, the tournament's own row (``"tournament"``) included."""
    return _current().table_of_model


def id_lists() -> dict:
    """JSON fields holding a list of ids of rows of another table: {(model, field): model of those rows}."""
    return _current().id_lists


def schemas() -> dict:
    """JSON fields with a shape of their own in the schema: {(model, field): JSON Schema}."""
    return _current().schemas


def raw_text() -> frozenset:
    """Names of the text fields kept byte for byte (only a control character is refused)."""
    return _current().raw_text


def fields_of(model) -> list:
    """The fields of ``model`` a row of the file has (its ``id`` apart)."""
    return _carried(model, _current().fields)


def is_user_fk(f) -> bool:
    return f.is_relation and f.related_model is get_user_model()


# This installation's own sections: the tournament's play first, and, after every other section, who held which
# role and what was done (an audit entry may name any row before it).
register_section(Section(
    name="tournament", order=0, check=check_seats,  # the format's tables (pairs, or four players)
    tables=(
        ("pairs", Entrant, "tournament"),
        ("players", Player, "pair__tournament"),
        ("rounds", Round, "tournament"),
        ("qualifications", Qualification, "tournament"),
        ("parties", Partie, "round__tournament"),
        ("protocols", Protocol, "partie__round__tournament"),
        ("deals", Deal, "protocol__partie__round__tournament"),
        ("remarks", Remark, "protocol__partie__round__tournament"),
        ("sanctions", Sanction, "protocol__partie__round__tournament"),
        ("signatures", Signature, "protocol__partie__round__tournament"),
    ),
    raw_text=frozenset({KEY_FIELD, "signing_cert_pem", "pin_hash", "fingerprint", "stamp", "slug", "draw_seed",
                        "seed", "action", "method"}),
))
register_section(Section(
    name="officials", order=1000,
    tables=(
        ("roles", TournamentRole, "tournament"),
        ("audit", AuditEntry, "tournament"),
    ),
))
