"""A server process made ready before its first request (``make serve``: once, in the server's first
process).

Django imports the URLs and with them every view on a process's first request, compiles a template on its
first use, and reads a language's catalogue when it is first asked for. Under ``make serve`` every worker did
all of that on the first requests it was given: in a hall, the phones' first visits and the referees' first
table pages waited behind it (a second or two of CPU a worker, eight workers on two cores). Loaded here before
the server forks its workers (config/server.py), it is done once and shared by all of them.

Nothing here reads the database; the connections opened meanwhile, if any, are closed before the fork.
"""
from __future__ import annotations

import logging
from pathlib import Path

import django.forms
from django.conf import settings
from django.db import connections
from django.forms.renderers import get_default_renderer
from django.template import TemplateSyntaxError, engines
from django.urls import get_resolver
from django.utils import translation

logger = logging.getLogger(__name__)
SUFFIXES = (".html", ".txt", ".js", ".xml")
FORM_TEMPLATES = Path(django.forms.__file__).parent / "templates"  # Django's own form and widget templates


def project_templates() -> list[tuple[object, str]]:
    """(engine, name) of the project's own templates: its template folders, not those of installed packages."""
    base = Path(settings.BASE_DIR).resolve()
    found = []
    for engine in engines.all():
        names = set()
        for loader in engine.engine.template_loaders:
            for folder in (loader.get_dirs() if hasattr(loader, "get_dirs") else ()):
                folder = Path(folder).resolve()
                if not folder.is_relative_to(base) or ".venv" in folder.relative_to(base).parts:
                    continue
                names.update(p.relative_to(folder).as_posix() for p in folder.rglob("*")
                             if p.is_file() and p.suffix in SUFFIXES)
        found += [(engine, name) for name in sorted(names)]
    return found


def form_templates() -> list[str]:
    """The names of Django's own form and widget templates (every form field on a page renders through them)."""
    return sorted(p.relative_to(FORM_TEMPLATES).as_posix() for p in FORM_TEMPLATES.rglob("*.html"))


def warm_up() -> int:
    """Import the URLs and views, compile the project's templates and Django's form and widget templates, and
    read every language's catalogue; the number of the project's templates compiled. A template that does not
    compile is logged and left to its page."""
    get_resolver().url_patterns  # noqa: B018 — importing every app's URLs imports its views
    compiled = 0
    for engine, name in project_templates():
        try:
            engine.get_template(name)
            compiled += 1
        except TemplateSyntaxError as exc:
            logger.warning("template %s not compiled ahead: %s", name, exc)
    renderer = get_default_renderer()
    for name in form_templates():
        renderer.get_template(name)
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            translation.gettext("Турнир")
    connections.close_all()
    return compiled
