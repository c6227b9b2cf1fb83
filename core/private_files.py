"""Files that only their owner may read (0o600): backups and tournament transfer files.

They hold what a visitor never sees (accounts, phones, e-mails, birth years, signing keys). A file is
written to a private temporary file beside its place and then put there (``os.replace``): it is never
half-written, and a file that was there before, with whatever mode, is replaced by a private one.
"""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

PRIVATE_MODE = 0o600


def private_tmp(path) -> Path:
    """An empty file readable by its owner only, in the folder of ``path`` (created if missing)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    os.close(fd)
    os.chmod(tmp, PRIVATE_MODE)
    return Path(tmp)


def write_private(path, data: bytes) -> None:
    """``data`` in ``path``, readable by its owner only, also when ``path`` existed."""
    path = Path(path)
    tmp = private_tmp(path)
    try:
        tmp.write_bytes(data)
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)
