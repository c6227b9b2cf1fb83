"""Signing without an account: the public page a player opens from the table's QR code, and the PIN slips.

Thin views: the PIN check, the QR token, the limits of tries and the audit are in
``scoring.services.sign_protocol`` and ``scoring.pin_tries``; the PINs are made by ``scoring.services.pins``.
"""
from __future__ import annotations

from axes.helpers import get_client_ip_address
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache

from access import permissions as perms
from core import qr
from core.pages import confirm_page, confirmed, forbidden, post_only
from core.public import public_url
from referees.views import get_partie
from scoring import pin_tries, protocol_state, services
from scoring.errors import ConfirmationRequired, NotAllowed, ServiceError
from scoring.forms import PlayerSignForm
from tournaments.choices import ProtocolStatus
from tournaments.models import SigningMethod, Tournament

from . import selectors, signing
from .forms import SigningForm
from .views_public import game_context


@never_cache
def phone_sign(request, partie_id):
    """The table's QR code leads here: the player checks the protocol and signs with his PIN (no login)."""
    partie = get_partie(partie_id)
    tournament = partie.round.tournament
    if partie.is_bye or not perms.can_view_protocol(request.user, partie):
        raise Http404
    protocol = selectors.load_protocol(partie, create=False)
    token = request.POST.get("token", "") or request.GET.get("t", "")  # the form's copy, or the QR link's
    errors = {}
    if request.method == "POST":
        form = PlayerSignForm(request.POST)
        if not form.is_valid():
            errors["signatures"] = _("Выберите своё место.")
        else:
            seat = form.cleaned_data["seat"]
            try:
                services.sign_protocol(request.user, partie, role="player", seat=seat, pin=form.cleaned_data["pin"],
                                       expected_version=request.POST.get("version"), phone=phone_client(request, token))
            except ServiceError as exc:
                errors["signatures" if exc.code == "phone_token" else f"sign_{seat}"] = exc.message
            else:
                messages.success(request, _("Подпись принята. Спасибо!"))
                return redirect(signing.phone_sign_path(partie))
        protocol = selectors.load_protocol(partie, create=False)
    names = selectors.seat_names(partie)
    ctx = {"partie": partie, "tournament": tournament, "protocol": protocol, "errors": errors, "names": names,
           "own_phone": tournament.signing_method == SigningMethod.OWN_PHONE, "seats": selectors.seat_list(partie),
           "token": token if pin_tries.token_valid(partie, token) else ""}
    if protocol is not None:
        scored = protocol_state.engine_score(protocol_state.protocol_json(protocol))
        slots, referee = selectors.signature_slots(partie, protocol, names)
        ctx.update(scored=scored, rows=selectors.deal_rows(protocol, scored, names), slots=slots,
                   referee_signature=referee, awaiting=protocol.status == ProtocolStatus.AWAITING_SIGNATURES,
                   remarks=list(protocol.remarks.all()))
        ctx.update(game_context(partie, protocol, scored))  # Kozel family, hand points: deals by game, goats
    return render(request, "referees/phone_sign.html", ctx, status=422 if errors else 200)


def phone_client(request, token) -> pin_tries.PhoneClient:
    """The signing phone: its link's token, its device (the session, or the CSRF cookie every POST carries)
    and its address as the login throttle sees it."""
    device = request.session.session_key or request.COOKIES.get(settings.CSRF_COOKIE_NAME, "")
    return pin_tries.phone_client(token, device, get_client_ip_address(request))


@never_cache
@login_required
@post_only
def player_pins(request, slug):
    """New signing PINs for every player (or one: ``player``); the slips with the PINs are shown this once.

    For every player, when slips are out, the first POST names how many become void and asks to confirm."""
    tournament = get_object_or_404(Tournament, slug=slug)
    raw = request.POST.get("player", "")
    player_ids = [int(raw)] if raw.isascii() and raw.isdigit() and len(raw) < 12 else None
    try:
        issued = services.generate_pins(request.user, tournament, player_ids, confirmed=confirmed(request))
    except NotAllowed as exc:
        return forbidden(request, exc.message)
    except ConfirmationRequired as exc:
        return confirm_page(request, tournament, title=_("Выдать новые ПИН-коды всем игрокам?"),
                            consequences=[exc.message, _("Новые ПИН-коды будут показаны один раз, на листках "
                                                         "для печати.")],
                            cancel=reverse("referees:signing", args=[slug]) + "#pins",
                            button=_("Да, выдать новые ПИН-коды всем"))
    if not issued:
        messages.info(request, _("Игроков для ПИН-кодов нет."))
        return redirect(reverse("referees:signing", args=[slug]) + "#players")
    slips = []
    for item in issued:
        pair = item.player.pair
        url = ""
        if pair.number:  # the pair page, with the slip's key: it leads this player to signing on his phone
            url = public_url(f"{reverse('tournaments:pair', args=[slug, pair.number])}"
                             f"?k={pin_tries.slip_key(item.player)}", request)
        slips.append({"name": item.player.name, "pin": item.pin, "pair": pair.number, "url": url,
                      "qr": qr.qr_svg(url) if url else ""})
    return render(request, "referees/pin_slips.html", {
        "tournament": tournament, "slips": slips, "own_phone": tournament.signing_method == SigningMethod.OWN_PHONE})


@login_required
@post_only
def signing_settings(request, slug):
    """The organizer picks the tournament's signing method (on the signing page, beside the PINs)."""
    tournament = get_object_or_404(Tournament, slug=slug)
    form = SigningForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Выберите способ подписи из списка."))
        return redirect(reverse("referees:signing", args=[slug]) + "#signing")
    try:
        services.set_signing(request.user, tournament, method=form.cleaned_data["signing_method"],
                         mode=form.cleaned_data["signature_mode"])
    except NotAllowed as exc:
        return forbidden(request, exc.message)
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("Способ подписи сохранён."))
    return redirect(reverse("referees:signing", args=[slug]) + "#signing")


@login_required
@post_only
def pin_reset(request, partie_id):
    """The chief referee lets a player try his PIN again on this protocol."""
    partie = get_partie(partie_id)
    seat = request.POST.get("seat", "")
    try:
        services.reset_pin_attempts(request.user, partie, seat, request.POST.get("reason", ""))
    except NotAllowed as exc:
        return forbidden(request, exc.message)
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("Игрок %(seat)s может снова ввести ПИН-код.") % {"seat": seat})
    return redirect(reverse("referees:partie", args=[partie.pk]) + "#signatures")
