"""Issue 22: `/turn end` asks first while dice are left; the draw reply may ping the die's
owner (`/game ping`), and only them."""

from __future__ import annotations

from tests.discord.game_kit import card_text, labels, skirmish, snapshot, state_of
from tests.discord.test_game_table import assert_never_pings
from tests.support.locale import french


async def test_ending_a_turn_with_dice_left_asks_first(simcord_env, table, dice):
    await skirmish(table)
    dice.script(1)  # red: Alice's die, drawn and not used
    await table.bob.slash(table.channel, "bag draw")
    before = await snapshot(simcord_env, table.channel)

    asked = await table.bob.slash(table.channel, "turn end")
    text = card_text(asked.response)
    assert not asked.ephemeral and labels(asked.response) == ["End the turn", "Cancel"]
    assert f"<@{table.bob.id}>: 2 🟦 dice still in the bag" in text
    assert f"<@{table.alice.id}>: a drawn 🟥 die not yet used" in text
    assert await snapshot(simcord_env, table.channel) == before

    refused = await table.alice.click(asked.response, label="End the turn")
    assert refused.ephemeral and f"Only <@{table.bob.id}>" in card_text(refused.response)
    assert await snapshot(simcord_env, table.channel) == before

    cancelled = await table.bob.click(asked.response, label="Cancel")
    assert card_text(cancelled.response) == "Cancelled: the turn goes on."
    assert cancelled.response.components == []
    assert await snapshot(simcord_env, table.channel) == before

    again = await table.bob.slash(table.channel, "turn end")
    ended = await table.bob.click(again.response, label="End the turn")
    assert again.response.components == []
    (summary,) = ended.followups
    assert summary.embeds[0].title == "End of turn 1"
    assert (await state_of(simcord_env, table.channel)).turn == 2
    assert_never_pings(simcord_env)


async def test_confirm_true_and_an_empty_bag_end_at_once(simcord_env, table, dice):
    await skirmish(table)
    skipped = await table.alice.slash(table.channel, "turn end", confirm=True)
    assert skipped.response.embeds[0].title == "End of turn 1"
    dice.script(1, 1, 1)  # red, then blue, blue
    for _ in range(3):
        drawn = await table.alice.slash(table.channel, "bag draw")
        owner = table.alice if "🟥" in card_text(drawn.response) else table.bob
        unit = "Troopers" if owner is table.alice else "Gangers"
        await owner.slash(table.channel, "order", unit=unit, order="down")
    assert sum((await state_of(simcord_env, table.channel)).bag.values()) == 0
    at_once = await table.bob.slash(table.channel, "turn end")
    assert at_once.response.embeds[0].title == "End of turn 2"


async def test_the_question_in_french_and_refusals(simcord_env, table, dice):
    await skirmish(table)
    carol = table.guild.add_member(simcord_env.create_user("carol"))
    with french():
        outsider = await carol.slash(table.channel, "turn end")
        assert outsider.ephemeral
        asked = await table.alice.slash(table.channel, "turn end")
        assert labels(asked.response) == ["Terminer le tour", "Annuler"]
        assert f"<@{table.alice.id}> : 1 dé 🟥 encore dans la bourse" in card_text(asked.response)
        assert f"<@{table.bob.id}> : 2 dés 🟦 encore" in card_text(asked.response)
        refused = await table.bob.click(asked.response, label="Annuler")
        assert refused.ephemeral and card_text(refused.response).startswith("Seul <@")
        cancelled = await table.alice.click(asked.response, label="Annuler")
        assert card_text(cancelled.response) == "Annulé : le tour continue."
        skipped = await table.alice.slash(table.channel, "turn end", confirm=True)
        assert skipped.response.embeds[0].title == "Fin du tour 1"


def draw_mentions(env, content_part: str) -> dict:
    """The allowed mentions the bot sent with the reply containing `content_part` (in its
    content, or in a text display of an activation card; the edits of older cards aside)."""
    for request in reversed(env.http_requests):
        if request.method != "POST":
            continue
        body = request.json if isinstance(request.json, dict) else {}
        payload = body.get("data", body) if "type" in body else body
        if isinstance(payload, dict) and content_part in _text(payload):
            return payload["allowed_mentions"]
    raise AssertionError(content_part)


def _text(payload: dict) -> str:
    found = [payload.get("content") or ""]

    def walk(items) -> None:
        for item in items or []:
            found.append(item.get("content") or "" if item.get("type") == 10 else "")
            walk(item.get("components"))

    walk(payload.get("components"))
    return "\n".join(found)


async def test_a_drawn_die_pings_its_owner_only(simcord_env, table, dice):
    await skirmish(table)
    dice.script(1)  # red: Alice's
    drawn = await table.bob.slash(table.channel, "bag draw")
    mentions = draw_mentions(simcord_env, "Drawn")
    assert mentions["parse"] == [] and mentions["users"] == [table.alice.id]
    assert not mentions.get("replied_user")
    await table.alice.click(drawn.response, label="Down")
    dice.script(1)  # blue: Bob's, by the Draw next button
    await table.alice.click(drawn.response, label="Draw next")
    assert draw_mentions(simcord_env, "Drawn")["users"] == [table.bob.id]


async def test_with_the_setting_off_nobody_is_pinged(simcord_env, table, dice):
    await skirmish(table)
    refused = await table.bob.slash(table.channel, "game ping", on=False)
    assert refused.ephemeral
    assert (await state_of(simcord_env, table.channel)).mention_die_owner
    with french():
        off = await table.alice.slash(table.channel, "game ping", on=False)
        assert card_text(off.response).startswith("🔕 Les messages de pioche")
    assert not (await state_of(simcord_env, table.channel)).mention_die_owner
    dice.script(1)
    await table.bob.slash(table.channel, "bag draw")
    assert draw_mentions(simcord_env, "Drawn") == {"parse": []}
    assert_never_pings(simcord_env)
    on = await table.alice.slash(table.channel, "game ping", on=True)
    assert card_text(on.response).startswith("🔔 A drawn die now mentions")
