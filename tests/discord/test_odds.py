"""`/odds` through the real commands (issue 19): the exact chances a user reads, the chart,
🎲 Roll it firing the same shot through `/shoot`, the luck line after every `/shoot`, a
comparison, refusals in the caller's language, a DM. Numbers are the rules' (rules-notes
"Shooting", "Tests"; seed weapon tables: the Mag Gun SV 1, Acc 5 +1 Fire)."""

from __future__ import annotations

import io

from PIL import Image

from tests.discord.game_kit import snapshot
from tests.discord.test_shoot_kit import armies, hyphenated, shown
from tests.support.bots import restart
from tests.support.locale import french

AT_GANGERS = {"shooter": "Troopers", "target": "Gangers", "weapon": "mag-gun", "distance": 10}


async def odds(member, channel, **options):
    if channel is None:
        return await member.slash("odds", **hyphenated(options))
    return await member.slash(channel, "odds", **hyphenated(options))


async def test_the_odds_of_a_tracked_shot(simcord_env, table):
    """Five Troopers (Acc 5, Fire +1: 6 or less hits) at five Gangers (Res 6 − SV 1: 5 or
    less saves): a casualty per model with chance 0.6 × 0.5 = 0.3, 1.5 on average; the
    Gangers (Co 9) test at half casualties (3 of 5) with the attack's pin: Co 8."""
    await armies(table)
    before = await snapshot(simcord_env, table.channel)
    result = await odds(table.alice, table.channel, **AT_GANGERS, models=5)
    text = shown(result)
    assert "📊 Odds: Mag Gun → Gangers" in text
    assert "hits **3.00** · casualties **1.50**" in text
    # 3 or 4 of 5 casualties at 0.3 (16.07%; all 5 wipe the unit out: no test), then the
    # Co 9 − 1 pin test fails on 9 and 10; destroyed: that, or all five lost (0.24%)
    assert "Break test: **16.1%** · it breaks: **3.2%** · destroyed in all: 3.5%" in text
    assert "≥1           99.0%         83.2%" in text  # 1 − 0.4⁵, 1 − 0.7⁵
    (attachment,) = result.response.attachments
    assert attachment.filename == "odds.png"
    assert Image.open(io.BytesIO(await attachment.read())).format == "PNG"
    assert "🎲 Roll it = /shoot" in result.response.embeds[0].footer.text
    assert await snapshot(simcord_env, table.channel) == before  # nothing written


async def test_roll_it_fires_the_shot_and_says_how_lucky_it_was(simcord_env, table, dice):
    await armies(table)
    result = await odds(table.alice, table.channel, **AT_GANGERS, models=1)
    dice.script(1, 9)  # a lucky hit; Res 9 fails: one casualty (the best a model can do)
    fired = await table.alice.click(result.response, label="Roll it")
    text = shown(fired)
    assert "Casualties: **1**" in text
    assert "🍀 This roll is better than **70%** of outcomes" in text  # 1 − 0.3


async def test_roll_it_works_after_a_restart(simcord_env, table, dice, make_bot):
    await armies(table)
    result = await odds(table.alice, table.channel, **AT_GANGERS, models=1)
    await restart(simcord_env, make_bot)
    dice.script(10)
    fired = await table.alice.click(result.response, label="Roll it")
    assert "No hits" in shown(fired)
    assert "better than **0%**" in shown(fired)


async def test_a_comparison_of_two_ammo_on_one_chart(simcord_env, table):
    await armies(table)
    result = await odds(
        table.alice,
        table.channel,
        weapon="x-launcher",
        acc=5,
        res=6,
        distance=20,
        models=1,
        **{"target_models": 5},
        compare="net",
    )
    text = shown(result)
    assert "X-Launcher / X-Launcher · Net" in text
    assert "Net ammo scores no hits" in text
    assert "Hits A" in text and "Hits B" in text


async def test_each_line_of_a_comparison_has_its_roll_it(simcord_env, table, make_bot):
    """Both shots of the comparison can be fired as they were told, the second one too, and
    after a restart (the footer spells out both `/shoot`s, one a line)."""
    await armies(table)
    result = await odds(
        table.alice,
        table.channel,
        weapon="x-launcher",
        acc=5,
        res=6,
        distance=20,
        models=1,
        **{"target_models": 5},
        compare="net",
    )
    footer = result.response.embeds[0].footer.text
    first, second = footer.split("\n")
    assert "ammo:" not in first and "ammo:net" in second
    await restart(simcord_env, make_bot)
    fired = await table.alice.click(result.response, label="Roll it: X-Launcher · Net")
    assert not fired.ephemeral and "Net" in shown(fired)
    fired = await table.alice.click(result.response, label="Roll it: X-Launcher")
    assert not fired.ephemeral and "Net" not in shown(fired)


async def test_french_odds_and_refusals(simcord_env, table):
    await armies(table)
    with french():
        result = await odds(table.alice, table.channel, **AT_GANGERS, models=5)
        assert "📊 Chances : Mag Gun → Gangers" in shown(result)
        assert "pertes **1,50**" in shown(result)
        refused = await odds(
            table.alice, table.channel, weapon="x-launcher", acc=5, res=6, distance=5, models=1
        )
        assert refused.ephemeral
        assert 'sa portée minimale est de 10"' in shown(refused)
        other = await odds(table.alice, table.channel, **AT_GANGERS, compare="banana")
        assert other.ephemeral and "« banana » ne nomme aucune arme" in shown(other)


async def test_refusals_are_ephemeral_and_change_nothing(simcord_env, table):
    await armies(table)
    before = await snapshot(simcord_env, table.channel)
    for options, expected in (
        (
            {"weapon": "x-launcher", "acc": 5, "res": 6, "distance": 5, "models": 1},
            'minimum range is 10"',
        ),
        ({**AT_GANGERS, "target": "Nobody"}, "Nobody"),
        ({**AT_GANGERS, "compare": "banana"}, "“banana” names no weapon, mode or ammo"),
        (
            {
                "weapon": "mag-gun",
                "acc": 5,
                "res": 6,
                "distance": 10,
                "models": 1,
                "extras": "co:40",
            },
            "co must be between 1 and 20",
        ),
    ):
        result = await odds(table.alice, table.channel, **options)
        assert result.ephemeral, shown(result)
        assert expected in shown(result)
    assert await snapshot(simcord_env, table.channel) == before


async def test_odds_in_a_direct_message(simcord_env):
    """No server, no game: typed-in stats only, as a user-installed command would be used."""
    user = simcord_env.create_user("dm-user")
    result = await odds(
        user,
        None,
        weapon="mag-gun",
        acc=5,
        res=6,
        distance=10,
        models=2,
        extras="co:8",
        **{"target_models": 4},
    )
    text = shown(result)
    assert "casualties **0.60**" in text  # 2 × 0.6 × 0.5
    assert "it breaks" in text


async def test_an_estimate_says_so(simcord_env, table):
    result = await odds(
        table.alice,
        table.channel,
        weapon="x-howitzer",
        acc=5,
        res=6,
        distance=30,
        models=10,
        **{"target_models": 10, "shield_drones": 10, "res_rerolls": "medic 20, leader 20"},
    )
    assert "≈ **Estimate**: too many outcomes to count them all" in shown(result)
    assert "Exact odds" not in shown(result)


async def test_the_chart_speaks_the_callers_language_and_draws_names_as_typed(
    simcord_env, table, monkeypatch
):
    """A unit named like a formula is drawn as typed (matplotlib's mathtext is off)."""
    from cogs.shooting import odds as odds_cog

    drawn = []

    def watched(words, series):
        drawn.append(words)
        return odds_png(words, series)

    odds_png = odds_cog.odds_png
    monkeypatch.setattr(odds_cog, "odds_png", watched)
    await armies(table)
    await table.bob.slash(table.channel, "unit add", name="$\\alpha$ squad", models=3, res=5)
    with french():
        result = await odds(
            table.alice,
            table.channel,
            shooter="Troopers",
            target="$\\alpha$ squad",
            weapon="mag-gun",
            distance=10,
        )
    assert not result.ephemeral, shown(result)
    (words,) = drawn
    assert words.title == "Chances : Mag Gun → $\\alpha$ squad"
    assert (words.hits, words.casualties, words.pins) == ("Touches", "Pertes", "Stress infligé")


def test_odds_takes_the_options_of_shoot():
    """`/odds` is `/shoot` without ``force``, with ``compare``: the same names, types,
    ranges, choices and autocompletes (the two share one decorator stack)."""
    from cogs.shooting.odds import OddsCog
    from cogs.shooting.shoot import ShootCog

    def described(command):
        return {
            p.name: (
                p.display_name,
                p.type,
                p.required,
                p.min_value,
                p.max_value,
                [c.value for c in p.choices],
                p.autocomplete,
            )
            for p in command.parameters
        }

    shoot, odds_ = described(ShootCog.shoot), described(OddsCog.odds)
    assert set(shoot) - set(odds_) == {"force"} and set(odds_) - set(shoot) == {"compare"}
    for name in set(shoot) & set(odds_):
        assert odds_[name] == shoot[name], name
    assert shoot["target_state"][0] == "target-state" and shoot["band"][5]


async def test_a_chart_that_fails_is_an_apology_not_a_traceback(simcord_env, table, monkeypatch):
    """The chart is drawn after the deferral: its failure still reaches the member as the
    usual apology with a reference, never a traceback."""
    from cogs.shooting import odds as odds_cog

    def broken(words, series):
        raise RuntimeError("chart bug")

    monkeypatch.setattr(odds_cog, "odds_png", broken)
    result = await odds(
        table.alice, table.channel, weapon="mag-gun", models=5, acc=5, res=6, distance=10
    )
    text = shown(result)
    assert "Sorry, something went wrong on our side." in text
    assert "Traceback" not in text and "chart bug" not in text
    errors = simcord_env.errors  # acknowledged: this test wants it
    assert any(isinstance(getattr(e, "original", e), RuntimeError) for e in errors)
