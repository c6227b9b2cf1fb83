"""Protocols in the admin: read-only.

Deals, remarks, no-shows and signatures change only through the services,
which check the permissions, the version and the lock and write the audit
log; the admin (even a superuser's) shows them and changes nothing.
"""
from django.contrib import admin

from core.admin import ReadOnlyAdminMixin

from .models import Deal, Protocol, Remark, Signature


class DealInline(ReadOnlyAdminMixin, admin.TabularInline):
    model = Deal
    extra = 0
    readonly_fields = ("entered_by", "entered_at", "confirmed_by", "confirmed_at")


class RemarkInline(ReadOnlyAdminMixin, admin.TabularInline):
    model = Remark
    extra = 0


class SignatureInline(ReadOnlyAdminMixin, admin.TabularInline):
    model = Signature
    extra = 0
    readonly_fields = ("signed_at", "fingerprint")


@admin.register(Protocol)
class ProtocolAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    """Read-only: protocols change through the referee pages, which audit every change."""

    list_display = ("__str__", "status", "score_a", "score_b", "winner")
    list_filter = ("status", "partie__round__tournament")
    readonly_fields = (
        "version", "locked_at", "score_a", "score_b", "deals_won_a", "deals_won_b",
        "winner", "finished", "extra_deal_needed", "disqualified",
    )
    inlines = [DealInline, RemarkInline, SignatureInline]
