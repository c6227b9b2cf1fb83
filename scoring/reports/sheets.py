"""What a score sheet prints, as plain data built from the database and the engine.

``blank_sheet(partie, …)`` — the sheet a referee takes to the table: seats,
lead and shuffle of every deal, empty boxes. ``signed_sheet(protocol, …)`` —
the recorded deals scored by the engine (``scoring.scores.score``), remarks
and sanctions, totals, signatures and the protocol's fingerprint.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from django.conf import settings
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from engine.rules import lead_and_shuffle
from engine.rules.hands import parse_hand
from scoring.integrity import as_signed, untrusted_signatures
from scoring.models import Card, RemarkReason, SignatureRole
from scoring.queries import side_prior_remarks
from tournaments.formats import PairsFormat
from tournaments.games import game_of
from tournaments.presets import preset_label

from .game_sheets import blank_games, games_sheet

CLOCKWISE = ("A1", "B1", "A2", "B2")
# Rows printed on a blank sheet of a partie played to a target (its length is not known).
TARGET_PARTIE_ROWS = 16
EXTRA_ROWS = 2  # for extra deals on a tie


@dataclass
class SheetDeal:
    n: int
    lead: str
    shuffle: str
    result: str = ""
    pips: dict = field(default_factory=dict)  # seat -> text
    points_a: int | None = None
    points_b: int | None = None
    running_a: int | None = None
    running_b: int | None = None
    sanctioned: bool = False
    # Which side's points a sanction changed (the asterisk goes on those cells).
    sanctioned_a: bool = False
    sanctioned_b: bool = False


@dataclass
class SheetRemark:
    deal: int
    seat: str
    name: str
    reason: str
    number: int  # the remark's step on the pair's ladder (its count over the tournament)
    effect: str
    pair: int | None = None  # the number of the pair that received it
    note: str = ""  # the referee's note on it, as typed


@dataclass
class SheetSignature:
    role: str
    seat: str
    name: str
    signed_at: str
    fingerprint: str
    method: str = ""  # how it was given («ПИН-код», «учётная запись» …), "" for older rows


@dataclass
class Sheet:
    tournament: str
    venue: str
    date: str
    round: int
    table: int | None
    pair_a: int | None
    pair_b: int | None
    seats: dict  # seat -> player name
    rules_text: str
    deals: list
    prior_remarks: tuple = (0, 0)
    prior_cards: tuple | None = None  # the partnership game: each pair's card before the partida, in words
    signed: bool = False
    remarks: list = field(default_factory=list)
    totals: tuple | None = None
    outcome: str = ""
    signatures: list = field(default_factory=list)
    fingerprint: str = ""
    url: str = ""
    attested: bool = False  # the referee attested the players' signatures on the paper sheet
    # Kozel, Morskoy and hand points: the deals by game, goats, rating (``game_sheets.GamesSheet``); None for sport.
    games: object = None
    corrections: list = field(default_factory=list)  # names corrected after signing (scoring.integrity.as_signed)
    # The fingerprint of the records now when a signature vouches for something else (changed behind the
    # services' back, scoring.integrity.fingerprint_mismatches); "" when every signature agrees.
    mismatch: str = ""
    pair_names: tuple = ("", "")  # the pairs' own names (A, B), printed beside their numbers; "" when none
    # An individual event (docs/rules-individual.md): seat -> the player's number in the event; {} for pairs.
    seat_numbers: dict = field(default_factory=dict)
    # The event's format (``tournaments.formats``): how the sheet names a side and its numbers.
    fmt: object = field(default_factory=PairsFormat)


def seats_of(partie) -> dict:
    """Seat -> player name (player number 1 sits in seat 1, docs/rules.md §2)."""
    seats = {}
    for side in "AB":
        players = partie.side_players(side)
        for i in (1, 2):
            seats[f"{side}{i}"] = players[i - 1].name if len(players) >= i else ""
    return seats


def seat_numbers_of(partie) -> dict:
    """Seat -> player number at an individual event's table (each seat holds an entrant of its own); {} for pairs."""
    if not partie.partner_a_id:
        return {}
    return {f"{side}{k}": entrant.number for side in "AB"
            for k, entrant in enumerate(partie.side_entrants(side), start=1)}


def side_numbers(sheet, side: str) -> str:
    """A side's number as a sheet prints it: the pair's «3», or an individual side's «3 + 7»."""
    if sheet.seat_numbers:
        return " + ".join(str(sheet.seat_numbers.get(f"{side}{k}") or "—") for k in (1, 2))
    number = sheet.pair_a if side == "A" else sheet.pair_b
    return str(number if number is not None else "—")


def rules_text(rules) -> str:
    return _("Регламент «%(preset)s», %(length)s") % {"preset": preset_label(rules.preset),
                                                     "length": game_of(rules).sheet_length()}


def protocol_url(partie_id: int, base_url: str = "") -> str:
    """Address of the public protocol page (QR codes); ``base_url`` defaults to settings.SITE_URL when set."""
    base = base_url or getattr(settings, "SITE_URL", "")
    return base.rstrip("/") + reverse("protocols:protocol", args=[partie_id])


def _header(partie, rules) -> dict:
    tournament = partie.round.tournament
    return dict(
        tournament=tournament.name, venue=tournament.venue, date=date_format(tournament.start_date, "SHORT_DATE_FORMAT"),
        round=partie.round.number, table=partie.table, pair_a=partie.pair_a.number,
        pair_b=partie.pair_b.number if partie.pair_b else None, seats=seats_of(partie), rules_text=rules_text(rules),
        pair_names=(partie.pair_a.name, partie.pair_b.name if partie.pair_b else ""),
        seat_numbers=seat_numbers_of(partie), fmt=tournament.format_spec,
    )


def prior_card_words(protocol) -> tuple[str, str]:
    """Each pair's card before the partida (the partnership game), in words."""
    return Card.text(protocol.prior_card_a), Card.text(protocol.prior_card_b)


def blank_sheet(partie, rules, *, prior=None, base_url: str = "", first_lead: str = "A1") -> Sheet:
    rows = rules.deals_per_partie if rules.partie_length == "deals" else TARGET_PARTIE_ROWS
    deals = [SheetDeal(n, *lead_and_shuffle(n, first_lead)) for n in range(1, rows + EXTRA_ROWS + 1)]
    prior = prior or {}
    return Sheet(
        **_header(partie, rules), deals=deals,
        prior_remarks=side_prior_remarks(prior, partie),
        prior_cards=("", "") if game_of(rules).scores_whole_protocol else None,
        url=protocol_url(partie.pk, base_url), games=blank_games(rules),
    )


def _pips(raw, rules, seat, n) -> str:
    if raw is None:
        return ""
    try:
        hand = parse_hand(raw, seat=seat, deal=n, lone_double_blank=rules.lone_double_blank)
    except Exception:
        return str(raw)
    if hand.tiles is not None:
        return f"{hand.value} ({' '.join(f'{a}-{b}' for a, b in hand.tiles)})" if len(hand.tiles) <= 2 else str(hand.value)
    return str(hand.value)


RESULT_TEXT = {"domino": gettext_noop("Домино"), "block": gettext_noop("Рыба"), "wrong_pass": gettext_noop("Ложный пас")}
EFFECT_TEXT = {
    "warning": gettext_noop("предупреждение"),
    "fine": gettext_noop("штраф %(points)s очков сопернику"),
    "rescored": gettext_noop("раздача считается рыбой, у пары %(points)s очков"),
    "deal_loss": gettext_noop("проигрыш раздачи 0 : %(points)s"),
    "disqualification": gettext_noop("снятие с турнира"),
}


def effect_text(kind: str, points: int = 0) -> str:
    template = EFFECT_TEXT.get(kind)
    if template is None:
        return kind
    text = _(template)
    return text % {"points": points} if "%(points)" in template else text


def _result_text(deal_row) -> str:
    text = _(RESULT_TEXT.get(deal_row.result, deal_row.result))
    if deal_row.result == "domino" and deal_row.out:
        return f"{text} {deal_row.out}"
    if deal_row.result == "wrong_pass" and deal_row.offender:
        return f"{text} {deal_row.offender}"
    return text


def signed_sheet(protocol, result, *, base_url: str = "") -> Sheet:
    """``result`` is the engine's ScoredProtocol of ``protocol`` (``scoring.scores.score``)."""
    partie = protocol.partie
    rules = result.rules
    stored = {d.n: d for d in protocol.deals.all()}
    header, seats = as_signed(protocol, _header(partie, rules))  # names, pairs, round, table as signed
    deals = []
    for d in result.deals:
        row = stored.get(d.n)
        deals.append(SheetDeal(
            d.n, d.lead, d.shuffle, _result_text(row) if row else d.result,
            {s: _pips((row.hands or {}).get(s), rules, s, d.n) for s in CLOCKWISE} if row else {},
            d.points_a, d.points_b, d.running_a, d.running_b, (d.points_a, d.points_b) != d.table_points,
            d.points_a != d.table_points[0], d.points_b != d.table_points[1],
        ))
    effects = {}
    for d in result.deals:
        for s in d.sanctions:
            effects.setdefault((d.n, s.seat, s.remark_number), effect_text(s.kind, s.points))
    reasons = dict(RemarkReason.choices)
    numbers = {"A": partie.pair_a.number, "B": partie.pair_b.number if partie.pair_b else None}
    by_seat = seat_numbers_of(partie)  # an individual event: a remark is the player's, a side is «3 + 7»
    if by_seat:
        numbers = {side: " + ".join(str(by_seat[f"{side}{k}"]) for k in (1, 2)) for side in "AB"}
    notes = remark_notes(protocol)
    remarks = [
        SheetRemark(r.deal, r.seat, seats.get(r.seat, ""), str(reasons.get(r.reason, r.reason)), r.number,
                    effects.get((r.deal, r.seat, r.number), effect_text(r.effect)),
                    by_seat.get(r.seat, numbers.get(r.seat[0])),
                    _take(notes, (r.deal, r.seat, r.reason)))
        for r in result.remarks
    ]
    signatures = [
        SheetSignature(
            str(SignatureRole(s.role).label) if s.role in SignatureRole.values else s.role, s.seat, s.name,
            date_format(timezone.localtime(s.signed_at), "SHORT_DATETIME_FORMAT"), s.fingerprint, method_text(s.method),
        )
        for s in protocol.signatures.all()
    ]
    fingerprint = signatures[-1].fingerprint if signatures else ""
    current, mismatched = untrusted_signatures(protocol)
    return Sheet(
        **header, deals=deals, prior_remarks=(protocol.prior_remarks_a, protocol.prior_remarks_b),
        prior_cards=prior_card_words(protocol) if game_of(rules).scores_whole_protocol else None,
        signed=True, remarks=remarks, totals=(result.totals_a, result.totals_b), outcome=outcome_text(partie, result),
        signatures=signatures, fingerprint=fingerprint, url=protocol_url(partie.pk, base_url),
        attested=any(s.method == "referee_attests" for s in protocol.signatures.all()),
        games=games_sheet(result, stored, numbers, header["fmt"]), mismatch=current if mismatched else "",
    )


METHOD_TEXT = {
    "account": gettext_noop("учётная запись"),
    "referee_attests": gettext_noop("заверил судья"),
    "table_pin": gettext_noop("ПИН-код"),
    "own_phone": gettext_noop("ПИН-код, свой телефон"),
}


def method_text(method: str) -> str:
    """How a signature was given, in two or three words (tournaments.models.SigningMethod)."""
    text = METHOD_TEXT.get(method or "")
    return _(text) if text else (method or "")


def remark_notes(protocol) -> dict:
    """(deal, seat, reason) -> the referee's notes of the stored remarks, in the order they were given."""
    notes: dict = {}
    for r in protocol.remarks.all():
        notes.setdefault((r.deal, r.seat, r.reason), []).append(r.note or "")
    return notes


def _take(notes: dict, key) -> str:
    waiting = notes.get(key)
    return waiting.pop(0) if waiting else ""


def outcome_text(partie, result) -> str:
    """The partie's outcome as the event's format says it (an individual side is «3 + 7», its no-show names the
    players who did not come)."""
    fmt = partie.round.tournament.format_spec
    numbers = {side: fmt.side_numbers(partie, side) or None for side in "AB"}
    said = fmt.outcome(result, numbers, absent=fmt.absent_names(partie, getattr(partie, "protocol", None)))
    if said:
        return said
    if result.finished:
        return _("Ничья")
    if result.extra_deal_needed:
        return _("Равный счёт: нужна дополнительная раздача")
    return _("Партия не окончена")
