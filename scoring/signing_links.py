"""The own-phone signing link of a table, and who on a pair's or a player's page gets those links."""
from __future__ import annotations

from django.urls import reverse

from tournaments.models import SigningMethod

from . import pin_tries


def phone_sign_path(partie) -> str:  # the partie or its id
    """The own-phone signing page with the table's QR token (only who sees the table, or holds a player's
    slip of the pair, gets it)."""
    partie_id = getattr(partie, "pk", partie)
    return f"{reverse('referees:phone_sign', args=[partie_id])}?t={pin_tries.table_token(partie_id)}"


def pair_signing(request, tournament, players, games):
    """On the pair page: the player who proved he is of the pair (his PIN slip's QR key ``k``, or his account),
    or None; for him, in own-phone signing, every protocol awaiting signatures gets its signing link
    (``sign_url``, with the table's token). Others are told to scan the QR on the referee's screen."""
    signer = pin_tries.slip_holder(players, request.GET.get("k"))
    if signer is None and request.user.is_authenticated:
        signer = next((p for p in players if p.user_id == request.user.pk), None)
    if signer is not None and tournament.signing_method == SigningMethod.OWN_PHONE:
        for game in games:
            if game["awaiting"]:
                game["sign_url"] = phone_sign_path(game["partie_id"])
    return signer
