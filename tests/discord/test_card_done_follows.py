"""Every die rolled is shown (issue 31 §2): a shot shown whole on its activation card that a
later move pushes past the card's room (✅ Done adds its note below it) is cut there, says
that its whole report follows, and it follows, as the card showed it — no dice cut away
with nothing below. A shot whose report followed already is not posted again.

The table: test_shoot_kit.armies, Alice's Troopers taken off; Alice's Horde (Acc 9, a Mag
Light Support each: RF3, seed 000 weapon table, and Mag Guns), Bob's Mob (100 models, Res
10). 79 Mag Light Supports make a shot of 237 Acc dice and its Res tests that the card holds
whole, with about a hundred characters to spare: fewer than ✅ Done's note needs.
"""

from __future__ import annotations

from tests.discord.game_kit import card_text, components
from tests.discord.shoot_buttons_kit import card_shot
from tests.discord.test_shoot_kit import armies, faces
from tests.support.locale import french

TEXT_LIMIT = 4000  # Discord's, for a message laid out with Components V2
FOLLOWS = "… (the whole report follows below)"
FOLLOWS_FR = "… (le rapport complet suit ci-dessous)"


def text_length(message) -> int:
    return sum(len(c.get("content", "")) for c in components(message) if c.get("type") == 10)


async def horde_shot(table, dice, models: int):
    """The Horde's Mag Light Supports fire at the Mob from its card: the card."""
    alice, channel = table.alice, table.channel
    await armies(table, activations="strict")
    horde = {"models": models, "acc": 9, "weapons": "Mag Light Support, Mag Gun"}
    await alice.slash(channel, "unit add", name="Horde", **horde)
    await table.bob.slash(channel, "unit add", name="Mob", models=100, res=10)
    await alice.slash(channel, "unit remove", unit="Troopers")
    dice.script(1)  # Alice's red die: the Horde's
    card = (await alice.slash(channel, "bag draw")).response
    form = await alice.click(card, label="Fire")
    values = {"target": ["u4"], "distance": "20", "weapons": ["mag-light-support:-"]}
    await alice.submit_modal(form, values)
    return card


async def test_done_below_a_full_shot_makes_it_follow_whole(simcord_env, table, dice):
    start = len(dice.rolled) + 1  # after the draw's die
    card = await horde_shot(table, dice, models=79)
    rolled = [value for _, value in dice.rolled[start:]]
    before = card_text(card)
    _, story = card_shot(card)
    assert FOLLOWS not in before and faces(before) == rolled  # the shot whole on the card
    done = await table.alice.click(card, label="Done")
    text = card_text(card)
    assert "ended the activation of **Horde** (Fire)." in text  # Done's note
    assert FOLLOWS in text and text_length(card) <= TEXT_LIMIT
    last = story.split("\n")[-1]  # the shot's last line: cut away from the card now
    assert last not in text
    (report,) = done.followups
    embed = report.embeds[0]
    assert not report.ephemeral and embed.title.startswith("🎯 Mag Light Support — Horde → Mob · ")
    assert "**" not in embed.title
    shown = [embed.description]
    for _ in range(int(embed.footer.text.split("/")[-1]) - 1 if embed.footer.text else 0):
        await table.alice.click(report, label="▶")
        shown.append(report.embeds[0].description)
    assert faces("\n".join(shown)) == rolled and last in shown[-1]


async def test_done_below_a_shot_whose_report_followed_posts_nothing_more(simcord_env, table, dice):
    """Done clicked in French below a shot cut in English: still its one note, nothing
    posted again."""
    card = await horde_shot(table, dice, models=100)
    assert FOLLOWS in card_text(card)  # its report followed the shot
    with french():
        done = await table.alice.click(card, label="Done")
    text = card_text(card)
    assert "a terminé l'activation de **Horde** (Feu)." in text  # Done's note, in French
    assert text.count(FOLLOWS) + text.count(FOLLOWS_FR) == 1  # (in the clicker's language)
    assert text_length(card) <= TEXT_LIMIT and done.followups == []
