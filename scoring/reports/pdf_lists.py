"""Standings and pairings as A4 PDF lists (``core.pdf``: platypus, the header row repeated on every page)."""
from __future__ import annotations

from django.utils.translation import gettext as _
from reportlab.platypus import Spacer

from core.names import pair_with_players
from core.pdf import (
    LANDSCAPE,
    MARGIN,
    SMALL,
    TITLE,
    WIDTH,
    build,
    fitted,
    heads,
    list_grid,
    paragraph,
    style,
    text_width,
    word_width,
)

from .player_table import cell, pdf_figures, player_status_text
from .stage_selectors import round_title
from .tabular import latin_figures, latin_heads, status_text, tiebreak_labels


def _fmt(x):
    if isinstance(x, float):
        return f"{x:g}"
    return "" if x is None else str(x)


def _standings_title(standings) -> str:
    title = _("Положение: %(t)s") % {"t": standings.tournament.name}
    if standings.round_label:
        title += " — " + standings.round_label
    return title


def heading_width(title: str, size: float = 7) -> float:
    """A column as wide as its longest heading word (no word is broken), at least 24 points."""
    return word_width([title], style(size, bold=True), pad=10, low=24)


def standings_pdf(standings, clubs: dict | None = None, before=()) -> bytes:
    """The standings on A4; an individual event's (``clubs``: {entrant id: club}) one line per player.
    ``before``: the final places of an event in stages (``final_places.places_flowables``), printed first under
    the title «Итоговое положение»; the standings (stage 1's) follow under their own title."""
    if standings.tournament.format_spec.single_player_entries:
        return player_standings_pdf(standings, clubs or {}, before)
    title = _standings_title(standings)
    titles = [_("Место"), _("Пара"), _("Игроки"), _("Игр"), _("Поб."), _("Пор."), _("Очки матча"), _("За"),
              _("Против"), _("Разн."), _("Раздач"), _("Бухг.")]
    if standings.goats:  # Kozel and Morskoy: goats (and rating) after the match points, instead of deals won
        titles[7:7] = [_("Козлов"), _("± козлов")] + ([_("Рейтинг")] if standings.rating else [])
        titles.remove(_("Раздач"))
    if standings.latin:  # the partnership game: won, efectividad, points; deductions and card
        titles = [_("Место"), _("Пара"), _("Игроки"), *latin_heads()]
    data, greyed = [heads(titles)], []
    for i, r in enumerate(standings.rows, start=1):
        label = r.pair.label
        label += f" ({status_text(r.status)})" if status_text(r.status) else ""
        line = [_fmt(r.rank) or "—", _fmt(r.pair.number), paragraph(label, SMALL), r.played, r.wins, r.losses,
                _fmt(r.match_points), r.points_for, r.points_against, r.difference, r.deals_won, _fmt(r.buchholz)]
        if standings.goats:
            line[7:7] = [r.goats_received, r.goats_difference] + ([_fmt(r.rating)] if standings.rating else [])
            del line[-2]  # deals won
        if standings.latin:
            line = line[:3] + latin_figures(r)
        data.append(line)
        if r.status != "active":
            greyed.append(i)
    # every column as wide as its longest header word, the players take the rest
    widths = [None if i == 2 else heading_width(t) for i, t in enumerate(titles)]
    widths[2] = WIDTH - sum(w for w in widths if w)
    return _standings_document(standings, title, list_grid(data, widths, numeric_from=3, greyed=greyed),
                               before=before)


def _standings_document(standings, title, lines, landscape=False, before=()) -> bytes:
    order = " → ".join(tiebreak_labels(standings.tiebreaks))
    story = [paragraph(title, TITLE), paragraph(_("Порядок показателей: %(o)s") % {"o": order}, SMALL), Spacer(1, 6),
             lines]
    document_title = title
    if before:
        document_title = _("Итоговое положение: %(t)s") % {"t": standings.tournament.name}
        story = [paragraph(document_title, TITLE), *before, *story]
    return build(story, document_title, **({"pagesize": LANDSCAPE} if landscape else {}))


def player_standings_pdf(standings, clubs: dict, before=()) -> bytes:
    """An individual event: place, player's number, name, club, then the figures of ``player_table.pdf_figures``
    (the name and the club share what the figures leave, so that names print whole)."""
    small = SMALL
    fixed = [_("Место"), _("№ игрока")]
    with_club = any(clubs.get(r.pair.id) for r in standings.rows)
    # the club as wide as its longest text (up to a third of the line), the name at least its longest word
    club_w = min(WIDTH / 3, max([text_width(clubs.get(r.pair.id, ""), small) for r in standings.rows] + [60])) \
        if with_club else 0
    word_w = max([text_width(w, small) for r in standings.rows for w in r.pair.label.split()] + [60])
    names_min = max(150, word_w + club_w)
    figures, every = pdf_figures(standings, lambda c: heading_width(c.short), WIDTH - sum(map(heading_width, fixed)),
                                 names_min=names_min)
    width = WIDTH
    if not every:  # a landscape page keeps every figure of docs/rules-individual.md §7 (the Kozel family: most)
        width = LANDSCAPE[0] - 2 * MARGIN
        figures, _every = pdf_figures(standings, lambda c: heading_width(c.short),
                                      width - sum(map(heading_width, fixed)), names_min=names_min)
    titles = fixed + [_("Игрок")] + ([_("Клуб / город")] if with_club else []) + [str(c.short) for c in figures]
    data, greyed = [heads(titles)], []
    for i, r in enumerate(standings.rows, start=1):
        status = player_status_text(r.status)
        label = r.pair.label + (f" ({status})" if status else "")
        line = [_fmt(r.rank) + ("=" if r.rank and r.tied else "") or "—", _fmt(r.pair.number), paragraph(label, small)]
        if with_club:
            line.append(paragraph(clubs.get(r.pair.id, ""), small))
        data.append(line + [_fmt(cell(c, r)) for c in figures])
        if r.status != "active":
            greyed.append(i)
    names = [len(fixed)] + ([len(fixed) + 1] if with_club else [])
    widths = [heading_width(t) for t in titles]
    rest = width - sum(w for i, w in enumerate(widths) if i not in names)
    widths[names[0]] = rest - club_w
    if with_club:
        widths[names[1]] = club_w
    lines = list_grid(data, widths, numeric_from=names[-1] + 1, greyed=greyed)
    return _standings_document(standings, _standings_title(standings), lines, landscape=width != WIDTH,
                               before=before)


def pairings_pdf(tournament, rnd, parties) -> bytes:
    title = _("%(t)s — тур %(r)s: пары по столам") % {"t": tournament.name, "r": rnd.number}
    if rnd.stage == 2:  # «Тур 6 · Полуфинал»
        title = _("%(t)s — %(r)s: пары по столам") % {"t": tournament.name, "r": round_title(rnd)}
    individual = tournament.format_spec.single_player_entries
    if individual:
        title = _("%(t)s — тур %(r)s: игроки по столам") % {"t": tournament.name, "r": rnd.number}
        data = [heads([_("Стол"), _("№ A1 + A2"), _("Игроки A (A1, A2)"), _("№ B1 + B2"), _("Игроки B (B1, B2)")])]
    else:
        data = [heads([_("Стол"), _("Пара A"), _("Игроки A (A1, A2)"), _("Пара B"), _("Игроки B (B1, B2)")])]

    def side(partie, key):  # an individual event: "3 + 7" and "A1 Name, A2 Name"
        entrants = partie.side_entrants(key)
        if not entrants:
            return "", _("пропускает тур")
        if partie.pair_b is None:
            return _fmt(entrants[0].number), " ".join(p.name for p in partie.side_players(key))
        names = [f"{key}{k} {p.name}" for k, p in enumerate(partie.side_players(key), start=1)]
        return " + ".join(_fmt(e.number) for e in entrants), "\n".join(names)

    def names(pair):
        if pair is None:
            return _("пропуск тура")
        return pair_with_players(pair.name, [p.name for p in sorted(pair.players.all(),
                                                                    key=lambda p: (p.number or 9, p.id))])

    big = style(10.5, leading=13)
    number_w = 64 if individual else 46
    widths = [40, number_w, (WIDTH - 40 - 2 * number_w) / 2, number_w, (WIDTH - 40 - 2 * number_w) / 2]

    def players(text):  # each player's name whole in the column (wrapped after a hyphen rather than inside a word)
        return fitted(text, big, widths[2] - 6, min_size=big.fontSize)

    for partie in parties:
        table = _fmt(partie.table if partie.pair_b else "—")  # a sit-out or a bye is at no table
        if individual:
            (na, a), (nb, b) = side(partie, "A"), side(partie, "B")
            data.append([table, na, players(a), nb, players(b)])
            continue
        data.append([table, _fmt(partie.pair_a.number), players(names(partie.pair_a)),
                     _fmt(partie.pair_b.number if partie.pair_b else ""), players(names(partie.pair_b))])
    return build([paragraph(title, TITLE), Spacer(1, 6), list_grid(data, widths, size=11)], title)
