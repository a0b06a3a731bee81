"""The consent buttons of a campaign battle (issue 23): ✅ Confirm / ✋ Refuse.

A battle recorded by one of its players (or by a host who did not play it) waits for the
other player: the reply that recorded it names them (a mention that notifies them) and
carries the two buttons. Only a waiting player or an organiser of the campaign may click
(`services.campaign.consent` checks it). The buttons are `DynamicItem`s whose custom ids
carry the campaign and the battle's number, registered in the campaign cog's setup: they
never lapse, and work after a restart. An answer edits the message: the line it adds says
what happened, and the buttons stay only while a player is still to answer.
"""

from __future__ import annotations

import discord

from cogs.campaign import render
from cogs.common.actors import call_of
from cogs.common.bot import app_services
from cogs.common.errors import on_tree_error
from cogs.common.replies import NO_MENTIONS, lang_of, pinging
from core.common.errors import Conflict
from locales import Lang, t
from services.campaign import BattleRecord, ConsentAnswer, RecordedBattle

CONSENT_PREFIX = "antares:battle:"
ANSWERED = ("campaign.consent_done", "campaign.consent_deleted")


def mentions(user_ids: tuple[int, ...]) -> str:
    return ", ".join(f"<@{user_id}>" for user_id in user_ids)


def asking(battle: BattleRecord) -> discord.AllowedMentions:
    """The players asked are notified (and nobody else)."""
    return pinging(battle.awaiting)


def request(lang: Lang, battle: BattleRecord) -> str:
    """The line that asks the waiting players."""
    return t(lang, "campaign.consent_asked", players=mentions(battle.awaiting), number=battle.seq)


def consent_view(lang: Lang, recorded: RecordedBattle) -> discord.ui.View | None:
    """✅ Confirm / ✋ Refuse under a pending battle; None once nobody is left to ask."""
    battle = recorded.battle
    if not battle.pending:
        return None
    view = discord.ui.View(timeout=None)
    for choice, style in (
        ("confirm", discord.ButtonStyle.success),
        ("refuse", discord.ButtonStyle.danger),
    ):
        item = BattleConsent(
            choice, recorded.campaign.id, battle.seq, t(lang, f"campaign.consent_{choice}")
        )
        item.item.style = style
        view.add_item(item)
    return view


def answered(lang: Lang, answer: ConsentAnswer) -> str:
    battle = answer.recorded.battle
    if answer.refused:
        return t(lang, "campaign.consent_refused", who=answer.by, number=battle.seq)
    if battle.pending:
        return t(
            lang,
            "campaign.consent_partly",
            who=answer.by,
            number=battle.seq,
            players=mentions(battle.awaiting),
        )
    return t(lang, "campaign.consent_confirmed", who=answer.by, number=battle.seq)


class BattleConsent(
    discord.ui.DynamicItem[discord.ui.Button],
    template=CONSENT_PREFIX + r"(?P<choice>confirm|refuse):(?P<campaign>\d+):(?P<number>\d+)",
):
    """Confirm or refuse battle `number` of the campaign (both are in the custom id)."""

    def __init__(self, choice: str, campaign_id: int, number: int, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or choice,
                style=discord.ButtonStyle.secondary,
                custom_id=f"{CONSENT_PREFIX}{choice}:{campaign_id}:{number}",
            )
        )
        self.choice = choice
        self.campaign_id = campaign_id
        self.number = number

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(match["choice"], int(match["campaign"]), int(match["number"]), item.label or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await self._answer(interaction)
        except Conflict as error:
            if error.key not in ANSWERED:
                await on_tree_error(interaction, error)
                return
            await self._close(interaction, t(await lang_of(interaction), error.key, **error.values))
        except Exception as error:  # answered like a command's error
            await on_tree_error(interaction, error)

    async def _answer(self, interaction: discord.Interaction) -> None:
        campaigns = app_services(interaction).campaigns
        act = campaigns.confirm if self.choice == "confirm" else campaigns.refuse
        answer = await act(call_of(interaction), self.campaign_id, self.number)
        lang = await lang_of(interaction)
        message = interaction.message
        content = f"{message.content}\n" if message is not None and message.content else ""
        recorded = answer.recorded
        embeds = _embeds(lang, message, recorded)
        await interaction.response.edit_message(
            content=content + answered(lang, answer),
            embeds=embeds,
            view=consent_view(lang, recorded),
            allowed_mentions=NO_MENTIONS,
        )

    async def _close(self, interaction: discord.Interaction, line: str) -> None:
        """Answered already (or deleted): the buttons go, the message says why."""
        message = interaction.message
        content = f"{message.content}\n" if message is not None and message.content else ""
        await interaction.response.edit_message(
            content=content + line, view=None, allowed_mentions=NO_MENTIONS
        )


def _embeds(
    lang: Lang, message: discord.Message | None, recorded: RecordedBattle
) -> list[discord.Embed]:
    """A `/campaign record` reply shows the battle: shown again as it is now."""
    if message is None or not message.embeds:
        return []
    battle, names = recorded.battle, recorded.names
    return [render.recorded(lang, "campaign.recorded", battle, names, recorded.campaign)]


DYNAMIC_ITEMS = (BattleConsent,)
