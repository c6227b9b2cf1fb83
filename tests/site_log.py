"""What the site's configured log handler (the console, with its one-line filter) writes in a block."""
import io
import logging
from contextlib import contextmanager

from core.logs import OneLineFilter


@contextmanager
def site_log():
    handler = next(h for h in logging.getLogger().handlers if any(isinstance(f, OneLineFilter) for f in h.filters))
    stream = io.StringIO()
    old = handler.setStream(stream)
    try:
        yield stream
    finally:
        handler.setStream(old)
