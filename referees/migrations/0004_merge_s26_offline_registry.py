from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("referees", "0003_s26_offline_device_queue"),
        ("referees", "0003_s26_registry_audit_of_no_tournament"),
    ]

    operations = []
