"""Score a protocol in the JSON format of RULES.md §9 and print the scored form (§9.1).

    python manage.py score_protocol FILE      (- reads standard input)

Reads ``domino-protocol/1`` and ``/2``; for Kozel and Morskoy kozel the scored
form carries the games, goats and rating of RULES-KOZEL.md §11.1.

Nothing is written to the database. Bad input: a message naming the deal and
the seat on standard error, the error as JSON on standard output, exit code 1.
"""
import json
import sys

from django.core.management.base import BaseCommand

from scoring.rules import ProtocolError, score_protocol


class Command(BaseCommand):
    help = "Score a protocol (JSON, domino-protocol/1 or /2) and print the scored protocol as JSON."
    requires_system_checks = []
    requires_migrations_checks = False

    def add_arguments(self, parser):
        parser.add_argument("file", help="protocol file, or - for standard input")
        parser.add_argument("--indent", type=int, default=2)

    def handle(self, *args, **options):
        path = options["file"]
        try:
            if path == "-":
                text = sys.stdin.read()
            else:
                with open(path, encoding="utf-8") as fh:
                    text = fh.read()
        except OSError as exc:
            self._fail({"code": "unreadable", "message": f"cannot read {path}: {exc.strerror}"})
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            self._fail({"code": "bad_json", "message": f"not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})"})
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
