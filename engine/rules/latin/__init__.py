"""The international partnership game, *dominó por parejas*, preset ``latin`` (RULES-LATIN.md).

Pure Python, split by concept: its options (``options``), the tiles and hands left (``tiles``), one hand of
play (``hand``), sanctions and cards (``cards``), the result rows and *efectividad* (``result``), the partida
(``partida``), the protocol's reading (``protocol``) and the standings (``ranking``).

* ``score_latin(protocol) -> ScoredPartida`` — also reached through ``engine.rules.score_protocol``;
  ``ScoredPartida.to_json()`` is the scored protocol of §11.3;
* ``rank(partidas, *, order=None) -> list[dict]`` — the standings rows of §11.3 in the order of §8.3, from
  protocols or scored partidas;
* ``LatinOptions`` — the options of §12; ``engine.rules.config.Rules.from_config({"preset": "latin", …})``
  keeps them as ``rules.latin``.
"""
from .options import LATIN_CHOICES, LATIN_RANGES, RANKING_KEYS, LatinOptions
from .partida import ScoredHand, ScoredPartida
from .protocol import score_latin
from .ranking import rank

__all__ = ["LATIN_CHOICES", "LATIN_RANGES", "RANKING_KEYS", "LatinOptions", "ScoredHand", "ScoredPartida", "rank",
           "score_latin"]
