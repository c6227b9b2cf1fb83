import pytest
from django.contrib.auth.models import Group

from access.permissions import FEDERATION_ADMINS


@pytest.fixture
def federation_admin(django_user_model):
    """An account of the federation administrators' group, and no role in any tournament."""
    user = django_user_model.objects.create_user("federation", password="domino2026")
    user.groups.add(Group.objects.get_or_create(name=FEDERATION_ADMINS)[0])
    return django_user_model.objects.get(pk=user.pk)
