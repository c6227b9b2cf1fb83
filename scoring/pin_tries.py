"""Wrong PINs and who may try one: the table's QR token and the counters of wrong tries.

The rules, in the order ``check_pin`` applies them:

1. On a player's own phone a try needs the table's QR token: a secret of the
   protocol (an HMAC of its partie with the site's ``SECRET_KEY``) carried by
   the QR link on the table referee's screen, and shown otherwise only on the
   pair page to whoever proves he is one of its players (the key of his PIN
   slip's QR, or his account). A try without it is refused before anything is
   counted: it says nothing about the player's PIN.
2. Phones are limited per device (its session, or its CSRF cookie before it has
   one; stored as a hash) and per address, in the tournament:
   ``PHONE_DEVICE_LIMIT`` and ``PHONE_ADDRESS_LIMIT`` wrong PINs within
   ``PHONE_WINDOW`` from the window's first wrong try. Meanwhile every PIN from
   that device or address is refused and the player is not charged.
3. Each player has ``MAX_PIN_FAILURES`` wrong tries on a protocol per channel:
   tries on phones close phone signing for him, never the referee's device,
   whose own count only the tries typed there raise. The chief referee reopens
   both (``scoring.services.reset_pin_attempts``).
4. Every wrong PIN is audited (the counters above bound how many); reaching a
   limit is audited once; the tries refused after that are only counted.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.utils import timezone
from django.utils.crypto import constant_time_compare, salted_hmac
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from referees.models import log_action

from .errors import InvalidInput, NotAllowed
from .models import PinAttempt, PinChannel, PinThrottle, PinThrottleKind
from .pin_codes import MAX_PIN_FAILURES, pin_matches

PHONE_DEVICE_LIMIT = 5
PHONE_ADDRESS_LIMIT = 20
PHONE_WINDOW = timedelta(minutes=15)
TOKEN_LENGTH = 20
LIMITS = {PinThrottleKind.SESSION: PHONE_DEVICE_LIMIT, PinThrottleKind.ADDRESS: PHONE_ADDRESS_LIMIT}


@dataclass(frozen=True)
class PhoneClient:
    """Who types a PIN on the public signing page: the token of his link, his device's key, his address."""

    token: str
    device: str
    address: str


def table_token(partie) -> str:
    """The secret of the table's QR link (the same for the protocol's whole life; no need to store it).
    ``partie``: the partie or its id."""
    return salted_hmac("scoring.pin_tries.table_token", f"partie:{getattr(partie, 'pk', partie)}",
                       algorithm="sha256").hexdigest()[:TOKEN_LENGTH]


def slip_key(player) -> str:
    """The secret of a player's PIN slip (its QR link to the pair page): whoever holds it holds the slip.

    Made from the PIN's hash, so a new PIN voids the old slip's link together with the old PIN."""
    return salted_hmac("scoring.pin_tries.slip", f"player:{player.pk}:{player.pin_hash}",
                       algorithm="sha256").hexdigest()[:TOKEN_LENGTH]


def slip_holder(players, key):
    """The player among ``players`` whose slip carries ``key``, or None."""
    if not isinstance(key, str) or len(key) != TOKEN_LENGTH:
        return None
    return next((p for p in players if p.pin_hash and constant_time_compare(key, slip_key(p))), None)


def token_valid(partie, token) -> bool:
    return isinstance(token, str) and len(token) == TOKEN_LENGTH and constant_time_compare(token, table_token(partie))


def phone_client(token, device_secret, address) -> PhoneClient:
    """The device is kept as a hash: a session key must not sit in the database beside the counters."""
    device = salted_hmac("scoring.pin_tries.device", device_secret or "", algorithm="sha256").hexdigest()[:64]
    return PhoneClient(token=str(token or "")[:64], device=device if device_secret else "",
                       address=str(address or "")[:64])


def require_token(partie, phone) -> None:
    """Refuse (counting nothing) a PIN typed on a phone without the table's QR link."""
    if phone is None or not token_valid(partie, phone.token):
        raise NotAllowed(_("Подписать со своего телефона можно только по QR-коду на экране судьи стола: "
                           "отсканируйте его или подпишите у судьи."), "phone_token")


def _blocked(player, channel) -> NotAllowed:
    if channel == PinChannel.PHONE:
        return NotAllowed(_("Неверный ПИН-код введён %(n)s раз: подпись с телефона для игрока %(name)s в этом "
                            "протоколе закрыта. Подпишите на устройстве судьи стола.")
                          % {"n": MAX_PIN_FAILURES, "name": player.name}, "pin_blocked")
    return NotAllowed(_("Неверный ПИН-код введён %(n)s раз: подпись ПИН-кодом для игрока %(name)s в этом протоколе "
                        "закрыта. Обратитесь к главному судье.") % {"n": MAX_PIN_FAILURES, "name": player.name},
                      "pin_blocked")


def _minutes() -> int:
    return round(PHONE_WINDOW.total_seconds() / 60)


def _throttled() -> NotAllowed:
    minutes = _minutes()
    return NotAllowed(_("С этого телефона или из этой сети введено слишком много неверных ПИН-кодов: подпись с "
                        "телефона закрыта на %(minutes)s мин. Подпишите на устройстве судьи стола.")
                      % {"minutes": minutes}, "pin_throttled")


def _throttles(tournament, phone) -> list[PinThrottle]:
    """The device's and the address's counters, locked, with an expired window started again."""
    now = timezone.now()
    rows = []
    for kind, key in ((PinThrottleKind.SESSION, phone.device), (PinThrottleKind.ADDRESS, phone.address)):
        if not key:
            continue
        row, _created = PinThrottle.objects.select_for_update().get_or_create(
            tournament=tournament, kind=kind, key=key, defaults={"since": now})
        if row.since <= now - PHONE_WINDOW:
            row.failures, row.refused, row.since = 0, 0, now
        rows.append(row)
    return rows


def check_pin(user, protocol, player, seat, pin, *, channel, phone=None):
    """None if the PIN is right; else the error to raise once the counts are stored (inside the protocol's lock)."""
    partie = protocol.partie
    tournament = partie.round.tournament
    throttles = _throttles(tournament, phone) if channel == PinChannel.PHONE else []
    locked = [t for t in throttles if t.failures >= LIMITS[t.kind]]
    if locked:
        for row in locked:
            row.refused += 1
        for row in throttles:
            row.save()
        return _throttled()
    attempt, _created = PinAttempt.objects.select_for_update().get_or_create(
        protocol=protocol, player=player, channel=channel)
    if attempt.failures >= MAX_PIN_FAILURES:
        attempt.refused += 1
        attempt.save(update_fields=["refused", "last_at"])
        return _blocked(player, channel)
    if not player.pin_hash:
        return InvalidInput(_("У игрока %(name)s нет ПИН-кода: его выдаёт организатор.") % {"name": player.name},
                            "no_pin", seat=seat, field="pin")
    if pin_matches(pin, player.pin_hash):
        return None
    attempt.failures += 1
    attempt.save(update_fields=["failures", "last_at"])
    for row in throttles:
        row.failures += 1
        row.save()
    where = {"seat": seat, "player": player.pk, "channel": channel}
    log_action(tournament, "protocol.pin_wrong", user=user, partie=partie, before=None,
               after={**where, "failures": attempt.failures}, note=player.name)
    if attempt.failures >= MAX_PIN_FAILURES:
        log_action(tournament, "protocol.pin_refused", user=user, partie=partie, before=None,
                   after={**where, "failures": attempt.failures}, note=player.name)
    for row in throttles:
        if row.failures == LIMITS[row.kind]:
            log_action(tournament, "protocol.pin_throttled", user=user, partie=partie, before=None,
                       after={**where, "kind": row.kind, "failures": row.failures, "minutes": _minutes(),
                              **({"address": row.key} if row.kind == PinThrottleKind.ADDRESS else {})},
                       note=player.name)
    if attempt.failures >= MAX_PIN_FAILURES:
        return _blocked(player, channel)
    if any(row.failures >= LIMITS[row.kind] for row in throttles):
        return _throttled()
    left = min([MAX_PIN_FAILURES - attempt.failures] + [LIMITS[row.kind] - row.failures for row in throttles])
    message = ngettext("Неверный ПИН-код. Осталась %(n)s попытка.", "Неверный ПИН-код. Осталось попыток: %(n)s.",
                       left) % {"n": left}
    return InvalidInput(message, "pin_wrong", seat=seat, field="pin")
