from django.shortcuts import get_object_or_404, render

from .models import Tournament


def home(request):
    tournaments = Tournament.objects.filter(is_public=True)
    return render(request, "tournaments/home.html", {"tournaments": tournaments})


def tournament_detail(request, slug):
    tournament = get_object_or_404(Tournament, slug=slug, is_public=True)
    rounds = tournament.rounds.exclude(status="draft")
    return render(request, "tournaments/detail.html", {"tournament": tournament, "rounds": rounds})
