"""Steps shared by the protocol tests (all through the services)."""
from scoring import services
from tests.versions import shown_version

from .conftest import DEALS


def form_of(deal, version, **more):
    """The entry form's fields for ``deal`` (a protocol JSON deal) on a page of ``version``."""
    data = {"n": deal["n"], "version": version, "result": deal["result"], "out": deal.get("out", ""),
            "offender": deal.get("offender", ""), **more}
    for seat, hand in (deal.get("hands") or {}).items():
        data[f"tiles_{seat}" if isinstance(hand, list) else f"hand_{seat}"] = (
            " ".join(hand) if isinstance(hand, list) else hand)
    return data


def play(user, partie, deals=DEALS):
    protocol = None
    for deal in deals:
        protocol = services.record_deal(user, partie, deal, expected_version=shown_version(partie))
    return protocol


def sign_all(table, partie=None):
    partie = partie or table.partie
    for seat in ("A1", "B1", "A2", "B2"):
        services.sign_protocol(table.players[seat], partie, role="player", seat=seat,
                               expected_version=shown_version(partie))
    return services.sign_protocol(table.referee, partie, role="referee", expected_version=shown_version(partie))
