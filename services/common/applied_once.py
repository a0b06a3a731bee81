"""Applied once: the one way a member's change is written.

Discord may deliver the same interaction twice (a gateway replay, a second process). Every
use case that changes stored state (games, campaigns, server settings) opens its write
transaction with `once`, which first claims the interaction id (storage table
`processed_interactions`): the claim commits with the change or not at all, so a refused
change can be asked again, and a second delivery of an applied one is refused with
`errors.replayed` and changes nothing. The claim needs no trip of its own: it goes with the
transaction's first reads (`Transaction.claim_once`), and a replay is refused there, before
anything is decided. `tests/test_layering.py` checks that no service opens
a write transaction any other way. The bot's own bookkeeping claims nothing (`None`): e.g.
`services.common.shown` storing which message showed an event, after the change committed.

Being the one way, it is also where the rest of the bot hears of a change: once a change of a
channel commits, the listeners of the store (`listen`) are told the channel (the live game
board is edited from there). They must return at once; they schedule their own work. The
store holds its own listeners (`Store.listeners`): nothing module-wide keeps a store, or the
bot a listener belongs to, alive (issue 30).

It is also where every write transaction is timed: the observers of a store
(`observe_transactions`: the bot's metrics) are told how long each took, waiting for the
database included, and whether it committed. They are kept by store, weakly: a store that is
gone takes its observers with it.
"""

from __future__ import annotations

import logging
import time
import weakref
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass

from core.common.errors import Conflict, NotAllowed
from services.common.permissions import Actor
from storage.base import Replayed, Store, Transaction

log = logging.getLogger(__name__)
Listener = Callable[[int], None]  # told the channel whose state a change committed
# told the seconds a write transaction took and whether it committed (the bot's metrics)
TransactionObserver = Callable[[float, bool], None]
_observers: weakref.WeakKeyDictionary[Store, list[TransactionObserver]] = (
    weakref.WeakKeyDictionary()
)


@dataclass(frozen=True, slots=True)
class Call:
    """One interaction, as plain values: where, who, and its id (a replay changes nothing)."""

    guild_id: int | None
    channel_id: int
    actor: Actor
    interaction_id: int | None = None


def guild_of(call: Call) -> int:
    """The caller's server, for what belongs to one (campaigns, server settings)."""
    if call.guild_id is None:
        raise NotAllowed("errors.guild_only")
    return call.guild_id


@asynccontextmanager
async def once(
    store: Store, interaction_id: int | None, channel_id: int | None = None
) -> AsyncIterator[Transaction]:
    """A write transaction that has claimed `interaction_id` (None: no interaction asked for
    this change, e.g. a test or the bot's own bookkeeping). Once it commits, the listeners
    hear of `channel_id` (None: nobody needs to, e.g. where a message of the bot sits)."""
    started = time.perf_counter()
    committed = False
    try:
        async with store.transaction() as tx:
            if interaction_id is not None:
                await tx.claim_once(interaction_id, channel_id=channel_id)
            yield tx
        committed = True
    except Replayed:
        raise Conflict("errors.replayed") from None
    finally:
        _timed(store, time.perf_counter() - started, committed)
    if channel_id is not None:
        _tell(store, channel_id)
        if store.announcing:
            await _announce(store, channel_id)


async def _announce(store: Store, channel_id: int) -> None:
    """The other processes hear of it (their web pages): the change is committed, so a
    database that cannot be told now costs them at most their own poll."""
    try:
        await store.announce(channel_id)
    except Exception:
        log.warning("channel %s's change was not announced to other processes", channel_id)


def listen(store: Store, listener: Listener) -> Callable[[], None]:
    """Hear of every change committed through `once` on `store`; returns how to stop."""
    listeners = store.listeners
    listeners.append(listener)
    return lambda: listeners.remove(listener) if listener in listeners else None


def observe_transactions(store: Store, observer: TransactionObserver) -> None:
    """Be told of every write transaction on `store` (through `once`): seconds, committed."""
    _observers.setdefault(store, []).append(observer)


def _timed(store: Store, seconds: float, committed: bool) -> None:
    for observer in _observers.get(store, ()):
        try:
            observer(seconds, committed)
        except Exception:  # counting must never fail a change
            log.exception("a transaction observer failed")


def _tell(store: Store, channel_id: int) -> None:
    for listener in list(store.listeners):
        try:
            listener(channel_id)
        except Exception:  # a listener's bug must not fail a change already committed
            log.exception("a change listener failed for channel %s", channel_id)
