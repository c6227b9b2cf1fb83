"""The score sheets of Kozel, Morskoy and hand points as printed (pdfplumber reads them back).

Every figure expected here comes from the engine's score of the protocol
(``score_protocol`` of the stored protocol's JSON), never from the sheet's own data.
"""
import io
import itertools
from collections import Counter

import pdfplumber
import pytest
from django.conf import settings
from reportlab.pdfbase import pdfmetrics

from core import pdf as toolkit
from engine.rules import score_protocol
from events.documents import exports
from scoring.protocol_json import protocol_to_json
from scoring.reports import pdf_games
from scoring.reports.pades import pades_verify
from tests.kozel_protocols import (
    HAND_DEALS,
    HOSTILE_NAMES,
    KOZEL_REMARKS,
    KOZEL_TWO_GAMES,
    generated,
    partie_of,
    record,
)

pytestmark = pytest.mark.django_db


def pages_of(data: bytes) -> list[dict]:
    """Per page: its text lines (words joined by one space, top to bottom) and its words with their boxes."""
    out = []
    with pdfplumber.open(io.BytesIO(data)) as doc:
        for page in doc.pages:
            words = page.extract_words(keep_blank_chars=False, use_text_flow=False)
            lines = [" ".join(line.split()) for line in (page.extract_text() or "").splitlines()]
            out.append({"lines": lines, "text": " ".join(lines), "words": words})
    return out


def engine(protocol):
    return score_protocol(protocol_to_json(protocol))


def assert_no_overlap(words):
    for a, b in itertools.combinations(words, 2):
        overlap_x = min(a["x1"], b["x1"]) - max(a["x0"], b["x0"])
        overlap_y = min(a["bottom"], b["bottom"]) - max(a["top"], b["top"])
        assert overlap_x <= 0.5 or overlap_y <= 0.5, (a["text"], b["text"])


def deal_line(lines, n, running_a, running_b) -> str:
    """The line of deal ``n``: it starts with the number and ends with the game's running totals."""
    found = [line for line in lines if line.split(" ", 1)[0] == str(n) and line.endswith(f" {running_a} {running_b}")]
    assert found, (n, running_a, running_b)
    return found[0]


def goat_words(game, numbers) -> str:
    if game.goat is None:
        return "ничья, козла нет"
    return f"козёл — пара {game.goat} № {numbers[game.goat]}" + (" (всухую)" if game.dry else "")


@pytest.fixture
def kozel_two_games(db):
    partie = partie_of("kozel", {"games_per_partie": 2}, names=HOSTILE_NAMES)
    return record(partie, KOZEL_TWO_GAMES, KOZEL_REMARKS)


def test_kozel_sheet_of_two_games_shows_each_game_its_goat_and_the_rating(kozel_two_games):
    protocol = kozel_two_games
    result = engine(protocol)
    assert len(result.games) == 2 and result.finished, "the fixture is a finished partie of two games"
    numbers = {"A": protocol.partie.pair_a.number, "B": protocol.partie.pair_b.number}
    pages = pages_of(exports.protocol_pdf(protocol, base_url="https://domino.example.org"))
    assert len(pages) == 1, "a normal partie fits one page"
    lines, text = pages[0]["lines"], pages[0]["text"]

    # Games in order, with their headings before their deals.
    heads = [lines.index(f"Игра {g.n}") for g in result.games]
    assert heads == sorted(heads)
    for game in result.games:
        first, last = game.deals
        summary = (f"Итог игры {game.n}: {game.totals['A']} : {game.totals['B']} · {goat_words(game, numbers)} · "
                   f"рейтинг: A {game.rating['A']}, B {game.rating['B']}")
        assert summary in text
        for d in result.deals[first - 1:last]:
            line = deal_line(lines, d.n, d.running_a, d.running_b)
            assert heads[game.n - 1] < lines.index(line)
            # recorded points right after the result text: "… 40 0 …" (remembered and eggs only where not 0)
            tail = [str(d.points_a), str(d.points_b)]
            tail += [str(v) for v in (d.remembered["A"], d.remembered["B"], d.eggs) if v]
            tail += [str(d.running_a), str(d.running_b)]
            assert line.endswith(" ".join(tail)), (line, tail)
    # The rule of 13, the eggs and the dry goat of this fixture are on the sheet.
    assert any(any(d.remembered.values()) for d in result.deals) and any(d.eggs for d in result.deals)
    assert any(g.dry for g in result.games) and "(всухую)" in text
    assert "+яйца 20" in text and "Рыба, рыбак A1 · поровну" in text and "B2 1-1 Выход A1 2-4" in text

    # The partie: goats, winner, rating.
    assert (f"Итог партии: пара A № {numbers['A']} — козлов {result.goats['A']} : {result.goats['B']} — "
            f"пара B № {numbers['B']}") in text
    assert f"Победила пара {result.winner} № {numbers[result.winner]}" in text
    assert f"Рейтинг за партию — пара A: {result.rating['A']}, пара B: {result.rating['B']}" in text
    # The remark is in the table of remarks; its deal carries the mark.
    assert "Разговоры" in text and "предупреждение" in text
    assert_no_overlap(pages[0]["words"])


def test_kozel_sheet_prints_names_literally_and_still_signs(kozel_two_games):
    protocol = kozel_two_games
    data = exports.protocol_pdf(protocol)
    page = pages_of(data)[0]
    text = page["text"]
    for name in HOSTILE_NAMES[1] + HOSTILE_NAMES[2][:1]:
        assert name in text
    # A 188-letter name is printed whole in its seat's cell (B2, right half of the seats' table, above the seats'
    # note): it wraps, its one long word broken inside the cell, and nothing is cut with «…».
    long_name = HOSTILE_NAMES[2][1]
    note_top = next(w["top"] for w in page["words"] if w["text"] == "Места")
    pieces = sorted((w for w in page["words"] if w["top"] < note_top and w["x0"] > toolkit.MARGIN + toolkit.WIDTH / 2
                     and w["text"] in long_name and len(w["text"]) > 3), key=lambda w: w["top"])
    assert "".join(w["text"] for w in pieces) == long_name.replace(" ", "")
    assert all(w["x1"] <= toolkit.PAGE_W - toolkit.MARGIN for w in pieces) and "…" not in text
    tournament = protocol.partie.round.tournament
    tournament.refresh_from_db()
    check = pades_verify(data, tournament.signing_cert_pem)
    assert check.ok, check
    tampered = bytearray(data)
    at = data.index(b"stream", len(data) // 4) + 40
    tampered[at] ^= 0x01
    assert not pades_verify(bytes(tampered), tournament.signing_cert_pem).ok


@pytest.mark.parametrize("seed", [1, 3])
def test_morskoy_sheet_has_goats_wipes_and_no_rating(db, seed):
    partie = partie_of("morskoy-kozel", slug=f"morskoy-{seed}")
    protocol = record(partie, generated(partie, seed))
    result = engine(protocol)
    numbers = {"A": partie.pair_a.number, "B": partie.pair_b.number}
    data = exports.protocol_pdf(protocol)
    pages = pages_of(data)
    assert len(pages) == 1
    lines, text = pages[0]["lines"], pages[0]["text"]
    for game in result.games:
        assert f"Игра {game.n}" in lines
        assert f"Итог игры {game.n}: {game.totals['A']} : {game.totals['B']} · {goat_words(game, numbers)}" in text
    for d in result.deals:
        line = deal_line(lines, d.n, d.running_a, d.running_b)
        if d.wiped:
            assert f"списано у {d.wiped}" in line
    assert any(d.wiped for d in result.deals), "the fixture wipes a total"
    assert "рейтинг" not in text.lower() and "Запомн" not in text  # Morskoy: no rating, nothing remembered
    assert "Яйца" in text
    assert f"Победила пара {result.winner} № {numbers[result.winner]}" in text
    assert_no_overlap(pages[0]["words"])
    partie.round.tournament.refresh_from_db()
    assert pades_verify(data, partie.round.tournament.signing_cert_pem).ok


def test_hand_points_sheet_lists_points_notes_and_totals(db):
    partie = partie_of("hand-points", names=HOSTILE_NAMES)
    protocol = record(partie, HAND_DEALS)
    result = engine(protocol)
    assert result.finished
    data = exports.protocol_pdf(protocol)
    pages = pages_of(data)
    assert len(pages) == 1
    lines, text = pages[0]["lines"], pages[0]["text"]
    assert "№ Очки A Очки B Примечание Сумма A Сумма B" in lines
    notes = {d["n"]: d.get("note", "") for d in HAND_DEALS}
    for d in result.deals:
        line = [x for x in lines if x.startswith(f"{d.n} {d.points_a} {d.points_b}")]
        assert line, d.n
        assert line[0].endswith(f"{d.running_a} {d.running_b}")
    # Notes print as typed, markup and formulas included; a long note wraps inside its cell.
    assert "<script>alert(1)</script> рыба" in text and "=1+2" in text
    printed = Counter(text.split())
    assert not Counter(notes[3].split()) - printed  # every word of the long note is there
    numbers = {"A": partie.pair_a.number, "B": partie.pair_b.number}
    assert (f"Итог партии: пара A № {numbers['A']} — {result.totals_a} : {result.totals_b} — "
            f"пара B № {numbers['B']}") in text
    assert f"Победила пара {result.winner} № {numbers[result.winner]}" in text
    assert_no_overlap(pages[0]["words"])
    partie.round.tournament.refresh_from_db()
    assert pades_verify(data, partie.round.tournament.signing_cert_pem).ok


def test_a_long_partie_continues_on_another_page_with_the_headings_again(db):
    partie = partie_of("kozel", {"games_per_partie": 3, "target_points": 301}, slug="long-kozel")
    protocol = record(partie, generated(partie, 2))
    result = engine(protocol)
    pages = pages_of(exports.protocol_pdf(protocol))
    assert len(pages) >= 2
    for k, page in enumerate(pages, start=1):
        assert page["lines"][0].endswith("Тур 1 · Стол 1" + (f" · лист {k}" if k > 1 else ""))
        assert any(line.startswith("№ Заход Итог A1 A2 B1 B2 Очки A Очки B") for line in page["lines"]), k
        assert_no_overlap(page["words"])
        if k < len(pages):
            assert "Продолжение на следующем листе" in page["text"] and "Подписи" not in page["lines"]
    assert "Подписи" in pages[-1]["lines"]
    # Every deal once, in order, over the pages.
    seen = []
    for page in pages:
        for d in result.deals:
            if any(line.split(" ", 1)[0] == str(d.n) and line.endswith(f" {d.running_a} {d.running_b}")
                   for line in page["lines"]):
                seen.append(d.n)
    assert seen == [d.n for d in result.deals]
    for game in result.games:
        assert f"Итог игры {game.n}: {game.totals['A']} : {game.totals['B']}" in " ".join(p["text"] for p in pages)


@pytest.mark.parametrize("preset,overrides,columns,absent", [
    ("kozel", {"games_per_partie": 2},
     ["Запомн.", "Яйца", "рейтинг: A ______, B ______", "Игра 3 — если козлов поровну"], []),
    ("kozel", {}, ["Запомн.", "Яйца", "Игра 1"], ["Игра 2"]),
    ("morskoy-kozel", {}, ["Яйца", "Игра 1"], ["Запомн.", "рейтинг"]),
    ("kozel", {"block_scoring": "each_own"}, ["Запомн."], ["Яйца"]),
    ("hand-points", {}, ["Примечание", "Сумма A"], ["Игра 1", "Яйца"]),
])
def test_blank_sheet_has_the_columns_of_the_rules(db, preset, overrides, columns, absent):
    partie = partie_of(preset, overrides)
    pages = pages_of(exports.blank_sheets_pdf(partie.round.tournament, 1, base_url="https://domino.example.org"))
    text = " ".join(p["text"] for p in pages)
    for word in columns:
        assert word in text, word
    for word in absent:
        assert word not in text, word
    # The remarks, the result and the signatures come once, after the deals.
    assert text.count("Подписи") == 1 and text.index("Замечания и санкции") > text.index("Сумма B")
    assert len(pages) <= (2 if overrides.get("games_per_partie", 1) > 1 else 1)
    for page in pages:
        assert_no_overlap(page["words"])


def test_wrap_breaks_between_words_and_inside_only_a_too_long_word():
    toolkit.register_fonts()
    lines = toolkit.wrap("Выход A1 · +яйца 20 " + "Х" * 80, toolkit.FONT, 8, 100)
    assert lines[0] == "Выход A1 · +яйца 20"
    assert "".join(lines[1:]) == "Х" * 80 and len(lines) > 2
    assert all(pdfmetrics.stringWidth(line, toolkit.FONT, 8) <= 100 for line in lines)
    assert toolkit.wrap("", toolkit.FONT, 8, 100) == [""]


def test_a_note_of_one_long_word_prints_whole_inside_its_cell(db):
    partie = partie_of("hand-points", slug="hand-long-note")
    protocol = record(partie, [{"n": 1, "result": "points", "points": {"A": 100, "B": 0}, "note": "Ж" * 200}])
    pages = pages_of(exports.protocol_pdf(protocol))
    assert len(pages) == 1
    words = pages[0]["words"]
    pieces = [w for w in words if set(w["text"]) == {"Ж"}]
    assert "".join(w["text"] for w in sorted(pieces, key=lambda w: w["top"])) == "Ж" * 200
    note_x0 = toolkit.MARGIN + sum(w for _h, w, _a in pdf_games.points_columns()[:3])
    note_x1 = note_x0 + pdf_games.points_columns()[3][1]
    assert all(note_x0 <= w["x0"] and w["x1"] <= note_x1 for w in pieces)
    assert_no_overlap(words)


def _import(partie, data, *, signed=True):
    from scoring.services import import_protocol_json
    from tests.factories import make_referee
    from tests.reports.conftest import sign

    protocol = import_protocol_json(partie, {"format": "domino-protocol/2", **data},
                                    make_referee(partie.round.tournament))
    if signed:
        names = [p.name for pair in (partie.pair_a, partie.pair_b) for p in pair.players.order_by("number")]
        protocol = sign(protocol, *names)
    return protocol


def test_no_show_sheet_lists_the_games_not_played(db):
    partie = partie_of("kozel", {"games_per_partie": 2}, slug="kozel-no-show")
    protocol = _import(partie, {"deals": [], "no_show": "B"})
    result = engine(protocol)
    text = " ".join(p["text"] for p in pages_of(exports.protocol_pdf(protocol)))
    for game in result.games:
        assert game.deals is None and f"Игра {game.n}" in text
        assert f"Итог игры {game.n}: 0 : 0 · козёл — пара B № 2 · не сыграна · рейтинг: A —, B —" in text
    assert f"козлов {result.goats['A']} : {result.goats['B']}" in text and "Неявка пары B № 2" in text


def test_abandoned_partie_sheet_says_who_left_and_the_rating_of_the_pair_that_stayed(db):
    partie = partie_of("kozel", {"games_per_partie": 2}, slug="kozel-left")
    protocol = _import(partie, {"deals": KOZEL_TWO_GAMES[:5], "abandoned": "B"})
    result = engine(protocol)
    text = " ".join(p["text"] for p in pages_of(exports.protocol_pdf(protocol)))
    first, second = result.games
    assert first.ended == "abandoned" and second.ended == "forfeit"
    assert (f"Итог игры 1: {first.totals['A']} : {first.totals['B']} · козёл — пара B № 2 · пара ушла · "
            f"рейтинг: A {first.rating['A']}, B —") in text
    assert "Ушла из-за стола пара B № 2: побеждает пара A № 1" in text


def test_tied_goats_sheet_says_an_extra_game_is_played(db):
    # Game 1: A is the goat (deals 1–6); game 2: B records 50 and 61, so B is the goat: 1 : 1.
    deals = KOZEL_TWO_GAMES[:6] + [
        {"n": 7, "result": "domino", "out": "A1", "hands": {"B1": 20, "B2": 30}},
        {"n": 8, "result": "domino", "out": "A2", "hands": {"B1": 30, "B2": 31}},
    ]
    partie = partie_of("kozel", {"games_per_partie": 2}, slug="kozel-tie")
    protocol = _import(partie, {"deals": deals}, signed=False)
    result = engine(protocol)
    assert result.extra_game_needed and result.goats == {"A": 1, "B": 1}
    text = " ".join(p["text"] for p in pages_of(exports.protocol_pdf(protocol)))
    assert "Козлов поровну: играется ещё одна игра" in text and "козлов 1 : 1" in text


def test_kozel_sheet_of_a_protocol_changed_behind_its_signatures_says_so(kozel_two_games):
    """A deal row changed in the database after signing: the game-by-game sheet frames a warning where the
    seats' note was, prints the records' fingerprint now in place of the signed one, and overlaps nothing."""
    from scoring.integrity import protocol_fingerprint
    from scoring.models import Deal, Protocol

    protocol = kozel_two_games
    signed_fp = protocol.signatures.first().fingerprint
    deal = Deal.objects.filter(protocol=protocol).order_by("n").first()
    Deal.objects.filter(pk=deal.pk).update(hands=dict(deal.hands or {}, B2=(deal.hands or {}).get("B2", 0) + 5))
    protocol = Protocol.objects.get(pk=protocol.pk)
    now = protocol_fingerprint(protocol)
    assert now != signed_fp
    data = exports.protocol_pdf(protocol)
    (settings.BASE_DIR / "test-artifacts").mkdir(exist_ok=True)
    (settings.BASE_DIR / "test-artifacts" / "kozel-sheet-changed-after-signing.pdf").write_bytes(data)
    pages = pages_of(data)
    text = " ".join(p["text"] for p in pages)
    assert "ВНИМАНИЕ: записи протокола не совпадают с тем, что подписали игроки и судья." in text
    assert now in text and signed_fp not in text
    assert "Места по часовой стрелке" not in text
    assert_no_overlap(pages[0]["words"])
