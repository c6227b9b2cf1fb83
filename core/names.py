"""Names of people as people compare them: one fold for every search, sort and duplicate check.

Pure Python. Russian treats «ё» and «е» as one letter when names are compared
and sorted (a dictionary puts «Ёлкин» among the «Е»), case never matters (for
every alphabet: SQLite folds only ASCII), and runs of spaces count as one.
Every page and export that sorts or searches names uses ``name_key`` /
``name_matches``; the duplicate checks and the search boxes use ``fold``.
"""
from __future__ import annotations

_YO = str.maketrans({"ё": "е", "Ё": "е"})


def fold(text) -> str:
    """The comparable form of a name: lower case, «ё» read as «е», single spaces, no edge spaces."""
    return " ".join(str(text or "").casefold().translate(_YO).split())


def name_key(text) -> tuple:
    """Sort key: the folded name first, the name as written to keep the order stable."""
    return fold(text), str(text or "")


def name_matches(query, text) -> bool:
    """Does ``text`` contain ``query``, compared as ``fold`` compares?"""
    return fold(query) in fold(text)



def person_name(user) -> str:
    """An account's name as the forms ask for it and the pair lists write it: «Фамилия Имя» (the account keeps
    the surname as ``last_name``, ``access.accounts.split_name``), or the login when it has none."""
    if user is None:
        return ""
    name = " ".join(part for part in (user.last_name, user.first_name) if part)
    return name or user.get_username()


def pair_with_players(name: str, players) -> str:
    """A pair as every page and printout names it: its own name and its players («Клинчане (Иванов Иван —
    Петров Пётр)»), or the players alone."""
    names = " — ".join(p for p in players if p)
    if name and names:
        return f"{name} ({names})"
    return name or names
