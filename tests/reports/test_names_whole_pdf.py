"""Every name on the table cards, the blank and the signed sheets is printed whole and inside the printable area.

pdfplumber reads the PDFs back: each word of each name (a hyphenated word may break after its hyphen) is on the
page, nothing is cut with «…», and every word lies at least 10 mm from each edge of the A4 page.
"""
import io
import itertools
import re
from collections import Counter

import pdfplumber
import pytest
from django.conf import settings

from events.documents import exports, pack
from tests.factories import make_round, make_tournament
from tests.kozel_protocols import KOZEL_TWO_GAMES, partie_of, record
from tests.reports.conftest import EXAMPLE_DEALS, play, sign

pytestmark = pytest.mark.django_db

MM = 72 / 25.4
EDGE = 10 * MM
# The longest plausible names: 80 characters, long Russian surnames, a double surname.
LONG = "Константинопольская-Преображенская Анастасия-Виктория Александровна-Владимировна"
NAMES = [LONG, "Неупокоев-Забалканский Вениамин Вениаминович", "Ли Ян",
         "Верхнеднепровский-Старорусский Иннокентий-Ипполит Мстиславович"]
PAIR_NAME = "Клинчане"


def artifact(name: str, data: bytes):
    """Keep the PDF for a look (test-artifacts/ is not in the repository)."""
    folder = settings.BASE_DIR / "test-artifacts"
    folder.mkdir(exist_ok=True)
    (folder / name).write_bytes(data)


def pieces(text: str) -> list[str]:
    """Words, and a hyphenated word as its parts up to each hyphen (the sheet may break a name there)."""
    parts = (p.strip("«»():;,.") for word in text.split() for p in re.split(r"(?<=\w-)(?=\w)", word))
    return [p for p in parts if p]


def page_words(data: bytes, y_tolerance: float = 3) -> list[tuple[list, float, float]]:
    out = []
    with pdfplumber.open(io.BytesIO(data)) as doc:
        for page in doc.pages:
            out.append((page.extract_words(keep_blank_chars=False, use_text_flow=False, y_tolerance=y_tolerance),
                        page.width, page.height))
    return out


def assert_names_whole_and_inside(data: bytes, names, *, per_page=True):
    pages = page_words(data)
    for words, width, height in pages:
        for w in words:
            assert w["x0"] >= EDGE and w["x1"] <= width - EDGE, (w["text"], w["x0"], w["x1"])
            assert w["top"] >= EDGE and w["bottom"] <= height - EDGE, (w["text"], w["top"], w["bottom"])
        text = " ".join(w["text"] for w in words)
        assert "…" not in text, "a text is cut"
        for a, b in itertools.combinations(words, 2):
            overlap_x = min(a["x1"], b["x1"]) - max(a["x0"], b["x0"])
            overlap_y = min(a["bottom"], b["bottom"]) - max(a["top"], b["top"])
            assert overlap_x <= 0.5 or overlap_y <= 0.5, (a["text"], b["text"])
    groups = [words for words, _w, _h in pages] if per_page else [[w for words, _w, _h in pages for w in words]]
    for words in groups:
        printed = Counter(p for w in words for p in pieces(w["text"]))
        for name in names:
            missing = Counter(pieces(name)) - printed
            assert not missing, (name, missing)


def _name(pair, names):
    for player, name in zip(pair.players.order_by("number"), names):
        player.name = name
        player.save(update_fields=["name"])


@pytest.fixture
def sport(db):
    """Two pairs with the longest names, pair 1 named «Клинчане»; round 1, table 1, the §8 deals played."""
    tournament = make_tournament(2, slug="names-cup")
    tournament.venue = "Дворец культуры железнодорожников имени В. И. Ленина, большой зал на втором этаже"
    tournament.save(update_fields=["venue"])
    tournament.pairs.filter(number=1).update(name=PAIR_NAME)
    _name(tournament.pairs.get(number=1), NAMES[:2])
    _name(tournament.pairs.get(number=2), NAMES[2:])
    make_round(tournament, 1, [(1, 2)])
    return tournament


def test_table_card_prints_every_name_whole_inside_the_margins(sport):
    data = pack.table_cards(sport, 1)
    artifact("names-table-card.pdf", data)
    assert_names_whole_and_inside(data, NAMES + [PAIR_NAME])


def test_blank_sport_sheet_prints_every_name_whole_inside_the_margins(sport):
    data = exports.blank_sheets_pdf(sport, 1, base_url="https://domino.example.org")
    artifact("names-blank-sport.pdf", data)
    assert_names_whole_and_inside(data, NAMES + [sport.venue])  # the venue too: the header wraps it


def test_signed_sport_sheet_prints_every_name_reason_note_and_pin_whole(sport):
    rnd = sport.rounds.get(number=1)
    protocol = play(rnd, 1, EXAMPLE_DEALS, [{"deal": 2, "player": "A1", "reason": "time"}])
    protocol.remarks.update(note="Думал над ходом больше минуты, предупреждён")
    protocol = sign(protocol, *NAMES)
    protocol.signatures.filter(seat="A1").update(method="table_pin")
    data = exports.protocol_pdf(protocol, base_url="https://domino.example.org", sign=False)
    artifact("names-signed-sport.pdf", data)
    assert len(page_words(data)) == 1
    assert_names_whole_and_inside(data, NAMES + ["Превышение времени хода",
                                                 "Думал над ходом больше минуты, предупреждён", "ПИН-код"])


@pytest.mark.parametrize("preset", ["kozel", "morskoy-kozel"])
def test_blank_kozel_sheets_print_every_name_whole_inside_the_margins(db, preset):
    partie = partie_of(preset, names={1: NAMES[:2], 2: NAMES[2:]}, slug=f"names-{preset}")
    data = exports.blank_sheets_pdf(partie.round.tournament, 1, base_url="https://domino.example.org")
    artifact(f"names-blank-{preset}.pdf", data)
    assert_names_whole_and_inside(data, NAMES, per_page=False)


def test_signed_kozel_sheet_prints_every_name_whole_inside_the_margins(db):
    partie = partie_of("kozel", {"games_per_partie": 2}, names={1: NAMES[:2], 2: NAMES[2:]}, slug="names-kozel2")
    protocol = record(partie, KOZEL_TWO_GAMES, [{"deal": 5, "player": "B1", "reason": "talking"}])
    data = exports.protocol_pdf(protocol, sign=False)
    artifact("names-signed-kozel.pdf", data)
    assert_names_whole_and_inside(data, NAMES)


def test_remarks_with_long_notes_go_on_to_a_second_sheet_with_the_signatures_whole(sport):
    """Six remarks with 300-letter notes do not fit one page: the table of remarks goes on under its header on
    the next page, the signatures are not split from their QR code, and nothing leaves the margins."""
    rnd = sport.rounds.get(number=1)
    remarks = [{"deal": n, "player": seat, "reason": "other"}
               for n, seat in ((1, "A1"), (1, "B2"), (2, "A2"), (2, "B1"), (3, "A1"), (3, "B2"))]
    protocol = play(rnd, 1, EXAMPLE_DEALS[:3], remarks)
    note = ("Игрок несколько раз подряд обсуждал с партнёром возможные ходы вслух, несмотря на предупреждения "
            "судьи; соперники просили остановить игру. ") * 2
    protocol.remarks.update(note=note[:300])
    protocol = sign(protocol, *NAMES)
    data = exports.protocol_pdf(protocol, sign=False)
    artifact("names-signed-sport-long-remarks.pdf", data)
    with pdfplumber.open(io.BytesIO(data)) as doc:
        texts = [" ".join((page.extract_text() or "").split()) for page in doc.pages]
    assert len(texts) == 2
    assert "Продолжение на следующем листе" in texts[0] and "Подписи" not in texts[0]
    assert "Кубок города · Тур 1 · Стол 1 · лист 2" in texts[1] and "Подписи" in texts[1]
    assert texts[1].count("Замеч.") == 1  # the remarks' header again above the rows that went on
    assert_names_whole_and_inside(data, NAMES, per_page=False)


# --- the longest name in every document --------------------------------------------------------------------------

LONGEST = "Константинопольский-Трубецкой Александр-Владимир"


def assert_whole(data: bytes, name: str = LONGEST, y_tolerance: float = 3):
    """Every piece of ``name`` (its words, a double name also up to its hyphen) is printed on a page of ``data``,
    inside the page, over no other word, and nothing is cut with «…» (``y_tolerance``: how far apart lines of
    small type may be and still read as one)."""
    pages = page_words(data, y_tolerance)
    for words, width, height in pages:
        assert all(0 <= w["x0"] and w["x1"] <= width and 0 <= w["top"] and w["bottom"] <= height for w in words)
        assert "…" not in " ".join(w["text"] for w in words), "a text is cut"
        for a, b in itertools.combinations(words, 2):
            overlap_x = min(a["x1"], b["x1"]) - max(a["x0"], b["x0"])
            overlap_y = min(a["bottom"], b["bottom"]) - max(a["top"], b["top"])
            assert overlap_x <= 0.5 or overlap_y <= 0.5, (a["text"], b["text"])
    printed = Counter(p for words, _w, _h in pages for w in words for p in pieces(w["text"]))
    assert not Counter(pieces(name)) - printed, (name, printed)


def test_the_longest_name_is_printed_whole_in_every_document_of_a_tournament(cup):
    """A player named «Константинопольский-Трубецкой Александр-Владимир» in every list, card, sheet and report: the
    name shrinks or wraps in its cell, never is it cut (pdfplumber reads each piece of it back)."""
    player = cup.pairs.get(number=3).players.order_by("number").first()
    player.name = LONGEST
    player.save(update_fields=["name"])
    documents = {
        "standings": exports.standings_pdf(cup), "pairings": exports.pairings_pdf(cup, 2),
        "by table": pack.pairings_by_table(cup, 2), "by name": pack.pairings_by_name(cup, 2),
        "table cards": pack.table_cards(cup, 2), "blank sheets": exports.blank_sheets_pdf(cup, 3),
        "signed sheets": exports.signed_sheets_pdf(cup, 2, sign=False), "report": pack.final_report(cup),
    }
    for what, data in documents.items():
        artifact(f"longest-name-{what.replace(' ', '-')}.pdf", data)
        assert_whole(data)


def test_the_longest_name_shrinks_in_its_box_of_a_bracket_of_32():
    """A bracket of 32 (the narrowest boxes of one A4 page): the name shrinks in its box, whole, in every round."""
    from types import SimpleNamespace

    from scoring.reports.pdf_bracket import bracket_pdf

    def side(n):
        return {"seed": n, "entrant": n, "label": LONGEST if n in (1, 7) else f"Пара {n}"}

    rounds, entrants = [], list(range(1, 33))
    for name in ("1/16 финала", "1/8 финала", "1/4 финала", "Полуфинал", "Финал"):
        matches = [{"a": side(a), "b": side(b), "winner": min(a, b), "bye": False, "parties": [{"a": 101, "b": 50}]}
                   for a, b in zip(entrants[0::2], entrants[1::2])]
        rounds.append({"name": name, "matches": matches})
        entrants = [m["winner"] for m in matches]
    data = bracket_pdf(SimpleNamespace(name="Кубок"), {"size": 32, "rounds": rounds, "third_place": False})
    artifact("longest-name-bracket.pdf", data)
    assert_whole(data, y_tolerance=1)  # a name wrapped in small type: its two lines are 4 pt apart
    words = [w["text"] for w in page_words(data, y_tolerance=1)[0][0]]
    # №1 in each of the five rounds and as the winner, №7 in two rounds
    assert words.count("Константинопольский-") == 8 and words.count("Трубецкой") == 8
