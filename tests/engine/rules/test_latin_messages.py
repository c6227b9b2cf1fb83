"""The engine's refusals in Spanish (messages.ES) beside Russian: every code has both, and
ProtocolError.localized picks the language."""
import pytest

from engine.rules import ProtocolError
from engine.rules.messages import ES, RU, russian, spanish


def test_every_russian_code_has_spanish_wording_and_the_same_values():
    assert set(ES) == set(RU)
    for code in RU:
        assert sorted(_fields(RU[code])) == sorted(_fields(ES[code])), code


def _fields(template):
    import string

    return [name for _text, name, _spec, _conv in string.Formatter().parse(template) if name]


def test_spanish_messages_name_the_hand_and_the_seat():
    assert spanish("missing_hand", 3, "B2", {}) == "Mano 3, asiento B2: falta lo que queda en la mano"
    assert spanish("missing_deal", 5, None, {"missing": 4}) == "Mano 5: falta la mano 4"
    assert spanish("bad_sanctions", None, None, {}) == "Las sanciones son una lista"
    assert spanish("no_such_code", None, "A1", {}) == "Asiento A1: error en el acta"
    assert spanish("missing_deal", None, None, {}) == "Falta la mano {missing}"


def test_russian_messages_are_unchanged_by_the_spanish_ones():
    assert russian("missing_hand", 3, "B2", {}) == "Раздача 3, место B2: не указан остаток в руке"
    assert russian("no_such_code", None, None, {}) == "Ошибка в протоколе"


@pytest.mark.parametrize("language, text", [
    ("es", "Mano 2, asiento A1: el puesto debe ser A1, A2, B1 o B2"),
    ("es-ES", "Mano 2, asiento A1: el puesto debe ser A1, A2, B1 o B2"),
    ("es-419", "Mano 2, asiento A1: el puesto debe ser A1, A2, B1 o B2"),
    ("ru", "Раздача 2, место A1: место должно быть A1, A2, B1 или B2"),
    (None, "Раздача 2, место A1: место должно быть A1, A2, B1 или B2"),
    ("", "Раздача 2, место A1: место должно быть A1, A2, B1 или B2"),
    ("en", "deal 2, seat A1: bad"),
    ("e", "deal 2, seat A1: bad"),
    ("de", "deal 2, seat A1: bad"),
], ids=["es", "es-ES", "es-419", "ru", "none", "empty", "en", "e", "de"])  # ASCII ids: mutmut hands them to pytest
def test_localized_picks_the_language(language, text):
    err = ProtocolError("bad_seat", "bad", deal=2, seat="A1")
    assert err.localized(language) == text
    assert err.message_es == "Mano 2, asiento A1: el puesto debe ser A1, A2, B1 o B2"


@pytest.mark.parametrize("code", sorted(ES))
def test_spanish_wording_starts_low_and_names_what_the_russian_names(code):
    import re

    text = ES[code]
    assert text and not text[0].isupper(), "templates start lower-case; spanish() capitalises the sentence"
    words = re.findall(r"[A-Za-zÁÉÍÓÚÑáéíóúñ]{2,}", re.sub(r"\{\w+\}", "", text))
    assert words and not any(w.isupper() and w != "JSON" for w in words), f"shouting in {text!r}"

    def capitals(template):
        return sorted(re.findall(r"\b(?:A1|A2|B1|B2|A|B|JSON)\b", template))

    assert capitals(text) == capitals(RU[code]), code
