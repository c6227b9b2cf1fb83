"""Names print as the letters they are: no markup in the PDFs, no formulas in the workbooks."""
import io

import pdfplumber
import pytest
from openpyxl import load_workbook
from pypdf import PdfReader

from core.cells import FORMULA_START, csv_field
from core.cells import cells as safe_cells
from events.documents import exports
from events.services import template_xlsx
from scoring.models import Signature
from tests.reports.conftest import cup  # noqa: F401  (fixture)

# A picture that exists (so that reportlab would really embed it), a link, a font tag and an unclosed tag.
IMAGE = "/tmp/domino-hostile-picture.png"
MARKUP = [
    f'<img src="{IMAGE}" width="40" height="40"/>',
    '<a href="http://evil.example/">ссылка</a>',
    '<font color="red" size="40">Красный</font>',
    "<b>Незакрытый",
    "Иванов & <Петров>",
]
FORMULAS = ['=HYPERLINK("http://evil.example","жми")', "+7 (900) 000", "-Сидоров", "@SUM(A1:A9)", "\tТаб", "\rCR",
            "=1+1"]


def rename(tournament, names):
    """Give pair 3's players and pair 4 hostile names, and the signatures of the protocols too."""
    tournament.pairs.filter(number=4).update(name=names[-1])
    pair = tournament.pairs.get(number=3)
    for player, name in zip(pair.players.order_by("number"), names):
        player.name = name
        player.save()
    Signature.objects.filter(protocol__partie__round__tournament=tournament, seat="A1").update(name=names[0])
    Signature.objects.filter(protocol__partie__round__tournament=tournament, seat="A2").update(name=names[1])
    return pair


def inspect(data: bytes):
    """(the text of every page, whether any page has a link annotation, whether any page shows an image)."""
    reader = PdfReader(io.BytesIO(data))
    links = any("/Annots" in page and any(a.get_object().get("/Subtype") == "/Link" for a in page["/Annots"])
                for page in reader.pages)
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        text = "\n".join(page.extract_text() or "" for page in pdf.pages)
        images = sum(len(page.images) for page in pdf.pages)
    return text, links, images


def drawn_text(data: bytes) -> str:
    """Every character in the order it was drawn, without spaces (a wrapped cell reads as one piece)."""
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        return "".join(c["text"] for page in pdf.pages for c in page.chars if not c["text"].isspace())


def no_file_opened(monkeypatch):
    """Fail if reportlab opens anything but its fonts (an <img src=…> would open the file it names)."""
    import reportlab.lib.utils as utils

    opened = []
    real = utils.open_for_read

    def spy(name, *args, **kwargs):
        opened.append(str(name))
        return real(name, *args, **kwargs)

    monkeypatch.setattr(utils, "open_for_read", spy)
    return opened


@pytest.mark.parametrize("pair_of_names", [MARKUP[0:2], MARKUP[2:4], [MARKUP[4], MARKUP[3]]])
def test_markup_in_names_prints_literally_in_every_pdf(cup, monkeypatch, pair_of_names):  # noqa: F811
    from core.pdf import register_fonts

    register_fonts()
    from PIL import Image

    Image.new("RGB", (8, 8), "red").save(IMAGE)
    names = pair_of_names
    rename(cup, names)
    opened = no_file_opened(monkeypatch)
    files = {
        "blank": exports.blank_sheets_pdf(cup, 3),
        "signed": exports.signed_sheets_pdf(cup, 2, sign=False),
        "standings": exports.standings_pdf(cup),
        "pairings": exports.pairings_pdf(cup, 2),
    }
    for what, data in files.items():
        text, links, images = inspect(data)
        flat = " ".join(text.split())
        for name in names:
            # the sheets cut a long name to its column with "…": its beginning is printed as typed
            assert " ".join(name.split())[:8] in flat, (what, name)
        assert not links, what
        assert images == 0, what
    # the lists print the names whole, tags and all (wrapped in their column: read in the order drawn)
    for what in ("standings", "pairings"):
        drawn = drawn_text(files[what])
        for name in names:
            assert "".join(name.split()) in drawn, (what, name)
    assert IMAGE not in opened


def test_markup_in_the_tournament_name_prints_literally(cup):  # noqa: F811
    cup.name = "<b>Кубок</i> & <a href='http://evil.example/'>"
    cup.save()
    for data in (exports.standings_pdf(cup), exports.pairings_pdf(cup, 2)):
        text, links, _images = inspect(data)
        assert "<b>Кубок</i> &" in " ".join(text.split())
        assert not links


def test_the_longest_names_do_not_break_the_pdfs(cup):  # noqa: F811
    rename(cup, ["Щ" * 200, "Ж" * 200])  # as long as the database holds, and without a space to wrap at
    cup.pairs.filter(number=4).update(name="Ы" * 200)
    for data in (exports.standings_pdf(cup), exports.pairings_pdf(cup, 2), exports.blank_sheets_pdf(cup, 3),
                 exports.signed_sheets_pdf(cup, 2, sign=False)):
        assert "ЩЩЩЩ" in inspect(data)[0]


def test_a_cell_longer_than_a_page_is_cut_instead_of_failing():
    from reportlab.platypus import SimpleDocTemplate

    from core.pdf import CELL_MAX, SMALL, heads, list_grid, paragraph, register_fonts

    register_fonts()
    table = list_grid([heads(["№", "Игроки"]), ["1", paragraph("Щ " * 10_000, SMALL)]], [40, 200])
    buf = io.BytesIO()
    SimpleDocTemplate(buf).build([table])  # a LayoutError without the cut
    text = inspect(buf.getvalue())[0]
    assert "…" in text and text.count("Щ") <= CELL_MAX


def cell_types(data: bytes):
    wb = load_workbook(io.BytesIO(data))
    return [(ws.title, c.coordinate, c.value, c.data_type) for ws in wb.worksheets for row in ws.iter_rows()
            for c in row if c.value is not None]


def test_no_cell_of_the_workbook_is_a_formula(cup):  # noqa: F811
    rename(cup, FORMULAS[:2])
    cup.pairs.filter(number=4).update(name=FORMULAS[2])
    player = cup.pairs.get(number=5).players.first()
    player.name, player.club = FORMULAS[3], FORMULAS[4]
    player.save()
    for data in (exports.workbook(cup), exports.standings_workbook(cup)):
        cells = cell_types(data)
        assert cells
        assert [c for c in cells if c[3] == "f"] == []
        texts = {c[2] for c in cells if c[3] == "s"}
        for value in FORMULAS[:2]:
            assert any(value in t for t in texts)  # kept as typed, as text
        numbers = [c for c in cells if c[3] == "n"]
        assert numbers  # numbers stay numbers
    # Excel is told to keep them text when someone edits the cell
    wb = load_workbook(io.BytesIO(exports.workbook(cup)))
    flagged = [c for ws in wb.worksheets for row in ws.iter_rows() for c in row
               if isinstance(c.value, str) and c.value.startswith(FORMULA_START)]
    assert flagged and all(c.quotePrefix for c in flagged)


def test_the_import_template_has_no_formula():
    cells = cell_types(template_xlsx())
    assert cells and all(c[3] in ("s", "n") for c in cells)


@pytest.mark.parametrize("value", FORMULAS)
def test_formula_like_text_is_text(value):
    from openpyxl import Workbook

    wb = Workbook(write_only=True)
    ws = wb.create_sheet("x")
    ws.append(safe_cells(ws, [value, 5, "обычный текст"]))
    out = io.BytesIO()
    wb.save(out)
    (_t, _c, v, kind), (_t2, _c2, five, kind5), (_t3, _c3, _v3, kind3) = cell_types(out.getvalue())
    assert kind == "s" and v.lstrip("\r\n\t") == value.lstrip("\r\n\t")  # XML may turn CR into LF
    assert (five, kind5) == (5, "n") and kind3 == "s"
    assert csv_field(value) == "'" + value
    assert csv_field("Иванов") == "Иванов" and csv_field(5) == 5
