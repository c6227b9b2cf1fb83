"""A Kozel-family table after its deals: deleting the last deal, corrections (a generated deal and a shown one sent
back unchanged), abandonment and a departure undone, no-show, remarks and time up. The form of each game is in
test_kozel_entry.py."""
from html.parser import HTMLParser

import pytest
from django.urls import reverse

from audit.models import AuditEntry
from scoring import services
from scoring.errors import InvalidInput, NotAllowed
from scoring.models import Protocol
from tests.versions import shown_version
from tournaments.choices import ProtocolStatus

from .kozel_pages import KOZEL_DEALS, kozel, morskoy, page_of, points, record, ref_client, stored_deals, use_preset  # noqa: F401  (fixtures)

pytestmark = pytest.mark.django_db


# --- deleting the last deal, abandonment ----------------------------------------------------

def test_only_the_last_deal_is_deleted_and_the_audit_keeps_it(ref_client, kozel):
    record(kozel, KOZEL_DEALS[:3])
    with pytest.raises(InvalidInput) as err:
        services.delete_last_deal(kozel.referee, kozel.partie, 2, expected_version=shown_version(kozel.partie))
    assert err.value.code == "not_last_deal"
    url = reverse("referees:deal_delete", args=[kozel.partie.pk, 3])
    r = ref_client.post(url, {"version": shown_version(kozel.partie)})
    assert "Удалить раздачу 3?" in r.content.decode()  # asks first
    assert stored_deals(kozel) == 3
    r = ref_client.post(url, {"version": shown_version(kozel.partie), "confirm": "1"})
    assert r.status_code == 302
    assert stored_deals(kozel) == 2
    entry = AuditEntry.objects.get(action="protocol.deal.deleted")
    assert entry.before["deal"]["n"] == 3 and entry.before["deal"]["out"] == "B1"
    assert Protocol.objects.get(partie=kozel.partie).score_a == 0


def test_deleting_needs_a_referee_of_the_table(kozel):
    record(kozel, KOZEL_DEALS[:1])
    with pytest.raises(NotAllowed):
        services.delete_last_deal(kozel.table2_referee, kozel.partie, 1, expected_version=shown_version(kozel.partie))
    assert stored_deals(kozel) == 1


def test_abandonment_ends_the_partie_for_the_other_pair_and_is_audited(ref_client, kozel):
    record(kozel, KOZEL_DEALS[:1])
    assert 'id="abandoned"' in page_of(ref_client, kozel)
    url = reverse("referees:abandoned", args=[kozel.partie.pk])
    r = ref_client.post(url, {"side": "B", "version": shown_version(kozel.partie)})
    assert "Отметить уход пары B" in r.content.decode()
    assert Protocol.objects.get(partie=kozel.partie).abandoned == ""
    r = ref_client.post(url, {"side": "B", "version": shown_version(kozel.partie), "confirm": "1"})
    assert r.status_code == 302
    protocol = Protocol.objects.get(partie=kozel.partie)
    assert protocol.abandoned == "B" and protocol.winner == "A" and protocol.finished
    assert protocol.status == ProtocolStatus.AWAITING_SIGNATURES
    assert AuditEntry.objects.filter(action="protocol.abandoned", after__abandoned="B").exists()
    html = page_of(ref_client, kozel)
    assert "пара B ушла" in html and 'id="deal-form"' not in html
    # The pair that left does not sign; the others and the referee do.
    for seat in ("A1", "A2"):
        services.sign_protocol(kozel.players[seat], kozel.partie, role="player", seat=seat,
                               expected_version=shown_version(kozel.partie))
    with pytest.raises(InvalidInput):
        services.sign_protocol(kozel.players["B1"], kozel.partie, role="player", seat="B1",
                               expected_version=shown_version(kozel.partie))
    services.sign_protocol(kozel.referee, kozel.partie, role="referee", expected_version=shown_version(kozel.partie))
    assert Protocol.objects.get(partie=kozel.partie).status == ProtocolStatus.SIGNED


@pytest.mark.parametrize("setup,code", [("finished", "finished"), ("twice", "abandoned_exists"),
                                        ("sport", "no_abandonment"), ("no_show", "no_show")])
def test_abandonment_is_refused_where_it_cannot_be(kozel, setup, code):
    if setup == "finished":
        record(kozel, KOZEL_DEALS)
    elif setup == "twice":
        services.mark_abandoned(kozel.referee, kozel.partie, "A", expected_version=shown_version(kozel.partie))
    elif setup == "sport":
        use_preset(kozel, "pusto-shest")
    else:
        services.record_no_show(kozel.referee, kozel.partie, "A", expected_version=shown_version(kozel.partie))
    before = Protocol.objects.filter(partie=kozel.partie).values_list("abandoned", flat=True).first()
    with pytest.raises(InvalidInput) as err:
        services.mark_abandoned(kozel.referee, kozel.partie, "B", expected_version=shown_version(kozel.partie))
    assert err.value.code == code
    assert Protocol.objects.filter(partie=kozel.partie).values_list("abandoned", flat=True).first() == before


def test_abandonment_needs_a_referee_of_the_table(kozel):
    with pytest.raises(NotAllowed):
        services.mark_abandoned(kozel.players["A1"], kozel.partie, "B", expected_version=shown_version(kozel.partie))


def test_a_departure_marked_by_mistake_is_undone_and_audited(ref_client, kozel):
    record(kozel, KOZEL_DEALS[:1])
    services.mark_abandoned(kozel.referee, kozel.partie, "A", expected_version=shown_version(kozel.partie))
    assert Protocol.objects.get(partie=kozel.partie).finished
    assert "Отменить уход пары" in page_of(ref_client, kozel)
    r = ref_client.post(reverse("referees:abandoned_undo", args=[kozel.partie.pk]),
                        {"version": shown_version(kozel.partie), "reason": "ошибся столом"})
    assert r.status_code == 302
    protocol = Protocol.objects.get(partie=kozel.partie)
    assert protocol.abandoned == "" and not protocol.finished and protocol.status == ProtocolStatus.IN_PLAY
    entry = AuditEntry.objects.get(action="protocol.abandoned_undone")
    assert entry.before == {"abandoned": "A"} and entry.note == "ошибся столом"
    with pytest.raises(InvalidInput):
        services.undo_abandoned(kozel.referee, kozel.partie, expected_version=shown_version(kozel.partie))


# --- every generated deal survives the form (corrections keep what a /2 file holds) ---------------

def posted(initial: dict) -> dict:
    """What the browser posts for a form shown with ``initial`` (every value as text)."""
    return {key: str(value) for key, value in initial.items() if value not in (None, "", False)}


@pytest.mark.parametrize("preset,overrides", [
    ("kozel", {}),
    ("kozel", {"next_lead": "rotate", "lead_bonus": {"6-6": 50}}),
    ("morskoy-kozel", {"finish_bonus": {"6-6": 50, "0-0": 25}, "eggs": "play_off"}),
])
@pytest.mark.parametrize("seed", range(4))
def test_a_generated_deal_comes_back_from_the_correction_form_unchanged(preset, overrides, seed):
    import random

    from engine.rules import Rules
    from engine.rules.generate import random_kozel_partie
    from scoring.game_forms import KozelDealForm

    rules = Rules.from_config({"preset": preset, **overrides})
    for deal in random_kozel_partie(random.Random(seed), rules):
        form = KozelDealForm(posted(KozelDealForm.initial_for(deal, version=3, correct=True)), rules=rules)
        assert form.is_valid(), (deal, form.errors)
        back = form.deal()
        expected = {k: v for k, v in deal.items() if not (k == "fisher" and deal["result"] != "block")}
        assert back == expected

# --- no-show, remarks, time at a Kozel or hand-points table ----------------------------------

@pytest.mark.parametrize("preset", ["kozel", "hand-points"])
def test_no_show_works_for_the_kozel_family_and_hand_points(ref_client, table, preset):
    use_preset(table, preset)
    r = ref_client.post(reverse("referees:no_show", args=[table.partie.pk]),
                        {"side": "B", "confirm": "1", "version": shown_version(table.partie)})
    assert r.status_code == 302
    protocol = Protocol.objects.get(partie=table.partie)
    assert protocol.no_show == "B" and protocol.winner == "A"
    assert protocol.status == ProtocolStatus.AWAITING_SIGNATURES
    html = page_of(ref_client, table)
    assert 'id="deal-form"' not in html
    if preset == "kozel":
        assert "пара 7 — 1" in html and "Партия окончена: победа пары 3" in html
    services.sign_protocol(table.referee, table.partie, role="referee", expected_version=shown_version(table.partie))
    assert Protocol.objects.get(partie=table.partie).status == ProtocolStatus.SIGNED


def test_a_remark_at_a_kozel_table_is_a_warning_on_the_kozel_ladder(ref_client, kozel):
    record(kozel, KOZEL_DEALS[:1])
    r = ref_client.post(reverse("referees:remark_save", args=[kozel.partie.pk]),
                        {"seat": "B2", "reason": "talking", "deal": "1", "version": shown_version(kozel.partie)})
    assert r.status_code == 302
    html = page_of(ref_client, kozel)
    assert "B2: предупреждение" in html
    assert "запомнено 7" in html  # a warning changes nothing in the game


def test_time_up_ends_a_kozel_game_on_its_totals_where_the_rules_set_a_time_limit(ref_client, table):
    use_preset(table, "kozel", time_limit_minutes=30)
    record(table, [{"n": 1, "result": "domino", "lead": "A1", "out": "A1", "hands": {"B1": 9, "B2": 8}}])
    assert 'id="time"' in page_of(ref_client, table)
    r = ref_client.post(reverse("referees:time_up", args=[table.partie.pk]), {"version": shown_version(table.partie)})
    assert r.status_code == 302
    protocol = Protocol.objects.get(partie=table.partie)
    assert protocol.ended_by_time and protocol.finished and protocol.winner == "A"  # B has 17: the goat
    assert "Козёл: пара 7" in page_of(ref_client, table)


def test_time_up_is_refused_where_the_rules_set_no_time(ref_client, kozel):
    record(kozel, KOZEL_DEALS[:1])
    assert 'id="time"' not in page_of(ref_client, kozel)
    with pytest.raises(InvalidInput) as err:
        services.record_time_up(kozel.referee, kozel.partie, expected_version=shown_version(kozel.partie))
    assert err.value.code == "no_time_limit"
    assert not Protocol.objects.get(partie=kozel.partie).ended_by_time

# --- a correction saved unchanged, in every game: the form as the page fills it, sent back as it is ---------

class _FormFields(HTMLParser):
    """The name/value pairs the browser sends for the deal form (checked radios, selected options)."""

    def __init__(self):
        super().__init__()
        self.fields, self.inside, self.select = [], False, None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self.inside = a.get("id") == "deal-form"
        elif not self.inside:
            return
        elif tag == "input" and a.get("name") and (a.get("type") not in ("radio", "checkbox") or "checked" in a):
            self.fields.append((a["name"], a.get("value") or ""))
        elif tag == "select":
            self.select = a.get("name")
        elif tag == "option" and self.select and "selected" in a:
            self.fields.append((self.select, a.get("value") or ""))

    def handle_endtag(self, tag):
        if tag == "form":
            self.inside = False
        elif tag == "select":
            self.select = None


@pytest.mark.parametrize("game, deals", [
    ("kozel", KOZEL_DEALS[:3]),
    ("morskoy", [{"n": 1, "result": "domino", "lead": "A1", "out": "A1", "out_tile": "6-6",
                  "hands": {"B1": 3, "B2": 4}}]),
    ("points", [{"n": 1, "result": "points", "points": {"A": 60, "B": 30}, "note": "штраф"}]),
])
def test_a_correction_sent_back_unchanged_writes_nothing_in_every_game(ref_client, request, game, deals):
    table = request.getfixturevalue(game)
    record(table, deals)
    version = shown_version(table.partie)
    for deal in deals:
        html = ref_client.get(reverse("referees:partie", args=[table.partie.pk]) + f"?correct={deal['n']}")
        parser = _FormFields()
        parser.feed(html.content.decode())
        data = {}
        for name, value in parser.fields:
            data.setdefault(name, value)
        assert data["correct"] == "True" and data["n"] == str(deal["n"])
        r = ref_client.post(reverse("referees:deal_save", args=[table.partie.pk]), data)
        assert r.status_code == 302, r.content.decode()[:2000]
    assert shown_version(table.partie) == version
    assert not AuditEntry.objects.filter(action="protocol.deal.corrected").exists()
