"""The organiser's typed options of `/event create`, read into the event's settings."""

from __future__ import annotations

import re
from datetime import UTC, datetime

from core.common.campaign import clean_text
from core.common.errors import BadInput
from core.common.tournament.model import ROUNDS_MAX, SCENARIO_LIMIT, TIE_BREAKERS

SCENARIOS_MAX = ROUNDS_MAX * 2
_SPLIT = re.compile(r"[;\n]")


def deadline_of(text: str | None) -> str:
    """`YYYY-MM-DD` or `YYYY-MM-DD HH:MM` (UTC) as ISO text; "" for none."""
    text = (text or "").strip()
    if not text:
        return ""
    for form in ("%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M", "%Y-%m-%d"):
        try:
            return datetime.strptime(text, form).replace(tzinfo=UTC).isoformat()
        except ValueError:
            continue
    raise BadInput("tournament.bad_deadline", value=text[:32])


def scenarios_of(text: str | None) -> list[str]:
    """Scenarios separated by `;`: the first for round 1, and so on; rounds past the last
    given draw one of them."""
    names = [s.strip() for s in _SPLIT.split(text or "") if s.strip()]
    if len(names) > SCENARIOS_MAX:
        raise BadInput("tournament.too_many_scenarios", limit=SCENARIOS_MAX)
    return [clean_text(n, "scenario", SCENARIO_LIMIT) or "" for n in names]


def tie_breakers_of(text: str | None) -> list[str]:
    """`wins, vp, dice, sos` in the order wanted (each at most once)."""
    if text is None or not text.strip():
        return list(TIE_BREAKERS)
    chosen = [w for w in re.split(r"[\s,;>]+", text.strip().casefold()) if w]
    if any(w not in TIE_BREAKERS for w in chosen) or len(set(chosen)) != len(chosen):
        raise BadInput("tournament.bad_tie_breakers", known=", ".join(TIE_BREAKERS))
    return chosen
