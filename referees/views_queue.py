"""The table page's entries kept on the device through a dropped connection, sent when it returns.

The page (``static/referees/offline.js``) keeps what the referee saved offline in the device's
storage and sends it here one entry at a time, in order, each with the version of the protocol it was
made on and its own one-time key. Each entry is judged as the form it stands for: the same form
classes, the same services, ``referees.submissions.once`` (an entry sent twice is recorded once and
answered as the first time). The answer is JSON: ``saved`` with the version after the write, on which
the next entry of the queue was made; or ``refused`` with the service's message and code, the fields
at fault and the protocol as it is stored now, so that the device stops its queue there and shows both.
The device's report of its queue (length, a refusal) goes to ``device_report``; the table's referee clears
the table's reports (a closed browser's) with ``device_clear``.
"""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from access import permissions as perms
from core.pages import forbidden, post_only
from referees.views import deal_writer, get_partie, remark_writer
from scoring import protocol_state, services
from scoring.errors import ConfirmationRequired, NotAllowed, ProtocolLocked, ServiceError, VersionConflict
from scoring.forms import NoShowForm, PlayerSignForm, RemarkForm
from scoring.game_forms import make_deal_form

from . import devices, selectors, signing, submissions


class Refused(Exception):
    """A queued entry refused before any service ran (its shape): answered like a service's refusal."""

    def __init__(self, message, code, status=422, errors=None):
        super().__init__(message)
        self.message, self.code, self.status, self.errors = message, code, status, errors or {}


def _form_errors(form) -> dict:
    return {name: " ".join(str(e) for e in errs) for name, errs in form.errors.items()}


def _valid(form):
    if not form.is_valid():
        errors = _form_errors(form)
        raise Refused(" ".join(errors.values()) or _("Запись не принята."), "invalid", errors=errors)
    return form.cleaned_data


def _require_enter(request, partie):
    if not perms.can_enter(request.user, partie):
        raise NotAllowed(_("Вносить результаты может только судья этого стола."))


def _deal(request, partie, outcome):
    _require_enter(request, partie)
    form = make_deal_form(partie.round.tournament.rules(), request.POST)
    _valid(form)
    return deal_writer(request, partie, form, outcome)


def _remark(request, partie, outcome):
    _require_enter(request, partie)
    form = RemarkForm(request.POST)
    _valid(form)
    return remark_writer(request, partie, form, outcome)


def _no_show(request, partie, outcome):
    _require_enter(request, partie)
    c = _valid(NoShowForm(request.POST))
    seats = [c["seat"]] if c["seat"] else None
    return lambda: setattr(outcome, "version", services.record_no_show(
        request.user, partie, c["side"], seats=seats, expected_version=c["version"]).version)


def _sign(request, partie, outcome):
    """The referee's countersignature (confirmed on the device), a player's own seat, or a PIN typed at the table."""
    version = request.POST.get("version")
    if request.POST.get("role") == "referee":
        return lambda: setattr(outcome, "version", services.sign_protocol(
            request.user, partie, role="referee", expected_version=version).version)
    form = PlayerSignForm(request.POST)
    seat = _valid(form)["seat"]
    if seat not in perms.player_seats(request.user, partie) and not signing.uses_pin(partie):
        raise Refused(_("Подпись паролем игрока не хранится на устройстве: подпишите, когда связь вернётся."),
                      "password_offline", errors={f"sign_{seat}": ""})
    own = seat in perms.player_seats(request.user, partie)
    return lambda: setattr(outcome, "version", services.sign_protocol(
        request.user, partie, role="player", seat=seat, pin=None if own else form.cleaned_data["pin"],
        expected_version=version).version)


KINDS = {"deal": ("deal", _deal), "remark": ("remark", _remark), "no_show": ("no_show", _no_show),
         "sign": ("signatures", _sign)}


def stored_state(partie) -> dict:
    """The protocol as stored now, as the deal list and the remarks word it."""
    protocol = selectors.load_protocol(partie)
    names = selectors.seat_names(partie)
    scored = protocol_state.engine_score(protocol_state.protocol_json(protocol))
    deals = [_("Раздача %(n)s: %(text)s — %(a)s : %(b)s") % {"n": row["n"], "text": row["text"], "a": row["points_a"],
                                                           "b": row["points_b"]}
             for row in selectors.deal_rows(protocol, scored, names)]
    remarks = [_("Замечание в раздаче %(deal)s: %(seat)s %(name)s — %(reason)s") % {
        "deal": r.deal, "seat": r.seat, "name": names.get(r.seat, ""), "reason": r.get_reason_display()}
        for r in protocol.remarks.all()]
    return {"version": protocol.version, "status": protocol.get_status_display(),
            "deal_numbers": [d.n for d in protocol.deals.all()],
            "totals": f"{scored.totals_a} : {scored.totals_b}", "deals": deals, "remarks": remarks,
            "signatures": [f"{s.seat or _('Судья')} {s.name}" for s in protocol.signatures.all()]}


def _refusal(partie, message, code, status, errors=None):
    return JsonResponse({"result": "refused", "code": code, "message": message, "errors": errors or {},
                         "stored": stored_state(partie)}, status=status)


@login_required
@post_only
def queue_entry(request, partie_id):
    partie = get_partie(partie_id)
    if not perms.can_view_entry(request.user, partie):
        return _refusal(partie, _("У вас нет прав на этот протокол."), "not_allowed", 403)
    kind = KINDS.get(request.POST.get("kind", ""))
    if kind is None:
        return _refusal(partie, _("Неизвестный вид записи: она не принята."), "kind", 400)
    if submissions.posted_key(request.POST) is None:
        return _refusal(partie, _("Запись пришла без ключа: она не принята. Отправьте её снова со страницы стола."),
                        "key", 400)
    action, build = kind
    outcome = submissions.Outcome()
    try:
        write = build(request, partie, outcome)
        outcome = submissions.once(request.POST, request.user, partie, action, write, outcome)
    except Refused as exc:
        return _refusal(partie, exc.message, exc.code, exc.status, exc.errors)
    except ConfirmationRequired as exc:
        return _refusal(partie, exc.message, exc.code, 409)
    except VersionConflict as exc:
        return _refusal(partie, exc.message, exc.code, 409)
    except NotAllowed as exc:
        return _refusal(partie, exc.message, exc.code, 403)
    except ProtocolLocked as exc:
        return _refusal(partie, exc.message, exc.code, 423)
    except ServiceError as exc:
        errors = {name or "form": text for name, text in exc.field_errors()}
        return _refusal(partie, exc.message, exc.code, 422, errors)
    version = outcome.version if outcome.version is not None else stored_state(partie)["version"]
    return JsonResponse({"result": "saved", "repeated": outcome.repeated, "version": version,
                         "messages": [str(text) for _level, text in outcome.messages]})


@login_required
@post_only
def device_report(request, partie_id):
    """A device says how many entries for this table it still holds (and whether the first was refused)."""
    partie = get_partie(partie_id)
    try:
        devices.report_queue(request.user, partie, device=request.POST.get("device"),
                             queued=request.POST.get("queued"), refused=request.POST.get("refused"))
    except NotAllowed as exc:
        return JsonResponse({"result": "refused", "code": exc.code, "message": exc.message}, status=403)
    except ServiceError as exc:
        return JsonResponse({"result": "refused", "code": exc.code, "message": exc.message}, status=400)
    return JsonResponse({"result": "ok", "server_time": timezone.now().isoformat()})


@login_required
@post_only
def device_clear(request, partie_id):
    """The table's referee clears its reports of entries held on devices (a closed browser's); back to the overview."""
    partie = get_partie(partie_id)
    try:
        devices.clear_reports(request.user, partie)
    except NotAllowed as exc:
        return forbidden(request, exc.message)
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("Стол %(n)s: отметка о неотправленных записях убрана.") % {"n": partie.table})
    rnd = partie.round
    return redirect(reverse("referees:dashboard", args=[rnd.tournament.slug]) + f"?round={rnd.number}#table-{partie.table}")


def service_worker(request):
    """The service worker, served under the referee pages' address so that its scope covers them."""
    response = render(request, "referees/sw.js", {"queue_js": static("referees/offline_queue.js")},
                      content_type="application/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    return response

