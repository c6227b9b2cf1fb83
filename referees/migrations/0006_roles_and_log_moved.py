"""The roles and the audit log left this app for ``access`` and ``audit``: their tables stay, only Django's state moves."""
from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('audit', '0001_initial'),
        ('access', '0001_initial'),
        ('referees', '0005_device_queue_bounded'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(
                    name='AuditEntry',
                ),
                migrations.DeleteModel(
                    name='TournamentRole',
                ),
            ],
            database_operations=[],
        ),
    ]
