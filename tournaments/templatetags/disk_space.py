"""The organizer's warning that the server's disk is nearly full (``core.disk``)."""
from __future__ import annotations

from django import template

from core.disk import low_space

register = template.Library()


@register.inclusion_tag("tournaments/_disk_warning.html")
def disk_warning():
    return {"low": low_space()}
