"""One text cleaning for every field: what prints nothing is removed, what spoofs or breaks is refused."""
import pytest
from django.utils.translation import override
from reportlab.pdfbase import pdfmetrics

from core.pdf import CELL, register_fonts, word_width, wrap
from core.text import UnsafeText, ascii_digits, clean_text, numbered


@pytest.mark.parametrize("raw, stored", [
    ("Ива\u200bнов Иван", "Иванов Иван"),          # zero-width space
    ("\ufeffПетров\u200d\u2060", "Петров"),         # byte order mark, joiner, word joiner
    ("Сер\u00adгей", "Сергей"),                    # soft hyphen
    ("Ии\u0306", "Ий"),                            # «й» as «и» + combining breve: NFC
    ("  Смирнов\u00a0\u3000Олег\n", "Смирнов Олег"),  # other spaces are spaces
    ("№ 5", "№ 5"),                                # not NFKC: «№» stays
])
def test_clean_text_removes_what_prints_nothing_and_normalizes(raw, stored):
    assert clean_text(raw) == stored


@pytest.mark.parametrize("raw, code", [
    ("Иван\u202eвонави", "bidi"), ("\u2067Иванов", "bidi"), ("Иванов\u200f", "bidi"),
    ("Иван\x00ов", "control"), ("Иванов\x1b[31m", "control"), ("Ива\x1fнов", "control"),
    ("Иванов\ud800", "noncharacter"), ("Иванов\uffff", "noncharacter"),
])
def test_clean_text_refuses_what_spoofs_or_breaks(raw, code):
    with pytest.raises(UnsafeText) as err:
        clean_text(raw)
    assert err.value.code == code and err.value.message.startswith("недопустимый")


def test_multiline_text_keeps_its_line_breaks():
    assert clean_text(" первая  строка \r\nвторая\u200b\n", multiline=True) == "первая строка\nвторая"


def test_full_width_digits_are_digits_and_other_scripts_stay():
    assert ascii_digits("１５００") == "1500" and ascii_digits("－３") == "-3"
    assert ascii_digits("٣²") == "٣²"


def test_numbered_writes_the_number_sign_of_the_active_language():
    with override("ru"):
        assert numbered(4) == "№4" and numbered("—") == "№—"
    with override("en"):
        assert numbered(4) == "no.\u00a04"  # a non-breaking space: the sign never ends a line without its number
    with override("es"):
        assert numbered(12) == "n.º\u00a012"


def test_a_pdf_keeps_the_number_with_its_sign_on_one_line():
    register_fonts()
    # a column as wide as its longest word takes «no. 12» as one word, and a line never breaks inside it
    whole = pdfmetrics.stringWidth("no.\u00a012", CELL.fontName, CELL.fontSize)
    assert word_width(["no.\u00a012"], CELL, pad=0) == pytest.approx(whole)
    assert wrap("no.\u00a012 Ли", CELL.fontName, CELL.fontSize, whole + 1) == ["no.\u00a012", "Ли"]
