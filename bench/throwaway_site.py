"""A throw-away site for a benchmark run in-process: its own data folder, SQLite, the test environment, migrated.

Called first in a benchmark's ``main()``; the Django imports that need the apps come after it.
"""
from __future__ import annotations

import os
import tempfile


def start(prefix: str) -> str:
    """Set up Django on a new empty data folder (``DATABASE_URL`` ignored) and migrate; returns the folder."""
    folder = tempfile.mkdtemp(prefix=prefix)
    os.environ["DOMINO_DATA_DIR"] = folder
    os.environ.pop("DATABASE_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django  # noqa: PLC0415 app registry: settings come from the environment set just above

    django.setup()
    from django.core.management import call_command  # noqa: PLC0415 app registry
    from django.test.utils import setup_test_environment  # noqa: PLC0415 app registry

    setup_test_environment()
    call_command("migrate", verbosity=0)
    return folder
