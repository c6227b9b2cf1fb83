"""A new deal's rows are read before the writers' lock (scoring.queries.rows_ahead / adopt_rows), and read again
under it only if another write came in between."""
import json

from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring import services
from scoring.models import Deal
from scoring.queries import adopt_rows, rows_ahead
from tests.versions import shown_version

from .conftest import DEALS
from .helpers import form_of, play

# The protocol's own rows, as ``row_prefetches`` reads them (the earlier rounds' remarks are another query).
ROW_TABLES = ('"scoring_deal"."protocol_id" IN', '"scoring_remark"."protocol_id" IN',
              '"scoring_signature"."protocol_id" IN')


def reads_rows(text):
    return any(table in text for table in ROW_TABLES)


def test_the_deal_post_reads_the_rows_before_the_lock_and_not_under_it(client, table):
    play(table.referee, table.partie, DEALS[:2])
    client.force_login(table.referee)
    url = reverse("referees:deal_save", args=[table.partie.pk])
    data = form_of(DEALS[2], shown_version(table.partie), form_key="k" * 24)
    with CaptureQueriesContext(connection) as q:
        r = client.post(url, data, headers={"accept": "application/json"})
    assert r.status_code == 200 and json.loads(r.content)["result"] == "saved"
    sql = [x["sql"] for x in q.captured_queries if "domino_cache" not in x["sql"]]
    # The write's transaction (a savepoint inside the test's own) holds the form key's lookup.
    begin = next(i for i, text in enumerate(sql) if text.startswith("SAVEPOINT"))
    assert begin < next(i for i, text in enumerate(sql) if 'FROM "referees_submittedform"' in text)
    assert [text for text in sql[:begin] if reads_rows(text)]  # read ahead, before the lock
    assert not [text for text in sql[begin:] if reads_rows(text)], sql[begin:]
    assert Deal.objects.filter(protocol__partie=table.partie).count() == 3


def test_rows_read_ahead_are_adopted_at_the_same_version_with_their_back_reference(table):
    protocol = play(table.referee, table.partie, DEALS[:2])
    ahead = rows_ahead(table.partie)
    written = services.record_deal(table.referee, table.partie, DEALS[2], expected_version=protocol.version,
                                   ahead=ahead)
    assert [d.n for d in written.deals.all()] == [1, 2, 3]  # the third added to the rows adopted
    assert all(d.protocol is written for d in written.deals.all())
    assert written.version == protocol.version + 1


def test_rows_read_before_another_devices_write_are_read_again_under_the_lock(table):
    """A remark given from another device between the read ahead and the lock: the write sees it."""
    protocol = play(table.referee, table.partie, DEALS[:2])
    ahead = rows_ahead(table.partie)
    assert list(ahead.remarks.all()) == []
    services.give_remark(table.referee, table.partie, deal=2, seat="A1", reason="talking",
                         expected_version=protocol.version)
    written = services.record_deal(table.referee, table.partie, DEALS[2],
                                   expected_version=shown_version(table.partie), ahead=ahead)
    with CaptureQueriesContext(connection) as q:
        remarks = list(written.remarks.all())
    assert [r.seat for r in remarks] == ["A1"] and not q.captured_queries  # loaded, and loaded as it stands
    assert [d.n for d in written.deals.all()] == [1, 2, 3]


def test_rows_of_another_protocol_are_not_adopted(table):
    protocol = play(table.referee, table.partie, DEALS[:1])
    ahead = rows_ahead(table.partie)
    assert adopt_rows(protocol, ahead) is True
    ahead.pk = protocol.pk + 1000
    assert adopt_rows(protocol, ahead) is False
    assert adopt_rows(protocol, None) is False
