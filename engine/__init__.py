"""The engine: the rules of every game and the pairing algorithms, pure Python (no Django, no model).

``engine.rules`` scores deals, parties and protocols of every preset; ``engine.pairing`` pairs rounds
(round robin, Swiss, random, the whist schedules, groups and brackets). Plain data in, plain data out;
every app above may use it, it imports none of them.
"""
