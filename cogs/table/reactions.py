"""A shot (or an assault) that waits for its target's reaction, on the table (issue 31 §1): the
card that asks the target's player, its answer (the reaction's Init test, then the shots that
went ahead, or the assault's round) and the window's end (``services.shooting.reaction``; the
timer is fired by `cogs.pace.loop`)."""

from __future__ import annotations

from datetime import datetime

import discord

from cogs.common.bot import ServicedBot
from cogs.common.cards import Story
from cogs.common.replies import NO_MENTIONS, lang_of, pinging, send
from cogs.common.text import plain
from cogs.game.render import reacted
from cogs.pace.render import stamp
from cogs.shooting import pages, render_combat, render_shot
from cogs.shooting.react import react_buttons
from cogs.shooting.render_log import skipped_line
from cogs.table.card import Card, colour, shot_text, stopped_note, whole_report
from locales import Lang, t
from services.shooting import Answered, ReactionAsked, SprungWindow, TimerRecord


def asked_head(lang: Lang, asked: ReactionAsked) -> str:
    assault = "_assault" if asked.against == "assault" else ""
    deadline = stamp(datetime.fromisoformat(asked.deadline))
    window = t(lang, f"react.offered_window{assault}", deadline=deadline)
    return t(
        lang,
        f"react.offered{assault}",
        owner=asked.owner_id,
        unit=plain(asked.target.name),
        shooter=plain(asked.shooter.name),
        window=window,
    )


async def post_asked(interaction: discord.Interaction, asked: ReactionAsked) -> None:
    """A card of its own, pinging only the target's player (`only`: nobody else; the card
    clicked keeps its buttons: they are refused while the shot waits)."""
    lang = await lang_of(interaction)
    card = Card(colour(asked.target.colour), asked_head(lang, asked))
    laid = card.layout(lang, [react_buttons(lang, asked)])
    await send(interaction, view=laid.view, allowed_mentions=pinging([asked.owner_id]))


def sprung_window(lang: Lang, window: SprungWindow) -> str:
    """How long the held shot waits for the ambusher (``ambush_window``), or that it waits
    for its player."""
    if window.deadline is None:
        return t(lang, "react.sprung_no_window")
    deadline = stamp(datetime.fromisoformat(window.deadline))
    return t(lang, "react.sprung_window", deadline=deadline, seconds=window.seconds)


def answer_lines(lang: Lang, answered: Answered) -> list[str]:
    """The answer as its card shows it: the reaction (or none) and, for an assault, its
    round."""
    lines = reaction_lines(lang, answered)
    if answered.combat is not None:  # an assault held back: its round, fought since
        title, combat = render_combat.combat(lang, answered.combat)
        lines.append("\n".join([f"**{title}**", *combat]))
    return lines


def reaction_lines(lang: Lang, answered: Answered) -> list[str]:
    """The reaction (or none) and, for a Camo Drone unit gone Down, the miss."""
    lines = []
    if answered.reaction is not None:
        lines.append(reacted(lang, answered.reaction))
        if answered.window is not None:  # an Ambush sprung: the held shot waits for its shot
            lines.append(sprung_window(lang, answered.window))
    elif answered.skipped is not None:
        lines.append(skipped_line(lang, answered.skipped))
    if answered.camo_missed and answered.reaction is not None:
        lines.append(t(lang, "react.camo_missed", unit=plain(answered.reaction.unit_name)))
    return lines


def answer_report(lang: Lang, answered: Answered) -> Story | None:
    """The answer whole, for the message that follows a card that cannot hold it: the
    reaction with its Init test, then the assault's round or the shots that went ahead."""
    lines = reaction_lines(lang, answered)
    if answered.combat is None:
        return whole_report(lang, answered.volley.records, lines=lines)
    title, combat = render_combat.combat(lang, answered.combat)
    hue = render_shot.unit_colour(answered.combat.attacker)
    return whole_report(lang, answered.volley.records, title, [*lines, *combat], hue)


async def window_passed(bot: ServicedBot, timer: TimerRecord) -> None:
    """No answer in time: the shots went ahead; a card of their own says so (no buttons:
    🎲 Draw next stays where it was), and, should it not hold them, their whole report
    follows in messages of their own."""
    expired = await bot.services.shooting.expire(timer)
    if expired is None:
        return
    lang, answered = expired.lang, expired.answered
    volley = answered.volley
    shooter = volley.records[0].shooter if volley.records else None
    if answered.combat is not None:  # an assault's card takes its attacker's colour
        shooter = answered.combat.attacker
    card = Card(colour(shooter.colour if shooter else None))
    card.shots = [*answer_lines(lang, answered)]
    card.shots += [shot_text(lang, record) for record in volley.records]
    card.note = stopped_note(lang, volley)
    laid = card.layout(lang, [])
    channel = bot.get_partial_messageable(expired.channel_id)
    await channel.send(view=laid.view, allowed_mentions=NO_MENTIONS)
    report = answer_report(lang, answered)
    if laid.cut and report is not None:  # every die shown: the whole report, page by page
        title, lines, hue = report
        await pages.post(channel, lang, title, lines, hue)
