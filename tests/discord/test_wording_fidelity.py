"""Issue 29 ("Rules fidelity, part 3"): what a player reads, in English and in French —
refusals that name what the user gave, French words a French club reads without tripping,
and counts that agree with what the bot just did."""

from __future__ import annotations

from tests.discord.test_shoot_kit import armies, refused
from tests.support.locale import french


async def camo_gangers(table) -> None:
    await armies(table)
    await table.bob.slash(table.channel, "unit edit", unit="Gangers", gear="camo", down=True)


async def test_a_camo_refusal_for_a_band_beyond_ten_inches_names_the_band(simcord_env, table, dice):
    """003 "CAMO DRONE" ("elle ne peut pas être ciblée à des portées supérieures à 10"")
    with `band:long` and no distance: the band lies beyond 10" all through; the refusal
    names it, never a distance of 0", and the French one cites the armouries, not "seeds"."""
    await camo_gangers(table)
    shot = {"weapon": "mag-gun", "models": 5, "shooter": "Troopers", "target": "Gangers"}
    english = 'the long range band of Mag Gun lies wholly beyond 10"'
    refusal = await refused(
        simcord_env, table.channel, table.alice, "shoot", english, band="long", **shot
    )
    assert '0" here' not in refusal.response.content
    with french():
        french_text = 'toute la longue portée de Mag Gun est au-delà de 10"'
        refusal = await refused(
            simcord_env, table.channel, table.alice, "shoot", french_text, band="long", **shot
        )
    text = refusal.response.content
    assert '0" ici' not in text and "seeds" not in text
    assert "« CAMO DRONE »" in text
    assert dice.rolled == []
