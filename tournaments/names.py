"""Names of people as the pages and printouts write them (the comparing is ``core.names``)."""
from __future__ import annotations


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
