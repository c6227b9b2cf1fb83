"""What the public form sends, cleaned: the organizer's registration's own checks, plus city, birth year, contact.

The players' names, clubs and federation IDs go through ``events.services.registration.pair_problems``
(the same limits, the same «one person twice in one pair» refusal); the fields the organizer did not ask for
are dropped whatever was sent. Every error names its field (``player{k}_…``, ``contact``), all at once.
"""
from __future__ import annotations

import re

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.names import fold
from events.services.registration import clean_text, pair_problems
from registry.matching import candidates
from registry.services import NONE, clean_birth_year
from tournaments.errors import InvalidFields, InvalidInput

CONTACT_MAX = 100
_PHONE = re.compile(r"\+?[0-9][0-9 ()-]{3,24}", re.ASCII)
PLAYER_FIELDS = ("name", "club", "city", "birth_year", "federation_id")
FIXED_PERSON_FIELDS = ("name", "federation_id")  # an accepted entry's: only the organizer changes them


def clean_contact(value) -> str:
    """A phone number (digits, «+», spaces, brackets, dashes; 5 to 15 digits) or an e-mail address."""
    text = clean_text(value, field="contact", what=lambda: _("телефон или e-mail"), limit=CONTACT_MAX)
    if not text:
        return ""
    if "@" in text:
        try:
            validate_email(text)
        except ValidationError:
            pass
        else:
            return text
    elif _PHONE.fullmatch(text) and 5 <= sum(c.isdigit() for c in text) <= 15:
        return text
    raise InvalidInput(_("Укажите номер телефона (цифры, можно «+», пробелы, скобки и дефисы) или адрес e-mail."),
                       field="contact", code="bad_contact")


def _add(errors, clean, *args, **kwargs):
    try:
        return clean(*args, **kwargs)
    except InvalidInput as err:
        errors.append(err)
        return None


def fixed_field_errors(old: dict, new: dict, prefix: str) -> list[InvalidInput]:
    """An accepted entry's fields only the organizer changes (the name, «ё» = «е», and the federation ID): the
    refusals for the form's fields ``{prefix}_name`` and ``{prefix}_federation_id``."""
    errors = []
    if fold(old.get("name")) != fold(new["name"]):
        errors.append(InvalidInput(_("Заявка уже принята: имя исправляет организатор турнира."),
                                   field=f"{prefix}_name", code="name_fixed"))
    if (old.get("federation_id") or None) != new["federation_id"]:
        errors.append(InvalidInput(_("Заявка уже принята: ID федерации исправляет организатор турнира."),
                                   field=f"{prefix}_federation_id", code="federation_id_fixed"))
    return errors


def _what(label, k: int, size: int):
    """How a message names a player's field, in the form's words: «клуб (игрок 2)»; an individual's: «клуб»."""
    return (lambda: _("%(field)s (игрок %(k)s)") % {"field": label, "k": k}) if size > 1 else (lambda: str(label))


# the organizer's registration names these «клуб / город игрока 2»: the form asks the club and the city apart
_FORM_WORDS = {"name": (gettext_lazy("фамилия и имя"), True), "club": (gettext_lazy("клуб"), False)}


def _in_form_words(err: InvalidInput, data, size: int) -> InvalidInput:
    """The error of a player's name or club as the form names the field (the same check, the form's words)."""
    prefix, _sep, what = (err.details.get("field") or "").partition("_")
    if what not in _FORM_WORDS or not prefix.startswith("player") or err.code == "same_player_twice":
        return err
    label, required = _FORM_WORDS[what]
    field = f"{prefix}_{what}"
    try:
        clean_text(data.get(field), field=field, what=_what(label, int(prefix[len("player"):]), size),
                   required=required)
    except InvalidInput as mine:
        return mine
    return err


def clean_entry(settings, data, size: int) -> tuple[list[dict], str]:
    """The entry's players ({name, club, city, birth_year, federation_id}) and contact, or InvalidFields."""
    raw = [{"name": data.get(f"player{k}_name"), "federation_id": data.get(f"player{k}_federation_id"),
            "club": data.get(f"player{k}_club") if settings.ask_club else ""} for k in range(1, size + 1)]
    cleaned, _name, _rating, errors = pair_problems(raw, "", None)
    errors = [_in_form_words(err, data, size) for err in errors]
    players = []
    for k, player in enumerate(cleaned, start=1):
        city = _add(errors, clean_text, data.get(f"player{k}_city"), field=f"player{k}_city",
                    what=_what(gettext_lazy("город"), k, size)) if settings.ask_city else ""
        year = _add(errors, clean_birth_year, data.get(f"player{k}_birth_year"),
                    field=f"player{k}_birth_year") if settings.ask_birth_year else None
        players.append({"name": player["name"] or "", "club": player["club"] or "", "city": city or "",
                        "birth_year": year, "federation_id": player["federation_id"]})
    contact = _add(errors, clean_contact, data.get("contact")) if settings.ask_contact else ""
    if len(errors) == 1:
        raise errors[0]
    if errors:
        raise InvalidFields([(e.details.get("field"), e.message) for e in errors], code=errors[0].code)
    return players, contact or ""


def entrant_player(player: dict) -> dict:
    """An entry's player as the organizer's registration takes him (``create_pair``): «клуб / город» is the
    club, or the city when no club was given; the registry's choice is made by ``signup.places``. What the entry
    gave of the person — club, city, birth year, federation ID — goes to the registry whole (``registry`` keys:
    the person created, or the blanks of the person found filled, ``registry.services.choose_persons``)."""
    return {"name": player["name"], "club": player.get("club") or player.get("city") or "", "rating": None,
            "federation_id": player.get("federation_id"),
            "registry": {"club": player.get("club") or "", "city": player.get("city") or "",
                         "birth_year": player.get("birth_year")}}


def same_names(a: list[dict], b: list[dict]) -> bool:
    return [fold(p["name"]) for p in a] == [fold(p["name"]) for p in b]


def registry_choice(player: dict):
    """The registry's person for ``choose_persons``: None (nobody proposed: a new one), an id, or NONE."""
    found = candidates(player["name"], player["club"], player.get("federation_id"))
    if not found:
        return None
    if (len(found) == 1 and player.get("federation_id") and found[0].federation_id == player["federation_id"]
            and fold(found[0].name) == fold(player["name"])):
        return str(found[0].pk)
    return NONE
