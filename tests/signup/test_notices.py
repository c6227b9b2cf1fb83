"""What the players hear (``signup.notices``, ``signup.links``, docs/registration.md §3 «Что сообщают игроку»): a
letter at each event of the entry with its link when the entry gives an e-mail address, the same messages on the
entry's page, the organizer's «Отправить ссылку» and the player's «Потеряли ссылку?»."""
import re

import pytest
from django.core import mail
from django.core.mail.backends.base import BaseEmailBackend
from django.test import Client
from django.urls import reverse

from access.models import RoleKind, TournamentRole
from audit.models import AuditEntry
from signup import codes
from signup.links import resend_link, send_lost_links
from signup.models import Entry, EntryMessage, EntryStatus, MessageKind
from signup.organizer import approve_entry, refuse_entry
from signup.services import entry_by_code, submit_entry, withdraw_entry
from tests.factories import make_tournament
from tournaments.errors import NotAllowed, TournamentError

from .conftest import open_for, pair_data

pytestmark = pytest.mark.django_db

SITE = "https://domino.example"
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')


class FailingBackend(BaseEmailBackend):
    """A mail server that refuses every letter."""

    def send_messages(self, email_messages):
        raise ConnectionRefusedError("the mail server is down")


@pytest.fixture(autouse=True)
def _site(settings):
    settings.SITE_URL = SITE
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"


@pytest.fixture
def mailed(organizer):
    """A pair event taking one entry, asking for a phone or an e-mail."""
    tournament = make_tournament(0, slug="mail-cup", numbered=False)
    open_for(organizer, tournament, limit=1, ask_contact=True)
    return tournament


def link(tournament, code, lang=""):
    return SITE + (f"/{lang}" if lang else "") + reverse("tournaments:signup_entry", args=[tournament.slug, code])


def letters_to(address):
    return [m for m in mail.outbox if m.to == [address]]


def send(tournament, first, second, contact, capture):
    with capture(execute=True):
        return submit_entry(tournament, pair_data(first, second, contact=contact))


def test_the_confirmation_carries_the_link_the_field_or_the_waiting_place(mailed, django_capture_on_commit_callbacks):
    first, code1 = send(mailed, "Иванов Иван", "Петров Пётр", "ivan@example.ru", django_capture_on_commit_callbacks)
    second, code2 = send(mailed, "Сидоров Сидор", "Кузнецов Кузьма", "Sidor@Example.ru",
                         django_capture_on_commit_callbacks)
    assert (first.status, second.status) == (EntryStatus.ACCEPTED, EntryStatus.WAITING)
    [one] = letters_to("ivan@example.ru")
    assert f"«{mailed.name}»" in one.subject and one.from_email
    assert link(mailed, code1) in one.body and "Вы в числе участников турнира." in one.body
    [two] = letters_to("Sidor@Example.ru")
    assert link(mailed, code2) in two.body and "лист" in two.body and "ваше место — 1" in two.body
    assert code1 not in two.body and code2 not in one.body
    row = EntryMessage.objects.get(entry=second)
    assert row.kind == MessageKind.SUBMITTED and row.emailed_at is not None and row.email == "Sidor@Example.ru"
    assert code2 not in row.text  # the code is never kept, not even in a message
    assert AuditEntry.objects.filter(tournament=mailed, action="signup.message", after__entry=second.pk).exists()


def test_a_withdrawal_and_the_move_up_each_mail_their_player_with_his_own_link(
        mailed, django_capture_on_commit_callbacks):
    first, code1 = send(mailed, "Иванов Иван", "Петров Пётр", "ivan@example.ru", django_capture_on_commit_callbacks)
    second, code2 = send(mailed, "Сидоров Сидор", "Кузнецов Кузьма", "sidor@example.ru",
                         django_capture_on_commit_callbacks)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        withdraw_entry(mailed, code1)
    [gone] = letters_to("ivan@example.ru")
    assert "отозвана" in gone.subject and "Вы отозвали заявку" in gone.body and link(mailed, code1) in gone.body
    [up] = letters_to("sidor@example.ru")
    assert "Вы в числе участников" in up.subject and link(mailed, code2) in up.body  # rebuilt from its seed
    assert len(mail.outbox) == 2
    kinds = list(EntryMessage.objects.filter(entry=second).values_list("kind", flat=True))
    assert kinds == [MessageKind.SUBMITTED, MessageKind.MOVED_UP]


def test_the_organizer_s_approval_and_refusal_with_his_reason(organizer, django_capture_on_commit_callbacks):
    tournament = make_tournament(0, slug="approved-mail", numbered=False)
    open_for(organizer, tournament, limit=5, ask_contact=True, approval_required=True)
    kept, code1 = send(tournament, "Иванов Иван", "Петров Пётр", "ivan@example.ru", django_capture_on_commit_callbacks)
    out, code2 = send(tournament, "Сидоров Сидор", "Кузнецов Кузьма", "sidor@example.ru",
                      django_capture_on_commit_callbacks)
    [pending] = letters_to("ivan@example.ru")
    assert "ждёт подтверждения организатора" in pending.body
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        approve_entry(organizer, tournament, kept.pk)
        refuse_entry(organizer, tournament, out.pk, reason="Пара уже заявлена на другой турнир")
    [yes] = letters_to("ivan@example.ru")
    assert "подтверждена" in yes.subject and "Вы в числе участников турнира." in yes.body
    assert link(tournament, code1) in yes.body
    [no] = letters_to("sidor@example.ru")
    assert "отклонена" in no.subject and "Причина: Пара уже заявлена на другой турнир" in no.body
    assert link(tournament, code2) in no.body
    assert AuditEntry.objects.filter(tournament=tournament, action="signup.message", user=organizer).count() == 2


def test_a_phone_gets_no_letter_but_the_page_keeps_the_message(mailed, client, django_capture_on_commit_callbacks):
    entry, code = send(mailed, "Иванов Иван", "Петров Пётр", "+7 900 123-45-67", django_capture_on_commit_callbacks)
    assert mail.outbox == []
    row = EntryMessage.objects.get(entry=entry)
    assert row.email == "" and row.emailed_at is None
    page = client.get(reverse("tournaments:signup_entry", args=[mailed.slug, code]))
    assert "Что вам сообщали" in page.text and row.subject in page.text and "e-mail в заявке не указан" in page.text


def test_the_entry_s_page_lists_what_it_was_told_newest_first(mailed, client, django_capture_on_commit_callbacks):
    entry, code = send(mailed, "Иванов Иван", "Петров Пётр", "ivan@example.ru", django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        withdraw_entry(mailed, code)
    page = client.get(reverse("tournaments:signup_entry", args=[mailed.slug, code])).text
    section = page.split('id="told"', 1)[1]
    withdrawn, submitted = EntryMessage.objects.filter(entry=entry).order_by("-created_at", "-id")
    assert section.index(withdrawn.subject) < section.index(submitted.subject)
    assert "Вы отозвали заявку" in section and "отправлено на e-mail" in section
    assert f'id="told-{submitted.pk}"' in section


def test_a_failing_mail_server_does_not_fail_the_registration(mailed, settings, django_capture_on_commit_callbacks):
    settings.EMAIL_BACKEND = "tests.signup.test_notices.FailingBackend"
    client = Client(REMOTE_ADDR="10.9.0.1")
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("tournaments:register", args=[mailed.slug]),
                               pair_data("Иванов Иван", "Петров Пётр", contact="ivan@example.ru"))
    assert response.status_code == 302
    entry = Entry.objects.get(tournament=mailed)
    assert entry.status == EntryStatus.ACCEPTED and entry.pair is not None
    row = EntryMessage.objects.get(entry=entry)
    assert row.emailed_at is None and "ConnectionRefusedError" in row.mail_error
    assert AuditEntry.objects.filter(tournament=mailed, action="signup.mail_failed", after__entry=entry.pk).exists()
    page = client.get(response["Location"])
    assert page.status_code == 200 and "письмо не ушло" in page.text


def test_a_rolled_back_event_sends_nothing(mailed, django_capture_on_commit_callbacks):
    send(mailed, "Иванов Иван", "Петров Пётр", "ivan@example.ru", django_capture_on_commit_callbacks)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(TournamentError):
        withdraw_entry(mailed, "A" * 22)  # no such code
    assert mail.outbox == []


def test_the_player_s_language_is_kept_for_his_letters(mailed, organizer, django_capture_on_commit_callbacks):
    client = Client(REMOTE_ADDR="10.9.0.2")
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/en" + reverse("tournaments:register", args=[mailed.slug]),
                               pair_data("Иванов Иван", "Петров Пётр", contact="ivan@example.ru"))
    assert response.status_code == 302
    entry = Entry.objects.get(tournament=mailed)
    assert entry.language == "en" and EntryMessage.objects.get(entry=entry).language == "en"
    [letter] = mail.outbox
    assert SITE + "/en/t/mail-cup/register/" in letter.body  # the link opens the page in his language
    Entry.objects.filter(pk=entry.pk).update(language="xx")  # a language the site does not speak: Russian
    with django_capture_on_commit_callbacks(execute=True):
        resend_link(organizer, mailed, entry.pk)
    assert EntryMessage.objects.filter(entry=entry).latest("id").language == "ru"


# --- the organizer's «Отправить ссылку» -------------------------------------------------------------------

def send_link_url(tournament, entry):
    return reverse("tournaments:signup_send_link", args=[tournament.slug, entry.pk])


def test_the_organizer_resends_the_link_from_the_list(mailed, organizer, client, django_capture_on_commit_callbacks):
    entry, code = send(mailed, "Иванов Иван", "Петров Пётр", "ivan@example.ru", django_capture_on_commit_callbacks)
    mail.outbox.clear()
    client.force_login(organizer)
    entries = client.get(reverse("tournaments:signup_entries", args=[mailed.slug])).text
    assert f'id="send-link-{entry.pk}"' in entries
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(send_link_url(mailed, entry), follow=True)
    assert "Ссылка отправлена на ivan@example.ru." in response.text
    [letter] = mail.outbox
    assert letter.to == ["ivan@example.ru"] and link(mailed, code) in letter.body and "Ссылка на вашу заявку" in \
        letter.subject
    row = EntryMessage.objects.get(entry=entry, kind=MessageKind.LINK)
    assert AuditEntry.objects.filter(tournament=mailed, action="signup.message", user=organizer,
                                     after__message=row.pk).exists()


def test_no_e_mail_no_button_and_a_clear_refusal(mailed, organizer, client, django_capture_on_commit_callbacks):
    entry, _code = send(mailed, "Иванов Иван", "Петров Пётр", "+7 900 123-45-67", django_capture_on_commit_callbacks)
    client.force_login(organizer)
    entries = client.get(reverse("tournaments:signup_entries", args=[mailed.slug])).text
    assert f'id="send-link-{entry.pk}"' not in entries
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(send_link_url(mailed, entry), follow=True)
    assert "нет адреса e-mail: ссылку отправить некуда" in response.text
    assert mail.outbox == [] and not EntryMessage.objects.filter(kind=MessageKind.LINK).exists()


def test_only_the_tournament_s_organizer_resends(mailed, django_user_model, django_capture_on_commit_callbacks):
    entry, _code = send(mailed, "Иванов Иван", "Петров Пётр", "ivan@example.ru", django_capture_on_commit_callbacks)
    mail.outbox.clear()
    other = make_tournament(0, slug="other-cup", numbered=False)
    official = django_user_model.objects.create_user("other-organizer")
    TournamentRole.objects.create(tournament=other, user=official, role=RoleKind.ORGANIZER)
    player = django_user_model.objects.create_user("player")
    referee = django_user_model.objects.create_user("referee-here")
    TournamentRole.objects.create(tournament=mailed, user=referee, role=RoleKind.REFEREE)
    for user in (official, player, referee):
        client = Client()
        client.force_login(user)
        with django_capture_on_commit_callbacks(execute=True):
            assert client.post(send_link_url(mailed, entry)).status_code == 403
        with pytest.raises(NotAllowed):
            resend_link(user, mailed, entry.pk)
    anonymous = Client().post(send_link_url(mailed, entry))
    assert anonymous.status_code == 302 and "/login" in anonymous["Location"]
    with pytest.raises(NotAllowed):
        resend_link(None, mailed, entry.pk)
    assert mail.outbox == [] and not EntryMessage.objects.filter(kind=MessageKind.LINK).exists()


def test_an_entry_whose_code_cannot_be_rebuilt_gets_a_new_one(mailed, organizer, client,
                                                              django_capture_on_commit_callbacks):
    entry, old = send(mailed, "Иванов Иван", "Петров Пётр", "ivan@example.ru", django_capture_on_commit_callbacks)
    Entry.objects.filter(pk=entry.pk).update(code_seed="")  # sent before the seeds (or moved from another key)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        resend_link(organizer, mailed, entry.pk)
    [letter] = mail.outbox
    assert "прежняя больше не действует" in letter.body and link(mailed, old) not in letter.body
    new = letter.body.split(SITE + "/t/mail-cup/register/", 1)[1].split("/", 1)[0]
    assert entry_by_code(mailed, new).pk == entry.pk
    with pytest.raises(TournamentError):
        entry_by_code(mailed, old)
    fresh = Entry.objects.get(pk=entry.pk)
    assert codes.recovered(fresh.code_seed, fresh.code_hash) == new
    assert fresh.checkin_hash == codes.digest(codes.checkin_token(new))
    assert AuditEntry.objects.filter(tournament=mailed, action="signup.code_renewed").count() == 1


# --- the player's «Потеряли ссылку?» ----------------------------------------------------------------------

def lost_url(tournament):
    return reverse("tournaments:signup_lost_link", args=[tournament.slug])


def test_the_registration_page_offers_the_lost_link_form(mailed, client):
    page = client.get(reverse("tournaments:register", args=[mailed.slug])).text
    assert lost_url(mailed) in page and "Потеряли ссылку" in page
    form = client.get(lost_url(mailed))
    assert form.status_code == 200 and 'name="email"' in form.text


def test_the_answer_is_the_same_for_a_known_and_an_unknown_address(mailed, django_capture_on_commit_callbacks):
    entry, code = send(mailed, "Иванов Иван", "Петров Пётр", "ivan@example.ru", django_capture_on_commit_callbacks)
    mail.outbox.clear()
    answers = []
    for k, address in enumerate(("IVAN@example.ru", "nobody@example.ru")):
        client = Client(REMOTE_ADDR=f"10.9.1.{k}")
        with django_capture_on_commit_callbacks(execute=True):
            posted = client.post(lost_url(mailed), {"email": address})
        page = client.get(posted["Location"])
        shown = CSRF.sub("CSRF", page.text.replace(address, "ADDRESS"))  # a new token on every page
        answers.append((posted.status_code, posted["Location"], page.status_code,
                        shown.split('id="lost-link-form"')[0]))
    assert answers[0] == answers[1]
    assert "Если заявка на этот турнир с адресом ADDRESS есть" in answers[0][3]
    [letter] = mail.outbox  # the known address only, as the entry gave it
    assert letter.to == ["ivan@example.ru"] and link(mailed, code) in letter.body
    assert "Вы попросили ссылку" in letter.body
    assert EntryMessage.objects.filter(entry=entry, kind=MessageKind.LINK).count() == 1


def test_the_lost_link_form_is_throttled_per_asker_and_per_address(mailed, settings,
                                                                    django_capture_on_commit_callbacks):
    settings.DOMINO_SIGNUP_LINKS_PER_HOUR = 2
    send(mailed, "Иванов Иван", "Петров Пётр", "ivan@example.ru", django_capture_on_commit_callbacks)
    mail.outbox.clear()
    asker = Client(REMOTE_ADDR="10.9.2.1")
    with django_capture_on_commit_callbacks(execute=True):
        codes_ = [asker.post(lost_url(mailed), {"email": f"x{k}@example.ru"}).status_code for k in range(3)]
    assert codes_ == [302, 302, 429]
    refused = asker.post(lost_url(mailed), {"email": "ivan@example.ru"})
    assert refused.status_code == 429 and "слишком часто" in refused.text
    assert mail.outbox == []
    # one address, asked from many places: at most the hour's letters
    with django_capture_on_commit_callbacks(execute=True):
        for k in range(4):
            assert Client(REMOTE_ADDR=f"10.9.3.{k}").post(lost_url(mailed), {"email": "ivan@example.ru"}
                                                           ).status_code == 302
    assert len(letters_to("ivan@example.ru")) == 2


@pytest.mark.parametrize("value, message", [
    ("", "Укажите адрес e-mail, который вы дали в заявке."),
    ("ivan@", "Это не адрес e-mail"),
    ("<script>@x", "Это не адрес e-mail"),
    ("a" * 95 + "@example.ru", "длиннее 100 знаков"),
])
def test_a_bad_address_is_answered_beside_its_field(mailed, value, message):
    response = Client(REMOTE_ADDR="10.9.4.1").post(lost_url(mailed), {"email": value})
    assert response.status_code == 400
    field = response.text.split('id="row-email"', 1)[1].split("</div>", 1)[0]
    assert message in field and "<script>@x" not in response.text
    assert mail.outbox == []


def test_lost_links_of_another_tournament_are_not_sent(mailed, organizer, django_capture_on_commit_callbacks):
    send(mailed, "Иванов Иван", "Петров Пётр", "ivan@example.ru", django_capture_on_commit_callbacks)
    other = make_tournament(0, slug="other-mail", numbered=False)
    open_for(organizer, other, ask_contact=True)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        assert send_lost_links(other, "ivan@example.ru") == 0
    assert mail.outbox == []
