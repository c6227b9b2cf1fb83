"""Reading a transfer file's rows into new ones (``transfer``): every row gets a new id, its links to other rows of
the file and to accounts (by username) are remapped, its text is cleaned as the forms clean it, its JSON types are
checked as the export writes them; the first thing wrong names the table and the record."""
from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext as _

from core.text import UnsafeText, clean_text, text_problem

from .transfer_tables import TransferError, fields_of, id_lists, is_user_fk, raw_text, table_of_model


class Reader:
    """Builds the rows of a file's tables, remapping their links to the new ids; ``fail`` names the record (the
    sections' checks refuse a file with it too)."""

    def __init__(self, data, users):
        self.data = data
        self.users = users            # username -> id (accounts found in this installation)
        self.ids = {name: {} for name in table_of_model().values()}
        self.missing = set()

    def fail(self, table, row, message):
        raise TransferError(_("Раздел «%(t)s», запись %(id)s: %(msg)s") % {
            "t": table, "id": str(row.get("id"))[:30], "msg": message})

    def build(self, table, model, row, overrides=None):
        fields = {f.name: f for f in fields_of(model)}
        unknown = set(row) - set(fields) - {"id"}
        if unknown:
            self.fail(table, row, _("неизвестные поля %(f)s (файл новее этой установки?)") % {
                "f": ", ".join(sorted(unknown))[:200]})
        kwargs, stamps = {}, {}
        for name, f in fields.items():
            if overrides and name in overrides:
                kwargs[f.attname] = overrides[name]
                continue
            if name not in row:
                continue
            value = row[name]
            if is_user_fk(f):
                if value is None:
                    kwargs[f.attname] = None
                elif not isinstance(value, str):
                    self.fail(table, row, _("учётная запись в поле %(f)s — не имя пользователя") % {"f": name})
                else:
                    kwargs[f.attname] = self.users.get(value)
                    if kwargs[f.attname] is None:
                        self.missing.add(value)
            elif (model, name) in id_lists():
                kwargs[f.attname] = self._id_list(table, row, name, value, table_of_model()[id_lists()[model, name]])
            elif f.is_relation:
                if value is None:
                    kwargs[f.attname] = None
                else:
                    target = self.ids[table_of_model()[f.related_model]]
                    try:
                        kwargs[f.attname] = target[value]
                    except (KeyError, TypeError):
                        self.fail(table, row, _("ссылка %(f)s на запись, которой нет в файле") % {"f": name})
            else:
                self._check_type(table, row, f, value)
                if isinstance(value, str) and isinstance(f, (models.CharField, models.TextField)):
                    value = self._clean_str(table, row, f, value)
                try:
                    kwargs[f.attname] = f.to_python(value)
                except ValidationError as exc:
                    self.fail(table, row, f"{name}: {' '.join(exc.messages)}")
                if getattr(f, "auto_now", False) or getattr(f, "auto_now_add", False):
                    stamps[f.attname] = kwargs[f.attname]
        obj = model(**kwargs)
        exclude = [f.name for f in fields.values() if f.is_relation]
        try:
            obj.clean_fields(exclude=exclude)
        except ValidationError as exc:
            self.fail(table, row, "; ".join(f"{k}: {' '.join(v)}" for k, v in exc.message_dict.items()))
        return obj, stamps

    def _id_list(self, table, row, name, value, target) -> list:
        if not isinstance(value, list):
            self.fail(table, row, _("поле %(f)s — не список записей") % {"f": name})
        try:
            return [self.ids[target][v] for v in value]
        except (KeyError, TypeError):
            self.fail(table, row, _("ссылка %(f)s на запись, которой нет в файле") % {"f": name})

    def _clean_str(self, table, row, f, value) -> str:
        try:
            if f.name in raw_text() or f.choices:
                problem = text_problem(value)
                if problem:
                    raise UnsafeText(problem[1], problem[0])
                return value
            return clean_text(value, multiline=isinstance(f, models.TextField))
        except UnsafeText as exc:
            self.fail(table, row, f"{f.name}: {exc.message}")

    def _check_type(self, table, row, f, value):
        """JSON types as the export writes them: no number as text (``"٣"``), no text where a number is."""
        if value is None:
            return
        if isinstance(f, models.BooleanField):
            ok = isinstance(value, bool)
        elif isinstance(f, (models.IntegerField, models.FloatField, models.DecimalField)):
            ok = isinstance(value, (int, float)) and not isinstance(value, bool)
            if isinstance(f, models.IntegerField):
                ok = ok and isinstance(value, int)
        elif isinstance(f, (models.CharField, models.TextField, models.DateField, models.TimeField)):
            ok = isinstance(value, str)
        else:
            ok = True
        if not ok:
            self.fail(table, row, _("поле %(f)s: значение неверного типа (%(v)s)") % {
                "f": f.name, "v": str(value)[:40]})

    def create(self, table, model, rows, *, keep=None):
        built = []
        for row in rows:
            if keep is not None and not keep(row):
                continue
            built.append((row, *self.build(table, model, row)))
        objs = model.objects.bulk_create([obj for _row, obj, _stamps in built])
        stamp_fields = set()
        for (row, _obj, stamps), saved in zip(built, objs):
            self.ids[table][row.get("id")] = saved.pk
            for attname, value in stamps.items():
                if value is not None:
                    setattr(saved, attname, value)
                    stamp_fields.add(attname)
        if stamp_fields:
            model.objects.bulk_update(objs, sorted(stamp_fields), batch_size=500)
        return len(objs)
