import gc
import os
import sys

from django.core.wsgi import get_wsgi_application

from core import warm


def switch_threads(environ=os.environ) -> None:
    """Python's switch interval from ``WEB_SWITCH_INTERVAL_MS`` (``make serve``: 1 ms; Python's own is 5 ms).

    A server process's threads share one lock on Python: a thread back from the database or the socket waits
    for it while another thread renders a page, up to the interval each time. A poll or a deal that waits
    several times behind a render waited tens of milliseconds at 5 ms (docs/deploy.md §3)."""
    value = environ.get("WEB_SWITCH_INTERVAL_MS")
    if value:
        sys.setswitchinterval(float(value) / 1000)


def warm_if_asked(environ=os.environ) -> None:
    """``WEB_WARM=1`` (``make serve``: config/server.py imports this module before its workers fork): the URLs,
    views, templates and catalogues loaded now, once in the server's first process, not by each worker on its
    first requests (``core.warm``); then frozen out of the garbage collector."""
    if environ.get("WEB_WARM") == "1":
        warm.warm_up()
        # What is loaded now lives as long as the server: kept out of the workers' garbage collections, each of
        # which went through its 190,000 objects (70–80 ms holding the process's lock on Python, a poll or a
        # deal of that process waiting), and out of their copy of each memory page the collection touched.
        gc.freeze()


os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
switch_threads()
application = get_wsgi_application()
warm_if_asked()
