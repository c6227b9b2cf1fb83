"""«Подтвердить состав второго этапа» asks first: a page naming the finalists in seed order and that the lineup can
be undone until stage 2 is published; only its «Подтвердить состав» confirms (an organizer sees what he is about to
do before he does it)."""
import pytest
from django.urls import reverse

from events.stage_selectors import qualification_page
from tests.browser.test_stages_bracket import qualifier
from tournaments.models import Qualification

pytestmark = pytest.mark.django_db


def test_the_lineup_is_confirmed_only_from_its_confirmation_page(client, django_user_model):
    organizer = django_user_model.objects.create_user("org-q", password="x" * 12)
    t = qualifier(organizer)
    client.force_login(organizer)
    url = reverse("tournaments:qualification_confirm", args=[t.slug])
    expected = ",".join(map(str, qualification_page(t)["proposed"]))  # what the page's form sends
    assert expected.startswith("15,13,")
    page = client.post(url, {"expected": expected})
    text = page.content.decode()
    assert page.status_code == 200 and "Подтвердить состав второго этапа?" in text
    assert "посев 1: №15" in text and "Во второй этап выходят (8):" in text
    assert 'name="confirmed" value="1"' in text and f'name="expected" value="{expected}"' in text
    assert not Qualification.objects.filter(tournament=t).exists()  # nothing done yet

    done = client.post(url, {"expected": expected, "confirmed": "1"})
    assert done.status_code == 302
    assert Qualification.objects.filter(tournament=t, stage=2).count() == 8


def test_the_knockout_draft_names_each_number_with_its_own_seed(django_user_model):
    from events.services import pair_round
    from events.services.stages import confirm_qualification

    organizer = django_user_model.objects.create_user("org-seeds", password="x" * 12)
    t = qualifier(organizer)
    confirm_qualification(organizer, t, tie_order=None, expected=qualification_page(t)["proposed"])
    seeds = {q.pair.number: q.seed for q in Qualification.objects.filter(tournament=t, stage=2).select_related("pair")}
    rnd = pair_round(organizer, t)
    parties = list(rnd.parties.select_related("pair_a", "pair_b").order_by("table"))
    assert len(parties) == 4
    for p in parties:
        a, b = p.pair_a.number, p.pair_b.number
        assert f"№{a} (посев {seeds[a]})" in p.reason and f"№{b} (посев {seeds[b]})" in p.reason, p.reason
        assert seeds[a] + seeds[b] == 9  # 1–8, 4–5, 2–7, 3–6


def test_before_any_round_the_page_waits_instead_of_ranking_everyone_on_zero(client, django_user_model):
    from access.models import RoleKind, TournamentRole
    from events.services.stages import set_final
    from tests.factories import make_tournament
    from tournaments.models import FinalKind

    organizer = django_user_model.objects.create_user("org-wait", password="x" * 12)
    t = make_tournament(8, slug="not-yet", rounds_planned=3)
    TournamentRole.objects.create(tournament=t, user=organizer, role=RoleKind.ORGANIZER)
    set_final(organizer, t, kind=FinalKind.KNOCKOUT, size=4, third_place=False)
    client.force_login(organizer)
    text = client.get(reverse("tournaments:qualification", args=[t.slug])).content.decode()
    assert 'id="qualification-waiting"' in text and "ещё не сыграны" in text
    assert 'id="qualification-table"' not in text and 'id="confirm-form"' not in text
    assert "Места после" not in text

    played = qualifier(django_user_model.objects.create_user("org-played", password="x" * 12))
    client.force_login(TournamentRole.objects.get(tournament=played, role=RoleKind.ORGANIZER).user)
    text = client.get(reverse("tournaments:qualification", args=[played.slug])).content.decode()
    assert "Места после 1 из 1 туров первого этапа" in text and 'id="confirm-form"' in text
