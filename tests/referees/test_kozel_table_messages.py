"""What the Kozel table says: eggs, values under the threshold, a 75 typed in Morskoy, the no-show dialog,
and the tie-break drop-down of a Kozel tournament's settings (docs/rules-kozel.md §1–§3, §11)."""
import pytest
from django.urls import reverse

from engine.rules import Rules, score_protocol
from events.forms_setup import TournamentForm
from referees import game_entry
from tests.engine.rules.kozel_helpers import example
from tests.versions import shown_version

from .kozel_pages import KOZEL_DEALS, error_of, page_of, preview, record, ref_client, save, use_preset  # noqa: F401

pytestmark = pytest.mark.django_db

NOT_ANY_MORE = "достанутся следующей записанной раздаче"


@pytest.fixture
def kozel(table):
    return use_preset(table, "kozel", games_per_partie=2, target_points=30)


@pytest.fixture
def morskoy(table):
    return use_preset(table, "morskoy-kozel")


def test_kozel_eggs_say_they_are_remembered_under_13_for_a_pair_not_open(ref_client, kozel):
    record(kozel, KOZEL_DEALS[:2])
    html = page_of(ref_client, kozel)
    assert NOT_ANY_MORE not in html
    assert "Яйца: 20" in html
    assert ("Они прибавятся к стоимости следующей раздачи, кому бы она ни досталась. Если раздача с ними "
            "достанется паре, не открывшей счёт, и будет стоить меньше 13, яйца запоминаются вместе с ней.") in html


def test_morskoy_eggs_say_they_are_lost_under_25(ref_client, morskoy):
    record(morskoy, [{"n": 1, "result": "block", "fisher": "A1", "hands": {"A1": 5, "A2": 5, "B1": 5, "B2": 5}}])
    html = page_of(ref_client, morskoy)
    assert NOT_ANY_MORE not in html
    assert "Яйца: 20" in html
    assert ("Они прибавятся к стоимости следующей раздачи, кому бы она ни досталась. Если с ними раздача "
            "стоит меньше 25, она не записывается, и яйца пропадают вместе с ней.") in html
    # The preview of a deal worth 2 + 20: the eggs are not «разыграны», they are lost with it.
    html = preview(ref_client, morskoy, n=2, lead="A1", result="domino", out="B1", hand_A1="1", hand_A2="1")
    assert "Пара B: 22 — меньше 25, не записано, очки пропали (в том числе яйца 20)" in html
    assert "разыграны" not in html


@pytest.mark.parametrize("opened, threshold, scope, remember, words", [
    ({"A": True, "B": True}, 13, "until_open", "until_win", None),           # both open: always recorded
    ({"A": True, "B": False}, 13, "until_open", "none", "пропадают"),
    ({"A": False, "B": False}, 0, "every_deal", "none", None),               # no threshold
    ({"A": True, "B": True}, 25, "every_deal", "one_deal", "запоминаются"),
])
def test_the_eggs_text_follows_the_options(opened, threshold, scope, remember, words):
    rules = Rules.from_config({"preset": "kozel", "open_threshold": threshold, "threshold_scope": scope,
                               "remember_small": remember})

    class Game:
        eggs = 30

    Game.opened = opened
    text = game_entry.eggs_text(rules, Game())
    assert text.startswith("Они прибавятся к стоимости следующей раздачи, кому бы она ни досталась.")
    if words is None:
        assert text.endswith("ни досталась.")
    else:
        assert words in text and str(threshold) in text


def test_a_value_lost_under_the_threshold_is_said_in_the_deal_list(ref_client, morskoy):
    record(morskoy, [{"n": 1, "result": "domino", "lead": "A2", "out": "A1", "hands": {"B1": 20, "B2": 18}},
                     {"n": 2, "result": "domino", "lead": "A1", "out": "B2", "hands": {"A1": 9, "A2": 10}}])
    html = page_of(ref_client, morskoy)
    assert "Пара B: 19 — меньше 25, не записано, очки пропали" in html


def test_a_value_remembered_under_13_is_said_in_the_deal_list(ref_client, kozel):
    record(kozel, KOZEL_DEALS[:1])
    assert "Пара B: 7 — меньше 13, не записано, очки запомнены" in page_of(ref_client, kozel)


def test_below_notes_of_a_scored_deal():
    scored = score_protocol(example("M1"))
    assert [game_entry.below_notes(d) for d in scored.deals][:3] == [
        [], ["Пара B: 19 — меньше 25, не записано, очки пропали"], []]


def test_75_typed_in_morskoy_asks_for_the_tiles_next_to_the_field(ref_client, morskoy):
    r = save(ref_client, morskoy, lead="A1", result="domino", out="A1", hand_B1="75", hand_B2="4")
    assert r.status_code == 422
    message = error_of(r.content.decode(), "hand_B1")
    assert "отметьте камнями" in message and "0-0 + 6-6" in message and "от 0 до 69" not in message


def test_70_typed_in_morskoy_is_still_out_of_range(ref_client, morskoy):
    r = save(ref_client, morskoy, lead="A1", result="domino", out="A1", hand_B1="70", hand_B2="4")
    assert "от 0 до 69" in error_of(r.content.decode(), "hand_B1")


# --- the no-show: Kozel words, not the sport ones ----------------------------------------------

def no_show_dialog(client, table):
    r = client.post(reverse("referees:no_show", args=[table.partie.pk]),
                    {"side": "B", "version": shown_version(table.partie)})
    return r.content.decode()


def test_the_kozel_no_show_dialog_speaks_of_goats(ref_client, kozel):
    page = page_of(ref_client, kozel)
    assert "она — козёл каждой игры партии, соперники побеждают" in page
    assert "максимальным счётом" not in page
    html = no_show_dialog(ref_client, kozel)
    assert "Пара №3 получит победу неявкой, пара №7 — козёл каждой игры партии" in html
    assert "максимальным счётом" not in html


def test_the_sport_no_show_dialog_is_unchanged(ref_client, table):
    assert "соперники побеждают с максимальным счётом" in page_of(ref_client, table)
    assert "Пара №3 получит победу неявкой с максимальным счётом" in no_show_dialog(ref_client, table)


# --- the tie-break drop-down of the settings form ----------------------------------------------

@pytest.mark.parametrize("preset, shown, hidden", [
    ("kozel", "разность козлов", "набранные очки"),
    ("morskoy-kozel", "разность козлов", "набранные очки"),
    ("pusto-shest", "набранные очки", "разность козлов"),
])
def test_the_main_order_reads_as_the_preset_means_it(preset, shown, hidden):
    form = TournamentForm(initial={"rules_preset": preset})
    default = dict(form.fields["tiebreak_order"].choices)["default"]
    assert default.startswith("Основной порядок: очки матча → ")
    assert shown in default and hidden not in default
