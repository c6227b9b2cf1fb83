"""Standings from plain results: the pair and individual standings, their tie-breaks, cross tables, the
qualification to a stage 2 and the team rows. Pure: the read models of ``scoring`` feed them."""
