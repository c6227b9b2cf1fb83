"""Rows changed behind the services' back are found; the admin changes nothing; staff is not an organizer."""
import io

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.urls import reverse

from access import permissions as perms
from access.permissions import is_organizer
from audit.models import AuditEntry
from events.services import pair_round, update_rules
from events.services.settings import RulesLocked
from scoring.models import Deal, Protocol, Remark, Signature
from scoring.scores import rescore
from tests.versions import shown_version
from tournaments.errors import InvalidInput, NotAllowed
from tournaments.models import Partie, Tournament

from .conftest import DEALS
from .helpers import play, sign_all


def verify(*args):
    out = io.StringIO()
    try:
        call_command("verify_scores", *args, stdout=out)
    except SystemExit as exc:
        return exc.code, out.getvalue()
    return 0, out.getvalue()


# --- fingerprints --------------------------------------------------------------------

def test_verify_scores_reports_a_deal_row_changed_in_the_database(table):
    play(table.referee, table.partie)
    sign_all(table)
    code, out = verify()
    assert code == 0 and "0 differ, 0 fingerprint mismatch(es)" in out
    # Tamper: deal 2's hands changed directly in the database, the cached totals rewritten to match,
    # so that only the fingerprint can tell.
    deal = Deal.objects.get(protocol__partie=table.partie, n=2)
    Deal.objects.filter(pk=deal.pk).update(hands=dict(deal.hands, B2=31))
    rescore(Protocol.objects.get(partie=table.partie), cascade=False)
    code, out = verify()
    assert code == 1
    line = next(line for line in out.splitlines() if "fingerprint mismatch:" in line)
    assert line.startswith("cup round 2 table 1:") and "5 signature(s)" in line
    assert "0 differ, 1 fingerprint mismatch(es)" in out
    # --fix rewrites caches, never signatures: the mismatch is still reported.
    code, out = verify("--fix")
    assert code == 1 and "1 fingerprint mismatch(es)" in out


def test_verify_scores_reports_every_tampered_protocol(table):
    play(table.referee, table.partie)
    sign_all(table)
    play(table.referee, table.other_partie)
    # Table 1: a remark slipped in after signing; table 2: a signature forged for content it never saw.
    Remark.objects.create(protocol=Protocol.objects.get(partie=table.partie), deal=1, seat="A1", reason="talking")
    Signature.objects.create(protocol=Protocol.objects.get(partie=table.other_partie), role="player", seat="A1",
                             name="x", fingerprint="0" * 64)
    code, out = verify("cup")
    assert code == 1 and "2 fingerprint mismatch(es)" in out
    assert "table 1: fingerprint mismatch" in out and "table 2: fingerprint mismatch" in out


def test_public_protocol_page_warns_of_a_mismatch(client, table):
    play(table.referee, table.partie)
    sign_all(table)
    url = reverse("protocols:protocol", args=[table.partie.pk])
    assert 'id="fingerprint-mismatch"' not in client.get(url).content.decode()
    Deal.objects.filter(protocol__partie=table.partie, n=3).update(out="A1", hands={"A2": 17, "B1": 5, "B2": 8})
    html = client.get(url).content.decode()
    assert 'id="fingerprint-mismatch"' in html and "не совпадают" in html


# --- the tournament's rules --------------------------------------------------------

def test_rules_change_before_any_signature_rescores_and_is_logged(table):
    play(table.referee, table.partie)  # deal 4: A2's wrong pass, 10 points to B
    before = Protocol.objects.get(partie=table.partie).score_b
    assert not table.tournament.rules_locked()
    tournament = update_rules(table.organizer, table.tournament, preset="pusto-shest",
                              overrides={"wrong_pass_points": 20}, tiebreaks=[])
    assert tournament.rules_overrides == {"wrong_pass_points": 20}
    assert Protocol.objects.get(partie=table.partie).score_b == before + 10  # rescored in the same transaction
    entry = AuditEntry.objects.get(action="tournament.rules_changed")
    assert entry.before["rules_overrides"] == {} and entry.after["rules_overrides"] == {"wrong_pass_points": 20}
    code, out = verify("cup")
    assert code == 0, out


def test_rules_change_refused_when_the_engine_refuses_a_recorded_protocol(table):
    play(table.referee, table.partie)  # four deals; a partie to 30 points would have ended after deal 1
    with pytest.raises(InvalidInput) as err:
        update_rules(table.organizer, table.tournament, preset="pusto-shest",
                     overrides={"partie_length": "target", "target_points": 30}, tiebreaks=[])
    assert err.value.code == "protocol_refused" and "стол 1" in err.value.message
    assert Tournament.objects.get(pk=table.tournament.pk).rules_overrides == {}
    assert not AuditEntry.objects.filter(action="tournament.rules_changed").exists()


def test_rules_are_fixed_once_a_protocol_is_signed(table):
    play(table.referee, table.partie)
    services_sign_one(table)
    assert table.tournament.rules_locked()
    for change in ({"preset": "federation", "overrides": {}, "tiebreaks": []},
                   {"preset": "pusto-shest", "overrides": {"target": 150}, "tiebreaks": []},
                   {"preset": "pusto-shest", "overrides": {}, "tiebreaks": ["deals_won", "points_diff"]}):
        with pytest.raises(RulesLocked) as err:
            update_rules(table.organizer, table.tournament, **change)
        assert err.value.code == "rules_locked" and "подписанные протоколы" in err.value.message
    t = Tournament.objects.get(pk=table.tournament.pk)
    assert (t.rules_preset, t.rules_overrides, t.tiebreaks) == ("pusto-shest", {}, [])
    # The same values again are no change at all.
    update_rules(table.organizer, table.tournament, preset="pusto-shest", overrides={}, tiebreaks=[])
    assert not AuditEntry.objects.filter(action="tournament.rules_changed").exists()


def services_sign_one(table):
    """One player's signature is enough to fix the rules."""
    from scoring import services

    services.sign_protocol(table.players["A1"], table.partie, role="player", seat="A1",
                           expected_version=shown_version(table.partie))


def test_tournament_clean_refuses_a_rules_change_once_signed(table):
    t = Tournament.objects.get(pk=table.tournament.pk)
    t.rules_preset = "federation"
    t.full_clean()  # nothing signed yet
    play(table.referee, table.partie)
    services_sign_one(table)
    with pytest.raises(ValidationError) as err:
        t.full_clean()
    assert "rules_preset" in err.value.message_dict
    t = Tournament.objects.get(pk=table.tournament.pk)
    t.name = "Кубок области"
    t.full_clean()  # other fields still change


def test_only_the_organizer_updates_rules(table):
    for user in (table.chief, table.staff, table.superuser):
        with pytest.raises(NotAllowed):
            update_rules(user, table.tournament, preset="federation", overrides={}, tiebreaks=[])
    assert Tournament.objects.get(pk=table.tournament.pk).rules_preset == "pusto-shest"


@pytest.mark.parametrize("field, value", [
    ("preset", "<script>alert(1)</script>"), ("preset", "x" * 10_000), ("overrides", {"target": "=1+1"}),
    ("overrides", {"target_points": 10 ** 30}), ("overrides", {"target_points": "٣"}), ("tiebreaks", ["٣"]),
    ("overrides", ["not", "a", "dict"]), ("tiebreaks", "=HYPERLINK(1)"), ("preset", None),
])
def test_hostile_rules_are_refused_with_a_field(table, field, value):
    change = {"preset": "pusto-shest", "overrides": {}, "tiebreaks": [], field: value}
    with pytest.raises(InvalidInput) as err:
        update_rules(table.organizer, table.tournament, **change)
    assert err.value.details["field"] in ("rules_preset", "rules_overrides", "tiebreaks")
    assert err.value.message and len(err.value.message) < 500
    assert Tournament.objects.get(pk=table.tournament.pk).rules_preset == "pusto-shest"


# --- the admin -----------------------------------------------------------------------

@pytest.fixture
def admin_client(client, table):
    client.force_login(table.superuser)
    return client


def test_admin_cannot_change_or_delete_protocols_for_a_superuser(admin_client, table):
    play(table.referee, table.partie)
    sign_all(table)
    protocol = Protocol.objects.get(partie=table.partie)
    change = reverse("admin:scoring_protocol_change", args=[protocol.pk])
    page = admin_client.get(change)
    assert page.status_code == 200 and 'name="_save"' not in page.content.decode()  # shown, read-only
    r = admin_client.post(change, {"status": "in_play", "first_lead": "B1", "version": 0})
    assert r.status_code == 403
    assert admin_client.get(reverse("admin:scoring_protocol_delete", args=[protocol.pk])).status_code == 403
    assert admin_client.post(reverse("admin:scoring_protocol_delete", args=[protocol.pk]),
                             {"post": "yes"}).status_code == 403
    assert admin_client.get(reverse("admin:scoring_protocol_add")).status_code == 403
    protocol.refresh_from_db()
    assert protocol.is_locked and protocol.deals.count() == len(DEALS) and protocol.signatures.count() == 5


def test_admin_has_no_pages_that_change_deals_remarks_or_signatures(admin_client):
    from django.contrib import admin as django_admin

    from scoring.admin import ProtocolAdmin

    for model in (Deal, Remark, Signature):
        assert not django_admin.site.is_registered(model)
    request = admin_client.get(reverse("admin:index")).wsgi_request
    for inline in ProtocolAdmin.inlines:
        instance = inline(Protocol, django_admin.site)
        assert not instance.has_add_permission(request, None)
        assert not instance.has_change_permission(request)
        assert not instance.has_delete_permission(request)


def test_admin_cannot_change_or_delete_parties_for_a_superuser(admin_client, table):
    partie = table.partie
    change = reverse("admin:tournaments_partie_change", args=[partie.pk])
    r = admin_client.post(change, {"round": partie.round_id, "table": 1, "pair_a": table.partie.pair_b_id,
                                   "pair_b": table.partie.pair_a_id})
    assert r.status_code == 403
    assert admin_client.get(reverse("admin:tournaments_partie_delete", args=[partie.pk])).status_code == 403
    partie = Partie.objects.get(pk=partie.pk)
    assert (partie.pair_a.number, partie.pair_b.number) == (3, 7)


def test_admin_cannot_delete_a_round_with_its_protocols(admin_client, table):
    play(table.referee, table.partie)
    url = reverse("admin:tournaments_round_delete", args=[table.round2.pk])
    r = admin_client.post(url, {"post": "yes"})
    assert r.status_code in (200, 403)  # Django lists what it may not delete and refuses
    assert Partie.objects.filter(round=table.round2).count() == 4
    assert Deal.objects.filter(protocol__partie=table.partie).count() == len(DEALS)


def test_admin_tournament_rules_are_read_only_once_signed(admin_client, table):
    url = reverse("admin:tournaments_tournament_change", args=[table.tournament.pk])
    assert 'name="rules_preset"' in admin_client.get(url).content.decode()
    play(table.referee, table.partie)
    services_sign_one(table)
    assert 'name="rules_preset"' not in admin_client.get(url).content.decode()


# --- staff and superuser are not organizers ------------------------------------------

@pytest.mark.parametrize("who", ["staff", "superuser"])
def test_staff_or_superuser_is_not_an_organizer(client, table, who):
    user = getattr(table, who)
    assert not is_organizer(user, table.tournament)
    assert not perms.is_organizer(user, table.tournament)
    assert not perms.is_chief_referee(user, table.tournament)
    assert not perms.can_enter(user, table.partie)
    with pytest.raises(NotAllowed):
        pair_round(user, table.tournament)
    client.force_login(user)
    assert client.get(reverse("tournaments:manage", args=[table.tournament.slug])).status_code == 403
    assert client.get(reverse("referees:partie", args=[table.partie.pk])).status_code == 403


def test_organizer_role_is_per_tournament(table):
    other = Tournament.objects.get(slug="other-cup")
    assert is_organizer(table.organizer, table.tournament)
    assert not is_organizer(table.organizer, other)


def test_admin_cannot_change_rounds_pairs_or_players_for_a_superuser(admin_client, table):
    """Rounds, pairs and players change only through the organizer's services (checked and audited)."""
    from tournaments.models import Entrant, Player, Round

    rnd, pair = table.round2, Entrant.objects.get(tournament=table.tournament, number=3)
    player = pair.players.order_by("number").first()
    posts = [
        (reverse("admin:tournaments_round_change", args=[rnd.pk]), {"status": "draft", "number": 2}),
        (reverse("admin:tournaments_entrant_change", args=[pair.pk]), {"status": "withdrawn", "number": 3}),
        (reverse("admin:tournaments_player_change", args=[player.pk]), {"name": "Подменённый", "pair": pair.pk}),
    ]
    for url, data in posts:
        assert admin_client.post(url, data).status_code == 403
        assert admin_client.get(url).status_code == 200  # still shown
    for model in ("round", "entrant", "player"):
        assert admin_client.get(reverse(f"admin:tournaments_{model}_add")).status_code == 403
    assert admin_client.post(reverse("admin:tournaments_entrant_delete", args=[pair.pk]), {"post": "yes"}).status_code == 403
    assert Round.objects.get(pk=rnd.pk).status == rnd.status
    assert Entrant.objects.get(pk=pair.pk).status == pair.status
    assert Player.objects.get(pk=player.pk).name == player.name
