"""The reader's language, from their browser's `Accept-Language`: French or English."""

from __future__ import annotations

from locales import Lang

DEFAULT: Lang = "en"
HEADER_LIMIT = 500  # characters of the header read: a longer one is cut there


def language(header: str | None) -> Lang:
    """The supported language the reader prefers most (`fr-CA;q=0.8`…), else English."""
    best: tuple[float, int, Lang] | None = None
    for index, part in enumerate((header or "")[:HEADER_LIMIT].split(",")[:20]):
        tag, _, params = part.strip().partition(";")
        primary = tag.strip().lower().split("-")[0]
        if primary not in ("fr", "en"):
            continue
        weight = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        if not 0 < weight <= 1:
            continue
        found: Lang = "fr" if primary == "fr" else "en"
        if best is None or (weight, -index) > (best[0], -best[1]):
            best = (weight, index, found)
    return best[2] if best is not None else DEFAULT
