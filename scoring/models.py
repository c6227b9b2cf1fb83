"""Protocols (score sheets): deals, remarks, signatures.

Points are never typed by hand: the engine in ``engine.rules`` scores the
recorded deals. The ``score_*`` fields of ``Protocol`` are a cache written
only by ``scoring.services.rescore`` (in the same transaction as the change
that made them stale) so that standings can be aggregated in SQL; the
``verify_scores`` command recomputes every protocol and reports any drift.
"""
from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tournaments.choices import ProtocolStatus

SEAT_CHOICES = [("A1", "A1"), ("A2", "A2"), ("B1", "B1"), ("B2", "B2")]
SIDE_CHOICES = [("A", "A"), ("B", "B")]


class DealResult(models.TextChoices):
    DOMINO = "domino", _("Домино (выход)")
    BLOCK = "block", _("Рыба (бой)")
    WRONG_PASS = "wrong_pass", _("Ложный пас")
    POINTS = "points", _("Очки вручную")


class RemarkReason(models.TextChoices):
    TIME = "time", _("Превышение времени хода")
    TALKING = "talking", _("Разговоры")
    SHOWING_TILE = "showing_tile", _("Показ камня")
    SIGNS = "signs", _("Знаки партнёру")
    WRONG_TILE = "wrong_tile", _("Касание неподходящего камня")
    OUT_OF_TURN = "out_of_turn", _("Ход не в очередь")
    OTHER = "other", _("Другое")


class Card(models.TextChoices):
    """The partnership game's cards (RULES-LATIN.md §10.2): yellow, then red, then black (withdrawn)."""
    NONE = "none", pgettext_lazy("card", "нет")
    YELLOW = "yellow", _("жёлтая")
    RED = "red", _("красная")
    BLACK = "black", _("чёрная")

    @classmethod
    def text(cls, code: str) -> str:
        """The card in words («жёлтая»; «нет» for none)."""
        return str(cls(code).label)

    @classmethod
    def shown(cls, code: str) -> str:
        """The card in words, nothing for none (a table's cell, a pair's line)."""
        return "" if code == cls.NONE else cls.text(code)


class Protocol(models.Model):
    partie = models.OneToOneField(
        "tournaments.Partie", verbose_name=_("партия"), on_delete=models.CASCADE, related_name="protocol"
    )
    status = models.CharField(
        _("состояние"), max_length=24, choices=ProtocolStatus.choices, default=ProtocolStatus.NOT_STARTED
    )
    first_lead = models.CharField(_("первый заход"), max_length=2, choices=SEAT_CHOICES, default="A1")
    no_show = models.CharField(_("неявка"), max_length=1, choices=SIDE_CHOICES, blank=True)
    # Individual events (docs/rules-individual.md §6): the seats of the no-show side that did not come ("A2",
    # or "A1,A2"); empty with a no-show: the whole side. Only the absent lose; a present partner sits out.
    absent_seats = models.CharField(_("не явились (места)"), max_length=5, blank=True)
    ended_by_time = models.BooleanField(_("окончена по времени"), default=False)
    # Kozel and Morskoy: the pair that left the table (the game goes to the opponents).
    abandoned = models.CharField(_("ушла пара"), max_length=1, choices=SIDE_CHOICES, blank=True)
    # Remarks each pair had before this partie (filled by the service from earlier rounds).
    prior_remarks_a = models.PositiveSmallIntegerField(_("замечаний у пары A до партии"), default=0)
    prior_remarks_b = models.PositiveSmallIntegerField(_("замечаний у пары B до партии"), default=0)
    version = models.PositiveIntegerField(_("версия"), default=0)
    locked_at = models.DateTimeField(_("закрыт"), null=True, blank=True)
    reopen_reason = models.TextField(_("причина повторного открытия"), blank=True)
    # What the signers saw, frozen at the first signature (scoring.integrity.header_of): the signatures'
    # fingerprint covers it instead of the live names, so a name corrected afterwards is no mismatch.
    signed_header = models.JSONField(_("шапка протокола при подписи"), null=True, blank=True)
    updated_at = models.DateTimeField(_("изменён"), auto_now=True)
    # Cache of the engine's result (see module docstring).
    score_a = models.IntegerField(_("очки пары A"), default=0)
    score_b = models.IntegerField(_("очки пары B"), default=0)
    deals_won_a = models.PositiveSmallIntegerField(_("выиграно раздач парой A"), default=0)
    deals_won_b = models.PositiveSmallIntegerField(_("выиграно раздач парой B"), default=0)
    winner = models.CharField(_("победитель"), max_length=1, choices=SIDE_CHOICES, blank=True)
    finished = models.BooleanField(_("партия окончена"), default=False)
    extra_deal_needed = models.BooleanField(_("нужна дополнительная раздача"), default=False)
    disqualified = models.CharField(_("снята с турнира"), max_length=1, choices=SIDE_CHOICES, blank=True)
    # Kozel and Morskoy (docs/rules-kozel.md §3, §5): games won, goats received (a dry goat counts
    # dry_goat_value), dry goats received, and the rating (kozel; null when the pair got none). 0 elsewhere.
    games_won_a = models.PositiveSmallIntegerField(_("выиграно игр парой A"), default=0)
    games_won_b = models.PositiveSmallIntegerField(_("выиграно игр парой B"), default=0)
    goats_a = models.PositiveSmallIntegerField(_("козлов у пары A"), default=0)
    goats_b = models.PositiveSmallIntegerField(_("козлов у пары B"), default=0)
    dry_goats_a = models.PositiveSmallIntegerField(_("сухих козлов у пары A"), default=0)
    dry_goats_b = models.PositiveSmallIntegerField(_("сухих козлов у пары B"), default=0)
    rating_a = models.IntegerField(_("рейтинг пары A"), null=True, blank=True)
    rating_b = models.IntegerField(_("рейтинг пары B"), null=True, blank=True)
    # The partnership game (docs/rules-latin.md): the cards each pair brings from its earlier partidas (kept
    # like the prior remarks), the acta's counters as the referee writes them, and the cache of the result.
    prior_card_a = models.CharField(_("карточка пары A до партии"), max_length=6, choices=Card.choices,
                                    default=Card.NONE)
    prior_card_b = models.CharField(_("карточка пары B до партии"), max_length=6, choices=Card.choices,
                                    default=Card.NONE)
    indicators = models.JSONField(_("счётчики акта (шлёпанец, башмак)"), null=True, blank=True)
    efectividad_a = models.IntegerField(_("эффективность пары A"), null=True, blank=True)
    efectividad_b = models.IntegerField(_("эффективность пары B"), null=True, blank=True)
    sanction_a = models.PositiveSmallIntegerField(_("вычет у пары A"), default=0)
    sanction_b = models.PositiveSmallIntegerField(_("вычет у пары B"), default=0)
    card_a = models.CharField(_("карточка пары A после партии"), max_length=6, choices=Card.choices,
                              default=Card.NONE)
    card_b = models.CharField(_("карточка пары B после партии"), max_length=6, choices=Card.choices,
                              default=Card.NONE)
    # Each pair's own result of a finished partida ("win", "loss", "draw"): a deduction can make both lose.
    result_a = models.CharField(_("итог пары A"), max_length=4, blank=True)
    result_b = models.CharField(_("итог пары B"), max_length=4, blank=True)

    class Meta:
        verbose_name = _("протокол")
        verbose_name_plural = _("протоколы")

    def __str__(self):
        return _("Протокол: %(partie)s") % {"partie": self.partie}

    @property
    def is_locked(self) -> bool:
        return self.status == ProtocolStatus.SIGNED


class Deal(models.Model):
    protocol = models.ForeignKey(Protocol, verbose_name=_("протокол"), on_delete=models.CASCADE, related_name="deals")
    n = models.PositiveSmallIntegerField(_("номер раздачи"))
    result = models.CharField(_("итог"), max_length=16, choices=DealResult.choices)
    out = models.CharField(_("вышел"), max_length=2, choices=SEAT_CHOICES, blank=True)
    offender = models.CharField(_("ложный пас"), max_length=2, choices=SEAT_CHOICES, blank=True)
    # seat -> pip count (int) or list of tiles ("a-b"), exactly as in the JSON protocol.
    hands = models.JSONField(_("остаток в руках"), default=dict, blank=True)
    # Kozel and Morskoy (docs/rules-kozel.md §8): who led and with which tile, the last tile, the fisher.
    lead = models.CharField(_("заход"), max_length=2, choices=SEAT_CHOICES, blank=True)
    lead_tile = models.CharField(_("камень захода"), max_length=3, blank=True)
    # One tile ("3-5"), or two doubles placed at once joined by "+" ("6-6+5-5").
    out_tile = models.CharField(_("последний камень"), max_length=7, blank=True)
    fisher = models.CharField(_("рыбак"), max_length=2, choices=SEAT_CHOICES, blank=True)
    # Hand points: {"A": x, "B": y} and the referee's note.
    points = models.JSONField(_("очки пар"), null=True, blank=True)
    note = models.CharField(_("примечание"), max_length=200, blank=True)
    # The partnership game (docs/rules-latin.md §5, §6): the two open ends before the last tile, the pasos
    # redondos of each pair, and whether time was called during this hand.
    ends = models.JSONField(_("концы перед последним камнем"), null=True, blank=True)
    pasos_redondos = models.JSONField(_("круговые пасы"), null=True, blank=True)
    time_called = models.BooleanField(_("время вышло в этой раздаче"), default=False)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("внёс"), null=True, blank=True,
        on_delete=models.SET_NULL, related_name="+",
    )
    entered_at = models.DateTimeField(_("внесена"), auto_now_add=True)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("подтвердил"), null=True, blank=True,
        on_delete=models.SET_NULL, related_name="+",
    )
    confirmed_at = models.DateTimeField(_("подтверждена"), null=True, blank=True)

    class Meta:
        verbose_name = _("раздача")
        verbose_name_plural = _("раздачи")
        ordering = ["protocol", "n"]
        constraints = [models.UniqueConstraint(fields=["protocol", "n"], name="unique_deal_number")]

    def __str__(self):
        return _("Раздача %(n)s") % {"n": self.n}

    def to_json(self) -> dict:
        data = {"n": self.n, "result": self.result}
        if self.out:
            data["out"] = self.out
        if self.offender:
            data["offender"] = self.offender
        if self.hands:
            data["hands"] = self.hands
        for name in ("lead", "lead_tile", "out_tile", "fisher", "note"):
            if getattr(self, name):
                data[name] = getattr(self, name)
        if "+" in data.get("out_tile", ""):
            data["out_tile"] = data["out_tile"].split("+")
        if self.points is not None:
            data["points"] = self.points
        for name in ("ends", "pasos_redondos"):
            if getattr(self, name):
                data[name] = getattr(self, name)
        if self.time_called:
            data["time_called"] = True
        return data


class Remark(models.Model):
    protocol = models.ForeignKey(Protocol, verbose_name=_("протокол"), on_delete=models.CASCADE, related_name="remarks")
    deal = models.PositiveSmallIntegerField(_("раздача"))
    seat = models.CharField(_("игрок (место)"), max_length=2, choices=SEAT_CHOICES)
    reason = models.CharField(_("причина"), max_length=16, choices=RemarkReason.choices)
    note = models.CharField(_("пояснение"), max_length=300, blank=True)
    given_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("сделал"), null=True, blank=True,
        on_delete=models.SET_NULL, related_name="+",
    )
    created_at = models.DateTimeField(_("время"), auto_now_add=True)

    class Meta:
        verbose_name = _("замечание")
        verbose_name_plural = _("замечания")
        ordering = ["protocol", "deal", "id"]

    def __str__(self):
        return f"{self.seat}: {self.get_reason_display()}"

    def to_json(self) -> dict:
        return {"deal": self.deal, "player": self.seat, "reason": self.reason}


class Sanction(models.Model):
    """A sanction of the partnership game (RULES-LATIN.md §10.1): a player's deduction (40 or 80 points) or a
    card, in a hand of the partida. What it does — the points deducted, the card given after the pair's
    earlier cards, the end of the partida — is the engine's (``engine.rules.latin.cards``)."""

    protocol = models.ForeignKey(Protocol, verbose_name=_("протокол"), on_delete=models.CASCADE,
                                 related_name="sanctions")
    hand = models.PositiveSmallIntegerField(_("раздача"))
    seat = models.CharField(_("игрок (место)"), max_length=2, choices=SEAT_CHOICES)
    points = models.PositiveSmallIntegerField(_("вычет очков"), null=True, blank=True)
    card = models.CharField(_("карточка"), max_length=6, choices=Card.choices, blank=True)
    note = models.CharField(_("пояснение"), max_length=300, blank=True)
    given_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("наложил"), null=True, blank=True,
        on_delete=models.SET_NULL, related_name="+",
    )
    created_at = models.DateTimeField(_("время"), auto_now_add=True)

    class Meta:
        verbose_name = _("санкция")
        verbose_name_plural = _("санкции")
        ordering = ["protocol", "hand", "id"]

    def __str__(self):
        what = self.get_card_display() if self.card else str(self.points)
        return f"{self.seat}: {what}"

    def to_json(self) -> dict:
        data = {"player": self.seat, "hand": self.hand}
        if self.card:
            data["card"] = self.card
        else:
            data["points"] = self.points
        return data


class SignatureRole(models.TextChoices):
    PLAYER = "player", _("Игрок")
    REFEREE = "referee", _("Судья")


class Signature(models.Model):
    protocol = models.ForeignKey(
        Protocol, verbose_name=_("протокол"), on_delete=models.CASCADE, related_name="signatures"
    )
    role = models.CharField(_("роль"), max_length=16, choices=SignatureRole.choices)
    seat = models.CharField(_("место"), max_length=2, choices=SEAT_CHOICES, blank=True)
    name = models.CharField(_("имя"), max_length=200)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("учётная запись"), null=True, blank=True,
        on_delete=models.SET_NULL, related_name="+",
    )
    signed_at = models.DateTimeField(_("подписано"), auto_now_add=True)
    fingerprint = models.CharField(_("отпечаток протокола"), max_length=64)
    # How it was given: tournaments.models.SigningMethod values (blank for older rows).
    method = models.CharField(_("способ подписи"), max_length=16, blank=True)
    # The tournament's key vouches for this row (scoring.seals): "<certificate id>:<base64 signature>".
    seal = models.TextField(_("печать турнира"), blank=True)

    class Meta:
        verbose_name = _("подпись")
        verbose_name_plural = _("подписи")
        ordering = ["protocol", "signed_at", "id"]

    def __str__(self):
        return f"{self.get_role_display()}: {self.name}"


class PinChannel(models.TextChoices):
    """Where a PIN was typed: the table referee's device, or a player's own phone (the table's QR link)."""

    TABLE = "table", _("устройство судьи")
    PHONE = "phone", _("свой телефон")


class PinAttempt(models.Model):
    """Wrong PINs typed for one player on one protocol, counted apart for each channel (kept in the database:
    it holds across app servers). Wrong tries on phones never close the PIN on the referee's device. On phones,
    one row per phone (``device``, the hash of its key) and one row of all phones together (``device`` empty):
    a stranger's phone closes itself, not the player's own (``scoring.pin_tries``)."""

    protocol = models.ForeignKey(
        Protocol, verbose_name=_("протокол"), on_delete=models.CASCADE, related_name="pin_attempts"
    )
    player = models.ForeignKey(
        "tournaments.Player", verbose_name=_("игрок"), on_delete=models.CASCADE, related_name="+"
    )
    channel = models.CharField(_("где вводили"), max_length=8, choices=PinChannel.choices, default=PinChannel.TABLE)
    device = models.CharField(_("телефон"), max_length=64, blank=True, default="")
    failures = models.PositiveSmallIntegerField(_("неверных попыток"), default=0)
    refused = models.PositiveIntegerField(_("отказов после блокировки"), default=0)
    last_at = models.DateTimeField(_("последняя попытка"), auto_now=True)

    class Meta:
        verbose_name = _("попытка ПИН-кода")
        verbose_name_plural = _("попытки ПИН-кода")
        constraints = [models.UniqueConstraint(fields=["protocol", "player", "channel", "device"],
                                               name="unique_pin_attempt_device")]


class PinThrottleKind(models.TextChoices):
    SESSION = "session", _("устройство (сессия)")


class PinThrottle(models.Model):
    """Wrong PINs typed on phones from one device (a hash of its session), in one tournament, within a
    cool-off window that starts at the window's first wrong try. (An address is not counted: a hall's phones
    share one.)"""

    tournament = models.ForeignKey(
        "tournaments.Tournament", verbose_name=_("турнир"), on_delete=models.CASCADE, related_name="+"
    )
    kind = models.CharField(_("что считается"), max_length=8, choices=PinThrottleKind.choices)
    key = models.CharField(_("ключ"), max_length=64)
    failures = models.PositiveSmallIntegerField(_("неверных попыток"), default=0)
    refused = models.PositiveIntegerField(_("отказов после блокировки"), default=0)
    since = models.DateTimeField(_("начало окна"))

    class Meta:
        verbose_name = _("попытки ПИН-кода с телефонов")
        verbose_name_plural = _("попытки ПИН-кода с телефонов")
        constraints = [models.UniqueConstraint(fields=["tournament", "kind", "key"], name="unique_pin_throttle")]


class DataVersion(models.Model):
    """A tournament's data version: a new random stamp on every change the live pages show.

    Bumped in the same transaction as the change (``scoring.live``); the live pages' ETags and
    cached fragments are keyed by it, so a repeated poll costs no scoring work between changes.
    A row of its own, so that saving a tournament never writes back a stale stamp.
    """

    tournament = models.OneToOneField(
        "tournaments.Tournament", verbose_name=_("турнир"), on_delete=models.CASCADE, primary_key=True,
        related_name="data_version",
    )
    stamp = models.CharField(_("отметка версии данных"), max_length=32)
    changed_at = models.DateTimeField(_("изменено"), auto_now=True)

    class Meta:
        verbose_name = _("версия данных турнира")
        verbose_name_plural = _("версии данных турниров")

    def __str__(self):
        return self.stamp
