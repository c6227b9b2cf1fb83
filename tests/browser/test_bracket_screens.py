"""Knockouts of 16 and 32 after their first round (one match waiting for its extra deal) in Chromium: the
hall screen fits the whole bracket at 1280 × 900 and 1920 × 1080 (no card, name or round cut; 32 entrants
readable on the larger screen; fitted again after a refresh), the page at 390 px scrolls its rounds sideways
with the line «листайте вбок →», a shadow and links that reach the final and the third-place match (none
of it when nothing scrolls), every match is a tap target of at least 44 × 44 px, and the match waiting for
its extra deal is marked, with the legend."""
import pytest
from django.urls import reverse
from django.utils import timezone

from access.models import RoleKind, TournamentRole
from events.services import pair_round, publish_round
from events.services.stages import confirm_qualification, set_final
from scoring.models import Protocol
from tests.factories import make_round, make_tournament
from tournaments.choices import ProtocolStatus
from tournaments.models import FinalKind, Partie, RoundStatus, SignatureMode

from .test_hall import BROKEN_WORDS_JS, no_horizontal_scroll

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LONG_NAMES = ((1, "Преображенская Анастасия Владимировна"), (3, "Римский-Корсаков Николай Андреевич"))


def result(partie, a, b):
    """A signed protocol's cached result; equal points: a drawn partie, its match waits for the extra deal."""
    Protocol.objects.create(partie=partie, score_a=a, score_b=b, winner="" if a == b else "A" if a > b else "B",
                            finished=True, status=ProtocolStatus.SIGNED, locked_at=timezone.now())


def knockout(organizer, size, slug):
    """A one-round qualifier of ``2 × size`` pairs whose winners make a knockout of ``size`` with a third-place
    match, its first round played: the second match drawn, side B winning the others."""
    tournament = make_tournament(2 * size, slug=slug, rounds_planned=1, draw_done_at=timezone.now(),
                                 draw_seed="s", draw_closed=True, signature_mode=SignatureMode.ONE_PER_PAIR)
    TournamentRole.objects.create(tournament=tournament, user=organizer, role=RoleKind.ORGANIZER)
    for number, name in LONG_NAMES:
        tournament.pairs.get(number=number).players.filter(number=1).update(name=name)
    rnd = make_round(tournament, 1, [(2 * i + 1, 2 * i + 2) for i in range(size)], status=RoundStatus.FINISHED)
    for i, partie in enumerate(rnd.parties.order_by("table")):
        result(partie, 40 + 5 * i, 20)  # the odd numbers win, by more at a higher table
    set_final(organizer, tournament, kind=FinalKind.KNOCKOUT, size=size, third_place=True)
    confirm_qualification(organizer, tournament)
    rnd = pair_round(organizer, tournament)
    publish_round(organizer, rnd)
    for k, partie in enumerate(rnd.parties.filter(pair_b__isnull=False).order_by("table")):
        result(partie, 30, 30) if k == 1 else result(partie, 30 + k, 50)
    return tournament


def extra_deal_played(tournament):
    """The drawn partie's protocol now holds the extra deal that decides it (a new version: the pages follow)."""
    protocol = Protocol.objects.get(partie__round__tournament=tournament, partie__round__number=2, partie__table=2)
    protocol.score_a, protocol.winner, protocol.version = 36, "A", protocol.version + 1
    protocol.save()


# What of the hall screen is cut or off it: a round's name, a card or the footer outside the screen, a card
# outside its round's column, two cards over each other, a name or a round's name wider than its line (cut or
# ellipsised).
CUT_JS = r"""
() => {
  const bad = [], W = window.innerWidth, H = window.innerHeight;
  const r = el => el.getBoundingClientRect();
  const onScreen = b => b.top >= -0.5 && b.left >= -0.5 && b.bottom <= H + 0.5 && b.right <= W + 0.5;
  const within = (b, o) => b.top >= o.top - 0.5 && b.bottom <= o.bottom + 0.5 && b.left >= o.left - 0.5
                           && b.right <= o.right + 0.5;
  if (document.documentElement.scrollHeight > H || document.documentElement.scrollWidth > W) bad.push("page scrolls");
  for (const el of document.querySelectorAll(".board h1, .board .foot, .bracket-round h2"))
    if (!onScreen(r(el))) bad.push("off screen: " + el.textContent.trim());
  const cards = Array.from(document.querySelectorAll(".board .match"));
  for (const card of cards) {
    const b = r(card);
    if (!onScreen(b)) bad.push("off screen: " + card.id);
    if (!within(b, r(card.closest(".bracket-round")))) bad.push("out of its round: " + card.id);
    for (const part of card.querySelectorAll(".side, .extra-mark")) if (!within(r(part), b)) bad.push("cut: " + card.id);
  }
  cards.forEach((a, i) => cards.slice(i + 1).forEach(c => {
    const x = r(a), y = r(c);
    if (x.left < y.right && y.left < x.right && x.top < y.bottom && y.top < x.bottom) bad.push(a.id + " over " + c.id);
  }));
  for (const text of document.querySelectorAll(".board .match .name, .bracket-round h2"))
    if (text.scrollWidth > text.clientWidth + 1 || text.scrollHeight > text.clientHeight + 1)
      bad.push("text cut: " + text.textContent.trim());
  return bad;
}
"""

FONT_JS = "parseFloat(getComputedStyle(document.querySelector('#match-1-1 .name')).fontSize)"


def fitted(page):
    page.wait_for_function("document.fonts.status === 'loaded'")
    page.wait_for_timeout(100)  # bracket.js fits on the next frame after the fonts
    return page.evaluate(CUT_JS)


@pytest.mark.parametrize("size", [16, 32])
def test_the_hall_screen_fits_the_whole_bracket(live_server, new_page, artifacts, django_user_model, size):
    organizer = django_user_model.objects.create_user("org", password="x")
    tournament = knockout(organizer, size, f"cup-{size}")
    url = live_server.url + reverse("tournaments:bracket_projector", args=[tournament.slug])
    for width, height, readable in ((1280, 900, 16 if size == 16 else 10), (1920, 1080, 16 if size == 16 else 14)):
        page = new_page({"width": width, "height": height})
        page.goto(url)
        assert fitted(page) == []
        assert page.query_selector_all(".board .match").__len__() == size  # size − 1 matches and the third place
        last = page.query_selector(f"#match-1-{size // 2}").bounding_box()
        assert last["y"] + last["height"] <= height  # the last first-round match, whole on the screen
        assert page.evaluate(FONT_JS) >= readable
        assert page.is_visible("#match-1-2 .extra-mark") and page.is_visible(".board .foot .legend-extra")
        assert page.inner_text("#match-1-2 .extra-mark") == "доп. раздача"
        assert page.inner_text("#match-1-1 .side.won .pts") == "50"  # a side's points at the end of its line
        page.screenshot(path=str(artifacts / f"bracket-projector-{size}-{width}x{height}.png"))

    # The extra deal is played; the board refreshes itself (htmx swaps it) and is fitted again.
    extra_deal_played(tournament)
    size_before = page.evaluate(FONT_JS)
    page.evaluate("htmx.ajax('GET', location.pathname, {target: '#bracket-board', swap: 'outerHTML'})")
    page.wait_for_selector("#match-1-2 .extra-mark", state="detached")
    page.wait_for_timeout(300)
    assert fitted(page) == []
    assert not page.is_visible(".board .foot .legend-extra")
    assert abs(page.evaluate(FONT_JS) - size_before) < 1.5


def test_a_phone_scrolls_the_rounds_with_a_hint_and_reaches_the_final(live_server, new_page, artifacts,
                                                                       django_user_model):
    organizer = django_user_model.objects.create_user("org", password="x")
    tournament = knockout(organizer, 16, "cup-16")
    phone = new_page({"width": 390, "height": 844})
    phone.goto(live_server.url + reverse("tournaments:bracket", args=[tournament.slug]))
    phone.wait_for_timeout(300)  # the shadows fade in
    assert no_horizontal_scroll(phone) and phone.evaluate(BROKEN_WORDS_JS) == []
    assert phone.is_visible("#bracket-hint") and phone.inner_text("#bracket-hint") == "листайте вбок →"
    edge = "(side) => getComputedStyle(document.querySelector('.bracket-edge'), side).opacity"
    assert phone.evaluate(edge, "::after") == "1" and phone.evaluate(edge, "::before") == "0"
    assert [a.inner_text() for a in phone.query_selector_all("#bracket-nav a")] == [
        "1/8 финала", "1/4 финала", "Полуфинал", "Финал", "Матч за 3-е место"]
    for nav in phone.query_selector_all("#bracket-nav a"):
        assert nav.bounding_box()["height"] >= 44
    # Every card whole inside the scroller's width, none wider than the screen.
    assert phone.evaluate("""() => { const s = document.querySelector('#bracket');
        return Array.from(s.querySelectorAll('.match')).filter(m => m.offsetWidth > 360
            || m.getBoundingClientRect().right - s.getBoundingClientRect().left + s.scrollLeft > s.scrollWidth).length; }""") == 0
    phone.screenshot(path=str(artifacts / "bracket-390-hint.png"))

    def whole_on_screen(selector):
        box = phone.query_selector(selector).bounding_box()
        return box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["y"] >= 0 and box["y"] + box["height"] <= 844

    phone.click("#bracket-nav a[href='#bracket-round-4']")
    phone.wait_for_timeout(300)
    assert whole_on_screen("#match-4-1")  # the final
    phone.screenshot(path=str(artifacts / "bracket-390-final.png"))
    phone.click("#bracket-nav a[href='#bracket-round-5']")
    phone.wait_for_timeout(300)
    assert whole_on_screen("#match-third")
    assert phone.evaluate("(() => { const s = document.querySelector('#bracket');"
                          " return s.scrollLeft + s.clientWidth >= s.scrollWidth - 1; })()")  # at the end
    assert phone.inner_text("#bracket-hint") == "← листайте вбок"  # nothing more to the right: the way back
    assert phone.evaluate(edge, "::after") == "0" and phone.evaluate(edge, "::before") == "1"
    assert no_horizontal_scroll(phone)
    phone.screenshot(path=str(artifacts / "bracket-390-third.png"))

    wide = new_page({"width": 1280, "height": 900})  # a bracket of four on a computer: nothing to scroll
    small = knockout(organizer, 4, "cup-4")
    wide.goto(live_server.url + reverse("tournaments:bracket", args=[small.slug]))
    assert wide.evaluate("(() => { const s = document.querySelector('#bracket');"
                         " return s.scrollWidth <= s.clientWidth; })()")
    assert not wide.is_visible("#bracket-hint") and not wide.is_visible("#bracket-nav")
    assert wide.evaluate(edge, "::after") == "0"


# For each link of a match: the card's size, and whether a tap at its centre and near each corner lands on it.
TAP_JS = r"""
() => Array.from(document.querySelectorAll(".match .where a")).map(link => {
  const card = link.closest(".match");
  card.scrollIntoView({block: "center", inline: "center"});
  const b = card.getBoundingClientRect();
  const points = [[b.left + b.width / 2, b.top + b.height / 2], [b.left + 6, b.top + 6], [b.right - 6, b.top + 6],
                  [b.left + 6, b.bottom - 6], [b.right - 6, b.bottom - 6]];
  const hits = points.filter(([x, y]) => { const el = document.elementFromPoint(x, y);
                                           return el && el.closest("a") === link; }).length;
  return {id: card.id, width: b.width, height: b.height, hits: hits, of: points.length};
})
"""


@pytest.mark.parametrize("width", [390, 1280])
def test_a_match_is_a_tap_target_and_the_extra_deal_is_marked(live_server, new_page, artifacts, django_user_model,
                                                               width):
    organizer = django_user_model.objects.create_user("org", password="x")
    tournament = knockout(organizer, 16, "cup-16")
    page = new_page({"width": width, "height": 844})
    page.goto(live_server.url + reverse("tournaments:bracket", args=[tournament.slug]))
    targets = page.evaluate(TAP_JS)
    assert len(targets) == 8  # the first round's eight matches link to their protocols
    for target in targets:
        assert target["width"] >= 44 and target["height"] >= 44 and target["hits"] == target["of"], target

    assert page.is_visible("#match-1-2 .extra-mark") and page.inner_text("#match-1-2 .extra-mark") == "доп. раздача"
    assert page.query_selector_all(".match .extra-mark").__len__() == 1
    assert page.is_visible("#bracket-legend")
    assert "дополнительная раздача до перевеса одной из пар" in page.inner_text("#bracket-legend")
    assert "ничья: нужна дополнительная раздача" not in page.inner_text("#match-1-2")  # the mark says it once
    assert no_horizontal_scroll(page) and page.evaluate(BROKEN_WORDS_JS) == []
    page.query_selector("#match-1-2").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / f"bracket-extra-deal-{width}.png"))

    partie = Partie.objects.get(round__number=2, table=1)
    name = page.query_selector_all("#match-1-1 .side .name")[1]
    name.scroll_into_view_if_needed()
    box = name.bounding_box()
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)  # a tap on a name of the card
    page.wait_for_url("**" + reverse("protocols:protocol", args=[partie.pk]))

    extra_deal_played(tournament)
    page.goto(live_server.url + reverse("tournaments:bracket", args=[tournament.slug]))
    assert page.query_selector("#match-1-2 .extra-mark") is None and not page.is_visible("#bracket-legend")
