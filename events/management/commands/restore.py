"""manage.py restore FILE [--force] — the database from a backup; an empty database only, unless --force."""
from django.core.management.base import BaseCommand, CommandError

from events.services.backup import BackupError, restore


class Command(BaseCommand):
    help = ("Восстановить всю базу из резервной копии FILE. Только в пустую базу (без турниров и учётных "
            "записей); --force заменяет непустую.")

    def add_arguments(self, parser):
        parser.add_argument("file", help="файл, сделанный командой backup")
        parser.add_argument("--force", action="store_true",
                            help="заменить и непустую базу (всё её содержимое будет потеряно)")

    def handle(self, *args, file, force, **options):
        try:
            info = restore(file, force=force)
        except BackupError as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(f"{info.path}: {info.engine}, restored")
