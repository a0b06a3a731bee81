"""The names of the reminders of a question a player must answer (issue 33, "Nudges"): an
undo that waits for their consent, a campaign battle that waits for their confirmation. The
feature that asks schedules the reminder (`services.pace`); the one that takes the answer
cancels it by this name, in the answer's own transaction."""

from __future__ import annotations

ASK = "ask"  # the timers' kind


def undo_ask(game_id: int, requester_id: int, steps: int, newest_seq: int) -> str:
    """An undo request (as its buttons carry it, `services.game.UndoRequest`)."""
    return f"{ASK}:undo:{game_id}:{requester_id}:{steps}:{newest_seq}"


def battle_ask(campaign_id: int, number: int) -> str:
    """Battle `number` of the campaign, waiting for its players' confirmation."""
    return f"{ASK}:battle:{campaign_id}:{number}"
