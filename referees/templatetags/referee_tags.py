from django import template

from referees import game_entry

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
