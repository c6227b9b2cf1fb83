"""The online registration's section of the transfer file (docs/archive.md «Онлайн-регистрация»), registered with
``events.services.transfer_tables.register_section`` from ``SignupConfig.ready()``.

Two tables: ``signup`` (the organizer's settings: dates, limit, the fields asked, approval, the closings) and
``signup_entries`` (each entry: its status, its players as they sent them, the contact, the hashes of its code
and of its check-in mark, the entrant it became, the reason of a refusal, when it was sent — the waiting list's
order —, accepted, withdrawn and checked in, and who checked it in). Each table's fields are listed here, one by
one (``SIGNUP_FIELDS``): a field added to the registration's models is not in the file until it is named here.

**[толкование]** (docs/registration.md §8) The personal data that goes with the entries is what the organizer of the
tournament already holds on his entries' page: names, club, city, birth year, federation ID, phone or e-mail.
The player's code never was stored; its SHA-256 travels, so every player's code keeps opening, editing and
withdrawing his entry on the new server. An entry whose code's hash this installation already holds (the same
tournament imported twice, a copy beside its original) gets new hashes in the copy: the codes keep opening the
original's entries, never two entries at once, and the copy's entries are the organizer's to handle
(``ImportResult.new_codes`` counts them); so does an entry written without its hashes (a file made by hand).
The seed of a code travels too (``signup.codes``): a server with the same key rebuilds the code for its letters,
one with another key cannot (its letters point to «Потеряли ссылку?», which issues a new code). What the players
were told (``EntryMessage``, ``signup.notices``) stays on the server that told them.
"""
from __future__ import annotations

from django.utils.translation import gettext as _

from core.text import UnsafeText, clean_text
from events.services.transfer_tables import Section

from . import codes
from .models import Entry, SignupSettings

SIGNUP_TABLES = (
    ("signup", SignupSettings, "tournament"),
    ("signup_entries", Entry, "tournament"),
)
SIGNUP_FIELDS = {
    SignupSettings: ["tournament", "opens_at", "closes_at", "limit", "ask_club", "ask_city", "ask_birth_year",
                     "ask_contact", "approval_required", "closed_at", "closed_on_site_at", "changed_at"],
    Entry: ["tournament", "status", "players", "contact", "code_hash", "checkin_hash", "pair", "refusal_reason",
            "submitted_at", "accepted_at", "withdrawn_at", "checked_in_at", "checked_in_by",
            # a team event's entry: the team's name and club / region, its reserves, the team it became
            "team_name", "team_club", "reserves", "team",
            # the seed the site's key turns into the code (signup.codes: the same key rebuilds it, another cannot)
            # and the language the player used (the letters' language, signup.notices)
            "code_seed", "language"],
}
HASH = {"type": "string", "pattern": "^[0-9a-f]{64}$"}
# One player of an entry, as the form keeps him (signup.cleaning.PLAYER_FIELDS).
ENTRY_PLAYER = {
    "type": "object", "required": ["name"], "additionalProperties": False,
    "properties": {
        "name": {"type": "string", "minLength": 1, "maxLength": 200, "description": "name and surname"},
        "club": {"type": "string", "maxLength": 200, "description": "club"},
        "city": {"type": "string", "maxLength": 200, "description": "city"},
        "birth_year": {"type": ["integer", "null"], "minimum": 1900, "maximum": 2100, "description": "birth year"},
        "federation_id": {"type": ["string", "null"], "maxLength": 32, "description": "federation ID"},
    },
}
SIGNUP_SCHEMAS = {
    (Entry, "players"): {"type": "array", "minItems": 1, "maxItems": 8, "items": ENTRY_PLAYER},
    (Entry, "reserves"): {"type": "array", "maxItems": 4, "items": ENTRY_PLAYER},
    (Entry, "code_hash"): {**HASH, "description": "SHA-256 of the entry's code (hex)"},
    (Entry, "checkin_hash"): {**HASH, "description": "SHA-256 of the entry's check-in mark (hex)"},
    (Entry, "code_seed"): {"type": "string", "pattern": "^[A-Za-z0-9_-]{0,32}$",
                           "description": "the seed of the entry's code (URL-safe base64; empty: none)"},
}


def check_signup(reader, head, data) -> dict:
    """Refuse what the schema cannot say; clean the players' texts as the form does; give an entry whose hashes
    this installation already holds new ones. Returns the number of entries that got new hashes (``new_codes``)."""
    settings = data.get("signup", [])
    if len(settings) > 1:
        reader.fail("signup", settings[1], _("у турнира одни настройки онлайн-регистрации"))
    # The entries are cleaned and given new hashes in copies: the caller's file stays as it was.
    data["signup_entries"] = entries = [dict(r) for r in data.get("signup_entries", [])]
    for row in entries:
        for name in ("players", "reserves"):
            try:
                row[name] = [{key: clean_text(value) if isinstance(value, str) else value
                              for key, value in player.items()} for player in row.get(name, [])]
            except UnsafeText as exc:
                reader.fail("signup_entries", row, f"{name}: {exc.message}")
        if not row["players"]:
            reader.fail("signup_entries", row, _("в заявке нет игроков"))
        if any(not p.get("name") for p in row["players"] + row["reserves"]):
            reader.fail("signup_entries", row, _("у игрока заявки нет имени"))
    hashes = [r[name] for r in entries for name in ("code_hash", "checkin_hash") if r.get(name) is not None]
    if len(set(hashes)) != len(hashes):
        row = next(r for r in entries if hashes.count(r.get("code_hash")) > 1 or hashes.count(r.get("checkin_hash")) > 1)
        reader.fail("signup_entries", row, _("хеш кода повторяется в двух заявках"))
    taken = set(Entry.objects.filter(code_hash__in=hashes).values_list("code_hash", flat=True)) | set(
        Entry.objects.filter(checkin_hash__in=hashes).values_list("checkin_hash", flat=True))
    renewed = 0
    for row in entries:
        missing = row.get("code_hash") is None or row.get("checkin_hash") is None  # a file written by hand
        if missing or row["code_hash"] in taken or row["checkin_hash"] in taken:
            code = codes.new_code()  # nobody knows it: the copy's entry opens only from the organizer's list
            row["code_hash"], row["checkin_hash"] = codes.digest(code), codes.digest(codes.checkin_token(code))
            row["code_seed"] = ""  # the seed made the original's code, not this one
            renewed += 1
    return {"new_codes": renewed}


# After the team event's section: an entry of a team event points to the team it became.
SECTION = Section(name="signup", order=200, tables=SIGNUP_TABLES, fields=SIGNUP_FIELDS, schemas=SIGNUP_SCHEMAS,
                  raw_text=frozenset({"code_hash", "checkin_hash", "code_seed"}), check=check_signup)
