"""make serve loads the URLs, views, templates and catalogues once, in the server's first process (core.warm)."""
import logging
import os
import subprocess
import sys

import pytest
from django.conf import settings
from django.forms.renderers import get_default_renderer
from django.template import TemplateSyntaxError, engines

from config import wsgi
from core import warm


def _cached_names():
    loader = engines["django"].engine.template_loaders[0]
    return {t.origin.template_name for t in loader.get_template_cache.values() if hasattr(t, "origin")}


def test_every_template_of_the_project_and_none_of_the_packages_is_compiled_ahead():
    names = {name for _engine, name in warm.project_templates()}
    on_disk = {p.relative_to(settings.BASE_DIR / "templates").as_posix()
               for p in (settings.BASE_DIR / "templates").rglob("*") if p.is_file() and p.suffix in warm.SUFFIXES}
    assert on_disk <= names and "referees/partie.html" in names and "tournaments/_round_results.html" in names
    assert not any(n.startswith(("admin/", "django_tables2/", "rest_framework/")) for n in names)
    engines["django"].engine.template_loaders[0].reset()
    assert warm.warm_up() == len(names)
    assert names <= _cached_names()  # the next get_template of any of them is a dictionary read


@pytest.mark.parametrize("asked, loaded", [("1", True), ("", False)])
def test_the_wsgi_entry_loads_the_views_ahead_only_when_asked(tmp_path, asked, loaded):
    """A fresh process importing the site as the server does: with WEB_WARM=1 the views are there before any
    request (and the templates compiled); without it, as Django does by itself, on the first request."""
    env = {**os.environ, "WEB_WARM": asked, "DOMINO_DATA_DIR": str(tmp_path)}
    probe = ("import sys, config.wsgi; from django.template import engines; "
             "cache = engines['django'].engine.template_loaders[0].get_template_cache; "
             "print('referees.overview' in sys.modules, len(cache) > 100)")
    run = subprocess.run([sys.executable, "-c", probe], env=env, cwd=settings.BASE_DIR, capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == [str(loaded), str(loaded)]


def test_a_template_that_does_not_compile_is_logged_and_left_to_its_page(monkeypatch, caplog):
    class Broken:
        def get_template(self, name):
            raise TemplateSyntaxError("Invalid block tag 'endfor'")

    monkeypatch.setattr(warm, "project_templates", lambda: [(Broken(), "broken.html")])
    with caplog.at_level(logging.WARNING, logger="core.warm"):
        assert warm.warm_up() == 0
    assert "broken.html" in caplog.text and "endfor" in caplog.text


def test_only_make_serve_asks_for_it_and_what_it_loads_is_frozen_out_of_the_collector(monkeypatch):
    calls = []
    monkeypatch.setattr(warm, "warm_up", lambda: calls.append("warm"))
    monkeypatch.setattr(wsgi.gc, "freeze", lambda: calls.append("freeze"))
    wsgi.warm_if_asked({})
    wsgi.warm_if_asked({"WEB_WARM": "0"})
    assert calls == []
    wsgi.warm_if_asked({"WEB_WARM": "1"})
    assert calls == ["warm", "freeze"]


def test_djangos_form_and_widget_templates_are_compiled_ahead():
    """Every form field of the table page renders through them: a cold worker compiled each on its first page."""
    loader = get_default_renderer().engine.engine.template_loaders[0]
    loader.reset()
    warm.warm_up()
    cached = {t.origin.template_name for t in loader.get_template_cache.values() if hasattr(t, "origin")}
    assert {"django/forms/widgets/input.html", "django/forms/widgets/attrs.html", "django/forms/errors/list/ul.html"} <= cached
    assert set(warm.form_templates()) <= cached
