"""Grant or take away the federation administrator's role (the Django group ``FEDERATION_ADMINS``)."""
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management.base import BaseCommand, CommandError

from access.permissions import FEDERATION_ADMINS


class Command(BaseCommand):
    help = "Назначает администратора федерации (или снимает роль с --remove); без имени — список."

    def add_arguments(self, parser):
        parser.add_argument("username", nargs="?")
        parser.add_argument("--remove", action="store_true")

    def handle(self, *args, username=None, remove=False, **options):
        group, _created = Group.objects.get_or_create(name=FEDERATION_ADMINS)
        if not username:
            for user in group.user_set.order_by("username"):
                self.stdout.write(user.get_username())
            return
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise CommandError(f"нет учётной записи {username!r}")
        if remove:
            group.user_set.remove(user)
            self.stdout.write(f"{username}: больше не администратор федерации")
        else:
            group.user_set.add(user)
            self.stdout.write(f"{username}: администратор федерации")
