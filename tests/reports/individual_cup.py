"""A five-player individual event with known results, for the standings outputs' tests (setup only)."""
from tests.factories import make_individual
from tests.reports.conftest import blocks, play
from tournaments.models import Partie, Player, Round

# (A1, A2, B1, B2, sitting out, margins of A's four deals): rounds 1–3 of a whist round robin of five.
ROUNDS = [
    (1, 2, 3, 4, 5, (20, 0, 0, 0)),  # 1 + 2 win
    (1, 3, 2, 5, 4, (-10, 0, 0, 0)),  # 2 + 5 win
    (1, 4, 3, 5, 2, (5, 5, 0, 0)),  # 1 + 4 win
]
NAMES = ["Преображенский Константин", "Верхнеднепровская Александра", "Ёлкин Фёдор",
         "Сидоров-Петровский Вениамин", "Щукина Анна"]
# Match points (a win 1, a sit-out the bye's win), opponents' Buchholz and partners' score of players 1–5.
MATCH_POINTS = {1: 2, 2: 3, 3: 0, 4: 2, 5: 2}
BUCHHOLZ = {1: 9, 2: 4, 3: 14, 4: 7, 5: 6}
PARTNERS = {1: 5, 2: 4, 3: 6, 4: 2, 5: 3}


def individual_cup(slug="solo-cup", preset="pusto-shest"):
    t = make_individual(5, slug=slug, is_public=True, pairing_system="round_robin", rounds_planned=5,
                        rules_preset=preset)
    for player, name in zip(Player.objects.filter(pair__tournament=t).order_by("pair__number"), NAMES):
        player.name = name
        player.club = f"Клуб {player.pair.number}"
        player.save()
    return play_rounds(t, ROUNDS)


def play_rounds(t, rounds):
    """Each round published and played: (A1, A2, B1, B2, the one sitting out, the margins of its deals)."""
    by_number = {e.number: e for e in t.pairs.all()}
    for n, (a1, a2, b1, b2, out, margins) in enumerate(rounds, start=1):
        rnd = Round.objects.create(tournament=t, number=n, status="published")
        Partie.objects.create(round=rnd, table=1, pair_a=by_number[a1], partner_a=by_number[a2],
                              pair_b=by_number[b1], partner_b=by_number[b2])
        Partie.objects.create(round=rnd, table=2, pair_a=by_number[out])
        play(rnd, 1, blocks(*margins))
    return t
