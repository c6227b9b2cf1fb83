"""The audit log and the roles moved from the referees' app to ``audit`` and ``access``: their tables stay, only
Django's state moves (referees 0006, audit 0001, access 0001). A database of the schema before the move keeps
its log and its roles through the upgrade, and the migrations run back and forth."""
import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from access.models import RoleKind, TournamentRole
from audit.models import AuditEntry
from tests.factories import make_tournament

BEFORE = [("referees", "0001_squashed_0005")]  # the referees' migrations up to 0005, squashed


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor


@pytest.mark.django_db(transaction=True)
def test_an_old_database_keeps_its_log_and_roles_through_the_move(django_user_model):
    t = make_tournament(4, slug="moved")
    user = django_user_model.objects.create_user("moved-referee", password="x" * 12)
    executor = migrate(BEFORE)  # the schema as it was: the models in the referees' state
    old = executor.loader.project_state(BEFORE).apps
    OldRole, OldEntry = old.get_model("referees", "TournamentRole"), old.get_model("referees", "AuditEntry")
    OldRole.objects.create(tournament_id=t.pk, user_id=user.pk, role="referee", tables=[1, 2])
    OldEntry.objects.create(tournament_id=t.pk, user_id=user.pk, action="round.published", note="before the move")
    with pytest.raises(LookupError):
        old.get_model("audit", "AuditEntry")

    executor = migrate(executor.loader.graph.leaf_nodes())
    role = TournamentRole.objects.get(tournament=t, user=user)
    assert (role.role, role.tables) == (RoleKind.REFEREE, [1, 2])
    assert AuditEntry.objects.filter(tournament=t, note="before the move", action="round.published").exists()
    assert t.roles.filter(role=RoleKind.REFEREE).count() == 1  # the reverse relations of the new state
    with connection.cursor() as cursor:  # the same tables as before
        cursor.execute("SELECT COUNT(*) FROM referees_auditentry WHERE note = %s", ["before the move"])
        assert cursor.fetchone()[0] == 1
