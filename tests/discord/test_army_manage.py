"""Saved armies (issue 18): the message menu "Import army", a name already taken (asks to
replace), only the importer confirms, a preview that expires, `/army list|show|delete`, and
the server's data export, deletion and forget-me."""

from __future__ import annotations

import json

import pytest

from core.common.errors import NotAllowed
from services.common import Actor, Call
from tests.discord.army_kit import import_army, preview_of, rosz
from tests.discord.campaign_kit import create, join
from tests.discord.game_kit import labels
from tests.support.bots import restart
from tests.support.locale import discord_locale, french


async def names(env, table, owner) -> list[str]:
    async with env.bot.services.store.read() as tx:
        return [a.name for a in await tx.armies(table.guild.id, owner.id)]


async def test_the_message_menu_imports_the_roster_a_message_carries(simcord_env, table):
    posted = await table.alice.send(
        table.channel, "my list", attachments=[("boromite.rosz", rosz("boromite"))]
    )
    shown = await table.alice.context_menu(table.channel, "Import army", posted)
    assert shown.ephemeral
    assert "**Rock Guild** — Boromite Guilds, 430 pts, 3 units, 13 models" in preview_of(shown)
    assert "ammo: arc, scrambler" in preview_of(shown)
    assert "Micromite Probe ×2" in preview_of(shown)
    await table.alice.click(shown.response, label="Confirm")
    assert await names(simcord_env, table, table.alice) == ["Rock Guild"]
    plain = await table.bob.send(table.channel, "no file here")
    refused = await table.bob.context_menu(table.channel, "Import army", plain)
    assert refused.ephemeral and "Attach the roster file" in preview_of(refused)


async def test_a_name_taken_asks_to_replace(simcord_env, table):
    await import_army(table.alice, table.channel, "algoryn")
    again = await table.alice.slash(
        table.channel,
        "army import",
        file=("algoryn.rosz", rosz("boromite")),
        name="Vorl Strike Force",
    )
    assert "You already have an army called **Vorl Strike Force**" in preview_of(again)
    assert labels(again.response) == ["Replace", "Cancel"]
    done = await table.alice.click(again.response, label="Replace")
    assert preview_of(done).startswith("✅ **Vorl Strike Force** replaced (3 units).")
    shown = await table.alice.slash(table.channel, "army show", name="vorl strike force")
    assert "Boromite Guilds" in preview_of(shown)


async def test_only_the_importer_confirms_and_a_preview_expires(simcord_env, table):
    shown = await table.alice.slash(
        table.channel, "army import", file=("algoryn.rosz", rosz("algoryn"))
    )
    # the preview is ephemeral (Bob cannot see it, SimCord refuses his click); its button's
    # id names Alice, and the service refuses anyone else all the same
    services = simcord_env.bot.services.armies
    (nonce,) = services.pending._held
    bob = Call(table.guild.id, table.channel.id, Actor(table.bob.id), interaction_id=1)
    with pytest.raises(NotAllowed):
        await services.confirm(bob, nonce)
    assert await names(simcord_env, table, table.bob) == []
    services.pending.ttl_s = -1  # the preview is now too old
    with french():
        clicked = await table.alice.click(shown.response, label="Confirm")
    assert "Cet aperçu a expiré" in preview_of(clicked)
    assert await names(simcord_env, table, table.alice) == []


async def test_cancel_saves_nothing(simcord_env, table):
    shown = await table.alice.slash(
        table.channel, "army import", file=("isorian.rosz", rosz("isorian"))
    )
    cancelled = await table.alice.click(shown.response, label="Cancel")
    assert preview_of(cancelled) == "Cancelled: nothing was saved."
    assert await names(simcord_env, table, table.alice) == []


async def test_list_show_and_delete(simcord_env, table):
    await import_army(table.alice, table.channel, "algoryn")
    await import_army(table.alice, table.channel, "isorian")
    listed = await table.alice.slash(table.channel, "army list")
    assert preview_of(listed).endswith("• **Shard of Tessera**\n• **Vorl Strike Force**")
    shown = await table.bob.slash(
        table.channel, "army show", name="Shard of Tessera", member=table.alice
    )
    assert "**Phase Squad** — 5 models" in preview_of(shown)
    refused = await table.bob.slash(
        table.channel, "army delete", name="Shard of Tessera", member=table.alice
    )
    assert refused.ephemeral and "Only an army's owner" in preview_of(refused)
    with french():
        missing = await table.alice.slash(table.channel, "army show", name="Nope")
    assert "Vous n'avez pas d'armée appelée « Nope »" in preview_of(missing)
    done = await table.admin.slash(
        table.channel, "army delete", name="Shard of Tessera", member=table.alice
    )
    assert preview_of(done) == "🗑️ Army **Shard of Tessera** deleted."
    await table.alice.slash(table.channel, "army delete", name="Vorl Strike Force")
    assert await names(simcord_env, table, table.alice) == []


async def test_the_servers_data_holds_the_armies(simcord_env, table):
    await import_army(table.alice, table.channel, "algoryn")
    await import_army(table.bob, table.channel, "boromite")
    exported = await table.admin.slash(table.channel, "config data export")
    (attachment,) = exported.response.attachments
    document = json.loads(await attachment.read())
    assert [(a["owner_id"], a["name"]) for a in document["armies"]] == sorted(
        [(str(table.alice.id), "Vorl Strike Force"), (str(table.bob.id), "Rock Guild")]
    )
    assert document["armies"][0]["army"]["units"]
    asked = await table.alice.slash(table.channel, "forget-me")
    await table.alice.click(asked.response, label="Forget me")
    assert await names(simcord_env, table, table.alice) == []
    assert await names(simcord_env, table, table.bob) == ["Rock Guild"]
    asked = await table.admin.slash(table.channel, "config data delete")
    await table.admin.click(asked.response, label="Delete everything")
    assert await names(simcord_env, table, table.bob) == []


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_the_preview_expires_after_a_restart(simcord_env, table, make_bot, lang):
    with discord_locale("fr" if lang == "fr" else "en-US"):
        shown = await table.alice.slash(
            table.channel, "army import", file=("algoryn.rosz", rosz("algoryn"))
        )
        confirm = labels(shown.response)[0]
        await restart(simcord_env, make_bot)
        clicked = await table.alice.click(shown.response, label=confirm)
    expected = {"en": "This preview has expired", "fr": "Cet aperçu a expiré"}[lang]
    assert expected in preview_of(clicked)
    assert not clicked.response.components  # the buttons are gone
    assert await names(simcord_env, table, table.alice) == []


async def test_an_army_is_linked_to_the_members_campaign(simcord_env, table):
    await create(table)
    await join(table, table.alice, army="Vorl Strike Force")
    await import_army(table.alice, table.channel, "algoryn")
    await import_army(table.bob, table.channel, "boromite")  # Bob plays in no campaign
    async with simcord_env.bot.services.store.read() as tx:
        current = await tx.current_campaign_id(table.guild.id)
        (alice,) = await tx.armies(table.guild.id, table.alice.id)
        (bob,) = await tx.armies(table.guild.id, table.bob.id)
    assert current is not None and (alice.campaign_id, bob.campaign_id) == (current, None)


async def test_an_army_is_not_deployed_in_an_epic_game(simcord_env, table):
    await import_army(table.alice, table.channel, "algoryn")
    await table.alice.slash(table.channel, "game start", name="Big battle", system="epic")
    refused = await table.alice.slash(table.channel, "army deploy", name="Vorl Strike Force")
    assert refused.ephemeral
    assert "is not a Beyond the Gates of Antares game" in preview_of(refused)


async def test_a_member_keeps_a_bounded_number_of_armies(simcord_env, table):
    """Saved armies cost disk: past the cap (20, here lowered to 2) an import is refused, in
    the caller's language, and saves nothing; replacing one of them is still allowed."""
    simcord_env.bot.services.armies.armies_max = 2
    await import_army(table.alice, table.channel, "algoryn")
    await import_army(table.alice, table.channel, "boromite")
    refused = await table.alice.slash(
        table.channel, "army import", file=("isorian.rosz", rosz("isorian"))
    )
    assert refused.ephemeral
    assert "You already keep 2 armies on this server" in preview_of(refused)
    with french():
        refused = await table.alice.slash(
            table.channel, "army import", file=("isorian.rosz", rosz("isorian"))
        )
    assert "Vous gardez déjà 2 armées sur ce serveur" in preview_of(refused)
    kept = sorted(await names(simcord_env, table, table.alice))
    assert kept == ["Rock Guild", "Vorl Strike Force"]
    again = await table.alice.slash(
        table.channel,
        "army import",
        file=("isorian.rosz", rosz("isorian")),
        name="Rock Guild",
    )
    done = await table.alice.click(again.response, label="Replace")
    assert preview_of(done).startswith("✅ **Rock Guild** replaced")
