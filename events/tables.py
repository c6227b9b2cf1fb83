"""django-tables2 tables of the public pages (rows are plain dicts from ``selectors``)."""
import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

ATTRS = {"class": "table pairings"}
# On a phone the round's two tables stack each row into lines (see _print.html): no sideways swipe.
BY_TABLE_ATTRS = {"class": "table pairings stacked by-table"}
BY_NAME_ATTRS = {"class": "table pairings stacked by-name"}


class PairingsByTableTable(tables.Table):
    table = tables.Column(verbose_name=_("Стол"))
    a_number = tables.Column(verbose_name=_("Пара A"))
    a_players = tables.Column(verbose_name=_("Игроки A"))
    b_number = tables.Column(verbose_name=_("Пара B"), default="—")
    b_players = tables.Column(verbose_name=_("Игроки B"), default=_("пропуск тура"))
    reason = tables.Column(verbose_name=_("Обоснование"), attrs={"td": {"class": "reason"}, "th": {"class": "reason"}})
    result = tables.Column(verbose_name=_("Результат"), default="", attrs={"td": {"class": "num"}, "th": {"class": "num"}})

    class Meta:
        attrs = BY_TABLE_ATTRS
        orderable = False
        template_name = "tournaments/pairings_by_table_table.html"


class PairingsByNameTable(tables.Table):
    name = tables.Column(verbose_name=_("Игрок"))
    club = tables.Column(verbose_name=_("Клуб / город"), attrs={"td": {"class": "opt"}, "th": {"class": "opt"}})
    pair = tables.Column(verbose_name=_("Пара"))
    table = tables.Column(verbose_name=_("Стол"), default=_("пропуск тура"))
    seat = tables.Column(verbose_name=_("Место"), default="")
    opponents = tables.Column(verbose_name=_("Соперники"), default="")

    class Meta:
        attrs = BY_NAME_ATTRS
        orderable = False
        template_name = "tournaments/pairings_by_name_table.html"


class DrawTable(tables.Table):
    number = tables.Column(verbose_name=_("№ пары"), default="—")
    player1 = tables.Column(verbose_name=_("Игрок 1"))
    player2 = tables.Column(verbose_name=_("Игрок 2"))
    club = tables.Column(verbose_name=_("Клуб / город"))
    status = tables.Column(verbose_name=_("Статус"))

    class Meta:
        attrs = ATTRS
        orderable = False


class IndividualDrawTable(DrawTable):
    """The draw of an individual event: one player an entrant, numbered."""

    number = tables.Column(verbose_name=_("№ игрока"), default="—")
    player1 = tables.Column(verbose_name=_("Игрок"))

    class Meta(DrawTable.Meta):
        exclude = ("player2",)


class IndividualPairingsByTableTable(PairingsByTableTable):
    """An individual event's tables: each side's two seats (A1 + A2 against B1 + B2) with player numbers."""

    a_number = tables.Column(verbose_name=_("№ A1 + A2"))
    a_players = tables.Column(verbose_name=_("Сторона A: A1 + A2"))
    b_number = tables.Column(verbose_name=_("№ B1 + B2"), default="—")
    b_players = tables.Column(verbose_name=_("Сторона B: B1 + B2"), default=_("пропускает тур"))

    class Meta(PairingsByTableTable.Meta):
        attrs = {"class": BY_TABLE_ATTRS["class"] + " individual"}


class IndividualPairingsByNameTable(PairingsByNameTable):
    pair = tables.Column(verbose_name=_("№ игрока"))
    partner = tables.Column(verbose_name=_("Партнёр"), default="")

    class Meta(PairingsByNameTable.Meta):
        attrs = {"class": BY_NAME_ATTRS["class"] + " individual"}
        sequence = ("name", "club", "pair", "table", "seat", "partner", "opponents")
