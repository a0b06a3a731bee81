"""/campaign create, current, join, leave, organisers, archive: through the simulated Discord
(issue 7)."""

from __future__ import annotations

import discord
import pytest

from tests.discord.campaign_kit import create, join, make_club, pick, record
from tests.support.bots import restart
from tests.support.locale import french
from tests.support.mentions import tokens


@pytest.fixture
def club(simcord_env, table):
    return make_club(simcord_env, table)


async def campaign_names(member, channel) -> list[str]:
    return [
        c["name"] for c in await member.autocomplete(channel, "campaign standings", "campaign", "")
    ]


async def test_create_needs_manage_server_or_the_gm_role(simcord_env, club):
    refused = await club.alice.slash(club.channel, "campaign create", name="Alice's league")
    assert refused.ephemeral
    assert "Manage Server permission or the server's game-master role" in refused.response.content
    assert await campaign_names(club.alice, club.channel) == []
    gm_role = club.guild.create_role("Game master")
    gina = club.guild.add_member(simcord_env.create_user("gina"), roles=[gm_role])
    still_refused = await gina.slash(club.channel, "campaign create", name="Gina's league")
    assert still_refused.ephemeral
    set_role = await club.admin.slash(club.channel, "config gm-role", role=gm_role)
    assert not set_role.ephemeral, set_role.response.content
    created = await gina.slash(club.channel, "campaign create", name="Gina's league")
    assert not created.ephemeral
    assert "Campaign **Gina's league** created" in created.response.content


async def test_first_campaign_is_current_with_default_points(club):
    first = await create(club, "Winter league", description="Eight weeks on Xilos")
    assert "it is this server's current campaign" in first.response.content
    assert "Points: win 3, draw 1, loss 0" in first.response.content
    second = await create(club, "Summer cup", **{"points-win": 2, "points-loss": 0})
    assert "current" not in second.response.content
    assert "Points: win 2, draw 1, loss 0" in second.response.content
    shown = await club.alice.slash(club.channel, "campaign current")
    embed = shown.response.embeds[0]
    assert embed.title == "Winter league" and embed.description == "Eight weeks on Xilos"
    assert "current campaign" in embed.fields[0].value
    cup_id = next(
        c["value"]
        for c in await club.admin.autocomplete(club.channel, "campaign current", "campaign", "cup")
    )
    refused = await club.alice.slash(club.channel, "campaign current", campaign=cup_id)
    assert refused.ephemeral and "Only the organisers of Summer cup" in refused.response.content
    chosen = await club.admin.slash(club.channel, "campaign current", campaign=cup_id)
    assert chosen.response.content == "**Summer cup** is now this server's current campaign."
    now = await club.alice.slash(club.channel, "campaign current")
    assert now.response.embeds[0].title == "Summer cup"


async def test_join_twice_and_leave(club):
    await create(club)
    joined = await join(club, club.alice, "isorians", "Senatex phase")
    assert joined.response.content == "alice joins **Winter league** with Isorians: Senatex phase."
    twice = await join(club, club.alice, "ghar", "Other army")
    assert twice.ephemeral
    assert "You already play in Winter league" in twice.response.content
    overview = await club.bob.slash(club.channel, "campaign current")
    players = overview.response.embeds[0].fields[2]
    assert players.name == "Players (1)" and "Isorians, Senatex phase" in players.value
    left = await club.alice.slash(club.channel, "campaign leave")
    assert "alice leaves **Winter league**" in left.response.content
    again = await club.alice.slash(club.channel, "campaign leave")
    assert again.ephemeral and again.response.content == "You do not play in Winter league."
    rejoined = await join(club, club.alice, "ghar", "Outcast raiders")
    assert "with Ghar: Outcast raiders" in rejoined.response.content


async def test_organisers_add_and_remove_players(club):
    await create(club)
    refused = await club.alice.slash(
        club.channel, "campaign add-player", member=club.bob, faction="concord", army="C3"
    )
    assert refused.ephemeral
    assert "Only the organisers of Winter league (or a server admin)" in refused.response.content
    made = await club.admin.slash(club.channel, "campaign add-organiser", member=club.alice)
    assert made.response.content == "alice now organises **Winter league**."
    twice = await club.admin.slash(club.channel, "campaign add-organiser", member=club.alice)
    assert twice.ephemeral and "already organises" in twice.response.content
    added = await club.alice.slash(
        club.channel, "campaign add-player", member=club.bob, faction="concord", army="C3"
    )
    assert added.response.content == "bob now plays in **Winter league** with Concord: C3."
    again = await club.alice.slash(
        club.channel, "campaign add-player", member=club.bob, faction="concord", army="C3"
    )
    assert again.ephemeral and again.response.content == "bob already plays in Winter league."
    choices = await club.alice.autocomplete(club.channel, "campaign remove-player", "player", "b")
    assert choices == [{"name": "bob", "value": pick(club.bob)}]
    removed = await club.alice.slash(club.channel, "campaign remove-player", player=pick(club.bob))
    assert "bob no longer plays in **Winter league**" in removed.response.content
    gone = await club.alice.slash(club.channel, "campaign remove-player", player=pick(club.bob))
    assert gone.ephemeral and "is not a player of this campaign" in gone.response.content


@pytest.mark.parametrize(
    ("name", "english"),
    [
        ("x" * 200, "The name is 200 characters long: at most 64, please."),
        ("@everyone league", "The name cannot contain mentions"),
        ("<@123> league", "The name cannot contain mentions"),
        ("   ", "The name cannot be empty."),
    ],
)
async def test_bad_campaign_names_are_refused(club, name, english):
    result = await club.admin.slash(club.channel, "campaign create", name=name)
    assert result.ephemeral and english in result.response.content
    message = result.response.message
    assert message.mention_everyone is False and message.mentions == []
    assert await campaign_names(club.admin, club.channel) == []


async def test_bad_army_names_and_points_are_refused(club):
    await create(club)
    long_army = await join(club, club.alice, army="y" * 200)
    assert "The army's name is 200 characters long: at most 64" in long_army.response.content
    ping = await join(club, club.alice, army=f"{club.bob.mention} fan club")
    assert ping.ephemeral and "cannot contain mentions" in ping.response.content
    assert ping.response.message.mentions == []
    points = await create(club, "Odd cup", **{"points-win": 1, "points-draw": 2})
    assert points.ephemeral and "(you gave 1/2/0)" in points.response.content
    taken = await create(club, "WINTER league")
    assert (
        taken.ephemeral and "already has a campaign called Winter league" in taken.response.content
    )
    overview = await club.alice.slash(club.channel, "campaign current")
    assert overview.response.embeds[0].fields[2].name == "Players (0)"


async def test_unknown_campaign_and_no_current_campaign(club):
    none = await club.alice.slash(club.channel, "campaign standings")
    assert none.ephemeral and "This server has no current campaign yet" in none.response.content
    await create(club)
    unknown = await club.alice.slash(club.channel, "campaign standings", campaign="Nope")
    assert unknown.ephemeral
    assert unknown.response.content.startswith("There is no campaign called Nope on this server.")
    pinged = await club.alice.slash(club.channel, "campaign standings", campaign="@everyone")
    assert pinged.response.message.mention_everyone is False
    by_name = await club.alice.slash(club.channel, "campaign standings", campaign="winter LEAGUE")
    assert not by_name.ephemeral


async def test_an_archived_campaign_is_read_only(club):
    await create(club)
    await join(club, club.alice)
    await join(club, club.bob)
    await record(club.alice, club.channel, club.alice, club.bob, club.alice, (5, 2))
    refused = await club.alice.slash(club.channel, "campaign archive")
    assert refused.ephemeral and "Only the organisers" in refused.response.content
    done = await club.admin.slash(club.channel, "campaign archive")
    assert "**Winter league** is archived" in done.response.content
    attempts = [
        join(club, club.carol),
        club.alice.slash(club.channel, "campaign leave"),
        record(club.alice, club.channel, club.alice, club.bob),
        club.admin.slash(club.channel, "campaign correct", battle=1, result="draw"),
        club.admin.slash(club.channel, "campaign delete", battle=1),
        club.admin.slash(
            club.channel, "campaign add-player", member=club.carol, faction="ghar", army="G"
        ),
        club.admin.slash(club.channel, "campaign add-organiser", member=club.carol),
        club.admin.slash(club.channel, "campaign remove-player", player=pick(club.bob)),
        club.admin.slash(club.channel, "campaign archive"),
    ]
    for attempt in attempts:
        result = await attempt
        assert result.ephemeral
        assert result.response.content == (
            "Winter league is archived: it is read-only now. Nothing was changed."
        )
    standings = await club.alice.slash(club.channel, "campaign standings")
    assert "Archived" in standings.response.embeds[0].footer.text
    history = await club.alice.slash(club.channel, "campaign history")
    assert len(history.response.embeds[0].fields) == 1


async def test_autocomplete_offers_this_servers_campaigns_at_most_25(simcord_env, club):
    service = simcord_env.bot.services.campaigns
    from services.campaign.access import Actor
    from services.common.applied_once import Call

    boss = Actor(club.admin.id, "admin", manage_server=True)
    for number in range(30):
        await service.create(Call(club.guild.id, 0, boss), name=f"League {number:02d}")
    other = simcord_env.create_guild("Other club")
    await service.create(Call(other.id, 0, boss), name="League of the other club")
    everything = await campaign_names(club.alice, club.channel)
    assert len(everything) == 25
    assert everything[0] == "League 00"  # the current one first
    assert not any("other club" in name for name in everything)
    typed = await club.alice.autocomplete(club.channel, "campaign history", "campaign", "ue 2")
    assert [c["name"] for c in typed] == [f"League {n}" for n in range(29, 19, -1)]


async def test_campaigns_survive_a_restart(simcord_env, club, make_bot):
    await create(club)
    await join(club, club.alice)
    await join(club, club.bob)
    recorded = await record(club.bob, club.channel, club.alice, club.bob, club.bob, (3, 9))
    await club.alice.click(recorded.response, label="Confirm")  # alice agrees: it counts
    before = await club.alice.slash(club.channel, "campaign standings")
    await restart(simcord_env, make_bot)
    after = await club.alice.slash(club.channel, "campaign standings")
    assert after.response.embeds[0].description == before.response.embeds[0].description
    assert "bob" in after.response.embeds[0].description.splitlines()[2]
    history = await club.alice.slash(club.channel, "campaign history")
    assert history.response.embeds[0].fields[0].value.startswith("bob beat alice · VP 9–3")
    twice = await join(club, club.alice)
    assert twice.ephemeral and "already play" in twice.response.content


async def test_two_servers_never_see_each_other(simcord_env, club):
    await create(club)
    await join(club, club.alice)
    other = simcord_env.create_guild("Other club")
    channel = other.create_text_channel("games")
    boss_role = other.create_role("Boss", permissions=discord.Permissions(manage_guild=True))
    boss = other.add_member(simcord_env.create_user("boss"), roles=[boss_role])
    await boss.slash(channel, "campaign create", name="Winter league")  # same name: fine
    ours, theirs = await campaign_ids(club.alice, club.channel), await campaign_ids(boss, channel)
    assert len(ours) == len(theirs) == 1 and ours != theirs
    peek = await boss.slash(channel, "campaign standings", campaign=ours[0])
    assert peek.ephemeral and "There is no campaign called" in peek.response.content
    join_there = await boss.slash(
        channel, "campaign join", faction="ghar", army="G", campaign=ours[0]
    )
    assert join_there.ephemeral
    peek_players = await boss.autocomplete(
        channel, "campaign history", "player", "", campaign=ours[0]
    )
    assert peek_players == []
    own_players = await club.bob.autocomplete(
        club.channel, "campaign history", "player", "", campaign=ours[0]
    )
    assert own_players == [{"name": "alice", "value": pick(club.alice)}]
    own = await boss.slash(channel, "campaign standings")
    assert tokens(own.response.embeds[0].description) == (
        "No players yet: join with </campaign join>."
    )
    mine = await club.alice.slash(club.channel, "campaign current")
    assert mine.response.embeds[0].fields[2].name == "Players (1)"


async def campaign_ids(member, channel) -> list[str]:
    found = await member.autocomplete(channel, "campaign standings", "campaign", "")
    return [c["value"] for c in found]


async def test_campaign_commands_in_french(simcord_env, club):
    synced = {c.name: c for c in await simcord_env.bot.tree.fetch_commands()}
    assert synced["campaign"].name_localizations[discord.Locale.french] == "campagne"
    with french():
        refused = await club.alice.slash(club.channel, "campaign create", name="Ligue")
        created = await create(club, "Ligue d'hiver")
        joined = await join(club, club.alice, "concord", "Force C3")
        twice = await join(club, club.alice, "concord", "Force C3")
        long = await create(club, "z" * 200)
    assert refused.response.content.startswith(
        "Seuls les membres avec la permission Gérer le serveur"
    )
    assert created.response.content.startswith("Campagne **Ligue d'hiver** créée ; c'est la")
    assert "Points : victoire 3, égalité 1, défaite 0" in created.response.content
    assert joined.response.content == "alice rejoint **Ligue d'hiver** avec Concorde : Force C3."
    assert twice.ephemeral and twice.response.content.startswith("Vous jouez déjà dans Ligue")
    assert long.response.content == "Le nom fait 200 caractères : 64 au plus, s'il vous plaît."
