"""The admin shows what the services wrote and changes nothing (even a superuser's).

Rows change only through the services, which check the permissions, the version and the lock
and write the audit log.
"""


class ReadOnlyAdminMixin:
    """No add, no change, no delete: the admin only shows the rows (for a ModelAdmin or an inline)."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
