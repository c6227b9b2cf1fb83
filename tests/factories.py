"""Test data made directly in the database (setup only; services are what the tests exercise)."""
import datetime

from tournaments.models import Entrant, Partie, Player, Round, Tournament

RU_SURNAMES = [
    "Иванов", "Петров", "Сидоров", "Кузнецов", "Смирнов", "Попов", "Волков", "Соколов",
    "Лебедев", "Козлов", "Новиков", "Морозов", "Павлов", "Семёнов", "Голубев", "Виноградов",
]
RU_NAMES = ["Иван", "Пётр", "Сидор", "Кузьма", "Алексей", "Дмитрий", "Сергей", "Андрей"]


def player_name(i: int) -> str:
    return f"{RU_SURNAMES[i % len(RU_SURNAMES)]} {RU_NAMES[(i // len(RU_SURNAMES)) % len(RU_NAMES)]}"


def make_tournament(n_pairs=8, *, slug="test-cup", preset="pusto-shest", overrides=None, numbered=True, **kwargs):
    tournament = Tournament.objects.create(
        name="Кубок города", slug=slug, start_date=datetime.date(2026, 11, 29), venue="Дом культуры",
        rules_preset=preset, rules_overrides=overrides or {}, **kwargs,
    )
    for i in range(n_pairs):
        pair = Entrant.objects.create(tournament=tournament, number=(i + 1) if numbered else None)
        Player.objects.create(pair=pair, name=player_name(2 * i), club="Тверь", number=1 if numbered else None)
        Player.objects.create(pair=pair, name=player_name(2 * i + 1), club="Тверь", number=2 if numbered else None)
    return tournament


def make_round(tournament, number, pairings, status="published"):
    """pairings: list of (pair number A, pair number B or None for a bye)."""
    rnd = Round.objects.create(tournament=tournament, number=number, status=status)
    pairs = {p.number: p for p in tournament.pairs.all()}
    for table, (a, b) in enumerate(pairings, start=1):
        Partie.objects.create(round=rnd, table=table, pair_a=pairs[a], pair_b=pairs[b] if b else None)
    return rnd


def make_referee(tournament, username=None):
    """An account refereeing every table of ``tournament`` (created once per tournament)."""
    from django.contrib.auth import get_user_model

    from access.models import RoleKind, TournamentRole

    user, _created = get_user_model().objects.get_or_create(username=username or f"referee-{tournament.slug}")
    TournamentRole.objects.get_or_create(tournament=tournament, user=user, role=RoleKind.REFEREE)
    return user


def make_individual(n_players=8, *, slug="solo-cup", numbered=True, **kwargs):
    """An individual event: ``n_players`` entrants of one player each (numbered 1..n unless ``numbered``)."""
    tournament = Tournament.objects.create(
        name="Личный турнир", slug=slug, start_date=datetime.date(2026, 12, 1), venue="Клуб", format="individual",
        **kwargs,
    )
    for i in range(n_players):
        entrant = Entrant.objects.create(tournament=tournament, number=(i + 1) if numbered else None)
        Player.objects.create(pair=entrant, name=player_name(i), club="Тверь", number=1 if numbered else None)
    return tournament
