"""Translation catalogues: Russian msgids, English and Spanish translations, Russian plural forms.

The compiled ``locale/*/LC_MESSAGES/django.mo`` files are committed; without them (or with a
stale English catalogue) these tests fail.
"""
import io
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.utils.translation import gettext, ngettext, override
from pypdf import PdfReader

from tests.factories import make_referee, make_round, make_tournament
from tests.tournaments.individual_events import five_players
from tournaments.models import EntrantStatus, Player, Tournament

LOCALE = Path(settings.BASE_DIR) / "locale"


def test_model_strings_translate_to_english():
    with override("en"):
        assert str(Tournament._meta.verbose_name) == "tournament"
        assert str(Tournament._meta.verbose_name_plural) == "tournaments"
        assert str(Tournament._meta.get_field("venue").verbose_name) == "venue"
        assert str(EntrantStatus.DISQUALIFIED.label) == "Disqualified"
        assert gettext("Главный судья") == "Chief referee"
        assert gettext("Турнирная таблица") == "Cross table"
    with override("ru"):
        assert str(Tournament._meta.verbose_name) == "турнир"
        assert gettext("Главный судья") == "Главный судья"


def test_python_format_placeholders_survive():
    with override("en"):
        assert gettext("Тур %(r)s, стол %(t)s") % {"r": 3, "t": 7} == "Round 3, table 7"
        assert gettext("Раздача %(n)s сохранена.") % {"n": 5} == "Deal 5 saved."


@pytest.mark.parametrize("n, text", [(1, "1 пара"), (2, "2 пары"), (4, "4 пары"), (5, "5 пар"), (11, "11 пар"),
                                     (12, "12 пар"), (21, "21 пара"), (22, "22 пары"), (25, "25 пар")])
def test_russian_plural_forms(n, text):
    # The plural entry of templates/tournaments/detail.html ({% blocktranslate count n=... %}).
    with override("ru"):
        assert ngettext("%(n)s пара", "%(n)s пар", n) % {"n": n} == text


def test_english_plural_forms():
    with override("en"):
        assert ngettext("%(n)s пара", "%(n)s пар", 1) % {"n": 1} == "1 pair"
        assert ngettext("%(n)s пара", "%(n)s пар", 2) % {"n": 2} == "2 pairs"


@pytest.mark.django_db
def test_pages_in_english_under_en_prefix_and_russian_without(client):
    en = client.get("/en/").content.decode()
    assert "Sport dominoes" in en and "No tournaments yet." in en
    assert "Спортивное домино" not in en
    ru = client.get("/").content.decode()
    assert "Спортивное домино" in ru and "Турниров пока нет." in ru

    t = make_tournament(5)
    en = client.get(f"/en/t/{t.slug}/").content.decode()
    assert "5 pairs" in en and "Cross table" in en and "Rounds" in en
    ru = client.get(f"/t/{t.slug}/").content.decode()
    assert "5 пар" in ru and "Турнирная таблица" in ru

    make_tournament(2, slug="small-cup")
    assert "2 пары" in client.get("/t/small-cup/").content.decode()


def _entries(po_text):
    """(msgid, [msgstr...], flags) of each entry of a .po file (header and obsolete entries skipped)."""
    for block in re.split(r"\n\s*\n", po_text):
        lines = [ln for ln in block.splitlines() if not ln.startswith("#~")]
        flags = " ".join(ln for ln in lines if ln.startswith("#,"))
        fields, current = {}, None
        for ln in lines:
            m = re.match(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d\])?) "(.*)"$', ln)
            if m:
                current = m.group(1)
                fields[current] = m.group(2)
            elif ln.startswith('"') and current:
                fields[current] += ln[1:-1]
        if fields.get("msgid"):
            yield fields["msgid"], [v for k, v in fields.items() if k.startswith("msgstr")], flags


def test_english_catalogue_is_complete():
    entries = list(_entries((LOCALE / "en/LC_MESSAGES/django.po").read_text(encoding="utf-8")))
    assert entries
    assert [m for m, _, flags in entries if "fuzzy" in flags] == []
    assert [m for m, strs, _ in entries if not strs or not all(strs)] == []
    assert (LOCALE / "en/LC_MESSAGES/django.mo").exists()


def test_russian_catalogue_plural_entries_have_three_forms():
    text = (LOCALE / "ru/LC_MESSAGES/django.po").read_text(encoding="utf-8")
    assert "nplurals=3;" in text
    plural = [(m, strs) for m, strs, _ in _entries(text) if len(strs) > 1]
    assert plural
    assert [m for m, strs in plural if len(strs) != 3 or not all(strs)] == []
    assert (LOCALE / "ru/LC_MESSAGES/django.mo").exists()


@pytest.mark.django_db
def test_the_site_has_an_icon(client):
    html = client.get("/").content.decode()
    assert 'rel="icon"' in html and "img/favicon.svg" in html
    response = client.get("/favicon.ico")
    assert response.status_code == 301 and response["Location"].endswith("img/favicon.svg")


# Spanish: the third language of the interface (locale/es), with /es/ in front of the pages' addresses.
CYRILLIC = re.compile(r"[\u0400-\u04ff]")


def test_model_strings_and_messages_translate_to_spanish():
    with override("es"):
        assert str(Tournament._meta.verbose_name) == "torneo"
        assert str(Tournament._meta.get_field("venue").verbose_name) == "sede"
        assert str(EntrantStatus.DISQUALIFIED.label) == "Descalificada"
        assert gettext("Главный судья") == "Árbitro principal"
        assert gettext("Турнирная таблица") == "Tabla cruzada"
        assert gettext("Спортивное домино") == "Dominó deportivo"


def test_spanish_placeholders_survive():
    with override("es"):
        assert gettext("Тур %(r)s, стол %(t)s") % {"r": 3, "t": 7} == "Ronda 3, mesa 7"
        assert gettext("Раздача %(n)s сохранена.") % {"n": 5} == "Mano 5 guardada."
        assert gettext("Пары №%(n)s нет в этом туре.") % {"n": 4} == "La pareja n.º 4 no está en esta ronda."


@pytest.mark.parametrize("n, text", [(0, "0 parejas"), (1, "1 pareja"), (2, "2 parejas"), (5, "5 parejas"),
                                     (21, "21 parejas")])
def test_spanish_plural_forms(n, text):
    with override("es"):
        assert ngettext("%(n)s пара", "%(n)s пар", n) % {"n": n} == text


def test_dates_follow_the_language():
    import datetime

    from django.template import Context, Template

    day = datetime.date(2026, 11, 29)
    page = Template('{% load i18n %}{{ d|date:_("j\u00a0E\u00a0Y") }}|{{ d|date:"SHORT_DATE_FORMAT" }}')
    with override("ru"):
        assert page.render(Context({"d": day})) == "29\u00a0ноября\u00a02026|29.11.2026"
    with override("es"):
        assert page.render(Context({"d": day})) == "29\u00a0de\u00a0noviembre\u00a0de\u00a02026|29/11/2026"
    with override("en"):  # day first, as before Spanish came (config/formats/en), not Django's 11/29/2026
        assert page.render(Context({"d": day})) == "29\u00a0November\u00a02026|29.11.2026"
        moment = datetime.datetime(2026, 11, 29, 14, 5)
        stamp = Template('{% load i18n %}{{ d|date:"SHORT_DATETIME_FORMAT" }}|{{ d|date:_("d.m H:i") }}')
        assert stamp.render(Context({"d": moment})) == "29.11.2026 14:05|29.11 14:05"


@pytest.mark.django_db
def test_pages_in_spanish_under_es_prefix(client):
    home = client.get("/es/").content.decode()
    assert '<html lang="es">' in home
    assert "Dominó deportivo" in home
    assert CYRILLIC.findall(home) == []
    # the language switch offers the three languages
    for code in ("ru", "en", "es"):
        assert f'name="language" value="{code}"' in home
    assert '>ES</button>' in home and '>RU</button>' in home and '>EN</button>' in home

    t = make_tournament(5)
    # the people's and the venue's names are what the organizer typed: Latin here, so that any Cyrillic left is
    # the interface's
    Tournament.objects.filter(pk=t.pk).update(name="Copa de la ciudad", venue="Casa de la cultura")
    for k, player in enumerate(Player.objects.filter(pair__tournament=t).order_by("pk")):
        player.name, player.club = f"Jugador{k} Nombre", "Club"
        player.save(update_fields=["name", "club"])
    page = client.get(f"/es/t/{t.slug}/").content.decode()
    assert "5 parejas" in page and "Tabla cruzada" in page and "Rondas" in page
    assert CYRILLIC.findall(page) == []
    assert "29\u00a0de\u00a0noviembre\u00a0de\u00a02026" in page


def test_spanish_catalogue_is_complete():
    text = (LOCALE / "es/LC_MESSAGES/django.po").read_text(encoding="utf-8")
    assert "nplurals=2; plural=(n != 1);" in text
    entries = list(_entries(text))
    assert entries
    assert [m for m, _, flags in entries if "fuzzy" in flags] == []
    assert [m for m, strs, _ in entries if not strs or not all(strs)] == []
    assert [m for m, strs, _ in entries if len(strs) > 1 and len(strs) != 2] == []
    assert (LOCALE / "es/LC_MESSAGES/django.mo").exists()


# The number sign: «№4» is Russian; an English page writes «no. 4», a Spanish one «n.º 4» (core.text.numbered).
NUMBER_SIGN = "№"


def _pdf_text(data: bytes) -> str:
    return " ".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


@pytest.mark.django_db
@pytest.mark.parametrize("lang, sign", [("en", "no."), ("es", "n.º")])
def test_pages_and_pdfs_in_english_and_spanish_write_the_number_sign_of_their_language(client, lang, sign):
    numbered = re.compile(re.escape(sign) + r"[ \u00a0]\d", re.IGNORECASE)
    pairs = make_tournament(8)
    make_round(pairs, 1, [(3, 4), (7, 8), (1, 2), (5, 6)])
    solo = five_players()
    for url in (f"/{lang}/t/{pairs.slug}/", f"/{lang}/t/{pairs.slug}/pair/3/", f"/{lang}/t/{solo.slug}/player/1/",
                f"/{lang}/t/{solo.slug}/"):
        page = client.get(url).content.decode()
        assert NUMBER_SIGN not in page, url
        assert numbered.search(page), url  # the numbers are there, with the sign of the page's language
    client.force_login(make_referee(solo))
    response = client.get(f"/{lang}/t/{solo.slug}/round/1/sheets-blank.pdf")
    assert response.status_code == 200
    text = _pdf_text(response.content)
    assert NUMBER_SIGN not in text
    assert numbered.search(text)
