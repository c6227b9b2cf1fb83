"""The table page's closing actions: a player confirms a deal, players and the referee sign, the chief referee
reopens or clears a protocol.

Thin views, as in ``views``: check the permission, call one service, render the
table page with the service's errors next to the section they name.
"""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.utils.translation import gettext as _

from access import permissions as perms
from access import throttle
from core.pages import forbidden, post_only
from referees import signing, submissions
from referees.views import answer, conflict, entry_url, get_partie, once, posted_version, simple_action
from scoring import services
from scoring.errors import ConfirmationRequired, NotAllowed, ServiceError, VersionConflict
from scoring.forms import PlayerSignForm, ReopenForm

from .entry_page import render_entry


@login_required
@post_only
def confirm_deal(request, partie_id, n):
    partie = get_partie(partie_id)
    if not perms.can_confirm(request.user, partie):
        return forbidden(request)
    version = posted_version(request)
    return simple_action(request, partie, "deals",
                          lambda: services.confirm_deal(request.user, partie, n, expected_version=version),
                          _("Раздача %(n)s подтверждена.") % {"n": n})


@login_required
@post_only
def sign(request, partie_id):
    """A player signs (his account, his password or his PIN on the table's device); the referee countersigns."""
    partie = get_partie(partie_id)
    if not perms.can_view_entry(request.user, partie):
        return forbidden(request)
    version = posted_version(request)
    if request.POST.get("role") == "referee":
        if not request.POST.get("confirm"):
            return render_entry(request, partie, confirm=signing.confirm_countersign(partie, version))
        return simple_action(request, partie, "signatures",
                              lambda: services.sign_protocol(request.user, partie, role="referee",
                                                             expected_version=version),
                              _("Протокол подписан судьёй и закрыт."))
    form = PlayerSignForm(request.POST)
    if not form.is_valid():
        return render_entry(request, partie, status=422, errors={"signatures": _("Укажите место игрока.")})
    seat = form.cleaned_data["seat"]
    if signing.uses_pin(partie) and seat not in perms.player_seats(request.user, partie):
        outcome = submissions.Outcome([(messages.SUCCESS, _("Подпись %(seat)s принята.") % {"seat": seat})],
                                      "signatures")
        try:
            outcome = once(request, partie, "signatures", lambda: services.sign_protocol(
                request.user, partie, role="player", seat=seat, pin=form.cleaned_data["pin"],
                expected_version=version), outcome)
        except VersionConflict as exc:
            return conflict(request, partie, exc)
        except ServiceError as exc:
            if exc.code == "not_allowed":
                return forbidden(request, exc.message)
            return render_entry(request, partie, status=422, errors={f"sign_{seat}": exc.message})
        return answer(request, partie, outcome)
    signer = request.user
    if seat not in perms.player_seats(request.user, partie):
        try:
            signer = throttle.player_by_password(request, partie, seat, form.cleaned_data["password"])
        except throttle.LockedOut as exc:
            return render_entry(request, partie, status=429, errors={f"sign_{seat}": exc.message})
        if signer is None:
            return render_entry(request, partie, status=422, errors={
                f"sign_{seat}": _("Неверный пароль игрока или у игрока нет учётной записи.")})
    return simple_action(request, partie, "signatures",
                          lambda: services.sign_protocol(signer, partie, role="player", seat=seat,
                                                         expected_version=version),
                          _("Подпись %(seat)s принята.") % {"seat": seat})


@login_required
@post_only
def reopen(request, partie_id):
    partie = get_partie(partie_id)
    if not perms.can_reopen(request.user, partie):
        return forbidden(request, _("Открыть подписанный протокол может только главный судья."))
    form = ReopenForm(request.POST)
    if form.is_valid():
        outcome = submissions.Outcome([(messages.SUCCESS, _("Протокол снова открыт; подписи сняты."))])
        try:
            return answer(request, partie, once(request, partie, "reopen", lambda: services.reopen_protocol(
                request.user, partie, form.cleaned_data["reason"], expected_version=posted_version(request)),
                outcome))
        except VersionConflict as exc:
            return conflict(request, partie, exc)
        except ServiceError as exc:
            form.add_service_error(exc)
    return render_entry(request, partie, status=422, reopen_form=form)


@login_required
@post_only
def clear(request, partie_id):
    """The chief referee empties a protocol of a round made draft again (the service checks and logs it)."""
    partie = get_partie(partie_id)
    if not perms.can_reopen(request.user, partie):
        return forbidden(request, _("Очистить протокол может только главный судья."))
    reason, version = request.POST.get("reason"), posted_version(request)
    try:
        services.clear_protocol(request.user, partie, reason, expected_version=version,
                                confirm_signatures=request.POST.get("confirm") == "1")
    except ConfirmationRequired as exc:  # players signed: they are named, and the clear waits for a confirmation
        return render_entry(request, partie, confirm=signing.confirm_clear(partie, exc.message, reason, version))
    except NotAllowed as exc:
        return forbidden(request, exc.message)
    except VersionConflict as exc:
        return conflict(request, partie, exc)
    except ServiceError as exc:
        return render_entry(request, partie, status=422, errors={"clear": exc.message})
    messages.success(request, _("Протокол очищен."))
    return redirect(entry_url(partie, "clear"))
