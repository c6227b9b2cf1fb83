"""Soft hyphens in the long words of names (tables on a phone)."""
from django.template import Context, Template

from tournaments.templatetags.names import SOFT_HYPHEN, soft_hyphens


def test_long_russian_words_get_syllable_breaks_short_ones_stay_whole():
    text = soft_hyphens("Верхнеднепровская Александра — Ёлкин Фёдор")
    assert text == "Верх\xadнед\xadне\xadпров\xadская Алек\xadсан\xadдра — Ёлкин Фёдор"
    assert text.replace(SOFT_HYPHEN, "") == "Верхнеднепровская Александра — Ёлкин Фёдор"


def test_a_double_surname_breaks_in_each_long_part_and_at_its_hyphen():
    assert soft_hyphens("Сидоров-Петровский") == "Сидоров-Пет\xadров\xadский"  # «Сидоров» has 7 letters


def test_latin_words_follow_english_rules_and_digits_are_left_alone():
    assert soft_hyphens("Featherstonehaugh") == "Feath\xader\xadstone\xadhaugh"
    assert soft_hyphens("Игрок 1234567890123") == "Игрок 1234567890123"
    assert soft_hyphens("٣٤٥٦٧٨٩٠١٢٣") == "٣٤٥٦٧٨٩٠١٢٣"  # other scripts' digits are not letters


def test_the_filter_escapes_markup():
    rendered = Template("{% load names %}{{ name|hyphenate }}").render(
        Context({"name": "<script>alert(1)</script> Преображенский"}))
    assert rendered == "&lt;script&gt;alert(1)&lt;/script&gt; Пре\xadоб\xadра\xadжен\xadский"
    assert Template("{% load names %}{{ name|hyphenate }}").render(Context({"name": "=СУММ(A1:A9)"})) == "=СУММ(A1:A9)"
