"""The persons left this app for ``people``: their tables stay, only Django's state moves."""
import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('people', '0001_initial'),
        ('registry', '0002_s27_rating_ledger'),
        ('tournaments', '0017_player_person_in_people'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name='personrating',
                    name='person',
                    field=models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, primary_key=True, related_name='rating', serialize=False, to='people.person', verbose_name='игрок реестра'),
                ),
                migrations.AlterField(
                    model_name='ratingchange',
                    name='person',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='rating_changes', to='people.person', verbose_name='игрок реестра'),
                ),
                migrations.DeleteModel(
                    name='PersonMerge',
                ),
                migrations.DeleteModel(
                    name='Person',
                ),
            ],
            database_operations=[],
        ),
    ]
