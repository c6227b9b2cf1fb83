"""The protocol row of a partie: created on first use, locked for a write, saved with its version and status.

Every write service of this package opens the row with ``open_protocol`` (inside ``transaction.atomic()``:
the row lock, the published round, the optimistic version, the signature lock) and ends with
``save_protocol`` (the version bumped, the cache rescored, the status set, the players' signatures
discarded when the content changed).
"""
from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from access import permissions as perms
from audit.log import log_action
from core.locking import locked
from scoring.models import Protocol
from scoring.signals import protocol_saved
from tournaments.choices import ProtocolStatus
from tournaments.models import EntrantStatus, Partie, RoundStatus

from ..errors import InvalidInput, NotAllowed, ProtocolLocked, VersionConflict
from ..protocol_state import current_state, load_partie
from ..scores import protocol_status, refresh_prior_remarks, rescore
from .stages import refuse_stage_change

SEATS = ("A1", "B1", "A2", "B2")
SIDES = ("A", "B")


def ensure_protocol(partie) -> Protocol:
    """The partie's protocol, created on first use with the pairs' remarks from earlier rounds."""
    partie = partie if isinstance(partie, Partie) else load_partie(partie)
    try:
        return Protocol.objects.get(partie=partie)
    except Protocol.DoesNotExist:
        pass
    try:
        with transaction.atomic():
            protocol = Protocol(partie=partie)
            refresh_prior_remarks(protocol)
            protocol.save()
            return protocol
    except IntegrityError:  # created by another device a moment ago
        return Protocol.objects.get(partie=partie)


def require_published(partie):
    """Nothing is entered or signed at a table until its round is published (a draft round may still change)."""
    if partie.round.status == RoundStatus.DRAFT:
        raise InvalidInput(
            _("Тур %(n)s ещё не опубликован: за столами этого тура ничего не вносится и не подписывается.")
            % {"n": partie.round.number}, "round_draft")


def _given_version(expected_version):
    """The version a form showed, as an int; None when it is missing or not a plain number."""
    if expected_version is None or isinstance(expected_version, bool):
        return None
    if isinstance(expected_version, int):
        return expected_version
    text = str(expected_version).strip()
    if not text or len(text) > 12 or not (text.isascii() and text.isdigit()):
        return None
    return int(text)


def open_protocol(partie, expected_version, *, allow_locked=False, allow_draft=False) -> Protocol:
    """Lock the protocol row for this transaction and check the round, the version and the lock."""
    if not allow_draft:
        require_published(partie)
    try:
        protocol = locked(Protocol.objects.filter(partie=partie)).get()
    except Protocol.DoesNotExist:  # the first write at this table
        ensure_protocol(partie)
        protocol = locked(Protocol.objects.filter(partie=partie)).get()
    protocol.partie = partie
    given = _given_version(expected_version)
    if given is None:
        raise VersionConflict(
            _("Форма пришла без версии протокола: изменение не принято. Проверьте текущее состояние и повторите."),
            "version_required", version=protocol.version, current=current_state(protocol),
        )
    if given != protocol.version:
        raise VersionConflict(
            _("Протокол изменился после того, как эта страница была открыта: запись не сохранена. "
              "Ниже — протокол, как он записан сейчас; сравните и при необходимости внесите снова."),
            version=protocol.version, current=current_state(protocol),
        )
    if protocol.is_locked and not allow_locked:
        raise ProtocolLocked(_("Протокол подписан и закрыт. Открыть его может только главный судья."))
    if not protocol.is_locked:
        refresh_prior_remarks(protocol)
    return protocol


def require(allowed: bool, message=None, code="not_allowed"):
    if not allowed:
        raise NotAllowed(message or _("У вас нет прав на это действие в этом протоколе."), code)


def require_table(partie):
    if partie.is_bye:
        raise InvalidInput(_("У пары свободный тур: протокол не ведётся."), "bye")


def partie_for_entry(user, partie) -> Partie:
    """The partie, once ``user`` may enter results at its table and it is not a bye."""
    partie = load_partie(partie)
    require(perms.can_enter(user, partie))
    require_table(partie)
    return partie


def signature_json(sig) -> dict:
    return {"role": sig.role, "seat": sig.seat, "name": sig.name, "user": sig.user_id,
            "fingerprint": sig.fingerprint}


def discard_signatures(protocol, user, note):
    """The signatures of a protocol whose content changed go (audited with ``note``); the header thaws."""
    signatures = list(protocol.signatures.all())
    if protocol.signed_header is not None:  # the next first signature freezes the header anew
        protocol.signed_header = None
        Protocol.objects.filter(pk=protocol.pk).update(signed_header=None)
    if signatures:
        protocol.signatures.all().delete()
        log_action(protocol.partie.round.tournament, "protocol.signatures_discarded", user=user,
                   partie=protocol.partie, before=[signature_json(s) for s in signatures], after=[], note=note)


def save_protocol(protocol, user=None, *, content_changed=True, scored=None, cascade=True):
    """Bump the version, rescore the cache, set the status and save (inside the transaction).

    ``scored``: the engine's score of the protocol as it now stands, when the caller has it already
    (it validated the change with it), so that it is not computed twice while the row is locked.
    ``cascade=False``: the change leaves the remarks as they were (a deal entered or corrected), so the
    later rounds' protocols, whose ladder steps count this protocol's remarks, need no rescoring.
    """
    was_signed = protocol.status == ProtocolStatus.SIGNED
    if content_changed:
        discard_signatures(protocol, user, _("Содержание протокола изменено после подписи"))
    protocol.version += 1
    if content_changed:  # an open protocol (``open_protocol``): rescore sets its status and saves the row
        rescore(protocol, result=scored, cascade=cascade)
        refuse_stage_change(protocol.partie)  # an event in stages: stage 2 may already stand on this result
    else:
        protocol.status = protocol_status(protocol)
        protocol.save()
    # who follows the protocols hears of it: a rated tournament's ratings follow its signed protocols
    # (docs/rules.md Part V; ``registry.rating``)
    protocol_saved.send(sender=Protocol, protocol=protocol, was_signed=was_signed,
                        cascade=content_changed and cascade)


def totals(protocol) -> dict:
    return {"A": protocol.score_a, "B": protocol.score_b}


def reinstate(user, partie, pair, reason):
    """A pair disqualified by a remark that no longer stands plays again (logged)."""
    if pair.status != EntrantStatus.DISQUALIFIED:
        return
    pair.status = EntrantStatus.ACTIVE
    pair.save(update_fields=["status"])
    log_action(partie.round.tournament, "pair.reinstated", user=user, partie=partie,
               before={"status": EntrantStatus.DISQUALIFIED}, after={"status": pair.status, "pair": pair.number},
               note=reason)
