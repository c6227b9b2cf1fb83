from django.contrib import admin

from .models import Pair, Partie, Player, Round, Tournament


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
class PartieAdmin(admin.ModelAdmin):
    list_display = ("__str__", "round", "table", "pair_a", "pair_b")
    list_filter = ("round__tournament",)
    list_select_related = ("round", "pair_a", "pair_b")
