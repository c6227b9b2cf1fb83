"""Every form that changes a protocol carries its version; without it, or stale, nothing is saved."""
import re

import pytest
from django.urls import reverse

from scoring.models import Deal, Protocol, Signature
from tests.versions import shown_version
from tournaments.models import RoundStatus

from .conftest import DEALS, PASSWORD
from .helpers import play, sign_all


@pytest.fixture
def ref_client(client, table):
    client.force_login(table.referee)
    return client


def _forms(html, action):
    """The <form> blocks of the page posting to ``action``."""
    return [m for m in re.findall(r"<form[^>]*>.*?</form>", html, flags=re.S) if f'action="{action}"' in m]


def test_deal_without_version_is_refused_with_the_conflict_page(ref_client, table):
    url = reverse("referees:deal_save", args=[table.partie.pk])
    r = ref_client.post(url, {"n": 1, "result": "block", "hand_A1": "9", "hand_A2": "10", "hand_B1": "4",
                              "hand_B2": "30"})
    assert r.status_code == 409
    assert 'id="conflict"' in r.content.decode() and "без версии" in r.content.decode()
    assert not Deal.objects.filter(protocol__partie=table.partie).exists()


@pytest.mark.parametrize("version", ["", "abc", "٣", "9" * 30, "<b>1</b>"])
def test_garbled_version_never_gives_a_server_error(ref_client, table, version):
    play(table.referee, table.partie, DEALS[:1])
    before = shown_version(table.partie)
    posts = [
        (reverse("referees:deal_save", args=[table.partie.pk]),
         {"n": 2, "version": version, "result": "block", "hand_A1": "9", "hand_A2": "10", "hand_B1": "4",
          "hand_B2": "30"}),
        (reverse("referees:time_up", args=[table.partie.pk]), {"version": version}),
        (reverse("referees:no_show", args=[table.partie.pk]), {"side": "A", "confirm": "1", "version": version}),
        (reverse("referees:sign", args=[table.partie.pk]), {"role": "referee", "confirm": "1", "version": version}),
        (reverse("referees:confirm_deal", args=[table.partie.pk, 1]), {"version": version}),
    ]
    for url, data in posts:
        r = ref_client.post(url, data)
        assert r.status_code in (409, 422), (url, r.status_code)
    # Without confirm=1 these two only ask for a confirmation (or refuse the form): never a 500, nothing saved.
    for url, data in posts[2:4]:
        r = ref_client.post(url, {k: v for k, v in data.items() if k != "confirm"})
        assert r.status_code in (200, 409, 422), (url, r.status_code)
        assert "<b>1</b>" not in r.content.decode()
    assert shown_version(table.partie) == before


def test_signing_forms_carry_the_version_and_a_stale_signature_is_refused(client, table):
    play(table.referee, table.partie)
    client.force_login(table.players["A1"])
    sign_url = reverse("referees:sign", args=[table.partie.pk])
    html = client.get(reverse("referees:partie", args=[table.partie.pk])).content.decode()
    version = shown_version(table.partie)
    forms = _forms(html, sign_url)
    assert forms and all(f'name="version" value="{version}"' in f for f in forms)
    r = client.post(sign_url, {"seat": "A1"})  # no version
    assert r.status_code == 409 and not Signature.objects.exists()
    r = client.post(sign_url, {"seat": "A1", "version": version - 1})  # stale
    assert r.status_code == 409 and not Signature.objects.exists()
    r = client.post(sign_url, {"seat": "A1", "version": version})
    assert r.status_code == 302 and Signature.objects.get().seat == "A1"


def test_countersign_confirm_and_reopen_forms_carry_the_version(client, table):
    table.tournament.confirm_each_deal = True
    table.tournament.save()
    play(table.referee, table.partie, DEALS[:1])
    client.force_login(table.referee2)
    html = client.get(reverse("referees:partie", args=[table.partie.pk])).content.decode()
    confirm = _forms(html, reverse("referees:confirm_deal", args=[table.partie.pk, 1]))
    assert confirm and f'name="version" value="{shown_version(table.partie)}"' in confirm[0]


def test_reopen_form_carries_the_version_and_needs_it(client, table):
    play(table.referee, table.partie)
    sign_all(table)
    client.force_login(table.chief)
    html = client.get(reverse("referees:partie", args=[table.partie.pk])).content.decode()
    reopen = _forms(html, reverse("referees:reopen", args=[table.partie.pk]))
    assert reopen and f'name="version" value="{shown_version(table.partie)}"' in reopen[0]
    r = client.post(reverse("referees:reopen", args=[table.partie.pk]), {"reason": "ошибка"})
    assert r.status_code == 409 and Protocol.objects.get(partie=table.partie).is_locked


def test_table_page_of_a_draft_round_refuses_entries_next_to_the_form(ref_client, table):
    table.round2.status = RoundStatus.DRAFT
    table.round2.save()
    url = reverse("referees:deal_save", args=[table.partie.pk])
    r = ref_client.post(url, {"n": 1, "version": 0, "result": "block", "hand_A1": "9", "hand_A2": "10",
                              "hand_B1": "4", "hand_B2": "30"})
    assert r.status_code == 422 and "не опубликован" in r.content.decode()
    assert not Protocol.objects.filter(partie=table.partie, deals__isnull=False).exists()


def test_player_with_a_referee_role_gets_no_entry_form_for_his_own_partie(client, table):
    from access.models import RoleKind, TournamentRole

    user = table.players["B2"]
    TournamentRole.objects.create(tournament=table.tournament, user=user, role=RoleKind.REFEREE)
    client.force_login(user)
    html = client.get(reverse("referees:partie", args=[table.partie.pk])).content.decode()
    assert 'id="deal-form"' not in html
    r = client.post(reverse("referees:deal_save", args=[table.partie.pk]),
                    {"n": 1, "version": 0, "result": "wrong_pass", "offender": "A1"})
    assert r.status_code == 403
    assert not Deal.objects.exists()
    assert 'id="deal-form"' in client.get(reverse("referees:partie", args=[table.other_partie.pk])).content.decode()


def test_player_signs_on_table_device_needs_the_version_too(client, table):
    play(table.referee, table.partie)
    client.force_login(table.referee)
    r = client.post(reverse("referees:sign", args=[table.partie.pk]), {"seat": "B1", "password": PASSWORD})
    assert r.status_code == 409 and not Signature.objects.exists()


def test_chief_referee_clears_a_recorded_table_of_a_draft_round_from_the_page(client, table):
    play(table.referee, table.partie, DEALS[:2])
    table.round2.status = RoundStatus.DRAFT
    table.round2.save()
    page = reverse("referees:partie", args=[table.partie.pk])
    url = reverse("referees:clear", args=[table.partie.pk])
    client.force_login(table.referee)
    html = client.get(page).content.decode()
    assert 'id="round-draft"' in html and 'id="deal-form"' not in html and 'id="clear"' not in html
    assert client.post(url, {"reason": "тур перепутан", "version": shown_version(table.partie)}).status_code == 403
    client.force_login(table.chief)
    assert 'id="clear"' in client.get(page).content.decode()
    for reason in ("", "я" * 10_000):
        r = client.post(url, {"reason": reason, "version": shown_version(table.partie)})
        assert r.status_code == 422 and 'class="field-error"' in r.content.decode()
    assert client.post(url, {"reason": "тур перепутан"}).status_code == 409
    assert Deal.objects.filter(protocol__partie=table.partie).count() == 2
    r = client.post(url, {"reason": "тур перепутан", "version": shown_version(table.partie)})
    assert r.status_code == 302
    assert not Deal.objects.filter(protocol__partie=table.partie).exists()
    assert 'id="clear"' not in client.get(page).content.decode()


# --- one write per form: the key of each form, a resubmit answered with its first result -------------------

KEY_RE = re.compile(r'name="form_key" value="([A-Za-z0-9_-]+)"')
BLOCK = {"result": "block", "hand_A1": "9", "hand_A2": "10", "hand_B1": "4", "hand_B2": "30"}


def _page(client, partie):
    return client.get(reverse("referees:partie", args=[partie.pk])).content.decode()


def _key(html, action):
    return KEY_RE.search(_forms(html, action)[0]).group(1)


def test_every_write_form_of_the_table_page_carries_its_own_fresh_key(ref_client, table):
    play(table.referee, table.partie, DEALS[:1])
    html = _page(ref_client, table.partie)
    table_page = f'action="/referee/partie/{table.partie.pk}/'
    forms = [f for f in re.findall(r"<form[^>]*>.*?</form>", html, flags=re.S)
             if 'method="post"' in f and table_page in f]
    assert len(forms) >= 3  # the deal, its deletion, the remark
    keys = [KEY_RE.search(f).group(1) for f in forms if KEY_RE.search(f)]
    assert len(keys) == len(set(keys)) == len(forms)
    assert set(keys).isdisjoint(KEY_RE.findall(_page(ref_client, table.partie)))  # fresh at each drawing


def test_a_deal_form_sent_again_is_answered_with_its_result_and_recorded_once(ref_client, table):
    url = reverse("referees:deal_save", args=[table.partie.pk])
    post = {"n": 1, "version": 0, **BLOCK, "form_key": _key(_page(ref_client, table.partie), url)}
    assert ref_client.post(url, post).status_code == 302
    r = ref_client.post(url, post, follow=True)  # the answer was lost: the phone sends the form again
    html = r.content.decode()
    assert r.status_code == 200 and 'id="conflict"' not in html
    assert "уже была отправлена и сохранена" in html and "Раздача 1 сохранена" in html
    assert Deal.objects.filter(protocol__partie=table.partie).count() == 1
    assert shown_version(table.partie) == 1
    from audit.models import AuditEntry

    assert AuditEntry.objects.filter(action="protocol.deal.recorded").count() == 1


def test_stale_form_after_back_shows_what_is_stored_and_the_typed_deal_as_unsaved(ref_client, table):
    url = reverse("referees:deal_save", args=[table.partie.pk])
    key = _key(_page(ref_client, table.partie), url)
    assert ref_client.post(url, {"n": 1, "version": 0, **BLOCK, "form_key": key}).status_code == 302
    # Back: the same form, other values typed into it, Save.
    r = ref_client.post(url, {"n": 1, "version": 0, **BLOCK, "hand_B2": "31", "form_key": key})
    html = r.content.decode()
    assert r.status_code == 409 and 'id="conflict"' in html
    assert "другого устройства" not in html
    unsaved = re.search(r'id="unsaved".*?</div>', html, flags=re.S).group(0)
    assert "Не сохранено" in unsaved and "Раздача 1: Рыба" in unsaved and "B2 31" in unsaved
    # The form beside it is the next deal's, empty, with the version stored now.
    form = _forms(html, url)[0]
    assert 'name="n" value="2"' in form and f'name="version" value="{shown_version(table.partie)}"' in form
    assert 'value="31"' not in form and 'checked' not in form
    assert 'id="deal-1"' in html  # what is stored
    assert Deal.objects.filter(protocol__partie=table.partie).count() == 1
    assert Deal.objects.get(protocol__partie=table.partie).hands["B2"] == 30


def test_form_of_the_conflict_page_saves(ref_client, table):
    """A second tab: its stale form is refused once; the conflict page's own form goes through."""
    url = reverse("referees:deal_save", args=[table.partie.pk])
    stale = _page(ref_client, table.partie)
    play(table.referee2, table.partie, DEALS[:1])
    r = ref_client.post(url, {"n": 1, "version": 0, **BLOCK, "form_key": _key(stale, url)})
    assert r.status_code == 409
    html = r.content.decode()
    form = _forms(html, url)[0]
    version = re.search(r'name="version" value="(\d+)"', form).group(1)
    r = ref_client.post(url, {"n": 2, "version": version, **BLOCK, "form_key": KEY_RE.search(form).group(1)})
    assert r.status_code == 302
    assert Deal.objects.filter(protocol__partie=table.partie).count() == 2


def test_stale_remark_is_shown_unsaved_next_to_a_fresh_remark_form(ref_client, table):
    url = reverse("referees:remark_save", args=[table.partie.pk])
    play(table.referee2, table.partie, DEALS[:1])
    r = ref_client.post(url, {"seat": "A2", "reason": "time", "deal": "1", "note": "громко", "version": 0})
    html = r.content.decode()
    assert r.status_code == 409
    remarks = re.search(r'<section class="card" id="remarks">.*?</section>', html, flags=re.S).group(0)
    assert 'id="unsaved"' in remarks and "A2" in remarks and "громко" in remarks
    assert f'name="version" value="{shown_version(table.partie)}"' in _forms(html, url)[0]


def test_a_confirmed_deletion_sent_twice_deletes_one_deal(ref_client, table):
    play(table.referee, table.partie, DEALS[:2])
    delete = reverse("referees:deal_delete", args=[table.partie.pk, 2])
    html = _page(ref_client, table.partie)
    post = {"confirm": "1", "version": shown_version(table.partie), "form_key": _key(html, delete)}
    assert ref_client.post(delete, post).status_code == 302
    r = ref_client.post(delete, post, follow=True)  # not a 409: the same form's first answer
    assert r.status_code == 200 and "Раздача 2 удалена" in r.content.decode()
    assert list(Deal.objects.filter(protocol__partie=table.partie).values_list("n", flat=True)) == [1]
    assert shown_version(table.partie) == 3


def test_a_key_sent_by_another_account_or_garbled_is_no_repeat(client, table):
    url = reverse("referees:deal_save", args=[table.partie.pk])
    client.force_login(table.referee)
    key = _key(_page(client, table.partie), url)
    assert client.post(url, {"n": 1, "version": 0, **BLOCK, "form_key": key}).status_code == 302
    client.force_login(table.referee2)
    assert client.post(url, {"n": 1, "version": 0, **BLOCK, "form_key": key}).status_code == 409
    for garbled in ("", "x", "я" * 30, "a" * 5000, key + "<"):
        r = client.post(url, {"n": 2, "version": 0, **BLOCK, "form_key": garbled})
        assert r.status_code == 409
    assert Deal.objects.filter(protocol__partie=table.partie).count() == 1


@pytest.mark.parametrize("name,args", [("deal_save", []), ("remark_save", []), ("no_show", []), ("time_up", []),
                                       ("sign", []), ("reopen", []), ("deal_delete", [1]), ("confirm_deal", [1])])
def test_a_post_only_address_opened_from_history_gives_a_russian_page_with_a_way_back(ref_client, table, name,
                                                                                       args):
    r = ref_client.get(reverse(f"referees:{name}", args=[table.partie.pk, *args]))
    html = r.content.decode()
    assert r.status_code == 405 and r["Allow"] == "POST"
    assert "только отправляет форму" in html and "Ничего не изменено" in html
    assert f'href="{reverse("referees:partie", args=[table.partie.pk])}"' in html


def test_a_pin_signature_sent_twice_signs_once_and_wrong_pins_with_a_key_are_still_counted(ref_client, table):
    from scoring import services
    from scoring.models import PinAttempt
    from tournaments.models import Player, SigningMethod

    table.tournament.signing_method = SigningMethod.TABLE_PIN
    table.tournament.save()
    codes = {i.player.pk: i.pin for i in services.generate_pins(table.organizer, table.tournament)}
    play(table.referee, table.partie)
    player = Player.objects.get(pair__tournament=table.tournament, pair__number=3, number=1)
    sign = reverse("referees:sign", args=[table.partie.pk])
    key = _key(_page(ref_client, table.partie), sign)
    wrong = "12345" if codes[player.pk] != "12345" else "54321"
    for _ in range(2):  # a refused form stores no key: each wrong try counts
        post = {"seat": "A1", "pin": wrong, "version": shown_version(table.partie), "form_key": key}
        assert ref_client.post(sign, post).status_code == 422
    assert PinAttempt.objects.get(player=player).failures == 2
    post = {"seat": "A1", "pin": codes[player.pk], "version": shown_version(table.partie), "form_key": key}
    assert ref_client.post(sign, post).status_code == 302
    r = ref_client.post(sign, post, follow=True)
    assert r.status_code == 200 and "уже была отправлена и сохранена" in r.content.decode()
    assert Signature.objects.filter(protocol__partie=table.partie).count() == 1


@pytest.mark.parametrize("name", ["draw_run", "close_draw", "pin_issue", "lockout_lift"])
def test_an_organizers_post_only_address_opened_from_history_gives_the_same_page(client, table, name):
    """Every POST-only address of the site answers a visit the same way (one decorator, ``post_only``)."""
    url_names = {"draw_run": "tournaments:draw_run", "close_draw": "tournaments:draw_close",
                 "pin_issue": "referees:player_pins", "lockout_lift": "referees:lift_lockout"}
    client.force_login(table.organizer)
    r = client.get(reverse(url_names[name], args=[table.tournament.slug]))
    assert r.status_code == 405 and r["Allow"] == "POST"
    assert "только отправляет форму" in r.content.decode()
