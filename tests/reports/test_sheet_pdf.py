"""The signed score sheet as printed: the remark table's pair numbers, the starred points, no overlapping text."""
import io
import itertools

import pdfplumber
import pytest
from reportlab.lib.units import mm

from core import pdf as toolkit
from events.documents import exports
from scoring.models import Protocol
from scoring.reports import pdf, pdf_sheet
from scoring.scores import score

from .conftest import EXAMPLE_DEALS, play, sign

QR_SIZE = 34 * mm


@pytest.fixture
def two_remarks(cup):
    """Round 3, table 1: pair 3 (A) against pair 1 (B); a remark to each pair, the §8 deals."""
    rnd = cup.rounds.get(number=3)
    remarks = [{"deal": 2, "player": "A1", "reason": "talking"}, {"deal": 3, "player": "B2", "reason": "signs"}]
    protocol = play(rnd, 1, EXAMPLE_DEALS, remarks)
    names = [p.name for n in (3, 1) for p in cup.pairs.get(number=n).players.order_by("number")]
    return sign(protocol, *names)


def _words(data):
    with pdfplumber.open(io.BytesIO(data)) as doc:
        assert len(doc.pages) == 1
        page = doc.pages[0]
        return page.extract_words(keep_blank_chars=False, use_text_flow=False), page.height


def _line_of(words, top, tol=2):
    return sorted((w for w in words if abs(w["top"] - top) < tol), key=lambda w: w["x0"])


def _in_column(words, x0, x1):
    return [w for w in words if w["x0"] >= x0 - 0.5 and w["x1"] <= x1 + 0.5]


def test_signed_sheet_remarks_stars_and_layout(two_remarks):
    data = exports.protocol_pdf(two_remarks, base_url="https://domino.example.org")
    words, height = _words(data)

    # The remark table: under «№ пары» the numbers of the pairs that received the remarks (3, then 1).
    widths = pdf_sheet.REMARK_WIDTHS
    col_x0 = toolkit.MARGIN + sum(widths[:4])
    col_x1 = col_x0 + widths[4]
    header = next(w for w in words if w["text"] == "пары" and col_x0 <= w["x0"] <= col_x1)
    rows = [w for w in words if w["top"] > header["bottom"] + 1 and w["text"] in ("Разговоры", "Знаки")]
    assert [r["text"] for r in sorted(rows, key=lambda w: w["top"])] == ["Разговоры", "Знаки"]
    pair_numbers = [[w["text"] for w in _in_column(_line_of(words, r["top"]), col_x0, col_x1)]
                    for r in sorted(rows, key=lambda w: w["top"])]
    assert pair_numbers == [["3"], ["1"]]
    # Pair 3's remark is its third of the tournament: the step column says so, not the pair column.
    step_x0, step_x1 = col_x1, col_x1 + widths[5]
    steps = [[w["text"] for w in _in_column(_line_of(words, r["top"]), step_x0, step_x1)]
             for r in sorted(rows, key=lambda w: w["top"])]
    assert steps == [["3"], ["1"]]

    # The asterisk sits on exactly the points a sanction changed.
    result = score(Protocol.objects.get(pk=two_remarks.pk))
    expected = {(d.n, side) for d in result.deals for side, i in (("A", 0), ("B", 1))
                if (d.points_a, d.points_b)[i] != d.table_points[i]}
    assert expected, "the fixture must have a sanction that changes points"
    a_x0 = toolkit.MARGIN + sum(pdf.DEAL_WIDTHS[:8])
    b_x0 = a_x0 + pdf.DEAL_WIDTHS[8]
    starred = set()
    for w in words:
        if w["text"].endswith("*") and w["text"][:-1].isdigit():
            side = "A" if a_x0 <= w["x0"] < b_x0 else "B" if b_x0 <= w["x0"] < b_x0 + pdf.DEAL_WIDTHS[9] else "?"
            deal = next(x["text"] for x in _line_of(words, w["top"]) if x["x0"] < toolkit.MARGIN + pdf.DEAL_WIDTHS[0])
            starred.add((int(deal), side))
    assert starred == expected

    # No two pieces of text overlap anywhere on the page.
    for a, b in itertools.combinations(words, 2):
        overlap_x = min(a["x1"], b["x1"]) - max(a["x0"], b["x0"])
        overlap_y = min(a["bottom"], b["bottom"]) - max(a["top"], b["top"])
        assert overlap_x <= 0.5 or overlap_y <= 0.5, (a["text"], b["text"])

    # The QR code's captions stay in its own column, right of the signature table.
    table_right = toolkit.MARGIN + toolkit.WIDTH - QR_SIZE - 10
    captions = [w for w in words if w["text"] in ("наведите", "камеру", "сети:") or "domino.example.org" in w["text"]]
    assert len(captions) >= 3
    assert all(w["x0"] > table_right for w in captions)


def test_attested_sheet_says_so(two_remarks):
    two_remarks.signatures.filter(role="referee").update(method="referee_attests")
    words, _ = _words(exports.protocol_pdf(two_remarks, base_url="https://domino.example.org"))
    text = " ".join(w["text"] for w in words)
    assert "Судья заверил подписи игроков на бумажном бланке." in text
