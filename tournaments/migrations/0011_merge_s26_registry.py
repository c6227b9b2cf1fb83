from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0010_merge_s26_teamst"),
        ("tournaments", "0007_s26_registry_player_person"),
    ]

    operations = []
