"""What the tournament's transfer file carries (``transfer``): its tables in order, the fields of each row, and the
rows' links that are not foreign keys.

A table is (name, model, scope): the rows of the model whose ``scope`` is the tournament. A row refers only to
rows of the tables before it. A model's fields are all its concrete fields, except where the model's section
names them explicitly (``FIELDS``: the online registration's rows, ``transfer_signup``) or a link the file does not
carry (``NOT_CARRIED``). A JSON field that holds ids of rows (a team's line-up: its pairs) is remapped on import
(``ID_LISTS``) and has its own schema.
"""
from __future__ import annotations

from django.contrib.auth import get_user_model

from audit.models import AuditEntry
from access.models import TournamentRole
from scoring.models import Deal, Protocol, Remark, Signature
from tournaments.models import Pair, Partie, Player, Qualification, Round, Tournament

from .transfer_signup import SIGNUP_FIELDS, SIGNUP_SCHEMAS, SIGNUP_TABLES
from .transfer_teams import TEAM_ID_LISTS, TEAM_TABLES

KEY_FIELD = "signing_key_pem"

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
    *TEAM_TABLES,
    *SIGNUP_TABLES,
    ("roles", TournamentRole, "tournament"),
    ("audit", AuditEntry, "tournament"),
]
TABLE_OF_MODEL = {Tournament: "tournament", **{model: name for name, model, _scope in TABLES}}
# Text fields that are not a person's words: kept byte for byte (only a control character is refused).
RAW_TEXT = {KEY_FIELD, "signing_cert_pem", "pin_hash", "fingerprint", "stamp", "slug", "draw_seed", "seed",
            "action", "method", "code_hash", "checkin_hash"}

# Links the file does not carry: a player's person of the players' registry is this installation's (an imported
# tournament's players are linked to the registry on demand, ``registry.services.link_player``).
NOT_CARRIED = {(Player, "person")}
# Models whose section lists the fields it carries (the rest of the model stays out of the file).
FIELDS = dict(SIGNUP_FIELDS)
# JSON fields holding a list of ids of rows of another table: {(model, field): model of those rows}.
ID_LISTS = dict(TEAM_ID_LISTS)
# JSON fields with a shape of their own in the schema: {(model, field): JSON Schema}.
SCHEMAS = {**{key: {"type": "array", "items": {"type": "integer"}, "ids_of": TABLE_OF_MODEL[target]}
              for key, target in ID_LISTS.items()}, **SIGNUP_SCHEMAS}


class TransferError(Exception):
    """The file cannot be written or read; the message says why (in Russian)."""


def fields_of(model) -> list:
    """The fields of ``model`` a row of the file has (its ``id`` apart)."""
    fields = [f for f in model._meta.concrete_fields if not f.primary_key and (model, f.name) not in NOT_CARRIED]
    named = FIELDS.get(model)
    if named is None:
        return fields
    by_name = {f.name: f for f in fields}
    return [by_name[name] for name in named]


def is_user_fk(f) -> bool:
    return f.is_relation and f.related_model is get_user_model()
