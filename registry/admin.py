from django.contrib import admin

from core.admin import ReadOnlyAdminMixin
from people.models import Person, PersonMerge


@admin.register(Person)
class PersonAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    """Read-only: the registry changes on the person's page (``registry.services``, ``registry.merges``)."""

    list_display = ("id", "name", "club", "city", "federation_id", "merged_into")
    search_fields = ("name_key", "federation_id")


@admin.register(PersonMerge)
class PersonMergeAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("id", "absorbed", "kept", "merged_at", "undone_at")
