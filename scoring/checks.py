"""Does every protocol add up? The engine against the cached result, every signature against the records.

Used by ``verify_scores`` (every tournament, or one) and by the organizer's check page
(``tournaments:check``). A protocol can fail in four ways:

* ``prior`` — the remarks of earlier rounds it counts differ from the remarks stored;
* ``cache`` — the engine's score of its rows differs from the cached result (points, deals won,
  winner, the Kozel family's games, goats and rating);
* ``refused`` — the engine refuses its stored rows;
* ``fingerprint`` — a signature vouches for other content: the rows were changed behind the
  services' back (``scoring.integrity``). Nothing here repairs that: the chief referee reopens the
  protocol and the table signs it again;
* ``seal`` — a signature carries no seal of the tournament's key, or one that does not verify
  (``scoring.seals``): the row was forged or its fingerprint recomputed after a change, or it came from a
  file without seals. Repaired the same way as a fingerprint.

The first three are repaired by ``verify_scores --fix`` (a rescore); the check itself only reads.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from engine.rules import ProtocolError

from .integrity import fingerprint_mismatches
from .models import Protocol
from .queries import prior_remarks, protocols_for_sheets, side_prior_remarks
from .scores import cache_fields, result_cache, score
from .seals import trusted_certificates, unsealed

KINDS = ("prior", "cache", "refused", "fingerprint", "seal")


@dataclass
class Finding:
    protocol: Protocol
    kind: str  # one of KINDS
    detail: str  # technical, for the command's output
    signatures: list = field(default_factory=list)  # "fingerprint": the signatures that vouch for other content
    message: str = ""  # "refused": the engine's message (for a person)


@dataclass
class Report:
    checked: int = 0
    signed: int = 0
    findings: list = field(default_factory=list)

    def count(self, *kinds) -> int:
        return sum(1 for f in self.findings if f.kind in kinds)


def cached(protocol) -> tuple:
    """The protocol's cache as stored, the fields of its game (``scores.cache_fields``)."""
    return tuple(getattr(protocol, name) for name in cache_fields(protocol))


def computed(protocol, result) -> tuple:
    """The same fields as the engine's ``result`` gives them (``scores.result_cache``, what ``rescore`` writes)."""
    fresh = result_cache(protocol, result)
    return tuple(fresh[name] for name in cache_fields(protocol))


def check_protocol(protocol, prior: tuple[int, int], trusted: dict | None = None) -> list[Finding]:
    """The findings of one protocol; ``prior`` are both pairs' remarks of the earlier rounds as stored;
    ``trusted``: the tournament's certificates by id (``seals.trusted_certificates``), read once per tournament."""
    findings = []
    stored_prior = (protocol.prior_remarks_a, protocol.prior_remarks_b)
    try:
        if tuple(prior) != stored_prior:
            findings.append(Finding(protocol, "prior", f"prior remarks {tuple(prior)} != cached {stored_prior}"))
        else:
            result = score(protocol)
            if computed(protocol, result) != cached(protocol):
                findings.append(Finding(protocol, "cache",
                                        f"engine {computed(protocol, result)} != cached {cached(protocol)}"))
    except ProtocolError as exc:
        findings.append(Finding(protocol, "refused", f"stored rows are refused by the engine: {exc.message}",
                                message=exc.message))
    current, mismatched = fingerprint_mismatches(protocol)
    if mismatched:
        who = ", ".join(f"{s.role} {s.seat}".strip() for s in mismatched)
        findings.append(Finding(protocol, "fingerprint",
                                f"fingerprint mismatch: content {current[:16]}, signed {mismatched[0].fingerprint[:16]} "
                                f"({len(mismatched)} signature(s): {who})", signatures=mismatched))
    if trusted is None:
        trusted = trusted_certificates(protocol.partie.round.tournament)
    forged = unsealed(protocol.signatures.all(), trusted)
    if forged:
        who = ", ".join(f"{s.role} {s.seat}".strip() for s in forged)
        findings.append(Finding(protocol, "seal", f"no valid seal of the tournament's key ({len(forged)} "
                                                  f"signature(s): {who})", signatures=forged))
    return findings


def check_tournament(tournament, round_number: int | None = None) -> Report:
    """Every protocol of ``tournament`` (or of one round), in round and table order.

    Queries per round, not per protocol: 1,750 protocols (500 pairs, 7 rounds) take about 2 s and 28 queries.
    """
    protocols = Protocol.objects.filter(partie__round__tournament=tournament)
    if round_number is not None:
        protocols = protocols.filter(partie__round__number=round_number)
    protocols = protocols_for_sheets(protocols)
    report = Report()
    trusted = trusted_certificates(tournament)
    priors: dict[int, dict] = {}
    for protocol in protocols.iterator(chunk_size=500):
        partie = protocol.partie
        number = partie.round.number
        if number not in priors:
            priors[number] = prior_remarks(tournament.pk, number)
        prior = priors[number]
        report.checked += 1
        report.signed += protocol.is_locked
        report.findings += check_protocol(protocol, side_prior_remarks(prior, partie), trusted)
    return report
