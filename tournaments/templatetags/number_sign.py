"""A number with its sign in the page's language (``core.text.numbered``): «№4», «no. 4», «n.º 4».

``{{ pair.number|numbered }}``; ``{{ numbers|numbered_list }}`` for «№3, №5». The sign is never written in a
template by hand: outside ``{% translate %}`` it would stay «№» on the English and Spanish pages.
"""
from django import template

from core.text import numbered as _numbered

register = template.Library()


@register.filter
def numbered(value) -> str:
    """«№4» (Russian), «no. 4» (English), «n.º 4» (Spanish); the template escapes it."""
    return _numbered(value)


@register.filter
def numbered_list(values) -> str:
    """The numbers, each with its sign, joined by commas: «№3, №5»."""
    return ", ".join(_numbered(v) for v in values)
