"""Wrong PINs and who may try one: the table's QR token and the counters of wrong tries.

The rules, in the order ``check_pin`` applies them:

1. On a player's own phone a try needs the table's QR token: a secret of the
   protocol (an HMAC of its partie with the site's ``SECRET_KEY``) carried by
   the QR link on the table referee's screen, and shown otherwise only on the
   pair page to whoever proves he is one of its players (the key of his PIN
   slip's QR, or his account). A try without it is refused before anything is
   counted: it says nothing about the player's PIN.
2. A phone is known by its key: its session, or its CSRF cookie before it has
   one (the signing page's form needs it), stored as a hash. A phone has
   ``PHONE_DEVICE_LIMIT`` wrong PINs in the tournament within ``PHONE_WINDOW``
   from the window's first wrong try; meanwhile every PIN from it is refused and
   no player is charged. An address is not counted: a hall's phones share one
   (the venue's NAT), and a limit on it would close every phone of the hall.
3. Each player has, on one protocol: ``MAX_PIN_FAILURES`` wrong tries on the
   referee's device; ``MAX_PIN_FAILURES`` from each phone (a stranger who
   photographed the QR closes his own phone for that player, never the player's
   own phone); and ``PHONE_SEAT_LIMIT`` from all phones together, which bounds a
   guesser who changes phones (a new cookie each time): at most
   ``PHONE_SEAT_LIMIT`` guesses of a five-digit PIN per player and protocol on
   phones, one in 4,000. Tries on phones never close the referee's device. The
   chief referee reopens them all (``scoring.services.reset_pin_attempts``).
4. Every wrong PIN is audited (the counters above bound how many); reaching a
   limit is audited once; the tries refused after that are only counted.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.db.models import Q
from django.utils import timezone
from django.utils.crypto import constant_time_compare, salted_hmac
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from audit.log import log_action

from .errors import InvalidInput, NotAllowed
from .models import PinAttempt, PinChannel, PinThrottle, PinThrottleKind
from .pin_codes import MAX_PIN_FAILURES, pin_matches

PHONE_DEVICE_LIMIT = 5  # wrong PINs from one phone in the tournament, within PHONE_WINDOW
PHONE_WINDOW = timedelta(minutes=15)
PHONE_SEAT_LIMIT = 25  # wrong PINs for one player on one protocol from all phones together
TOKEN_LENGTH = 20
ALL_PHONES = ""  # the ``device`` of a player's counter of all phones together
NO_DEVICE = "-"  # the ``device`` of a phone that sent no key (no cookie): all such phones share it


@dataclass(frozen=True)
class PhoneClient:
    """Who types a PIN on the public signing page: the token of his link, his device's key (hashed), his address
    (only written in the audit of a limit reached)."""

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


def _blocked(player, attempt) -> NotAllowed:
    if attempt.channel == PinChannel.TABLE:
        return NotAllowed(_("Неверный ПИН-код введён %(n)s раз: подпись ПИН-кодом для игрока %(name)s в этом "
                            "протоколе закрыта. Обратитесь к главному судье.")
                          % {"n": MAX_PIN_FAILURES, "name": player.name}, "pin_blocked")
    if attempt.device == ALL_PHONES:
        return NotAllowed(_("Неверный ПИН-код игрока %(name)s введён с телефонов %(n)s раз: подпись с телефона для "
                            "него в этом протоколе закрыта. Подпишите на устройстве судьи стола.")
                          % {"n": PHONE_SEAT_LIMIT, "name": player.name}, "pin_blocked")
    return NotAllowed(_("Неверный ПИН-код игрока %(name)s введён с этого телефона %(n)s раз: за него с этого телефона "
                        "в этом протоколе не подписать. Игрок подписывает со своего телефона или на устройстве "
                        "судьи стола.") % {"n": MAX_PIN_FAILURES, "name": player.name}, "pin_device_blocked")


def _minutes() -> int:
    return round(PHONE_WINDOW.total_seconds() / 60)


def _throttled() -> NotAllowed:
    minutes = _minutes()
    return NotAllowed(_("С этого телефона введено слишком много неверных ПИН-кодов: подпись с него закрыта на "
                        "%(minutes)s мин. Подпишите на устройстве судьи стола.")
                      % {"minutes": minutes}, "pin_throttled")


def _throttle(tournament, phone) -> PinThrottle | None:
    """The phone's counter in the tournament, locked, with an expired window started again (None: no key)."""
    if not phone.device:
        return None
    now = timezone.now()
    row, _created = PinThrottle.objects.select_for_update().get_or_create(
        tournament=tournament, kind=PinThrottleKind.SESSION, key=phone.device, defaults={"since": now})
    if row.since <= now - PHONE_WINDOW:
        row.failures, row.refused, row.since = 0, 0, now
    return row


def limit_of(attempt) -> int:
    """How many wrong PINs the counter ``attempt`` takes: all phones together take ``PHONE_SEAT_LIMIT``."""
    if attempt.channel == PinChannel.PHONE and attempt.device == ALL_PHONES:
        return PHONE_SEAT_LIMIT
    return MAX_PIN_FAILURES


def _counters(protocol, player, channel, phone) -> list[PinAttempt]:
    """The player's counters on the protocol that this try raises, locked: the referee's device's; or all
    phones' and this phone's."""
    devices = [ALL_PHONES, phone.device or NO_DEVICE] if channel == PinChannel.PHONE else [ALL_PHONES]
    return [PinAttempt.objects.select_for_update().get_or_create(
        protocol=protocol, player=player, channel=channel, device=device)[0] for device in devices]


def closed_players(protocol) -> set[int]:
    """The players of the protocol for whom a counter is full (on the referee's device, on all phones or on
    one phone): the chief referee may let them try again. One query."""
    full = (Q(failures__gte=MAX_PIN_FAILURES) & ~Q(channel=PinChannel.PHONE, device=ALL_PHONES)) | Q(
        channel=PinChannel.PHONE, device=ALL_PHONES, failures__gte=PHONE_SEAT_LIMIT)
    return set(PinAttempt.objects.filter(full, protocol=protocol).values_list("player_id", flat=True))


def check_pin(user, protocol, player, seat, pin, *, channel, phone=None):
    """None if the PIN is right; else the error to raise once the counts are stored (inside the protocol's lock)."""
    partie = protocol.partie
    throttle = _throttle(partie.round.tournament, phone) if channel == PinChannel.PHONE else None
    if throttle is not None and throttle.failures >= PHONE_DEVICE_LIMIT:
        throttle.refused += 1
        throttle.save()
        return _throttled()
    counters = _counters(protocol, player, channel, phone)
    full = next((c for c in counters if c.failures >= limit_of(c)), None)
    if full is not None:
        full.refused += 1
        full.save(update_fields=["refused", "last_at"])
        return _blocked(player, full)
    if not player.pin_hash:
        return InvalidInput(_("У игрока %(name)s нет ПИН-кода: его выдаёт организатор.") % {"name": player.name},
                            "no_pin", seat=seat, field="pin")
    if pin_matches(pin, player.pin_hash):
        return None
    for counter in counters:
        counter.failures += 1
        counter.save(update_fields=["failures", "last_at"])
    if throttle is not None:
        throttle.failures += 1
        throttle.save()
    _audit_wrong(user, partie, player, seat, counters, throttle, phone)
    full = next((c for c in counters if c.failures >= limit_of(c)), None)
    if full is not None:
        return _blocked(player, full)
    if throttle is not None and throttle.failures >= PHONE_DEVICE_LIMIT:
        return _throttled()
    left = min([limit_of(c) - c.failures for c in counters]
               + ([PHONE_DEVICE_LIMIT - throttle.failures] if throttle is not None else []))
    message = ngettext("Неверный ПИН-код. Осталась %(n)s попытка.", "Неверный ПИН-код. Осталось попыток: %(n)s.",
                       left) % {"n": left}
    return InvalidInput(message, "pin_wrong", seat=seat, field="pin")


def _audit_wrong(user, partie, player, seat, counters, throttle, phone) -> None:
    """The wrong PIN, and each limit it has just reached (once: the tries refused after it are only counted)."""
    tournament = partie.round.tournament
    where = {"seat": seat, "player": player.pk, "channel": counters[0].channel}
    total, mine = counters[0], counters[-1]
    counts = {"failures": mine.failures, "limit": limit_of(mine)}
    if mine is not total:
        counts.update(seat_failures=total.failures, seat_limit=limit_of(total))
    log_action(tournament, "protocol.pin_wrong", user=user, partie=partie, before=None, after={**where, **counts},
               note=player.name)
    if total.failures == limit_of(total):
        log_action(tournament, "protocol.pin_refused", user=user, partie=partie, before=None,
                   after={**where, "failures": total.failures, "limit": limit_of(total)}, note=player.name)
    if mine is not total and mine.failures == limit_of(mine):
        log_action(tournament, "protocol.pin_throttled", user=user, partie=partie, before=None,
                   after={**where, "kind": "seat", "failures": mine.failures, "address": phone.address},
                   note=player.name)
    if throttle is not None and throttle.failures == PHONE_DEVICE_LIMIT:
        log_action(tournament, "protocol.pin_throttled", user=user, partie=partie, before=None,
                   after={**where, "kind": throttle.kind, "failures": throttle.failures, "minutes": _minutes(),
                          "address": phone.address}, note=player.name)
