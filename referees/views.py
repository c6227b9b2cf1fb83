"""The table page: a referee enters a partie deal by deal; players confirm and sign.

Thin views: check the permission, call one service, render. Errors of the
services land next to the field they name; nothing is saved on error.
"""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from access import permissions as perms
from core.pages import forbidden, post_only
from scoring import protocol_state, services
from scoring.errors import ConfirmationRequired, InvalidInput, NotAllowed, ServiceError, VersionConflict
from scoring.forms import FirstLeadForm, NoShowForm, RemarkForm
from scoring.game_forms import make_deal_form
from scoring.latin_form import CountersForm, SanctionForm
from scoring.queries import rows_ahead
from tournaments.models import Partie

from . import deal_answer, game_entry, selectors, signing, submissions
from .entry_page import render_entry, unsaved_deal, unsaved_reason, unsaved_remark


def get_partie(partie_id) -> Partie:
    try:
        return protocol_state.load_partie(partie_id)
    except Partie.DoesNotExist:
        raise Http404 from None


def posted_version(request):
    """The protocol version the page showed (a hidden field), as posted.

    The services read it: a missing or garbled one is refused as a version conflict, so the referee
    sees the protocol as it stands now."""
    return request.POST.get("version")


def entry_url(partie, anchor=""):
    return reverse("referees:partie", args=[partie.pk]) + (f"#{anchor}" if anchor else "")


@login_required
def partie_entry(request, partie_id):
    partie = get_partie(partie_id)
    if not perms.can_view_entry(request.user, partie):
        return forbidden(request)
    return render_entry(request, partie)


def _entering(view):
    """POST only, logged in, and a referee of this table."""

    @login_required
    @post_only
    def wrapper(request, partie_id, *args, **kwargs):
        partie = get_partie(partie_id)
        if not perms.can_enter(request.user, partie):
            return forbidden(request, _("Вносить результаты может только судья этого стола."))
        try:
            return view(request, partie, *args, **kwargs)
        except NotAllowed as exc:
            return forbidden(request, exc.message)

    wrapper.__name__ = view.__name__
    return wrapper


def conflict(request, partie, exc, unsaved=None):
    """The protocol as stored now and fresh forms; what was sent beside them, marked «не сохранено»."""
    return render_entry(request, partie, status=409, conflict=exc.message,
                        unsaved=unsaved or unsaved_reason(request.POST))


def once(request, partie, action, call, outcome):
    """The service call, once per form (``referees.submissions``); a form sent again gets its first answer."""
    return submissions.once(request.POST, request.user, partie, action, call, outcome)


def answer(request, partie, outcome):
    if outcome.repeated:
        messages.info(request, deal_answer.repeated_message())
    for level, text in outcome.messages:
        messages.add_message(request, level, text)
    return redirect(entry_url(partie, outcome.anchor))


def deal_writer(request, partie, form, outcome):
    """The deal form's write (a new deal or a correction), telling ``outcome`` what to say and the version after it."""
    c = form.cleaned_data
    correcting = bool(c["correct"])
    call = services.correct_deal if correcting else services.record_deal
    signed_before = signing.player_signers(partie) if correcting else []
    # A new deal's rows read now, before the writers' lock (``once`` takes it): the write adopts them if unchanged.
    ahead = {} if correcting else {"ahead": rows_ahead(partie)}

    def write():
        protocol = call(request.user, partie, form.deal(), expected_version=c["version"], **ahead)
        outcome.version, outcome.protocol = protocol.version, protocol
        if correcting and protocol.version == c["version"]:  # the service wrote nothing
            outcome.messages.append((messages.INFO, _("Раздача %(n)s не изменена: записывать было нечего.")
                                     % {"n": c["n"]}))
            return
        outcome.messages.append((messages.SUCCESS, _("Раздача %(n)s сохранена.") % {"n": c["n"]}))
        if signed_before:
            outcome.messages.append((messages.WARNING, _(
                "Подписи игроков сняты. Подписать протокол снова должны: %(names)s.")
                % {"names": ", ".join(signed_before)}))

    return write


def remark_writer(request, partie, form, outcome):
    c = form.cleaned_data

    def write():
        outcome.version = services.give_remark(
            request.user, partie, deal=c["deal"], seat=c["seat"], reason=c["reason"], note=c["note"],
            confirm_disqualification=c["confirm_disqualification"], expected_version=c["version"]).version

    return write


@_entering
def deal_save(request, partie):
    """A deal from the entry form: the page again (a plain form post), or the quick answer to the page's script."""
    form = make_deal_form(partie.round.tournament.rules(), request.POST)
    quick = deal_answer.wants_json(request)
    if form.is_valid():
        outcome = submissions.Outcome(anchor="deals")
        try:
            outcome = once(request, partie, "deal", deal_writer(request, partie, form, outcome), outcome)
        except VersionConflict as exc:
            if quick:
                return deal_answer.refused(exc, exc.code, 409)
            return conflict(request, partie, exc, unsaved_deal(form, selectors.seat_names(partie)))
        except NotAllowed as exc:
            if quick:
                return deal_answer.refused(exc, exc.code, 403)
            raise
        except ServiceError as exc:
            if quick:
                return deal_answer.service_refused(exc)
            form.add_service_error(exc)
        else:
            return deal_answer.saved(request, partie, outcome) if quick else answer(request, partie, outcome)
    if quick:
        return deal_answer.form_refused(form)
    return render_entry(request, partie, status=422, deal_form=form)


@_entering
def deal_preview(request, partie):
    """Running totals with the deal being typed, scored by the engine; nothing is saved.

    Errors about a value typed go next to its field at once; a hand not typed
    yet is only a hint, since the referee may simply not have reached it.
    """
    game = partie.round.tournament.game
    rules, entry = game.rules, game_entry.entry_of(game)
    form = make_deal_form(rules, request.POST)
    scored = preview = hint = None
    if form.is_valid():
        protocol = selectors.load_protocol(partie)
        try:
            scored = protocol_state.engine_score(protocol_state.with_deal(protocol_state.protocol_json(protocol), form.deal()))
        except InvalidInput as exc:
            if exc.code == "missing_hand":
                hint = exc.message
            else:
                form.add_service_error(exc)
        else:
            preview = next((d for d in scored.deals if d.n == form.cleaned_data["n"]), None)
    names = form.preview_fields()
    chosen = bool(request.POST.get("result")) or entry.types_points
    # Hand points: a number not typed yet is not an error while the other one is being typed.
    typed = {name for name in names if not entry.types_points or request.POST.get(name, "").strip()}
    errors = {name: " ".join(form.errors.get(name, [])) if chosen and name in typed else "" for name in names}
    ctx = {
        "partie": partie, "scored": scored, "preview_deal": preview, "hint": hint, "errors": errors,
        "sanctions": [selectors.sanction_text(s) for s in preview.sanctions] if preview else [],
        "non_field": " ".join(form.non_field_errors()) if chosen else "",
    }
    ctx.update(entry.preview_context(partie, rules, scored))
    return render(request, entry.templates["preview"], ctx)


@_entering
def remark_save(request, partie):
    form = RemarkForm(request.POST)
    if form.is_valid():
        c = form.cleaned_data
        outcome = submissions.Outcome([(messages.SUCCESS, _("Замечание записано."))], "remarks")
        try:
            return answer(request, partie, once(request, partie, "remark", remark_writer(request, partie, form, outcome),
                                                outcome))
        except ConfirmationRequired as exc:
            confirm = RemarkForm(initial={**c, "confirm_disqualification": True})
            return render_entry(request, partie, remark_form=form, confirm_remark={"message": exc.message,
                                                                                   "form": confirm})
        except VersionConflict as exc:
            return conflict(request, partie, exc, unsaved_remark(form, selectors.seat_names(partie)))
        except NotAllowed:
            raise
        except ServiceError as exc:
            if exc.code == "no_show":  # a stale page: the remark form is no longer shown
                return render_entry(request, partie, status=422, errors={"remarks": exc.message})
            form.add_service_error(exc)
    return render_entry(request, partie, status=422, remark_form=form)


@_entering
def sanction_save(request, partie):
    """A sanction of the partnership game; a grave one is asked again with its effect before it is written."""
    form = SanctionForm(request.POST, rules=partie.round.tournament.rules())
    if not form.is_valid():
        return render_entry(request, partie, status=422, sanction_form=form)
    c = form.cleaned_data
    outcome = submissions.Outcome([(messages.SUCCESS, _("Санкция записана."))], "sanctions")

    def write():
        outcome.version = services.give_sanction(
            request.user, partie, hand=c["hand"], seat=c["seat"], note=c["note"], confirm=c["confirm"],
            expected_version=c["version"], **form.sanction()).version

    try:
        return answer(request, partie, once(request, partie, "sanction", write, outcome))
    except ConfirmationRequired as exc:
        fields = {name: request.POST.get(name, "") for name in ("seat", "hand", "what", "note", "version")}
        return render_entry(request, partie, sanction_form=form, confirm={
            "message": exc.message, "action": reverse("referees:sanction_save", args=[partie.pk]),
            "fields": {**fields, "confirm": "1"}, "button": _("Да, наложить санкцию")})
    except VersionConflict as exc:
        return conflict(request, partie, exc)
    except NotAllowed:
        raise
    except ServiceError as exc:
        form.add_service_error(exc)
    return render_entry(request, partie, status=422, sanction_form=form)


@_entering
def counters_save(request, partie):
    """The acta's counters of the partnership game (chancleta, zapato)."""
    form = CountersForm(request.POST)
    if not form.is_valid():
        return render_entry(request, partie, status=422,
                            errors={"sanctions": " ".join(" ".join(e) for e in form.errors.values())})
    return simple_action(request, partie, "sanctions",
                          lambda: services.set_counters(request.user, partie, counters=form.counters(),
                                                        expected_version=form.cleaned_data["version"]),
                          _("Счётчики акта записаны."))


@_entering
def sanction_withdraw(request, partie, sanction_id):
    return simple_action(request, partie, "sanctions",
                          lambda: services.withdraw_sanction(request.user, partie, sanction_id,
                                                             request.POST.get("reason"),
                                                             expected_version=posted_version(request)),
                          _("Санкция снята."))


@_entering
def remark_withdraw(request, partie, remark_id):
    return simple_action(request, partie, "remarks",
                          lambda: services.withdraw_remark(request.user, partie, remark_id, request.POST.get("reason"),
                                                           expected_version=posted_version(request)),
                          _("Замечание снято."))


@_entering
def remark_preview(request, partie):
    """Which step of the pair's ladder the remark would be, and its effect (before saving)."""
    seat = request.POST.get("seat", "")
    ctx = {"seat": seat}
    if seat in selectors.CLOCKWISE:
        protocol = selectors.load_protocol(partie)
        step, effect = protocol_state.next_remark_effect(partie, protocol, seat[0])
        ctx.update(step=step, kind=effect.kind, text=effect.describe(), side=seat[0],
                   fmt=partie.round.tournament.format_spec)
    return render(request, "referees/_remark_effect.html", ctx)


def simple_action(request, partie, section, call, success):
    try:
        outcome = once(request, partie, section, call, submissions.Outcome([(messages.SUCCESS, success)], section))
    except NotAllowed as exc:
        return forbidden(request, exc.message)
    except VersionConflict as exc:
        return conflict(request, partie, exc)
    except ServiceError as exc:
        return render_entry(request, partie, status=422, errors={section: exc.message})
    return answer(request, partie, outcome)


@_entering
def no_show(request, partie):
    form = NoShowForm(request.POST)
    if not form.is_valid():
        return render_entry(request, partie, status=422, errors={"no_show": _("Укажите пару: A или B.")})
    c = form.cleaned_data
    seats = [c["seat"]] if c["seat"] else None
    if not c["confirm"]:
        return render_entry(request, partie, confirm=signing.confirm_no_show(partie, c["side"], c["version"],
                                                                             seat=c["seat"]))
    return simple_action(request, partie, "no_show",
                          lambda: services.record_no_show(request.user, partie, c["side"], seats=seats,
                                                          expected_version=c["version"]),
                          _("Неявка игрока %(seat)s отмечена.") % {"seat": c["seat"]} if seats else
                          partie.round.tournament.format_spec.no_show_done(c["side"]))


@_entering
def no_show_undo(request, partie):
    version = posted_version(request)
    return simple_action(request, partie, "signatures",
                          lambda: services.undo_no_show(request.user, partie, request.POST.get("reason", ""),
                                                        expected_version=version),
                          _("Неявка отменена."))


@_entering
def time_up(request, partie):
    version = posted_version(request)
    return simple_action(request, partie, "time",
                          lambda: services.record_time_up(request.user, partie, expected_version=version,
                                                          how=request.POST.get("how", "")),
                          _("Окончание партии по времени отмечено."))


@_entering
def first_lead(request, partie):
    form = FirstLeadForm(request.POST)
    if not form.is_valid():
        return render_entry(request, partie, status=422, errors={"time": _("Выберите игрока.")})
    c = form.cleaned_data
    return simple_action(request, partie, "time",
                          lambda: services.set_first_lead(request.user, partie, c["first_lead"],
                                                          expected_version=c["version"]),
                          _("Первый заход: %(seat)s.") % {"seat": c["first_lead"]})


@_entering
def deal_delete(request, partie, n):
    """The last deal entered by mistake is deleted, after a confirmation (the service checks and logs it)."""
    version = posted_version(request)
    if not request.POST.get("confirm"):
        return render_entry(request, partie, confirm={
            "message": _("Удалить раздачу %(n)s? Счёт будет пересчитан; журнал сохранит удалённую раздачу.")
            % {"n": n}, "action": reverse("referees:deal_delete", args=[partie.pk, n]),
            "fields": {"confirm": "1", "version": "" if version is None else version},
            "button": _("Да, удалить раздачу %(n)s") % {"n": n}})
    return simple_action(request, partie, "deals",
                          lambda: services.delete_last_deal(request.user, partie, n, expected_version=version),
                          _("Раздача %(n)s удалена.") % {"n": n})


@_entering
def abandoned(request, partie):
    """Kozel and Morskoy: a pair left the partie (after a confirmation); it is the goat of every game left."""
    form = NoShowForm(request.POST)
    if not form.is_valid():
        return render_entry(request, partie, status=422, errors={"abandoned": _("Укажите пару: A или B.")})
    c = form.cleaned_data
    if not c["confirm"]:
        number = game_entry.pair_number(partie, c["side"])
        return render_entry(request, partie, confirm={
            "message": _("Отметить уход пары %(side)s (№%(number)s)? Текущая игра кончается после последней "
                         "внесённой раздачи; ушедшая пара — козёл этой и всех несыгранных игр и проигрывает "
                         "партию. Вносить раздачи будет нельзя.") % {"side": c["side"], "number": number},
            "action": reverse("referees:abandoned", args=[partie.pk]),
            "fields": {"side": c["side"], "confirm": "1", "version": "" if c["version"] is None else c["version"]},
            "button": _("Да, пара %(side)s ушла") % {"side": c["side"]}})
    return simple_action(request, partie, "abandoned",
                          lambda: services.mark_abandoned(request.user, partie, c["side"],
                                                          expected_version=c["version"]),
                          _("Уход пары %(side)s отмечен.") % {"side": c["side"]})


@_entering
def abandoned_undo(request, partie):
    version = posted_version(request)
    return simple_action(request, partie, "abandoned",
                          lambda: services.undo_abandoned(request.user, partie, request.POST.get("reason", ""),
                                                          expected_version=version),
                          _("Уход пары отменён."))
