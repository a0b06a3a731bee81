"""Helpers of the 🎯 Shoot and 🔁 Shoot again tests (this module holds no tests).

Alice's Troopers (Acc 5, Res 6, 5 models) and Bob's Gangers (Res 6, 5 models), as in
test_shoot_kit.armies. The Mag Gun fires one Acc die per model carrying it (no RF);
rules-notes "Shooting" for the Acc and Res tests.
"""

from __future__ import annotations

from contextlib import nullcontext
from typing import Any

from tests.discord.game_kit import state_of
from tests.discord.test_shoot_kit import armies
from tests.support.locale import french

WORDS = {
    "en": {
        "shoot": "Shoot",
        "again": "Shoot again",
        "label": "Distance to the target (inches)",
        "not_yours": "Troopers belongs to",
        "weapon": "choose the weapon",
        "target": "shoots with Mag Gun: choose the target",
        "abc": "“abc” is not a distance: type the inches as a number",
        "negative": "The distance must be between 0 and 1000 inches (you gave -3)",
        "remembered": "↩️ From its last shot — target: **Gangers** (last target), "
        'distance: 10" (last distance).',
        "destroyed": "Gangers is destroyed: choose another target",
        "gone": "That unit is no longer in this game",
        "no_longer": "That unit is no longer a target for Troopers",
    },
    "fr": {
        "shoot": "Tirer",
        "again": "Tirer encore",
        "label": "Distance de la cible (en pouces)",
        "not_yours": "Troopers appartient à",
        "weapon": "choisissez l'arme",
        "target": "tire avec Mag Gun : choisissez la cible",
        "abc": "« abc » n'est pas une distance : tapez les pouces en chiffres",
        "negative": "La distance doit être entre 0 et 1000 pouces (vous avez donné -3)",
        "remembered": "↩️ D'après son dernier tir — cible : **Gangers** (dernière cible), "
        'distance : 10" (dernière distance).',
        "destroyed": "Gangers est détruite : choisissez une autre cible",
        "gone": "Cette unité n'est plus dans la partie",
        "no_longer": "Cette unité n'est plus une cible pour Troopers",
    },
}
LANGS = ["en", "fr"]
# Mag Gun x3 at 10": three Acc dice (2 and 3 hit, 9 misses), two Res tests (3 passes, 9
# fails): one casualty, and the hits pin the target
HITS = (2, 3, 9, 3, 9)


def speaking(lang: str):
    return french() if lang == "fr" else nullcontext()


async def ready(table, weapons: str = "Mag Gun x3, Plasma Carbine", order: str = "fire"):
    """The game, Troopers' weapons, its die taken and the order given: the order's reply."""
    await armies(table)
    await table.alice.slash(table.channel, "unit edit", unit="Troopers", weapons=weapons)
    await table.alice.slash(table.channel, "bag take", unit="Troopers")
    return await table.alice.slash(table.channel, "order", unit="Troopers", order=order)


def field_of(modal: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The label and the text input of the distance form."""
    (label,) = modal["components"]
    return label["label"], label["component"]


async def aim(member, order, lang: str, weapon: str | None = "mag-gun:-"):
    """Click 🎯 Shoot, choose the weapon (when asked) and Gangers: the form shown."""
    asked = await member.click(order.response, label=WORDS[lang]["shoot"])
    assert asked.ephemeral, asked.response.content
    if weapon is not None:
        await member.select(asked.response, [weapon])
    return asked, await member.select(asked.response, ["u2"])


async def destroy_gangers(env, table) -> None:
    """Every model left of the Gangers lost (the shots before rolled seeded dice)."""
    left = (await state_of(env, table.channel)).units["u2"].models
    done = await table.bob.slash(table.channel, "unit casualties", unit="Gangers", count=left)
    assert not done.ephemeral, done.response.content
    assert (await state_of(env, table.channel)).units["u2"].destroyed


def rolled(dice) -> int:
    return len(dice.rolled)


def the_shot(result) -> tuple[str, str]:
    embed = result.response.embeds[0]
    return embed.title, embed.description
