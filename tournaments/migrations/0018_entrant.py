"""The model of an entrant is named ``Entrant`` (a pair, an individual event's player, a team's pair); its table keeps
its name, so only Django's state changes."""
from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0017_player_person_in_people'),
        ('registry', '0003_persons_in_people'),
        ('signup', '0003_signup_senders'),
        ('teams', '0003_s29_team_qualification'),
        ('scoring', '0012_pin_tries_per_phone'),
        ('referees', '0006_roles_and_log_moved'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RenameModel('Pair', 'Entrant'),
                migrations.AlterModelTable('entrant', 'tournaments_pair'),
            ],
            database_operations=[],
        ),
    ]
