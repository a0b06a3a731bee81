"""The buttons of a shot that waits for its target's reaction (issue 31 §1): one per reaction
the target may take, and No reaction. Their custom ids carry the game, the target and the
answer, so they work after a restart; the service refuses anyone but the target's player, the
host or a game master, and an offer already answered (``services.shooting.reaction``). The
answer's card is composed by the table (``cogs.common.cards``)."""

from __future__ import annotations

import discord

from cogs.common.bot import app_services
from cogs.common.cards import cards
from cogs.common.errors import answers_errors
from cogs.common.replies import lang_of
from cogs.game.options import call_of
from cogs.shooting import render_markers
from core.antares.game import REACTIONS, ReactionKind
from locales import Lang, t
from services.shooting import ReactionAsked

NONE = "none"
ANSWERS = "|".join((*REACTIONS, NONE))  # the rules' reactions, and No reaction
STYLE = {
    "down": discord.ButtonStyle.primary,
    "fire": discord.ButtonStyle.danger,
    "ambush": discord.ButtonStyle.danger,
}
EMOJI = {"down": "⬇️", "fire": "🔥", "run": "🏃", "ambush": "💥", NONE: "✖️"}


class ReactButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=rf"antares:react:(?P<game>\d+):(?P<unit>u\d+):(?P<kind>{ANSWERS})",
):
    """One answer to the reaction offer."""

    def __init__(self, game_id: int, unit_id: str, kind: str, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or kind,
                emoji=EMOJI.get(kind),
                style=STYLE.get(kind, discord.ButtonStyle.secondary),
                custom_id=f"antares:react:{game_id}:{unit_id}:{kind}",
            )
        )
        self.game_id, self.unit_id, self.kind = game_id, unit_id, kind

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["game"]), match["unit"], match["kind"])

    @answers_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        lang = await lang_of(interaction)

        def where(target: str | None, at: int | None) -> str:
            return render_markers.location(lang, target, at)

        kind = None if self.kind == NONE else self.kind
        answered = await app_services(interaction).shooting.answer(
            call_of(interaction), self.game_id, self.unit_id, kind, where
        )
        await cards(interaction).answered(interaction, answered)


def go_ahead_button(lang: Lang, game_id: int, unit_id: str) -> discord.ui.Item:
    """A sprung Ambush: its player lets the held shot go ahead (once it has shot, or not)."""
    return ReactButton(game_id, unit_id, NONE, t(lang, "react.go_ahead"))


def react_buttons(lang: Lang, asked: ReactionAsked) -> list[discord.ui.Item]:
    """A button per reaction offered, then No reaction."""
    kinds: list[ReactionKind | str] = [*asked.kinds, NONE]
    return [
        ReactButton(
            asked.game_id,
            asked.target.id,
            kind,
            t(lang, "react.decline") if kind == NONE else t(lang, f"react.kind_{kind}"),
        )
        for kind in kinds
    ]
