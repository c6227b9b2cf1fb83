"""Signatures: the players sign (account, PIN on the referee's device or on their own phone), the referee
countersigns and the protocol locks; the chief referee reopens it."""
from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from access import permissions as perms
from audit.log import log_action
from core.names import person_name
from scoring.models import PinChannel, Signature, SignatureRole
from tournaments.choices import ProtocolStatus
from tournaments.models import Round, RoundStatus, SignatureMode, SigningMethod

from .. import pin_tries
from ..errors import InvalidInput
from ..integrity import freeze_header, protocol_fingerprint
from ..pin_codes import clean_pin
from ..protocol_state import absent_sides, load_partie, missing_signatures, signable_player_seats
from ..reports.pades import ensure_signing_key
from ..seals import make_seal, seal_message
from .rows import SEATS, open_protocol, require, require_table, save_protocol, signature_json


def sign_protocol(user, partie, *, role, seat=None, pin=None, expected_version, phone=None):
    """A player signs for his seat, then the referee countersigns; the last signature locks the protocol.

    How a player signs depends on the tournament's ``signing_method``: with his
    account (``pin`` is None), or with his PIN on the referee's device or on his
    own phone (then ``user`` is the referee, or anyone on the public signing
    page, who must hold the table's QR token: ``phone``, a ``pin_tries.PhoneClient``;
    the tries are counted by ``scoring.pin_tries``). When the referee attests the paper sheet, he signs alone. A no-show
    protocol needs only the referee; the absent or disqualified pair cannot sign.
    """
    partie = load_partie(partie)
    tournament = partie.round.tournament
    require_table(partie)
    how, pin = _signing_method(user, partie, role=role, seat=seat, pin=pin, phone=phone)
    with transaction.atomic():
        protocol = open_protocol(partie, expected_version)
        if protocol.status != ProtocolStatus.AWAITING_SIGNATURES:
            raise InvalidInput(_("Партия ещё не окончена: подписывать рано."), "not_finished")
        if tournament.confirm_each_deal and protocol.deals.filter(confirmed_by__isnull=True).exists():
            raise InvalidInput(_("Не все раздачи подтверждены."), "unconfirmed_deals")
        signatures = list(protocol.signatures.all())
        if role == SignatureRole.PLAYER:
            signer, name, refusal = _player_signer(user, partie, protocol, signatures, seat=seat, pin=pin, how=how,
                                                   phone=phone)
        else:
            missing = missing_signatures(partie, signatures, protocol)
            if missing != ["referee"]:
                if "referee" not in missing:
                    raise InvalidInput(_("Судья уже подписал протокол."), "already_signed")
                raise InvalidInput(_("Судья подписывает после игроков."), "players_first")
            signer, name, refusal = user, person_name(user), None
            if protocol.no_show:  # no partie was played: no paper sheet with players' signatures to attest
                how = SigningMethod.ACCOUNT
        if refusal is None:
            _write_signature(user, partie, protocol, first=not signatures, role=role, seat=seat, name=name,
                             signer=signer, how=how)
    if refusal is not None:  # the wrong try is counted (committed) and then refused
        raise refusal
    return protocol


def _signing_method(user, partie, *, role, seat, pin, phone):
    """How this signature is given (``SigningMethod``), refusing a signer the tournament's method does not let
    sign this way; and the PIN cleaned."""
    method = partie.round.tournament.signing_method
    how = SigningMethod.REFEREE_ATTESTS if method == SigningMethod.REFEREE_ATTESTS else SigningMethod.ACCOUNT
    if role == SignatureRole.REFEREE:
        require(perms.can_countersign(user, partie), _("Протокол подписывает судья этого стола."))
        return how, pin
    if role != SignatureRole.PLAYER:
        raise InvalidInput(_("Неизвестная роль подписи."), "role", field="role")
    if seat not in SEATS:
        raise InvalidInput(_("Укажите место игрока."), "seat", field="seat")
    if method == SigningMethod.REFEREE_ATTESTS:
        raise InvalidInput(_("В этом турнире подписи игроков на бумажном бланке заверяет судья."),
                           "referee_attests", field="seat")
    if pin is None:
        require(perms.can_sign_as_player(user, partie, seat),
                _("Подписать за место %(seat)s может только игрок этого места.") % {"seat": seat})
        return how, pin
    if method not in (SigningMethod.TABLE_PIN, SigningMethod.OWN_PHONE):
        raise InvalidInput(_("В этом турнире игроки подписывают без ПИН-кода."), "pin_not_used", field="pin")
    if perms.can_countersign(user, partie):
        how = SigningMethod.TABLE_PIN
    elif method == SigningMethod.OWN_PHONE:
        how = SigningMethod.OWN_PHONE
        pin_tries.require_token(partie, phone)
    else:
        require(False, _("ПИН-код вводится на устройстве судьи этого стола."))
    return how, clean_pin(pin)


def _player_signer(user, partie, protocol, signatures, *, seat, pin, how, phone):
    """The player of ``seat`` may sign now: (the account signing, his name, a wrong PIN's refusal or None)."""
    tournament = partie.round.tournament
    if seat[0] in absent_sides(protocol):
        raise InvalidInput(tournament.format_spec.side_status("absent_refused", seat[0]), "absent_pair", seat=seat,
                           field="seat")
    one_per_pair = tournament.signature_mode == SignatureMode.ONE_PER_PAIR
    slot = seat[0] if one_per_pair else seat
    signed = {(s.seat[0] if one_per_pair else s.seat) for s in signatures if s.role == SignatureRole.PLAYER}
    if slot not in signable_player_seats(partie, protocol) or slot in signed:
        raise InvalidInput(_("Эта подпись уже есть."), "already_signed", seat=seat)
    if any(s.role == SignatureRole.REFEREE for s in signatures):
        raise InvalidInput(_("Судья уже подписал протокол."), "already_signed")
    player = partie.side_players(seat[0])[int(seat[1]) - 1]
    if pin is None:
        return user, player.name, None
    channel = PinChannel.TABLE if how == SigningMethod.TABLE_PIN else PinChannel.PHONE
    refusal = pin_tries.check_pin(user, protocol, player, seat, pin, channel=channel, phone=phone)
    return player.user, player.name, refusal


def _write_signature(user, partie, protocol, *, first, role, seat, name, signer, how):
    """The signature's row with the tournament's seal, in the log; the referee's locks the protocol."""
    tournament = partie.round.tournament
    if first:  # the first signature: the names, pairs, round and table as the signers see them
        freeze_header(protocol)
    fingerprint = protocol_fingerprint(protocol)
    key_pem, cert_pem = ensure_signing_key(tournament)  # the tournament's seal on the row (scoring.seals)
    sig = Signature.objects.create(protocol=protocol, role=role, seat=seat or "", name=name, user=signer,
                                   fingerprint=fingerprint, method=how,
                                   seal=make_seal(key_pem, cert_pem, seal_message(fingerprint, role, seat, name, how)))
    log_action(tournament, "protocol.signed", user=user, partie=partie, before=None,
               after={**signature_json(sig), "method": how,
                      **({"signed_header": protocol.signed_header} if first else {})}, note=name)
    if role == SignatureRole.REFEREE:
        protocol.locked_at = timezone.now()
        log_action(tournament, "protocol.locked", user=user, partie=partie,
                   before={"status": protocol.status}, after={"status": ProtocolStatus.SIGNED,
                                                              "fingerprint": fingerprint})
    save_protocol(protocol, user, content_changed=False)


def reopen_protocol(user, partie, reason, *, expected_version):
    """Only the chief referee (or organizer) reopens a signed protocol, with a written reason."""
    partie = load_partie(partie)
    require(perms.can_reopen(user, partie), _("Открыть подписанный протокол может только главный судья."))
    reason = (reason or "").strip()
    if not reason:
        raise InvalidInput(_("Укажите причину повторного открытия."), "reason_required", field="reason")
    with transaction.atomic():
        protocol = open_protocol(partie, expected_version, allow_locked=True, allow_draft=True)
        if not protocol.is_locked:
            raise InvalidInput(_("Протокол не закрыт."), "not_locked")
        before = {"status": protocol.status, "locked_at": protocol.locked_at.isoformat(),
                  "signatures": [signature_json(s) for s in protocol.signatures.all()]}
        protocol.signatures.all().delete()
        protocol.signed_header = None  # frozen again at the next first signature
        protocol.locked_at = None
        protocol.reopen_reason = reason
        save_protocol(protocol, user, content_changed=False)
        log_action(partie.round.tournament, "protocol.reopened", user=user, partie=partie, before=before,
                   after={"status": protocol.status, "signatures": []}, note=reason)
        # A round with an unsigned protocol is in play again (docs/rules.md, «Повторно открытый протокол»).
        if Round.objects.filter(pk=partie.round_id, status=RoundStatus.FINISHED).update(status=RoundStatus.PUBLISHED):
            partie.round.status = RoundStatus.PUBLISHED
            log_action(partie.round.tournament, "round.reopened", user=user, partie=partie, note=reason,
                       before={"round": partie.round.number, "status": RoundStatus.FINISHED},
                       after={"round": partie.round.number, "status": RoundStatus.PUBLISHED})
    return protocol
