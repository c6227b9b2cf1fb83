"""An imported file's signed protocols, for ``transfer``: their frozen headers, and their signatures against the
file's certificates (scoring.seals)."""
from __future__ import annotations

from django.utils.translation import gettext as _

from scoring.integrity import header_from_json, header_problem
from scoring.models import Protocol, Signature
from scoring.protocol_json import protocol_to_json
from scoring.seals import certificate_id, certificates, message_of, seal_valid, trusted_certificates


def check_seals(tournament, error) -> tuple[str, int]:
    """Every sealed signature of the file must verify against the file's certificates (scoring.seals): a deal
    changed with its fingerprint recomputed, or a forged signature row, is refused. Signatures without a seal
    (a file written before seals) are counted; the protocol check reports them. Returns (certificate id, count)."""
    trusted = trusted_certificates(tournament)
    bad, unsealed = [], 0
    for sig in Signature.objects.filter(protocol__partie__round__tournament=tournament).select_related(
            "protocol__partie__round").order_by("pk"):
        if not sig.seal:
            unsealed += 1
        elif not seal_valid(sig.seal, message_of(sig), trusted):
            bad.append(sig)
    if bad:
        where = ", ".join(sorted({_("тур %(r)s, стол %(t)s") % {"r": s.protocol.partie.round.number,
                                                                "t": s.protocol.partie.table} for s in bad}))
        raise error(_("Подписи протоколов не заверены сертификатом турнира из файла (%(where)s): записи "
                              "подписей подделаны или протокол изменён после подписи. Файл не загружен.")
                            % {"where": where[:500]})
    [cert] = certificates(tournament.signing_cert_pem)[:1] or [None]
    return (certificate_id(cert) if cert is not None else ""), unsealed


def check_signed_headers(reader, rows) -> None:
    """A protocol's frozen header (what its signers saw) must be one this system writes."""
    for row in rows:
        header = row.get("signed_header")
        problem = header_problem(header) if header is not None else ""
        if problem:
            reader.fail("protocols", row, problem)


def freeze_legacy_headers(reader, data, head) -> None:
    """Signed protocols of a file written before headers were kept get the header their fingerprints covered.

    As the migration did in the source installation: the source's slug and the file's round, table,
    pairs and players (no tournament name), so that their signatures still match under a new slug.
    """
    legacy = [reader.ids["protocols"][r.get("id")] for r in data.get("protocols", []) if "signed_header" not in r]
    signed = set(Signature.objects.filter(protocol_id__in=legacy).values_list("protocol_id", flat=True))
    if not signed:
        return
    protocols = list(Protocol.objects.filter(pk__in=signed).select_related("partie__round__tournament").prefetch_related(
        "deals", "remarks", "partie__pair_a__players", "partie__pair_b__players",
            "partie__partner_a__players", "partie__partner_b__players"))
    for protocol in protocols:
        protocol.signed_header = {**header_from_json(protocol_to_json(protocol)), "tournament": str(head.get("slug"))}
    Protocol.objects.bulk_update(protocols, ["signed_header"], batch_size=500)
