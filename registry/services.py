"""The registry's writes at registration: which person each registered player is, and linking on demand.

``choose_persons`` runs inside the registration's (or the import's) transaction. Each player carries the
organizer's choice in ``person``: a person's id among the proposed ones (``registry.matching.candidates``),
``"new"`` (a new person), ``"none"`` (leave the player unlinked) or nothing (undecided). Undecided with
nobody proposed is a new person; undecided while somebody is proposed is refused with the proposal
(code ``person_choice``): a second person is never created without the organizer saying so.
The merges and splits of the federation administrator are ``registry.merges``.
"""
from __future__ import annotations

import datetime

from django.db import transaction
from django.utils.translation import gettext as _

from access.permissions import is_organizer, require_federation_admin
from audit.log import log_action
from core.converters import strict_int
from core.locking import locked
from core.text import UnsafeText, clean_text
from people.models import PUBLIC_FIELDS, Person
from tournaments.errors import InvalidFields, InvalidInput, NotAllowed
from tournaments.models import Player

from . import rating
from .matching import BIRTH_YEAR_MIN, candidates, clean_federation_id, describe

NEW, NONE = "new", "none"


def person_snapshot(person) -> dict:
    return {"id": person.pk, "name": person.name, "birth_year": person.birth_year, "club": person.club,
            "city": person.city, "federation_id": person.federation_id,
            **{f"show_{f}": getattr(person, f"show_{f}") for f in PUBLIC_FIELDS}}


def _raise(errors) -> None:
    if len(errors) == 1:
        raise errors[0]
    if errors:
        raise InvalidFields([(e.details.get("field"), e.message) for e in errors], code=errors[0].code)


def proposal_message(name, found) -> str:
    return _("«%(name)s» уже есть в реестре игроков: %(who)s. Это тот же игрок? Выберите его или «Новый игрок».") % {
        "name": name, "who": "; ".join(describe(p) for p in found)}


def create_person(user, *, name, club="", city="", federation_id=None, birth_year=None, note="") -> Person:
    """A new person of the registry (inside the caller's transaction), audited."""
    person = Person.objects.create(name=name, club=club, city=city, federation_id=federation_id,
                                   birth_year=birth_year)
    log_action(None, "person.created", user=user, after=person_snapshot(person), note=note)
    return person


def _chosen(user, tournament, k, player, taken, errors):
    """The person player ``k`` is (None: unlinked or refused, the refusal added to ``errors``)."""
    field, fid = f"player{k}_person", player.get("federation_id")
    choice = str(player.get("person") or "").strip()
    if choice == NONE:
        return None
    found = candidates(player["name"], player.get("club") or "", fid)
    if not choice:
        if found:
            errors.append(InvalidInput(proposal_message(player["name"], found), field=field, code="person_choice"))
            return None
        choice = NEW
    if choice == NEW:
        holder = Person.objects.filter(federation_id=fid).first() if fid else None
        if holder is not None:
            errors.append(InvalidInput(_("ID федерации %(id)s уже у игрока реестра %(who)s: выберите его.") % {
                "id": fid, "who": describe(holder)}, field=f"player{k}_federation_id", code="federation_id_taken"))
            return None
        known = player.get("registry") or {}
        return create_person(user, name=player["name"], club=known.get("club", player.get("club") or ""),
                             city=known.get("city") or "", birth_year=known.get("birth_year"), federation_id=fid,
                             note=tournament.slug)
    pk = strict_int(choice, 1)
    person = next((p for p in found if p.pk == pk), None)
    if person is None:
        errors.append(InvalidInput(_("Выберите игрока реестра из предложенных или «Новый игрок»."), field=field,
                                   code="person_not_proposed"))
        return None
    if pk in taken or Player.objects.filter(pair__tournament=tournament, person_id=pk).exists():
        errors.append(InvalidInput(_("Игрок реестра %(who)s уже зарегистрирован в этом турнире.") % {
            "who": describe(person)}, field=field, code="person_registered"))
        return None
    _fill_blanks(user, person, {**(player.get("registry") or {}), "federation_id": fid}, note=tournament.slug)
    return person


def _fill_blanks(user, person, given: dict, *, note="") -> None:
    """What an entry gave of a person (club, city, birth year, federation ID) where the registry has nothing yet
    (never over what it has), audited."""
    blanks = [f for f in ("federation_id", "club", "city", "birth_year") if given.get(f) and not getattr(person, f)]
    if not blanks:
        return
    before = person_snapshot(person)
    for field in blanks:
        setattr(person, field, given[field])
    person.save(update_fields=blanks)
    log_action(None, "person.edited", user=user, before=before, after=person_snapshot(person), note=note)


def choose_persons(user, tournament, players) -> list:
    """The person of each player (None: left unlinked), creating the new ones; raises every refusal at once.

    Call inside the registration's transaction: a refusal rolls back the persons created before it.
    """
    errors, persons, taken = [], [], set()
    for k, player in enumerate(players, start=1):
        person = _chosen(user, tournament, k, player, taken, errors)
        if person is not None:
            taken.add(person.pk)
        persons.append(person)
    _raise(errors)
    return persons


def link_player(user, player: Player, *, person=None) -> Player:
    """Link a tournament's player, not linked yet, to the person chosen (``person`` as in ``choose_persons``).

    The tournament's organizer or the federation administrator. The player's name and club stay as
    registered (the protocols name him so).
    """
    tournament = player.pair.tournament
    if not is_organizer(user, tournament):
        require_federation_admin(user)
    if str(person or "").strip() == NONE:
        raise InvalidInput(_("Выберите игрока реестра или «Новый игрок»."), field="player1_person")
    with transaction.atomic():
        player = locked(Player.objects.select_related("pair__tournament").filter(pk=player.pk)).get()
        if player.person_id is not None:
            raise InvalidInput(_("Игрок уже связан с реестром."), field="player1_person", code="already_linked")
        data = {"name": player.name, "club": player.club, "person": person}
        (chosen,) = choose_persons(user, tournament, [data])
        player.person = chosen
        player.save(update_fields=["person"])
        log_action(tournament, "person.linked", user=user,
                   after={"player": player.name, "person": chosen.pk, "name": chosen.name})
        rating.persons_changed([chosen.pk])  # his parties in rated tournaments count now
    return player


def _text(value, field, what, limit=200, required=False) -> str:
    try:
        text = clean_text(value)
    except UnsafeText as exc:
        raise InvalidInput(f"{what}: {exc.message}.", field=field, code=exc.code) from None
    if required and not text:
        raise InvalidInput(_("Укажите: %(what)s.") % {"what": what}, field=field, code="required")
    if len(text) > limit:
        raise InvalidInput(_("%(what)s — не длиннее %(n)s символов.") % {"what": what, "n": limit}, field=field,
                           code="too_long")
    return text


def clean_birth_year(value, field="birth_year"):
    if value is None or str(value).strip() == "":
        return None
    this_year = datetime.date.today().year
    year = strict_int(value, BIRTH_YEAR_MIN, this_year)
    if year is None:
        raise InvalidInput(_("Год рождения — число от %(min)s до %(max)s.") % {"min": BIRTH_YEAR_MIN,
                                                                              "max": this_year},
                           field=field, code="bad_birth_year")
    return year


def edit_person(user, person: Person, *, name, birth_year=None, club="", city="", federation_id=None,
                shown=()) -> Person:
    """The federation administrator corrects a person and chooses which of ``PUBLIC_FIELDS`` his page shows."""
    require_federation_admin(user)
    errors, values = [], {}
    for field, clean in (
        ("name", lambda: _text(name, "name", _("Фамилия и имя"), required=True)),
        ("birth_year", lambda: clean_birth_year(birth_year)),
        ("club", lambda: _text(club, "club", _("Клуб"))),
        ("city", lambda: _text(city, "city", _("Город"))),
        ("federation_id", lambda: clean_federation_id(federation_id, field="federation_id")),
    ):
        try:
            values[field] = clean()
        except InvalidInput as err:
            errors.append(err)
    unknown = set(shown) - set(PUBLIC_FIELDS)
    if unknown:
        errors.append(InvalidInput(_("Неизвестное поле для показа: %(f)s.") % {"f": ", ".join(sorted(unknown))[:80]},
                                   field="shown"))
    _raise(errors)
    with transaction.atomic():
        person = locked(Person.objects.filter(pk=person.pk)).get()
        if person.merged_into_id is not None:
            raise NotAllowed(_("Этот игрок объединён с другим: изменяйте того, с кем он объединён."),
                             code="merged")
        fid = values["federation_id"]
        if fid and Person.objects.filter(federation_id=fid).exclude(pk=person.pk).exists():
            raise InvalidInput(_("ID федерации %(id)s уже у другого игрока реестра: если это один человек, "
                                 "объедините их.") % {"id": fid}, field="federation_id", code="federation_id_taken")
        before = person_snapshot(person)
        for field, value in values.items():
            setattr(person, field, value)
        for field in PUBLIC_FIELDS:
            setattr(person, f"show_{field}", field in shown)
        person.save()
        after = person_snapshot(person)
        if after != before:
            log_action(None, "person.edited", user=user, before=before, after=after)
    return person
