"""The second process of `bench.scale --peer`: the service layer without Discord, on the
same database and the same games, adding pins to each game's fourth unit (Bob's) while the
first process plays. Prints what it did as one line of JSON."""

from __future__ import annotations

import asyncio
import itertools
import json
import sys
import time

from services.app import AppServices
from services.common.applied_once import Call
from services.common.permissions import Actor
from storage.factory import store_from_url

UNIT = "u4"


async def run(job: dict) -> dict:
    services = AppServices(store_from_url(job["url"]), "en")
    await services.open()
    interaction_ids = itertools.count(9_000_000_000_000)
    actor = Actor(user_id=job["user"], name="bob")
    acked = 0

    async def one_channel(channel_id: int) -> None:
        nonlocal acked
        for _ in range(job["rounds"]):
            call = Call(job["guild"], channel_id, actor, next(interaction_ids))
            await services.units.pins(call, "add", UNIT, 1)
            acked += 1

    started = time.perf_counter()
    try:
        await asyncio.gather(*(one_channel(c) for c in job["channels"]))
    finally:
        await services.close()
    return {"acked": acked, "elapsed": time.perf_counter() - started}


if __name__ == "__main__":
    print(json.dumps(asyncio.run(run(json.loads(sys.argv[1])))))
