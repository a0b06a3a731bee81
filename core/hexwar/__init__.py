"""The hex-map wargame of seed 001 ("Fiches des Mécanismes Communs"): pure rules.

Each module settles one mechanic the players argue about at the table, citing the seed's
heading: Errement (``errement``), the Advantage of a combat (``advantage``), stacking
(``stacking``), line of sight on hexes (``los``, its short notation ``notation``) and the
movement cost the seed gives (``movement``). Nothing here is stored: the commands are
helpers that work in any channel whose game is not of another system.
"""
