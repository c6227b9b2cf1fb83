from django.contrib import admin

from access.models import TournamentRole
from audit.models import AuditEntry
from core.admin import ReadOnlyAdminMixin


@admin.register(TournamentRole)
class TournamentRoleAdmin(admin.ModelAdmin):
    list_display = ("user", "tournament", "role", "tables")
    list_filter = ("tournament", "role")


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("at", "tournament", "partie", "user", "action")
    list_filter = ("tournament", "action")
    readonly_fields = [f.name for f in AuditEntry._meta.fields]

