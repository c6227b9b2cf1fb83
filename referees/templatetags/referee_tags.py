from django import template

register = template.Library()


@register.filter
def get(mapping, key):
    """``{{ names|get:seat }}``: a dict lookup by a variable key."""
    try:
        return mapping.get(key, "")
    except AttributeError:
        return ""
