from django import template
from django.utils.html import format_html

from referees import game_entry, submissions

register = template.Library()


@register.filter
def below_notes(deal):
    """``{{ preview_deal|below_notes }}``: what the opening threshold kept out of the game in this deal."""
    return game_entry.below_notes(deal)


@register.filter
def get(mapping, key):
    """``{{ names|get:seat }}``: a dict lookup by a variable key."""
    try:
        return mapping.get(key, "")
    except AttributeError:
        return ""


@register.simple_tag
def form_key():
    """A write form's one-time key (``referees.submissions``): the same form sent twice is written once."""
    return format_html('<input type="hidden" name="{}" value="{}">', submissions.FIELD, submissions.new_key())
