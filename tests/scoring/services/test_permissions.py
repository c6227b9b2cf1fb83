"""Each role × each action, allowed or refused, enforced in the services."""
import pytest

from access import permissions as perms
from audit.models import AuditEntry
from scoring import services
from scoring.errors import NotAllowed
from scoring.models import Deal, Protocol
from tests.referees.conftest import DEALS
from tests.referees.helpers import play, sign_all
from tests.versions import shown_version

ROLES = ["organizer", "staff", "superuser", "chief", "referee", "table2_referee", "foreign_referee", "player",
         "playing_chief", "nobody", "anonymous"]
ENTER = {"organizer", "chief", "referee"}  # being staff or superuser gives no role in a tournament
REOPEN = {"organizer", "chief"}


def actor(table, role, anonymous):
    if role == "anonymous":
        return anonymous
    if role == "player":
        return table.players["A1"]
    if role == "playing_chief":  # chief referee of the tournament who plays at this table: not his own referee
        from access.models import RoleKind, TournamentRole

        TournamentRole.objects.get_or_create(tournament=table.tournament, user=table.players["B2"],
                                             role=RoleKind.CHIEF_REFEREE)
        return table.players["B2"]
    return getattr(table, role)


ACTIONS = {
    "record_deal": lambda u, t: services.record_deal(u, t.partie, DEALS[0], expected_version=shown_version(t.partie)),
    "correct_deal": lambda u, t: services.correct_deal(u, t.partie, {**DEALS[0], "hands": {"A2": 15, "B1": 3, "B2": 23}},
                                                       expected_version=shown_version(t.partie)),
    "give_remark": lambda u, t: services.give_remark(u, t.partie, deal=1, seat="B2", reason="talking",
                                                     expected_version=shown_version(t.partie)),
    "record_no_show": lambda u, t: services.record_no_show(u, t.partie, "B", expected_version=shown_version(t.partie)),
    "countersign": lambda u, t: services.sign_protocol(u, t.partie, role="referee",
                                                       expected_version=shown_version(t.partie)),
}


def prepare(table, action):
    if action in ("correct_deal", "give_remark"):
        services.record_deal(table.referee, table.partie, DEALS[0], expected_version=shown_version(table.partie))
    if action == "countersign":
        play(table.referee, table.partie)
        for seat in ("A1", "B1", "A2", "B2"):
            services.sign_protocol(table.players[seat], table.partie, role="player", seat=seat,
                                   expected_version=shown_version(table.partie))


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("action", list(ACTIONS))
def test_role_action_matrix(table, anonymous, role, action):
    prepare(table, action)
    user = actor(table, role, anonymous)
    audit_before = AuditEntry.objects.count()
    if role in ENTER:
        ACTIONS[action](user, table)
        assert AuditEntry.objects.count() > audit_before
    else:
        version = Protocol.objects.filter(partie=table.partie).values_list("version", flat=True).first()
        with pytest.raises(NotAllowed):
            ACTIONS[action](user, table)
        assert AuditEntry.objects.count() == audit_before
        assert Protocol.objects.filter(partie=table.partie).values_list("version", flat=True).first() == version


@pytest.mark.parametrize("role", ROLES)
def test_reopen_only_chief_referee_or_organizer(table, anonymous, role):
    play(table.referee, table.partie)
    sign_all(table)
    user = actor(table, role, anonymous)
    if role in REOPEN:
        protocol = services.reopen_protocol(user, table.partie, "Ошибка в раздаче 3",
                                            expected_version=shown_version(table.partie))
        assert not protocol.is_locked
    else:
        with pytest.raises(NotAllowed):
            services.reopen_protocol(user, table.partie, "Ошибка в раздаче 3",
                                     expected_version=shown_version(table.partie))
        assert Protocol.objects.get(partie=table.partie).is_locked


@pytest.mark.parametrize("role", ROLES)
def test_read_audit_and_dashboard(table, anonymous, role):
    user = actor(table, role, anonymous)
    # A chief referee who plays reads the round and its log; he only may not referee his own table.
    assert perms.can_read_audit(user, table.tournament) == (role in REOPEN | {"playing_chief"})
    assert perms.can_view_dashboard(user, table.tournament) == (role in ENTER | {"table2_referee", "playing_chief"})


def test_table_referee_enters_only_his_tables(table):
    services.record_deal(table.table2_referee, table.other_partie, DEALS[0],
                         expected_version=shown_version(table.other_partie))
    assert Deal.objects.filter(protocol__partie=table.other_partie).count() == 1
    with pytest.raises(NotAllowed):
        services.record_deal(table.table2_referee, table.partie, DEALS[0], expected_version=shown_version(table.partie))


def test_player_signs_only_his_own_seat(table):
    play(table.referee, table.partie)
    with pytest.raises(NotAllowed):
        services.sign_protocol(table.players["A1"], table.partie, role="player", seat="B1",
                               expected_version=shown_version(table.partie))
    with pytest.raises(NotAllowed):
        services.sign_protocol(table.referee, table.partie, role="player", seat="A1",
                               expected_version=shown_version(table.partie))
    services.sign_protocol(table.players["B1"], table.partie, role="player", seat="B1",
                           expected_version=shown_version(table.partie))
    assert Protocol.objects.get(partie=table.partie).signatures.get().seat == "B1"


def test_public_sees_only_published_rounds(table, anonymous):
    assert perms.can_view_protocol(anonymous, table.partie)
    table.round2.status = "draft"
    table.round2.save()
    table.partie.refresh_from_db()
    assert not perms.can_view_protocol(anonymous, table.partie)
    assert perms.can_view_protocol(table.referee, table.partie)
    assert perms.can_view_protocol(table.players["B2"], table.partie)
    assert not perms.can_view_protocol(table.foreign_referee, table.partie)


# --- the one organizer check: cached per request, forgotten when a role changes ------------------

def test_the_organizer_check_reads_the_roles_once_per_user_object(table, django_assert_num_queries):
    with django_assert_num_queries(1):
        assert perms.is_organizer(table.organizer, table.tournament)
        assert perms.is_organizer(table.organizer, table.tournament)
        perms.require_organizer(table.organizer, table.tournament)
        assert perms.is_chief_referee(table.organizer, table.tournament)


def test_a_role_given_or_removed_after_a_check_counts_at_the_next_one(table):
    from access.models import RoleKind, TournamentRole
    from tournaments.errors import NotAllowed as TournamentNotAllowed

    user = table.nobody
    assert not perms.is_organizer(user, table.tournament)
    with pytest.raises(TournamentNotAllowed, match="только организатор"):
        perms.require_organizer(user, table.tournament)
    role = TournamentRole.objects.create(tournament=table.tournament, user=user, role=RoleKind.ORGANIZER)
    assert perms.is_organizer(user, table.tournament)
    perms.require_organizer(user, table.tournament)
    role.delete()
    assert not perms.is_organizer(user, table.tournament)
