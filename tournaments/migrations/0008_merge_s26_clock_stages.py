from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0007_s26_clock_round_clock"),
        ("tournaments", "0007_s26_stages_final"),
    ]

    operations = []
