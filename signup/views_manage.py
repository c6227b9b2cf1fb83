"""The organizer's pages of the online registration: its settings, the list of entries, check-in ticks
(htmx: a tick answers with its row), approval, refusal and its undo, the removal of the ticked entries, and
«Закрыть регистрацию на месте»."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from access.pages import organizer_page, tournament_page
from access.permissions import is_organizer, is_referee
from core.converters import MAX_ID, strict_int
from core.public import public_url
from tournaments.errors import TournamentError

from . import checkin, links, organizer
from .approvals import approval_plan
from .forms import EntrySearchForm, RefuseForm, SettingsForm
from .search import found
from .selectors import counts, form_state, organizer_entries, selected_entries, settings_of, without_private

# The list of entries and the check-in ticks are every referee's too; the rest is the organizer's.
officials_page = tournament_page(is_referee)


@login_required
@organizer_page
def settings_view(request, tournament):
    """Open the registration or change it; close it."""
    settings = settings_of(tournament)
    action = request.POST.get("action")
    form = SettingsForm(request.POST if request.method == "POST" and action != "close" else None,
                        initial=SettingsForm.initial_for(settings, tournament))
    status = 200
    if request.method == "POST":
        status = 400
        try:
            if action not in ("open", "close"):
                form.is_valid()
                form.add_error(None, _("Неизвестное действие: обновите страницу и попробуйте снова."))
            elif action == "close":
                organizer.close_registration(request.user, tournament)
                messages.success(request, _("Регистрация закрыта."))
                return redirect("tournaments:signup_settings", slug=tournament.slug)
            if form.is_bound and form.is_valid():
                d = form.cleaned_data
                organizer.open_registration(request.user, tournament, opens_at=d["opens_at"],
                                            closes_at=d["closes_at"], limit=d["limit"],
                                            **{f: d[f] for f in organizer.ASKED})
                messages.success(request, _("Регистрация открыта: настройки сохранены."))
                return redirect("tournaments:signup_settings", slug=tournament.slug)
        except TournamentError as err:
            form.add_service_error(err)
    return render(request, "signup/settings.html", {
        "tournament": tournament, "form": form, "settings": settings,
        "state": form_state(tournament, settings), "counts": counts(tournament),
        # nothing offered that the service would refuse: why not, and what the organizer can do instead
        "refusal": organizer.open_refusal(tournament, settings),
        # the address the QR codes and the printed slips carry (SITE_URL), not the organizer's browser's
        "form_url": public_url(reverse("tournaments:register", args=[tournament.slug]), request),
    }, status=status)


@login_required
@officials_page
def entries_view(request, tournament):
    """The list of entries: the organizer's (with birth years, contacts and his actions) or a referee's (ticks)."""
    settings = settings_of(tournament)
    can_manage = is_organizer(request.user, tournament)
    search = EntrySearchForm(request.GET if "q" in request.GET else None)
    query = search.query()
    tally = counts(tournament)
    return render(request, "signup/entries.html", {
        "tournament": tournament, "settings": settings, "counts": tally, "refuse_form": RefuseForm(),
        "groups": found(organizer_entries(tournament, private=can_manage), query), "search": search, "query": query,
        "can_manage": can_manage, "default_reason": organizer.DEFAULT_REMOVAL_REASON,
        "approvable": len(approval_plan(tournament)[0]) if can_manage and tally["pending"] else 0,
    })


@login_required
@require_POST
@officials_page
def tick_view(request, tournament, entry_id):
    """Tick (or untick) an entry's check-in; htmx gets the row back, a plain form the list."""
    try:
        if request.POST.get("undo") == "1":
            entry = checkin.undo_check_in(request.user, tournament, entry_id)
        else:
            entry, _done = checkin.check_in(request.user, tournament, entry_id=entry_id)
    except TournamentError as err:
        if request.htmx:
            return render(request, "signup/_error_row.html", {"message": err.message}, status=409)
        messages.error(request, err.message)
        return redirect("tournaments:signup_entries", slug=tournament.slug)
    if request.htmx:
        can_manage = is_organizer(request.user, tournament)
        return render(request, "signup/_entry_row.html", {
            "tournament": tournament, "entry": entry if can_manage else without_private(entry),
            "can_manage": can_manage})
    return redirect(reverse("tournaments:signup_entries", args=[tournament.slug]) + f"#entry-{entry.pk}")


@login_required
@require_POST
@organizer_page
def decide_view(request, tournament, entry_id, action):
    """Approve an entry pending approval, refuse one (with its reason), or bring a refused one back."""
    if action not in ("approve", "refuse", "restore"):
        raise Http404
    try:
        if action == "approve":
            entry = organizer.approve_entry(request.user, tournament, entry_id)
            messages.success(request, _("Заявка подтверждена: %(status)s.") % {
                "status": entry.get_status_display().lower()})
        elif action == "restore":
            entry = organizer.restore_entry(request.user, tournament, entry_id)
            messages.success(request, _("Заявка возвращена: %(status)s.") % {
                "status": entry.get_status_display().lower()})
        else:
            organizer.refuse_entry(request.user, tournament, entry_id, reason=request.POST.get("reason"))
            messages.success(request, _("Заявка отклонена."))
    except TournamentError as err:
        messages.error(request, err.message)
    return redirect("tournaments:signup_entries", slug=tournament.slug)


@login_required
@require_POST
@organizer_page
def send_link_view(request, tournament, entry_id):
    """Send the entry's link to its e-mail address again («Отправить ссылку»)."""
    try:
        message = links.resend_link(request.user, tournament, entry_id)
    except TournamentError as err:
        messages.error(request, err.message)
    else:
        message.refresh_from_db()  # the letter went when the service's transaction committed
        if message.mail_error:
            messages.error(request, _("Письмо на %(email)s не ушло: почтовый сервер ответил ошибкой (%(error)s). "
                                      "Попробуйте позже.") % {"email": message.email, "error": message.mail_error})
        else:
            messages.success(request, _("Ссылка отправлена на %(email)s.") % {"email": message.email})
    return redirect(reverse("tournaments:signup_entries", args=[tournament.slug]) + f"#entry-{entry_id}")


def _ticked(post) -> list[int]:
    """The entries ticked on the list (or carried, comma separated, by the confirmation page); junk is dropped."""
    raw = [part for value in post.getlist("entries") for part in value.split(",")]
    return [n for n in (strict_int(v, 1, MAX_ID) for v in raw) if n is not None]


def _removal_consequences(entries, reason) -> list[str]:
    lines = [(_("«%(names)s» уйдёт из участников турнира, заявка будет отклонена.") if e.status == "accepted" else
              _("Заявка «%(names)s» (%(status)s) будет отклонена.")) % {
        "names": e.names(), "status": e.get_status_display().lower()} for e in entries]
    lines.append(_("Причина, которую увидят игроки: %(reason)s") % {
        "reason": reason.strip() or organizer.DEFAULT_REMOVAL_REASON})
    lines.append(_("Каждую заявку можно будет вернуть кнопкой «Вернуть» в её строке (до жеребьёвки)."))
    return lines


@login_required
@require_POST
@organizer_page
def remove_view(request, tournament):
    """The ticked entries: a page naming them and what happens to each, then their removal in one go."""
    ids, reason = _ticked(request.POST), request.POST.get("reason", "")
    back = reverse("tournaments:signup_entries", args=[tournament.slug])
    if request.POST.get("confirmed") == "1":
        try:
            removed = organizer.remove_entries(request.user, tournament, ids, reason=reason)
        except TournamentError as err:
            messages.error(request, err.message)
        else:
            messages.success(request, _("Снято заявок: %(n)s.") % {"n": len(removed)})
        return redirect(back)
    chosen = selected_entries(tournament, ids)
    if not chosen:
        messages.error(request, _("Отметьте заявки, которые нужно снять."))
        return redirect(back)
    return render(request, "tournaments/confirm.html", {
        "tournament": tournament, "title": _("Снять отмеченные заявки?"),
        "consequences": _removal_consequences(chosen, reason), "action": request.path, "cancel": back,
        "fields": {"entries": ",".join(str(e.pk) for e in chosen), "reason": reason},
        "button": _("Снять заявки: %(n)s") % {"n": len(chosen)},
    })


@login_required
@organizer_page
def close_on_site_view(request, tournament):
    """The confirmation page naming every entry that did not check in, then the closing."""
    back = reverse("tournaments:signup_entries", args=[tournament.slug])
    if request.method == "POST" and request.POST.get("confirmed") == "1":
        try:
            absent = checkin.close_on_site(request.user, tournament)
        except TournamentError as err:
            messages.error(request, err.message)
        else:
            messages.success(request, _("Регистрация закрыта на месте; не отметились и сняты до жеребьёвки: "
                                        "%(n)s.") % {"n": len(absent)})
        return redirect(back)
    absent = list(checkin.not_checked_in(tournament))
    consequences = [_("Не отметился и будет снят до жеребьёвки: %(names)s.") % {"names": e.names()} for e in absent]
    if not absent:
        consequences.append(_("Все принятые заявки отмечены: никто не будет снят."))
    consequences.append(_("Регистрация закроется, лист ожидания больше не сдвинется."))
    return render(request, "tournaments/confirm.html", {
        "tournament": tournament, "title": _("Закрыть регистрацию на месте?"), "consequences": consequences,
        "fields": {}, "action": request.path, "cancel": back, "button": _("Закрыть регистрацию на месте"),
    })
