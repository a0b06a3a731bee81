"""Exact odds of a shot (issue 19): convolution over the dice, never simulation.

    from core.antares.odds import shot_odds, Standing
    odds = shot_odds(shot, rules, db)             # a ``core.antares.shooting.Shot``, as `/shoot`
    builds it
    odds.hits[2], odds.casualties, odds.better_than(hits=3, casualties=1)

Modules, in the order a shot goes: ``dist`` (distributions as lists), ``delivery`` (Acc
tests to hits), ``every_die`` and ``charts`` (damage charts run over every face),
``damage`` (Shield Drones, Res tests, rerolls, per number of hits), ``standing`` (pins,
break test, destruction), ``engine`` (``shot_odds``); ``fairness`` reads a game's dice.
"""

from core.antares.odds.engine import ShotOdds, hit_odds, shot_odds
from core.antares.odds.standing import Standing

__all__ = ["ShotOdds", "Standing", "hit_odds", "shot_odds"]
