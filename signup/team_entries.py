"""A team event's online entry (docs/registration.md, «Заявка команды»): what the form sends, cleaned; its
duplicates; the team it becomes (through ``teams.services.enter_team``); its edit, withdrawal and absence.

* The form sends the team's name (required) and club / region, the two players of each of its K pairs
  (``pair{j}_player{p}_…``, the fields the organizer asks for, as for a pair) and 0 to ``RESERVES_MAX``
  reserves (``reserve{r}_…``: a reserve slot left empty is no reserve). Every error names its field, all at once.
* **[толкование]** A player's «клуб / город» in the tournament is his club, else his city, else the team's
  club / region (a reserve's too).
* Duplicates, names folded («ё» = «е», case and spaces ignored): a team name already registered or in another
  live entry; a player (or reserve) already in a team or an entry of the tournament; one person twice in the
  team (reserves included).
* **[толкование]** The registry: each player of the pairs as for a pair (``cleaning.registry_choice``). A
  reserve is not a player of the tournament until he comes in for someone (``teams.services.substitute_reserve``),
  so he is linked then, as the organizer's reserves are.
"""
from __future__ import annotations

from django.db.models import Q
from django.utils.translation import gettext as _

from audit.log import log_action
from core.locking import locked
from core.names import fold
from events.services.registration import clean_text, pair_snapshot, registered_names
from registry.matching import clean_federation_id
from registry.services import clean_birth_year
from teams.models import Reserve, Team, TeamPair
from teams.services import RESERVES_MAX, enter_team, team_snapshot
from teams.standings import event_of
from tournaments.errors import InvalidFields, InvalidInput
from tournaments.models import Entrant, EntrantStatus, Player

from .cleaning import FIXED_PERSON_FIELDS, clean_contact, entrant_player, fixed_field_errors, registry_choice
from .models import LIVE, Entry

PERSON_FIELDS = ("name", "club", "city", "birth_year", "federation_id")


def pairs_per_team(tournament) -> int:
    return event_of(tournament).pairs_per_team


def player_prefixes(k: int) -> list[str]:
    """The form's prefixes of the players of the K pairs, in the entry's order."""
    return [f"pair{j}_player{p}" for j in range(1, k + 1) for p in (1, 2)]


def reserve_prefixes() -> list[str]:
    return [f"reserve{r}" for r in range(1, RESERVES_MAX + 1)]


def _collect(errors, clean, *args, **kwargs):
    try:
        return clean(*args, **kwargs)
    except InvalidInput as err:
        errors.append(err)
        return None


def _raise(errors) -> None:
    if len(errors) == 1:
        raise errors[0]
    if errors:
        raise InvalidFields([(e.details.get("field"), e.message) for e in errors], code=errors[0].code)


def _who(prefix: str) -> str:
    """«игрок 2 пары 1» / «запасной 3», for the messages."""
    if prefix.startswith("reserve"):
        return _("запасной %(r)s") % {"r": prefix[len("reserve"):]}
    j, p = prefix[len("pair"):].split("_player")
    return _("игрок %(p)s пары %(j)s") % {"p": p, "j": j}


def _person(settings, data, prefix, errors) -> dict:
    def what(label):
        return lambda: "%s (%s)" % (label, _who(prefix))

    name = _collect(errors, clean_text, data.get(f"{prefix}_name"), field=f"{prefix}_name",
                    what=what(_("фамилия и имя")), required=True)
    club = _collect(errors, clean_text, data.get(f"{prefix}_club"), field=f"{prefix}_club",
                    what=what(_("клуб"))) if settings.ask_club else ""
    city = _collect(errors, clean_text, data.get(f"{prefix}_city"), field=f"{prefix}_city",
                    what=what(_("город"))) if settings.ask_city else ""
    year = _collect(errors, clean_birth_year, data.get(f"{prefix}_birth_year"),
                    field=f"{prefix}_birth_year") if settings.ask_birth_year else None
    federation_id = _collect(errors, clean_federation_id, data.get(f"{prefix}_federation_id"),
                             field=f"{prefix}_federation_id")
    return {"name": name or "", "club": club or "", "city": city or "", "birth_year": year,
            "federation_id": federation_id}


def asked_fields(settings) -> tuple[str, ...]:
    return tuple(f for f, asked in (("name", True), ("club", settings.ask_club), ("city", settings.ask_city),
                                    ("birth_year", settings.ask_birth_year), ("federation_id", True)) if asked)


def clean_team_entry(settings, data, k: int) -> dict:
    """{team_name, team_club, players (2·K), reserves, contact}, cleaned, or InvalidFields naming every bad field."""
    errors = []
    team_name = _collect(errors, clean_text, data.get("team_name"), field="team_name",
                         what=lambda: _("название команды"), required=True)
    team_club = _collect(errors, clean_text, data.get("team_club"), field="team_club",
                         what=lambda: _("клуб / регион команды"))
    players = [(prefix, _person(settings, data, prefix, errors)) for prefix in player_prefixes(k)]
    fields = asked_fields(settings)
    reserves = [(prefix, _person(settings, data, prefix, errors)) for prefix in reserve_prefixes()
                if any(str(data.get(f"{prefix}_{f}") or "").strip() for f in fields)]
    seen = {}
    for prefix, person in players + reserves:
        key = fold(person["name"])
        if key and key in seen:
            errors.append(InvalidInput(_("«%(name)s» указан в команде дважды: %(first)s и %(second)s.") % {
                "name": person["name"], "first": _who(seen[key]), "second": _who(prefix)},
                field=f"{prefix}_name", code="same_player_twice"))
        seen.setdefault(key, prefix)
    contact = _collect(errors, clean_contact, data.get("contact")) if settings.ask_contact else ""
    _raise(errors)
    return {"team_name": team_name, "team_club": team_club or "", "players": [p for _x, p in players],
            "reserves": [p for _x, p in reserves], "contact": contact or ""}


def _prefixed(team: dict) -> list[tuple[str, dict]]:
    return (list(zip(player_prefixes(len(team["players"]) // 2), team["players"]))
            + list(zip(reserve_prefixes(), team["reserves"])))


def check_team_duplicates(tournament, team: dict, *, exclude=None, entries=True) -> None:
    """Refuse a team name or a player already in the tournament (its teams, pairs and reserves) or, with
    ``entries``, in another live entry (but ``exclude``). Every clash is named on its field."""
    errors = []
    name_key = fold(team["team_name"])
    if any(fold(n) == name_key for n in Team.objects.filter(tournament=tournament).values_list("name", flat=True)):
        errors.append(InvalidInput(_("Команда «%(name)s» уже зарегистрирована.") % {"name": team["team_name"]},
                                   field="team_name", code="duplicate_team"))
    registered = registered_names(tournament)
    reserves = {fold(r.name): r for r in Reserve.objects.filter(team__tournament=tournament).select_related("team")}
    live = Entry.objects.filter(tournament=tournament, status__in=LIVE).filter(
        Q(pair__isnull=True) & Q(team__isnull=True))
    if exclude is not None:
        live = live.exclude(pk=exclude.pk)
    live = list(live) if entries else []
    if any(fold(e.team_name) == name_key for e in live if e.team_name) and not errors:
        errors.append(InvalidInput(_("Команда «%(name)s» уже подала заявку на этот турнир.") % {
            "name": team["team_name"]}, field="team_name", code="duplicate_team_entry"))
    sent = {fold(p.get("name")): p.get("name") for e in live for p in [*e.players, *(e.reserves or [])]}
    for prefix, person in _prefixed(team):
        key, field = fold(person["name"]), f"{prefix}_name"
        if key in registered:
            player = registered[key]
            where = (_("команда «%(team)s»") % {"team": player.pair.team_name}) if player.pair.team_name else \
                (_("пара №%(n)s") % {"n": player.pair.number} if player.pair.number else _("пара"))
            errors.append(InvalidInput(_("Игрок «%(name)s» уже зарегистрирован: %(where)s.") % {
                "name": player.name, "where": where}, field=field, code="duplicate_player"))
        elif key in reserves:
            errors.append(InvalidInput(_("Игрок «%(name)s» уже заявлен запасным команды «%(team)s».") % {
                "name": reserves[key].name, "team": reserves[key].team.name}, field=field, code="duplicate_player"))
        elif key in sent:
            errors.append(InvalidInput(_("Игрок «%(name)s» уже подал заявку на этот турнир.") % {"name": sent[key]},
                                       field=field, code="duplicate_entry"))
    _raise(errors)


def as_team(entry) -> dict:
    return {"team_name": entry.team_name, "team_club": entry.team_club, "players": list(entry.players),
            "reserves": list(entry.reserves or []), "contact": entry.contact}


def _club(person: dict, team_club: str) -> str:
    return person.get("club") or person.get("city") or team_club or ""


def become_team(user, tournament, entry) -> Team:
    """The entry's team, its pairs (each player linked to the registry as a pair's) and reserves, audited."""
    team = as_team(entry)
    check_team_duplicates(tournament, team, entries=False)
    players = []
    for person in entry.players:
        player = {**entrant_player(person), "club": _club(person, entry.team_club)}
        player["person"] = registry_choice(player)
        players.append(player)
    pairs = [players[i:i + 2] for i in range(0, len(players), 2)]
    reserves = [{"name": r["name"], "club": _club(r, entry.team_club)} for r in entry.reserves or []]
    return enter_team(user, tournament, name=entry.team_name, club=entry.team_club, pairs=pairs, reserves=reserves,
                      note=_("онлайн-регистрация"))


def _fixed(entry, team: dict) -> None:
    """Once the team is entered, its name, the names and federation IDs of its players and its reserves stay."""
    errors = []
    if fold(entry.team_name) != fold(team["team_name"]):
        errors.append(InvalidInput(_("Заявка уже принята: название команды исправляет организатор турнира."),
                                   field="team_name", code="name_fixed"))
    old = list(zip(player_prefixes(len(entry.players) // 2), entry.players))
    old += list(zip(reserve_prefixes(), entry.reserves or []))
    new = dict(_prefixed(team))
    if len(team["reserves"]) != len(entry.reserves or []):
        errors.append(InvalidInput(_("Заявка уже принята: запасных добавляет и убирает организатор турнира."),
                                   field="reserve1_name", code="reserves_fixed"))
    for prefix, person in old:
        given = new.get(prefix)
        if given is None:
            continue
        errors += fixed_field_errors(person, given, prefix)
    _raise(errors)


def fixed_team_fields(entry) -> frozenset[str]:
    """The form's fields ``_fixed`` keeps of an entered team: its name, the names and federation IDs of its players
    and reserves, and every field of an empty reserve's slot (reserves are added by the organizer)."""
    fixed = {"team_name"}
    taken = player_prefixes(len(entry.players) // 2) + reserve_prefixes()[:len(entry.reserves or [])]
    fixed.update(f"{prefix}_{f}" for prefix in taken for f in FIXED_PERSON_FIELDS)
    fixed.update(f"{prefix}_{f}" for prefix in reserve_prefixes()[len(entry.reserves or []):] for f in PERSON_FIELDS)
    return frozenset(fixed)


def edit_entered_team(tournament, entry, team: dict) -> None:
    """An accepted entry's edit: the clubs and cities reach the team's players, reserves and club / region."""
    _fixed(entry, team)
    current = locked(Team.objects.filter(pk=entry.team_id)).first()
    if current is None:
        return
    before = team_snapshot(current)
    members = TeamPair.objects.filter(team=current).order_by("slot")
    seated = [pl for m in members for pl in Player.objects.filter(pair_id=m.pair_id).order_by("id")]
    for player, person in zip(seated, team["players"]):
        player.club = _club(person, team["team_club"])
    Player.objects.bulk_update(seated, ["club"])
    kept = list(current.reserves.order_by("id"))
    for reserve, person in zip(kept, team["reserves"]):
        reserve.club = _club(person, team["team_club"])
    Reserve.objects.bulk_update(kept, ["club"])
    current.club = team["team_club"]
    current.save(update_fields=["club"])
    after = team_snapshot(current)
    if after != before:
        log_action(tournament, "team.edited", before=before, after=after, note=_("онлайн-регистрация"))


def remove_team(tournament, entry, *, user=None, note=None) -> None:
    """The accepted entry is withdrawn (or removed by the organizer) before the draw: its team leaves the tournament
    with its pairs (it never played), audited as the organizer's deletion of a pair is."""
    note = note or _("заявка отозвана командой (онлайн-регистрация)")
    team = locked(Team.objects.filter(pk=entry.team_id)).first()
    entry.team = None
    entry.save(update_fields=["team"])
    if team is None:
        return
    log_action(tournament, "team.deleted", user=user, before=team_snapshot(team), note=note)
    pairs = list(Entrant.objects.filter(team_entry__team=team))
    for pair in pairs:
        log_action(tournament, "pair.deleted", user=user, before=pair_snapshot(pair), note=note)
    team.delete()
    Entrant.objects.filter(pk__in=[p.pk for p in pairs]).delete()


def withdraw_absent_team(user, tournament, entry) -> None:
    """Closing on site: every active pair of the entry's team is withdrawn before the draw."""
    pairs = locked(Entrant.objects.filter(team_entry__team_id=entry.team_id, status=EntrantStatus.ACTIVE).order_by("id"))
    for pair in pairs:
        before = pair_snapshot(pair)
        pair.status, pair.withdrawn_after_round = EntrantStatus.WITHDRAWN, 0
        pair.save(update_fields=["status", "withdrawn_after_round"])
        log_action(tournament, "pair.withdrawn", user=user, before=before, after=pair_snapshot(pair),
                   note=_("команда не отметилась на месте до жеребьёвки"))


def active_teams(tournament) -> int:
    """The teams still in the tournament: those with an active pair (the limit counts them)."""
    return Team.objects.filter(tournament=tournament, members__pair__status=EntrantStatus.ACTIVE).distinct().count()
