"""The rating list (docs/rules.md Part V): ``rating rebuild [--json]`` recomputes it from the signed protocols;
``rating snapshot [--month YYYY-MM]`` publishes the list as it stands as that month's (never rewritten)."""
import json

from django.core.management.base import BaseCommand, CommandError

from core.errors import DomainError
from registry.models import PersonRating
from registry.rating import list_rows
from registry.rating_services import publish_snapshot, rebuild


class Command(BaseCommand):
    help = "Рейтинг: rebuild — пересчитать по протоколам; snapshot — опубликовать рейтинг-лист месяца."

    def add_arguments(self, parser):
        parser.add_argument("action", choices=["rebuild", "snapshot"])
        parser.add_argument("--json", action="store_true", help="rebuild: print the list as JSON")
        parser.add_argument("--month", default=None, help="snapshot: the month, YYYY-MM (default: this month)")

    def handle(self, *args, action, json=False, month=None, **options):
        try:
            if action == "snapshot":
                snapshot = publish_snapshot(None, month)
                self.stdout.write(f"{snapshot.month:%Y-%m}: {len(snapshot.rows)}")
                return
            written = rebuild()
        except DomainError as exc:
            raise CommandError(exc.message) from None
        if json:
            rows = PersonRating.objects.select_related("person").order_by("-rating", "person_id")
            self.stdout.write(_dumps(list_rows(rows)))
        else:
            self.stdout.write(f"changes: {written}, players: {PersonRating.objects.count()}")


def _dumps(rows) -> str:
    return json.dumps([{k: r[k] for k in ("player", "name", "rating", "parties", "provisional")} for r in rows],
                      ensure_ascii=False)
