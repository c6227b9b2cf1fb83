from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0011_merge_s26_registry"),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="city",
            field=models.CharField(blank=True, max_length=100, verbose_name="город"),
        ),
    ]
