from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0009_merge_s26_live"),
        ("tournaments", "0007_s26_teamst_team_standing"),
    ]

    operations = []
