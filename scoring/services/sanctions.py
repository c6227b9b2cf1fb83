"""The partnership game's sanctions (RULES-LATIN.md §10, docs/rules-latin.md): given at the table, taken back.

``give_sanction`` writes a player's deduction (``sanction_small`` or ``sanction_large`` points) or a card in a
hand of the partida, in the shape of every protocol service: the table's referee, the round published, the
protocol locked and its version checked, the engine scoring the protocol *with* the sanction before anything
is written (one sanction per player per partida, a hand of the partida, the rules' two values — the engine's
refusals, §11.2), then the row, the rescore and the audit entry. What the sanction does is the engine's
(``engine.rules.latin.cards``): the card it gives after the pair's earlier cards (yellow → red → black), a red
or black card given directly ending the partida (§10.3).

Grave sanctions are confirmed first (``ConfirmationRequired``, as the sport game's disqualifying remark): the
large deduction, every card, and above all a card that ends the partida or withdraws the pair. A pair whose
card becomes black is withdrawn from the tournament after this round (``Entrant.status``, audited); the
sanction taken back (``withdraw_sanction``, with a written reason) puts it back.
"""
from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from audit.log import log_action
from tournaments.models import EntrantStatus

from ..errors import ConfirmationRequired, InvalidInput
from ..models import Sanction
from ..protocol_state import engine_score, protocol_json
from .rows import SEATS, open_protocol, partie_for_entry, save_protocol, totals


def _card_word(card: str) -> str:
    return {"yellow": _("жёлтая карточка"), "red": _("красная карточка"), "black": _("чёрная карточка")}[card]


def effect_text(entry) -> str:
    """What a processed sanction (``engine.rules.latin.cards.Sanction``) does, in words."""
    parts = []
    if entry.points:
        parts.append(_("вычет %(points)s очков в итоге партии") % {"points": entry.points})
    if entry.given != "none":
        parts.append(_card_word(entry.given))
    if entry.grave:
        parts.append(_("партия окончена в этой раздаче"))
    if entry.given == "black":
        parts.append(_("пара снимается с турнира"))
    return "; ".join(parts)


def _entry_of(scored, seat):
    return next(s for s in scored.sanctions if s.player == seat)


def _needs_confirmation(entry, small: int) -> bool:
    return entry.points != small or entry.grave or entry.given != "none"


def give_sanction(user, partie, *, hand, seat, points=None, card="", note="", confirm=False, expected_version):
    """A deduction (``points``) or a ``card`` to the player at ``seat`` in ``hand``; returns the protocol."""
    partie = partie_for_entry(user, partie)
    game = partie.round.tournament.game
    if not game.scores_whole_protocol:
        raise InvalidInput(_("Санкции с вычетом очков и карточки есть только в домино по парам; в этой игре "
                             "дайте замечание."), "no_sanctions")
    if seat not in SEATS:
        raise InvalidInput(_("Выберите игрока."), "seat", field="seat")
    entry = {"player": seat, "hand": _whole(hand, "hand", seat)}
    if card:
        entry["card"] = card
    else:
        entry["points"] = _whole(points, "points", seat)
    with transaction.atomic():
        protocol = open_protocol(partie, expected_version)
        was_black = black_sides(protocol)
        if protocol.no_show:
            raise InvalidInput(_("Партия завершена неявкой: санкции в ней не даются."), "no_show", seat=seat)
        recorded = protocol.deals.count()
        if entry["hand"] > recorded + 1:
            raise InvalidInput(_("Санкцию можно дать в раздаче от 1 до %(max)s.") % {"max": recorded + 1},
                               "hand_number", deal=entry["hand"], seat=seat, field="hand")
        data = protocol_json(protocol)
        data = {**data, "sanctions": list(data["sanctions"]) + [entry]}
        scored = engine_score(data)
        given = _entry_of(scored, seat)
        what = effect_text(given)
        if _needs_confirmation(given, game.rules.latin.sanction_small) and not confirm:
            raise ConfirmationRequired(_("Санкция игроку %(seat)s: %(effect)s. Подтвердите.") % {
                "seat": seat, "effect": what}, effect=what)
        row = Sanction.objects.create(protocol=protocol, hand=entry["hand"], seat=seat, points=entry.get("points"),
                                      card=entry.get("card", ""), note=(note or "")[:300], given_by=user)
        save_protocol(protocol, user)
        tournament = partie.round.tournament
        log_action(tournament, "protocol.sanction.given", user=user, partie=partie, before=None,
                   after={"sanction": row.to_json(), "given": given.given, "grave": given.grave,
                          "totals": totals(protocol), "version": protocol.version}, note=what)
        apply_black_cards(user, partie, protocol, was_black, note or what)
    return protocol


def withdraw_sanction(user, partie, sanction_id, reason, *, expected_version):
    """Take back a sanction given by mistake (before signing), with a written reason; the audit keeps it."""
    partie = partie_for_entry(user, partie)
    reason = (reason or "").strip()
    if not reason:
        raise InvalidInput(_("Укажите, почему санкция снимается."), "reason_required", field="reason")
    with transaction.atomic():
        protocol = open_protocol(partie, expected_version)
        row = protocol.sanctions.filter(pk=sanction_id).first()
        if row is None:
            raise InvalidInput(_("Такой санкции в протоколе нет."), "no_such_sanction")
        was_black = black_sides(protocol)
        before = {"sanction": row.to_json(), "totals": totals(protocol), "version": protocol.version}
        data = protocol_json(protocol)
        data["sanctions"] = [s.to_json() for s in protocol.sanctions.all() if s.pk != row.pk]
        engine_score(data)
        row.delete()
        save_protocol(protocol, user)
        log_action(partie.round.tournament, "protocol.sanction.withdrawn", user=user, partie=partie, before=before,
                   after={"totals": totals(protocol), "version": protocol.version}, note=reason)
        apply_black_cards(user, partie, protocol, was_black, reason)
    return protocol


def black_sides(protocol) -> set:
    """The sides of the table whose card after the partida is black (as cached)."""
    return {side for side in ("A", "B") if getattr(protocol, f"card_{side.lower()}") == "black"}


def apply_black_cards(user, partie, protocol, was_black: set, note: str) -> None:
    """Each pair of the table (an individual event: each player of the side) as its card after this partida says
    (RULES-LATIN.md §10.2): withdrawn after this round when its card became black; back in play when the black
    card of this partida that withdrew it is gone (``was_black``: the sides black before the change). Both
    audited."""
    now_black = black_sides(protocol)
    for side in ("A", "B"):
        black = side in now_black
        for pair in partie.side_entrants(side):
            by_card = (side in was_black and pair.status == EntrantStatus.WITHDRAWN
                       and pair.withdrawn_after_round == partie.round.number)
            if black and pair.status == EntrantStatus.ACTIVE:
                pair.status, pair.withdrawn_after_round = EntrantStatus.WITHDRAWN, partie.round.number
                pair.save(update_fields=["status", "withdrawn_after_round"])
                log_action(partie.round.tournament, "pair.black_card", user=user, partie=partie,
                           before={"status": EntrantStatus.ACTIVE},
                           after={"status": pair.status, "pair": pair.number, "card": "black"}, note=note)
            elif not black and by_card:
                pair.status, pair.withdrawn_after_round = EntrantStatus.ACTIVE, None
                pair.save(update_fields=["status", "withdrawn_after_round"])
                log_action(partie.round.tournament, "pair.reinstated", user=user, partie=partie,
                           before={"status": EntrantStatus.WITHDRAWN},
                           after={"status": pair.status, "pair": pair.number}, note=note)


def _whole(value, field: str, seat: str) -> int:
    try:
        number = int(value)
    except (TypeError, ValueError):
        number = None
    if number is None or number < 1 or isinstance(value, bool):
        message = _("Укажите раздачу.") if field == "hand" else _("Укажите вычет очков или карточку.")
        raise InvalidInput(message, f"bad_{field}", field=field, seat=seat)
    return number


def set_counters(user, partie, *, counters: dict, expected_version):
    """The acta's counters (RULES-LATIN.md §7): each pair's *chancleta* and *zapato* as the referee counts them
    (``{"A": {"chancleta": 0, "zapato": 1}, "B": {…}}``), copied to the standings, scoring nothing; checked by the
    engine's reader (whole counts ≥ 0), audited with what they were."""
    partie = partie_for_entry(user, partie)
    if not partie.round.tournament.game.scores_whole_protocol:
        raise InvalidInput(_("Счётчики акта есть только в домино по парам."), "no_counters")
    with transaction.atomic():
        protocol = open_protocol(partie, expected_version)
        before = protocol.indicators
        data = protocol_json(protocol)
        data["indicators"] = counters
        engine_score(data)
        protocol.indicators = {side: dict(values) for side, values in counters.items() if any(values.values())} or None
        save_protocol(protocol, user)
        log_action(partie.round.tournament, "protocol.counters.set", user=user, partie=partie,
                   before={"indicators": before}, after={"indicators": protocol.indicators,
                                                         "version": protocol.version})
    return protocol
