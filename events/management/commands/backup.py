"""manage.py backup FILE — a consistent copy of the whole database while the site runs."""
from django.core.management.base import BaseCommand, CommandError

from events.services.backup import BackupError, backup


class Command(BaseCommand):
    help = "Резервная копия всей базы (SQLite — онлайн-копия, PostgreSQL — pg_dump -Fc) в файл FILE."

    def add_arguments(self, parser):
        parser.add_argument("file", help="файл копии (заменяется целиком, когда копия готова)")

    def handle(self, *args, file, **options):
        try:
            info = backup(file)
        except BackupError as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(f"{info.path}: {info.engine}, {info.size} bytes")
