"""The roles per tournament, moved here from the referees' app: the same table, only Django's state moves."""
import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('referees', '0005_device_queue_bounded'),
        ('tournaments', '0016_s28_groups_final_groups'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='TournamentRole',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('role', models.CharField(choices=[('organizer', 'Организатор'), ('chief_referee', 'Главный судья'), ('referee', 'Судья'), ('player', 'Игрок')], max_length=16, verbose_name='роль')),
                        ('tables', models.JSONField(blank=True, default=list, verbose_name='столы')),
                        ('tournament', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='roles', to='tournaments.tournament', verbose_name='турнир')),
                        ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='tournament_roles', to=settings.AUTH_USER_MODEL, verbose_name='пользователь')),
                    ],
                    options={
                        'verbose_name': 'роль в турнире',
                        'verbose_name_plural': 'роли в турнире',
                        'db_table': 'referees_tournamentrole',
                        'constraints': [models.UniqueConstraint(fields=('tournament', 'user', 'role'), name='unique_role')],
                    },
                ),
    
            ],
            database_operations=[],
        ),
    ]
