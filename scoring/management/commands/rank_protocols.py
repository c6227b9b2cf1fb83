"""The standings of the partnership game (RULES-LATIN.md §8.3, §11.3) from its protocols, printed as JSON.

    python manage.py rank_protocols FILE      (- reads standard input)

FILE holds a JSON list of ``latin`` protocols (``domino-protocol/2``), the partidas of one tournament; the
output is the list of standings rows (position, number, played, won, lost, drawn, byes, points for and
against, efectividad, sanction, counters, card, withdrawn) in the order of the protocols' ``ranking_order``.

Nothing is written to the database. Bad input: a message naming the protocol (its place in the list, from 1),
the hand and the seat on standard error, the error as JSON on standard output, exit code 1 — as
``score_protocol``.
"""
import json
import sys

from django.core.management.base import BaseCommand

from engine.rules import ProtocolError
from engine.rules.latin import rank

from .score_protocol import InputRefused, read_json

# A list of protocols is one level deeper than a protocol (list → protocol → deals → deal → hands → tiles).
MAX_DEPTH = 33


class Command(BaseCommand):
    help = "Rank the pairs of the partnership game (preset latin) from a JSON list of its protocols."
    requires_system_checks = []
    requires_migrations_checks = False

    def add_arguments(self, parser):
        parser.add_argument("file", help="file with a JSON list of protocols, or - for standard input")
        parser.add_argument("--indent", type=int, default=2)

    def handle(self, *args, **options):
        try:
            data = read_json(options["file"], max_depth=MAX_DEPTH, what_ru="список протоколов")
        except InputRefused as exc:
            self._fail(exc.error)
        if not isinstance(data, list):
            self._fail({"code": "not_a_list", "message": "the file must hold a JSON list of protocols",
                        "message_ru": "в файле должен быть список протоколов (JSON)"})
        try:
            rows = rank(data)
        except ProtocolError as exc:
            self._fail(exc.to_json())
        self.stdout.write(json.dumps(rows, ensure_ascii=False, indent=options["indent"]))

    def _fail(self, error: dict):
        where = f"protocol {error['protocol']}: " if error.get("protocol") is not None else ""
        where_ru = f"протокол {error['protocol']}: " if error.get("protocol") is not None else ""
        if error.get("message_ru"):
            self.stderr.write(f"ошибка [{error['code']}]: {where_ru}{error['message_ru']}")
        self.stderr.write(f"error [{error['code']}]: {where}{error['message']}")
        self.stdout.write(json.dumps({"error": error}, ensure_ascii=False))
        sys.exit(1)
