"""The protocols' check (scoring.checks, its page and ``verify_scores``) on an individual event's tables of four."""
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse

from access.models import RoleKind, TournamentRole
from scoring.checks import check_tournament
from scoring.models import Deal, Protocol
from tests.referees.conftest import fast_password_hasher  # noqa: F401  (an autouse fixture)
from tests.tournaments.individual_events import simulated_nine

pytestmark = pytest.mark.django_db


@pytest.fixture
def played():
    """Nine players, two Swiss rounds played and signed through the services: four tables, two sit-outs."""
    return simulated_nine()


@pytest.fixture
def chief(played, django_user_model, client):
    user = django_user_model.objects.create_user("chief-solo")
    TournamentRole.objects.create(tournament=played, user=user, role=RoleKind.CHIEF_REFEREE)
    client.force_login(user)
    return client


def url(t):
    return reverse("tournaments:check", args=[t.slug])


def first_table(t):
    return t.rounds.get(number=1).parties.select_related("pair_a", "partner_a", "pair_b", "partner_b").get(table=1)


def names(entrant):
    return entrant.players.get().name


def test_every_protocol_of_the_tables_of_four_agrees(played, chief):
    report = check_tournament(played)
    assert (report.checked, report.signed, report.findings) == (4, 4, [])
    html = chief.get(url(played)).content.decode()
    assert "Проверено протоколов: 4, из них подписано: 4." in html and 'id="check-ok"' in html
    out = StringIO()
    call_command("verify_scores", played.slug, stdout=out)
    assert "4 protocol(s) checked, 0 differ, 0 fingerprint mismatch(es), 0 without a valid seal" in out.getvalue()


def test_records_changed_after_the_four_signed_name_the_table_by_its_four_players(played, chief):
    partie = first_table(played)
    deal = Deal.objects.filter(protocol__partie=partie).order_by("n").first()
    Deal.objects.filter(pk=deal.pk).update(note="дописано после подписи")
    kinds = [(f.protocol.partie_id, f.kind) for f in check_tournament(played).findings]
    assert kinds == [(partie.pk, "fingerprint")]
    html = chief.get(url(played)).content.decode()
    row = html[html.index(f'id="check-{partie.pk}"'):]
    row = row[:row.index("</li>\n")]
    for seat, entrant in (("A1", partie.pair_a), ("A2", partie.partner_a), ("B1", partie.pair_b),
                          ("B2", partie.partner_b)):
        assert f"{seat} №{entrant.number} {names(entrant)}" in row, seat
    assert "Тур 1 · стол 1" in row and "пары" not in row
    for seat in ("A1", "A2", "B1", "B2"):
        assert seat in row[row.index("подписи ("):]
    assert reverse("referees:partie", args=[partie.pk]) in row
    with pytest.raises(SystemExit):
        call_command("verify_scores", played.slug, stdout=StringIO())


def test_a_drifted_cache_of_a_table_of_four_is_listed_and_rescored(played, chief):
    partie = first_table(played)
    Protocol.objects.filter(partie=partie).update(score_a=999)
    html = chief.get(url(played)).content.decode()
    row = html[html.index(f'id="check-{partie.pk}"'):]
    assert "Сохранённый итог расходится с пересчётом" in row[:row.index("</li>\n")]
    assert f"A2 №{partie.partner_a.number}" in row[:row.index("</li>\n")]
    assert chief.post(url(played)).status_code == 302
    assert check_tournament(played).findings == []
    assert Protocol.objects.get(partie=partie).score_a != 999
