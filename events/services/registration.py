"""Registration and withdrawal of pairs."""
from __future__ import annotations

import re

from django.db import transaction
from django.db.models import Max, Q
from django.utils.translation import gettext as _

from access.permissions import require_organizer
from audit.log import log_action
from core.locking import locked
from core.names import fold
from core.text import UnsafeText, ascii_digits
from core.text import clean_text as clean_unicode
from registry.matching import clean_federation_id
from tournaments.errors import InvalidFields, InvalidInput, TournamentError
from tournaments.models import Entrant, EntrantStatus, PairingSystem, Player, Tournament
from tournaments.signals import entrant_left

from .draw import player_order
from .entrants import create_pair
from .stages import record_walkover


def pair_snapshot(pair) -> dict:
    return {"id": pair.pk, "number": pair.number, "name": pair.name, "rating": pair.rating, "status": pair.status,
            "joined_round": pair.joined_round, "team_name": pair.team_name,
            "players": [{"name": p.name, "club": p.club, "rating": p.rating, "number": p.number}
                        for p in pair.players.all()]}


RATING_MAX = 100_000
_ASCII_INT = re.compile(r"[+-]?[0-9]{1,7}", re.ASCII)


def clean_rating(value, *, field: str, what: str):
    """A rating: empty, or a whole number written with the digits 0–9 (full-width ones too) within ±100 000."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, bool):
        value = str(value)
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, int):
        text = str(value)
    else:
        text = ascii_digits(str(value).strip())
    if not _ASCII_INT.fullmatch(text) or abs(int(text)) > RATING_MAX:
        what = _label(what)
        raise InvalidInput(
            _("%(what)s — целое число от −%(max)s до %(max)s, цифрами 0–9.") % {"what": what, "max": RATING_MAX},
            field=field,
        )
    return int(text)


def _label(what) -> str:
    return what() if callable(what) else what


def clean_text(value, *, field: str, what: str, required=False, limit=200, multiline=False) -> str:
    """A text as ``core.text.clean_text`` cleans it, then required and at most ``limit`` characters.

    ``what`` names the field in the messages: a text, or a function giving it (translated only on an error).
    """
    try:
        text = clean_unicode(value, multiline=multiline)
    except UnsafeText as exc:
        what = _label(what)
        raise InvalidInput(f"{what[:1].upper()}{what[1:]}: {exc.message}.", field=field, code=exc.code) from None
    if required and not text:
        what = _label(what)
        raise InvalidInput(_("Укажите: %(what)s.") % {"what": what}, field=field, code="required")
    if len(text) > limit:
        what = _label(what)
        raise InvalidInput(_("%(what)s — не длиннее %(n)s символов.") % {"what": what[:1].upper() + what[1:],
                                                                         "n": limit},
                           field=field, code="too_long")
    return text


def collect(errors: list, clean, *args, **kwargs):
    """``clean(*args, **kwargs)``, or None with its error added to ``errors``."""
    try:
        return clean(*args, **kwargs)
    except InvalidInput as err:
        errors.append(err)
        return None


def _raise(errors: list) -> None:
    """One error as it is; several as one InvalidFields naming each field."""
    if len(errors) == 1:
        raise errors[0]
    if errors:
        raise InvalidFields([(e.details.get("field"), e.message) for e in errors], code=errors[0].code)


def _player_fields(p, k, errors) -> dict:
    name = collect(errors, clean_text, p.get("name"), field=f"player{k}_name",
                    what=lambda: _("фамилия и имя игрока %(k)s") % {"k": k}, required=True)
    club = collect(errors, clean_text, p.get("club"), field=f"player{k}_club",
                    what=lambda: _("клуб / город игрока %(k)s") % {"k": k})
    rating = collect(errors, clean_rating, p.get("rating"), field=f"player{k}_rating",
                      what=lambda: _("Рейтинг игрока %(k)s") % {"k": k})
    federation_id = collect(errors, clean_federation_id, p.get("federation_id"), field=f"player{k}_federation_id")
    # the registry's person (``registry.services.choose_persons``): an id, "new", "none" or undecided
    return {"name": name, "club": club, "rating": rating, "federation_id": federation_id, "person": p.get("person")}


def clean_player(p, k) -> dict:
    """One player's name (required), club / city and rating; errors name the field ``player{k}_…``, all at once."""
    errors = []
    player = _player_fields(p, k, errors)
    _raise(errors)
    return player


def pair_problems(players, name, rating) -> tuple[list[dict], str | None, int | None, list[InvalidInput]]:
    """Two players, the pair's name and rating as cleaned, and every error among them (in form order).

    A field with an error is None. The same person twice in one pair is an error (names compared as
    ``names.fold`` does).
    """
    errors = []
    cleaned = [_player_fields(p, k, errors) for k, p in enumerate(players, start=1)]
    first, second = ([c["name"] for c in cleaned] + [None])[:2]
    if first and second and fold(first) == fold(second):
        errors.append(InvalidInput(
            _("«%(name)s» указан в паре дважды: в паре два разных игрока.") % {"name": second},
            field="player2_name", code="same_player_twice"))
    pair_name = collect(errors, clean_text, name, field="name", what=lambda: _("название пары"))
    pair_rating = collect(errors, clean_rating, rating, field="rating", what=lambda: _("Рейтинг пары"))
    errors.sort(key=lambda e: _FIELD_ORDER.get(e.details.get("field"), len(_FIELD_ORDER)))
    return cleaned, pair_name, pair_rating, errors


_FIELD_ORDER = {f: k for k, f in enumerate([f"player{k}_{what}" for k in (1, 2) for what in (
    "name", "club", "rating", "federation_id")] + ["name", "rating"])}


def entrant_size(tournament) -> int:
    """Players per entrant: two in a pair event, one in an individual event."""
    return tournament.format_spec.players_per_entrant


def clean_pair(players, name, rating, size: int = 2, team_name="") -> tuple[list[dict], str, int | None, str]:
    """Two players (``size`` 1: the one player of an individual event's entrant), the pair's name, rating and
    team (the team standing's, ``Entrant.team_name``), cleaned; raises every bad field at once (InvalidFields)."""
    players = list(players)
    if len(players) != size:
        raise InvalidInput(_("В паре должно быть два игрока.") if size == 2 else
                           _("В личном зачёте участник — один игрок."), field="players")
    cleaned, pair_name, pair_rating, errors = pair_problems(players, name, rating)
    team = collect(errors, clean_text, team_name, field="team_name", what=lambda: _("команда"))
    _raise(errors)
    return cleaned, pair_name, pair_rating, team


def registered_names(tournament, *, exclude_pair=None) -> dict:
    """{folded player name: (pair, player name)} of every pair of the tournament (but ``exclude_pair``)."""
    out = {}
    qs = Player.objects.filter(pair__tournament=tournament).select_related("pair")
    if exclude_pair is not None:
        qs = qs.exclude(pair_id=exclude_pair.pk)
    for player in qs:
        out.setdefault(fold(player.name), player)
    return out


def pair_label(pair) -> str:
    return pair.tournament.format_spec.entry_in_sentence(pair.number, " — ".join(p.name for p in pair.players.all()))


def check_duplicates(tournament, players, *, exclude_pair=None, known=None) -> None:
    """Refuse a pair already registered, or a player already in another pair of the tournament.

    Names are compared as ``names.fold`` does (case and «ё»/«е» ignored).
    """
    known = registered_names(tournament, exclude_pair=exclude_pair) if known is None else known
    found = [known.get(fold(p["name"])) for p in players]
    if len(found) == 2 and found[0] is not None and found[1] is not None and found[0].pair_id == found[1].pair_id:
        raise InvalidInput(_("Такая пара уже зарегистрирована: %(pair)s.") % {"pair": pair_label(found[0].pair)},
                           field="player1_name", code="duplicate_pair")
    for k, player in enumerate(found, start=1):
        if player is not None:
            raise InvalidInput(
                _("Игрок «%(name)s» уже зарегистрирован: %(pair)s.") % {"name": player.name,
                                                                        "pair": pair_label(player.pair)},
                field=f"player{k}_name", code="duplicate_player",
            )


def register_pair(user, tournament: Tournament, *, players, name="", rating=None, team_name="") -> Entrant:
    """Register one pair of two players (before the draw is closed)."""
    require_organizer(user, tournament)
    players, name, rating, team_name = clean_pair(players, name, rating, entrant_size(tournament), team_name)
    with transaction.atomic():
        tournament = locked(Tournament.objects.filter(pk=tournament.pk)).get()
        if tournament.draw_closed:
            raise TournamentError(_("Жеребьёвка закрыта: регистрация новых пар окончена."), code="draw_closed")
        check_duplicates(tournament, players)
        pair = create_pair(user, tournament, players, name=name, rating=rating, team_name=team_name)
        log_action(tournament, "pair.registered", user=user, after=pair_snapshot(pair))
    return pair


def register_late_pair(user, tournament: Tournament, *, players, name="", rating=None, team_name="") -> Entrant:
    """A pair that arrives after the first round: it takes the next free number and plays from the next round.

    The rounds it missed count as the rules' ``late_entry_result`` (default "none": no match points).
    Not in a round robin, whose schedule is fixed by the number of pairs.
    """
    require_organizer(user, tournament)
    players, name, rating, team_name = clean_pair(players, name, rating, entrant_size(tournament), team_name)
    with transaction.atomic():
        tournament = locked(Tournament.objects.filter(pk=tournament.pk)).get()
        last = tournament.rounds.order_by("-number").first()
        if last is None:
            raise TournamentError(_("Туров ещё нет: зарегистрируйте пару обычным порядком до жеребьёвки."),
                                  code="no_rounds_yet")
        if tournament.pairing_system == PairingSystem.ROUND_ROBIN:
            raise TournamentError(_("В круговой системе расписание туров составлено на всех: опоздавшую пару "
                                    "добавить нельзя."), code="round_robin")
        if last.number >= tournament.rounds_planned:
            raise TournamentError(_("Все запланированные туры уже составлены: опоздавшей паре негде играть."),
                                  code="rounds_complete")
        check_duplicates(tournament, players)
        number = (tournament.pairs.aggregate(m=Max("number"))["m"] or 0) + 1
        pair = create_pair(user, tournament, players, name=name, rating=rating, number=number,
                            joined_round=last.number + 1, team_name=team_name)
        group = list(pair.players.order_by("id"))
        order = player_order(pair.pk, [p.pk for p in group], tournament.draw_seed)
        for p in group:
            p.number = order.index(p.pk) + 1
        Player.objects.bulk_update(group, ["number"])
        log_action(tournament, "pair.registered_late", user=user, after=pair_snapshot(pair),
                   note=_("играет с тура %(n)s; пропущенные туры: %(r)s") % {
                       "n": pair.joined_round, "r": tournament.rules().late_entry_result})
    return pair


def _seated(pair) -> list:
    return sorted(pair.players.all(), key=lambda p: (p.number is None, p.number or 0, p.pk))


def edit_pair(user, pair: Entrant, *, players, name="", rating=None, note="", team_name=None) -> Entrant:
    """Correct a pair: the players' names, clubs / cities and ratings, the pair's name, rating and team (None: kept).

    ``players`` in seat order (player 1, player 2). The players keep their accounts: a different
    person is a substitution (``substitute_player``).
    """
    require_organizer(user, pair.tournament)
    players, name, rating, team = clean_pair(players, name, rating, entrant_size(pair.tournament), team_name)
    note = clean_text(note, field="note", what=_("причина"), limit=300)
    with transaction.atomic():
        pair = locked(Entrant.objects.select_related("tournament").filter(pk=pair.pk)).get()
        check_duplicates(pair.tournament, players, exclude_pair=pair)
        before = pair_snapshot(pair)
        seated = _seated(pair)
        for player, data in zip(seated, players):
            player.name, player.club, player.rating = data["name"], data["club"], data["rating"]
        Player.objects.bulk_update(seated, ["name", "club", "rating"])
        pair.name, pair.rating, pair.team_name = name, rating, pair.team_name if team_name is None else team
        pair.save(update_fields=["name", "rating", "team_name"])
        after = pair_snapshot(pair)
        if after != before:
            log_action(pair.tournament, "pair.edited", user=user, before=before, after=after, note=note)
    return pair


def substitute_player(user, pair: Entrant, seat: int, *, player, note="") -> Entrant:
    """Another person takes the place of player ``seat`` (1 or 2) of the pair.

    The pair keeps its number and its results; the account of the player who left is
    unlinked from the pair (the newcomer gets his own from the accounts page).
    """
    require_organizer(user, pair.tournament)
    if seat not in (1, 2):
        raise InvalidInput(_("Укажите, кого заменяют: игрока 1 или игрока 2."), field="seat")
    data = clean_player(player, seat)
    note = clean_text(note, field="note", what=_("причина"), limit=300)
    with transaction.atomic():
        pair = locked(Entrant.objects.select_related("tournament").filter(pk=pair.pk)).get()
        seated = _seated(pair)
        if len(seated) < seat:
            raise InvalidInput(pair.tournament.format_spec.no_seat_text(seat), field="seat")
        leaving, partner = seated[seat - 1], (seated[2 - seat] if len(seated) == 2 else None)
        if fold(data["name"]) == fold(leaving.name):
            raise InvalidInput(_("Это тот же игрок: чтобы исправить имя, измените пару."),
                               field=f"player{seat}_name", code="same_player")
        if partner is not None and fold(data["name"]) == fold(partner.name):
            raise InvalidInput(_("«%(name)s» уже играет в этой паре.") % {"name": partner.name},
                               field=f"player{seat}_name", code="same_player_twice")
        known = registered_names(pair.tournament, exclude_pair=pair)
        other = known.get(fold(data["name"]))
        if other is not None:
            raise InvalidInput(
                _("Игрок «%(name)s» уже зарегистрирован: %(pair)s.") % {"name": other.name,
                                                                        "pair": pair_label(other.pair)},
                field=f"player{seat}_name", code="duplicate_player",
            )
        before = pair_snapshot(pair)
        last = pair.tournament.rounds.order_by("-number").values_list("number", flat=True).first() or 0
        leaving.name, leaving.club, leaving.rating, leaving.user = data["name"], data["club"], data["rating"], None
        leaving.person = None  # another person: linked to the registry on demand (registry.services.link_player)
        leaving.save(update_fields=["name", "club", "rating", "user", "person"])
        log_action(pair.tournament, "pair.player_substituted", user=user, before=before, after=pair_snapshot(pair),
                   note=note or _("замена игрока %(k)s после тура %(r)s") % {"k": seat, "r": last})
    return pair


def delete_pair(user, pair: Entrant) -> None:
    """Remove a pair registered by mistake, before the draw is closed and before any round.

    It vanishes everywhere; if the draw was already run, it must be run again (the numbers have a gap).
    """
    require_organizer(user, pair.tournament)
    with transaction.atomic():
        tournament = locked(Tournament.objects.filter(pk=pair.tournament_id)).get()
        pair = locked(Entrant.objects.filter(pk=pair.pk)).get()
        if tournament.draw_closed or tournament.rounds.exists():
            raise TournamentError(
                _("Жеребьёвка закрыта: пару больше нельзя удалить. Снимите её с турнира — её результаты останутся."),
                code="draw_closed",
            )
        before = pair_snapshot(pair)
        pair.delete()
        redraw = bool(tournament.draw_done_at)
        if redraw:
            tournament.draw_done_at = None
            tournament.save(update_fields=["draw_done_at"])
        log_action(tournament, "pair.deleted", user=user, before=before,
                   note=_("жеребьёвку нужно провести заново") if redraw else "")
        entrant_left.send(sender=Entrant, tournament=tournament, user=user)  # the online waiting list moves up


def withdraw_pair(user, pair: Entrant, *, note="") -> Entrant:
    """The pair leaves between rounds: it is not paired again, its results stay."""
    tournament = pair.tournament
    require_organizer(user, tournament)
    note = clean_text(note, field="note", what=_("причина"), limit=300)
    with transaction.atomic():
        pair = locked(Entrant.objects.filter(pk=pair.pk)).get()
        if pair.status != EntrantStatus.ACTIVE:
            raise TournamentError(_("Пара уже не участвует в турнире."), code="not_active")
        draft = pair.tournament.rounds.filter(status="draft").order_by("-number").first()
        if draft and draft.parties.filter(Q(pair_a=pair) | Q(pair_b=pair)).exists():
            raise TournamentError(
                _("Пара стоит в черновике тура %(n)s: сначала удалите черновик.") % {"n": draft.number},
                code="in_draft_round",
            )
        before = pair_snapshot(pair)
        last = pair.tournament.rounds.order_by("-number").values_list("number", flat=True).first()
        pair.status = EntrantStatus.WITHDRAWN
        pair.withdrawn_after_round = last or 0
        pair.save(update_fields=["status", "withdrawn_after_round"])
        log_action(tournament, "pair.withdrawn", user=user, before=before, after=pair_snapshot(pair), note=note)
        record_walkover(user, tournament, pair)
        entrant_left.send(sender=Entrant, tournament=tournament, user=user)  # the online waiting list moves up
    return pair


def undo_withdrawal(user, pair: Entrant, *, note="") -> Entrant:
    """A withdrawn pair plays on, as if it had not left: only while no round was paired since it withdrew.

    A pair removed by the referee's decision (the last step of the remark ladder) is not brought back here:
    the chief referee clears that remark's protocol instead.
    """
    tournament = pair.tournament
    require_organizer(user, tournament)
    note = clean_text(note, field="note", what=_("причина"), limit=300)
    with transaction.atomic():
        pair = locked(Entrant.objects.filter(pk=pair.pk)).get()
        if pair.status != EntrantStatus.WITHDRAWN:
            raise TournamentError(_("Пара не снималась: отменять нечего."), code="not_withdrawn")
        last = tournament.rounds.order_by("-number").values_list("number", flat=True).first() or 0
        if last > (pair.withdrawn_after_round or 0):
            raise TournamentError(
                _("После снятия пары уже составлен тур %(n)s, и её в нём нет: отменить снятие можно, только пока "
                  "следующий тур не составлен (черновик тура можно удалить).") % {"n": last},
                code="round_paired_since",
            )
        before = pair_snapshot(pair)
        pair.status = EntrantStatus.ACTIVE
        pair.withdrawn_after_round = None
        pair.save(update_fields=["status", "withdrawn_after_round"])
        log_action(tournament, "pair.withdrawal_undone", user=user, before=before, after=pair_snapshot(pair),
                   note=note)
    return pair
