"""Tournaments, pairs, players, rounds and parties (the organizer's side)."""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core.text import numbered
from engine.rules import Rules, RulesError
from engine.rules.clock import Clock, time_limit_seconds
from tournaments.choices import ProtocolStatus
from tournaments.validators import validate_tiebreaks

from .choices import (  # noqa: F401  (kept importable from here)
    TEAM_BEST_MAX,
    FinalKind,
    FinalMatch,
    TeamStanding,
    TournamentFormat,
)
from .clock_fields import (  # noqa: F401  (the migrations name them here)
    CLOCK_WARNINGS_MAX,
    default_clock_warnings,
    validate_clock_pauses,
    validate_clock_warnings,
)
from .clock_fields import (
    epoch as _epoch,
)
from .formats import format_of
from .games import game_of
from .presets import site_presets

# The fields of a tournament's rules: fixed once a protocol is signed (``Tournament.rules_locked``).
RULE_FIELDS = ("rules_preset", "rules_overrides", "tiebreaks")


def rules_locked_message() -> str:
    return gettext("Регламент и порядок показателей нельзя менять: в турнире уже есть подписанные протоколы.")


class PairingSystem(models.TextChoices):
    ROUND_ROBIN = "round-robin", _("Круговая система")
    SWISS = "swiss", _("Швейцарская система")
    RANDOM = "random", _("Случайная без повторов")


class SignatureMode(models.TextChoices):
    EACH_PLAYER = "each_player", _("Каждый игрок")
    ONE_PER_PAIR = "one_per_pair", _("Один игрок от пары")


class SigningMethod(models.TextChoices):
    """How the players sign (``SignatureMode`` says how many of them sign)."""

    ACCOUNT = "account", _("Своей учётной записью (пароль)")
    REFEREE_ATTESTS = "referee_attests", _("Судья заверяет подписи на бумажном бланке")
    TABLE_PIN = "table_pin", _("ПИН-код на устройстве судьи")
    OWN_PHONE = "own_phone", _("ПИН-код на своём телефоне (QR-код стола)")


class Tournament(models.Model):
    name = models.CharField(_("название"), max_length=200)
    slug = models.SlugField(_("краткое имя"), max_length=80, unique=True)
    start_date = models.DateField(_("дата начала"))
    end_date = models.DateField(_("дата окончания"), null=True, blank=True)
    venue = models.CharField(_("место проведения"), max_length=200, blank=True)
    city = models.CharField(_("город"), max_length=100, blank=True)  # the calendar's filter (events.calendar)
    rules_preset = models.CharField(_("регламент"), max_length=32, default="pusto-shest")
    rules_overrides = models.JSONField(_("изменения регламента"), default=dict, blank=True)
    format = models.CharField(
        _("зачёт"), max_length=16, choices=TournamentFormat.choices, default=TournamentFormat.PAIRS,
        help_text=_("Личный зачёт: участники — игроки, партнёр назначается на каждый тур."),
    )
    pairing_system = models.CharField(
        _("система жеребьёвки туров"), max_length=16, choices=PairingSystem.choices, default=PairingSystem.SWISS
    )
    rounds_planned = models.PositiveSmallIntegerField(_("запланировано туров"), default=7)
    tiebreaks = models.JSONField(
        _("порядок показателей"), default=list, blank=True,
        help_text=_("Пустой список — порядок по умолчанию для регламента."),
    )
    confirm_each_deal = models.BooleanField(_("подтверждать каждую раздачу"), default=False)
    draw_by_rating = models.BooleanField(_("номера по рейтингу"), default=False)  # the draw (services/draw.py)
    team_standing = models.CharField(
        _("командный зачёт"), max_length=8, choices=TeamStanding.choices, default=TeamStanding.NONE)
    team_best = models.PositiveSmallIntegerField(_("участников команды в зачёте"), default=2)
    signature_mode = models.CharField(
        _("подписи игроков"), max_length=16, choices=SignatureMode.choices, default=SignatureMode.EACH_PLAYER
    )
    signing_method = models.CharField(
        _("способ подписи"), max_length=16, choices=SigningMethod.choices, default=SigningMethod.ACCOUNT,
    )
    is_public = models.BooleanField(_("опубликован"), default=True)
    # The round clock warns when this many minutes are left (docs/rules.md §5.1); empty: no warning.
    clock_warnings = models.JSONField(_("предупреждения часов тура, мин"), default=default_clock_warnings,
                                      blank=True, validators=[validate_clock_warnings])
    # Stages: stage 1 is ``rounds_planned`` rounds; stage 2 the best ``final_size`` of it (``Qualification``).
    final_kind = models.CharField(_("второй этап"), max_length=16, choices=FinalKind.choices, default=FinalKind.NONE)
    final_size = models.PositiveSmallIntegerField(_("участников второго этапа"), null=True, blank=True)
    final_carry_over = models.BooleanField(_("учитывать встречи финалистов в первом этапе"), default=False, help_text=_(
        "Круговой финал: результаты партий финалистов между собой в первом этапе идут в финал."))
    final_third_place = models.BooleanField(_("матч за третье место"), default=False)
    final_match = models.CharField(_("матч сетки"), max_length=16, choices=FinalMatch.choices, default=FinalMatch.SINGLE)
    # Groups, then a bracket of the best ``final_group_qualifiers`` of each group (engine.pairing.groups):
    final_groups = models.PositiveSmallIntegerField(_("подгрупп второго этапа"), null=True, blank=True)
    final_group_qualifiers = models.PositiveSmallIntegerField(_("выходят в сетку из подгруппы"), null=True, blank=True)
    # The hall map (referees.hall_map): tables placed by number, row by row; empty: as many in a row as fit.
    hall_rows = models.PositiveSmallIntegerField(_("рядов столов в зале"), null=True, blank=True)
    hall_columns = models.PositiveSmallIntegerField(_("столов в ряду"), null=True, blank=True)
    # A tournament with signed protocols is archived instead of deleted: hidden, its records kept.
    archived_at = models.DateTimeField(_("в архиве с"), null=True, blank=True)
    # The draw (жеребьёвка): reproducible from the stored seed.
    draw_seed = models.CharField(_("зерно жеребьёвки"), max_length=64, blank=True)
    draw_done_at = models.DateTimeField(_("жеребьёвка проведена"), null=True, blank=True)
    draw_done_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("жеребьёвку провёл"), null=True, blank=True,
        on_delete=models.SET_NULL, related_name="+",
    )
    draw_closed = models.BooleanField(_("жеребьёвка закрыта"), default=False)
    # The tournament's key for signing PDF score sheets (created on first use).
    signing_key_pem = models.TextField(_("ключ подписи (PEM)"), blank=True)
    signing_cert_pem = models.TextField(_("сертификат подписи (PEM)"), blank=True)
    # Certificates this tournament signed with before (kept when it was imported without its key): the seals
    # of the signatures made then verify against them (scoring.seals).
    former_certs_pem = models.TextField(_("прежние сертификаты подписи (PEM)"), blank=True)
    created_at = models.DateTimeField(_("создан"), auto_now_add=True)

    class Meta:
        verbose_name = _("турнир")
        verbose_name_plural = _("турниры")
        ordering = ["-start_date", "name"]

    def __str__(self):
        return self.name

    def clean(self):
        """The rules preset and overrides, and the tie-break list, are validated by the engine.

        Once a protocol is signed they cannot change (``rules_locked``).
        """
        errors = {}
        if not isinstance(self.rules_overrides, dict) or "preset" in (self.rules_overrides or {}):
            errors["rules_overrides"] = _("Изменения регламента — объект JSON без ключа preset.")
        else:
            try:
                self.rules()
            except RulesError as exc:
                field = "rules_preset" if exc.key == "preset" else "rules_overrides"
                errors[field] = _("Регламент не принят: %(msg)s") % {"msg": exc.message}
            else:
                if self.rules_preset not in site_presets():  # a game the engine scores but the site cannot play yet
                    errors["rules_preset"] = _("Выберите регламент из списка: %(known)s.") % {
                        "known": ", ".join(site_presets())}
                elif self.format not in self.game.formats:
                    errors["format"] = self.game.formats_refusal()
        try:
            validate_tiebreaks(self.tiebreaks, individual=self.is_individual)
        except ValidationError as exc:
            errors["tiebreaks"] = exc.messages
        changed = self.changed_rule_fields()
        if changed and self.rules_locked():
            for field in changed:
                errors.setdefault(field, rules_locked_message())
        if errors:
            raise ValidationError(errors)

    def rules_locked(self) -> bool:
        """True once any protocol of the tournament is signed, by a player or the referee.

        A signature vouches for the protocol's content with the tournament's rules, and the standings already
        read are ordered by the tie-breaks: so the rules are fixed from then on (``services.settings.update_rules``).
        """
        if self.pk is None:
            return False
        parties = Partie.objects.filter(round__tournament_id=self.pk)
        return (parties.filter(protocol__signatures__isnull=False).exists()
                or parties.filter(protocol__status=ProtocolStatus.SIGNED).exists())

    def changed_rule_fields(self) -> list[str]:
        """The rule fields whose value on this (unsaved) instance differs from the stored one."""
        if self.pk is None:
            return []
        stored = Tournament.objects.filter(pk=self.pk).values(*RULE_FIELDS).first()
        if stored is None:
            return []
        return [f for f in RULE_FIELDS if stored[f] != getattr(self, f)]

    @property
    def is_individual(self) -> bool:
        return self.format == TournamentFormat.INDIVIDUAL

    @property
    def format_spec(self):
        """What differs by format, asked of one object (``tournaments.formats``): pages and printouts ask it,
        never ``format`` itself (made anew each time: a changed ``format`` is never read stale)."""
        return format_of(self)

    @property
    def has_team_standing(self) -> bool:
        """A team standing is kept (by club or by the entrants' teams): the entrants' forms ask for their team."""
        return self.team_standing in (TeamStanding.CLUB, TeamStanding.TEAM)

    def rules_config(self) -> dict:
        """The preset and overrides as the scoring engine takes them."""
        return {"preset": self.rules_preset, **(self.rules_overrides or {})}

    def rules(self):
        return Rules.from_config(self.rules_config())

    @property
    def game(self):
        """What differs by game, asked of one object (``tournaments.games``), bound to the rules as they are now."""
        return game_of(self.rules())


class EntrantStatus(models.TextChoices):
    ACTIVE = "active", _("Играет")
    WITHDRAWN = "withdrawn", _("Снялась")
    DISQUALIFIED = "disqualified", _("Снята с турнира")


class Entrant(models.Model):
    """An entrant of the event: a pair of two players, in an individual event one player, in a team event a
    team's pair (the team is ``teams.Team``). Its table and its foreign keys' names (``pair``, ``pair_a``) keep
    the word of the pair event where it began."""

    tournament = models.ForeignKey(Tournament, verbose_name=_("турнир"), on_delete=models.CASCADE, related_name="pairs")
    number = models.PositiveIntegerField(_("номер пары"), null=True, blank=True)
    name = models.CharField(_("название пары"), max_length=200, blank=True)
    rating = models.IntegerField(_("рейтинг"), null=True, blank=True)
    # The team it counts for in the team standing (``TeamStanding``; by club: overrides the players' club).
    team_name = models.CharField(_("команда"), max_length=200, blank=True)
    status = models.CharField(_("статус"), max_length=16, choices=EntrantStatus.choices, default=EntrantStatus.ACTIVE)
    withdrawn_after_round = models.PositiveSmallIntegerField(_("снялась после тура"), null=True, blank=True)
    manual_number = models.BooleanField(_("номер назначен вручную"), default=False)
    # A pair registered late plays from this round on; the rounds before it count as the rules'
    # ``late_entry_result``. Empty: registered before the first round.
    joined_round = models.PositiveSmallIntegerField(_("играет с тура"), null=True, blank=True)
    registered_at = models.DateTimeField(_("зарегистрирована"), auto_now_add=True)

    class Meta:
        db_table = "tournaments_pair"
        verbose_name = _("пара")
        verbose_name_plural = _("пары")
        ordering = ["tournament", "number", "id"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="unique_pair_number"),
        ]

    def __str__(self):
        players = " — ".join(p.name for p in self.players.all())
        label = numbered(self.number) if self.number else _("без номера")
        return f"{label} {self.name or players}".strip()


class Player(models.Model):
    pair = models.ForeignKey(Entrant, verbose_name=_("пара"), on_delete=models.CASCADE, related_name="players")
    name = models.CharField(_("фамилия и имя"), max_length=200)
    club = models.CharField(_("клуб / город"), max_length=200, blank=True)
    rating = models.IntegerField(_("рейтинг"), null=True, blank=True)
    number = models.PositiveSmallIntegerField(_("номер игрока в паре"), null=True, blank=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("учётная запись"), null=True, blank=True,
        on_delete=models.SET_NULL, related_name="players",
    )
    # The one person of the players' registry this row is (``people``); empty: not linked yet.
    person = models.ForeignKey(
        "people.Person", verbose_name=_("игрок реестра"), null=True, blank=True,
        on_delete=models.PROTECT, related_name="entries",
    )
    # The player's signing PIN, hashed (django.contrib.auth.hashers); the PIN itself is shown once.
    pin_hash = models.CharField(_("ПИН-код подписи (хеш)"), max_length=128, blank=True)

    class Meta:
        verbose_name = _("игрок")
        verbose_name_plural = _("игроки")
        ordering = ["pair", "number", "id"]

    def __str__(self):
        return self.name


class RoundStatus(models.TextChoices):
    DRAFT = "draft", _("Черновик")
    PUBLISHED = "published", _("Опубликован")
    FINISHED = "finished", _("Завершён")


class Round(models.Model):
    tournament = models.ForeignKey(Tournament, verbose_name=_("турнир"), on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("номер тура"))
    status = models.CharField(_("статус"), max_length=16, choices=RoundStatus.choices, default=RoundStatus.DRAFT)
    seed = models.CharField(_("зерно жеребьёвки тура"), max_length=64, blank=True)
    override_reason = models.TextField(_("причина досрочной жеребьёвки"), blank=True)
    # The tables of the previous round whose protocols were still open when this round was paired early.
    override_tables = models.JSONField(_("неподписанные столы прошлого тура"), default=list, blank=True)
    paired_at = models.DateTimeField(_("пары составлены"), null=True, blank=True)
    paired_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("составил"), null=True, blank=True,
        on_delete=models.SET_NULL, related_name="+",
    )
    pairing_seconds = models.FloatField(_("время составления пар, с"), null=True, blank=True)
    # The round clock (docs/rules.md §5.1): its start, and its pauses [[from, to or null], ...] (ISO times).
    clock_started_at = models.DateTimeField(_("часы тура пущены"), null=True, blank=True)
    clock_pauses = models.JSONField(_("паузы часов тура"), default=list, blank=True,
                                    validators=[validate_clock_pauses])
    stage = models.PositiveSmallIntegerField(_("этап"), default=1)

    class Meta:
        verbose_name = _("тур")
        verbose_name_plural = _("туры")
        ordering = ["tournament", "number"]
        constraints = [models.UniqueConstraint(fields=["tournament", "number"], name="unique_round_number")]

    def __str__(self):
        return _("Тур %(n)s") % {"n": self.number}

    @property
    def clock_paused(self) -> bool:
        return bool(self.clock_pauses) and self.clock_pauses[-1][1] is None

    def clock(self, partie=None) -> Clock | None:
        """The clock of the round, or of one of its tables (its own start when it has one); None when the
        round's clock has not been started or the rules have no time limit."""
        limit = time_limit_seconds(self.tournament.rules())
        if self.clock_started_at is None or limit is None:
            return None
        start = partie.clock_started_at if partie is not None and partie.clock_started_at else self.clock_started_at
        pauses = tuple((_epoch(a), None if b is None else _epoch(b)) for a, b in self.clock_pauses)
        return Clock(start=start.timestamp(), limit=limit, pauses=pauses)


class Qualification(models.Model):
    """A finalist of stage 2 with its seed (1 = the best of stage 1), written when the organizer confirms."""

    tournament = models.ForeignKey(Tournament, verbose_name=_("турнир"), on_delete=models.CASCADE,
                                   related_name="qualifications")
    stage = models.PositiveSmallIntegerField(_("этап"), default=2)
    seed = models.PositiveSmallIntegerField(_("посев"))
    pair = models.ForeignKey(Entrant, verbose_name=_("участник"), on_delete=models.PROTECT, related_name="qualifications")
    stage1_rank = models.PositiveSmallIntegerField(_("место в первом этапе"), null=True, blank=True)
    decided_by = models.CharField(_("решающий показатель"), max_length=200, blank=True)
    confirmed_at = models.DateTimeField(_("подтверждено"), auto_now_add=True)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("подтвердил"), null=True, blank=True,
        on_delete=models.SET_NULL, related_name="+",
    )

    class Meta:
        verbose_name = _("выход во второй этап")
        verbose_name_plural = _("выход во второй этап")
        ordering = ["tournament", "stage", "seed"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "stage", "seed"], name="unique_qualification_seed"),
            models.UniqueConstraint(fields=["tournament", "stage", "pair"], name="unique_qualification_pair"),
        ]

    def __str__(self):
        return f"{self.tournament}: {self.seed}. {self.pair}"


class Partie(models.Model):
    """The game of two pairs at one table in one round (pair_b is empty for a bye)."""

    round = models.ForeignKey(Round, verbose_name=_("тур"), on_delete=models.CASCADE, related_name="parties")
    table = models.PositiveIntegerField(_("стол"), null=True, blank=True)
    pair_a = models.ForeignKey(Entrant, verbose_name=_("пара A"), on_delete=models.PROTECT, related_name="parties_as_a")
    pair_b = models.ForeignKey(
        Entrant, verbose_name=_("пара B"), on_delete=models.PROTECT, related_name="parties_as_b", null=True, blank=True
    )
    # Individual events (docs/rules-individual.md): the second player of each side (seats A2, B2); pair_a
    # and pair_b are then the players of seats A1 and B1. Empty in pair events and for a sit-out.
    partner_a = models.ForeignKey(
        Entrant, verbose_name=_("партнёр A2"), on_delete=models.PROTECT, related_name="parties_as_a2", null=True,
        blank=True,
    )
    partner_b = models.ForeignKey(
        Entrant, verbose_name=_("партнёр B2"), on_delete=models.PROTECT, related_name="parties_as_b2", null=True,
        blank=True,
    )
    reason = models.CharField(_("обоснование пары"), max_length=300, blank=True)
    # A table that started late runs its own time limit from here (docs/rules.md §5.1).
    clock_started_at = models.DateTimeField(_("свой старт стола"), null=True, blank=True)

    class Meta:
        verbose_name = _("партия")
        verbose_name_plural = _("партии")
        ordering = ["round", "table", "id"]
        constraints = [
            models.UniqueConstraint(fields=["round", "table"], name="unique_table_in_round"),
        ]

    def __str__(self):
        b = self.pair_b.number if self.pair_b_id else "—"
        return f"{self.round}: {_('стол')} {self.table}: {self.pair_a.number} – {b}"

    @property
    def is_bye(self) -> bool:
        return self.pair_b_id is None

    def side_entrants(self, side: str) -> list:
        """The entrants of side "A" or "B": one pair, or in an individual event the players of seats 1 and 2."""
        first, second = (self.pair_a, self.partner_a) if side == "A" else (self.pair_b, self.partner_b)
        return [e for e in (first, second) if e is not None]

    def entrant_ids(self) -> list[int]:
        """Every entrant at the table (pair events: the two pairs; individual: the four players)."""
        return [i for i in (self.pair_a_id, self.partner_a_id, self.pair_b_id, self.partner_b_id) if i]

    def side_players(self, side: str) -> list:
        """The players of a side in seat order (seat 1, then seat 2).

        A pair's players by their number in the pair; in an individual event the one player of each of the
        side's two entrants. Reads ``players`` through the prefetch cache when the caller prefetched it.
        """
        entrants = self.side_entrants(side)
        if len(entrants) == 1:
            return seated(entrants[0])
        return [seated(e)[0] for e in entrants if seated(e)]


def seated(pair) -> list:
    """The players of a pair in seat order (player number 1 then 2), at most two."""
    players = sorted(pair.players.all(), key=lambda p: (p.number is None, p.number or 0, p.pk))
    return players[:2]
