"""The admin shows the rows of every app and changes none of them (one read-only mixin)."""
import pytest
from django.contrib import admin
from django.test import RequestFactory

from audit.models import AuditEntry
from core.admin import ReadOnlyAdminMixin
from scoring.models import Protocol
from tournaments.models import Entrant, Partie, Player, Round

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("model", [AuditEntry, Protocol, Entrant, Player, Round, Partie])
def test_read_only_models_refuse_add_change_and_delete_even_to_a_superuser(model, django_user_model):
    model_admin = admin.site._registry[model]
    request = RequestFactory().get("/admin/")
    request.user = django_user_model.objects.create_superuser("root", password="x")
    assert isinstance(model_admin, ReadOnlyAdminMixin)
    assert not model_admin.has_add_permission(request)
    assert not model_admin.has_change_permission(request)
    assert not model_admin.has_delete_permission(request)
    assert model_admin.has_view_permission(request)
