"""Rosters bounded in cost, through the real `/army` (issue 28): a hostile upload is refused
at its first limit, ephemerally and in the caller's language, saving nothing; an army is
shown a page at a time; previews waiting for Confirm are bounded per member and in bytes."""

from __future__ import annotations

import pytest

from tests.discord.army_kit import import_army, many_units, preview_of, rosz
from tests.discord.hostile_rosters import (
    empty_elements,
    unknown_options,
    with_cost,
    with_number,
    zipped,
)
from tests.support.locale import french


async def saved(env, table, member) -> list[str]:
    async with env.bot.services.store.read() as tx:
        return list(await tx.army_names(table.guild.id, member.id))


def refused_quietly(env, result) -> str:
    """The refusal's text, once checked that it was private, offers no button and left no
    preview behind."""
    assert result.ephemeral
    assert not result.response.components
    assert len(env.bot.services.armies.pending) == 0
    return preview_of(result)


async def test_millions_of_empty_elements_are_refused_at_the_element_limit(simcord_env, table):
    data = zipped(empty_elements(4_800_000))  # 19 KB uploaded, 19 MB of XML inside
    result = await table.alice.slash(table.channel, "army import", file=("big.rosz", data))
    assert "This roster holds more than 60,000 XML elements; the bot reads at most 60,000" in (
        refused_quietly(simcord_env, result)
    )
    with french():
        result = await table.bob.slash(table.channel, "army import", file=("big.rosz", data))
    assert "Cette liste contient plus de 60000 éléments XML" in refused_quietly(simcord_env, result)
    assert await saved(simcord_env, table, table.alice) == []


@pytest.mark.parametrize(
    ("data", "shown"),
    [(with_cost(b"nan"), "“nan”"), (with_cost(b"1e309"), "“1e309”"),
     (with_cost(b"9" * 400), "“999999"), (with_number(b"9" * 5000), "“999999")],
    ids=["nan", "1e309", "400 digits", "5,000-digit number"],
)  # fmt: skip
async def test_a_hostile_number_is_refused_never_the_apology(simcord_env, table, data, shown):
    result = await table.alice.slash(table.channel, "army import", file=("a.ros", data))
    text = refused_quietly(simcord_env, result)
    assert shown in text and "whole numbers of at most 6 digits" in text, text
    with french():
        result = await table.alice.slash(table.channel, "army import", file=("a.ros", data))
    assert "des nombres entiers d'au plus 6 chiffres" in refused_quietly(simcord_env, result)


async def test_a_unit_with_hundreds_of_unknown_options_is_refused(simcord_env, table):
    """The 250-unknown-options roster that used to become a 46 MB army."""
    data = zipped(unknown_options(500, 250))
    result = await table.alice.slash(table.channel, "army import", file=("a.rosz", data))
    assert "The unit “AI Command Squad” has more than 60 different weapons and options" in (
        refused_quietly(simcord_env, result)
    )


async def test_an_army_too_big_to_keep_is_refused_with_its_size(simcord_env, table):
    data = zipped(unknown_options(500, 50, name_length=100))
    with french():
        result = await table.alice.slash(table.channel, "army import", file=("a.rosz", data))
    text = refused_quietly(simcord_env, result)
    assert "Cette armée occuperait " in text and "jusqu'à 1024 Ko" in text, text


async def test_a_big_army_is_shown_a_page_at_a_time(simcord_env, table):
    """30 units: 12 a page, so three pages of units, then its 28 warnings 20 a page; each
    page drawn when turned to, in both languages."""
    shown = await table.alice.slash(
        table.channel, "army import", file=("a.rosz", zipped(many_units(30)))
    )
    first = shown.response.embeds[0]
    assert first.footer.text == "page 1/5" and first.description.count("\n• **") == 12
    assert "Save this army?" in first.description
    turned = await table.alice.click(shown.response, label="▶")
    page = turned.response.embeds[0]
    assert page.footer.text == "page 2/5" and "Save this army?" in page.description
    await table.alice.click(turned.response, label="Confirm")
    assert await saved(simcord_env, table, table.alice) == ["Vorl Strike Force"]
    with french():
        shown = await table.alice.slash(table.channel, "army show", name="Vorl Strike Force")
        last = await table.alice.click(shown.response, label="▶")
        last = await table.alice.click(last.response, label="▶")
    page = last.response.embeds[0]
    assert page.footer.text == "page 3/5" and page.description.count("\n• **") == 6
    assert "Prospérité Algoryne" in page.description


async def test_many_warnings_are_counted_past_the_kept_ones(simcord_env, table):
    """40 units with 20 unknown options each: 800 warnings, the first 50 listed."""
    shown = await table.alice.slash(
        table.channel, "army import", file=("a.rosz", zipped(unknown_options(40, 20)))
    )
    first = shown.response.embeds[0]
    assert "⚠️ 8" in first.description and "warnings of the import: on the last pages" in (
        first.description
    )
    pages = int(first.footer.text.split("/")[1])
    assert pages == 4 + 3  # 40 units at 12 a page, then 50 warnings at 20 a page
    result = shown
    for _ in range(pages - 1):
        result = await table.alice.click(result.response, label="▶")
    last = result.response.embeds[0].description
    assert "more warnings of the same kinds, not listed." in last


async def test_a_fourth_preview_replaces_the_members_oldest(simcord_env, table):
    previews = [
        await table.alice.slash(table.channel, "army import", file=(f"{n}.rosz", rosz(n)))
        for n in ("algoryn", "boromite", "isorian", "algoryn")
    ]
    assert len(simcord_env.bot.services.armies.pending) == 3
    expired = await table.alice.click(previews[0].response, label="Confirm")
    assert "This preview has expired" in preview_of(expired)
    done = await table.alice.click(previews[1].response, label="Confirm")
    assert preview_of(done).startswith("✅ **Rock Guild** saved")


async def test_the_bot_refuses_a_preview_when_too_many_wait(simcord_env, table):
    simcord_env.bot.services.armies.pending.bytes_max = 10_000  # the Algoryn army: 2.9 KB
    for member in (table.alice, table.bob, table.admin):
        await member.slash(table.channel, "army import", file=("a.rosz", rosz("algoryn")))
    with french():
        result = await table.bob.slash(
            table.channel, "army import", file=("b.rosz", rosz("boromite"))
        )
    assert result.ephemeral and "Trop d'imports attendent une confirmation" in preview_of(result)
    assert len(simcord_env.bot.services.armies.pending) == 3


async def test_autocomplete_and_the_list_read_names_only(simcord_env, table):
    """Typing an army's name costs its name, never its content: the saved data is not even
    valid JSON here, and both still answer."""
    await import_army(table.alice, table.channel, "algoryn")
    await import_army(table.alice, table.channel, "isorian")
    async with simcord_env.bot.services.store.transaction() as tx:
        for name in ("Vorl Strike Force", "Shard of Tessera"):
            await tx.save_army(
                table.guild.id, table.alice.id, name=name, name_key=name.casefold(),
                data="{not json", campaign_id=None, replace=True,
            )  # fmt: skip
    offered = await table.alice.autocomplete(table.channel, "army show", "name", "s")
    assert [c["name"] for c in offered] == ["Shard of Tessera", "Vorl Strike Force"]
    listed = await table.alice.slash(table.channel, "army list")
    assert preview_of(listed).endswith("• **Shard of Tessera**\n• **Vorl Strike Force**")
