"""Organizer pages: each view lets in only its officials (``access.pages``), calls one service, shows the result."""
import base64
import re

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from access.pages import chief_referee_page, organizer_page
from access.permissions import is_organizer
from core.pages import XLSX, confirm_page, confirmed, file_response, post_only
from scoring.checks import check_tournament
from scoring.services import rescore_drifted
from tournaments.errors import ImportRejected, RegistryMatches, TournamentError
from tournaments.models import EntrantStatus, RoundStatus
from tournaments.presets import preset_label

from .. import individual_selectors, services, stage_selectors
from ..forms import DrawForm, ImportForm, ManualNumberForm, PairForm, PairRoundForm, SwapForm, WithdrawForm
from ..services.rounds import open_protocols, open_table_tokens, open_tables_text
from ..state import state_steps, tournament_state
from . import pairs as pairs_views

PAIRS_PER_PAGE = 50


def _manage_context(tournament, page=None, **extra):
    # The pair list is paged: the page stays fast with thousands of pairs (bench/manage_bench.py).
    pairs = Paginator(tournament.pairs.prefetch_related("players").order_by("number", "id"),
                      PAIRS_PER_PAGE).get_page(page)
    rounds = tournament.rounds.order_by("number")
    last = rounds.last()
    context = {
        "tournament": tournament, "pairs": pairs, "rounds": rounds, "last_round": last,
        "pair_form": PairForm(individual=tournament.format_spec.single_player_entries,
                              teams=tournament.has_team_standing),
        "draw_form": DrawForm(initial={"seed": tournament.draw_seed}),
        "round_form": PairRoundForm(), "swap_form": SwapForm(individual=tournament.format_spec.single_player_entries),
        "open_tables": _open_tables(tournament, last),
        "can_pair_next": bool(tournament.draw_done_at) and (last is None or (
            last.status != RoundStatus.DRAFT and (last.number < tournament.rounds_planned
                                                  or stage_selectors.stage2_rounds_left(tournament)))),
        "stage2_bracket": stage_selectors.is_knockout(tournament),
        "active_count": tournament.pairs.filter(status=EntrantStatus.ACTIVE).count(),
        "state": tournament_state(tournament), "state_steps": state_steps(), "preset_name": preset_label(tournament.rules_preset),
    }
    context.update(extra)
    return context


def _open_tables(tournament, last) -> str:
    """The unsigned tables of every round in play (the previous round's, and a reopened earlier one's)."""
    if last is None:
        return ""
    return open_tables_text(last.number, open_table_tokens(last.number, open_protocols(tournament)))


def _error(request, err):
    messages.error(request, err.message)


def _form_refused(request, tournament, form):
    """A form with a bad value (too long, a NUL byte…): its first error as the message, nothing done."""
    errors = [f"{form.fields[name].label}: {e}" if name in form.fields else str(e)
              for name, messages_ in form.errors.items() for e in messages_]
    messages.error(request, errors[0] if errors else _("Проверьте введённые данные."))
    return redirect("tournaments:manage", slug=tournament.slug)


@login_required
@organizer_page
def manage(request, tournament):
    return render(request, "tournaments/manage.html", _manage_context(tournament, page=request.GET.get("page")))


@login_required
@organizer_page
def pair_add_view(request, tournament):
    form = PairForm(request.POST or None, individual=tournament.format_spec.single_player_entries,
                    teams=tournament.has_team_standing)
    if request.method == "POST" and form.is_valid():
        try:
            pair = services.register_pair(request.user, tournament, players=form.players(),
                                          name=form.cleaned_data["name"], rating=form.cleaned_data["rating"],
                                          team_name=form.team() or "")
        except TournamentError as err:
            form.add_service_error(err)
        else:
            players = pair.name or " — ".join(p.name for p in pair.players.all())
            messages.success(request, tournament.format_spec.registered(pair.number, players))
            return redirect("tournaments:manage", slug=tournament.slug)
    return render(request, "tournaments/manage.html", _manage_context(tournament, pair_form=form),
                  status=400 if request.method == "POST" else 200)


IMPORT_SESSION_KEY = "registry_import"  # the file waiting for the organizer's answers to the registry's proposals


@login_required
@organizer_page
def import_view(request, tournament):
    confirming = request.method == "POST" and "confirm" in request.POST
    form = ImportForm(None if confirming else request.POST or None, None if confirming else request.FILES or None)
    errors, proposals = [], []
    waiting = request.session.get(IMPORT_SESSION_KEY) or {}
    if confirming and waiting.get("tournament") != tournament.pk:
        form.add_error(None, _("Файл для подтверждения не найден: загрузите его ещё раз."))
    elif request.method == "POST" and (confirming or form.is_valid()):
        if confirming:
            data, filename = base64.b64decode(waiting["data"]), waiting["name"]
        else:
            upload = form.cleaned_data["file"]
            data, filename = upload.read(), upload.name
        persons = {key[7:]: value for key, value in request.POST.items() if key.startswith("person-")}
        try:
            pairs = services.import_pairs(request.user, tournament, data, filename, persons=persons)
        except RegistryMatches as err:
            proposals = err.proposals
            request.session[IMPORT_SESSION_KEY] = {"tournament": tournament.pk, "name": filename,
                                                   "data": base64.b64encode(data).decode("ascii")}
            form.add_error(None, err.message)
        except ImportRejected as err:
            errors = err.errors
            form.add_error(None if confirming else "file", err.message)
        except TournamentError as err:
            form.add_error(None if confirming else "file", err.message)
        else:
            request.session.pop(IMPORT_SESSION_KEY, None)
            messages.success(request, tournament.format_spec.registered_note(len(pairs)))
            return redirect("tournaments:manage", slug=tournament.slug)
    return render(request, "tournaments/import.html", {"tournament": tournament, "form": form, "errors": errors,
                                                       "proposals": proposals},
                  status=400 if request.method == "POST" else 200)


@login_required
@organizer_page
def import_template_view(request, tournament):
    return file_response(services.template_xlsx(individual=tournament.format_spec.single_player_entries,
                                                teams=tournament.has_team_standing),
                         tournament.format_spec.import_template_name, XLSX)


def _post_action(request, tournament, action, success=None, *, said=""):
    """The action, then its message: ``success`` (text, or a function of the action's result), or ``said``: the
    name of the format's own words for it (``formats.EventFormat``: «Пара снята…», «Игрок снят…»)."""
    try:
        result = action(tournament)
    except TournamentError as err:
        _error(request, err)
    else:
        if said:
            success = getattr(tournament.format_spec, said)
        messages.success(request, success(result) if callable(success) else success)
    return redirect("tournaments:manage", slug=tournament.slug)


@login_required
@post_only
@organizer_page
def draw_run_view(request, tournament):
    form = DrawForm(request.POST)
    if not form.is_valid():
        return _form_refused(request, tournament, form)
    seed = form.cleaned_data["seed"]
    if not confirmed(request):
        return confirm_page(request, tournament, title=_("Провести жеребьёвку?"),
                                        consequences=pairs_views.draw_consequences(tournament, seed.strip()),
                                        fields={"seed": seed}, button=_("Провести жеребьёвку"))
    return _post_action(request, tournament, lambda t: services.run_draw(request.user, t, seed=seed),
                        lambda t: _("Жеребьёвка проведена, зерно «%(s)s».") % {"s": t.draw_seed})


@login_required
@post_only
@organizer_page
def close_draw_view(request, tournament):
    return _post_action(request, tournament, lambda t: services.close_draw(request.user, t), _("Жеребьёвка закрыта."))


@login_required
@post_only
@organizer_page
def manual_number_view(request, tournament, pair_id):
    form = ManualNumberForm(request.POST)
    number = form.data.get("number") or None

    def action(t):
        return services.set_manual_number(request.user, get_object_or_404(t.pairs, pk=pair_id), number)

    return _post_action(request, tournament, action, said="number_saved")


@login_required
@post_only
@organizer_page
def withdraw_view(request, tournament, pair_id):
    form = WithdrawForm(request.POST)
    if not form.is_valid():
        return _form_refused(request, tournament, form)
    note = form.cleaned_data["note"]

    def action(t):
        return services.withdraw_pair(request.user, get_object_or_404(t.pairs, pk=pair_id), note=note)

    if not confirmed(request):
        pair = get_object_or_404(tournament.pairs, pk=pair_id)
        fmt = tournament.format_spec
        return confirm_page(
            request, tournament, title=fmt.withdraw_title, consequences=pairs_views.withdraw_consequences(pair),
            fields={"note": note}, button=fmt.withdraw_button, extra={"ask_note": True})

    return _post_action(request, tournament, action, said="withdrawn")


@login_required
@post_only
@organizer_page
def undo_withdrawal_view(request, tournament, pair_id):
    form = WithdrawForm(request.POST)
    if not form.is_valid():
        return _form_refused(request, tournament, form)
    note = form.cleaned_data["note"]
    if not confirmed(request):
        pair = get_object_or_404(tournament.pairs, pk=pair_id)
        fmt = tournament.format_spec
        return confirm_page(
            request, tournament, title=fmt.undo_title, consequences=pairs_views.undo_withdrawal_consequences(pair),
            fields={"note": note}, button=fmt.undo_button, extra={"ask_note": True})
    return _post_action(request, tournament, lambda t: services.undo_withdrawal(
        request.user, get_object_or_404(t.pairs, pk=pair_id), note=note), said="undone")


TABLE_TOKEN = re.compile(r"[0-9]{1,6}(:[0-9]{1,6})?", re.ASCII)  # a table, or "round:table" of an earlier round


@login_required
@post_only
@chief_referee_page
def pair_round_view(request, tournament):
    form = PairRoundForm(request.POST)
    if not form.is_valid():
        if not is_organizer(request.user, tournament):  # the refusal's message is shown on the organizer's page
            raise PermissionDenied
        return _form_refused(request, tournament, form)
    reason = form.cleaned_data["override_reason"]
    confirm = [int(t) if t.isdigit() else t for t in request.POST.getlist("confirm_tables") if TABLE_TOKEN.fullmatch(t)]
    try:
        rnd = services.pair_round(request.user, tournament, override_reason=reason, confirm_tables=confirm)
    except TournamentError as err:
        if err.code == "confirm_open_tables":
            return confirm_page(
                request, tournament, title=_("Составить тур, не дожидаясь подписей?"),
                consequences=[err.message, _("Причина: %(r)s") % {"r": " ".join(reason.split())}],
                fields={"override_reason": reason}, button=_("Составить тур досрочно"),
                extra={"confirm_tables": err.details["tables"], "confirm_tables_text": open_tables_text(
                    tournament.rounds.order_by("-number").values_list("number", flat=True).first() or 0,
                    err.details["tables"])},
            )
        _error(request, err)
        if not is_organizer(request.user, tournament):
            return redirect("tournaments:pair_early", slug=tournament.slug)
        return redirect("tournaments:manage", slug=tournament.slug)
    messages.success(request, _("Тур %(n)s составлен (черновик): проверьте и опубликуйте.") % {"n": rnd.number})
    if not is_organizer(request.user, tournament):  # the chief referee: the organizer publishes the draft
        return redirect("tournaments:pair_early", slug=tournament.slug)
    return redirect("tournaments:pairings", slug=tournament.slug, round_number=rnd.number)


ROUND_ACTIONS = {
    "publish": (services.publish_round, _("Тур опубликован.")),
    "finish": (services.finish_round, _("Тур завершён.")),
    "discard": (services.discard_round, _("Черновик тура удалён.")),
}


CONFIRMED_ROUND_ACTIONS = {
    "publish": (gettext_lazy("Опубликовать тур %(n)s?"), pairs_views.publish_consequences, gettext_lazy("Опубликовать")),
    "discard": (gettext_lazy("Удалить черновик тура %(n)s?"), pairs_views.discard_consequences, gettext_lazy("Удалить черновик")),
}


@login_required
@post_only
def round_action_view(request, slug, round_number, action):
    if action not in ROUND_ACTIONS:  # refused before the tournament is looked for
        raise PermissionDenied
    return _round_action(request, slug=slug, round_number=round_number, action=action)


@organizer_page
def _round_action(request, tournament, round_number, action):
    service, success = ROUND_ACTIONS[action]
    if action in CONFIRMED_ROUND_ACTIONS and not confirmed(request):
        rnd = get_object_or_404(tournament.rounds, number=round_number)
        title, consequences, button = CONFIRMED_ROUND_ACTIONS[action]
        return confirm_page(request, tournament, title=title % {"n": rnd.number},
                                        consequences=consequences(rnd), button=str(button),
                                        cancel=reverse("tournaments:pairings", args=[tournament.slug, rnd.number]))
    return _post_action(request, tournament,
                        lambda t: service(request.user, get_object_or_404(t.rounds, number=round_number)),
                        str(success))


@login_required
@post_only
@organizer_page
def swap_view(request, tournament, round_number):
    rnd = get_object_or_404(tournament.rounds, number=round_number)
    fmt = tournament.format_spec
    form = SwapForm(request.POST, individual=fmt.single_player_entries)
    if not form.is_valid():
        messages.error(request, fmt.swap_refused)
    else:
        try:
            warnings = services.swap_parties(request.user, rnd, form.cleaned_data["pair_x"],
                                             form.cleaned_data["pair_y"])
        except TournamentError as err:
            _error(request, err)
        else:
            messages.success(request, fmt.swapped)
            for w in warnings:
                messages.warning(request, w)
    return redirect("tournaments:pairings", slug=tournament.slug, round_number=round_number)


CHECK_TEXTS = {
    "prior": gettext_lazy("Замечания прошлых туров, учтённые в протоколе, расходятся с сохранёнными."),
    "cache": gettext_lazy("Сохранённый итог расходится с пересчётом по записям протокола."),
    "refused": gettext_lazy("Записи протокола не проходят проверку правил"),
    "fingerprint": gettext_lazy("Записи изменены после подписи: подписи (%(who)s) их не подтверждают."),
    "seal": gettext_lazy("Подписи (%(who)s) не заверены ключом турнира: запись подписи подделана, изменена "
                         "после подписи или пришла из файла без печатей."),
}


@login_required
@chief_referee_page
def check_view(request, tournament):
    """The chief referee's or organizer's check of every protocol (scoring.checks); a POST rewrites the
    drifted cached results (scoring.services.rescore_drifted)."""
    rounds = list(tournament.rounds.exclude(status=RoundStatus.DRAFT).order_by("number").values_list("number", flat=True))
    asked = request.GET.get("round", "")
    round_number = int(asked) if asked.isascii() and asked.isdigit() and len(asked) <= 4 else None
    if round_number not in rounds:
        round_number = None  # no round or an unknown one (other scripts' digits too): the whole tournament
    if request.method == "POST":
        fixed = rescore_drifted(request.user, tournament, round_number=round_number)
        messages.success(request, _("Пересчитано протоколов: %(n)s. Записи и подписи не менялись.") % {"n": fixed})
        url = reverse("tournaments:check", args=[tournament.slug])
        return redirect(f"{url}?round={round_number}" if round_number else url)
    report = check_tournament(tournament, round_number)
    rows = {}
    for finding in report.findings:
        partie = finding.protocol.partie
        row = rows.setdefault(partie.pk, {"partie": partie, "problems": [], "tampered": False})
        if tournament.format_spec.single_player_entries and "sides" not in row:  # a table of four: named by seat
            row["sides"] = individual_selectors.table_sides(partie)
        text = CHECK_TEXTS[finding.kind]
        if finding.kind in ("fingerprint", "seal"):
            row["tampered"] = True
            text = text % {"who": ", ".join(s.seat or str(_("судья")) for s in finding.signatures)}
        elif finding.kind == "refused":
            text = f"{text}: {finding.message}"
        row["problems"].append(str(text))
    return render(request, "tournaments/check.html", {
        "tournament": tournament, "report": report, "rows": list(rows.values()), "rounds": rounds,
        "round_number": round_number,
        "tampered": report.count("fingerprint", "seal"), "refused": report.count("refused"),
        "fixable": len({f.protocol.pk for f in report.findings if f.kind in ("prior", "cache")}),
    })
