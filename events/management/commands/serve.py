"""`make serve`: the site in production mode on the venue laptop (or on each app server).

Prepares the database and the static files, makes sure an organizer can log in (asking for the
login and password on a terminal, or taking DOMINO_ADMIN_USER / DOMINO_ADMIN_PASSWORD), prints the
address phones should open with a QR code of it, waits (bounded) until the port is free — a
server killed a moment ago may leave a worker holding it for seconds — and then becomes the keeper of the HTTP server
(config/server.py).
"""
from __future__ import annotations

import getpass
import io
import os
import shutil
import sys
import time

from django.conf import settings
from django.contrib.auth import get_user_model, password_validation
from django.contrib.auth.models import Permission
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from core.ports import port_is_free

# Logins the demo (`make run`) creates with a published password: never usable in production.
DEMO_LOGINS = ["organizer", "chief", "referee", *(f"player{i:02d}" for i in range(1, 25))]
DEMO_PASSWORD = "domino2026"


# The server's settings that have bounds: (variable, option, lowest, highest, unit).
BOUNDS = (("WEB_SWITCH_INTERVAL_MS", "switch_interval_ms", 0.1, 100, " ms"), ("WEB_KEEPALIVE", "keep_alive", 1, 60, " s"),
          ("WEB_WORKERS", "workers", 1, 64, ""), ("WEB_THREADS", "threads", 1, 64, ""))


def default_workers() -> int:
    """Four processes a core (2…8), of two threads each: a thread waits for its process's lock on Python while
    the others run, so a referee's deal answered beside spectators' polls waits less in more, smaller
    processes (docs/deploy.md, the runs of 2026-12-04)."""
    return max(2, min(8, 4 * (os.cpu_count() or 1)))


def wait_for_port(host, port, timeout: float, say=print, *, interval: float = 0.25) -> float:
    """Wait until ``host:port`` is free, at most ``timeout`` seconds; the seconds waited.

    Raises ``CommandError`` with what to do when the port is still taken.
    """
    start = time.monotonic()
    said = False
    while not port_is_free(host, port):
        waited = time.monotonic() - start
        if waited >= timeout:
            raise CommandError(
                f"Port {port} on {host} is still in use after {timeout:g} s: another server holds it "
                f"(`ss -ltnp 'sport = :{port}'` shows which). Stop it, or choose another PORT, and start again.")
        if not said:
            say(f"Port {port} on {host} is in use (a server that stopped a moment ago?); "
                f"waiting up to {timeout:g} s for it to be free...")
            said = True
        time.sleep(min(interval, max(0.0, timeout - waited)))
    return time.monotonic() - start


class Command(BaseCommand):
    help = "Serve the site in production mode (granian, static files by the application)."

    def add_arguments(self, parser):
        parser.add_argument("--host", default=os.environ.get("HOST", "0.0.0.0"))
        parser.add_argument("--port", default=os.environ.get("PORT", "8000"))
        # Defaults from the environment as text: argparse converts them, so a wrong one is refused with a message.
        parser.add_argument("--workers", type=int, default=os.environ.get("WEB_WORKERS") or str(default_workers()))
        parser.add_argument("--threads", type=int, default=os.environ.get("WEB_THREADS", "2"))
        parser.add_argument("--switch-interval-ms", type=float,
                            default=os.environ.get("WEB_SWITCH_INTERVAL_MS", "1"),
                            help="how often a process's threads take turns on Python, in ms (default 1)")
        # Phones poll every 5 to 15 s: a connection kept longer than that is reused, not opened again each time.
        parser.add_argument("--keep-alive", type=int, default=os.environ.get("WEB_KEEPALIVE", "20"),
                            help="seconds an idle connection is kept open, 1 to 60 (default 20)")
        parser.add_argument("--no-migrate", action="store_true",
                            help="app servers of a federation: the database is prepared once, elsewhere")
        parser.add_argument("--no-static", action="store_true",
                            help="the static files are collected already (several servers on one folder)")
        parser.add_argument("--prepare-only", action="store_true", help="prepare, print the address, do not serve")
        parser.add_argument("--port-wait", type=float, default=os.environ.get("DOMINO_PORT_WAIT", "30"),
                            help="seconds to wait for the port to be free before giving up (default 30)")

    def handle(self, *args, **o):
        if settings.DEBUG:
            raise CommandError("DEBUG is on: run with DOMINO_MODE=serve (make serve).")
        for name, option, low, high, unit in BOUNDS:
            if not low <= o[option] <= high:  # also refuses nan
                raise CommandError(f"{name} (--{option.replace('_', '-')}) is between {low:g} and {high:g}{unit}.")
        if not o["no_migrate"]:
            call_command("migrate", interactive=False, verbosity=0)
            call_command("createcachetable", verbosity=0)
            self.disable_demo_logins()
            self.ensure_organizer()
        if not o["no_static"]:
            call_command("collectstatic", interactive=False, verbosity=0)
        self.print_address()
        if o["prepare_only"]:
            return
        waited = wait_for_port(o["host"], o["port"], o["port_wait"], self.stdout.write)
        if waited >= 1:
            self.stdout.write(f"Port {o['port']} is free after {waited:.0f} s.")
        self.exec_server(o)

    # --- accounts -------------------------------------------------------------------------

    def disable_demo_logins(self):
        User = get_user_model()
        for user in User.objects.filter(username__in=DEMO_LOGINS):
            if user.has_usable_password() and user.check_password(DEMO_PASSWORD):
                user.set_unusable_password()
                user.save(update_fields=["password"])
                self.stdout.write(f"Demo login '{user.username}' disabled: its password is published.")

    def ensure_organizer(self):
        User = get_user_model()
        if User.objects.filter(is_active=True).exclude(password__startswith="!").exists():
            return
        username = os.environ.get("DOMINO_ADMIN_USER", "").strip()
        password = os.environ.get("DOMINO_ADMIN_PASSWORD", "")
        if not (username and password):
            if not sys.stdin.isatty():
                self.stdout.write(
                    "No account can log in yet. Create the organizer's account with\n"
                    "  DOMINO_ADMIN_USER=login DOMINO_ADMIN_PASSWORD=password make serve\n"
                    "or, while the site runs: DOMINO_MODE=serve .venv/bin/python manage.py serve --prepare-only\n"
                    "from a terminal.")
                return
            username, password = self.ask_organizer()
        else:
            self.check_password(username, password)
        self.create_organizer(username, password)
        self.stdout.write(self.style.SUCCESS(f"Organizer account '{username}' created."))

    def check_password(self, username, password):
        try:
            password_validation.validate_password(password, get_user_model()(username=username))
        except ValidationError as exc:
            raise CommandError("DOMINO_ADMIN_PASSWORD: " + " ".join(exc.messages)) from None

    def ask_organizer(self):
        self.stdout.write("First start: the organizer's account (creates tournaments, gives roles).")
        while True:
            username = input("Organizer login: ").strip()
            if username and len(username) <= 150:
                break
        while True:
            password = getpass.getpass("Password: ")
            if password != getpass.getpass("Password again: "):
                self.stdout.write("The passwords differ.")
                continue
            try:
                password_validation.validate_password(password, get_user_model()(username=username))
            except ValidationError as exc:
                self.stdout.write(" ".join(exc.messages))
                continue
            return username, password

    @staticmethod
    def create_organizer(username, password):
        User = get_user_model()
        with transaction.atomic():
            user, _created = User.objects.get_or_create(username=username)
            user.set_password(password)
            user.is_active = True
            user.save()
            user.user_permissions.add(Permission.objects.get(content_type__app_label="tournaments",
                                                             codename="add_tournament"))
        return user

    # --- address ------------------------------------------------------------------------------

    def print_address(self):
        import qrcode  # noqa: PLC0415 slow import

        url = settings.SITE_URL + "/"
        qr = qrcode.QRCode(border=1)
        qr.add_data(url)
        out = io.StringIO()
        qr.print_ascii(out=out)
        width = shutil.get_terminal_size((80, 24)).columns
        self.stdout.write("")
        self.stdout.write(self.style.SUCCESS(f"  Phones in the hall open: {url}"))
        if max(len(line) for line in out.getvalue().splitlines()) <= width:
            self.stdout.write(out.getvalue())
        self.stdout.write(f"  Data folder: {settings.DATA_DIR}")
        self.stdout.write("")

    # --- server -------------------------------------------------------------------------------

    def exec_server(self, o):
        """Become the keeper of the HTTP server (config/supervisor.py) running config/server.py: granian,
        ``o['workers']`` processes of ``o['threads']`` threads; the access log only where ``WEB_ACCESS_LOG`` says
        (read there)."""
        server = [sys.executable, "-m", "config.server", "--host", str(o["host"]), "--port", str(o["port"]),
                  "--workers", str(o["workers"]), "--threads", str(o["threads"]), "--keep-alive", str(o["keep_alive"])]
        # The keeper (config/supervisor.py) starts the server again whenever it stops without being asked.
        argv = [sys.executable, "-m", "config.supervisor", "--host", str(o["host"]), "--port", str(o["port"]), "--",
                *server]
        # Read by every worker (config/wsgi.py: switch_threads).
        env = {**os.environ, "WEB_SWITCH_INTERVAL_MS": f"{o['switch_interval_ms']:g}"}
        # The URLs, views, templates and catalogues loaded once in the server's first process, before the workers
        # fork (config/server.py, core/warm.py): not by each worker on the first requests of the hall.
        if os.environ.get("WEB_PRELOAD", "1") == "1":
            env["WEB_WARM"] = "1"
        sys.stdout.flush()
        os.chdir(settings.BASE_DIR)
        os.execve(sys.executable, argv, env)
