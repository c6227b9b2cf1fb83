"""``{% say fmt "sitout_line" number names %}``: a sentence of the event's format (``tournaments.formats``) that
takes values, for a template that asks the format object instead of testing the format; ``{% say fmt
"table_links" partie as links %}`` keeps a list to loop over."""
from django import template

register = template.Library()


@register.simple_tag
def say(fmt, what: str, *args):
    return getattr(fmt, what)(*args)
