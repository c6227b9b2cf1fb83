"""What a browser posts back for a form of a rendered page: the fields' own values, parsed from the HTML."""
from html.parser import HTMLParser


class _FormValues(HTMLParser):
    def __init__(self, form_id):
        super().__init__(convert_charrefs=True)
        self.form_id, self.inside, self.values = form_id, False, []
        self._select = self._option = self._textarea = None
        self._first_option = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self.inside = self.form_id is None or a.get("id") == self.form_id
            return
        if not self.inside or "disabled" in a:
            return
        name = a.get("name")
        if tag == "input" and name:
            kind = a.get("type", "text")
            if kind in ("checkbox", "radio"):
                if "checked" in a:
                    self.values.append((name, a.get("value", "on")))
            elif kind not in ("submit", "button", "file", "image", "reset"):
                self.values.append((name, a.get("value", "")))
        elif tag == "select" and name:
            self._select, self._chosen, self._first_option = name, None, None
        elif tag == "option" and self._select:
            value = a.get("value")
            self._option = value
            if self._first_option is None:
                self._first_option = value
            if "selected" in a:
                self._chosen = value
        elif tag == "textarea" and name:
            self._textarea, self._text = name, ""

    def handle_data(self, data):
        if self._textarea:
            self._text += data

    def handle_endtag(self, tag):
        if tag == "form":
            self.inside = False
        elif tag == "select" and self._select:
            chosen = self._chosen if self._chosen is not None else self._first_option
            if chosen is not None:
                self.values.append((self._select, chosen))
            self._select = None
        elif tag == "textarea" and self._textarea:
            self.values.append((self._textarea, self._text.removeprefix("\n")))
            self._textarea = None


def form_values(html: str, form_id=None) -> dict:
    """{name: value or [values]} of the form ``form_id`` (None: every form of the page), as submitted unchanged."""
    parser = _FormValues(form_id)
    parser.feed(html)
    data = {}
    for name, value in parser.values:
        data.setdefault(name, []).append(value)
    return {k: v[0] if len(v) == 1 else v for k, v in data.items()}
