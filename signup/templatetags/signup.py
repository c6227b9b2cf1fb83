"""``{% signup_link tournament %}``: the link to the online registration's form while it takes entries;
``entry|team_pairs``: a team entry's players two by two (its pairs)."""
from django import template
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _

from signup.selectors import open_registration_ids

register = template.Library()


@register.simple_tag
def signup_link(tournament):
    if tournament.pk not in open_registration_ids([tournament.pk]):
        return ""
    return format_html('<p class="signup-open" id="signup-open"><a class="button" href="{}">{}</a></p>',
                       reverse("tournaments:register", args=[tournament.slug]), _("Регистрация открыта: подать заявку"))


@register.filter
def team_pairs(entry) -> list:
    players = list(entry.players or [])
    return [players[i:i + 2] for i in range(0, len(players), 2)]
