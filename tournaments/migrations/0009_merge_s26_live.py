from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0008_merge_s26_clock_stages"),
        ("tournaments", "0007_s26_live_hall_layout"),
    ]

    operations = []
