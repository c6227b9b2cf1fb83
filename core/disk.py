"""Free space of the disk that holds the data folder (the database, the cache, the backups)."""
from __future__ import annotations

import shutil

from django.conf import settings


def free_bytes() -> int | None:
    try:
        return shutil.disk_usage(settings.DATA_DIR).free
    except OSError:
        return None


def low_space() -> dict | None:
    """The free space in MB when it is under the warning threshold (None when there is enough)."""
    free = free_bytes()
    if free is None or free >= settings.DISK_WARNING_BYTES:
        return None
    return {"free_mb": free // (1024 * 1024), "warning_mb": settings.DISK_WARNING_BYTES // (1024 * 1024)}
