"""A member's Discord id, found and replaced in the JSON the bot keeps (`/config data forget-me`).

Game states, event payloads, battle figures and change logs hold members as Discord ids:
numbers (`owner_id`, `host_id`, `actor_id`...), keys of per-player figures (JSON keys are
text: `"123..."`), and mentions in text (`<@123...>`). A Discord id is a 17–20-digit
snowflake that names nothing but that member, so every occurrence of it is theirs; the
alias that replaces it is a small number no Discord account can have (Discord shows it as
an unknown user). A battle side that was theirs also loses the army name they typed.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Callable
from typing import Any

from services.common import pack_state, unpack_state


def holds(text: str, user_id: int) -> bool:
    """Whether the JSON `text` names the member anywhere."""
    if str(user_id) not in text:
        return False
    try:
        data = json.loads(text)
    except ValueError:
        return True  # not JSON: the digits are there, count it as theirs
    return _Replacer(user_id, 0).walk(data) != data


class _Replacer:
    def __init__(self, user_id: int, alias: int) -> None:
        self.user_id, self.alias = user_id, alias
        self.text, self.alias_text = str(user_id), str(alias)
        self.mentions = ((f"<@{user_id}>", f"<@{alias}>"), (f"<@!{user_id}>", f"<@{alias}>"))

    def walk(self, value: Any) -> Any:
        if isinstance(value, bool) or value is None or isinstance(value, float):
            return value
        if isinstance(value, int):
            return self.alias if value == self.user_id else value
        if isinstance(value, str):
            return self.string(value)
        if isinstance(value, list):
            return [self.walk(v) for v in value]
        if isinstance(value, dict):
            return self.mapping(value)
        return value

    def string(self, value: str) -> str:
        if value == self.text:
            return self.alias_text
        for mention, alias in self.mentions:
            value = value.replace(mention, alias)
        return value

    def mapping(self, value: dict[str, Any]) -> dict[str, Any]:
        new = {self.string(k): self.walk(v) for k, v in value.items()}
        if value.get("user_id") == self.user_id and "army" in new:
            new["army"] = None  # a battle side in a change log: the army name they typed
        return new


def replacer(user_id: int, alias: int) -> Callable[[str], str]:
    """JSON text → the same with the member replaced by `alias` (unchanged text if absent)."""
    walker = _Replacer(user_id, alias)

    def rewrite(text: str) -> str:
        if str(user_id) not in text:
            return text
        try:
            data = json.loads(text)
        except ValueError:
            return text.replace(str(user_id), str(alias))
        new = walker.walk(data)
        return text if new == data else json.dumps(new, ensure_ascii=False, sort_keys=True)

    return rewrite


def blob_replacer(user_id: int, alias: int) -> Callable[[bytes], bytes | None]:
    """An undo snapshot (compressed state) → the same with the member replaced; None when it
    cannot be read (dropped: that step can no longer be undone, the log stays)."""
    rewrite = replacer(user_id, alias)

    def rewrite_blob(blob: bytes) -> bytes | None:
        try:
            text = unpack_state(blob)
        except (zlib.error, UnicodeDecodeError):
            return None
        new = rewrite(text)
        return blob if new == text else pack_state(new)

    return rewrite_blob
