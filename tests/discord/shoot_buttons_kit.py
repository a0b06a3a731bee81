"""Helpers of the 🎯 Shoot (its form), 🔁 and 🔁 Shoot again tests (this module holds no
tests).

Alice's Troopers (Acc 5, Res 6, 5 models) and Bob's Gangers (Res 6, 5 models), as in
test_shoot_kit.armies. The Mag Gun fires one Acc die per model carrying it (no RF);
rules-notes "Shooting" for the Acc and Res tests.
"""

from __future__ import annotations

from contextlib import nullcontext
from typing import Any

from tests.discord.game_kit import components, state_of
from tests.discord.test_shoot_kit import armies
from tests.support.locale import french

WORDS = {
    "en": {
        "shoot": "Shoot",
        "again": "Shoot again",
        "label": "Distance to the target (inches)",
        "title": "🎯 Troopers shoots",
        "target": "Target",
        "weapons": "Weapons that fire",
        "not_yours": "Troopers belongs to",
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
        "title": "🎯 Troopers fait feu",
        "target": "Cible",
        "weapons": "Armes qui font feu",
        "not_yours": "Troopers appartient à",
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
    """The game (``free``: its table runs its own bag, every weapon may fire again), Troopers'
    weapons, its die taken and the order typed: its card."""
    await armies(table)
    await table.alice.slash(table.channel, "unit edit", unit="Troopers", weapons=weapons)
    await table.alice.slash(table.channel, "bag take", unit="Troopers")
    return await table.alice.slash(table.channel, "order", unit="Troopers", order=order)


def control(modal: dict[str, Any], custom_id: str) -> tuple[str, dict[str, Any]] | None:
    """The label and the control of the form's question `custom_id` (None: not asked)."""
    for label in modal["components"]:
        if label["component"]["custom_id"] == custom_id:
            return label["label"], label["component"]
    return None


def field_of(modal: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The label and the text input of the distance."""
    found = control(modal, "distance")
    assert found is not None
    return found


def chosen(modal: dict[str, Any], custom_id: str) -> list[str]:
    """The options a menu of the form chose before anyone touched it."""
    found = control(modal, custom_id)
    return [] if found is None else [o["value"] for o in found[1]["options"] if o.get("default")]


async def aim(member, order, lang: str):
    """Click 🎯 Shoot on the card: the form shown."""
    form = await member.click(order.response, label=WORDS[lang]["shoot"])
    assert form.modal is not None, form.response.content
    return form


async def send(member, form, distance: str = "10", target: str = "u2", weapons=None):
    """The form sent: the target, the distance, and (when asked) the weapons."""
    values: dict[str, Any] = {"target": [target], "distance": distance}
    if control(form.modal, "weapons") is not None:
        values["weapons"] = weapons or chosen(form.modal, "weapons")
    return await member.submit_modal(form, values)


async def destroy_gangers(env, table) -> None:
    """Every model left of the Gangers lost (the shots before rolled seeded dice)."""
    left = (await state_of(env, table.channel)).units["u2"].models
    done = await table.bob.slash(table.channel, "unit casualties", unit="Gangers", count=left)
    assert not done.ephemeral, done.response.content
    assert (await state_of(env, table.channel)).units["u2"].destroyed


def rolled(dice) -> int:
    return len(dice.rolled)


def the_shot(result) -> tuple[str, str]:
    """A typed shot's title and story."""
    embed = result.response.embeds[0]
    return embed.title, embed.description


def card_shot(message, number: int = 0) -> tuple[str, str]:
    """The card's shot `number`: its title (the first line's bold part) and its story."""
    texts = [c for c in components(message) if c.get("type") == 10 and c.get("id") == 1100 + number]
    first, _, story = texts[0]["content"].partition("\n")
    return first.split("**")[1], story
