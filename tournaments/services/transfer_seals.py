"""An imported tournament's signatures against the file's certificates (scoring.seals), for ``transfer``."""
from __future__ import annotations

from django.utils.translation import gettext as _

from scoring.models import Signature
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
