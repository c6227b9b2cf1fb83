"""The shared cache as the live pages use it: an aid, never a condition (``scoring.live``)."""
from __future__ import annotations

import logging

from django.core.cache import cache as django_cache
from django.db import DatabaseError

CACHE_SECONDS = 600
UNVERSIONED = "unversioned"  # the stamp of a request alone: nothing under it is worth caching
logger = logging.getLogger("scoring.live")


class SafeCache:
    """The shared cache, whose failures (OSError of a full disk, a database cache's error) are misses."""

    def __init__(self, backend):
        self.backend = backend

    def get(self, key, default=None):
        try:
            return self.backend.get(key, default)
        except (OSError, DatabaseError) as exc:
            logger.warning("live cache not read (%s): %s", key, exc)
            return default

    def add(self, key, value, timeout=CACHE_SECONDS) -> bool:
        """Whether the key was free and is now ours; a cache that cannot be written says yes (nothing shared)."""
        if UNVERSIONED in key:
            return True
        try:
            return self.backend.add(key, value, timeout)
        except (OSError, DatabaseError) as exc:
            logger.warning("live cache not written (%s): %s", key, exc)
            return True

    def delete(self, key) -> None:
        try:
            self.backend.delete(key)
        except (OSError, DatabaseError) as exc:
            logger.warning("live cache not written (%s): %s", key, exc)

    def set(self, key, value, timeout=CACHE_SECONDS) -> bool:
        if UNVERSIONED in key:
            return False
        try:
            self.backend.set(key, value, timeout)
        except (OSError, DatabaseError) as exc:
            logger.warning("live cache not written (%s): %s", key, exc)
            return False
        return True


cache = SafeCache(django_cache)
