"""A knockout match the extra deals decided is marked as such (RULES.md §5: a partie tied at its end goes on with
extra deals): on the bracket page with its legend, on the hall's projector and in the bracket's PDF — asked of the
protocol's deals, not of its cached score."""
import io

import pdfplumber
import pytest
from django.urls import reverse
from django.utils import timezone

from access.models import RoleKind, TournamentRole
from events.services import pair_round, publish_round
from events.services.stages import confirm_qualification, set_final
from events.stage_selectors import bracket_data
from scoring.models import Deal, Protocol
from scoring.scores import rescore
from tests.factories import make_round, make_tournament
from tournaments.choices import ProtocolStatus
from tournaments.models import FinalKind, RoundStatus, SignatureMode

pytestmark = pytest.mark.django_db

# pusto-shest, four deals: 10 : 10 after the fourth; the fifth (an extra deal) goes to side B
TIED = [{"n": 1, "result": "domino", "out": "A1", "hands": {"B1": 5, "B2": 5}},
        {"n": 2, "result": "domino", "out": "B1", "hands": {"A1": 5, "A2": 5}},
        {"n": 3, "result": "block", "hands": {"A1": 5, "A2": 5, "B1": 5, "B2": 5}},
        {"n": 4, "result": "block", "hands": {"A1": 5, "A2": 5, "B1": 5, "B2": 5}}]
EXTRA = {"n": 5, "result": "domino", "out": "B2", "hands": {"A1": 3, "A2": 4}}
REGULAR = TIED[:3] + [{"n": 4, "result": "block", "hands": {"A1": 5, "A2": 5, "B1": 5, "B2": 4}}]


def cached(partie, a, b):
    Protocol.objects.create(partie=partie, score_a=a, score_b=b, winner="A" if a > b else "B", finished=True,
                            status=ProtocolStatus.SIGNED, locked_at=timezone.now())


def played(partie, deals):
    protocol = Protocol.objects.create(partie=partie)
    for d in deals:
        Deal.objects.create(protocol=protocol, n=d["n"], result=d["result"], out=d.get("out", ""),
                            hands=d.get("hands", {}))
    rescore(protocol, cascade=False)
    protocol.status, protocol.locked_at = ProtocolStatus.SIGNED, timezone.now()
    protocol.save()
    return protocol


@pytest.fixture
def knockout(organizer):
    return build_knockout(organizer)


def build_knockout(organizer):
    """A qualifier of 8 pairs, a knockout of 4: semi-final 1 won within its four deals, semi-final 2 by an extra
    deal."""
    tournament = make_tournament(8, slug="extra-cup", rounds_planned=1, draw_done_at=timezone.now(), draw_seed="s",
                                 draw_closed=True, signature_mode=SignatureMode.ONE_PER_PAIR)
    TournamentRole.objects.get_or_create(tournament=tournament, user=organizer, role=RoleKind.ORGANIZER)
    rnd = make_round(tournament, 1, [(2 * i + 1, 2 * i + 2) for i in range(4)], status=RoundStatus.FINISHED)
    for i, partie in enumerate(rnd.parties.order_by("table")):
        cached(partie, 40 + 5 * i, 20)
    set_final(organizer, tournament, kind=FinalKind.KNOCKOUT, size=4)
    confirm_qualification(organizer, tournament)
    rnd = pair_round(organizer, tournament)
    publish_round(organizer, rnd)
    first, second = rnd.parties.order_by("table")
    played(first, REGULAR)
    assert played(second, TIED + [EXTRA]).winner == "B"
    tournament.refresh_from_db()
    return tournament


def test_the_bracket_s_data_says_which_match_the_extra_deals_decided(knockout):
    data = bracket_data(knockout)
    semis = data["rounds"][0]["matches"]
    assert [m["extra"] for m in semis] == [False, True]
    assert [p["extra"] for p in semis[1]["parties"]] == [True]
    assert data["extra_decided"] and not data["rounds"][1]["matches"][0]["extra"]


def test_a_tie_still_waiting_for_its_extra_deal_is_not_yet_decided_by_one(organizer, knockout):
    protocol = Protocol.objects.get(partie__round__number=2, partie__table=2)
    protocol.deals.filter(n=5).delete()
    rescore(protocol, cascade=False)
    data = bracket_data(knockout)
    assert data["rounds"][0]["matches"][1]["extra"] is False and not data["extra_decided"]


def card(page: str, key: str) -> str:
    """The match's card: from its own tag to the next match's."""
    start = page.rindex("<div", 0, page.index(f'id="match-{key}"'))
    end = page.find('<div class="match', start + 1)
    return page[start:end if end > 0 else None]


def test_the_bracket_page_and_the_projector_mark_it_with_a_legend(client, knockout):
    page = client.get(reverse("tournaments:bracket", args=[knockout.slug])).content.decode()
    assert "extra-decided" in card(page, "1-2") and "доп. раздачи" in card(page, "1-2")
    assert "extra-decided" not in card(page, "1-1") and "доп. раздачи" not in card(page, "1-1")
    assert 'id="legend-extra-decided"' in page and "исход матча решили дополнительные раздачи" in page
    board = client.get(reverse("tournaments:bracket_projector", args=[knockout.slug])).content.decode()
    assert board.count("extra-badge extra-won") == 2  # the match's mark and the legend's
    assert "исход решили дополнительные раздачи" in board


def test_the_bracket_pdf_marks_the_winner_s_points_and_explains_the_mark(client, knockout):
    data = client.get(reverse("tournaments:bracket_pdf", args=[knockout.slug])).content
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        text = " ".join((p.extract_text() or "") for p in pdf.pages)
    assert "* — партия закончилась вничью, исход матча решили дополнительные раздачи" in text
    assert text.count("*") == 2  # the mark after the winner's points and the legend's
