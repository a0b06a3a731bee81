"""Blast D(n): a template that hits scores D(n) hits (seeds "Déflagration D(n)").

X-Launcher D5, X-Howitzer D10, Mag Mortar D10 (two templates, OHx2), X-Sling D3, Micro-X
D4, Solar Charges D3, Nano-boosted IMTel Stave D3: n is the parameter of the mode's
``blast`` rule. Against units Down, running or sprinting the hits are halved, rounding
down, instead of being rerolled (seeds "TIR EN SURPLOMB"). The first hit of a lucky shot
is the shooter's to place, so it is marked lucky.
"""

from __future__ import annotations

from core.antares.shooting.results import HitRecord, TemplateRecord
from core.antares.shooting.tape import Tape


def roll_blast(tape: Tape, template: TemplateRecord, sides: int, halve: bool) -> None:
    """Roll D(n) for a template that hit; record the roll and the (halved) hits."""
    template.blast_roll = tape.roll(sides, "blast", index=template.index)
    template.halved = halve
    template.hits = template.blast_roll // 2 if halve else template.blast_roll


def template_hits(
    template: TemplateRecord, sv: int | None, lucky: bool, first: int
) -> list[HitRecord]:
    """The hits of a template, numbered from ``first``; the first one lucky on an Acc 1."""
    return [
        HitRecord(index=first + i, sv=sv, lucky=lucky and i == 0, template=template.index)
        for i in range(template.hits)
    ]
