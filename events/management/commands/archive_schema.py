"""manage.py archive_schema [--write] [--check FILE] — the JSON Schema of the tournament archive (docs/archive.md)."""
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from events.services import archive_schema
from events.services.transfer import TransferError, read_file, schema, schema_validator


class Command(BaseCommand):
    help = ("Напечатать JSON Schema файла export_tournament (--write: записать в docs/archive.schema.json; "
            "--check ФАЙЛ: проверить файл по схеме, ничего не загружая).")

    def add_arguments(self, parser):
        parser.add_argument("--write", action="store_true", help=f"записать схему в {archive_schema.SCHEMA_FILE}")
        parser.add_argument("--check", metavar="FILE", help="проверить файл переноса по схеме")

    def handle(self, *args, write, check, **options):
        if check:
            try:
                refused = archive_schema.problem(read_file(check), schema_validator())
            except TransferError as exc:
                raise CommandError(str(exc)) from None
            if refused:
                raise CommandError(refused)
            self.stdout.write(_("%(f)s: соответствует схеме архива турнира.") % {"f": check})
            return
        text = archive_schema.as_text(schema())
        if write:
            Path(settings.BASE_DIR, archive_schema.SCHEMA_FILE).write_text(text, encoding="utf-8")
            self.stdout.write(archive_schema.SCHEMA_FILE)
        else:
            self.stdout.write(text, ending="")
