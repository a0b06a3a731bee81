"""Forms (modals) answered by their custom id, so that a form opened before a restart is still
answered after it: discord.py dispatches a modal's submission only to the `Modal` object that
sent it, which a restart loses, so a feature's listener reads the submission itself."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import discord

from cogs.common.errors import on_tree_error

Answers = dict[str, Any]
Handle = Callable[[discord.Interaction, re.Match[str], Answers], Awaitable[None]]


def answers(components: list[dict[str, Any]]) -> Answers:
    """The values of a submitted form, by custom id (text: its value; a menu: its values)."""
    found: Answers = {}
    for component in components:
        custom_id = component.get("custom_id")
        if custom_id:
            found[custom_id] = component.get("values", component.get("value"))
        inner = list(component.get("components") or [])
        if component.get("component"):
            inner.append(component["component"])
        found.update(answers(inner))
    return found


def picked(given: Answers, prefix: str) -> list[str]:
    """The values chosen in every menu whose custom id starts with `prefix` (one question
    asked in several menus: `prefix`, `prefix1`, …, each of at most 25 options)."""
    return [v for key, values in given.items() if key.startswith(prefix) for v in values or []]


async def answer_form(
    interaction: discord.Interaction, form: re.Pattern[str], handle: Handle
) -> None:
    """A submitted form whose custom id `form` matches is answered by `handle` (its match and
    its answers); any other interaction is left alone. Errors are answered as a command's."""
    if interaction.type is not discord.InteractionType.modal_submit:
        return
    data: Mapping[str, Any] = interaction.data or {}
    match = form.fullmatch(str(data.get("custom_id", "")))
    if match is None:
        return
    try:
        await handle(interaction, match, answers(data.get("components", [])))
    except Exception as error:  # answered like a command's error
        await on_tree_error(interaction, error)
