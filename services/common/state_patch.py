"""What each change did to the state, kept in its event for the replay (issue 34).

The log keeps the state an event replaced only for undo, and only for the last steps of a
running game (`UNDO_STEPS`). So that a game can be replayed event by event after it ends,
every event also carries, under `PATCH_KEY` in its payload, the patch from the state before it
to the state after it: the keys set (with their new values) and the keys removed, down
through objects; a list or a value that changed is set whole. Folded from the first event
(whose patch sets the whole starting state), the patches give the state after each event,
exactly: `tests/services/common/test_state_patch.py`.

The patch is plain JSON inside the payload: exported with it, copied with it, and rewritten
with it when a member is forgotten (`services.privacy`). The bot's bookkeeping of its own
messages, which records stored before issue 31 still hold in their state (`messages`, now in
`game_messages`), is left out: it is not play. A patch is small next to the payload it sits
in (a shot's patch is a unit's changed fields).
"""

from __future__ import annotations

import copy
import json
from typing import Any

PATCH_KEY = "_replay"
LEFT_OUT = frozenset({"messages"})  # bookkeeping of older records (storage.message_queries)
Path = list[str]
Op = list[Any]  # [path, value]: set; [path]: remove


def diff(before: dict[str, Any], after: dict[str, Any]) -> list[Op]:
    """The ops that turn `before` into `after` (both JSON objects)."""
    ops: list[Op] = []
    _diff(before, after, [], ops, top=True)
    return ops


def _diff(
    before: dict[str, Any], after: dict[str, Any], path: Path, ops: list[Op], *, top: bool
) -> None:
    for key, value in after.items():
        if top and key in LEFT_OUT:
            continue
        if key not in before:
            ops.append([[*path, key], value])
            continue
        old = before[key]
        if isinstance(old, dict) and isinstance(value, dict):
            _diff(old, value, [*path, key], ops, top=False)
        elif old != value or type(old) is not type(value):
            ops.append([[*path, key], value])
    for key in before:
        if key not in after and not (top and key in LEFT_OUT):
            ops.append([[*path, key]])


def apply(document: dict[str, Any], ops: list[Op]) -> dict[str, Any]:
    """`document` changed by `ops` (a copy: the argument is left as it was)."""
    result = copy.deepcopy(document)
    for op in ops:
        path = op[0]
        target = result
        for key in path[:-1]:
            target = target.setdefault(key, {})
        if len(op) == 2:
            target[path[-1]] = copy.deepcopy(op[1])
        else:
            target.pop(path[-1], None)
    return result


def patch_between(before_json: str | None, after_json: str) -> list[Op]:
    """The patch of a change, from the stored JSON of both states (None: nothing before)."""
    before = json.loads(before_json) if before_json else {}
    return diff(before, json.loads(after_json))


def with_patch(payload_json: str, patch: list[Op]) -> str:
    """The event's payload (a JSON object) with its patch added under `PATCH_KEY`."""
    body = payload_json.strip()
    if not body.startswith("{") or not body.endswith("}"):
        raise ValueError("an event's payload is a JSON object")
    inner = body[1:-1].strip()
    added = f"{json.dumps(PATCH_KEY)}:{json.dumps(patch, ensure_ascii=False)}"
    return "{" + (f"{inner},{added}" if inner else added) + "}"


def patch_of(payload: dict[str, Any]) -> list[Op] | None:
    """The patch an event's payload carries (None: an event written before patches)."""
    found = payload.get(PATCH_KEY)
    return found if isinstance(found, list) else None
