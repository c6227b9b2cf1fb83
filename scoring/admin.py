from django.contrib import admin

from .models import Deal, Protocol, Remark, Signature


class DealInline(admin.TabularInline):
    model = Deal
    extra = 0
    readonly_fields = ("entered_by", "entered_at", "confirmed_by", "confirmed_at")


class RemarkInline(admin.TabularInline):
    model = Remark
    extra = 0


class SignatureInline(admin.TabularInline):
    model = Signature
    extra = 0
    readonly_fields = ("signed_at", "fingerprint")


@admin.register(Protocol)
class ProtocolAdmin(admin.ModelAdmin):
    """Read-mostly: protocols change through the referee pages, which audit every change."""

    list_display = ("__str__", "status", "score_a", "score_b", "winner")
    list_filter = ("status", "partie__round__tournament")
    readonly_fields = (
        "version", "locked_at", "score_a", "score_b", "deals_won_a", "deals_won_b",
        "winner", "finished", "extra_deal_needed", "disqualified",
    )
    inlines = [DealInline, RemarkInline, SignatureInline]

    def has_change_permission(self, request, obj=None):
        return False
