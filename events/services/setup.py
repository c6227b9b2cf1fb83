"""Creating, editing and copying a tournament on the site.

Services, the only writers (docs/architecture.md): each takes the acting ``user``, checks the
right (``tournaments.add_tournament`` to create or copy; the organizer's role
to edit), works inside one transaction with the tournament row locked, lets
the engine validate the rules (``Rules.from_config``, then ``Tournament.clean``)
and writes an audit entry with what was and what became.

A rules change (preset, overrides, tie-breaks) is refused once any protocol of
the tournament is signed (``Tournament.rules_locked``: the results already signed
were scored under the old rules); before that, the protocols already begun are
rescored under the new rules in the same transaction.
"""
from __future__ import annotations

import datetime
import json
import logging
import re
import unicodedata

from django.contrib.admin.models import DELETION, LogEntry
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from access.models import RoleKind, TournamentRole
from access.permissions import is_organizer
from audit.log import log_action
from core.locking import locked
from engine.rules import Rules, RulesError
from registry import rating
from scoring.models import Protocol
from scoring.reports.pades import ensure_signing_key
from tournaments.choices import ProtocolStatus
from tournaments.errors import NotAllowed, SetupRejected
from tournaments.models import TEAM_BEST_MAX, Partie, TeamStanding, Tournament
from tournaments.presets import rules_error_text
from tournaments.signals import tournament_deleting

from .settings import rescore_begun

# Fields of a tournament a person sets on the create / edit form.
SETTINGS = (
    "name", "slug", "start_date", "end_date", "venue", "city", "format", "rules_preset", "rules_overrides",
    "tiebreaks", "pairing_system", "rounds_planned", "signature_mode", "signing_method", "confirm_each_deal", "is_public",
    "clock_warnings", "draw_by_rating",
    "team_standing", "team_best",
)
RULES_FIELDS = ("rules_preset", "rules_overrides", "tiebreaks")
TEAM_FIELDS = ("team_standing", "team_best")
# What a copy takes from its source besides the rules (never pairs, rounds, keys or the draw).
COPIED = ("venue", "city", "format", "rules_preset", "rules_overrides", "tiebreaks", "pairing_system", "rounds_planned",
          "signature_mode", "signing_method", "confirm_each_deal", "is_public", "clock_warnings",
          "team_standing", "team_best", "draw_by_rating")
COPIED_ROLES = (RoleKind.ORGANIZER, RoleKind.CHIEF_REFEREE, RoleKind.REFEREE)
audit_log = logging.getLogger("tournaments.audit")

TRANSLIT = {
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "yo", "ж": "zh", "з": "z", "и": "i",
    "й": "y", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r", "с": "s", "т": "t",
    "у": "u", "ф": "f", "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh", "щ": "shch", "ъ": "", "ы": "y", "ь": "",
    "э": "e", "ю": "yu", "я": "ya", "і": "i", "ї": "yi", "є": "ye", "ґ": "g", "ў": "u",
}
SLUG_MAX = 60


# --- slugs -----------------------------------------------------------------------

def slug_from_name(name) -> str:
    """"Кубок Ёлкина 2026" -> "kubok-yolkina-2026": Cyrillic transliterated, the rest reduced to a-z 0-9 -."""
    text = "".join(TRANSLIT.get(ch, ch) for ch in str(name or "").lower())
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii").lower()
    slug = re.sub(r"[^a-z0-9]+", "-", text).strip("-")
    return slug[:SLUG_MAX].rstrip("-") or "tournament"


def free_slug(base: str, *, exclude_pk=None) -> str:
    """``base``, or ``base-2``, ``base-3``… — the first not taken by another tournament."""
    taken = Tournament.objects.exclude(pk=exclude_pk)
    slug, k = base, 1
    while taken.filter(slug=slug).exists():
        k += 1
        slug = f"{base[:SLUG_MAX - len(str(k)) - 1]}-{k}"
    return slug


# --- checks ----------------------------------------------------------------------

def can_create(user) -> bool:
    return bool(user is not None and getattr(user, "is_authenticated", False) and user.is_active
                and user.has_perm("tournaments.add_tournament"))


def can_edit(user, tournament) -> bool:
    """The tournament's own organizer (staff rights alone do not open another club's settings)."""
    return is_organizer(user, tournament)


def _require_create(user):
    if not can_create(user):
        raise NotAllowed(_("Создавать турниры может только пользователь с правом на это."))


def _require_edit(user, tournament):
    if not can_edit(user, tournament):
        raise NotAllowed(_("Настройки турнира меняет только его организатор."))


# --- validation ------------------------------------------------------------------

def _validate(tournament, *, check_slug=True) -> None:
    """The engine on the rules (each error on the option it names), then ``full_clean`` on the rest."""
    errors: dict = {}
    try:
        Rules.from_config(tournament.rules_config())
    except RulesError as exc:
        field = "rules_preset" if exc.key == "preset" else f"rule_{exc.key}"
        errors[field] = [rules_error_text(exc)]
    if check_slug and tournament.slug and Tournament.objects.exclude(pk=tournament.pk).filter(
            slug=tournament.slug).exists():
        errors["slug"] = [_("Краткое имя «%(s)s» уже занято другим турниром.") % {"s": tournament.slug}]
    if tournament.end_date and tournament.start_date and tournament.end_date < tournament.start_date:
        errors["end_date"] = [_("Турнир не может закончиться раньше, чем начался.")]
    checks = [lambda: tournament.clean_fields(exclude=TEAM_FIELDS)]  # checked by ``_team_errors``
    if not errors:  # the rules passed the engine: the model's own check adds the tie-breaks
        checks.append(tournament.clean)
    for check in checks:
        try:
            check()
        except ValidationError as exc:
            for field, messages in exc.message_dict.items():
                errors.setdefault(None if field == "__all__" else field, []).extend(messages)
    errors.update(_team_errors(tournament))
    if errors:
        raise SetupRejected(_("Настройки турнира не приняты: исправьте отмеченные поля."), errors)


def _team_errors(tournament) -> dict:
    """The team standing: one of its settings, and M a whole number from 1 to ``TEAM_BEST_MAX``."""
    errors = {}
    if tournament.team_standing not in TeamStanding.values:
        errors["team_standing"] = [_("Командный зачёт: выберите «нет», «по клубу / городу игроков» или «по команде, "
                                     "указанной у участника».")]
    best = tournament.team_best
    if isinstance(best, bool) or not isinstance(best, int) or not 1 <= best <= TEAM_BEST_MAX:
        errors["team_best"] = [_("Число лучших участников команды в зачёте — целое число от 1 до %(max)s.") % {
            "max": TEAM_BEST_MAX}]
    return errors


def _effective(data: dict):
    try:
        return Rules.from_config({"preset": data["rules_preset"], **(data["rules_overrides"] or {})}).as_dict()
    except (RulesError, TypeError):
        return None


def _changed_rules(before: dict, after: dict) -> list[str]:
    """The rules fields whose meaning changes (the same rules written another way do not count)."""
    changed = []
    if before["tiebreaks"] != after["tiebreaks"]:
        changed.append("tiebreaks")
    differ = [f for f in ("rules_preset", "rules_overrides") if before[f] != after[f]]
    if differ:
        was = _effective(before)
        if was is None or was != _effective(after):
            changed += differ
    return changed


def snapshot(tournament) -> dict:
    data = {}
    for field in SETTINGS:
        value = getattr(tournament, field)
        data[field] = value.isoformat() if hasattr(value, "isoformat") else value
    return data


def _apply(tournament, data: dict) -> None:
    for field in SETTINGS:
        if field in data:
            setattr(tournament, field, data[field])
    tournament.name = " ".join(str(tournament.name or "").split())
    tournament.venue = " ".join(str(tournament.venue or "").split())
    tournament.city = " ".join(str(tournament.city or "").split())
    if not tournament.slug:
        tournament.slug = free_slug(slug_from_name(tournament.name), exclude_pk=tournament.pk)


# --- actions ---------------------------------------------------------------------

def create_tournament(user, data: dict) -> Tournament:
    """A new tournament with its signing key (so no page ever has to make one); its creator becomes its organizer."""
    _require_create(user)
    with transaction.atomic():
        tournament = Tournament()
        _apply(tournament, data)
        _validate(tournament)
        tournament.save()
        ensure_signing_key(tournament)
        TournamentRole.objects.create(tournament=tournament, user=user, role=RoleKind.ORGANIZER)
        log_action(tournament, "tournament.created", user=user, after=snapshot(tournament))
    return tournament


def update_tournament(user, tournament, data: dict) -> Tournament:
    """Change the settings; rules changes are refused once a protocol is signed."""
    _require_edit(user, tournament)
    with transaction.atomic():
        tournament = locked(Tournament.objects.filter(pk=tournament.pk)).get()
        before = snapshot(tournament)
        _apply(tournament, data)
        after = snapshot(tournament)
        changed_rules = _changed_rules(before, after)
        if not changed_rules:  # the same rules written another way: keep them as stored
            for field in ("rules_preset", "rules_overrides"):
                setattr(tournament, field, before[field])
            after = snapshot(tournament)
        if before["format"] != after["format"] and tournament.pairs.exists():
            raise SetupRejected(_("Настройки турнира не приняты: исправьте отмеченные поля."), {"format": [
                _("Участники уже зарегистрированы: зачёт (парный или личный) менять нельзя. Сначала удалите всех "
                  "участников.")]})
        if changed_rules and tournament.rules_locked():
            message = _("Протоколы турнира уже подписаны: регламент и порядок показателей менять нельзя.")
            raise SetupRejected(message, {f: [message] for f in changed_rules})
        if tournament.archived_at and tournament.is_public:
            raise SetupRejected(_("Настройки турнира не приняты: исправьте отмеченные поля."), {
                "is_public": [_("Турнир в архиве: опубликовать его нельзя.")]})
        played = tournament.rounds.count()
        if tournament.rounds_planned is not None and tournament.rounds_planned < played:
            raise SetupRejected(_("Настройки турнира не приняты: исправьте отмеченные поля."), {
                "rounds_planned": [_("Туров уже составлено: %(n)s — запланировать меньше нельзя.") % {"n": played}]})
        _validate(tournament)
        tournament.save()
        if changed_rules:
            rescore_begun(tournament)
        changed = {k: v for k, v in after.items() if before[k] != v}
        if "start_date" in changed:  # a rated tournament's parties move in the rating's order
            rating.tournament_moved(tournament, datetime.date.fromisoformat(before["start_date"]))
        if changed:
            log_action(tournament, "tournament.updated", user=user,
                       before={k: before[k] for k in changed}, after=changed)
    return tournament


def copy_tournament(user, source, *, name, start_date, slug="", end_date=None) -> Tournament:
    """A new tournament with the rules, tie-breaks, settings and officials of ``source`` — no pairs."""
    _require_create(user)
    if not is_organizer(user, source):
        raise NotAllowed(_("Скопировать можно только турнир, который вы организуете."))
    with transaction.atomic():
        source = locked(Tournament.objects.filter(pk=source.pk)).get()
        tournament = Tournament()
        _apply(tournament, {**{f: getattr(source, f) for f in COPIED}, "name": name, "slug": slug,
                            "start_date": start_date, "end_date": end_date})
        _validate(tournament)
        tournament.save()
        copied = []
        for role in source.roles.filter(role__in=COPIED_ROLES).exclude(user_id=user.pk, role=RoleKind.ORGANIZER):
            TournamentRole.objects.create(tournament=tournament, user_id=role.user_id, role=role.role,
                                          tables=list(role.tables or []))
            copied.append({"user_id": role.user_id, "role": role.role, "tables": list(role.tables or [])})
        TournamentRole.objects.create(tournament=tournament, user=user, role=RoleKind.ORGANIZER)
        log_action(tournament, "tournament.copied", user=user,
                   after={**snapshot(tournament), "source": source.slug, "roles": copied})
    return tournament


# --- deleting a tournament ---------------------------------------------------------

def has_signed_protocols(tournament) -> bool:
    return Protocol.objects.filter(partie__round__tournament=tournament).filter(
        Q(status=ProtocolStatus.SIGNED) | Q(signatures__isnull=False)).exists()


def delete_tournament(user, tournament) -> str:
    """The organizer deletes a tournament (a test one, say): ``"deleted"``, or ``"archived"`` when any protocol
    bears a signature — then it is hidden from everyone but its officials and every record is kept.

    The tournament's own audit log goes with it, so a deletion is recorded in the site's log
    (``django.contrib.admin`` history and the ``tournaments.audit`` logger) with what was deleted.
    """
    _require_edit(user, tournament)
    with transaction.atomic():
        tournament = locked(Tournament.objects.filter(pk=tournament.pk)).get()
        if tournament.archived_at:
            raise SetupRejected(_("Турнир уже в архиве."), {})
        if has_signed_protocols(tournament):
            tournament.archived_at, tournament.is_public = timezone.now(), False
            tournament.save(update_fields=["archived_at", "is_public"])
            log_action(tournament, "tournament.archived", user=user, after={"archived_at": tournament.archived_at
                                                                             .isoformat(), "is_public": False})
            return "archived"
        record = {**snapshot(tournament), "pairs": tournament.pairs.count(), "rounds": tournament.rounds.count()}
        LogEntry.objects.log_actions(user.pk, [tournament], DELETION, change_message=json.dumps(
            [{"deleted": record}], ensure_ascii=False, default=str), single_object=True)
        audit_log.warning("tournament deleted by %s: %s", user.get_username(),
                          json.dumps(record, ensure_ascii=False, default=str))
        tournament_deleting.send(sender=Tournament, tournament=tournament, user=user)  # the apps' own rows first
        Partie.objects.filter(round__tournament=tournament).delete()  # the parties hold their pairs (PROTECT)
        tournament.delete()
    return "deleted"
