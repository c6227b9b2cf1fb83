"""An individual event's round pages: the organizer's round page with the swap of two players, the public pairings
(by table, by name) and the seating show each table's four players with seats and numbers; sit-outs listed."""
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import make_round, make_tournament
from tests.individual_tables import individual_event, names_by_number
from tournaments.models import Partie, Tournament

pytestmark = pytest.mark.django_db


def row_of_table(html: str, table: int) -> str:
    start = html.index(f'id="table-{table}"')
    return html[start:html.index("</tr>", start)]


def test_pairings_by_table_show_four_players_with_seats_and_numbers(client):
    t, _rnd = individual_event()
    names = names_by_number(t)
    html = client.get(reverse("tournaments:pairings", args=[t.slug, 1]), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    row = row_of_table(html, 1)
    for seat, number in (("A1", 1), ("A2", 4), ("B1", 2), ("B2", 3)):
        assert re.search(rf'<b class="seat">{seat}</b> {names[number]}', row), (seat, row)
        assert f'/pair/{number}/">{number}</a>' in row
    assert row.index(names[1]) < row.index(names[4]) < row.index(names[2]) < row.index(names[3])
    assert "№ A1 + A2" in html and "Сторона B: B1 + B2" in html
    assert 'id="table-3"' not in html  # a sit-out is no table: its row is the player's
    start = html.index('id="sitout-9"')
    sit_out = html[start:html.index("</tr>", start)]
    assert names[9] in sit_out and "Пропускает тур" in sit_out
    assert f"Игрок №9 {names[9]} — пропускает тур" in html
    assert "Моя страница игрока" in html and "Страница моей пары" not in html


def test_pairings_by_name_give_each_player_his_number_seat_partner_and_opponents(client):
    t, _rnd = individual_event()
    names = names_by_number(t)
    html = client.get(reverse("tournaments:pairings", args=[t.slug, 1]), {"q": names[4].split()[0]},
                      HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    by_name = html[html.index("Найдите свою фамилию"):html.index("По столам")]
    assert "Партнёр" in by_name and "№ игрока" in by_name
    row = by_name[by_name.index(names[4]):]
    row = row[:row.index("</tr>")]
    assert ">4</a>" in row and ">A2<" in row and names[1] in row  # his number, seat, partner
    assert f"{names[2]} + {names[3]}" in row  # both opponents


def test_seating_prints_every_seat_with_the_players_number(client):
    t, _rnd = individual_event()
    names = names_by_number(t)
    html = client.get(reverse("tournaments:seating", args=[t.slug, 1]), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Стол 1: 1 + 4 – 2 + 3" in html
    for seat, number in (("A1", 1), ("B1", 2), ("A2", 4), ("B2", 3)):
        assert f'<th>{seat}</th><td><span class="player-no">№{number}</span> {names[number]}</td>' in html
    assert "партнёры сидят друг напротив друга" in html
    assert "Игрок №9 — пропускает тур" in html


def test_the_organizers_draft_page_swaps_two_players_of_one_table(client, organizer):
    t, rnd = individual_event(status="draft")
    client.force_login(organizer)
    html = client.get(reverse("tournaments:pairings", args=[t.slug, 1]), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Игрок №" in html and "поменять местами с игроком №" in html and "Пара №" not in html
    response = client.post(reverse("tournaments:swap", args=[t.slug, 1]), {"pair_x": "4", "pair_y": "2"},
                           HTTP_ACCEPT_LANGUAGE="ru", follow=True)
    assert "Игроки поменяны местами." in response.content.decode()
    table = Partie.objects.get(round=rnd, table=1)
    assert (table.pair_a.number, table.partner_a.number, table.pair_b.number, table.partner_b.number) == (1, 2, 4, 3)


@pytest.mark.parametrize("x,y,message", [
    ("4", "", "Укажите номера двух игроков."),
    ("<script>", "2", "Укажите номера двух игроков."),
    ("4", "99", "99"),
])
def test_a_bad_swap_is_refused_with_a_message_and_changes_nothing(client, organizer, x, y, message):
    t, rnd = individual_event(status="draft")
    client.force_login(organizer)
    response = client.post(reverse("tournaments:swap", args=[t.slug, 1]), {"pair_x": x, "pair_y": y},
                           HTTP_ACCEPT_LANGUAGE="ru", follow=True)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert "<script>" not in response.content.decode().split("<main", 1)[-1].split("</main>")[0]
    table = Partie.objects.get(round=rnd, table=1)
    assert (table.pair_a.number, table.partner_a.number) == (1, 4)


def test_a_pair_events_round_page_is_unchanged(client):
    t = make_tournament(3)
    make_round(t, 1, [(1, 2), (3, None)])
    html = client.get(reverse("tournaments:pairings", args=[t.slug, 1]), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Пара A" in html and "Сторона A" not in html and "Партнёр" not in html
    assert "Страница моей пары" in html and "Пара 3:" in html and "Пропускает тур" not in html
    seating = client.get(reverse("tournaments:seating", args=[t.slug, 1]), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Стол 1: 1 – 2" in seating and "player-no" not in seating


def test_the_tournament_page_counts_players_and_names_the_draw_of_player_numbers(client):
    t, _rnd = individual_event()
    Tournament.objects.filter(pk=t.pk).update(draw_done_at=timezone.now())  # the numbers were drawn
    html = client.get(reverse("tournaments:detail", args=[t.slug]), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "личный зачёт · 9 игроков" in html and "Жеребьёвка: номера игроков" in html and "9 пар" not in html


@pytest.mark.parametrize("n, whole", [(8, True), (10, False)])
def test_the_draft_of_a_round_robin_shows_the_schedule_before_publishing(client, n, whole):
    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from access.models import RoleKind, TournamentRole
    from events.services import pair_round
    from tests.factories import make_individual as individual

    t = individual(n, slug=f"rr-{n}", pairing_system="round-robin", rounds_planned=n)
    boss = get_user_model().objects.create_user(f"boss{n}")
    TournamentRole.objects.create(tournament=t, user=boss, role=RoleKind.ORGANIZER)
    t.draw_done_at = timezone.now()
    t.save(update_fields=["draw_done_at"])
    pair_round(boss, t)
    client.force_login(boss)
    page = client.get(f"/t/{t.slug}/round/1/").content.decode()
    note = page.split('id="schedule"', 1)[1].split("</p>", 1)[0]
    assert f"на {n} игроков" in note
    if whole:
        assert "партнёры ровно один раз и соперники ровно дважды" in note
    else:
        assert "Повторных партнёрств: 0" in note
    client.logout()
    assert 'id="schedule"' not in client.get(f"/t/{t.slug}/round/1/").content.decode()  # organizers only


def schedule_rows(html: str) -> dict[int, list[str]]:
    """The draft's table of the schedule player by player: {number: [cells]}."""
    body = html.split('id="schedule-players"', 1)[1].split("</tbody>", 1)[0]
    rows = {}
    for tr in re.findall(r"<tr id=\"schedule-player-(\d+)\">(.*?)</tr>", body, re.S):
        cells = [" ".join(re.sub(r"<[^>]+>", " ", c).split()) for c in re.findall(r"<td[^>]*>(.*?)</td>", tr[1], re.S)]
        rows[int(tr[0])] = cells
    return rows


def draft_page(client, n):
    from django.contrib.auth import get_user_model

    from access.models import RoleKind, TournamentRole
    from events.services import pair_round
    from tests.factories import make_individual

    t = make_individual(n, slug=f"rr-lines-{n}", pairing_system="round-robin", rounds_planned=n)
    boss = get_user_model().objects.create_user(f"lines{n}")
    TournamentRole.objects.create(tournament=t, user=boss, role=RoleKind.ORGANIZER)
    t.draw_done_at = timezone.now()
    t.save(update_fields=["draw_done_at"])
    pair_round(boss, t)
    client.force_login(boss)
    return t, client.get(f"/t/{t.slug}/round/1/").content.decode()


def test_the_draft_shows_the_schedule_player_by_player(client):
    # Wh(8): 7 rounds, nobody sits out, every other player a partner once and an opponent exactly twice
    t, html = draft_page(client, 8)
    rows = schedule_rows(html)
    names = names_by_number(t)
    assert sorted(rows) == list(range(1, 9))
    for number, cells in rows.items():
        assert cells == [str(number), names[number], "7", "0", "0", "2", "—"]
    client.logout()
    assert "schedule-players" not in client.get(f"/t/{t.slug}/round/1/").content.decode()  # organizers only


def test_the_draft_of_ten_players_names_who_never_meet(client):
    # 10 players: 9 rounds, two sit out each round; counted here from the schedule itself, seat by seat
    from collections import Counter

    from engine.pairing.whist import schedule

    _t, html = draft_page(client, 10)
    rows = schedule_rows(html)
    rounds = schedule(10)
    for me in range(1, 11):
        played = sum(me in t.players for rnd in rounds for t in rnd.tables)
        sat = sum(me in rnd.sitting_out for rnd in rounds)
        against = Counter(o for rnd in rounds for t in rnd.tables for side, other in ((t.a, t.b), (t.b, t.a))
                          if me in side for o in other)
        met = [against[o] for o in range(1, 11) if o != me]
        never = ", ".join(str(o) for o in range(1, 11) if o != me and not against[o]) or "—"
        span = str(min(met)) if min(met) == max(met) else f"{min(met)}–{max(met)}"
        assert rows[me][2:] == [str(played), str(sat), "0", span, never], me
    assert sum(int(r[3]) for r in rows.values()) == 2 * 9  # two sit out each of the 9 rounds
