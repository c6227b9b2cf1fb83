"""The public pages of the online registration: the form, the player's entry (by its code), the check-in address.

Thin: each view reads one selector or calls one service and renders. The entry's page carries its code in
its address: it is never cached and sends its address to no other site.
"""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache

from access.throttle import client_ip
from core.errors import NotAllowed
from core.public import public_url
from core.qr import qr_svg
from events.services.registration import entrant_size
from tournaments.errors import TournamentError
from tournaments.models import Tournament

from . import checkin, codes, links, services, throttle
from .forms import EntryForm, LostLinkForm
from .selectors import form_state, settings_of, waiting_position
from .team_entries import pairs_per_team, player_prefixes, reserve_prefixes

PERSON_FIELDS = ("name", "club", "city", "birth_year", "federation_id")


def _team_pairs(tournament) -> int:
    """K for a team event's form (0: a pair or individual event's)."""
    return pairs_per_team(tournament) if tournament.format_spec.has_teams else 0


def _initial(entry) -> dict:
    """The entry as its edit form shows it."""
    if entry.team_name:
        slots = list(zip(player_prefixes(len(entry.players) // 2), entry.players))
        slots += list(zip(reserve_prefixes(), entry.reserves or []))
        initial = {"team_name": entry.team_name, "team_club": entry.team_club}
    else:
        slots, initial = [(f"player{k}", p) for k, p in enumerate(entry.players, start=1)], {}
    initial.update({f"{prefix}_{f}": (p.get(f) if p.get(f) is not None else "") for prefix, p in slots
                    for f in PERSON_FIELDS})
    initial["contact"] = entry.contact
    return initial


def _public(slug) -> Tournament:
    return get_object_or_404(Tournament, slug=slug, is_public=True, archived_at__isnull=True)


def _private(response):
    response["Referrer-Policy"] = "same-origin"  # the code in the address never leaves the site
    response["X-Robots-Tag"] = "noindex"
    return response


def _entry_url(tournament, code) -> str:
    return reverse("tournaments:signup_entry", args=[tournament.slug, code])


@never_cache
def register_view(request, slug):
    """The form: the players and the fields the organizer asks; a closed form says why."""
    tournament = _public(slug)
    settings = settings_of(tournament)
    state = form_state(tournament, settings)
    size, team_pairs = entrant_size(tournament), _team_pairs(tournament)
    form = EntryForm(request.POST or None, settings=settings, size=size, team_pairs=team_pairs) if settings else None
    status = 200
    if request.method == "POST" and form is not None:
        status = 400
        if not throttle.spend(client_ip(request)):
            form.add_error(None, _("С этого адреса отправлено слишком много заявок (%(n)s за час). Попробуйте "
                                   "позже или обратитесь к организатору турнира.") % {"n": throttle.per_hour()})
            status = 429
        elif form.is_robot():
            form.add_error(None, _("Заявка не принята: заполнено поле, которое людям не показывается. Если вы "
                                   "заполнили его сами, очистите его и отправьте заявку снова."))
        elif form.is_valid():
            try:
                entry, code = services.submit_entry(tournament, form.values(), language=request.LANGUAGE_CODE)
            except TournamentError as err:
                form.add_service_error(err)
                status = 409 if err.code in ("closed", "ended", "not_yet", "draw_done", "none", "format",
                                             "waiting_full") else 400
            else:
                if entry.email:  # the confirmation went there too (signup.notices)
                    sent = _("Заявка отправлена. Сохраните адрес этой страницы: по нему вы увидите, измените или "
                             "отзовёте заявку. Ссылка на неё отправлена и на %(email)s.") % {"email": entry.email}
                else:
                    sent = _("Заявка отправлена. Сохраните адрес этой страницы: по нему вы увидите, измените или "
                             "отзовёте заявку. Код заявки больше нигде не показывается.")
                messages.success(request, sent)
                return redirect(_entry_url(tournament, code))
    return render(request, "signup/register.html", {
        "tournament": tournament, "state": state, "form": form, "individual": size == 1, "team_pairs": team_pairs,
    }, status=status)


def _entry_or_404(request, tournament, code):
    try:
        return services.entry_by_code(tournament, code), None
    except services.NoSuchEntry as err:
        response = render(request, "signup/no_entry.html", {"tournament": tournament, "message": err.message},
                          status=404)
        return None, _private(response)


@never_cache
def entry_view(request, slug, code):
    """The player's entry: its state, the QR of the check-in when accepted, the edit form, the withdrawal."""
    tournament = _public(slug)
    entry, missing = _entry_or_404(request, tournament, code)
    if missing:
        return missing
    settings = settings_of(tournament)
    size = entrant_size(tournament)
    team_pairs = len(entry.players) // 2 if entry.team_name else 0
    form = EntryForm(request.POST or None, settings=settings, size=size, team_pairs=team_pairs,
                     initial=_initial(entry), fixed=services.fixed_fields(entry))
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid() and not form.is_robot():
            try:
                services.edit_entry(tournament, code, form.values())
            except TournamentError as err:
                form.add_service_error(err)
            else:
                messages.success(request, _("Заявка изменена."))
                return redirect(_entry_url(tournament, code))
        elif form.is_robot():
            form.add_error(None, _("Заявка не изменена: заполнено поле, которое людям не показывается."))
    refusal = services.change_refusal(tournament, entry)
    checkin.renew_checkin(entry, code)  # the mark of a tournament moved from a server with another key
    checkin_url = public_url(reverse("tournaments:signup_checkin", args=[slug, codes.checkin_token(code)]), request)
    return _private(render(request, "signup/entry.html", {
        "tournament": tournament, "entry": entry, "code": code, "form": form, "individual": size == 1,
        "team_pairs": team_pairs,
        "position": waiting_position(entry), "qr": qr_svg(checkin_url) if entry.status == "accepted" else "",
        "checkin_url": checkin_url, "editable": refusal is None,
        "locked": refusal.message if refusal is not None and refusal.code == "draw_done" else "",
        # waiting for the organizer though he asks no approval: a concern of signup.concerns (not said which)
        "held": entry.status == "pending" and settings is not None and not settings.approval_required,
        "told": entry.messages.order_by("-created_at", "-id"),  # «Что вам сообщали» (signup.notices)
    }, status=status))


LOST_LINK_ANSWER = gettext_lazy("Если заявка на этот турнир с адресом %(email)s есть, ссылка на её страницу "
                                "отправлена туда. Письмо может прийти через несколько минут; проверьте и папку «Спам». "
                                "Не пришло — обратитесь к организатору турнира.")


@never_cache
def lost_link_view(request, slug):
    """«Потеряли ссылку?»: the player's e-mail; the answer is the same whether an entry gives it or not."""
    tournament = _public(slug)
    form = LostLinkForm(request.POST or None)
    status = 200
    if request.method == "POST":
        status = 400
        if not throttle.spend(f"link:{client_ip(request) or 'unknown'}", limit=links.links_per_hour()):
            form.add_error(None, _("С этого адреса ссылку просили слишком часто (%(n)s раз за час). Попробуйте позже "
                                   "или обратитесь к организатору турнира.") % {"n": links.links_per_hour()})
            status = 429
        elif form.is_valid():
            email = form.cleaned_data["email"]
            links.send_lost_links(tournament, email)
            messages.success(request, LOST_LINK_ANSWER % {"email": email})
            return redirect("tournaments:signup_lost_link", slug=tournament.slug)
    return render(request, "signup/lost_link.html", {"tournament": tournament, "form": form}, status=status)


@never_cache
def withdraw_view(request, slug, code):
    """Withdraw the entry: a page that says what happens, then the withdrawal."""
    tournament = _public(slug)
    entry, missing = _entry_or_404(request, tournament, code)
    if missing:
        return missing
    if request.method == "POST" and request.POST.get("confirmed") == "1":
        try:
            services.withdraw_entry(tournament, code)
        except TournamentError as err:
            messages.error(request, err.message)
        else:
            messages.success(request, _("Заявка отозвана."))
        return redirect(_entry_url(tournament, code))
    return _private(render(request, "signup/withdraw.html", {"tournament": tournament, "entry": entry,
                                                              "code": code}))


def checkin_view(request, slug, token):
    """An official opens the QR's address: the entry is checked in. Anyone else: log in, or a refusal."""
    tournament = get_object_or_404(Tournament, slug=slug)
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    status, already, entry, message = 200, False, None, ""
    try:
        entry, done = checkin.check_in(request.user, tournament, token=token)
        already = not done
    except NotAllowed as err:
        status, message = 403, err.message
    except TournamentError as err:
        status, message = (404 if err.code == "no_such_entry" else 409), err.message
    return render(request, "signup/checked_in.html", {
        "tournament": tournament, "entry": entry, "already": already, "message": message,
    }, status=status)
