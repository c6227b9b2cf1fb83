"""The captains' accounts of a team event (docs/rules.md I.11 «Капитан»): the organizer gives a team's captain an
account, takes it away, or sets it a new password; the captain then enters his own team's line-ups
(``services.set_lineup`` asks ``services.require_lineup_right``), and nothing else.

Made as the referees' accounts are (``access.officials.create_official``, with the shared helpers of
``access.accounts``): the organizer only, one transaction with the team's row locked, a ``ServiceError``
with a machine ``code`` and the form field at fault, an audit entry; passwords never reach the audit log.
"""
from __future__ import annotations

from typing import NamedTuple

from axes.utils import reset as reset_lockout
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext as _

from access.account_rights import CAPTAIN, Tie, require_wholly_his, unused
from access.accounts import check_password, clean_username, create_user, split_name, valid_random_password
from access.permissions import require_organizer
from audit.log import log_action
from core.locking import locked
from tournaments.errors import InvalidInput

from .models import Captain, Team
from .services import require_team_event


def captain_of(team) -> Captain | None:
    return Captain.objects.filter(team_id=team.pk).select_related("user").first()


def captain_team(user, tournament) -> Team | None:
    """The team of ``tournament`` whose captain this account is (None for anyone else)."""
    if user is None or not getattr(user, "is_authenticated", False) or not user.is_active:
        return None
    found = Captain.objects.filter(user_id=user.pk, team__tournament_id=tournament.pk).select_related("team")
    captain = found.first()
    return captain.team if captain else None


def _snapshot(captain: Captain) -> dict:
    return {"team": captain.team.number, "team_name": captain.team.name, "user_id": captain.user_id,
            "username": captain.user.get_username(), "full_name": captain.user.get_full_name()}


def _locked_team(team) -> Team:
    return locked(Team.objects.select_related("tournament").filter(pk=team.pk)).get()


def create_captain(user, team, *, username, full_name, password) -> Captain:
    """A new account for the team's captain (one captain a team; the name is his, the login and password the
    organizer's choice, checked as every password of the site is)."""
    tournament = team.tournament
    require_organizer(user, tournament)
    require_team_event(tournament)
    username = clean_username(username)
    full_name = " ".join(str(full_name or "").split())
    if not full_name:
        raise InvalidInput(_("Укажите фамилию и имя капитана."), code="name_required", field="full_name")
    if len(full_name) > 150:
        raise InvalidInput(_("Фамилия и имя капитана — не длиннее 150 знаков."), code="name_too_long",
                           field="full_name")
    first, last = split_name(full_name)
    check_password(password, get_user_model()(username=username, first_name=first, last_name=last))
    with transaction.atomic():
        team = _locked_team(team)
        if Captain.objects.filter(team=team).exists():
            raise InvalidInput(_("У команды «%(t)s» уже есть капитан: сначала снимите его.") % {"t": team.name},
                               code="captain_exists", field="username")
        account = create_user(username, password, first_name=first, last_name=last)
        captain = Captain.objects.create(team=team, user=account)
        log_action(tournament, "team.captain_added", user=user, after=_snapshot(captain))
    return captain


def _captain_of(team) -> Captain:
    captain = Captain.objects.filter(team=team).select_related("user", "team").first()
    if captain is None:
        raise InvalidInput(_("У команды «%(t)s» нет капитана.") % {"t": team.name}, code="no_captain")
    return captain


def remove_captain(user, team) -> None:
    """The team has no captain any more; his account stays (without a role, it may do nothing here), unless
    nothing else uses it: then it is switched off."""
    tournament = team.tournament
    require_organizer(user, tournament)
    with transaction.atomic():
        team = _locked_team(team)
        captain = _captain_of(team)
        before = _snapshot(captain)
        account = captain.user
        captain.delete()
        deactivate = unused(account)
        if deactivate:
            account.is_active = False
            account.save(update_fields=["is_active"])
        log_action(tournament, "team.captain_removed", user=user, before=before, after={"deactivated": deactivate})


def captain_ties(account) -> list[Tie]:
    """The teams ``account`` captains, as ties for ``access.account_rights`` (registered in ``apps``)."""
    return [Tie(tournament_id, CAPTAIN)
            for tournament_id in Captain.objects.filter(user=account).values_list("team__tournament_id", flat=True)]


class CaptainPassword(NamedTuple):
    """A password set by ``reset_captain_password``; it exists only here, once."""

    captain: Captain
    password: str


def reset_captain_password(user, team) -> CaptainPassword:
    """A new random password for the team's captain (shown once, never audited); refused for an account that
    is not wholly his (``access.account_rights``: it serves, plays or captains elsewhere, is in a group or
    is staff; its owner answers to someone else)."""
    tournament = team.tournament
    require_organizer(user, tournament)
    with transaction.atomic():
        team = _locked_team(team)
        captain = _captain_of(team)
        account = locked(get_user_model().objects.filter(pk=captain.user_id)).get()
        require_wholly_his(user, account)
        password = valid_random_password(10, account)
        account.set_password(password)
        account.save(update_fields=["password"])
        log_action(tournament, "team.captain_password_reset", user=user, after=_snapshot(captain))
    reset_lockout(username=account.get_username())
    return CaptainPassword(captain, password)
