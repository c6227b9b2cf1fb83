from django.db import migrations, models


def drop_impossible_reports(apps, schema_editor):
    """Reports of more entries than a device can hold (a device that made up its numbers) hold nothing."""
    DeviceQueue = apps.get_model("referees", "DeviceQueue")
    DeviceQueue.objects.filter(queued__gt=500).update(queued=0, refused=False)


class Migration(migrations.Migration):

    dependencies = [
        ('referees', '0004_merge_s26_offline_registry'),
    ]

    operations = [
        migrations.RunPython(drop_impossible_reports, migrations.RunPython.noop, elidable=True),
        migrations.AddConstraint(
            model_name='devicequeue',
            constraint=models.CheckConstraint(condition=models.Q(('queued__lte', 500)), name='device_queue_bounded'),
        ),
    ]
