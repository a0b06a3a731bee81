"""The README's "Playing a game" shows an activation card (issue 31): the one the bot posts.

The card below is played here as the README tells it (a draw, the unit and its order in one
pick, the shot's form) and compared, line by line, with the README's rendering of it: bold
and code marks taken out, mentions as @Name, buttons as [label], menus as
[placeholder ▾]. A change to the card's wording shows here,
and the README is changed with it.
"""

from __future__ import annotations

import re
from pathlib import Path

from tests.discord.game_kit import card_text, labels, menus
from tests.discord.test_activation_card import table_of_cards

README = Path(__file__).resolve().parents[2] / "README.md"
SECTION = "## Playing a game"


def readme_cards() -> list[list[str]]:
    """The ```text blocks of the README's "Playing a game", each as its lines."""
    text = README.read_text(encoding="utf-8")
    section = text.split(SECTION, 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```text\n(.*?)```", section, flags=re.S)
    return [[line.removeprefix("┃ ") for line in block.splitlines()] for block in blocks]


def as_written(message, names: dict[int, str]) -> list[str]:
    """The card as the README writes it."""
    text = card_text(message).replace("**", "").replace("`", "")
    for user_id, name in names.items():
        text = text.replace(f"<@{user_id}>", f"@{name}")
    picks = [f"[{menu['placeholder']} ▾]" for menu in menus(message)]
    buttons = " ".join([*picks, *(f"[{label}]" for label in labels(message))])
    return [*text.splitlines(), *([buttons] if buttons else [])]


async def test_the_readme_card_is_the_one_the_bot_posts(simcord_env, table, dice):
    alice, channel = table.alice, table.channel
    names = {alice.id: "Alice", table.bob.id: "Bob"}
    await table_of_cards(table)
    dice.script(1)  # d4 over red 2, blue 2: a red die, Alice's
    card = (await alice.slash(channel, "bag draw")).response
    drawn = as_written(card, names)
    form = await alice.select(card, ["u1:fire"])  # Troopers — Fire: the form opens
    # Acc 5 + Fire 1: 2, 4 and the 1 hit (the 1 a lucky hit), 9 and 7 miss; Res 6 - SV 1:
    # 3 passes, both 8 fail
    dice.script(2, 9, 4, 1, 7, 3, 8, 8)
    await alice.submit_modal(form, {"target": ["u2"], "distance": "12"})
    shot = as_written(card, names)
    dice.assert_used()
    assert readme_cards() == [drawn, shot], "\n".join(["", *drawn, "", *shot])
