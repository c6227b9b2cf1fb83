from django.db import migrations, models


def forget_address_counters(apps, schema_editor):
    """Addresses are no longer counted (a hall's phones share one): their counters go."""
    apps.get_model("scoring", "PinThrottle").objects.filter(kind="address").delete()


class Migration(migrations.Migration):
    """Wrong PINs on phones counted per phone as well: a player's rows per protocol and channel become one per
    phone, plus the existing row (``device`` empty), which counts all phones together."""

    dependencies = [
        ('scoring', '0011_individual_absent_seats'),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name='pinattempt',
            name='unique_pin_attempt_channel',
        ),
        migrations.AddField(
            model_name='pinattempt',
            name='device',
            field=models.CharField(blank=True, default='', max_length=64, verbose_name='телефон'),
        ),
        migrations.AddConstraint(
            model_name='pinattempt',
            constraint=models.UniqueConstraint(fields=('protocol', 'player', 'channel', 'device'),
                                               name='unique_pin_attempt_device'),
        ),
        migrations.RunPython(forget_address_counters, migrations.RunPython.noop, elidable=True),
        migrations.AlterField(
            model_name='pinthrottle',
            name='kind',
            field=models.CharField(choices=[('session', 'устройство (сессия)')], max_length=8,
                                   verbose_name='что считается'),
        ),
    ]
