"""The table page as drawn: the protocol as stored, fresh forms, and after a refused stale form what was sent.

After a version conflict the page shows the protocol as it is stored now and
fresh forms (the next deal's form empty, every hidden version current), never
the stale form again: sent once more, it would be refused forever, or, relabelled
as the next deal, recorded as a deal nobody played. What the person sent is
shown beside, marked «не сохранено», to compare with what is stored.
"""
from __future__ import annotations

from django.shortcuts import render
from django.utils.translation import gettext as _

from scoring.forms import FirstLeadForm, RemarkForm, ReopenForm
from scoring.game_forms import deal_form_class, make_deal_form
from scoring.latin_form import CountersForm, SanctionForm
from scoring.models import RemarkReason

from . import game_entry, selectors, signing
from .deal_answer import page_shape

TRUE = (True, "True", "on", "1")


def unsaved_deal(form, names) -> dict:
    """The deal a refused form held, as the deal list words it."""
    c = form.cleaned_data
    label = (_("Исправление раздачи %(n)s") if c.get("correct") else _("Раздача %(n)s")) % {"n": c["n"]}
    return {"where": "entry", "lines": [f"{label}: {selectors.describe_deal(form.deal(), names)}"]}


def unsaved_remark(form, names) -> dict:
    c = form.cleaned_data
    line = _("Замечание в раздаче %(deal)s: %(seat)s %(name)s — %(reason)s") % {
        "deal": c["deal"], "seat": c["seat"], "name": names.get(c["seat"], ""),
        "reason": RemarkReason(c["reason"]).label}
    if c.get("note"):
        line += f" ({c['note']})"
    return {"where": "remarks", "lines": [line]}


def unsaved_reason(post) -> dict | None:
    """A reason typed into a refused form (withdrawing a remark, undoing a mark, reopening, clearing)."""
    reason = (post.get("reason") or "").strip()[:300]
    return {"where": "top", "lines": [_("Причина: %(reason)s") % {"reason": reason}]} if reason else None


def render_entry(request, partie, *, status=200, deal_form=None, remark_form=None, errors=None, conflict=None,
                 confirm_remark=None, reopen_form=None, confirm=None, unsaved=None, sanction_form=None):
    ctx = selectors.entry_context(partie, request.user)
    protocol, upcoming = ctx["protocol"], ctx["upcoming"]
    if ctx["can_enter"] and deal_form is None:
        correct = "" if conflict else request.GET.get("correct", "")
        row = next((d for d in protocol.deals.all() if str(d.n) == correct), None)
        form_class = deal_form_class(ctx["rules"])
        if row is not None:
            deal_form = make_deal_form(ctx["rules"], initial=form_class.initial_for(
                row.to_json(), version=protocol.version, correct=True))
        elif upcoming:
            deal_form = make_deal_form(ctx["rules"], initial=game_entry.entry_of(ctx["game_spec"]).form_initial(
                ctx["rules"], upcoming, protocol.version))
    played = ctx["can_enter"] and not protocol.no_show  # no remark nor sanction in a partie that was not played
    remarks_open = played and ctx["game_spec"].has_remarks
    sanctions_open = played and not ctx["game_spec"].has_remarks
    if (sanctions_open and sanction_form is None) or (remarks_open and remark_form is None):
        default_deal = upcoming["n"] if upcoming else protocol.deals.count() or 1  # the forms' first deal
    if sanctions_open and sanction_form is None:
        sanction_form = SanctionForm(rules=ctx["rules"], initial={"hand": default_deal, "version": protocol.version})
    if remarks_open and remark_form is None:
        remark_form = RemarkForm(initial={"deal": default_deal, "version": protocol.version})
    if unsaved and ((unsaved["where"] == "entry" and deal_form is None)
                    or (unsaved["where"] == "remarks" and not remarks_open)):
        unsaved = {**unsaved, "where": "top"}
    ctx.update({
        "deal_form": deal_form, "remark_form": remark_form if remarks_open else None, "remarks_open": remarks_open,
        "sanction_form": sanction_form if sanctions_open else None, "sanctions_open": sanctions_open,
        "counters_form": CountersForm(initial=CountersForm.initial_for(protocol.indicators, protocol.version))
        if sanctions_open else None,
        "errors": errors or {}, "conflict": conflict, "unsaved": unsaved,
        "confirm_remark": confirm_remark, "reopen_form": reopen_form or ReopenForm(),
        "correcting": bool(deal_form is not None and deal_form["correct"].value() in TRUE),
        "first_lead_form": FirstLeadForm(initial={"first_lead": protocol.first_lead, "version": protocol.version}),
        "confirm": confirm,
        "table_caption": partie.round.tournament.format_spec.table_caption(partie),  # a team event: its match
    })
    ctx.update(signing.signing_context(request, partie, ctx, deal_form))
    # What the page shows besides the fragments a quick deal answer brings (referees.deal_answer); a page
    # that also shows a refusal, a question or a correction never matches a fresh one.
    ctx["shape"] = page_shape(ctx, odd=bool(conflict or confirm or confirm_remark or unsaved or errors or status != 200
                                             or ctx["correcting"]))
    if deal_form is not None and "hand_A1" in deal_form.fields:
        ctx["hand_rows"] = [{"seat": s, "name": ctx["names"][s], "field": deal_form[f"hand_{s}"],
                             "tiles": deal_form[f"tiles_{s}"]} for s in selectors.CLOCKWISE]
    return render(request, "referees/partie.html", ctx, status=status)
