"""manage.py export_tournament SLUG FILE [--with-key] — one tournament to a JSON transfer file."""
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from events.services.transfer import TransferError, export_tournament
from tournaments.models import Tournament


class Command(BaseCommand):
    help = ("Выгрузить один турнир (пары, туры, протоколы, подписи, роли, журнал, сертификат подписи) в "
            "JSON-файл переноса.")

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("file")
        parser.add_argument("--with-key", action="store_true",
                            help="включить закрытый ключ подписи PDF (храните такой файл в тайне)")

    def handle(self, *args, slug, file, with_key, **options):
        try:
            tournament = Tournament.objects.get(slug=slug)
        except Tournament.DoesNotExist:
            raise CommandError(_("Турнира с кратким именем «%(s)s» нет.") % {"s": slug[:100]}) from None
        try:
            counts = export_tournament(tournament, file, with_key=with_key)
        except (TransferError, OSError) as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(f"{file}: " + ", ".join(f"{k} {v}" for k, v in counts.items()))
