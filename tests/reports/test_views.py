"""Public standings pages, the projector view, downloads and who may download what."""
import io
import json
import re

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from openpyxl import load_workbook

from access.models import RoleKind, TournamentRole
from scoring.models import Protocol
from tests.factories import make_round, make_tournament
from tournaments.models import Entrant, EntrantStatus, PairingSystem

from .conftest import blocks, play


def table_rows(html):
    return re.findall(r'<tr class="(status-[^"]*)"\s*>(.*?)</tr>', html, re.S)


def test_standings_page_is_public_and_ordered(client, cup):
    response = client.get(reverse("reports:standings", args=["cup"]))
    assert response.status_code == 200
    html = response.content.decode().replace("\xad", "")  # soft hyphens in long names (tested on their own)
    first, second = [p.name for p in cup.pairs.get(number=3).players.order_by("number")]
    assert f"{first} — {second}" in html
    assert html.index("Смирнов Иван — Попов Иван") < html.index(
        " — ".join(p.name for p in cup.pairs.get(number=8).players.order_by("number")))
    assert "тур 3 идёт (предварительно)" in html and "после тура 3" not in html  # round 3 is in play
    assert reverse("reports:workbook", args=["cup"]) in html  # the whole tournament's workbook is public


def test_standings_after_round_and_sorting(client, cup):
    cup.rounds.filter(number=1).update(status="finished")
    html = client.get(reverse("reports:standings", args=["cup"]), {"after": 1}).content.decode()
    assert "после тура 1" in html
    rows = table_rows(html)
    assert re.search(r'class="num"\s*>\s*6\s*<', rows[0][1])  # pair 6 leads after round 1
    html = client.get(reverse("reports:standings", args=["cup"]), {"sort": "-points_for"}).content.decode()
    rows = table_rows(html)
    assert re.search(r'>\s*72\s*<', rows[0][1])


def test_disqualified_pair_marked_and_last(client, cup):
    Entrant.objects.filter(tournament=cup, number=3).update(status=EntrantStatus.DISQUALIFIED)
    html = client.get(reverse("reports:standings", args=["cup"])).content.decode()
    rows = table_rows(html)
    assert rows[-1][0].startswith("status-disqualified") and "Снята с турнира" in rows[-1][1]
    assert all(r[0].startswith("status-active") for r in rows[:-1])


def test_unpublished_tournament_is_hidden(client, cup):
    cup.is_public = False
    cup.save()
    assert client.get(reverse("reports:standings", args=["cup"])).status_code == 404


def test_standings_page_queries_do_not_grow(client, db, settings):
    # Count the page's own queries: on PostgreSQL the live-page cache is a database table and adds its own.
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    small = make_tournament(4, slug="small")
    r = make_round(small, 1, [(1, 2), (3, 4)])
    play(r, 1, blocks(5, 5, 5, 5))
    big = make_tournament(40, slug="big")
    for n in (1, 2):
        rnd = make_round(big, n, [(i, i + 20) for i in range(1, 21)])
        for table in range(1, 21):
            play(rnd, table, blocks(n, -1, 2, table))
    counts = []
    for slug in ("small", "big"):
        with CaptureQueriesContext(connection) as ctx:
            assert client.get(reverse("reports:standings", args=[slug])).status_code == 200
        counts.append(len(ctx.captured_queries))
    assert counts[0] == counts[1] <= 10


def test_players_and_crosstable_pages(client, cup):
    html = client.get(reverse("reports:players", args=["cup"])).content.decode()
    assert "Личное положение игроков" in html and "Смирнов Иван" in html
    html = client.get(reverse("reports:crosstable", args=["cup"])).content.decode()
    assert "Тур 1" in html and "25:5" in html and "47:35" in html


@pytest.mark.django_db
def test_round_robin_crosstable_is_a_grid(client):
    t = make_tournament(3, slug="rr", pairing_system=PairingSystem.ROUND_ROBIN)
    play(make_round(t, 1, [(1, 2), (3, None)]), 1, blocks(5, 5, 5, 5))
    html = client.get(reverse("reports:crosstable", args=["rr"])).content.decode()
    assert 'class="self"' in html and "20:0" in html and "0:20" in html


def test_projector_turns_pages_and_refreshes(client, cup):
    url = reverse("reports:projector", args=["cup"])
    html = client.get(url).content.decode()
    assert "<!doctype html>" in html and 'hx-trigger="every 15s"' in html and "?page=1" in html
    partial = client.get(url, {"page": 1}, HTTP_HX_REQUEST="true").content.decode()
    assert "<!doctype html>" not in partial and 'class="board"' in partial


def test_downloads_for_everyone(client, cup):
    response = client.get(reverse("reports:standings_xlsx", args=["cup"]), {"after": 1})
    assert response.status_code == 200 and response["Content-Type"].startswith("application/vnd.openxml")
    ws = load_workbook(io.BytesIO(response.content)).active
    assert ws["B2"].value == 6
    response = client.get(reverse("reports:standings_pdf", args=["cup"]))
    assert response.status_code == 200 and response.content.startswith(b"%PDF")
    assert client.get(reverse("reports:pairings_pdf", args=["cup", 2])).content.startswith(b"%PDF")


def test_signed_protocol_pdf_is_public_unsigned_is_not(client, cup, django_user_model):
    protocol = Protocol.objects.get(partie__round__number=1, partie__table=1)
    url = reverse("reports:protocol_pdf", args=["cup", protocol.partie_id])
    response = client.get(url)
    assert response.status_code == 200 and b"/ByteRange" in response.content  # digitally signed
    Protocol.objects.filter(pk=protocol.pk).update(status="awaiting_signatures")
    assert client.get(url).status_code == 403


def test_public_downloads_the_workbook_and_the_signed_sheets_of_finished_rounds(client, cup):
    from tournaments.models import RoundStatus

    assert client.get(reverse("reports:workbook", args=["cup"])).status_code == 200
    url = reverse("reports:signed_sheets", args=["cup", 1])
    assert client.get(url).status_code == 403  # round 1 is still in play
    cup.rounds.filter(number=1).update(status=RoundStatus.FINISHED)
    response = client.get(url)
    assert response.status_code == 200 and b"/ByteRange" in response.content


def test_round_exports_need_a_role(client, cup, django_user_model):
    urls = [reverse("reports:signed_sheets", args=["cup", 3]), reverse("reports:blank_sheets", args=["cup", 3]),
            reverse("reports:signed_sheets", args=["cup", 2])]
    for url in urls:
        assert client.get(url).status_code == 403
    player = django_user_model.objects.create_user("player", password="x" * 8)
    TournamentRole.objects.create(tournament=cup, user=player, role=RoleKind.PLAYER)
    client.force_login(player)
    assert client.get(urls[0]).status_code == 403
    referee = django_user_model.objects.create_user("ref", password="x" * 8)
    TournamentRole.objects.create(tournament=cup, user=referee, role=RoleKind.REFEREE)
    client.force_login(referee)
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
    assert b"/ByteRange" in client.get(urls[2]).content
    assert "Весь турнир в Excel" in client.get(reverse("reports:standings", args=["cup"])).content.decode()


def test_standings_command_json(cup):
    out = io.StringIO()
    call_command("standings", "cup", "--json", stdout=out)
    rows = json.loads(out.getvalue())
    assert [r["pair"] for r in rows] == [3, 2, 1, 7, 6, 4, 5, 8]
    expected = {"rank": 1, "pair": 3, "played": 2, "wins": 2, "losses": 0, "match_points": 2,
                "points_for": 72, "points_against": 40, "difference": 32}
    assert {k: rows[0][k] for k in expected} == expected
    out = io.StringIO()
    call_command("standings", "cup", "--after-round", "1", "--json", stdout=out)
    assert [r["pair"] for r in json.loads(out.getvalue())] == [6, 3, 1, 7, 4, 2, 8, 5]
    out = io.StringIO()
    call_command("standings", "cup", "--players", "--json", stdout=out)
    assert json.loads(out.getvalue())[0]["dominoes"] == 1


def test_standings_command_refuses_bad_tiebreaks(cup):
    cup.tiebreaks = ["match_points", "luck"]
    cup.save()
    with pytest.raises(CommandError, match="luck"):
        call_command("standings", "cup", "--json", stdout=io.StringIO())


def test_export_command_writes_the_files(cup, tmp_path):
    out = io.StringIO()
    call_command("export", "cup", "--xlsx", str(tmp_path / "cup.xlsx"), "--pdf-protocols", str(tmp_path / "p.pdf"),
                 "--pdf-blank", str(tmp_path / "b.pdf"), "--round", "2", "--base-url", "https://domino.example",
                 stdout=out)
    assert load_workbook(tmp_path / "cup.xlsx").sheetnames[0] == "Положение, тур 3 идёт (предв.)"
    from scoring.reports.pades import pades_verify

    cup.refresh_from_db()
    assert pades_verify((tmp_path / "p.pdf").read_bytes(), cup.signing_cert_pem).ok
    assert (tmp_path / "b.pdf").read_bytes().startswith(b"%PDF")
    with pytest.raises(CommandError):
        call_command("export", "cup", stdout=io.StringIO())



def test_standings_page_counts_a_bye_apart_from_the_parties(client, db):
    """Three pairs: pair 3 sits out round 1. A bye is no partie: «Партий» 0, «Пропусков» 1, its match point counted."""
    import re  # noqa: PLC0415

    from tests.factories import make_round, make_tournament  # noqa: PLC0415
    from tests.reports.conftest import blocks, play  # noqa: PLC0415

    tournament = make_tournament(3, slug="odd")
    rnd = make_round(tournament, 1, [(1, 2), (3, None)])
    play(rnd, 1, blocks(10, 0, 0, 0))
    html = client.get(reverse("reports:standings", args=["odd"])).content.decode().replace("\xad", "")
    head = re.search(r"<thead[^>]*>(.*?)</thead>", html, re.S).group(1)
    titles = [re.sub(r"<[^>]+>", "", t).strip() for t in re.findall(r"<th[^>]*>(.*?)</th>", head, re.S)]
    assert titles[3:7] == ["Партий", "Побед", "Пораж.", "Пропусков"]
    cells = {}
    for row in re.findall(r"<tr class=\"status-[^\"]*\">(.*?)</tr>", html, re.S):
        values = [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
        cells[values[1]] = dict(zip(titles, values))
    assert (cells["3"]["Партий"], cells["3"]["Побед"], cells["3"]["Пропусков"], cells["3"]["Очки матча"]) == (
        "0", "0", "1", "1")
    assert (cells["1"]["Партий"], cells["1"]["Побед"], cells["1"]["Пропусков"]) == ("1", "1", "0")


@pytest.mark.parametrize("url", ["reports:standings", "reports:crosstable", "reports:projector"])
def test_a_named_pair_keeps_its_players_names_on_the_public_pages(client, cup, url):
    pair = cup.pairs.get(number=3)
    pair.name = "Клинчане"
    pair.save(update_fields=["name"])
    first, second = [p.name for p in pair.players.order_by("number")]
    html = client.get(reverse(url, args=["cup"])).content.decode().replace("\xad", "")
    assert f"Клинчане ({first} — {second})" in html


def test_an_even_field_has_no_bye_column(client, cup):
    html = client.get(reverse("reports:standings", args=["cup"])).content.decode()
    assert "Пропусков" not in html and "Партий" in html
