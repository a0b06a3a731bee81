"""Where a move of the activation is shown: the activation card (issue 31 §2).

The bag's components (`cogs.game.views`: 🎲 Draw next, the unit-and-order menu, the order
buttons, ✅ Done) and the shot's (`cogs.shooting.aim`, `cogs.shooting.card_shot`: 🎯's form,
🔁) each call their service and hand the outcome here; the table (`cogs.table`, which
imports both packages to compose the card) registers the one implementation at its setup.
So neither package imports the other to show what follows a move, and the card is composed
in one module (`cogs.table.card`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import discord

from cogs.common.bot import bot_of
from locales import Lang
from services.game import Closed, Drawn, Ordered, Picked, Waiting
from services.shooting import Answered, ReactionAsked, Volley

Story = tuple[str, list[str], int | None]  # a report's title, lines and colour


class ActivationCards(Protocol):
    async def drawn(
        self,
        interaction: discord.Interaction,
        done: Drawn,
        *,
        head: str | None = None,
        lead: str | None = None,
        clicked: discord.Message | None = None,
    ) -> None:
        """A die drawn (or taken, or drawn again after Block!): a new card, the older
        cards' buttons taken off. `head`: the card's first text instead of the draw's;
        `lead`: a line before the draw's (Block!)."""

    async def picked(
        self, interaction: discord.Interaction, game_id: int, owner_id: int, picked: Picked
    ) -> None:
        """A large army's unit picked for the drawn die (nothing changed yet): the card
        edited, the unit menus kept, the unit's order buttons below them."""

    async def ordered(self, interaction: discord.Interaction, done: Ordered) -> None:
        """An order given: the card edited (a new card for a typed `/order`)."""

    async def shot(self, interaction: discord.Interaction, volley: Volley) -> None:
        """The unit's shots: the card edited, with what the unit may still fire."""

    async def asked(self, interaction: discord.Interaction, asked: ReactionAsked) -> None:
        """A shot held back for its target's reaction: a card that asks its player (the only
        one pinged), with a button per reaction and No reaction."""

    async def landed(
        self,
        interaction: discord.Interaction,
        story: Story,
        custom_id: str,
        fresh: Sequence[discord.ui.Item],
    ) -> None:
        """A drifted template's menu picked on a card: the card edited, `story` (its title,
        its lines: where it landed, every die; its colour) added to its shots, the menu
        (`custom_id`) taken off, `fresh` items in the place of those with their custom ids
        (the other templates' menus)."""

    async def answered(self, interaction: discord.Interaction, answered: Answered) -> None:
        """The reaction (or none) and the shots that went ahead: the asking card edited."""

    async def closed(self, interaction: discord.Interaction, done: Closed) -> None:
        """✅ Done: the card says the activation ended and offers 🎲."""

    async def waiting(
        self, interaction: discord.Interaction, lang: Lang, game_id: int, waiting: Waiting
    ) -> int | None:
        """A die an undo put back to wait: posted again as a card (its message id)."""


# The custom ids of a card's 🎯 Shoot and 🔁 (`cogs.shooting.aim`): `<prefix><game>:<unit>…`,
# read where a card is superseded (`cogs.game.next_step`), which may not import the shooting
SHOOT_PREFIX = "antares:shoot:"
REPEAT_PREFIX = "antares:repeat:"


def shooter_of(custom_id: str) -> str | None:
    """The unit whose 🎯 or 🔁 this is (None: another component)."""
    for prefix in (SHOOT_PREFIX, REPEAT_PREFIX):
        if custom_id.startswith(prefix):
            parts = custom_id.removeprefix(prefix).split(":")
            return parts[1] if len(parts) > 1 else None
    return None


def cards(interaction: discord.Interaction) -> ActivationCards:
    """The activation cards of the bot the interaction reached (cogs.table's `setup` gives
    the bot its one implementation)."""
    found = bot_of(interaction.client).activation_cards
    if found is None:
        raise RuntimeError("the activation cards are not registered: load cogs.table")
    return found
