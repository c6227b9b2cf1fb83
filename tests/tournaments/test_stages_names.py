"""Stage 2's rounds are named for what they are («1/4 финала», «Полуфинал», «Финал · Матч за 3-е место», a
partie of a longer match, a final round robin's tour) on the round page, the seating page and the round's
PDF; the bracket's JSON names its rounds the same way."""
import io
import json

import pytest
from django.core.management import call_command
from django.urls import reverse
from pypdf import PdfReader

from events.services import pair_round, publish_round
from events.services.stages import confirm_qualification, set_final
from scoring.reports.stage_selectors import stage2_round_names
from tests.factories import make_round
from tests.tournaments.test_stages_matches import cached, organizer, play, qualified, staged  # noqa: F401
from tests.tournaments.test_stages_pages import eight
from tournaments.models import FinalKind

pytestmark = pytest.mark.django_db


def test_a_knockout_of_eight_names_its_rounds_on_the_pages_and_the_pdf(client, organizer):  # noqa: F811
    tournament = eight(organizer)
    set_final(organizer, tournament, kind=FinalKind.KNOCKOUT, size=8, third_place=True)
    confirm_qualification(organizer, tournament)
    tournament.refresh_from_db()
    quarter = pair_round(organizer, tournament)
    assert stage2_round_names(tournament) == {2: "1/4 финала"}  # a draft is named too
    publish_round(organizer, quarter)
    page = client.get(reverse("tournaments:pairings", args=[tournament.slug, 2])).content.decode()
    assert "Тур 2 · 1/4 финала" in page
    assert "Тур 1 ·" not in client.get(reverse("tournaments:pairings", args=[tournament.slug, 1])).content.decode()
    seating = client.get(reverse("tournaments:seating", args=[tournament.slug, 2])).content.decode()
    assert "Тур 2 · 1/4 финала" in seating
    pdf = client.get(reverse("reports:pairings_pdf", args=[tournament.slug, 2]))
    text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf.content)).pages)
    assert "Тур 2 · 1/4 финала" in text
    for partie in quarter.parties.all():
        cached(partie, 101, 0)  # the lower number wins every match
    play(organizer, tournament, {n: 100 - n for n in range(1, 9)})
    play(organizer, tournament, {n: 100 - n for n in range(1, 9)})
    assert stage2_round_names(tournament) == {2: "1/4 финала", 3: "Полуфинал", 4: "Финал · Матч за 3-е место"}
    out = io.StringIO()
    call_command("bracket", tournament.slug, "--json", stdout=out)
    assert [r["name"] for r in json.loads(out.getvalue())["rounds"]] == [
        "1/4 финала", "Полуфинал", "Финал", "Матч за 3-е место"]
    out = io.StringIO()
    call_command("pairings", tournament.slug, "--json", stdout=out)
    rows = json.loads(out.getvalue())
    assert "name" not in rows[0] and rows[0]["round"] == 1  # stage 1 keeps its plain rows
    assert {r["name"] for r in rows if r["round"] == 3} == {"Полуфинал"}


def test_a_match_of_several_parties_and_a_final_round_robin_name_their_rounds(organizer):  # noqa: F811
    tournament = staged(organizer)
    qualified(organizer, tournament, size=2, match="best-of-3")
    play(organizer, tournament, {3: 101, 1: 60})
    play(organizer, tournament, {3: 40, 1: 101})
    assert stage2_round_names(tournament) == {2: "Финал, партия 1", 3: "Финал, партия 2"}
    other = staged(organizer, slug="rr")
    set_final(organizer, other, kind=FinalKind.ROUND_ROBIN, size=4)
    rnd = make_round(other, 1, [(1, 2), (3, 4), (5, 6)], status="finished")
    for partie in rnd.parties.all():
        cached(partie, 101, 0)
    confirm_qualification(organizer, other)
    publish_round(organizer, pair_round(organizer, other))
    assert stage2_round_names(other) == {2: "Финал, тур 1"}
