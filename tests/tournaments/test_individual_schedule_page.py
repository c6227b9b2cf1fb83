"""The public schedule of an individual round robin (docs/rules-individual.md §3): without a login, the published
rounds' tables and sit-outs — never a draft's, as the round pages hide it —, a player's own rounds by his number,
a clear message for a number that is no player's; linked from the tournament's page and from each player's page."""
import pytest
from django.urls import reverse

from tests.factories import make_individual, make_tournament
from tournaments.models import Partie, Player, Round

pytestmark = pytest.mark.django_db

# (round, status, A1, A2, B1, B2, sitting out): rounds 1–3 of the whist schedule of five (§3's example)
ROUNDS = [(1, "published", 2, 5, 3, 4, 1), (2, "finished", 3, 1, 4, 5, 2), (3, "draft", 4, 2, 5, 1, 3)]
NAMES = {1: "Аксёнов Пётр", 2: "Быкова Ольга", 3: "Вершинин Игорь", 4: "Гусева Дарья", 5: "Дьяков Роман"}


@pytest.fixture
def whist5(db):
    t = make_individual(5, slug="whist5", is_public=True, pairing_system="round-robin", rounds_planned=5)
    for player in Player.objects.filter(pair__tournament=t):
        player.name = NAMES[player.pair.number]
        player.save()
    by = {e.number: e for e in t.pairs.all()}
    for number, status, a1, a2, b1, b2, out in ROUNDS:
        rnd = Round.objects.create(tournament=t, number=number, status=status)
        Partie.objects.create(round=rnd, table=1, pair_a=by[a1], partner_a=by[a2], pair_b=by[b1], partner_b=by[b2])
        Partie.objects.create(round=rnd, table=2, pair_a=by[out])
    return t


def page(client, t, **params):
    response = client.get(reverse("tournaments:schedule", args=[t.slug]), params)
    assert response.status_code == 200
    return response.content.decode().replace("\u00ad", "")


def section(html, marker):
    start = html.index(f'id="{marker}"')
    return html[start:html.index("</section>", start)]


def test_anyone_sees_the_published_rounds_and_never_the_draft(client, whist5):
    html = page(client, whist5)
    assert "в расписании 5 туров" in html and "следующие — по расписанию от номеров игроков" in html
    row = html[html.index('id="round-1-table-1"'):]
    row = row[:row.index("</tr>")]
    assert row.index("№2 Быкова Ольга") < row.index("№5 Дьяков Роман") < row.index("№3 Вершинин Игорь") \
        < row.index("№4 Гусева Дарья")
    assert "№1 Аксёнов Пётр" in html[html.index('id="round-1-out"'):].split("</p>", 1)[0]
    assert 'id="round-2-table-1"' in html and "№2 Быкова Ольга" in section(html, "round-2").split("Пропускают")[1]
    assert 'id="round-3' not in html  # the draft: the round pages show it to its organizer only
    assert client.get(reverse("tournaments:pairings", args=[whist5.slug, 3])).status_code == 404


def test_a_player_sees_his_rounds_partner_opponents_and_sit_out(client, whist5):
    html = page(client, whist5, player="5")
    mine = section(html, "my-rounds")
    assert "Игрок №5 Дьяков Роман" in mine
    assert "стол 1, партнёр №2 Быкова Ольга, против №3 Вершинин Игорь и №4 Гусева Дарья" in mine  # round 1
    assert "стол 1, партнёр №4 Гусева Дарья, против №3 Вершинин Игорь и №1 Аксёнов Пётр" in mine  # round 2
    assert 'id="my-round-3"' not in mine  # the draft is not his yet
    assert 'id="my-round-4"' in mine and "Тур 4 (по расписанию)" in mine  # the rounds after it, as planned
    assert 'id="round-1-table-1" class="me"' in html
    sitting = section(page(client, whist5, player="1"), "my-rounds")
    assert 'id="my-round-1"' in sitting and "пропускает тур" in sitting.split('id="my-round-2"')[0]


@pytest.mark.parametrize("raw", ["abc", "0", "-1", "6", "99999999999999999999", "1; DROP TABLE", "<script>"])
def test_a_number_that_is_no_players_is_told_beside_the_field(client, whist5, raw):
    html = page(client, whist5, player=raw)
    assert 'id="schedule-player-error"' in html and "в турнире нет: введите номер от 1 до 5" in html
    assert 'id="my-rounds"' not in html and "<script>" not in html.split('id="schedule-player-form"', 1)[1]
    assert 'id="round-1-table-1"' in html  # the schedule itself still shown


def test_only_an_individual_round_robin_has_a_schedule(client, whist5):
    swiss = make_individual(8, slug="solo-swiss", is_public=True, pairing_system="swiss")
    pairs = make_tournament(4, slug="pairs-rr", is_public=True, pairing_system="round-robin")
    for t in (swiss, pairs):
        assert client.get(reverse("tournaments:schedule", args=[t.slug])).status_code == 404
    detail = client.get(reverse("tournaments:detail", args=[swiss.slug])).content.decode()
    assert reverse("tournaments:schedule", args=[swiss.slug]) not in detail


def test_the_tournament_and_each_player_link_to_it(client, whist5):
    url = reverse("tournaments:schedule", args=[whist5.slug])
    detail = client.get(reverse("tournaments:detail", args=[whist5.slug])).content.decode()
    assert f'href="{url}" id="schedule-link">Расписание туров' in detail
    player = client.get(reverse("tournaments:player", args=[whist5.slug, 4])).content.decode()
    assert f'href="{url}?player=4">Расписание туров' in player


def test_a_hidden_tournament_shows_no_schedule(client, whist5):
    whist5.is_public = False
    whist5.save()
    assert client.get(reverse("tournaments:schedule", args=[whist5.slug])).status_code == 404


def test_the_rounds_after_the_draft_are_shown_as_the_schedule_plans_them(client, whist5):
    from engine.pairing.individual_base import Single
    from engine.pairing.whist import round_robin_round
    html = page(client, whist5)
    singles = [Single(n, rank=n - 1) for n in range(1, 6)]
    for number in (4, 5):
        planned = round_robin_round(singles, number)
        block = section(html, f"round-{number}")
        assert "по расписанию" in block
        (table,) = planned.tables
        row = block[block.index(f'id="round-{number}-table-1"'):].split("</tr>")[0]
        seats = [f"№{n} {NAMES[n]}" for n in (*table.a, *table.b)]
        assert [row.index(s) for s in seats] == sorted(row.index(s) for s in seats)
        (out,) = planned.sitting_out
        assert f"№{out} {NAMES[out]}" in block.split("Пропускают тур:")[1]


def test_a_withdrawn_player_s_table_sits_out_in_the_planned_rounds(client, whist5):
    from tournaments.models import EntrantStatus
    whist5.pairs.filter(number=1).update(status=EntrantStatus.WITHDRAWN)
    html = page(client, whist5)
    for number in (4, 5):
        block = section(html, f"round-{number}")
        assert "№1 Аксёнов Пётр" not in block and f'id="round-{number}-table-1"' not in block
        assert block.split("Пропускают тур:")[1].count("№") == 4  # the other four sit the round out


def test_nothing_is_planned_before_a_round_is_published(client, db):
    t = make_individual(5, slug="whist-new", is_public=True, pairing_system="round-robin", rounds_planned=5)
    html = page(client, t)
    assert "по расписанию" not in html and "Ни один тур ещё не опубликован." in html
