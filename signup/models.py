"""Online registration of a tournament (docs/registration.md): its settings and the entries players send.

An entry is the player's (or the pair's, or the team's) own application, kept apart from the tournament's entrants
(``tournaments.Entrant``): it becomes an entrant, through the organizer's services, when it is accepted
within the limit, and stays linked to it (``Entry.pair``; a team event's entry: ``Entry.team``, with its
name, club / region and reserves beside the players of its pairs). The player's code is never stored, only its
hash and the seed the site's key turns into it (``signup.codes``); the check-in token is derived from the code and
stored hashed too. What the site told the player about his entry is one ``EntryMessage`` each (``signup.notices``).
"""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from teams.models import Team
from tournaments.formats import formats_with
from tournaments.models import Entrant, Tournament

SIGNUP_FORMATS = formats_with("online_registration")  # every format's own class says whether


class SignupSettings(models.Model):
    """The organizer's registration of one tournament: when, how many, which fields, approval."""

    tournament = models.OneToOneField(Tournament, verbose_name=_("турнир"), on_delete=models.CASCADE,
                                      related_name="signup")
    opens_at = models.DateTimeField(_("регистрация открывается"))
    closes_at = models.DateTimeField(_("регистрация закрывается"))
    limit = models.PositiveIntegerField(_("предел заявок"), null=True, blank=True,
                                        help_text=_("Пусто — без предела."))
    ask_club = models.BooleanField(_("спрашивать клуб"), default=True)
    ask_city = models.BooleanField(_("спрашивать город"), default=True)
    ask_birth_year = models.BooleanField(_("спрашивать год рождения"), default=False)
    ask_contact = models.BooleanField(_("спрашивать телефон или e-mail"), default=False)
    approval_required = models.BooleanField(_("заявки подтверждает организатор"), default=False)
    closed_at = models.DateTimeField(_("закрыта организатором"), null=True, blank=True)
    closed_on_site_at = models.DateTimeField(_("закрыта на месте"), null=True, blank=True)
    changed_at = models.DateTimeField(_("изменена"), auto_now=True)

    class Meta:
        verbose_name = _("онлайн-регистрация")
        verbose_name_plural = _("онлайн-регистрации")

    def __str__(self):
        return str(self.tournament)

    def closed_reason(self, now) -> str | None:
        """Why the form takes no entry now (a code of ``signup.selectors.CLOSED_MESSAGES``), None while open."""
        tournament = self.tournament
        if tournament.format not in SIGNUP_FORMATS:
            return "format"
        if tournament.draw_done_at or tournament.draw_closed or tournament.rounds.exists():
            return "draw_done"
        if self.closed_at is not None:
            return "closed"
        if now < self.opens_at:
            return "not_yet"
        if now >= self.closes_at:
            return "ended"
        return None


class EntryStatus(models.TextChoices):
    PENDING = "pending", _("Ждёт подтверждения")
    ACCEPTED = "accepted", _("Принята")
    WAITING = "waiting", _("В листе ожидания")
    REFUSED = "refused", _("Отклонена")
    WITHDRAWN = "withdrawn", _("Отозвана")
    ABSENT = "absent", _("Не явился (снят до жеребьёвки)")


LIVE = (EntryStatus.PENDING, EntryStatus.ACCEPTED, EntryStatus.WAITING)


class Entry(models.Model):
    """One application: its players (a list of {name, club, city, birth_year, federation_id}) and contact.

    A team event's entry lists the players of its K pairs in order (pair 1's two players first), its team's
    name and club / region, and its reserves (a list like ``players``)."""

    tournament = models.ForeignKey(Tournament, verbose_name=_("турнир"), on_delete=models.CASCADE,
                                   related_name="signup_entries")
    status = models.CharField(_("статус"), max_length=16, choices=EntryStatus.choices, default=EntryStatus.PENDING)
    players = models.JSONField(_("игроки"), default=list)
    contact = models.CharField(_("телефон или e-mail"), max_length=100, blank=True)
    code_hash = models.CharField(_("код заявки (хеш)"), max_length=64, unique=True)
    # the code is the HMAC of this seed with the site's key (signup.codes.code_of): the site can mail the link
    # again, the database alone cannot; empty: an entry whose code the site cannot rebuild
    code_seed = models.CharField(_("основа кода заявки"), max_length=32, blank=True)
    language = models.CharField(_("язык игрока"), max_length=8, blank=True)
    checkin_hash = models.CharField(_("код отметки (хеш)"), max_length=64, unique=True)
    pair = models.OneToOneField(Entrant, verbose_name=_("участник турнира"), null=True, blank=True,
                                on_delete=models.SET_NULL, related_name="signup_entry")
    team_name = models.CharField(_("название команды"), max_length=200, blank=True)
    team_club = models.CharField(_("клуб / регион команды"), max_length=200, blank=True)
    reserves = models.JSONField(_("запасные игроки"), default=list, blank=True)
    team = models.OneToOneField(Team, verbose_name=_("команда турнира"), null=True, blank=True,
                                on_delete=models.SET_NULL, related_name="signup_entry")
    refusal_reason = models.CharField(_("причина отказа"), max_length=300, blank=True)
    # The waiting list's order: who sent his entry first moves up first.
    submitted_at = models.DateTimeField(_("подана"))
    accepted_at = models.DateTimeField(_("принята"), null=True, blank=True)
    withdrawn_at = models.DateTimeField(_("отозвана"), null=True, blank=True)
    checked_in_at = models.DateTimeField(_("отметился на месте"), null=True, blank=True)
    checked_in_by = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("отметил"), null=True, blank=True,
                                      on_delete=models.SET_NULL, related_name="+")

    class Meta:
        verbose_name = _("заявка")
        verbose_name_plural = _("заявки")
        ordering = ["tournament", "submitted_at", "id"]
        indexes = [models.Index(fields=["tournament", "status", "submitted_at", "id"], name="entry_queue")]

    def __str__(self):
        return self.names()

    def names(self) -> str:
        if self.team_name:
            return self.team_name
        return " — ".join(str(p.get("name", "")) for p in self.players)

    @property
    def email(self) -> str:
        """The contact when it is an e-mail address (``signup.cleaning.clean_contact``: else a phone), or ""."""
        return self.contact if "@" in (self.contact or "") else ""

    def waiting_place(self) -> int | None:
        """The entry's place in the waiting list (1 = the next to move up), None when it does not wait."""
        if self.status != EntryStatus.WAITING:
            return None
        ahead = Entry.objects.filter(tournament_id=self.tournament_id, status=EntryStatus.WAITING)
        earlier = ahead.filter(submitted_at__lt=self.submitted_at).count()
        same_time = ahead.filter(submitted_at=self.submitted_at, id__lt=self.pk).count()
        return earlier + same_time + 1


class MessageKind(models.TextChoices):
    SUBMITTED = "submitted", _("Заявка получена")
    APPROVED = "approved", _("Заявка подтверждена")
    MOVED_UP = "moved_up", _("Заявка поднята из листа ожидания")
    RESTORED = "restored", _("Заявка возвращена")
    REFUSED = "refused", _("Заявка отклонена")
    WITHDRAWN = "withdrawn", _("Заявка отозвана")
    LINK = "link", _("Ссылка на заявку")


class EntryMessage(models.Model):
    """One thing the site told the player about his entry: shown on the entry's page, e-mailed when the entry gives
    an e-mail address (``signup.notices``). The text never holds the code: the letter adds the link when sent."""

    entry = models.ForeignKey(Entry, verbose_name=_("заявка"), on_delete=models.CASCADE, related_name="messages")
    kind = models.CharField(_("повод"), max_length=16, choices=MessageKind.choices)
    language = models.CharField(_("язык"), max_length=8)
    subject = models.CharField(_("тема"), max_length=200)
    text = models.TextField(_("текст"))
    email = models.CharField(_("e-mail получателя"), max_length=100, blank=True)
    created_at = models.DateTimeField(_("создано"))
    emailed_at = models.DateTimeField(_("отправлено письмом"), null=True, blank=True)
    mail_error = models.CharField(_("ошибка почты"), max_length=200, blank=True)

    class Meta:
        verbose_name = _("сообщение игроку")
        verbose_name_plural = _("сообщения игрокам")
        ordering = ["entry", "created_at", "id"]

    def __str__(self):
        return self.subject


class SignupSender(models.Model):
    """One client address's sends of the public form within the last hour (``signup.throttle``).

    The row is also the lock that makes one address's sends count one at a time; a row whose last send is older
    than the hour is deleted."""

    address = models.CharField(_("адрес"), max_length=64, unique=True)
    sends = models.JSONField(_("отправки за час"), default=list)  # ISO times, the oldest first
    last_at = models.DateTimeField(_("последняя отправка"), db_index=True)

    class Meta:
        verbose_name = _("отправитель заявок")
        verbose_name_plural = _("отправители заявок")

    def __str__(self):
        return self.address
