"""Mines and special-ammo markers on the table (issue 6).

Seeds 000/002/003 "POSER DES GRENADES EN TANT QUE MINES" and "MUNITIONS SPÉCIALES". The
bot cannot see the table: players say where a marker is (free text) and which units are
within its radius; the rules here apply the effects of those declarations.

* ``models``: ``AmmoMarker`` and ``Mine`` as stored (``GameState.mines``; an ammo marker
  lives in the data of its end-of-turn test, so the end-of-turn D10 that removes the test
  removes the marker with it).
* ``markers``: place, remove, declare a unit within 3", scramble-proof units.
* ``mines``: lay (a Fire order), trigger (D5 attacks at Acc 5 through the shooting core).
* ``effects``: what a marker does to a unit: ``shot_markers`` for
  ``/shoot``, Scoot / Grip / Scrambler on orders (``core.antares.orders``).

This package's ``__init__`` imports nothing: ``core.antares.game`` imports ``models``.
"""
