"""What the signing block of a table shows: slots by signing method, the table's QR code, confirmations.

Read-only functions for the pages; the signing itself is ``scoring.services.sign_protocol``.
"""
from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _

from access import permissions as perms
from core import qr
from core.public import public_url
from scoring import pin_tries, protocol_state
from scoring.models import SignatureRole
from scoring.signing_links import phone_sign_path
from tournaments.models import SignatureMode, SigningMethod

from .selectors import load_protocol, signature_slots

PIN_METHODS = (SigningMethod.TABLE_PIN, SigningMethod.OWN_PHONE)


def uses_pin(partie) -> bool:
    return partie.round.tournament.signing_method in PIN_METHODS


def blocked_seats(partie, protocol) -> list[str]:
    """Seats whose player has used up his PIN tries on this protocol, on the referee's device, on all phones or
    on one phone (``pin_tries.closed_players``, one query)."""
    blocked = pin_tries.closed_players(protocol)
    seats = []
    for side in "AB":
        for i, player in enumerate(partie.side_players(side), start=1):
            if player.pk in blocked:
                seats.append(f"{side}{i}")
    return seats


def player_signers(partie) -> list[str]:
    """Names of the players who have signed the partie's protocol so far."""
    protocol = load_protocol(partie)  # a read: nothing is created
    return [s.name for s in protocol.signatures.all() if s.role == SignatureRole.PLAYER]


def phone_sign_url(request, partie) -> str:
    return public_url(phone_sign_path(partie), request)


def signing_context(request, partie, ctx, deal_form=None) -> dict:
    protocol = ctx["protocol"]
    tournament = partie.round.tournament
    slots, referee = signature_slots(partie, protocol, ctx["names"])
    method = tournament.signing_method
    extra = {
        "slots": slots, "referee_signature": referee,
        "players_signed": all(s["signature"] for s in slots if s["required"]),
        "signing_method": method, "uses_pin": method in PIN_METHODS,
        "attests": method == SigningMethod.REFEREE_ATTESTS,
        "one_per_pair": tournament.signature_mode == SignatureMode.ONE_PER_PAIR,
        "absent": sorted(protocol_state.absent_sides(protocol)),
    }
    if method in PIN_METHODS and not protocol.is_locked and perms.can_reopen(request.user, partie):
        extra["blocked_seats"] = blocked_seats(partie, protocol)
    if method == SigningMethod.OWN_PHONE and ctx.get("awaiting") and ctx.get("can_countersign"):
        url = phone_sign_url(request, partie)
        address, _sep, query = url.partition("?")  # shown in pieces: a narrow screen breaks after a / or before ?t=
        extra.update(phone_url=url, phone_qr=qr.qr_svg(url),
                     phone_url_parts=address.split("/")[:-1] + ["?" + query])
    signed = [s for s in protocol.signatures.all() if s.role == SignatureRole.PLAYER]
    correcting = deal_form is not None and deal_form["correct"].value() in (True, "True", "on", "1")
    if correcting and signed:
        extra["correction_warning"] = _(
            "Игроки уже подписали протокол (%(names)s). После сохранения исправления их подписи будут сняты, "
            "и им нужно будет подписать снова.") % {"names": ", ".join(s.name for s in signed)}
    return extra


def score_text(partie, protocol) -> str:
    """The sides named as the event's format names them, and the score (the goats first in the Kozel family)."""
    tournament = partie.round.tournament
    goats = (protocol.goats_a, protocol.goats_b) if tournament.game.counts_goats else None
    return tournament.format_spec.score_line(partie, (protocol.score_a, protocol.score_b), goats)


def confirm_countersign(partie, version) -> dict:
    protocol = load_protocol(partie)  # a read: nothing is created
    tournament = partie.round.tournament
    parts = [_("Подписать протокол: %(score)s?") % {"score": score_text(partie, protocol)}]
    if protocol.no_show:
        parts.append(tournament.format_spec.no_show_note(partie, protocol))
    elif tournament.signing_method == SigningMethod.REFEREE_ATTESTS:
        parts.append(_("Подписывая, вы подтверждаете, что игроки подписали бумажный бланк."))
    parts.append(_("Протокол будет закрыт: изменить его сможет только главный судья."))
    return {"message": " ".join(parts), "action": reverse("referees:sign", args=[partie.pk]),
            "fields": {"role": "referee", "confirm": "1", "version": "" if version is None else version},
            "button": _("Да, подписать и закрыть")}


def confirm_no_show(partie, side, version, *, seat="") -> dict:
    if seat:
        return confirm_absent_player(partie, seat, version)
    tournament = partie.round.tournament
    message = tournament.format_spec.no_show_question(partie, side, tournament.game.counts_goats)
    return {"message": message, "action": reverse("referees:no_show", args=[partie.pk]),
            "fields": {"side": side, "confirm": "1", "version": "" if version is None else version},
            "button": tournament.format_spec.no_show_yes(side)}


def confirm_absent_player(partie, seat, version) -> dict:
    """An individual event: one player of a side did not come (docs/rules-individual.md §6)."""
    players = partie.side_players(seat[0])
    index = int(seat[1]) - 1
    name = players[index].name if index < len(players) else "—"
    first = load_protocol(partie).absent_seats if partie.round.tournament.format_spec.single_player_entries else ""
    if len(first) == 2:
        message = _("Отметить неявку и игрока %(seat)s (%(name)s)? Поражение получат оба неявившихся игрока "
                    "(%(first)s и %(seat)s), явившиеся — результат пропуска тура; счёт партии остаётся по первой "
                    "неявке.") % {"seat": seat, "name": name, "first": first}
    else:
        message = _("Отметить неявку игрока %(seat)s (%(name)s)? Его сторона проигрывает партию неявкой; в "
                    "положении поражение получит только он, его партнёр — результат пропуска тура. Вносить "
                    "раздачи будет нельзя. Ошибочную неявку можно отменить до подписи судьи.") % {
                        "seat": seat, "name": name}
    return {"message": message, "action": reverse("referees:no_show", args=[partie.pk]),
            "fields": {"side": seat[0], "seat": seat, "confirm": "1", "version": "" if version is None else version},
            "button": _("Да, отметить неявку игрока %(seat)s") % {"seat": seat}}


def confirm_clear(partie, message, reason, version) -> dict:
    """The confirmation a clear of a protocol with players' signatures needs (the service names the signers)."""
    return {"message": message, "action": reverse("referees:clear", args=[partie.pk]),
            "fields": {"reason": reason or "", "confirm": "1", "version": "" if version is None else version},
            "button": _("Да, очистить протокол и снять подписи")}
