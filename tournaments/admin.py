from django.contrib import admin

from scoring.admin import ReadOnlyAdminMixin

from .models import Pair, Partie, Player, Round, Tournament
from .services.settings import RULE_FIELDS, rules_locked


class PlayerInline(admin.TabularInline):
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
        return fields + RULE_FIELDS if obj is not None and rules_locked(obj) else fields


@admin.register(Pair)
class PairAdmin(admin.ModelAdmin):
    list_display = ("__str__", "tournament", "number", "status", "rating")
    list_filter = ("tournament", "status")
    inlines = [PlayerInline]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("name", "club", "pair", "number")
    exclude = ("pin_hash",)
    search_fields = ("name", "club")


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ("__str__", "tournament", "status", "paired_at")
    list_filter = ("tournament", "status")


@admin.register(Partie)
class PartieAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    """Read-only: the pairs of a table change only through the round services (swaps in a draft)."""

    list_display = ("__str__", "round", "table", "pair_a", "pair_b")
    list_filter = ("round__tournament",)
    list_select_related = ("round", "pair_a", "pair_b")
