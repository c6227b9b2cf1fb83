"""The registry's persons, moved here from the registry app: the same tables, only Django's state moves."""
import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('registry', '0002_s27_rating_ledger'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='Person',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('name', models.CharField(max_length=200, verbose_name='фамилия и имя')),
                        ('name_key', models.CharField(db_index=True, editable=False, max_length=200, verbose_name='имя для сравнения')),
                        ('birth_year', models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='год рождения')),
                        ('club', models.CharField(blank=True, max_length=200, verbose_name='клуб')),
                        ('city', models.CharField(blank=True, max_length=200, verbose_name='город')),
                        ('federation_id', models.CharField(blank=True, max_length=32, null=True, unique=True, verbose_name='ID федерации')),
                        ('show_birth_year', models.BooleanField(default=False, verbose_name='показывать год рождения')),
                        ('show_club', models.BooleanField(default=True, verbose_name='показывать клуб')),
                        ('show_city', models.BooleanField(default=True, verbose_name='показывать город')),
                        ('show_federation_id', models.BooleanField(default=True, verbose_name='показывать ID федерации')),
                        ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='внесён в реестр')),
                        ('merged_into', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='absorbed', to='people.person', verbose_name='объединён с')),
                    ],
                    options={
                        'db_table': 'registry_person',
                        'verbose_name': 'игрок реестра',
                        'verbose_name_plural': 'реестр игроков',
                        'ordering': ['name_key', 'id'],
                        'indexes': [models.Index(fields=['merged_into', 'name_key', 'id'], name='person_active_by_name')],
                    },
                ),
                migrations.CreateModel(
                    name='PersonMerge',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('players', models.JSONField(default=list, verbose_name='перенесённые записи турниров')),
                        ('kept_before', models.JSONField(default=dict, verbose_name='оставленный до объединения')),
                        ('absorbed_before', models.JSONField(default=dict, verbose_name='присоединённый до объединения')),
                        ('merged_at', models.DateTimeField(auto_now_add=True, verbose_name='объединены')),
                        ('undone_at', models.DateTimeField(blank=True, null=True, verbose_name='разделены')),
                        ('absorbed', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='merges_absorbed', to='people.person', verbose_name='присоединён')),
                        ('kept', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='merges_kept', to='people.person', verbose_name='оставлен')),
                        ('merged_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='объединил')),
                        ('undone_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='разделил')),
                    ],
                    options={
                        'db_table': 'registry_personmerge',
                        'verbose_name': 'объединение игроков',
                        'verbose_name_plural': 'объединения игроков',
                        'ordering': ['-merged_at', '-id'],
                    },
                ),
            ],
            database_operations=[],
        ),
    ]
