"""The data of a tournament: its settings and rules, entrants (pairs, players), rounds and parties, with the
choices, validators, presets and format objects that describe them. Models and their vocabulary only: the
services and pages that run a tournament are ``events``."""
