"""The draw (жеребьёвка): pair numbers 1..N and player numbers 1/2 by lot, from a stored seed."""
from __future__ import annotations

import random
import secrets

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from access.permissions import require_organizer
from audit.log import log_action
from core.converters import strict_int
from core.locking import locked
from registry.models import PersonRating
from tournaments.errors import InvalidInput, TournamentError
from tournaments.models import Entrant, EntrantStatus, Player, Tournament


def _lock(tournament) -> Tournament:
    tournament = locked(Tournament.objects.filter(pk=tournament.pk)).get()
    if tournament.draw_closed:
        raise TournamentError(_("Жеребьёвка закрыта."), code="draw_closed")
    return tournament


def set_manual_number(user, pair: Entrant, number) -> Entrant:
    """Give a pair its number by hand before the draw is closed (``None`` gives it back to the lot)."""
    require_organizer(user, pair.tournament)
    with transaction.atomic():
        tournament = _lock(pair.tournament)
        pair = locked(Entrant.objects.filter(pk=pair.pk)).get()
        active = tournament.pairs.filter(status=EntrantStatus.ACTIVE).count()
        before = {"number": pair.number, "manual": pair.manual_number}
        if number in (None, ""):
            pair.number, pair.manual_number = None, False
        else:
            number = strict_int(number)
            if number is None:
                raise InvalidInput(_("Номер должен быть целым числом."), field="number")
            if not 1 <= number <= active:
                raise InvalidInput(_("Номер должен быть от 1 до %(n)s.") % {"n": active}, field="number")
            clash = tournament.pairs.filter(number=number).exclude(pk=pair.pk).first()
            if clash and clash.manual_number:
                raise InvalidInput(_("Номер %(n)s уже назначен вручную другой паре.") % {"n": number}, field="number")
            if clash:
                clash.number = None
                clash.save(update_fields=["number"])
            pair.number, pair.manual_number = number, True
        pair.save(update_fields=["number", "manual_number"])
        log_action(tournament, "draw.manual_number", user=user, before=before,
                   after={"pair": pair.pk, "number": pair.number, "manual": pair.manual_number})
    return pair


def draw_numbers(pair_ids, manual: dict, seed: str) -> dict:
    """Pure part of the draw: {pair id: number}; manual numbers are kept, the lot fills the rest.

    ``pair_ids`` in registration order; the same seed always gives the same numbers.
    """
    rng = random.Random(f"pairs:{seed}")
    free = [n for n in range(1, len(pair_ids) + 1) if n not in set(manual.values())]
    rest = [p for p in pair_ids if p not in manual]
    rng.shuffle(free)
    numbers = dict(manual)
    numbers.update(zip(rest, free))
    return numbers


def seeded_numbers(pair_ids, ratings: dict, manual: dict, seed: str) -> dict:
    """The draw by rating: {pair id: number}; manual numbers are kept, the free numbers go from the top down
    to the entrants with a rating, strongest first (equal ratings by lot), then to the rest by lot."""
    rng = random.Random(f"pairs:{seed}")
    free = sorted(n for n in range(1, len(pair_ids) + 1) if n not in set(manual.values()))
    rest = [p for p in pair_ids if p not in manual]
    lot = {p: rng.random() for p in rest}
    rated = sorted((p for p in rest if ratings.get(p) is not None), key=lambda p: (-ratings[p], lot[p]))
    unrated = sorted((p for p in rest if ratings.get(p) is None), key=lambda p: lot[p])
    numbers = dict(manual)
    numbers.update(zip(rated + unrated, free))
    return numbers


def entrant_ratings(pairs) -> dict:
    """{pair id: rating or None} for the draw by rating (docs/rules.md V.6): a player's rating is his line
    in the rating list, else the rating given at his registration; an entrant's is the mean of its
    players', or, when one of them has none, the rating given to the pair, else none."""
    players = list(Player.objects.filter(pair__in=pairs).order_by("id"))
    listed = dict(PersonRating.objects.filter(person__in={p.person_id for p in players if p.person_id})
                  .values_list("person_id", "rating"))
    by_pair: dict = {}
    for player in players:
        value = listed.get(player.person_id, player.rating)
        by_pair.setdefault(player.pair_id, []).append(None if value is None else float(value))
    ratings = {}
    for pair in pairs:
        values = by_pair.get(pair.pk, [])
        if values and None not in values:
            ratings[pair.pk] = sum(values) / len(values)
        else:
            ratings[pair.pk] = None if pair.rating is None else float(pair.rating)
    return ratings


def player_order(pair_id, player_ids, seed: str) -> list:
    """Which player of a pair is 1 and which is 2, by lot."""
    rng = random.Random(f"players:{seed}:{pair_id}")
    order = sorted(player_ids)
    rng.shuffle(order)
    return order


def run_draw(user, tournament: Tournament, *, seed: str | None = None) -> Tournament:
    """Number the active pairs and their players by lot (by rating when the tournament says so: number 1 to
    the strongest); manual numbers stay."""
    require_organizer(user, tournament)
    seed = (seed or "").strip() or secrets.token_hex(8)
    if len(seed) > 64:
        raise InvalidInput(_("Зерно жеребьёвки — не длиннее 64 символов."), field="seed")
    with transaction.atomic():
        tournament = _lock(tournament)
        if tournament.rounds.exists():
            raise TournamentError(_("Туры уже составлены: жеребьёвку повторить нельзя."), code="rounds_exist")
        pairs = list(locked(tournament.pairs.order_by("registered_at", "id")))
        active = [p for p in pairs if p.status == EntrantStatus.ACTIVE]
        if len(active) < 2:
            raise TournamentError(_("Для жеребьёвки нужно хотя бы две пары."), code="too_few_pairs")
        manual = {p.pk: p.number for p in active if p.manual_number and p.number and p.number <= len(active)}
        if tournament.draw_by_rating:
            numbers = seeded_numbers([p.pk for p in active], entrant_ratings(active), manual, seed)
        else:
            numbers = draw_numbers([p.pk for p in active], manual, seed)
        before = {p.pk: p.number for p in pairs}
        Entrant.objects.filter(tournament=tournament).exclude(pk__in=list(manual)).update(number=None)
        for p in active:
            p.number = numbers[p.pk]
            p.manual_number = p.pk in manual
        Entrant.objects.bulk_update(active, ["number", "manual_number"])
        players = list(Player.objects.filter(pair__in=active).order_by("id"))
        by_pair: dict = {}
        for pl in players:
            by_pair.setdefault(pl.pair_id, []).append(pl)
        for pair_id, group in by_pair.items():
            order = player_order(pair_id, [pl.pk for pl in group], seed)
            for pl in group:
                pl.number = order.index(pl.pk) + 1
        Player.objects.bulk_update(players, ["number"])
        tournament.draw_seed = seed
        tournament.draw_done_at = timezone.now()
        tournament.draw_done_by = user if getattr(user, "is_authenticated", False) else None
        tournament.save(update_fields=["draw_seed", "draw_done_at", "draw_done_by"])
        log_action(tournament, "draw.run", user=user, before={"numbers": before},
                   after={"seed": seed, "numbers": {p.pk: p.number for p in active},
                          "by_rating": tournament.draw_by_rating})
    return tournament


def close_draw(user, tournament: Tournament) -> Tournament:
    """Freeze the numbers: no more registration, manual numbers or re-draws."""
    require_organizer(user, tournament)
    with transaction.atomic():
        tournament = _lock(tournament)
        if not tournament.draw_done_at:
            raise TournamentError(_("Сначала проведите жеребьёвку."), code="draw_not_done")
        if tournament.pairs.filter(status=EntrantStatus.ACTIVE, number__isnull=True).exists():
            raise TournamentError(_("Не у всех пар есть номер: проведите жеребьёвку ещё раз."), code="draw_incomplete")
        tournament.draw_closed = True
        tournament.save(update_fields=["draw_closed"])
        log_action(tournament, "draw.closed", user=user, after={"seed": tournament.draw_seed})
    return tournament
