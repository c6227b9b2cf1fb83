"""Every page a player, a referee, a captain and an organizer opens, at 390 px in Chromium: each visible link,
button, field, list and checkbox or radio (with its label) is a target of at least 44 × 44 px; the header of a
logged-in person takes at most two lines; no Russian page says a third-party template's English words.

What counts as a target and what is exempt (WCAG 2.5.5 asks 44 × 44 px; its exceptions, as 2.5.8 words them):

* A link inside running text is exempt (the «inline» exception: its size is set by the line of the sentence):
  a link shown inline whose block holds words of its own besides the targets' text. A link between separators
  only («К протоколу · Обзор тура») is not running text and is measured.
* A target inside a larger target is measured as the larger one: a label wrapping its checkbox or radio (or
  named by its ``for``), a table row, a cell or a list item that is clickable as a whole (a tap on its corners and
  its middle reaches the target). A checkbox or radio is measured by its label row.
* A target the page hides (a closed ``<details>``, ``hidden``, ``visibility: hidden``) is not on the screen, nor is
  one hidden from people on purpose (``aria-hidden``: the sign-up form's trap field for robots).

A logged-in person's header (the brand, his name, «Пароль», «Выйти», RU and EN) takes at most two lines.

Screenshots of every page at 390 px and of the main pages at 1280 px go to test-artifacts/taps-*.png."""
import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.core.cache import cache
from django.core.management import call_command
from django.urls import reverse

from access.models import RoleKind, TournamentRole
from teams.captains import create_captain
from tests.factories import make_tournament
from tests.signup.conftest import open_for
from tests.teams.conftest import make_team_event
from tournaments.models import Partie, Player, Tournament

from .conftest import login

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "domino2026"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}

# The offenders of a page: each target smaller than 44 × 44 px that no exemption above covers, as «text W×H».
SMALL_TARGETS_JS = """() => {
  const MIN = 43.5;
  const SELECTOR = 'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button]';
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && el.checkVisibility({visibilityProperty: true});
  };
  const big = (r) => r.width >= MIN && r.height >= MIN;
  const blockOf = (el) => {
    let node = el.parentElement;
    while (node && getComputedStyle(node).display.startsWith('inline')) node = node.parentElement;
    return node;
  };
  const inRunningText = (el) => {
    if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
    const block = blockOf(el);
    if (!block) return false;
    const copy = block.cloneNode(true);
    copy.querySelectorAll(SELECTOR + ', label, form').forEach((t) => t.remove());
    return /[\\p{L}\\d]{2,}/u.test(copy.textContent);
  };
  const labelOf = (el) => el.closest('label') || (el.id && document.querySelector(`label[for="${el.id}"]`));
  const reaches = (box, el, label) => {
    // A tap on the box's corners (2 px in) and its middle lands on the target (or on its label).
    const xs = [box.left + 2, box.left + box.width / 2, box.right - 2];
    const ys = [box.top + 2, box.top + box.height / 2, box.bottom - 2];
    for (const x of xs) for (const y of ys) {
      if (x === xs[1] && y !== ys[1]) continue;
      const hit = document.elementFromPoint(x, y);
      if (!hit || !(el.contains(hit) || hit.contains(el) && hit === el || (label && label.contains(hit)))) return false;
    }
    return true;
  };
  const inBiggerTarget = (el, label) => {
    el.scrollIntoView({block: 'center', inline: 'center'});
    let node = label || el;
    while (node && node !== document.body) {
      const r = node.getBoundingClientRect();
      if (big(r) && r.height <= window.innerHeight) return reaches(r, el, label);
      if (['TR', 'LI', 'TD', 'TH', 'LABEL'].includes(node.tagName) === false && node !== el && node !== label
          && !getComputedStyle(node).display.startsWith('inline')) break;
      node = node.parentElement;
    }
    return false;
  };
  const out = [];
  for (const el of document.querySelectorAll(SELECTOR)) {
    const isChoice = el.tagName === 'INPUT' && ['checkbox', 'radio'].includes(el.type);
    const label = isChoice ? labelOf(el) : null;
    const target = label && shown(label) ? label : el;
    if (!shown(target) || (!isChoice && !shown(el)) || el.closest('[aria-hidden=true]')) continue;
    const r = target.getBoundingClientRect();
    if (big(r) || inRunningText(el) || inBiggerTarget(el, label)) continue;
    const text = (target.innerText || el.value || el.getAttribute('aria-label') || el.name || el.outerHTML)
      .trim().replace(/\\s+/g, ' ').slice(0, 40);
    out.push(`«${text}» ${Math.round(r.width)}×${Math.round(r.height)}`);
  }
  return out;
}"""

# The lines the header's items stand on (the brand and each item of its nav).
HEADER_LINES_JS = """() => {
  const items = document.querySelectorAll('.topbar .brand, .topbar nav > *, .topbar nav form.lang > *');
  const tops = new Set();
  for (const el of items) {
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.height > 0 && getComputedStyle(el).display !== 'contents') tops.add(Math.round(r.top));
  }
  return [...tops].sort((a, b) => a - b).reduce((lines, top) =>
    lines.length && top - lines[lines.length - 1] < 20 ? lines : [...lines, top], []).length;
}"""

# Words of django-tables2's and Django's own English templates that a Russian page must not show.
ENGLISH_WORDS = ("Table navigation", "Previous", "Next", "previous", "next", "Page", "First", "Last", "Search",
                 "Submit", "Show", "Clear", "Sort", "ascending", "descending", "Toggle", "Close", "Loading",
                 "No results", "No data", "Download", "Filter", "Pagination", "navigation")
ENGLISH_JS = """(words) => {
  const found = [];
  const attrs = ['aria-label', 'title', 'placeholder', 'alt', 'aria-description'];
  for (const el of document.querySelectorAll('*')) for (const a of attrs) {
    const v = el.getAttribute(a);
    if (v && words.some((w) => new RegExp(`(^|[^\\\\p{L}])${w}($|[^\\\\p{L}])`, 'u').test(v))) found.push(`${a}="${v}"`);
  }
  const text = document.body.innerText;
  for (const w of words) if (new RegExp(`(^|[^\\\\p{L}])${w}($|[^\\\\p{L}])`, 'u').test(text)) found.push(w);
  return found;
}"""


def user(name, **extra):
    return get_user_model().objects.create_user(name, password=PASSWORD, **extra)


def role(tournament, person, kind):
    TournamentRole.objects.get_or_create(tournament=tournament, user=person, role=kind)


@pytest.fixture
def season(organizer):
    """A played pair event (rated: the rating list has names), a team event played two rounds with a captain, a
    pair event and a team event before their draws (the draw's and the registration's buttons), and the people."""
    cache.clear()
    call_command("simulate", "--pairs", "8", "--rounds", "3", "--system", "swiss", "--seed", "3", "--slug", "cup",
                 "--rated", stdout=open("/dev/null", "w"))  # noqa: SIM115 (the command's summary is not read)
    call_command("simulate", "--format", "teams", "--teams", "4", "--rounds", "2", "--seed", "3",
                 "--slug", "team-cup", stdout=open("/dev/null", "w"))  # noqa: SIM115
    cup, teams = Tournament.objects.get(slug="cup"), Tournament.objects.get(slug="team-cup")
    Tournament.objects.filter(slug__in=["cup", "team-cup"]).update(is_public=True)
    organizer.first_name, organizer.last_name = "Ольга", "Организаторова-Устроева"
    organizer.save()
    organizer.user_permissions.add(Permission.objects.get(codename="add_tournament"))  # a new one, a copy
    org, chief = organizer, user("chief")
    referee = user("referee", first_name="Анна", last_name="Судейская")
    fresh = make_tournament(8, slug="new-cup", numbered=False, is_public=True)
    for t in (cup, teams, fresh):
        role(t, chief, RoleKind.CHIEF_REFEREE)
        role(t, referee, RoleKind.REFEREE)
    new_teams = make_team_event(org, 4, numbered=False, slug="new-teams")
    open_for(org, fresh, limit=20)
    captain = create_captain(org, teams.teams.get(number=1), username="captain", full_name="Капитанов Пётр",
                             password="Kapitan-2026!")
    player = Player.objects.filter(pair__tournament=cup, user__isnull=False).order_by("pair__number").first()
    player.user.set_password(PASSWORD)
    player.user.save()
    admin = get_user_model().objects.get(username="simulator-federation")
    admin.set_password(PASSWORD)
    admin.save()
    return {"cup": cup, "teams": teams, "fresh": fresh, "new_teams": new_teams, "captain": captain,
            "player": player, "partie": Partie.objects.filter(round__tournament=cup).order_by("round__number",
                                                                                             "table").last(),
            "team_partie": Partie.objects.filter(round__tournament=teams).order_by("round__number", "table").last()}


def public_pages(s):
    cup, teams, player = s["cup"], s["teams"], s["player"]
    person = player.person_id
    return [
        ("home", "/"), ("login", "/login/"),
        ("detail", f"/t/{cup.slug}/"), ("round", f"/t/{cup.slug}/round/3/"),
        ("seating", f"/t/{cup.slug}/round/3/seating/"),
        ("draw", f"/t/{cup.slug}/draw/"), ("standings", f"/t/{cup.slug}/standings/"),
        ("players", f"/t/{cup.slug}/standings/players/"), ("crosstable", f"/t/{cup.slug}/crosstable/"),
        ("pair", f"/t/{cup.slug}/pair/{player.pair.number}/"), ("pair-search", f"/t/{cup.slug}/pairs/?q=а"),
        ("clock", f"/t/{cup.slug}/round/3/clock/"),
        ("protocol", f"/protocols/{s['partie'].pk}/"),
        ("rating", "/rating/"), ("registry-players", "/players/"),
        *([("person", f"/players/{person}/")] if person else []),
        ("register", f"/t/{s['fresh'].slug}/register/"),
        ("team-standings", f"/t/{teams.slug}/teams/"), ("team", f"/t/{teams.slug}/teams/1/"),
        ("team-round", f"/t/{teams.slug}/teams/round/2/"), ("team-crosstable", f"/t/{teams.slug}/crosstable/"),
    ]


def referee_pages(s):
    cup = s["cup"]
    partie = s["partie"].pk
    return [
        ("referee-dashboard", f"/referee/t/{cup.slug}/"), ("referee-partie", f"/referee/partie/{partie}/"),
        ("referee-hall", f"/referee/t/{cup.slug}/hall/"), ("referee-partie-audit", f"/referee/partie/{partie}/audit/"),
        ("referee-audit", f"/referee/t/{cup.slug}/audit/"), ("referee-lockouts", f"/referee/t/{cup.slug}/lockouts/"),
        ("referee-team-partie", f"/referee/partie/{s['team_partie'].pk}/"),
        ("password", "/password/"),
    ]


def organizer_pages(s):
    cup, fresh, teams, new_teams = s["cup"], s["fresh"], s["teams"], s["new_teams"]
    return [
        ("manage", f"/t/{cup.slug}/manage/"), ("manage-new", f"/t/{fresh.slug}/manage/"),
        ("settings", f"/t/{fresh.slug}/manage/settings/"), ("pair-list", f"/t/{fresh.slug}/manage/pairs/"),
        ("pair-add", f"/t/{fresh.slug}/manage/pairs/add/"), ("officials", f"/t/{cup.slug}/manage/officials/"),
        ("check", f"/t/{cup.slug}/manage/check/"), ("import", f"/t/{fresh.slug}/manage/import/"),
        ("copy", f"/t/{cup.slug}/manage/copy/"), ("registry-link", f"/t/{cup.slug}/manage/registry/"),
        ("signup-settings", f"/t/{fresh.slug}/manage/registration/"),
        ("signup-entries", f"/t/{fresh.slug}/manage/registration/entries/"),
        ("signing", f"/referee/t/{cup.slug}/signing/"), ("accounts", f"/referee/t/{cup.slug}/accounts/"),
        ("teams-manage", f"/t/{teams.slug}/manage/teams/"), ("teams-manage-new", f"/t/{new_teams.slug}/manage/teams/"),
        ("create", reverse("tournaments:create")),
    ]


def offenders(page, base, pages, shots=None):
    found = []
    for name, path in pages:
        response = page.goto(base + path)
        page.wait_for_load_state("networkidle")
        assert response.status == 200, f"{name} {path}: {response.status}"
        if shots is not None:
            page.screenshot(path=str(shots / f"taps-{name}-390.png"), full_page=True)
        small = page.evaluate(SMALL_TARGETS_JS)
        lines = page.evaluate(HEADER_LINES_JS)
        if lines > 2:
            found.append(f"{name} {path}: the header takes {lines} lines")
        found += [f"{name} {path}: {t}" + (f" (×{small.count(t)})" if small.count(t) > 1 else "")
                  for t in dict.fromkeys(small)]
    return found


def english(page, base, pages):
    found = []
    for name, path in pages:
        page.goto(base + path)
        found += [f"{name} {path}: {w}" for w in page.evaluate(ENGLISH_JS, list(ENGLISH_WORDS))]
    return found


@pytest.fixture
def mouse_page(browser):
    """A laptop's page with a mouse (a fine pointer, no touch): the compact layout a desktop keeps."""
    context = browser.new_context(viewport=DESKTOP, locale="ru-RU", service_workers="block")
    context.set_default_timeout(15000)
    yield context.new_page()
    context.close()


def test_the_measure_sees_a_small_link_and_spares_running_text_and_a_clickable_row(live_server, mouse_page):
    page = mouse_page  # its links are as small as their text
    page.goto(live_server.url + "/login/")
    page.evaluate("""() => document.querySelector('main').insertAdjacentHTML('beforeend', `
        <p><a href="#a" id="lone">Отмена</a></p>
        <p>Откройте <a href="#b" id="inline">карту зала</a> перед туром.</p>
        <p><a href="#c">Да</a> · <a href="#d">Нет</a></p>
        <label id="row"><input type="checkbox"> Запомнить</label>`)""")
    small = page.evaluate(SMALL_TARGETS_JS)
    assert any(s.startswith("«Отмена»") for s in small)
    assert any(s.startswith("«Да»") for s in small) and any(s.startswith("«Нет»") for s in small)
    assert not any("карту зала" in s for s in small)
    page.evaluate("""() => { const r = document.getElementById('row');
        r.style.display = 'flex'; r.style.minHeight = '48px'; r.style.alignItems = 'center'; }""")
    assert not any("Запомнить" in s for s in page.evaluate(SMALL_TARGETS_JS))


def test_the_english_check_sees_a_third_party_label_and_word(live_server, mouse_page):
    page = mouse_page
    page.goto(live_server.url + "/login/")
    assert page.evaluate(ENGLISH_JS, list(ENGLISH_WORDS)) == []
    page.evaluate("""() => document.querySelector('main').insertAdjacentHTML('beforeend',
        '<nav aria-label="Table navigation"><a href="#p">Previous</a> <a href="#n">вперёд</a></nav>')""")
    assert page.evaluate(ENGLISH_JS, list(ENGLISH_WORDS)) == ['aria-label="Table navigation"', "Previous"]


def test_every_target_of_a_player_s_and_a_spectator_s_pages_is_finger_sized(live_server, new_page, season,
                                                                            artifacts):
    page = new_page(PHONE)
    login(page, live_server.url, season["player"].user.username, PASSWORD)
    found = offenders(page, live_server.url, public_pages(season), artifacts)
    anonymous = new_page(PHONE)
    found += offenders(anonymous, live_server.url, public_pages(season)[:3])
    assert found == [], "\n".join(found)


def test_every_target_of_a_referee_s_pages_is_finger_sized(live_server, new_page, season, artifacts):
    page = new_page(PHONE)
    login(page, live_server.url, "referee", PASSWORD)
    found = offenders(page, live_server.url, referee_pages(season)[1:2], artifacts)
    login(page, live_server.url, "chief", PASSWORD)
    found += offenders(page, live_server.url, referee_pages(season), artifacts)
    assert found == [], "\n".join(found)


def test_every_target_of_a_captain_s_and_an_organizer_s_pages_is_finger_sized(live_server, new_page, season,
                                                                             artifacts):
    page = new_page(PHONE)
    login(page, live_server.url, "captain", "Kapitan-2026!")
    teams = season["teams"].slug
    found = offenders(page, live_server.url, [("captain", f"/t/{teams}/teams/captain/")], artifacts)
    login(page, live_server.url, "organizer", PASSWORD)
    found += offenders(page, live_server.url, organizer_pages(season), artifacts)
    login(page, live_server.url, "simulator-federation", PASSWORD)
    found += offenders(page, live_server.url, [("federation-rated", "/rating/tournaments/"),
                                               ("federation-rating", "/rating/")], artifacts)
    assert found == [], "\n".join(found)


def test_russian_pages_speak_no_third_party_english(live_server, new_page, season):
    page = new_page(PHONE)
    login(page, live_server.url, "chief", PASSWORD)
    found = english(page, live_server.url, public_pages(season) + referee_pages(season))
    login(page, live_server.url, "organizer", PASSWORD)
    found += english(page, live_server.url, organizer_pages(season))
    assert found == [], "\n".join(found)
    # the audit's table has pages, named in Russian by the project's own django-tables2 template
    page.goto(live_server.url + f"/referee/t/{season['cup'].slug}/audit/")
    assert page.locator("nav[aria-label='Страницы таблицы'] a", has_text="вперёд").count() == 1


def test_main_pages_at_1280_keep_one_header_line(live_server, mouse_page, season, artifacts):
    page = mouse_page
    login(page, live_server.url, "organizer", PASSWORD)
    for name, path in [*public_pages(season)[2:11], *referee_pages(season)[:2], *organizer_pages(season)[:2]]:
        page.goto(live_server.url + path)
        page.wait_for_load_state("networkidle")
        page.screenshot(path=str(artifacts / f"taps-{name}-1280.png"), full_page=True)
        assert page.evaluate(HEADER_LINES_JS) == 1, name
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), name
