"""Refusals of the game commands: bad input, someone else's unit, another channel's game,
permissions, the game-master role, settings; and a restart in the middle of a turn (issue 4).

Every refusal is ephemeral and changes nothing: the stored state, its version and the log
are compared before and after.
"""

from __future__ import annotations

import pytest

from tests.discord.game_kit import (
    card_text,
    disabled_labels,
    forged_options,
    labels,
    ref,
    select_values,
    skirmish,
    snapshot,
    state_of,
    unit_lines,
)
from tests.discord.permissions_kit import allow_config
from tests.support.bots import restart
from tests.support.locale import french
from tests.support.mentions import tokens


async def refused(env, channel, member, command, expected, **options):
    """Run `command`; it must be refused ephemerally with `expected` and change nothing."""
    before = await snapshot(env, channel)
    result = await member.slash(channel, command, **options)
    assert result.ephemeral, (command, options, result.response.content)
    assert expected in tokens(result.response.content), (command, options, result.response.content)
    assert await snapshot(env, channel) == before, (command, options)
    return result


async def test_game_commands_without_a_game(simcord_env, table):
    for command, options in (
        ("game status", {}),
        ("game undo", {}),
        ("game log", {}),
        ("game export", {}),
        ("unit add", {"name": "Troopers"}),
        ("unit list", {}),
        ("pins add", {"unit": "Troopers"}),
        ("bag draw", {}),
        ("order", {"unit": "Troopers", "order": "fire"}),
        ("turn end", {}),
    ):
        await refused(
            simcord_env,
            table.channel,
            table.alice,
            command,
            "start one with </game start>",
            **options,
        )


BAD_UNITS = [
    ({"name": ""}, "needs a name"),
    ({"name": "   "}, "needs a name"),
    ({"name": "x" * 200}, "has 200 characters: keep it to 64"),
    ({"name": "troopers"}, "already called “Troopers”"),
    ({"name": "New", "ag": 21}, "ag must be between 0 and 20 (you gave 21)"),
    ({"name": "New", "co": -1}, "co must be between 0 and 20 (you gave -1)"),
    ({"name": "New", "dice": 4}, "1 to 3 order dice (MOD2, MOD3); you gave 4"),
    ({"name": "New", "dice": 0}, "you gave 0"),
    ({"name": "New", "models": 0}, "Models must be between 1 and 100 (you gave 0)"),
    ({"name": "New", "kind": "dragon"}, "Unknown kind of unit dragon"),
]


@pytest.mark.parametrize(("options", "expected"), BAD_UNITS)
async def test_bad_units_are_refused(simcord_env, table, options, expected):
    await skirmish(table)
    with forged_options():
        await refused(simcord_env, table.channel, table.alice, "unit add", expected, **options)


async def test_bad_counts_orders_and_draws(simcord_env, table, dice):
    await skirmish(table)
    env, channel, alice = simcord_env, table.channel, table.alice
    with forged_options():
        for count in (0, -1, 6):
            await refused(
                env,
                channel,
                alice,
                "unit casualties",
                "remove between 1 and 5",
                unit="Troopers",
                count=count,
            )
        for count in (0, -2):
            await refused(
                env, channel, alice, "pins add", "from 1 to 50", unit="Troopers", count=count
            )
        await refused(
            env, channel, alice, "pins set", "cannot have -1 pins", unit="Troopers", count=-1
        )
        await refused(
            env, channel, alice, "order", "Unknown order dance", unit="Troopers", order="dance"
        )
        await refused(env, channel, alice, "game undo", "1 to 20 changes", steps=21)
        await refused(env, channel, alice, "game log", "1 to 50 changes", last=0)
    await refused(  # seeds 000 "SUBVERTER MATRIX": vehicles, machines, drones and probes
        env, channel, alice, "bag dispute", "only targets vehicles", unit="Gangers"
    )
    await refused(
        env,
        channel,
        alice,
        "order",
        "No drawn die of its owner is waiting",
        unit="Troopers",
        order="fire",
    )
    dice.script(1)
    await alice.slash(channel, "bag draw")
    await alice.slash(channel, "order", unit="Troopers", order="fire")
    await refused(
        env,
        channel,
        alice,
        "order",
        "Troopers already has its order this turn",
        unit="Troopers",
        order="run",
    )
    dice.script(2, 1)  # Bob's two blue dice, one drawn at a time, each given its order
    for order in ("fire", "run"):
        await alice.slash(channel, "bag draw")
        await table.bob.slash(channel, "order", unit="Gangers", order=order)
    await refused(
        env,
        channel,
        alice,
        "bag draw",
        "All dice are out of the bag: end the turn with </turn end>.",
    )
    await refused(env, channel, alice, "unit show", "No unit “Nobody”", unit="Nobody")


async def test_someone_elses_unit(simcord_env, table):
    await skirmish(table)
    env, channel, bob = simcord_env, table.channel, table.bob
    expected = f"Troopers belongs to <@{table.alice.id}>"
    await refused(env, channel, bob, "pins add", expected, unit="Troopers", count=1)
    await refused(env, channel, bob, "unit casualties", expected, unit="Troopers", count=1)
    await refused(env, channel, bob, "unit edit", expected, unit="Troopers", co=9)
    await refused(env, channel, bob, "unit remove", expected, unit="Troopers")
    await refused(env, channel, bob, "bag take", expected, unit="Troopers")
    await refused(
        env,
        channel,
        bob,
        "unit add",
        "Acting for another member is for the host",
        name="Gift",
        owner=table.alice,
    )
    await refused(
        env, channel, bob, "game rules", "Only the host", setting="rally_pins_die", value="3"
    )
    # The host acts for anyone: a unit for Bob, pins on his Gangers.
    await table.alice.slash(channel, "unit add", name="Drones", owner=bob, kind="weapon_drone")
    pinned = await table.alice.slash(channel, "pins add", unit="Gangers", count=1)
    assert not pinned.ephemeral
    state = await state_of(env, channel)
    assert state.units["u3"].owner_id == bob.id and state.units["u2"].pins == 1


async def test_a_unit_of_another_channels_game(simcord_env, table):
    await skirmish(table)
    other = table.guild.create_text_channel("table-2")
    await table.bob.slash(other, "game start", name="Elsewhere")
    await table.bob.slash(other, "unit add", name="Raiders")
    here = await state_of(simcord_env, table.channel)
    troopers = ref(here, 1, "Troopers")  # what autocomplete offered in the first channel
    for command, options in (
        ("pins add", {"unit": troopers}),
        ("order", {"unit": troopers, "order": "fire"}),
        ("unit show", {"unit": troopers}),
    ):
        await refused(
            simcord_env, other, table.alice, command, "belongs to another game", **options
        )
    await refused(
        simcord_env, other, table.alice, "pins add", "No unit “Troopers”", unit="Troopers"
    )
    assert await table.alice.autocomplete(other, "pins add", "unit", "tro") == []


async def test_only_players_host_or_gm_change_the_game(simcord_env, table):
    await skirmish(table)
    carol = table.guild.add_member(simcord_env.create_user("carol"))
    await refused(simcord_env, table.channel, carol, "bag draw", "Only this game's players")
    await refused(simcord_env, table.channel, carol, "turn end", "Only this game's players")
    looked = await carol.slash(table.channel, "game status")  # everyone can look
    assert not looked.ephemeral
    # Manage Server may act on any unit; so may the game-master role, once set.
    by_admin = await table.admin.slash(table.channel, "pins add", unit="Troopers", count=1)
    assert not by_admin.ephemeral
    gm = table.guild.create_role("GM")
    allow_config(simcord_env, table, table.alice)  # shown to her: the bot still checks
    await refused(
        simcord_env, table.channel, table.alice, "config gm-role", "Manage Server", role=gm
    )
    set_role = await table.admin.slash(table.channel, "config gm-role", role=gm)
    assert f"<@&{gm.id}>" in set_role.response.content
    dave = table.guild.add_member(simcord_env.create_user("dave"), roles=[gm])
    by_gm = await dave.slash(table.channel, "pins add", unit="Gangers", count=1)
    assert not by_gm.ephemeral
    ended = await dave.slash(table.channel, "game end")
    assert not ended.ephemeral
    cleared = await table.admin.slash(table.channel, "config gm-role")
    assert "no game-master role any more" in cleared.response.content


async def test_the_drawn_die_belongs_to_its_owner(simcord_env, table, dice):
    await skirmish(table)
    await table.alice.slash(table.channel, "unit add", name="Scouts", models=3)
    dice.script(1)  # red: Alice's (she hosts: Bob is a player like any other)
    drawn = await table.bob.slash(table.channel, "bag draw")
    assert [v.split(":")[0] for v in select_values(drawn.response)][::6] == ["u1", "u3"]
    before = await snapshot(simcord_env, table.channel)
    refusal = await table.bob.select(drawn.response, ["u1:fire"])
    assert refusal.ephemeral and f"belongs to <@{table.alice.id}>" in refusal.response.content
    with french():
        refusal = await table.bob.select(drawn.response, ["u3:run"])
    assert refusal.ephemeral and "appartient à" in refusal.response.content
    assert await snapshot(simcord_env, table.channel) == before
    assert select_values(drawn.response)  # the card keeps its menu for Alice


async def test_a_restart_in_the_middle_of_a_turn(simcord_env, table, dice, make_bot):
    await skirmish(table)
    dice.script(1)
    first = await table.alice.slash(table.channel, "bag draw")
    fired = await table.alice.slash(table.channel, "order", unit="Troopers", order="fire")
    dice.script(1)
    # Alice draws next: her Troopers could still shoot, so the draw is hers (issue 31)
    second = await table.alice.slash(table.channel, "bag draw")
    await restart(simcord_env, make_bot)

    await table.bob.click(second.response, label="Ambush")  # a card made before the restart
    assert "**Gangers** — order **Ambush**" in card_text(second.response)
    dice.script(1)
    # the draw ended the Fire activation: its card lost its buttons (the typed order's too)
    assert labels(first.response) == [] and labels(fired.response) == []
    third = await table.bob.click(second.response, label="Draw next")
    assert f"blue** die of <@{table.bob.id}>" in card_text(third.response)
    status = await table.alice.slash(table.channel, "game status")
    assert card_text(status.response).startswith("### 📋 Vorl — turn 1")
    units = list(unit_lines(status.response).values())
    assert "Fire" in units[0] and "Ambush" in units[1]
    state = await state_of(simcord_env, table.channel)
    assert len(state.pending) == 1 and sum(state.bag.values()) == 0


async def test_buttons_of_an_earlier_game_do_nothing(simcord_env, table, dice):
    await skirmish(table)
    dice.script(1)
    await table.alice.slash(table.channel, "bag draw")
    old = await table.alice.slash(table.channel, "order", unit="Troopers", order="down")
    await table.alice.slash(table.channel, "game end")
    await skirmish(table)
    before = await snapshot(simcord_env, table.channel)
    stale = await table.alice.click(old.response, label="Draw next")
    assert stale.ephemeral and "earlier game" in stale.response.content
    assert await snapshot(simcord_env, table.channel) == before


async def test_server_and_game_rulesets(simcord_env, table):
    listing = await table.admin.slash(table.channel, "config ruleset")
    assert listing.ephemeral
    assert (
        "*Acc at long range* = **−1** (default −1; accepts −5 to 0)"
        in listing.response.embeds[0].description
    )
    pages = [listing.response.embeds[0].description]
    while not listing.response.embeds[0].footer.text.startswith(f"Page {len(pages)}/{len(pages)}"):
        await table.admin.click(listing.response, label="▶")  # the settings fill pages
        pages.append(listing.response.embeds[0].description)
    assert any("*Rally die* = **6**" in page for page in pages)
    choices = await table.admin.autocomplete(table.channel, "config rule", "setting", "rally")
    assert choices == [{"name": "Rally die", "value": "rally_pins_die"}]
    allow_config(simcord_env, table, table.alice)  # shown to her: the bot still checks
    await refused(
        simcord_env,
        table.channel,
        table.alice,
        "config rule",
        "Manage Server",
        setting="rally_pins_die",
        value="3",
    )
    changed = await table.admin.slash(
        table.channel, "config rule", setting="rally_pins_die", value="D3"
    )
    assert "*Rally die* 6 → **3**" in changed.response.content
    bad = await table.admin.slash(table.channel, "config rule", setting="rally_pins_die", value="7")
    assert bad.ephemeral and "accepts 3, 4, 5, 6, 10" in bad.response.content
    unknown = await table.admin.slash(table.channel, "config rule", setting="nope", value="1")
    assert unknown.ephemeral and "Unknown ruleset setting nope" in unknown.response.content

    started = await table.alice.slash(table.channel, "game start", name="House rules")
    assert "*Rally die* = 3" in started.response.content
    mine = await table.alice.slash(
        table.channel, "game rules", setting="recovery_fail_removes_pin", value="on"
    )
    assert "*Failed recovery removes a pin* off → **on**" in mine.response.content
    shown = await table.bob.slash(table.channel, "game rules", setting="rally_pins_die")
    assert "*Rally die* = **3** (default 6" in shown.response.embeds[0].description
    state = await state_of(simcord_env, table.channel)
    assert state.ruleset_overrides == {"rally_pins_die": 3, "recovery_fail_removes_pin": True}
    reset = await table.admin.slash(
        table.channel, "config rule", setting="rally_pins_die", value="default"
    )
    assert "3 → **6**" in reset.response.content


async def test_help_for_the_game_group(simcord_env, table):
    result = await table.alice.slash(table.channel, "help", command="game")
    embed = result.response.embeds[0]
    assert embed.title == "/game"
    text = tokens("\n".join(field.value for field in embed.fields))  # packed in fields
    assert "</game start> — Open a game in this channel" in text and "</game undo>" in text
    with french():
        result = await table.alice.slash(table.channel, "help", command="pins")
    embed = result.response.embeds[0]
    assert embed.title == "/stress" and "</pins add>" in tokens(embed.fields[0].value)
    unknown = await table.alice.slash(table.channel, "help", command="nope")
    assert unknown.ephemeral and "No command called nope" in unknown.response.content


async def test_order_buttons_follow_the_unit(simcord_env, table, dice):
    await skirmish(table)
    await table.alice.slash(table.channel, "unit add", name="Probe", kind="probe")
    dice.script(2)  # red 2 of 3: Alice's
    drawn = await table.alice.slash(table.channel, "bag draw")
    # one menu, each unit with the orders its die may give it: a probe only Runs
    orders = ["fire", "advance", "run", "ambush", "rally", "down"]
    assert select_values(drawn.response) == [*(f"u1:{o}" for o in orders), "u3:run"]
    assert "Draw next" not in labels(drawn.response)  # its die waits for its order
    await table.alice.select(drawn.response, ["u3:run"])
    assert "**Probe** — order **Run**" in card_text(drawn.response)
    dice.script(1)
    await table.bob.click(drawn.response, label="Draw next")  # Bob's die: the Gangers
    await table.alice.slash(table.channel, "unit casualties", unit="Troopers", count=5)
    await table.bob.slash(table.channel, "order", unit="Gangers", order="down")
    await table.alice.slash(table.channel, "turn end", confirm=True)
    dice.script(1)  # red 1 of 3: the Probe alone can take it: its buttons, Run alone enabled
    alone = await table.alice.slash(table.channel, "bag draw")
    assert disabled_labels(alone.response) == ["Fire", "Advance", "Ambush", "Rally", "Down"]
    assert labels(alone.response)[2] == "Run" and select_values(alone.response) == []
