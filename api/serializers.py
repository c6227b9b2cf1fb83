"""The shapes of the open read API (plain data of ``api.selectors`` in, JSON out; the OpenAPI schema reads them).

Machine values, not words: a status is its code (``published``, ``signed``…), a side is ``A`` or ``B``,
a seat ``A1``…``B2``; an entrant is named by its number (a pair's, or a player's in an individual event).
"""
from __future__ import annotations

from django.urls import reverse
from rest_framework import serializers

from tournaments.choices import FORMAT_CHOICES, ProtocolStatus
from tournaments.models import EntrantStatus, PairingSystem

WINNERS = [(w, w) for w in ("A", "B", "draw")]
SIDES = [(side, side) for side in ("A", "B")]
SHOWN_ROUND_STATUSES = [(s, s) for s in ("published", "finished")]


def _absolute(request, name, *args) -> str:
    url = reverse(name, args=args)
    return request.build_absolute_uri(url) if request is not None else url


class TournamentSerializer(serializers.Serializer):
    slug = serializers.SlugField()
    name = serializers.CharField()
    start_date = serializers.DateField()
    end_date = serializers.DateField(allow_null=True)
    venue = serializers.CharField()
    city = serializers.CharField(help_text="The city the calendar files it under (empty: not given).")
    format = serializers.ChoiceField(choices=FORMAT_CHOICES)
    pairing_system = serializers.ChoiceField(choices=PairingSystem.choices)
    rounds_planned = serializers.IntegerField()
    rules = serializers.DictField(help_text="The rules preset and its overrides, as a protocol's `rules`.")
    tiebreaks = serializers.ListField(child=serializers.CharField(), help_text="The tie-breaks in order.")
    draw_seed = serializers.CharField(help_text="The draw's seed once the draw is done (it reproduces the draw).")
    draw_closed = serializers.BooleanField()
    rated = serializers.BooleanField(help_text="Its signed parties count for the federation's rating (docs/rules.md "
                                               "Part V); the order they count in: /rating/tournaments/.")
    url = serializers.SerializerMethodField(help_text="This tournament in the API.")
    page = serializers.SerializerMethodField(help_text="Its public page.")

    def get_url(self, obj) -> str:
        return _absolute(self.context.get("request"), "api:tournament", obj["slug"])

    def get_page(self, obj) -> str:
        return _absolute(self.context.get("request"), "tournaments:detail", obj["slug"])


class PlayerSerializer(serializers.Serializer):
    name = serializers.CharField()
    club = serializers.CharField()
    rating = serializers.IntegerField(allow_null=True)
    number = serializers.IntegerField(allow_null=True, help_text="The player's number in his pair (seat order).")
    person = serializers.IntegerField(allow_null=True, help_text=(
        "His person in the players' registry: the number the rating list (`player`) and his page /players/<№>/ "
        "use, the same in every tournament he played. Null: not linked to the registry yet."))


class TournamentPlayerSerializer(PlayerSerializer):
    entrant = serializers.IntegerField(allow_null=True, help_text="The number of his pair (of himself, individual).")


class EntrantSerializer(serializers.Serializer):
    number = serializers.IntegerField(allow_null=True, help_text="Empty before the draw.")
    name = serializers.CharField()
    status = serializers.ChoiceField(choices=EntrantStatus.choices)
    rating = serializers.IntegerField(allow_null=True)
    withdrawn_after_round = serializers.IntegerField(allow_null=True)
    joined_round = serializers.IntegerField(allow_null=True, help_text="Registered late: plays from this round.")
    players = PlayerSerializer(many=True)


class RoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    status = serializers.ChoiceField(choices=SHOWN_ROUND_STATUSES)
    tables = serializers.IntegerField(help_text="Tables played (byes and sit-outs not counted).")
    byes = serializers.IntegerField()


class SeatSerializer(serializers.Serializer):
    seat = serializers.CharField(help_text="A1, A2, B1 or B2; empty for a bye or a sit-out.")
    entrant = serializers.IntegerField(allow_null=True)
    name = serializers.CharField()
    person = serializers.IntegerField(allow_null=True, help_text=(
        "His person in the players' registry: the number the rating list (`player`) and his page /players/<№>/ "
        "use, the same in every tournament he played. Null: not linked to the registry yet."))


class SideSerializer(serializers.Serializer):
    entrants = serializers.ListField(child=serializers.IntegerField(allow_null=True),
                                     help_text="One pair, or the two players of an individual event's side.")
    players = SeatSerializer(many=True)


class PairingSerializer(serializers.Serializer):
    table = serializers.IntegerField(allow_null=True)
    partie = serializers.IntegerField(help_text="The partie's id (its protocol: /protocols/<partie>/).")
    bye = serializers.BooleanField()
    A = SideSerializer()
    B = SideSerializer(allow_null=True)


class ScoreSerializer(serializers.Serializer):
    A = serializers.IntegerField()
    B = serializers.IntegerField()


class ResultSerializer(serializers.Serializer):
    table = serializers.IntegerField(allow_null=True)
    partie = serializers.IntegerField()
    bye = serializers.BooleanField()
    status = serializers.ChoiceField(choices=ProtocolStatus.choices, allow_blank=True, help_text="Empty for a bye.")
    signed = serializers.BooleanField()
    score = ScoreSerializer(allow_null=True, help_text="Once the first deal is entered.")
    goats = ScoreSerializer(allow_null=True, help_text="Kozel family: the goats of each side.")
    winner = serializers.ChoiceField(choices=WINNERS, allow_null=True,
                                     help_text="Once the partie is finished.")
    no_show = serializers.ChoiceField(choices=SIDES, allow_null=True)
    ended_by_time = serializers.BooleanField()
    abandoned = serializers.ChoiceField(choices=SIDES, allow_null=True)
    disqualified = serializers.ChoiceField(choices=SIDES, allow_null=True,
                                           help_text="The side removed from the tournament by its remarks' ladder.")
    finished = serializers.BooleanField(help_text="The partie is over (its protocol says so); false for a bye.")


class ProtocolSerializer(serializers.Serializer):
    partie = serializers.IntegerField()
    round = serializers.IntegerField()
    table = serializers.IntegerField(allow_null=True)
    status = serializers.ChoiceField(choices=ProtocolStatus.choices)
    signed = serializers.BooleanField()
    protocol = serializers.DictField(help_text="The protocol as `domino-protocol/2` (docs/rules.md §9, "
                                               "docs/rules-kozel.md §8): score_protocol reads it.")


class KozelColumnsSerializer(serializers.Serializer):
    games_won = serializers.IntegerField()
    goats_received = serializers.IntegerField()
    goats_given = serializers.IntegerField()
    dry_goats = serializers.IntegerField()
    dry_goats_given = serializers.IntegerField()
    rating = serializers.IntegerField(allow_null=True)


class LatinColumnsSerializer(serializers.Serializer):
    """The partnership game's columns; ``card``: the highest card of the pair's partidas (black: withdrawn)."""

    efectividad = serializers.IntegerField(help_text="The sum of the partidas' efectividad (RULES-LATIN.md §8.1).")
    sanction = serializers.IntegerField(help_text="The points deducted by sanctions, summed.")
    card = serializers.ChoiceField(choices=["none", "yellow", "red", "black"])
    chancleta = serializers.IntegerField(help_text="The acta's counter, summed as the referees wrote it.")
    zapato = serializers.IntegerField(help_text="The acta's counter, summed as the referees wrote it.")


class FinalPlaceSerializer(serializers.Serializer):
    place = serializers.IntegerField(allow_null=True, help_text="Null: withdrawn, no place.")
    entrant = serializers.IntegerField(allow_null=True, help_text="The pair's, player's or team's number.")
    name = serializers.CharField()
    stage = serializers.IntegerField(help_text="2: placed by stage 2 (the final); 1: by the qualifier's standings.")
    seed = serializers.IntegerField(allow_null=True, help_text="The seed in stage 2 (null: not in stage 2).")


class StandingSerializer(serializers.Serializer):
    rank = serializers.IntegerField(allow_null=True)
    tied = serializers.BooleanField()
    entrant = serializers.IntegerField(allow_null=True)
    name = serializers.CharField()
    players = serializers.ListField(child=serializers.CharField())
    status = serializers.ChoiceField(choices=EntrantStatus.choices)
    played = serializers.IntegerField()
    wins = serializers.IntegerField()
    draws = serializers.IntegerField()
    losses = serializers.IntegerField()
    byes = serializers.IntegerField()
    match_points = serializers.FloatField()
    points_for = serializers.IntegerField()
    points_against = serializers.IntegerField()
    deals_won = serializers.IntegerField()
    buchholz = serializers.FloatField()
    sonneborn_berger = serializers.FloatField()
    head_to_head = serializers.FloatField(allow_null=True)
    kozel = KozelColumnsSerializer(allow_null=True, help_text="Kozel family only.")
    latin = LatinColumnsSerializer(allow_null=True, help_text="The partnership game (preset latin) only.")
    partners_score = serializers.FloatField(allow_null=True, help_text="Individual events only.")


class PlayerStandingSerializer(serializers.Serializer):
    rank = serializers.IntegerField(allow_null=True, help_text="The pair's place (partners share it).")
    player = serializers.CharField()
    club = serializers.CharField()
    pair = serializers.IntegerField(allow_null=True)
    status = serializers.ChoiceField(choices=EntrantStatus.choices)
    match_points = serializers.FloatField()
    points_for = serializers.IntegerField()
    difference = serializers.IntegerField()
    dominoes = serializers.IntegerField(help_text="Deals in which this player went out.")
    remarks = serializers.IntegerField()
    games_won = serializers.IntegerField(required=False, help_text="Kozel family only (the pair's).")
    goats_received = serializers.IntegerField(required=False, help_text="Kozel family only (the pair's).")
    goats_given = serializers.IntegerField(required=False, help_text="Kozel family only (the pair's).")
    dry_goats = serializers.IntegerField(required=False, help_text="Kozel family only (the pair's).")
    rating = serializers.IntegerField(required=False, allow_null=True, help_text="Kozel only (the pair's).")


class RatingSerializer(serializers.Serializer):
    place = serializers.IntegerField(help_text="The place in the whole list (equal ratings share it).")
    player = serializers.IntegerField(help_text="The person's number in the players' registry.")
    name = serializers.CharField()
    club = serializers.CharField(help_text="Empty when the person does not show it.")
    city = serializers.CharField(help_text="Empty when the person does not show it.")
    rating = serializers.IntegerField(help_text="Elo, a whole number (docs/rules.md Part V).")
    parties = serializers.IntegerField(help_text="Rated parties played.")
    provisional = serializers.BooleanField(help_text="Fewer rated parties than the site's provisional threshold.")
    last_played = serializers.DateField(help_text="The start date of the last rated tournament played.")
    page = serializers.SerializerMethodField(help_text="The player's public page.")

    def get_page(self, obj) -> str:
        return _absolute(self.context.get("request"), "registry:person", obj["player"])


class RatedTournamentSerializer(serializers.Serializer):
    position = serializers.IntegerField(help_text="1, 2, …: the order in which the rating applies the tournaments.")
    sequence = serializers.IntegerField(help_text=(
        "The tournament's number in the system (the order the tournaments were created in): it orders the rated "
        "tournaments of one start date. It never changes."))
    slug = serializers.SlugField()
    name = serializers.CharField()
    start_date = serializers.DateField(help_text="The first key of the order.")
    url = serializers.SerializerMethodField(help_text="This tournament in the API.")

    def get_url(self, obj) -> str:
        return _absolute(self.context.get("request"), "api:tournament", obj["slug"])
