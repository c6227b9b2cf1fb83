"""Wrong PINs posted to the own-phone signing page by someone who is not at the table, in process (no HTTP server).

Creates a throw-away SQLite database with ``--tables`` tables awaiting signatures (own-phone signing, PINs
issued), then posts ``--tries`` wrong PINs to the public signing page, spread over every player:
without the table's QR token; with the token of one table from one address, a new phone (cookie) each
time; and with that token from a new address each time. After each, prints the tries refused, the tries whose PIN was checked,
the audit rows written and whether the players still sign with the right PIN on the referee's device and
on a phone. Prints figures; asserts nothing.

    python bench/pin_tries_bench.py --tables 8 --tries 3000
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

BASE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(BASE))

import throwaway_site  # noqa: E402  (bench/ beside this file)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--tries", type=int, default=3000)
    args = parser.parse_args()
    throwaway_site.start("domino-pin-bench.")
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.test import Client

    from access.models import TournamentRole
    from audit.models import AuditEntry
    from scoring import pin_tries, services
    from scoring.models import PinAttempt, Signature
    from scoring.signing_links import phone_sign_path
    from tests.factories import make_round, make_tournament
    from tests.referees.helpers import play
    from tests.versions import shown_version
    from tournaments.models import SigningMethod

    cup = make_tournament(2 * args.tables, slug="pin-bench", signing_method=SigningMethod.OWN_PHONE)
    rnd = make_round(cup, 1, [(2 * i + 1, 2 * i + 2) for i in range(args.tables)])
    user_model = get_user_model()
    organizer = user_model.objects.create_user("bench-org", password="x")
    referee = user_model.objects.create_user("bench-referee", password="x")
    TournamentRole.objects.create(tournament=cup, user=organizer, role="organizer")
    TournamentRole.objects.create(tournament=cup, user=referee, role="referee")
    codes = {i.player.pk: i.pin for i in services.generate_pins(organizer, cup)}
    parties = list(rnd.parties.select_related("pair_a", "pair_b").order_by("table"))
    for partie in parties:
        play(referee, partie)
    seats = [(partie, seat) for partie in parties for seat in ("A1", "B1", "A2", "B2")]
    right = {(partie.pk, seat): codes[(partie.pair_a if seat[0] == "A" else partie.pair_b)
                                      .players.get(number=int(seat[1])).pk] for partie, seat in seats}

    def wrong(partie, seat):
        return "00000" if right[partie.pk, seat] != "00000" else "11111"

    def attack(label, token_for, address_for):
        before = AuditEntry.objects.count()
        checked_before = sum(PinAttempt.objects.filter(device="").values_list("failures", flat=True))
        refused = 0
        started = time.perf_counter()
        for n in range(args.tries):
            partie, seat = seats[n % len(seats)]
            client = Client(REMOTE_ADDR=address_for(n))
            client.cookies[settings.CSRF_COOKIE_NAME] = f"bench-{label}-{n}"  # a new device every time
            token = token_for(partie)
            url = f"/referee/partie/{partie.pk}/sign/phone/" + (f"?t={token}" if token else "")
            response = client.post(url, {"seat": seat, "pin": wrong(partie, seat), "version": shown_version(partie)})
            refused += response.status_code == 422
        seconds = time.perf_counter() - started
        checked = sum(PinAttempt.objects.filter(device="").values_list("failures", flat=True)) - checked_before
        print(f"{label}: {args.tries} tries in {seconds:.1f} s, refused {refused}, PIN checked {checked}, "
              f"audit rows {AuditEntry.objects.count() - before}, players closed on phones "
              f"{PinAttempt.objects.filter(channel='phone', device='', failures__gte=pin_tries.PHONE_SEAT_LIMIT).count()}"
              f" of {len(seats)}")

    attack("no token", lambda partie: "", lambda n: "198.51.100.7")
    attack("token of table 1, one address", lambda partie: pin_tries.table_token(parties[0]),
           lambda n: "198.51.100.8")
    attack("token of table 1, a new address each try", lambda partie: pin_tries.table_token(parties[0]),
           lambda n: f"10.{n // 65536 % 256}.{n // 256 % 256}.{n % 256}")
    table_ok = phone_ok = 0
    for partie, seat in seats:
        pin = right[partie.pk, seat]
        if seat in ("A1", "B1"):
            services.sign_protocol(referee, partie, role="player", seat=seat, pin=pin,
                                   expected_version=shown_version(partie))
            table_ok += 1
        else:
            phone = Client(REMOTE_ADDR="192.0.2.1")
            phone.cookies[settings.CSRF_COOKIE_NAME] = f"bench-player-{partie.pk}-{seat}"  # the player's own phone
            response = phone.post(phone_sign_path(partie), {
                "seat": seat, "pin": pin, "version": shown_version(partie)})
            phone_ok += response.status_code == 302
    print(f"afterwards: the referee's device took {table_ok} right PINs of {len(seats) // 2}; "
          f"a phone at the table took {phone_ok} of {len(seats) // 2}; signatures {Signature.objects.count()}")


if __name__ == "__main__":
    main()
