"""A club secretary creates a tournament from the preset list on a phone and on a laptop, then sees its state."""
import pytest
from django.contrib.auth.models import Permission
from playwright.sync_api import expect

from access.models import RoleKind, TournamentRole
from events.forms_tiebreaks import ordering_choices
from tournaments.models import Tournament

from .conftest import PHONE, login

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
LAPTOP = {"width": 1280, "height": 800}
NARROW = {"width": 360, "height": 740}


def no_horizontal_scroll(page):
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def broken_words(page):
    """Texts of labels, legends and headings whose words are split across lines (none expected)."""
    return page.evaluate("""() => {
        const bad = [];
        for (const el of document.querySelectorAll('label, legend, h1, h2, th, button, a.button')) {
            const range = document.createRange();
            for (const node of el.childNodes) {
                if (node.nodeType !== 3) continue;
                const text = node.textContent;
                let start = 0;
                for (const word of text.split(/(\\s+)/)) {
                    if (word.trim().length > 1) {
                        range.setStart(node, start); range.setEnd(node, start + word.length);
                        if (range.getClientRects().length > 1) bad.push(word);
                    }
                    start += word.length;
                }
            }
        }
        return bad;
    }""")


@pytest.fixture
def secretary(django_user_model):
    user = django_user_model.objects.create_user("secretary", password="domino2026")
    user.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    return user


@pytest.mark.parametrize("viewport,tag,name", [
    (PHONE, "390", "Кубок Ёлкина 2026"),
    (LAPTOP, "1280", "Осенний турнир «Дубль-шесть»"),
])
def test_create_tournament_from_the_preset_list(live_server, new_page, secretary, artifacts, viewport, tag, name):
    base = live_server.url
    page = new_page(viewport)
    login(page, base, "secretary", "domino2026")
    page.goto(f"{base}/")
    page.click("#create-tournament")
    expect(page.locator("h1")).to_contain_text("Новый турнир")
    page.wait_for_load_state("load")  # the form's script listens to the preset's list from here on
    page.fill("#id_name", name)
    if tag == "390":
        expect(page.locator("#id_slug")).to_have_attribute("placeholder", "kubok-yolkina-2026")
    # The federation preset fills in its numbers; one of them is changed by hand.
    page.select_option("#id_rules_preset", label="Федерация")
    expect(page.locator("#id_rule_partie_length")).to_have_value("target")
    expect(page.locator("#id_rule_block_scoring")).to_have_value("all")
    expect(page.locator("#id_rule_count_partner_on_domino")).to_be_checked()
    page.fill("#id_rule_target_points", "250")
    page.fill("#id_start_date", "2026-12-05")
    page.fill("#id_rounds_planned", "٣")  # Arabic-Indic digit: refused next to the field
    assert no_horizontal_scroll(page)
    assert broken_words(page) == []
    page.screenshot(path=str(artifacts / f"setup-create-{tag}.png"), full_page=True)
    page.click("#setup-form button[type=submit]")
    page.wait_for_load_state("networkidle")
    expect(page.locator("#row-rounds_planned .errorlist")).to_contain_text("цифрами 0–9")
    expect(page.locator("#id_rule_target_points")).to_have_value("250")  # the rest is kept
    assert no_horizontal_scroll(page)
    page.screenshot(path=str(artifacts / f"setup-error-{tag}.png"), full_page=True)
    page.fill("#id_rounds_planned", "5")
    page.click("#setup-form button[type=submit]")
    page.wait_for_load_state("networkidle")
    expect(page.locator("#state")).to_have_attribute("data-state", "registration")
    expect(page.locator("#main-action")).to_contain_text("Зарегистрировать пары")
    expect(page.locator("body")).to_contain_text("Федерация")
    assert no_horizontal_scroll(page)
    assert broken_words(page) == []
    page.screenshot(path=str(artifacts / f"setup-manage-{tag}.png"), full_page=True)

    t = Tournament.objects.get(name=name)
    assert t.rules_preset == "federation" and t.rules_overrides == {"target_points": 250}
    assert t.rounds_planned == 5
    assert TournamentRole.objects.filter(tournament=t, user=secretary, role=RoleKind.ORGANIZER).exists()


def test_create_form_at_360(live_server, new_page, secretary, artifacts):
    page = new_page(NARROW)
    login(page, live_server.url, "secretary", "domino2026")
    page.goto(f"{live_server.url}/new/")
    assert no_horizontal_scroll(page)
    assert broken_words(page) == []
    page.screenshot(path=str(artifacts / "setup-create-360.png"), full_page=True)


def test_manage_page_with_rounds_and_officials_page_on_a_phone(live_server, new_page, table, artifacts):
    from tests.referees.conftest import PASSWORD

    base = live_server.url
    page = new_page(NARROW)
    login(page, base, "org", PASSWORD)
    page.goto(f"{base}/t/{table.tournament.slug}/manage/")
    expect(page.locator("#state")).to_have_attribute("data-state", "round_in_play")
    expect(page.locator(".pack").first).to_contain_text("карточки столов")
    assert no_horizontal_scroll(page)
    assert broken_words(page) == []
    page.screenshot(path=str(artifacts / "setup-manage-rounds-360.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.goto(f"{base}/t/{table.tournament.slug}/manage/officials/?q=Судейская")
    expect(page.locator("#found")).to_contain_text("referee")
    page.locator("#found input[name=tables]").first.fill("٣")
    page.locator("#found button[type=submit]").first.click()
    page.wait_for_load_state("networkidle")
    expect(page.locator("#found .errorlist").first).to_contain_text("через запятую")
    assert no_horizontal_scroll(page)
    assert broken_words(page) == []
    page.screenshot(path=str(artifacts / "setup-officials-390.png"), full_page=True)


@pytest.mark.parametrize("viewport,tag", [(NARROW, "360"), (PHONE, "390")])
def test_switching_to_kozel_shows_its_options_only(live_server, new_page, secretary, artifacts, viewport, tag):
    base = live_server.url
    page = new_page(viewport)
    login(page, base, "secretary", "domino2026")
    page.goto(f"{base}/new/")
    expect(page.locator("#row-rule_recorder")).to_be_hidden()
    page.fill("#id_name", "Кубок двора")
    page.select_option("#id_rules_preset", label="Козёл")
    expect(page.locator("#row-rule_recorder")).to_be_visible()
    expect(page.locator("#row-rule_deals_per_partie")).to_be_hidden()
    expect(page.locator("#id_rule_target_points")).to_have_value("101")
    expect(page.locator("#id_rule_rating")).to_be_checked()
    expect(page.locator("#id_rule_eggs_doubles")).to_have_value("1-1")
    # The drop-down offers only the values the preset allows.
    assert page.locator("#id_rule_partie_length option:not([hidden])").all_inner_texts() == [
        "Число игр"]
    page.fill("#id_rule_lead_bonus_66", "50")
    page.fill("#id_rule_eggs_doubles", "1-1, 7-7")
    page.fill("#id_start_date", "2026-12-05")
    page.fill("#id_rounds_planned", "3")
    assert no_horizontal_scroll(page)
    assert broken_words(page) == []
    page.screenshot(path=str(artifacts / f"setup-kozel-{tag}.png"), full_page=True)
    page.click("#setup-form button[type=submit]")
    page.wait_for_load_state("networkidle")
    expect(page.locator("#row-rule_eggs_doubles .errorlist")).to_contain_text("например: 1-1, 6-6")
    expect(page.locator("#row-rule_recorder")).to_be_visible()
    expect(page.locator("#row-rule_deals_per_partie")).to_be_hidden()
    assert no_horizontal_scroll(page)
    page.screenshot(path=str(artifacts / f"setup-kozel-error-{tag}.png"), full_page=True)
    page.fill("#id_rule_eggs_doubles", "1-1, 6-6")
    page.click("#setup-form button[type=submit]")
    page.wait_for_load_state("networkidle")
    expect(page.locator("body")).to_contain_text("Козёл")
    t = Tournament.objects.get(name="Кубок двора")
    assert t.rules_preset == "kozel"
    assert t.rules_overrides == {"lead_bonus": {"6-6": 50, "0-0": 0}, "eggs_doubles": ["1-1", "6-6"]}


def test_the_tiebreak_drop_down_follows_the_preset_switched_in_the_page(live_server, new_page, secretary, artifacts):
    """«Основной порядок» names the chosen preset's order: the sport one, then by goats for Kozel and Morskoy."""
    base = live_server.url
    page = new_page(PHONE)
    login(page, base, "secretary", "domino2026")
    page.goto(f"{base}/new/")
    default = page.locator("#id_tiebreak_order option[value=default]")
    sport, kozel = dict(ordering_choices("pusto-shest"))["default"], dict(ordering_choices("kozel"))["default"]
    assert "разность козлов" in kozel and "разность козлов" not in sport
    expect(page.locator("#id_rules_preset")).to_have_value("pusto-shest")
    expect(default).to_have_text(sport)
    page.select_option("#id_rules_preset", label="Козёл")
    expect(default).to_have_text(kozel)
    page.select_option("#id_tiebreak_order", "default")
    expect(page.locator("#id_tiebreak_order")).to_have_value("default")
    page.screenshot(path=str(artifacts / "setup-tiebreak-kozel-390.png"), full_page=True)
    page.select_option("#id_rules_preset", "morskoy-kozel")
    expect(default).to_have_text(dict(ordering_choices("morskoy-kozel"))["default"])
    page.select_option("#id_rules_preset", "pusto-shest")
    expect(default).to_have_text(sport)
    assert page.locator("#id_tiebreak_order option[value=goats]").inner_text() == dict(
        ordering_choices("pusto-shest"))["goats"]


def test_a_name_already_in_the_field_gets_its_address_when_the_page_comes_back(live_server, new_page, secretary):
    """The address is suggested from the name as it is typed, and also for a name the field already holds when
    the page's script starts (the form back with an error, or a name typed before the script arrived)."""
    page = new_page(PHONE)
    login(page, live_server.url, "secretary", "domino2026")
    page.goto(f"{live_server.url}/")
    page.click("#create-tournament")
    page.wait_for_load_state("load")
    page.fill("#id_name", "Кубок Ёлкина 2026")
    page.fill("#id_start_date", "")
    page.locator("#id_start_date").evaluate("el => el.removeAttribute('required')")
    page.locator("form#setup-form, form").last.evaluate("f => f.noValidate = true")
    page.locator("form button[type=submit]").last.click()
    page.wait_for_load_state("load")
    expect(page.locator("#id_name")).to_have_value("Кубок Ёлкина 2026")
    expect(page.locator("#id_slug")).to_have_attribute("placeholder", "kubok-yolkina-2026")
