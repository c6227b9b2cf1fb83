from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0006_individual_format"),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="hall_rows",
            field=models.PositiveSmallIntegerField(blank=True, null=True, verbose_name="рядов столов в зале"),
        ),
        migrations.AddField(
            model_name="tournament",
            name="hall_columns",
            field=models.PositiveSmallIntegerField(blank=True, null=True, verbose_name="столов в ряду"),
        ),
    ]
