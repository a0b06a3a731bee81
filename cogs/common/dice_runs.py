"""Dice written for a reader in a log or undo line: the dice of one kind in a row as one
run, "D10: 2, 9 · D6: 4" (French "D10 : 2, 9 · D6 : 4"), in the order rolled (issue 29:
never "d10:2, d10:9")."""

from __future__ import annotations

from collections.abc import Iterable

from locales import Lang, t


def dice_runs(lang: Lang, dice: Iterable[tuple[int, int]]) -> str:
    """``dice``: (sides, value) in the order rolled; "—" when none was rolled."""
    runs: list[tuple[int, list[str]]] = []
    for sides, value in dice:
        if runs and runs[-1][0] == sides:
            runs[-1][1].append(str(value))
        else:
            runs.append((sides, [str(value)]))
    if not runs:
        return "—"
    return " · ".join(
        t(lang, "game.dice_run", sides=sides, values=", ".join(values)) for sides, values in runs
    )
