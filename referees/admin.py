from django.contrib import admin

from .models import AuditEntry, TournamentRole


@admin.register(TournamentRole)
class TournamentRoleAdmin(admin.ModelAdmin):
    list_display = ("user", "tournament", "role", "tables")
    list_filter = ("tournament", "role")


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    list_display = ("at", "tournament", "partie", "user", "action")
    list_filter = ("tournament", "action")
    readonly_fields = [f.name for f in AuditEntry._meta.fields]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
