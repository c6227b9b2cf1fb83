"""The audit log only grows, and only with the actions it knows (referees.audit_actions)."""
import pytest
from django.utils import translation

from audit.actions import ACTIONS, label_of, sentence
from audit.log import log_action
from audit.models import AppendOnly, AuditEntry


def test_an_unknown_action_is_refused_and_nothing_is_written(table):
    before = AuditEntry.objects.count()
    with pytest.raises(ValueError, match="protocol.deal.recorde"):
        log_action(table.tournament, "protocol.deal.recorde", user=table.referee, partie=table.partie)
    assert AuditEntry.objects.count() == before


def test_a_known_action_is_written_as_given(table):
    entry = log_action(table.tournament, "protocol.locked", user=table.referee, partie=table.partie, note="x")
    stored = AuditEntry.objects.get(pk=entry.pk)
    assert (stored.action, stored.user, stored.partie, stored.note) == ("protocol.locked", table.referee,
                                                                         table.partie, "x")


def test_an_entry_is_never_changed(table):
    entry = log_action(table.tournament, "protocol.locked", partie=table.partie, note="как было")
    entry.note = "подправлено"
    with pytest.raises(AppendOnly):
        entry.save()
    with pytest.raises(AppendOnly):
        entry.save(update_fields=["note"])
    assert AuditEntry.objects.get(pk=entry.pk).note == "как было"


def test_an_entry_is_never_deleted_one_by_one_or_by_a_query(table):
    entry = log_action(table.tournament, "protocol.locked", partie=table.partie)
    with pytest.raises(AppendOnly):
        entry.delete()
    with pytest.raises(AppendOnly):
        AuditEntry.objects.filter(pk=entry.pk).delete()
    with pytest.raises(AppendOnly):
        table.tournament.audit_entries.all().delete()
    assert AuditEntry.objects.filter(pk=entry.pk).exists()


def test_a_tournament_deleted_takes_its_log_with_it(table):
    from tournaments.models import Partie

    log_action(table.tournament, "protocol.locked", partie=table.partie)
    Partie.objects.filter(round__tournament=table.tournament).delete()
    table.tournament.delete()
    assert not AuditEntry.objects.filter(tournament_id=table.tournament.pk).exists()


def test_each_action_has_its_label_and_a_sentence_or_the_label(table):
    with translation.override("ru"):
        recorded = log_action(table.tournament, "protocol.deal.recorded", partie=table.partie,
                              after={"deal": {"n": 3, "result": "block"}, "totals": {"A": 12, "B": 0}})
        assert sentence(recorded) == "раздача 3 внесена (рыба), счёт стал 12:0"
        plain = log_action(table.tournament, "round.published", note="тур 2")
        assert sentence(plain) == "Тур опубликован: тур 2"
        assert label_of("protocol.deal.recorded") == "Раздача внесена"
    # An entry of an action no longer registered still reads: by its code.
    assert label_of("old.action") == "old.action"
    assert all(action.code == code and str(action.label) for code, action in ACTIONS.items())
