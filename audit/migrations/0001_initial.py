"""The audit log, moved here from the referees' app: the same table, only Django's state moves."""
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
                    name='AuditEntry',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('action', models.CharField(max_length=64, verbose_name='действие')),
                        ('before', models.JSONField(blank=True, null=True, verbose_name='было')),
                        ('after', models.JSONField(blank=True, null=True, verbose_name='стало')),
                        ('note', models.TextField(blank=True, verbose_name='примечание')),
                        ('at', models.DateTimeField(auto_now_add=True, db_index=True, verbose_name='время')),
                        ('partie', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='audit_entries', to='tournaments.partie', verbose_name='партия')),
                        ('tournament', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='audit_entries', to='tournaments.tournament', verbose_name='турнир')),
                        ('user', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='пользователь')),
                    ],
                    options={
                        'verbose_name': 'запись журнала',
                        'verbose_name_plural': 'журнал изменений',
                        'db_table': 'referees_auditentry',
                        'ordering': ['-at', '-id'],
                    },
                ),
    
            ],
            database_operations=[],
        ),
    ]
