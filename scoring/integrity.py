"""What a signature vouches for, and does every signature still vouch for the protocol as it is stored?

A signature keeps the SHA-256 fingerprint of the protocol's signed content at
the moment of signing. The signed content is the protocol's §9 JSON
(``scoring.protocol_json.protocol_to_json``: rules, deals, remarks, no-show…)
with its header taken from the protocol's ``signed_header`` instead of the
live rows: the tournament's slug and name, the round, the table, the pairs'
numbers and their players' names as the signers saw them. The header is
frozen at the first signature (``freeze_header``) and again at the first
signature after the protocol was reopened or its signatures discarded.

So correcting a player's name, substituting a player or importing the
tournament under another slug after signing changes no fingerprint: the
signed sheet and the public page keep showing the names that were signed
(with a note where the live name now differs). A change of the content
itself (a deal row, a remark, the frozen header) behind the services' back
still differs from what the signatures vouch for: ``verify_scores`` and the
public protocol page report it.

The pairs' remarks of the earlier rounds (the ladder counts on from them) are
frozen in the header too (migration ``scoring 0008`` added them to the headers
of before). A remark of an earlier round withdrawn or given after this protocol
was signed changes that count through the services (``scores.rescore`` of the
later rounds): the signatures still vouch for the frozen count, the protocol is
scored with the count now, and the sheet and the public page note the change
(``prior_corrections``). It is no tampering.

A protocol signed before headers were kept got its header from the rows of
the day in migration ``scoring 0005``: exactly the values its fingerprint
covered, so those fingerprints still match. Such a header has no
``tournament_name`` (the old fingerprint did not cover it).
"""
from __future__ import annotations

import hashlib

from django.utils.translation import gettext as _

from .protocol_json import protocol_to_json
from .seals import canonical_json, trusted_certificates, unsealed

SIDES = ("A", "B")
CLOCKWISE = ("A1", "B1", "A2", "B2")
HEADER_KEYS = {"tournament", "tournament_name", "round", "table", "pairs"}
REQUIRED_KEYS = {"tournament", "round", "table", "pairs"}
PAIR_KEYS = {"number", "players"}  # and "prior_remarks" (frozen since scoring 0008)
MAX_TEXT = 200       # the longest tournament or player name the models keep
MAX_PLAYERS = 10     # more players than a pair ever has: a damaged header


# --- the signed content and its fingerprint -------------------------------------------

def header_from_json(data: dict, tournament_name: str | None = None) -> dict:
    """The header part of a §9 protocol dict (with the tournament's name when given)."""
    header = {"tournament": data["tournament"], "round": data["round"], "table": data["table"],
              "pairs": {side: {"number": data["pairs"][side]["number"], "players": list(data["pairs"][side]["players"]),
                               **({"prior_remarks": data["pairs"][side]["prior_remarks"]}
                                  if "prior_remarks" in data["pairs"][side] else {})}
                        for side in SIDES}}
    if tournament_name is not None:
        header["tournament_name"] = tournament_name
    return header


def header_of(protocol) -> dict:
    """What the signers see now, from the live rows: slug, name, round, table, pairs and players."""
    return header_from_json(protocol_to_json(protocol), protocol.partie.round.tournament.name)


def freeze_header(protocol) -> None:
    """Keep the live header as the one the signatures vouch for (the caller saves the row)."""
    protocol.signed_header = header_of(protocol)


def header_problem(header) -> str:
    """Why ``header`` is not a header this system writes ("" when it is one); for files and damaged rows."""
    if not isinstance(header, dict):
        return _("шапка подписанного протокола — не словарь")
    unknown = set(header) - HEADER_KEYS
    if unknown:
        return _("в шапке подписанного протокола неизвестные поля: %(f)s") % {"f": ", ".join(sorted(unknown))[:100]}
    missing = REQUIRED_KEYS - set(header)
    if missing:
        return _("в шапке подписанного протокола нет полей: %(f)s") % {"f": ", ".join(sorted(missing))}
    if not _is_text(header["tournament"]) or ("tournament_name" in header and not _is_text(header["tournament_name"])):
        return _("турнир в шапке подписанного протокола — не текст до %(n)s знаков") % {"n": MAX_TEXT}
    if not _is_count(header["round"]) or not (header["table"] is None or _is_count(header["table"])):
        return _("тур и стол в шапке подписанного протокола — не целые числа")
    pairs = header["pairs"]
    if not isinstance(pairs, dict) or set(pairs) != set(SIDES):
        return _("пары в шапке подписанного протокола — не пары A и B")
    for side in SIDES:
        pair = pairs[side]
        if not isinstance(pair, dict) or set(pair) - {"prior_remarks"} != PAIR_KEYS:
            return _("пара %(side)s в шапке подписанного протокола — без номера и игроков") % {"side": side}
        if "prior_remarks" in pair and not _is_count(pair["prior_remarks"]):
            return _("замечания пары %(side)s до партии в шапке подписанного протокола — не целое число") % {
                "side": side}
        if not (pair["number"] is None or _is_count(pair["number"])):
            return _("номер пары %(side)s в шапке подписанного протокола — не целое число") % {"side": side}
        players = pair["players"]
        if not isinstance(players, list) or len(players) > MAX_PLAYERS or not all(_is_text(p) for p in players):
            return _("игроки пары %(side)s в шапке подписанного протокола — не список имён до %(n)s знаков") % {
                "side": side, "n": MAX_TEXT}
    return ""


def _is_text(value) -> bool:
    return isinstance(value, str) and len(value) <= MAX_TEXT


def _is_count(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10 ** 9


def signed_content(protocol) -> dict:
    """The §9 dict of the protocol with its frozen header (the live one before the first signature)."""
    data = protocol_to_json(protocol)
    header = protocol.signed_header
    if header is None:
        return data
    if header_problem(header):  # a damaged header vouches for nothing: its signatures no longer match
        return {**data, "signed_header": header}
    pairs = {side: {**data["pairs"][side], **header["pairs"][side]} for side in SIDES}
    return {**data, **header, "pairs": pairs}


def protocol_fingerprint(protocol) -> str:
    """SHA-256 of the canonical JSON of the signed content (what a signature vouches for)."""
    return hashlib.sha256(canonical_json(signed_content(protocol)).encode("utf-8")).hexdigest()


def untrusted_signatures(protocol) -> tuple[str, list]:
    """``fingerprint_mismatches`` plus the signatures whose tournament seal is missing or does not verify
    (``scoring.seals``: a forged row, or a fingerprint recomputed after a change): what the sheet and the
    public page warn about."""
    current, mismatched = fingerprint_mismatches(protocol)
    signatures = list(protocol.signatures.all())
    if not signatures:
        return current, mismatched
    forged = unsealed(signatures, trusted_certificates(protocol.partie.round.tournament))
    return current, mismatched + [s for s in forged if s not in mismatched]


def fingerprint_mismatches(protocol) -> tuple[str, list]:
    """The content's fingerprint now and the signatures that vouch for something else (empty when all agree)."""
    signatures = list(protocol.signatures.all())
    if not signatures:
        return "", []
    current = protocol_fingerprint(protocol)
    return current, [s for s in signatures if s.fingerprint != current]


# --- what a signed protocol shows --------------------------------------------------------

def signed_header(protocol) -> dict | None:
    """The frozen header when the protocol carries one that can be shown (None before signing)."""
    header = getattr(protocol, "signed_header", None)
    if header is None or header_problem(header):
        return None
    return header


def signed_seat_names(protocol) -> dict | None:
    """Seat -> the player's name as signed (player 1 sits in seat 1); None when nothing is frozen."""
    header = signed_header(protocol)
    if header is None:
        return None
    names = {}
    for side in SIDES:
        players = header["pairs"][side]["players"]
        for i in (1, 2):
            names[f"{side}{i}"] = players[i - 1] if len(players) >= i else ""
    return names


def corrected_after_signing(frozen: str, live: str) -> str:
    """The note shown beside a signed name that was corrected since ("" when it was not)."""
    if not live or live == frozen or live == "—":
        return ""
    return _("после подписи исправлено: %(name)s") % {"name": live}


def prior_corrections(protocol) -> list[str]:
    """Notes for pairs whose remarks of the earlier rounds changed after signing ("" for none)."""
    header = signed_header(protocol)
    if header is None:
        return []
    notes = []
    for side, now in (("A", protocol.prior_remarks_a), ("B", protocol.prior_remarks_b)):
        signed = header["pairs"][side].get("prior_remarks")
        if signed is not None and signed != now:
            notes.append(_("Пара %(side)s: замечаний до партии при подписи — %(signed)s, сейчас — %(now)s "
                           "(в другом туре замечание снято или дано); очки посчитаны по нынешнему числу")
                         % {"side": side, "signed": signed, "now": now})
    return notes


def as_signed(protocol, header: dict) -> tuple[dict, dict]:
    """A score sheet's header (``scoring.reports.sheets``) as signed, and seat -> name as signed.

    ``header`` holds the live ``tournament`` name, ``round``, ``table``, ``pair_a``, ``pair_b`` and
    ``seats``; a protocol with a frozen header gets its values instead, and a name corrected since
    the signature is printed as signed, with a note under the seats naming the name now
    (``corrections``: "A1: после подписи исправлено: …").
    """
    live = header["seats"]
    frozen = signed_header(protocol)
    if frozen is None:
        return header, live
    names = signed_seat_names(protocol)
    notes = ((seat, corrected_after_signing(names[seat], live.get(seat, ""))) for seat in CLOCKWISE)
    corrections = [f"{seat}: {note}" for seat, note in notes if note] + prior_corrections(protocol)
    return {**header, "seats": names, "corrections": corrections,
            "round": frozen["round"], "table": frozen["table"],
            "pair_a": frozen["pairs"]["A"]["number"], "pair_b": frozen["pairs"]["B"]["number"],
            "tournament": frozen.get("tournament_name", header["tournament"])}, names


def seats_as_signed(protocol, seats: list[dict]) -> tuple[list[dict], list[str]]:
    """The public page's seats (``referees.selectors.seat_list``) with the names as signed, and the notes.

    Each note names a seat and the name it has now ("A1: после подписи исправлено: …").
    """
    names = signed_seat_names(protocol)
    if names is None:
        return seats, []
    notes = [(s["seat"], corrected_after_signing(names.get(s["seat"], s["name"]), s["name"])) for s in seats]
    return ([{**s, "name": names.get(s["seat"], s["name"])} for s in seats],
            [f"{seat}: {note}" for seat, note in notes if note] + prior_corrections(protocol))
