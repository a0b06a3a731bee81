"""The activation card's volley and offer (issue 31 §2): the weapons of one unit at one target,
each its own shot and event; the first claims the interaction, a refusal after it ends the
volley with the shots before it standing; what the card offers is read once."""

from __future__ import annotations

import pytest

from core.common.errors import Conflict
from services.common import shown_events
from services.shooting.options import ShotOptions
from tests.services.shooting.test_service import CHANNEL, call, stored
from tests.services.shooting.test_service import (
    table as table,  # noqa: F401  (the fixture)
)


def at_gangers(weapon: str, models: int = 2) -> ShotOptions:
    return ShotOptions(
        weapon=weapon, models=models, shooter="Troopers", target="Gangers", distance=10
    )


async def test_each_weapon_is_its_own_shot_and_the_first_claims_the_interaction(table):
    _, version, events = await stored(table)
    table.dice._values = [9, 9] + [9, 9, 9]  # two models' Mag Guns, then RF3: all miss
    shots = [at_gangers("mag-gun"), at_gangers("mag-light-support", models=1)]
    volley = await table.shooting.volley(call(interaction=901), 1, "u1", shots, lambda *_: "")
    assert [r.weapon.id for r in volley.records] == ["mag-gun", "mag-light-support"]
    assert volley.stopped is None
    _, after, new_events = await stored(table)
    assert after == version + 2 and [e.kind for e in new_events[len(events) :]] == ["shoot"] * 2
    # both events wait for the card that shows them (undo strikes it)
    shown = shown_events(table.store)
    assert shown.waiting(901) and len(shown.take(901, 5)) == 2
    with pytest.raises(Conflict) as replayed:  # the same form again fires nothing
        await table.shooting.volley(call(interaction=901), 1, "u1", shots, lambda *_: "")
    assert replayed.value.key == "errors.replayed"


async def test_a_refusal_after_the_first_shot_ends_the_volley(table):
    table.dice._values = [9, 9]
    shots = [at_gangers("mag-gun"), at_gangers("no-such-gun")]
    volley = await table.shooting.volley(call(), 1, "u1", shots, lambda *_: "")
    assert [r.weapon.id for r in volley.records] == ["mag-gun"]
    assert volley.stopped is not None and volley.unfired == ["no-such-gun"]


async def test_the_offer_says_what_a_card_shows(table):
    offer = await table.shooting.offer(CHANNEL, "u1")
    assert offer.step is not None and offer.step.game_id == 1
    assert offer.aim is None  # no weapons recorded for the Troopers
    nothing = await table.shooting.offer(CHANNEL + 1, "u1")
    assert nothing.step is None and nothing.aim is None
