"""Every die rolled is shown, however long the answer to a reaction offer (issue 31 §1, §2):
the ⚡ card holds what fits of the reaction, the shots that went ahead or the assault's round,
says that the whole report follows, and the report follows, public, every die on its pages —
answered on the card (a pager the clicker turns) or when the window passes (a message a
page, posted by the timer). A short answer stays on the card, alone.

Rules cited: rules-notes "Close combat" ("a Str test per attack", then a Res test per blow);
seed 000 weapon table: Lectro Lash, 3 attacks, SV 1. The tables: `test_assault_reactions`'
strict table (Alice's Troopers, Init 7; Bob's Gangers, Init 6), the units grown to 100
models, Bob's at Res 10 (the round has fewer casualties to apply).
"""

from __future__ import annotations

from tests.discord.game_kit import card_text, components
from tests.discord.test_ambush_reactions import gangers_on_ambush
from tests.discord.test_assault_reactions import MISSES, assault, strict_table
from tests.discord.test_reactions import bot_cards, cards_table
from tests.discord.test_shoot_kit import armies, faces
from tests.support.locale import french
from tests.support.mentions import tokens

TEXT_LIMIT = 4000  # Discord's, for a message laid out with Components V2
FOLLOWS = "… (the whole report follows below)"
FOLLOWS_FR = "… (le rapport complet suit ci-dessous)"


async def big_assault(table):
    """100 Troopers with Lectro Lashes (300 Str tests) assault 100 Gangers (100 Str tests),
    then Res tests for the blows: the ⚡ card that asks Bob."""
    await strict_table(table)
    await table.alice.slash(table.channel, "unit edit", unit="Troopers", models=100)
    await table.bob.slash(table.channel, "unit edit", unit="Gangers", models=100, res=10)
    offer = await table.alice.slash(
        table.channel, "assault", attacker="Troopers", defender="Gangers", weapon="lectro-lash"
    )
    return offer.response


def rolled_since(dice, start: int) -> list[int]:
    return [value for _, value in dice.rolled[start:]]


def text_length(message) -> int:
    return sum(len(c.get("content", "")) for c in components(message) if c.get("type") == 10)


async def turned(member, message) -> list[str]:
    """Each page of a paged report, turned with ▶ by `member`: title, text and footer."""
    embed = message.embeds[0]
    total = int(embed.footer.text.split("/")[-1]) if embed.footer.text else 1
    pages = []
    for number in range(total):
        if number:
            await member.click(message, label="▶")
        embed = message.embeds[0]
        pages.append(tokens("\n".join([embed.title, embed.description, embed.footer.text or ""])))
    return pages


async def test_a_long_round_answered_on_the_card_follows_whole(simcord_env, table, dice):
    bob = table.bob
    offer = await big_assault(table)
    start = len(dice.rolled)
    answered = await bob.click(offer, label="No reaction")
    rolled = rolled_since(dice, start)
    assert len(rolled) > 400  # 300 + 100 Str tests, then a Res test per blow
    text = card_text(offer)
    assert "**Gangers** does not react." in text and "⚔️ Troopers vs Gangers — round 1" in text
    assert text.endswith(FOLLOWS) and text_length(offer) <= TEXT_LIMIT
    assert len(faces(text)) < len(rolled)  # the card holds some of the dice only
    (report,) = answered.followups
    assert not report.ephemeral
    assert report.embeds[0].title == "⚔️ Troopers vs Gangers — round 1"
    pages = await turned(bob, report)
    assert len(pages) > 1 and pages[-1].endswith(f"Page {len(pages)}/{len(pages)}")
    shown = "\n".join(pages)
    assert "**Gangers** does not react." in pages[0]
    assert "Lectro Lash × 300 attacks · **Str** 5 → hits on **5** or less · SV 1" in shown
    assert "bare hands × 100 attacks · **Str** 6 → hits on **6** or less · SV 0" in shown
    assert faces(shown) == rolled  # every die of the round, as rolled


async def test_in_french_a_reaction_and_its_round_follow_whole(simcord_env, table, dice):
    """Down against an assault: the Init test, then the round (rules-notes "Reactions")."""
    bob = table.bob
    with french():
        offer = await big_assault(table)
        start = len(dice.rolled)
        dice.script(3)  # Init 6: a 3 passes
        answered = await bob.click(offer, label="À terre")
        text = card_text(offer)
        (report,) = answered.followups
        pages = await turned(bob, report)
    rolled = rolled_since(dice, start)
    assert text.endswith(FOLLOWS_FR) and text_length(offer) <= TEXT_LIMIT
    assert report.embeds[0].title == "⚔️ Troopers contre Gangers — round 1"
    assert "⚡ **Gangers** réagit : À terre." in pages[0] and "jet **3** ✅" in pages[0]
    assert faces("\n".join(pages)) == rolled[1:]  # the Init die in bold, then the round's
    dice.assert_used()


async def test_the_window_passes_on_a_long_round_and_its_pages_follow(simcord_env, table, dice):
    """Posted by the timer, in the server's language (French: the club's): no one clicked,
    so each page is a message of its own."""
    env, channel = simcord_env, table.channel
    await big_assault(table)
    start = len(dice.rolled)
    await env.advance_time(31)
    rolled = rolled_since(dice, start)
    (passed,) = bot_cards(env, channel, "n'a pas réagi à temps : l'assaut se fait.")
    text = "\n".join(c.get("content", "") for c in components(passed) if c.get("type") == 10)
    assert text.endswith(FOLLOWS_FR) and len(text) <= TEXT_LIMIT
    after = [m for m in bot_cards(env, channel, "") if m.id > passed.id]
    assert after and all(len(m.embeds) == 1 and not m.components for m in after)
    pages = [m.embeds[0] for m in after]
    assert pages[0]["title"] == "⚔️ Troopers contre Gangers — round 1"
    assert [p["footer"]["text"] for p in pages] == [
        f"Page {n}/{len(pages)}" for n in range(1, len(pages) + 1)
    ]
    assert faces("\n".join(p["description"] for p in pages)) == rolled


async def test_a_short_round_stays_on_the_card_alone(simcord_env, table, dice):
    await strict_table(table)
    offer = (await assault(table)).response
    dice.script(*MISSES)
    answered = await table.bob.click(offer, label="No reaction")
    text = card_text(offer)
    assert faces(text) == list(MISSES) and "follows below" not in text
    assert answered.followups == []
    dice.assert_used()


async def test_a_short_round_whose_window_passes_stays_on_its_card(simcord_env, table, dice):
    env, channel = simcord_env, table.channel
    await strict_table(table)
    await assault(table)
    dice.script(*MISSES)
    await env.advance_time(31)
    (passed,) = bot_cards(env, channel, "n'a pas réagi à temps : l'assaut se fait.")
    assert faces(card_text(passed)) == list(MISSES)
    assert "suit ci-dessous" not in card_text(passed)
    assert not [m for m in bot_cards(env, channel, "") if m.id > passed.id]
    dice.assert_used()


async def test_held_shots_whose_first_would_fold_follow_whole(simcord_env, table, dice):
    """A volley of two weapons held for the reaction: 300 Acc dice of Mag Light Supports
    (RF3, seed 000 weapon table) and 100 of Mag Guns at 100 Res 10 models. The card folds
    the first shot to its line: both follow whole, every die."""
    alice, bob, channel = table.alice, table.bob, table.channel
    await armies(table, activations="strict")
    horde = {"models": 100, "acc": 9, "weapons": "Mag Light Support, Mag Gun"}
    await alice.slash(channel, "unit add", name="Horde", **horde)
    await bob.slash(channel, "unit add", name="Mob", models=100, res=10, init=6)
    await alice.slash(channel, "unit remove", unit="Troopers")
    dice.script(1)  # Alice's red die: the Horde's
    card = (await alice.slash(channel, "bag draw")).response
    form = await alice.click(card, label="Fire")
    values = {"target": ["u4"], "distance": "20", "weapons": ["mag-light-support:-", "mag-gun:-"]}
    offer = (await alice.submit_modal(form, values)).response
    start = len(dice.rolled)
    answered = await bob.click(offer, label="No reaction")
    rolled = rolled_since(dice, start)
    text = card_text(offer)
    assert "**🎯 Mag Light Support — Horde → Mob** · " in text
    assert text.endswith(FOLLOWS) and text_length(offer) <= TEXT_LIMIT
    (report,) = answered.followups
    assert report.embeds[0].title == "🎯 Mag Light Support — Horde → Mob"
    shown = "\n".join(await turned(bob, report))
    assert "**Mob** does not react." in shown and "**🎯 Mag Gun — Horde → Mob**" in shown
    assert faces(shown) == rolled


async def test_a_long_held_shot_let_go_ahead_after_an_ambush_follows_whole(
    simcord_env, table, dice
):
    """Spring Ambush (rules-notes "Reactions": the ambusher shoots first), then Let the shot
    go ahead: the held shot, 300 Acc dice of Mag Light Supports, lands on the ambusher's
    card, which keeps the Gangers' shot and says that the held one follows whole."""
    bob, channel = table.bob, table.channel
    await cards_table(table)
    troopers = {"models": 100, "acc": 9, "weapons": "Mag Light Support"}
    await table.alice.slash(channel, "unit edit", unit="Troopers", **troopers)
    await bob.slash(channel, "unit edit", unit="Gangers", models=100, res=10)
    offer = await gangers_on_ambush(table, dice)
    await bob.click(offer, label="Spring Ambush")
    form = await bob.click(offer, label="Shoot")
    dice.script(9, 9, 9, 9, 9)  # the Gangers' five Mag Gun shots miss
    await bob.submit_modal(form, {"target": ["u1"], "distance": "12"})
    start = len(dice.rolled)
    answered = await bob.click(offer, label="Let the shot go ahead")
    rolled = rolled_since(dice, start)
    text = card_text(offer)
    assert "**🎯 Mag Gun — Gangers → Troopers** · " in text  # the ambusher's, kept
    assert "**Gangers** sprang its Ambush (its shots come first)" in text
    assert text.endswith(FOLLOWS) and text_length(offer) <= TEXT_LIMIT
    (report,) = answered.followups
    assert report.embeds[0].title == "🎯 Mag Light Support — Troopers → Gangers"
    shown = "\n".join(await turned(bob, report))
    assert "the held shot goes ahead." in shown
    assert faces(shown) == rolled
    dice.assert_used()
