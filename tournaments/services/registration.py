"""Registration and withdrawal of pairs."""
from __future__ import annotations

import re

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from config.converters import strict_int
from referees.models import log_action

from ..errors import InvalidInput, TournamentError
from ..models import Pair, PairStatus, Player, Tournament
from ..permissions import require_organizer


# NUL and other control characters: PostgreSQL refuses NUL, and none of them prints.
CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def pair_snapshot(pair) -> dict:
    return {
        "id": pair.pk, "number": pair.number, "name": pair.name, "rating": pair.rating, "status": pair.status,
        "players": [{"name": p.name, "club": p.club, "rating": p.rating, "number": p.number}
                    for p in pair.players.all()],
    }


def clean_players(players) -> list[dict]:
    """Two players, each with a name (club and rating optional); raises InvalidInput naming the field."""
    players = list(players)
    if len(players) != 2:
        raise InvalidInput(_("В паре должно быть два игрока."), field="players")
    cleaned = []
    for k, p in enumerate(players, start=1):
        name = " ".join(str(p.get("name") or "").split())
        if not name:
            raise InvalidInput(_("Укажите фамилию и имя игрока %(k)s.") % {"k": k}, field=f"player{k}_name")
        if len(name) > 200:
            raise InvalidInput(_("Слишком длинное имя игрока %(k)s.") % {"k": k}, field=f"player{k}_name")
        rating = p.get("rating")
        if rating not in (None, ""):
            rating = strict_int(rating)
            if rating is None:
                raise InvalidInput(_("Рейтинг игрока %(k)s должен быть целым числом (цифры 0–9, не больше "
                                     "2147483647).") % {"k": k}, field=f"player{k}_rating")
        else:
            rating = None
        club = " ".join(str(p.get("club") or "").split())
        if len(club) > 200:
            raise InvalidInput(_("Слишком длинный клуб / город игрока %(k)s (больше 200 знаков).") % {"k": k},
                               field=f"player{k}_club")
        for field, text in ((f"player{k}_name", name), (f"player{k}_club", club)):
            if CONTROL.search(text):
                raise InvalidInput(_("Недопустимый управляющий символ в тексте (игрок %(k)s).") % {"k": k},
                                   field=field)
        cleaned.append({"name": name, "club": club, "rating": rating})
    return cleaned


def clean_rating(rating):
    """The pair's rating: empty is None, otherwise an integer a database stores."""
    if rating in (None, ""):
        return None
    number = strict_int(rating.strip() if isinstance(rating, str) else rating)
    if number is None:
        raise InvalidInput(_("Рейтинг пары должен быть целым числом (цифры 0–9, не больше 2147483647)."),
                           field="rating")
    return number


def _create_pair(tournament, players, *, name="", rating=None) -> Pair:
    pair = Pair.objects.create(tournament=tournament, name=name, rating=rating)
    Player.objects.bulk_create([
        Player(pair=pair, name=p["name"], club=p["club"], rating=p["rating"]) for p in players
    ])
    return pair


def register_pair(user, tournament: Tournament, *, players, name="", rating=None) -> Pair:
    """Register one pair of two players (before the draw is closed)."""
    require_organizer(user, tournament)
    players = clean_players(players)
    rating = clean_rating(rating)
    if CONTROL.search(str(name)):
        raise InvalidInput(_("Название пары: недопустимый управляющий символ."), field="name")
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if tournament.draw_closed:
            raise TournamentError(_("Жеребьёвка закрыта: регистрация новых пар окончена."), code="draw_closed")
        pair = _create_pair(tournament, players, name=" ".join(str(name).split())[:200], rating=rating)
        log_action(tournament, "pair.registered", user=user, after=pair_snapshot(pair))
    return pair


def withdraw_pair(user, pair: Pair, *, note="") -> Pair:
    """The pair leaves between rounds: it is not paired again, its results stay."""
    tournament = pair.tournament
    require_organizer(user, tournament)
    with transaction.atomic():
        pair = Pair.objects.select_for_update().get(pk=pair.pk)
        if pair.status != PairStatus.ACTIVE:
            raise TournamentError(_("Пара уже не участвует в турнире."), code="not_active")
        draft = pair.tournament.rounds.filter(status="draft").order_by("-number").first()
        if draft and draft.parties.filter(Q(pair_a=pair) | Q(pair_b=pair)).exists():
            raise TournamentError(
                _("Пара стоит в черновике тура %(n)s: сначала удалите черновик.") % {"n": draft.number},
                code="in_draft_round",
            )
        before = pair_snapshot(pair)
        last = pair.tournament.rounds.order_by("-number").values_list("number", flat=True).first()
        pair.status = PairStatus.WITHDRAWN
        pair.withdrawn_after_round = last or 0
        pair.save(update_fields=["status", "withdrawn_after_round"])
        log_action(tournament, "pair.withdrawn", user=user, before=before, after=pair_snapshot(pair), note=note)
    return pair
