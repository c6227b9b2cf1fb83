"""Load the demo tournaments: Russian names, a few rounds with scored and signed protocols.

A pair event (``demo-cup``, Swiss) and an individual event (``demo-solo``, 13 players, round robin with a
new partner every round).

Idempotent: when the demo tournament exists, nothing changes. Everything goes
through the same services a person uses (registration, draw, pairing, deals,
remarks, signatures). The ``organizer`` account is an ordinary account: it
runs the demo tournament through its organizer role there and may create
tournaments (the ``tournaments.add_tournament`` permission); being staff or
superuser would give it nothing more.
"""
import datetime
import random

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.core.management.base import BaseCommand
from django.db import transaction

from access.models import RoleKind, TournamentRole
from engine.rules import Rules
from engine.rules.generate import random_deal
from events import services as tournament_services
from events.simulation import registry_player
from scoring import protocol_state
from scoring import services as protocol_services
from scoring.models import SignatureRole
from tournaments.models import Player, Tournament

SLUG = "demo-cup"
SOLO_SLUG = "demo-solo"
SOLO_PLAYERS = 13
SOLO_FINISHED_ROUNDS = 2
PASSWORD = "domino2026"
PLAYERS = [
    ("Иванов Иван", "Тверь"), ("Петров Пётр", "Тверь"), ("Сидоров Сидор", "Москва"), ("Кузнецов Кузьма", "Москва"),
    ("Смирнова Анна", "Клин"), ("Попов Алексей", "Клин"), ("Волков Дмитрий", "Торжок"), ("Соколов Сергей", "Торжок"),
    ("Лебедева Мария", "Ржев"), ("Козлов Андрей", "Ржев"), ("Новиков Николай", "Бежецк"), ("Морозов Максим", "Бежецк"),
    ("Павлов Павел", "Кимры"), ("Семёнова Светлана", "Кимры"), ("Голубев Григорий", "Конаково"),
    ("Виноградов Виктор", "Конаково"), ("Богданов Борис", "Осташков"), ("Воробьёв Владимир", "Осташков"),
    ("Фёдоров Фёдор", "Вышний Волочёк"), ("Михайлова Ольга", "Вышний Волочёк"), ("Беляев Егор", "Кашин"),
    ("Тарасов Тимофей", "Кашин"), ("Белов Юрий", "Старица"), ("Комаров Кирилл", "Старица"),
]
FINISHED_ROUNDS = 3


class Command(BaseCommand):
    help = "Load the demo tournament (idempotent)."

    def handle(self, *args, **options):
        users = self._users()
        for slug, build in ((SLUG, self._tournament), (SOLO_SLUG, self._individual)):
            if Tournament.objects.filter(slug=slug).exists():
                self.stdout.write(f"Demo tournament '{slug}' is already loaded.")
                continue
            with transaction.atomic():
                build(users)
            self.stdout.write(self.style.SUCCESS(f"Demo tournament '{slug}' loaded."))

    def _users(self):
        User = get_user_model()
        specs = {
            "organizer": {"first_name": "Ольга", "last_name": "Организаторова"},
            "chief": {"first_name": "Борис", "last_name": "Главный"},
            "referee": {"first_name": "Римма", "last_name": "Судейская"},
        }
        users = {}
        for username, fields in specs.items():
            user, created = User.objects.get_or_create(username=username, defaults=fields)
            if created:
                user.set_password(PASSWORD)
                user.save()
            users[username] = user
        create = Permission.objects.get(content_type__app_label="tournaments", codename="add_tournament")
        users["organizer"].user_permissions.add(create)
        return users

    def _tournament(self, users):
        organizer, chief, referee = users["organizer"], users["chief"], users["referee"]
        tournament = Tournament.objects.create(
            name="Кубок Тверской области по спортивному домино", slug=SLUG,
            start_date=datetime.date(2026, 11, 28), end_date=datetime.date(2026, 11, 29),
            venue="Тверь, Дворец культуры «Пролетарка»", rules_preset="pusto-shest",
            pairing_system="swiss", rounds_planned=5,
        )
        TournamentRole.objects.create(tournament=tournament, user=organizer, role=RoleKind.ORGANIZER)
        TournamentRole.objects.create(tournament=tournament, user=chief, role=RoleKind.CHIEF_REFEREE)
        TournamentRole.objects.create(tournament=tournament, user=referee, role=RoleKind.REFEREE)
        for i in range(0, len(PLAYERS), 2):
            players = [registry_player(name, club) for name, club in PLAYERS[i:i + 2]]
            tournament_services.register_pair(organizer, tournament, players=players)
        tournament_services.run_draw(organizer, tournament, seed="demo-2026")
        self._player_accounts(tournament)
        rules = Rules.from_config(tournament.rules_config())
        rng = random.Random(2026)
        for number in range(1, FINISHED_ROUNDS + 2):
            rnd = tournament_services.pair_round(organizer, tournament)
            tournament_services.publish_round(organizer, rnd)
            last = number == FINISHED_ROUNDS + 1
            for partie in rnd.parties.select_related("pair_a", "pair_b").order_by("table"):
                if partie.pair_b_id is None:
                    continue
                if last and partie.table > 2:
                    continue  # the last round is in play: a few tables have started
                self._play(referee, partie, rules, rng, deals=2 if last else None)
            if not last:
                tournament_services.finish_round(organizer, rnd)

    def _individual(self, users):
        """An individual event: 13 players, a round-robin schedule (one sits out each round), two rounds played."""
        organizer, chief, referee = users["organizer"], users["chief"], users["referee"]
        tournament = Tournament.objects.create(
            name="Личное первенство клуба «Дубль» по спортивному домино", slug=SOLO_SLUG,
            start_date=datetime.date(2026, 12, 5), venue="Тверь, клуб «Дубль»", rules_preset="pusto-shest",
            format="individual", pairing_system="round-robin", rounds_planned=SOLO_PLAYERS,
        )
        TournamentRole.objects.create(tournament=tournament, user=organizer, role=RoleKind.ORGANIZER)
        TournamentRole.objects.create(tournament=tournament, user=chief, role=RoleKind.CHIEF_REFEREE)
        TournamentRole.objects.create(tournament=tournament, user=referee, role=RoleKind.REFEREE)
        for name, club in PLAYERS[:SOLO_PLAYERS]:
            # the demo players of both formats are one registry person each (events.simulation)
            tournament_services.register_pair(organizer, tournament, players=[registry_player(name, club)])
        tournament_services.run_draw(organizer, tournament, seed="solo-2026")
        self._player_accounts(tournament)
        rules = Rules.from_config(tournament.rules_config())
        rng = random.Random(2027)
        for _number in range(SOLO_FINISHED_ROUNDS + 1):
            rnd = tournament_services.pair_round(organizer, tournament)
            tournament_services.publish_round(organizer, rnd)
            if rnd.number > SOLO_FINISHED_ROUNDS:
                break  # the next round is published, not started
            for partie in rnd.parties.filter(pair_b__isnull=False).order_by("table"):
                self._play(referee, partie, rules, rng)
            tournament_services.finish_round(organizer, rnd)

    def _player_accounts(self, tournament):
        """Players sign protocols with their own accounts: player01 … player24, password as above."""
        User = get_user_model()
        players = Player.objects.filter(pair__tournament=tournament).order_by("pair__number", "number")
        for player in players:
            last, first = (player.name.split(" ", 1) + [""])[:2]
            i = next(k for k, (name, _club) in enumerate(PLAYERS, start=1) if name == player.name)
            user, created = User.objects.get_or_create(
                username=f"player{i:02d}", defaults={"first_name": first, "last_name": last})
            if created:
                user.set_password(PASSWORD)
                user.save()
            player.user = user
            player.save(update_fields=["user"])
            TournamentRole.objects.get_or_create(tournament=tournament, user=user, role=RoleKind.PLAYER)

    def _play(self, referee, partie, rules, rng, deals=None):
        protocol = protocol_services.ensure_protocol(partie)
        n = 0
        while True:
            n += 1
            if rng.random() < 0.15:
                protocol = protocol_services.give_remark(
                    referee, partie, deal=n, seat=rng.choice(["A1", "A2", "B1", "B2"]),
                    reason=rng.choice(["time", "talking"]), expected_version=protocol.version)
            protocol = protocol_services.record_deal(referee, partie, random_deal(rng, n, rules),
                                                     expected_version=protocol.version)
            if deals is not None and n >= deals:
                return
            if protocol.finished:
                break
        seats = ["A1", "A2", "B1", "B2"] if partie.round.tournament.signature_mode == "each_player" else ["A1", "B1"]
        signable = protocol_state.signable_player_seats(partie, protocol)
        for seat in seats:
            if seat not in signable and seat[0] not in signable:
                continue  # a pair taken off the tournament does not sign
            player = partie.side_players(seat[0])[int(seat[1]) - 1]
            protocol = protocol_services.sign_protocol(player.user, partie, role=SignatureRole.PLAYER, seat=seat,
                                                       expected_version=protocol.version)
        protocol_services.sign_protocol(referee, partie, role=SignatureRole.REFEREE, expected_version=protocol.version)
