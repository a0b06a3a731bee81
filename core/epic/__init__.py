"""The Epic-scale game of seed 004 (bases, detachments): its special capabilities as rolls.

The seed never names its die; "tir sur du 7+" (DR) needs more than six faces, so the die is
a ruleset setting (``Ruleset.epic_die``, D10 by default; rulesdb/README.md "Readings").
Regeneration (``regeneration``), close defences DR (``defences``), Elite rerolls and their
pool per side (``elite``), and the generic shot or assault roll with its weapon and unit
capabilities (``shot``).
"""
