"""The table page for Kozel, Morskoy kozel and hand points: the form of each game, the preview, the services."""
import re
from html.parser import HTMLParser

import pytest
from django.urls import reverse

from referees.models import AuditEntry
from scoring import services
from scoring.errors import InvalidInput, NotAllowed
from scoring.models import Deal, Protocol, ProtocolStatus
from scoring.protocol_json import protocol_to_json
from scoring.rules import score_protocol
from tests.versions import shown_version

from .helpers import sign_all

pytestmark = pytest.mark.django_db

# A Kozel partie of two games to 30 (docs/rules-kozel.md): remembered points, eggs, a dry goat.
KOZEL_DEALS = [
    # Game 1. A1 holds 1-1 and goes out: 7 to B, under the threshold 13, remembered.
    {"n": 1, "result": "domino", "lead": "A1", "out": "A1", "hands": {"B1": 3, "B2": 4}},
    # A tied block: 10 : 10, the 20 become eggs; the fisher B1 leads next.
    {"n": 2, "result": "block", "lead": "A1", "fisher": "B1", "hands": {"A1": 5, "A2": 5, "B1": 5, "B2": 5}},
    # B1 goes out: A's 18 + the eggs 20 = 38, A opens and reaches 30: A is the goat, B has 0 (dry).
    {"n": 3, "result": "domino", "lead": "B1", "out": "B1", "hands": {"A1": 10, "A2": 8}},
    # Game 2: B2 holds 1-1; A records 15, then 18 more: A is the goat again.
    {"n": 4, "result": "domino", "lead": "B2", "out": "B2", "hands": {"A1": 9, "A2": 6}},
    {"n": 5, "result": "domino", "lead": "B2", "out": "B1", "hands": {"A1": 10, "A2": 8}},
]


def use_preset(table, preset, **overrides):
    table.tournament.rules_preset = preset
    table.tournament.rules_overrides = overrides
    table.tournament.save()
    return table


@pytest.fixture
def kozel(table):
    return use_preset(table, "kozel", games_per_partie=2, target_points=30)


@pytest.fixture
def morskoy(table):
    return use_preset(table, "morskoy-kozel", finish_bonus={"6-6": 50, "0-0": 25})


@pytest.fixture
def points(table):
    return use_preset(table, "hand-points")


@pytest.fixture
def ref_client(client, table):
    client.force_login(table.referee)
    return client


def page_of(client, table):
    return client.get(reverse("referees:partie", args=[table.partie.pk])).content.decode()


def save(client, table, **fields):
    data = {"n": 1, "version": shown_version(table.partie)}
    data.update(fields)
    return client.post(reverse("referees:deal_save", args=[table.partie.pk]), data)


def preview(client, table, **fields):
    data = {"n": 1, "version": shown_version(table.partie)}
    data.update(fields)
    return client.post(reverse("referees:deal_preview", args=[table.partie.pk]), data).content.decode()


def record(table, deals):
    for deal in deals:
        services.record_deal(table.referee, table.partie, deal, expected_version=shown_version(table.partie))


def error_of(html, field):
    """The text of the error span next to ``field``."""
    start = html.index(f'id="err-{field}"')
    return html[html.index(">", start) + 1:html.index("</span>", start)]


def checked(html, name):
    """The value of the checked radio button ``name`` (None when none is)."""
    found = re.search(rf'<input type="radio" name="{name}" value="(\w+)"[^>]*checked', html)
    return found.group(1) if found else None


def stored_deals(table):
    return Deal.objects.filter(protocol__partie=table.partie).count()


# --- Kozel: the form -------------------------------------------------------------------

def test_kozel_form_shows_the_lead_the_fisher_and_no_tile_fields_the_options_do_not_read(ref_client, kozel):
    html = page_of(ref_client, kozel)
    assert 'name="lead"' in html and 'name="fisher"' in html
    assert 'name="lead_tile"' not in html.replace('type="hidden" name="lead_tile"', "")
    assert 'name="out_tile"' not in html.replace('type="hidden" name="out_tile"', "")
    assert "у кого 1-1" in html  # the first deal of a game: the 1-1 holder leads
    assert 'data-for="domino block wrong_pass"' in html  # a wrong pass is worth the offending pair's hands


def test_morskoy_form_asks_for_the_last_tile_when_a_finish_reads_it(ref_client, morskoy):
    html = page_of(ref_client, morskoy)
    assert 'name="out_tile"' in html and 'name="out_tile2"' in html
    assert 'name="lead_tile"' in html  # the decider reads a 6-6 lead
    assert "обязательно" in html  # the fisher is required under the decider


def test_kozel_deal_is_saved_with_its_lead_and_shown_in_its_game(ref_client, kozel):
    r = save(ref_client, kozel, lead="A1", result="domino", out="A1", hand_B1="3", hand_B2="4")
    assert r.status_code == 302
    deal = Deal.objects.get(protocol__partie=kozel.partie, n=1)
    assert (deal.lead, deal.out, deal.hands) == ("A1", "A1", {"B1": 3, "B2": 4})
    html = page_of(ref_client, kozel)
    assert 'id="game-1"' in html
    assert "запомнено 7" in html  # 7 < 13: remembered, not recorded
    assert "не открылась (порог 13)" in html
    # The next deal is led by the player who went out: pre-selected.
    assert checked(html, "lead") == "A1"


def test_kozel_wrong_lead_is_refused_next_to_the_lead_naming_deal_and_seat(ref_client, kozel):
    record(kozel, KOZEL_DEALS[:1])
    r = save(ref_client, kozel, n=2, lead="B2", result="domino", out="B2", hand_A1="9", hand_A2="9")
    assert r.status_code == 422
    message = error_of(r.content.decode(), "lead")
    assert "Раздача 2" in message and "B2" in message and "A1" in message
    assert stored_deals(kozel) == 1


def test_kozel_tied_block_shows_eggs_and_the_goat_is_announced(ref_client, kozel):
    record(kozel, KOZEL_DEALS[:2])
    html = page_of(ref_client, kozel)
    assert "Яйца: 20" in html
    assert checked(html, "lead") == "B1"  # the fisher leads after a block
    html = preview(ref_client, kozel, n=3, lead="B1", result="domino", out="B1", hand_A1="10", hand_A2="8")
    assert 'id="preview-goat"' in html
    assert "Козёл: пара 3 — сухой" in html  # pair 3 is A at this table; B finished with 0
    assert "пара 3 — 1" in html.split('id="preview-goats"')[1]  # the partie's goats so far
    assert stored_deals(kozel) == 2


def test_kozel_partie_of_two_games_ends_with_its_winner_and_can_be_signed(ref_client, kozel):
    record(kozel, KOZEL_DEALS)
    html = page_of(ref_client, kozel)
    assert 'id="goat-1"' in html and 'id="goat-2"' in html
    assert "Партия окончена: победа пары 7" in html
    assert "пара 3 — 2" in html and "пара 7 — 0" in html
    # The scoreboard at the top counts goats (fewer is better); the points of all games are its caption.
    assert 'id="score-a">2<' in html and 'id="score-b">0<' in html
    scored = score_protocol(protocol_to_json(Protocol.objects.get(partie=kozel.partie)))
    assert f"очки всех игр {scored.totals_a} : {scored.totals_b}" in html
    protocol = sign_all(kozel)
    assert protocol.status == ProtocolStatus.SIGNED


def test_kozel_goats_level_announce_an_extra_game(ref_client, kozel):
    record(kozel, KOZEL_DEALS[:4])
    # B records 45 in game 2: one goat each, a third game is needed.
    record(kozel, [{"n": 5, "result": "domino", "lead": "B2", "out": "A2", "hands": {"B1": 20, "B2": 25}}])
    html = page_of(ref_client, kozel)
    assert "Козлов поровну: играется ещё одна игра" in html
    assert 'id="deal-form"' in html and "Игра 3" in html


@pytest.mark.parametrize("fields,field,words", [
    ({"hand_B1": "٣", "hand_B2": "4"}, "hand_B1", "Введите число"),
    ({"hand_B1": "²", "hand_B2": "4"}, "hand_B1", "Введите число"),
    ({"hand_B1": "1" * 31, "hand_B2": "4"}, "hand_B1", ""),
    ({"hand_B1": "<b>x</b>", "hand_B2": "4"}, "hand_B1", "не более 3"),
    ({"hand_B1": "=1+", "hand_B2": "4"}, "hand_B1", "Введите число"),
    ({"hand_B1": "70", "hand_B2": "4"}, "hand_B1", "от 0 до 69"),
    ({"hand_B1": "12", "hand_B2": "4", "lead": "Z9"}, "lead", ""),
    ({"hand_B2": "4"}, "hand_B1", "B1"),
    ({"hand_B1": "0", "hand_B2": "4"}, "hand_B1", "Раздача 1, место B1"),  # a lone 0-0 is 10 here
    ({"tiles_B1": "0-0 0-0", "hand_B2": "4"}, "hand_B1", "дважды"),
])
def test_kozel_hostile_input_is_refused_next_to_its_field(ref_client, kozel, fields, field, words):
    data = {"lead": "A1", "result": "domino", "out": "A1", **fields}
    r = save(ref_client, kozel, **data)
    assert r.status_code == 422
    html = r.content.decode()
    message = error_of(html, field) if f'id="err-{field}"' in html else ""
    if field == "lead":
        assert 'id="err-lead" class="field-error">' in html and "Выберите" in html.split('id="err-lead"')[1][:300]
    else:
        assert message and words in message
    assert "<b>x</b>" not in html
    assert stored_deals(kozel) == 0


def test_morskoy_engine_refusals_land_next_to_their_fields(ref_client, morskoy):
    # A block without its fisher under the decider.
    r = save(ref_client, morskoy, lead="A1", result="block", hand_A1="5", hand_A2="6", hand_B1="7", hand_B2="8")
    assert "рыбака" in error_of(r.content.decode(), "fisher")
    # The last tile still in a hand.
    r = save(ref_client, morskoy, lead="A1", result="domino", out="A1", out_tile="6-6", tiles_B1="6-6 5-5",
             hand_B2="8")
    message = error_of(r.content.decode(), "hand_B1")
    assert "6-6" in message and "Раздача 1" in message
    # The same tile led and placed last.
    r = save(ref_client, morskoy, lead="A1", lead_tile="3-4", result="domino", out="A1", out_tile="3-4",
             hand_B1="9", hand_B2="8")
    assert "3-4" in error_of(r.content.decode(), "lead_tile")
    # Two tiles at once that are not two doubles.
    r = save(ref_client, morskoy, lead="A1", result="domino", out="A1", out_tile="3-4", out_tile2="5-5",
             hand_B1="9", hand_B2="8")
    assert "дубл" in error_of(r.content.decode(), "out_tile")
    # 12 pips may be a lone 6-6 worth 50: the tiles are needed.
    r = save(ref_client, morskoy, lead="A1", result="domino", out="A1", hand_B1="12", hand_B2="8")
    assert "камни" in error_of(r.content.decode(), "hand_B1")
    assert stored_deals(morskoy) == 0


def test_morskoy_bald_goat_is_announced_in_the_preview(ref_client, morskoy):
    html = preview(ref_client, morskoy, lead="A1", result="domino", out="A1", out_tile="0-0", hand_B1="9",
                   hand_B2="8")
    assert "Козёл: пара 7" in html and "лысый" in html


def test_kozel_wrong_pass_needs_the_offending_pairs_hands(ref_client, kozel):
    r = save(ref_client, kozel, lead="A1", result="wrong_pass", offender="A2", hand_A1="9")
    assert "A2" in error_of(r.content.decode(), "hand_A2")
    assert stored_deals(kozel) == 0
    r = save(ref_client, kozel, lead="A1", result="wrong_pass", offender="A2", hand_A1="9", hand_A2="9")
    assert r.status_code == 302
    assert Protocol.objects.get(partie=kozel.partie).score_a == 18


def test_kozel_correction_keeps_the_kozel_fields(ref_client, kozel):
    record(kozel, KOZEL_DEALS[:2])
    html = ref_client.get(reverse("referees:partie", args=[kozel.partie.pk]) + "?correct=2").content.decode()
    assert "Исправление раздачи 2" in html
    form = html.split('id="deal-form"')[1]
    assert checked(form, "fisher") == "B1" and checked(form, "lead") == "A1"  # as stored
    r = save(ref_client, kozel, n=2, correct="1", lead="A1", result="block", fisher="A2",
             hand_A1="5", hand_A2="5", hand_B1="5", hand_B2="6")
    assert r.status_code == 302
    deal = Deal.objects.get(protocol__partie=kozel.partie, n=2)
    assert deal.fisher == "A2" and deal.hands["B2"] == 6
    assert AuditEntry.objects.filter(action="protocol.deal.corrected").count() == 1


# --- hand points -----------------------------------------------------------------------

def test_hand_points_deal_is_saved_with_its_note_and_shown(ref_client, points):
    html = page_of(ref_client, points)
    assert 'name="points_A"' in html and 'name="note"' in html and 'name="result"' not in html
    r = save(ref_client, points, points_A="60", points_B="30", note="<script>alert(1)</script> =SUM(A1)")
    assert r.status_code == 302
    deal = Deal.objects.get(protocol__partie=points.partie)
    assert (deal.result, deal.points, deal.note) == ("points", {"A": 60, "B": 30},
                                                     "<script>alert(1)</script> =SUM(A1)")
    html = page_of(ref_client, points)
    assert "<script>alert(1)</script>" not in html and "&lt;script&gt;" in html
    assert 'id="score-a">60<' in html


def test_hand_points_partie_ends_at_the_target_and_is_signed(ref_client, points):
    record(points, [{"n": 1, "result": "points", "points": {"A": 60, "B": 30}},
                    {"n": 2, "result": "points", "points": {"A": 50, "B": 20}}])
    protocol = Protocol.objects.get(partie=points.partie)
    assert protocol.status == ProtocolStatus.AWAITING_SIGNATURES and protocol.winner == "A"
    assert 'id="deal-form"' not in page_of(ref_client, points)
    assert sign_all(points).status == ProtocolStatus.SIGNED


@pytest.mark.parametrize("fields,field,words", [
    ({"points_A": "٣", "points_B": "1"}, "points_A", "цифрами"),
    ({"points_A": "²", "points_B": "1"}, "points_A", "цифрами"),
    ({"points_A": "1" + "0" * 30, "points_B": "1"}, "points_A", "10 000"),
    ({"points_A": "20000", "points_B": "1"}, "points_A", "10 000"),
    ({"points_A": "-5", "points_B": "1"}, "points_A", "отрицательные"),
    ({"points_A": "<i>5</i>", "points_B": "1"}, "points_A", "цифрами"),
    ({"points_A": "5"}, "points_B", "пары B"),
    ({"points_A": "5", "points_B": "1", "note": "x" * 10_000}, "note", "200"),
])
def test_hand_points_hostile_input_is_refused_next_to_its_field(ref_client, points, fields, field, words):
    r = save(ref_client, points, **fields)
    assert r.status_code == 422
    html = r.content.decode()
    assert words in error_of(html, field)
    assert "<i>5</i>" not in html
    assert stored_deals(points) == 0


def test_hand_points_preview_shows_the_running_totals(ref_client, points):
    html = preview(ref_client, points, points_A="7", points_B="3")
    assert 'id="preview-running">7 : 3<' in html
    assert stored_deals(points) == 0


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

    from scoring.game_forms import KozelDealForm
    from scoring.rules import Rules
    from scoring.rules.generate import random_kozel_partie

    rules = Rules.from_config({"preset": preset, **overrides})
    for deal in random_kozel_partie(random.Random(seed), rules):
        form = KozelDealForm(posted(KozelDealForm.initial_for(deal, version=3, correct=True)), rules=rules)
        assert form.is_valid(), (deal, form.errors)
        back = form.deal()
        expected = {k: v for k, v in deal.items() if not (k == "fisher" and deal["result"] != "block")}
        assert back == expected


def test_morskoy_eggs_play_off_says_which_lead_takes_them(ref_client, table):
    use_preset(table, "morskoy-kozel", eggs="play_off", eggs_tries=2)
    record(table, [{"n": 1, "result": "block", "lead": "A1", "lead_tile": "1-1", "fisher": "B1",
                    "hands": {"A1": 5, "A2": 5, "B1": 5, "B2": 5}}])
    html = page_of(ref_client, table)
    assert "Яйца: 20 — их забирает раздача, начатая с 1-1 (осталось попыток: 2)" in html
    record(table, [{"n": 2, "result": "domino", "lead": "B1", "lead_tile": "2-3", "out": "B1",
                    "hands": {"A1": 4, "A2": 4}}])
    assert "осталось попыток: 1" in page_of(ref_client, table)


def test_the_hands_hint_follows_the_options(ref_client, kozel, table):
    assert "Одинокий 0‑0 считается 10, одинокий 6‑6 — 12." in page_of(ref_client, kozel)  # no break in 6‑6
    use_preset(table, "morskoy-kozel")
    html = page_of(ref_client, table)
    assert "Одинокий 0‑0 считается 25, одинокий 6‑6 — 50. Ровно 0‑0 и 6‑6 — 75." in html
    assert "12 очков, которые могут быть 6‑6, отметьте камнями" in html


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


@pytest.mark.parametrize("field,value", [("lead_tile", "<script>"), ("lead_tile", "7-7"), ("out_tile", "٣-٤"),
                                         ("out_tile2", "5-6"), ("lead", "A3"), ("fisher", "x" * 10_000)])
def test_morskoy_tile_and_seat_fields_refuse_hostile_values_next_to_the_field(ref_client, morskoy, field, value):
    data = {"lead": "A1", "result": "domino", "out": "A1", "hand_B1": "9", "hand_B2": "8", field: value}
    if field == "out_tile2":
        data["out_tile"] = "6-6"
    r = save(ref_client, morskoy, **data)
    assert r.status_code == 422
    html = r.content.decode()
    if field in ("lead", "fisher"):
        assert "Выберите" in html.split(f'id="err-{field}"')[1][:400]
    else:
        assert "Выберите" in error_of(html, field)
    assert "<script>" not in html.split("</head>")[1].replace("<script src", "")
    assert stored_deals(morskoy) == 0


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
