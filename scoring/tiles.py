"""Which tiles a deal's entry asks for under a tournament's rules (a Kozel-family deal form and the entry page).

The lead tile matters when leading with it scores, decides a game or plays off the eggs; the out tile when
finishing with it scores or wins.
"""


def uses_lead_tile(rules) -> bool:
    return any(p for _t, p in rules.lead_bonus) or rules.decider or rules.eggs == "play_off"


def uses_out_tile(rules) -> bool:
    return any(p for _t, p in rules.finish_bonus) or rules.blank_finish_wins or rules.six_finish_wins != "off"
