from django.contrib import admin

from core.admin import ReadOnlyAdminMixin

from .models import RULE_FIELDS, Entrant, Partie, Player, Round, Tournament


class PlayerInline(ReadOnlyAdminMixin, admin.TabularInline):
    model = Player
    extra = 0
    exclude = ("pin_hash",)


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "start_date", "venue", "rules_preset", "pairing_system", "is_public")
    prepopulated_fields = {"slug": ("name",)}
    search_fields = ("name", "venue")
    exclude = ("signing_key_pem",)

    def get_readonly_fields(self, request, obj=None):
        """The rules are fixed once a protocol is signed (``Tournament.clean`` refuses the change too)."""
        fields = tuple(super().get_readonly_fields(request, obj))
        return fields + RULE_FIELDS if obj is not None and obj.rules_locked() else fields


@admin.register(Entrant)
class PairAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    """Read-only: pairs and players change on the organizer's pages, whose services check the draw and the
    round in play and audit every change (registration, edit, substitution, withdrawal, deletion)."""

    list_display = ("__str__", "tournament", "number", "status", "rating")
    list_filter = ("tournament", "status")
    inlines = [PlayerInline]


@admin.register(Player)
class PlayerAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    """Read-only, as pairs."""

    list_display = ("name", "club", "pair", "number")
    exclude = ("pin_hash",)
    search_fields = ("name", "club")


@admin.register(Round)
class RoundAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    """Read-only: a round is paired, published, finished or discarded only by the round services, which
    keep the tournament's order of steps and audit each one."""

    list_display = ("__str__", "tournament", "status", "paired_at")
    list_filter = ("tournament", "status")


@admin.register(Partie)
class PartieAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    """Read-only: the pairs of a table change only through the round services (swaps in a draft)."""

    list_display = ("__str__", "round", "table", "pair_a", "pair_b")
    list_filter = ("round__tournament",)
    list_select_related = ("round", "pair_a", "pair_b")
