"""manage.py import_tournament FILE [--slug NEW] — a tournament from a transfer file, beside the others."""
from django.core.management.base import BaseCommand, CommandError

from events.services.transfer import TransferError, import_tournament


class Command(BaseCommand):
    help = ("Загрузить турнир из файла export_tournament рядом с уже имеющимися (новые id, прочие турниры не "
            "затрагиваются). Занятое краткое имя — отказ; --slug задаёт другое.")

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--slug", default=None, help="краткое имя турнира в этой установке")

    def handle(self, *args, file, slug, **options):
        try:
            result = import_tournament(file, slug=slug)
        except TransferError as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(f"{result.tournament.slug}: " + ", ".join(f"{k} {v}" for k, v in result.counts.items()))
        for role in result.skipped_roles:
            self.stdout.write(f"skipped role: {role['username']} ({role['role']}) — no such account here")
        if result.certificate:  # compare with the organizer's: it signed the PDF sheets and every signature's seal
            self.stdout.write(f"certificate {result.certificate}")
        if result.unsealed:
            self.stdout.write(f"signatures without a seal (an older file; the protocol check lists them): "
                              f"{result.unsealed}")
        if result.missing_accounts:
            self.stdout.write("accounts not found here (left unlinked): " + ", ".join(result.missing_accounts))
        if result.new_codes:  # transfer_signup: a copy beside its original never shares a player's code
            self.stdout.write(f"registration entries given new codes (their codes open the original's entries): "
                              f"{result.new_codes}")
