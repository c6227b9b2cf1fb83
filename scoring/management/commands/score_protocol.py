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

from scoring.rules import ProtocolError, score_protocol

# A protocol is a few levels deep (protocol → deals → deal → hands → tiles) and a few kilobytes long.
MAX_DEPTH = 32
MAX_BYTES = 10 * 1024 * 1024
TOO_DEEP = object()


def nesting_depth(data) -> int:
    """How deeply lists and objects nest in ``data`` (iterative: no recursion to exhaust)."""
    deepest, stack = 0, [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            value = list(value.values())
        if isinstance(value, list):
            deepest = max(deepest, depth)
            if depth > MAX_DEPTH:
                return depth
            stack.extend((v, depth + 1) for v in value)
    return deepest


class Command(BaseCommand):
    help = "Score a protocol (JSON, docs/rules.md §9: domino-protocol/1 or /2) and print the scored protocol as JSON."
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
        if len(text) > MAX_BYTES:
            self._fail({"code": "too_large", "message": f"the file is longer than {MAX_BYTES} characters",
                        "message_ru": f"файл длиннее {MAX_BYTES} знаков: это не протокол партии"})
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            self._fail({"code": "bad_json", "message": f"not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})"})
        except RecursionError:  # the parser itself gave up: far too deep
            data = TOO_DEEP
        except ValueError as exc:  # a number of thousands of digits
            self._fail({"code": "bad_json", "message": f"not a protocol: {exc}",
                        "message_ru": "в файле число из тысяч цифр: это не протокол партии"})
        if data is TOO_DEEP or nesting_depth(data) > MAX_DEPTH:
            self._fail({"code": "too_deep", "message": f"lists and objects nest deeper than {MAX_DEPTH} levels",
                        "message_ru": f"списки и объекты вложены глубже {MAX_DEPTH} уровней: это не протокол партии"})
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
