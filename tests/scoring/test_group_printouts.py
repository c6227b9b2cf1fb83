"""Stage 2's groups in the printouts: the bracket PDF (the groups' tables before the bracket, on A4 landscape, names
whole), the workbook's sheet «Группы» (the group standings and the cross table inside each group, safe cells) and
the final report's section; a tournament without groups has none of them; groups not played yet print empty."""
import io
import re

import pdfplumber
import pytest
from django.urls import reverse
from openpyxl import load_workbook

from events.documents.exports import workbook
from events.documents.pack import final_report
from events.services import withdraw_pair
from events.services.stages import confirm_qualification, set_final
from events.stage_selectors import bracket_data, groups_data
from scoring.reports.group_selectors import load_groups
from scoring.reports.pdf_bracket import bracket_pdf
from scoring.reports.stage_selectors import finalists
from tests.factories import make_round
from tests.tournaments.test_stages import cached, organizer, staged  # noqa: F401  (organizer: a fixture)
from tests.tournaments.test_stages_groups import BEATS, grouped, play
from tournaments.models import EntrantStatus, FinalKind, RoundStatus

pytestmark = pytest.mark.django_db

NUMBER = re.compile(r"^№(\d+)$")
LONG = ["Краснодарские доминошники Северный ветер", "Ассоциация любителей домино Приволжье-Юг",
        "Клуб Рыба и дупель шесть-шесть Уральский"]  # 40 characters each


def many_groups(organizer, groups, *, long_names=False):
    """``groups`` groups of 4 (2 go on) after a stage 1 of one round, every group round played (the lower number
    wins) and the bracket's first round, names of 40 characters if asked."""
    n = 4 * groups
    tournament = staged(organizer, n_pairs=n, tiebreaks=["match_points"])
    if long_names:
        for pair in tournament.pairs.all():
            pair.name = LONG[pair.number % 3]
            pair.save(update_fields=["name"])
    set_final(organizer, tournament, kind=FinalKind.GROUPS, groups=groups, group_size=4, group_qualifiers=2)
    rnd = make_round(tournament, 1, [(2 * i + 1, 2 * i + 2) for i in range(n // 2)], status=RoundStatus.FINISHED)
    for partie in rnd.parties.all():
        cached(partie, 101, 50)
    confirm_qualification(organizer, tournament)
    tournament.refresh_from_db()
    for _k in range(4):  # the groups' three rounds and the bracket's first
        play(organizer, tournament, winners=set())
    return tournament


def pdf_pages(data: bytes):
    with pdfplumber.open(io.BytesIO(data)) as doc:
        return [(p.width, p.height, p.extract_words(), p.extract_text() or "",
                 [p.crop((0, 0, p.width / 2, p.height)).extract_text() or "",
                  p.crop((p.width / 2, 0, p.width, p.height)).extract_text() or ""]) for p in doc.pages]


def table_lines(text: str) -> list[tuple[int, bool]]:
    """(entrant number, marked as going on) for each line of a group table in ``text``: «1 №2 … 3 3 153 ✓»."""
    out = []
    for line in text.splitlines():
        numbers = [int(m.group(1)) for w in line.split() if (m := NUMBER.match(w))]
        if numbers:
            out.append((numbers[0], "✓" in line))
        assert len(numbers) <= 1, line
    return out


def expected(groups) -> list[tuple[int, bool]]:
    return [(r["number"], r["goes_on"]) for g in groups for r in g["rows"]]


def assert_whole_and_apart(pages, labels):
    """Every word inside its page, no word over another, nothing cut with «…», every word of every name printed."""
    for width, height, words, text, _halves in pages:
        assert all(0 <= w["x0"] and w["x1"] <= width and 0 <= w["top"] and w["bottom"] <= height for w in words)
        overlaps = [(a["text"], b["text"]) for i, a in enumerate(words) for b in words[i + 1:]
                    if a["x0"] < b["x1"] - 0.5 and b["x0"] < a["x1"] - 0.5
                    and a["top"] < b["bottom"] - 0.5 and b["top"] < a["bottom"] - 0.5]
        assert overlaps == []
        assert "…" not in text
    printed = {w["text"] for _w, _h, words, _t, _x in pages for w in words}
    for label in labels:  # a word is printed as it is, or in two lines broken after its hyphen
        for word in label.split():
            assert word in printed or any(word.startswith(p) and p.endswith("-") and word[len(p):] in printed
                                          for p in printed), (label, word)


def test_the_bracket_pdf_prints_each_group_in_its_order_with_who_goes_on_then_the_bracket(organizer):
    tournament = grouped(organizer)
    for _k in range(3):
        play(organizer, tournament)
    play(organizer, tournament, winners={(2, 5), (1, 3)})  # the bracket's semi-finals
    groups = groups_data(tournament)
    assert [[r["number"] for r in g["rows"]] for g in groups] == [[2, 1, 7, 8], [3, 5, 4, 6]]  # BEATS decides
    pages = pdf_pages(bracket_pdf(tournament, bracket_data(tournament), groups))
    assert len(pages) == 2 and all(w > h for w, h, *_rest in pages)  # A4 landscape: the groups, then the bracket
    left, right = pages[0][4]
    assert table_lines(left) == expected(groups[:1]) and table_lines(right) == expected(groups[1:])
    assert [n for n, marked in table_lines(left + right) if marked] == [2, 1, 3, 5]
    assert "Подгруппа 1" in pages[0][3] and "Подгруппа 2" in pages[0][3] and "сыграно туров: 3 из 3" in pages[0][3]
    assert "Подгруппа" not in pages[1][3] and "Финал" in pages[1][3]
    assert_whole_and_apart(pages, [r["label"] for g in groups for r in g["rows"]])


@pytest.mark.parametrize("count,group_pages", [(4, 1), (8, 2)])
def test_four_or_eight_groups_of_four_with_names_of_40_characters_fit_a4_whole(organizer, count, group_pages):
    tournament = many_groups(organizer, count, long_names=True)
    groups = groups_data(tournament)
    bracket = bracket_data(tournament)
    assert bracket is not None and bracket["size"] == 2 * count
    pages = pdf_pages(bracket_pdf(tournament, bracket, groups))
    assert len(pages) == group_pages + 1
    lefts = "\n".join(p[4][0] for p in pages[:group_pages])
    rights = "\n".join(p[4][1] for p in pages[:group_pages])
    assert table_lines(lefts) == expected(groups[0::2]) and table_lines(rights) == expected(groups[1::2])
    labels = [r["label"] for g in groups for r in g["rows"]]
    assert all(len(name) == 40 for name in LONG) and all(label.startswith(tuple(LONG)) for label in labels)
    assert_whole_and_apart(pages, labels + [LONG[n % 3] for n in range(3)])


def test_the_workbook_sheet_holds_the_group_standings_and_the_cross_table_inside_each_group(organizer):
    tournament = grouped(organizer)
    pair = tournament.pairs.get(number=7)
    pair.name = '=HYPERLINK("http://x","y")'
    pair.save(update_fields=["name"])
    for _k in range(3):
        play(organizer, tournament)
    sheet = load_workbook(io.BytesIO(workbook(tournament)))["Группы"]
    rows = list(sheet.iter_rows(min_row=2))
    groups = load_groups(tournament, finalists(tournament))
    want = [(g.number, r.rank, r.pair.number, r.pair.label, r.played, r.wins, r.draws, r.losses, r.match_points,
             r.difference, "да" if r.rank <= g.qualifiers else None) for g in groups for r in g.standings.rows]
    got = [tuple(c.value for c in row[:4]) + tuple(c.value for c in row[5:12]) for row in rows]
    assert got == want
    name_cell = next(row[3] for row in rows if row[2].value == 7)
    assert name_cell.value.startswith('=HYPERLINK("http://x","y")') and name_cell.data_type == "s"  # text, no formula
    for g in groups:  # the cross table: the winner of each partie of the group reads 101:50 (``play``)
        order = [r.pair.number for r in g.standings.rows]
        lines = [row for row in rows if row[0].value == g.number]
        for i, line in enumerate(lines):
            cross = [c.value for c in line[12:12 + len(order)]]
            for j, cell in enumerate(cross):
                a, b = order[i], order[j]
                assert cell == ("×" if i == j else "101:50" if (a, b) in BEATS else "50:101"), (a, b)


def test_the_final_report_has_the_groups_in_order_with_who_goes_on(organizer):
    tournament = grouped(organizer)
    tournament.pairs.filter(number=7).update(name="<i>Тест</i> & Co")  # markup in a name prints as typed
    for _k in range(3):
        play(organizer, tournament)
    groups = groups_data(tournament)
    text = "\n".join(p[3] for p in pdf_pages(final_report(tournament)))
    section = text[text.index("Второй этап: подгруппы"):text.index("Турнирная таблица")]
    assert "Подгруппа 1" in section and "Подгруппа 2" in section
    assert table_lines(section) == expected(groups)
    assert "<i>Тест</i> & Co" in section


def test_a_tournament_without_groups_prints_no_groups(organizer):
    tournament = staged(organizer, n_pairs=8, tiebreaks=["match_points"])
    rnd = make_round(tournament, 1, [(1, 2), (3, 4), (5, 6), (7, 8)], status=RoundStatus.FINISHED)
    for partie in rnd.parties.all():
        cached(partie, 101, 50)
    assert groups_data(tournament) is None
    assert "Подгрупп" not in "".join(p[3] for p in pdf_pages(final_report(tournament)))
    assert "Группы" not in load_workbook(io.BytesIO(workbook(tournament))).sheetnames
    set_final(organizer, tournament, kind=FinalKind.KNOCKOUT, size=4)
    tournament.refresh_from_db()
    confirm_qualification(organizer, tournament)
    pages = pdf_pages(bracket_pdf(tournament, bracket_data(tournament), groups_data(tournament)))
    assert len(pages) == 1 and "Подгрупп" not in pages[0][3] and "Полуфинал" in pages[0][3]


def test_groups_not_played_yet_print_empty_tables(client, organizer):
    tournament = grouped(organizer)  # the entrants confirmed, no group round paired
    groups = groups_data(tournament)
    assert bracket_data(tournament) is None
    pdf_url = reverse("tournaments:bracket_pdf", args=[tournament.slug])
    assert pdf_url in client.get(reverse("reports:standings", args=[tournament.slug])).content.decode()
    response = client.get(pdf_url)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    pages = pdf_pages(response.content)
    assert len(pages) == 1 and "сыграно туров: 0 из 3" in pages[0][3]
    left, right = pages[0][4]
    assert table_lines(left) == expected(groups[:1]) and table_lines(right) == expected(groups[1:])
    text = "\n".join(p[3] for p in pdf_pages(final_report(tournament)))
    assert table_lines(text[text.index("Второй этап: подгруппы"):text.index("Турнирная таблица")]) == expected(groups)
    rows = list(load_workbook(io.BytesIO(workbook(tournament)))["Группы"].iter_rows(min_row=2, values_only=True))
    assert [r[2] for r in rows] == [r["number"] for g in groups for r in g["rows"]]
    assert all(r[5] == r[9] == 0 and set(r[12:16]) <= {"×", "", None} for r in rows)  # nothing played, no cross cell
    plain = staged(organizer, n_pairs=4, slug="plain")
    assert client.get(reverse("tournaments:bracket_pdf", args=[plain.slug])).status_code == 404


def test_a_tournament_name_of_200_characters_prints_whole_over_the_groups_and_the_bracket(organizer):
    tournament = grouped(organizer)
    tournament.name = ("Открытый кубок Краснодарского края по спортивному домино памяти заслуженного тренера " * 3)[:200]
    tournament.save(update_fields=["name"])
    for _k in range(3):
        play(organizer, tournament)
    play(organizer, tournament, winners={(2, 5), (1, 3)})
    pages = pdf_pages(bracket_pdf(tournament, bracket_data(tournament), groups_data(tournament)))
    assert len(pages) == 2
    assert_whole_and_apart(pages[:1], [tournament.name])
    assert_whole_and_apart(pages[1:], [tournament.name])


def test_a_pair_who_left_prints_last_of_its_group_with_its_status(organizer):
    tournament = grouped(organizer)
    play(organizer, tournament)
    withdraw_pair(organizer, tournament.pairs.get(number=2), note="ушла")
    groups = groups_data(tournament)
    assert groups[0]["rows"][-1]["number"] == 2  # the page's order: last of group 1
    left, _right = pdf_pages(bracket_pdf(tournament, None, groups))[0][4]
    assert table_lines(left)[-1] == (2, False)
    tail = left[left.index("Сидоров Иван — Кузнецов Иван"):].split()  # its name (in two lines) and its status
    assert f"({EntrantStatus.WITHDRAWN.label})" in tail and left.count(f"({EntrantStatus.WITHDRAWN.label})") == 1
    sheet = load_workbook(io.BytesIO(workbook(tournament)))["Группы"]
    row = next(r for r in sheet.iter_rows(min_row=2, values_only=True) if r[2] == 2)
    assert row[4] == str(EntrantStatus.WITHDRAWN.label) and row[11] is None
