"""The Content-Security-Policy: on every kind of page, and no template needs more than it allows.

The policy runs only the site's own script and style files. An inline ``<script>``, an ``on…=``
handler, a ``javascript:`` link, a ``<style>`` block or a ``style=`` attribute would be refused by
the browser, so none may be in a template: a test reads them all.
"""
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client, override_settings
from django.urls import reverse

HEADER = "Content-Security-Policy"
POLICY = {
    "default-src": "'self'", "script-src": "'self'", "style-src": "'self'", "img-src": "'self' data:",
    "object-src": "'none'", "base-uri": "'self'", "frame-ancestors": "'none'", "form-action": "'self'",
}
TEMPLATES = Path(settings.BASE_DIR) / "templates"
# Its styles move to a static file separately; until then its <style> block is the one left.
EXCEPTED: set = set()

TAG = re.compile(r"<[a-zA-Z][^>]*>", re.S)
INLINE_SCRIPT = re.compile(r"<script\b(?![^>]*\bsrc=)[^>]*>", re.I)
HANDLER = re.compile(r"\son[a-z]+\s*=", re.I)
STYLE_ATTR = re.compile(r"\sstyle\s*=", re.I)
STYLE_BLOCK = re.compile(r"<style\b", re.I)
JS_URL = re.compile(r"javascript:", re.I)


def directives(response):
    value = response[HEADER]
    return dict(part.strip().split(" ", 1) for part in value.split(";") if part.strip())


def client_as(user=None):
    c = Client(raise_request_exception=False)
    if user is not None:
        c.force_login(user)
    return c


def assert_policy(response):
    assert HEADER in response, response.request["PATH_INFO"]
    assert directives(response) == POLICY


def test_policy_is_exactly_the_one_asked_for(world):
    response = client_as().get("/")
    assert response.status_code == 200
    assert_policy(response)
    assert "unsafe" not in response[HEADER]


def test_public_pages_carry_the_policy(world):
    slug = world.tournament.slug
    for url in ("/", reverse("tournaments:detail", args=[slug]), reverse("reports:standings", args=[slug]),
                reverse("reports:projector", args=[slug]), reverse("tournaments:pair", args=[slug, 3]),
                reverse("tournaments:pairings", args=[slug, 2]), reverse("protocols:protocol", args=[world.partie.pk]),
                reverse("login")):
        response = client_as().get(url)
        assert response.status_code == 200, url
        assert_policy(response)


def test_organizer_pages_carry_the_policy(world):
    slug = world.tournament.slug
    c = client_as(world.organizer)
    for url in (reverse("tournaments:manage", args=[slug]), reverse("tournaments:pairings", args=[slug, 2]),
                reverse("tournaments:edit", args=[slug]), reverse("tournaments:officials", args=[slug]),
                reverse("tournaments:pair_list", args=[slug]), reverse("tournaments:draw", args=[slug]),
                reverse("referees:signing", args=[slug])):
        response = c.get(url)
        assert response.status_code == 200, url
        assert_policy(response)


def test_referee_pages_and_fragments_carry_the_policy(world):
    slug = world.tournament.slug
    c = client_as(world.chief)
    for url in (reverse("referees:partie", args=[world.partie.pk]), reverse("referees:dashboard", args=[slug]),
                reverse("referees:dashboard_tables", args=[slug]),
                reverse("referees:audit_partie", args=[world.partie.pk])):
        response = c.get(url)
        assert response.status_code == 200, url
        assert_policy(response)


@override_settings(DEBUG=False, ROOT_URLCONF="tests.hostile.csp_urls")
def test_error_pages_carry_the_policy(world):
    slug = world.tournament.slug
    not_found = client_as().get("/no-such-page/")
    forbidden = client_as(world.nobody).get(reverse("tournaments:manage", args=[slug]))
    failed = client_as().get("/broken-for-test/")
    assert (not_found.status_code, forbidden.status_code, failed.status_code) == (404, 403, 500)
    for response in (not_found, forbidden, failed):
        assert_policy(response)
    assert 'data-history-back' in failed.content.decode() and "javascript:" not in failed.content.decode()


def test_admin_carries_the_policy(world):
    response = client_as(world.superuser).get("/admin/")
    assert response.status_code == 200
    assert_policy(response)


def offending(text):
    found = []
    for name, pattern in (("inline <script>", INLINE_SCRIPT), ("<style> block", STYLE_BLOCK), ("javascript: URL", JS_URL)):
        found += [f"{name}: {m.group(0)[:60]}" for m in pattern.finditer(text)]
    for tag in TAG.finditer(text):
        for name, pattern in (("on…= handler", HANDLER), ("style= attribute", STYLE_ATTR)):
            if pattern.search(tag.group(0)):
                found.append(f"{name}: {tag.group(0)[:80]}")
    return found


def test_the_scan_sees_what_the_policy_refuses():
    assert offending('<button type="button" onclick="window.print()">x</button>')
    assert offending('<input name="n" style="width:6rem">')
    assert offending("<script>alert(1)</script>")
    assert offending("<style>p { color: red }</style>")
    assert offending('<a href="javascript:history.back()">')
    assert not offending('<script src="/static/js/page.js" defer></script><button data-print class="link">x</button>')


@pytest.mark.parametrize("path", sorted(str(p.relative_to(TEMPLATES)) for p in TEMPLATES.rglob("*.html")))
def test_no_template_needs_inline_script_or_style(path):
    if path in EXCEPTED:
        pytest.skip("its styles move to a static file separately")
    assert offending((TEMPLATES / path).read_text(encoding="utf-8")) == [], path
