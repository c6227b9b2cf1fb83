"""A player's person now lives in the ``people`` app: the same table, so only Django's state changes."""
import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('people', '0001_initial'),
        ('tournaments', '0016_s28_groups_final_groups'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name='player',
                    name='person',
                    field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='entries', to='people.person', verbose_name='игрок реестра'),
                ),
            ],
            database_operations=[],
        ),
    ]
