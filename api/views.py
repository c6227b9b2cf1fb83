"""The open read API, version 1 (``/api/v1/``): thin views over ``api.selectors``.

Read only and anonymous (no session, no account: everyone gets the same answer, so an ETag serves
everyone). Every list is paged (``api.plumbing``); what is not public is a 404, as on the pages.
"""
from __future__ import annotations

from django.http import JsonResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.generics import GenericAPIView, ListAPIView, RetrieveAPIView
from rest_framework.response import Response

from core.converters import MAX_INT, strict_int

from . import selectors
from . import serializers as s
from .plumbing import Conditional, Open, RatedTournamentPages, StandingsPages

ROUND_PARAMETER = OpenApiParameter("round", int, description="Only this round.")
AFTER_PARAMETER = OpenApiParameter("after", int, description="The standings as after this round.")


class TournamentList(Conditional, ListAPIView):
    """The public tournaments, newest first."""

    serializer_class = s.TournamentSerializer

    def stamp(self, **kwargs):
        return selectors.tournaments_stamp()

    def get_queryset(self):
        return selectors.public_tournaments()

    def paginate_queryset(self, queryset):
        return [selectors.tournament_data(t) for t in super().paginate_queryset(queryset)]


class _OfTournament(Conditional):
    """A view of one public tournament (``slug``): its data version is the ETag's."""

    def stamp(self, **kwargs):
        return selectors.tournament_stamp(kwargs["slug"])

    @property
    def tournament(self):
        if not hasattr(self, "_tournament"):
            self._tournament = selectors.public_tournament(self.kwargs["slug"])
            if self._tournament is None:
                raise NotFound(_("Такого открытого турнира нет."))
        return self._tournament

    def round_number(self, name="round"):
        """An optional round number from the query; anything but a whole number from 1 is refused (400)."""
        raw = self.request.query_params.get(name)
        if raw in (None, ""):
            return None
        number = strict_int(raw, 1, MAX_INT)
        if number is None:
            raise ValidationError({name: [_("Номер тура — целое число от 1 до %(max)s.") % {"max": MAX_INT}]})
        return number


class TournamentDetail(_OfTournament, RetrieveAPIView):
    """One public tournament."""

    serializer_class = s.TournamentSerializer

    def get_object(self):
        return selectors.tournament_data(self.tournament)


class EntrantList(_OfTournament, ListAPIView):
    """The entrants: pairs, or the players of an individual event (one per entrant), by number."""

    serializer_class = s.EntrantSerializer

    def get_queryset(self):
        return selectors.entrants(self.tournament)


class PlayerList(_OfTournament, ListAPIView):
    """The tournament's players, by entrant and seat."""

    serializer_class = s.TournamentPlayerSerializer

    def get_queryset(self):
        return selectors.tournament_players(self.tournament)


class RoundList(_OfTournament, ListAPIView):
    """The published and finished rounds (a draft round is not shown)."""

    serializer_class = s.RoundSerializer

    def get_queryset(self):
        return selectors.shown_rounds(self.tournament)


class _OfRound(_OfTournament):
    @property
    def round(self):
        rnd = selectors.shown_round(self.tournament, self.kwargs["number"])
        if rnd is None:
            raise NotFound(_("Тур не опубликован или его нет."))
        return rnd


class PairingList(_OfRound, ListAPIView):
    """Who sits at which table in a shown round."""

    serializer_class = s.PairingSerializer

    def get_queryset(self):
        return selectors.pairings(self.round)


class ResultList(_OfRound, ListAPIView):
    """Each table's result in a shown round."""

    serializer_class = s.ResultSerializer

    def get_queryset(self):
        return selectors.results(self.round)


class ProtocolList(_OfTournament, ListAPIView):
    """The protocols of the shown rounds that have begun, as `domino-protocol/2`, in round and table order."""

    serializer_class = s.ProtocolSerializer

    @extend_schema(parameters=[ROUND_PARAMETER])
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        return selectors.shown_protocols(self.tournament, self.round_number())

    def paginate_queryset(self, queryset):
        page = super().paginate_queryset(queryset)
        return [selectors.protocol_data(p) for p in page]


class ProtocolDetail(_OfTournament, RetrieveAPIView):
    """One protocol (by its partie's id) as `domino-protocol/2`."""

    serializer_class = s.ProtocolSerializer

    def get_object(self):
        protocol = selectors.shown_protocols(self.tournament).filter(partie_id=self.kwargs["partie_id"]).first()
        if protocol is None:
            raise NotFound(_("Протокол не открыт для просмотра или его нет."))
        return selectors.protocol_data(protocol)


class StandingList(_OfTournament, ListAPIView):
    """The standings of the public page: pairs, or the players of an individual event."""

    serializer_class = s.StandingSerializer
    pagination_class = StandingsPages

    @extend_schema(parameters=[AFTER_PARAMETER])
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        data = selectors.standings(self.tournament, self.round_number("after"))
        self.paginator.meta = {k: v for k, v in data.items() if k != "rows"}
        return data["rows"]


class FinalPlaceList(_OfTournament, ListAPIView):
    """An event in stages: its final places — stage 2's order, then everyone else by stage 1 (empty until stage
    2's entrants are confirmed, and in an event of one stage, whose standings are its places)."""

    serializer_class = s.FinalPlaceSerializer

    def get_queryset(self):
        return selectors.final_places(self.tournament)


class PlayerStandingList(StandingList):
    """A pair event's players in their pair's order (an individual event's standings are its players')."""

    serializer_class = s.PlayerStandingSerializer

    def get_queryset(self):
        if self.tournament.format_spec.single_player_entries:
            raise NotFound(_("В личном зачёте положение игроков — это положение турнира (standings/)."))
        data = selectors.player_standings(self.tournament, self.round_number("after"))
        self.paginator.meta = {k: v for k, v in data.items() if k != "rows"}
        return data["rows"]


class RatingList(Conditional, ListAPIView):
    """The rating list, best first (docs/rules.md Part V), with the filters of its page."""

    serializer_class = s.RatingSerializer

    def stamp(self, **kwargs):
        return selectors.rating_stamp()

    @extend_schema(parameters=[
        OpenApiParameter("club", str, description="Only this club (as the list shows it; «ё» = «е», any case)."),
        OpenApiParameter("city", str, description="Only this city."),
        OpenApiParameter("active", bool, description="Only those who played in the last 12 months."),
    ])
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        query = self.request.query_params
        club, city = (str(query.get(k, ""))[:200].strip() for k in ("club", "city"))
        if "\x00" in club + city:
            raise ValidationError({"club" if "\x00" in club else "city": _("Недопустимый символ.")})
        active = str(query.get("active", "")).lower()
        if active not in ("", "true", "false", "1", "0"):
            raise ValidationError({"active": _("active — true или false.")})
        filters, refused = selectors.rating_filters(club, city, active in ("true", "1"))
        if refused:
            raise ValidationError(refused)
        return selectors.rating_rows(filters)

    def paginate_queryset(self, queryset):
        return selectors.rating_data(super().paginate_queryset(queryset))


class RatedTournamentList(Conditional, ListAPIView):
    """The rated tournaments in the order the rating applies them (docs/rules.md V.2): start date, then the
    tournament's number in the system; within one, round, table and partie (docs/api.md tells how to compute the
    list again from the API's answers)."""

    serializer_class = s.RatedTournamentSerializer
    pagination_class = RatedTournamentPages

    def stamp(self, **kwargs):
        return selectors.rated_tournaments_stamp()

    def get_queryset(self):
        data = selectors.rated_tournaments()
        self.paginator.meta = {"complete": data["complete"]}
        return data["rows"]


class Index(Open, GenericAPIView):
    """Where to start: the tournaments and the schema."""

    @extend_schema(responses={200: {"type": "object", "additionalProperties": {"type": "string"}}})
    def get(self, request):
        return Response({name: request.build_absolute_uri(reverse(f"api:{name}")) for name in ("tournaments", "rating", "rated_tournaments", "openapi", "docs")})


def not_found(request, *args, **kwargs):
    """An address under /api/v1/ that names nothing: a JSON 404 like every other refusal of the API."""
    return JsonResponse({"detail": _("Такого адреса в API нет.")}, status=404,
                        headers={"Access-Control-Allow-Origin": "*"})
