"""Score a protocol in the JSON format of docs/rules.md §9 and print the scored form (§9.1).

    python manage.py score_protocol FILE      (- reads standard input)

Reads ``domino-protocol/1`` and ``/2``; for Kozel and Morskoy kozel the scored
form carries the games, goats and rating of RULES-KOZEL.md §11.1.

Nothing is written to the database. Bad input: a message naming the deal and
the seat on standard error, the error as JSON on standard output, exit code 1.
"""
import json
import sys

from django.core.management.base import BaseCommand

from core.json_limits import JsonRefused, decode, loads, nesting_depth  # noqa: F401  (nesting_depth: tests)
from engine.rules import ProtocolError, score_protocol

# A protocol is a few levels deep (protocol → deals → deal → hands → tiles) and a few kilobytes long.
MAX_DEPTH = 32
MAX_BYTES = 10 * 1024 * 1024


class InputRefused(Exception):
    """The command's input is not read: ``error`` is the refusal as the commands print it."""

    def __init__(self, error: dict):
        super().__init__(error["message"])
        self.error = error


def read_json(path: str, *, max_depth: int, what_ru: str):
    """The JSON held by ``path`` (``-``: standard input), at most ``MAX_BYTES`` long and ``max_depth`` deep;
    ``InputRefused`` when it cannot be read or is no such JSON (``what_ru``: what the file should be, in Russian)."""
    try:
        if path == "-":
            stdin = getattr(sys.stdin, "buffer", None)  # bytes; a text stream (tests) is encoded back
            raw = stdin.read(MAX_BYTES + 1) if stdin else sys.stdin.read(MAX_BYTES + 1).encode("utf-8")
        else:
            with open(path, "rb") as fh:
                raw = fh.read(MAX_BYTES + 1)
    except OSError as exc:
        raise InputRefused({"code": "unreadable", "message": f"cannot read {path}: {exc.strerror}",
                            "message_ru": f"файл {path} не читается: {exc.strerror}"}) from None
    if len(raw) > MAX_BYTES:
        raise InputRefused({"code": "too_large", "message": f"the file is longer than {MAX_BYTES} bytes",
                            "message_ru": f"файл длиннее {MAX_BYTES} байт: это не {what_ru}"})
    try:
        return loads(decode(raw), max_depth=max_depth)
    except JsonRefused as exc:
        raise InputRefused({"code": exc.code, "message": exc.message,
                            "message_ru": f"{exc.message_ru}: это не {what_ru}"}) from None


class Command(BaseCommand):
    help = "Score a protocol (JSON, docs/rules.md §9: domino-protocol/1 or /2) and print the scored protocol as JSON."
    requires_system_checks = []
    requires_migrations_checks = False

    def add_arguments(self, parser):
        parser.add_argument("file", help="protocol file, or - for standard input")
        parser.add_argument("--indent", type=int, default=2)

    def handle(self, *args, **options):
        try:
            data = read_json(options["file"], max_depth=MAX_DEPTH, what_ru="протокол партии")
        except InputRefused as exc:
            self._fail(exc.error)
        try:
            result = score_protocol(data)
        except ProtocolError as exc:
            self._fail(exc.to_json())
        self.stdout.write(json.dumps(result.to_json(), ensure_ascii=False, indent=options["indent"]))

    def _fail(self, error: dict):
        if error.get("message_ru"):
            self.stderr.write(f"ошибка [{error['code']}]: {error['message_ru']}")
        self.stderr.write(f"error [{error['code']}]: {error['message']}")
        self.stdout.write(json.dumps({"error": error}, ensure_ascii=False))
        sys.exit(1)
