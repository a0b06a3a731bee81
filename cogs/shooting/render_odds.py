"""`/odds` told in the caller's language: means, the break test, "chance of at least k".

The footer holds the `/shoot` that 🎲 Roll it fires, as ``name:value`` pairs: the button's
custom id carries a checksum of it, so the shot survives a restart without being stored
(``cogs.shooting.odds.RollIt`` reads it back from the message).
"""

from __future__ import annotations

import zlib
from dataclasses import fields
from typing import Any

import locales
from cogs.shooting.render_shot import unit_name, weapon_name
from locales import Lang, t
from services.shooting import OddsLine, OddsRecord, ShotOptions

ROWS_MAX = 12  # "chance of at least k" rows
SHOWN_FROM = 0.0005  # a chance below 0.05% ends the table
SEPARATOR = " · "
COMMAND = "/shoot "


def percent(lang: Lang, chance: float) -> str:
    return locales.percent(lang, chance, ".1f")


def number(lang: Lang, value: float) -> str:
    text = f"{value:.2f}"
    return text.replace(".", ",") if lang == "fr" else text


def line_label(lang: Lang, line: OddsLine) -> str:
    label = weapon_name(lang, line.weapon)
    if line.ammo is not None:
        label += " · " + t(lang, f"shoot.ammo.{line.ammo}")
    return label


def title(lang: Lang, record: OddsRecord) -> str:
    names = " / ".join(line_label(lang, line) for line in record.lines)
    return t(lang, "odds.title", weapon=names, target=unit_name(lang, record.target))


def means_line(lang: Lang, line: OddsLine) -> str:
    odds = line.odds
    key = "odds.means_net" if odds.net else "odds.means"
    return t(
        lang,
        key,
        weapon=line_label(lang, line),
        hits=number(lang, float(odds.mean("hits"))),
        casualties=number(lang, float(odds.mean("casualties"))),
        pins=number(lang, float(odds.mean("pins"))),
    )


def break_line(lang: Lang, record: OddsRecord, line: OddsLine) -> str:
    odds = line.odds
    if odds.break_test is None:
        return t(lang, "odds.break_unknown")
    test = percent(lang, float(odds.break_test))
    if odds.breaks is None:
        return t(lang, "odds.break_no_co", test=test)
    return t(
        lang,
        "odds.break",
        test=test,
        breaks=percent(lang, float(odds.breaks)),
        destroyed=percent(lang, float(odds.destroyed or 0)),
    )


def extra_lines(lang: Lang, line: OddsLine) -> list[str]:
    odds, lines = line.odds, []
    if odds.lucky:
        lines.append(t(lang, "odds.lucky", mean=number(lang, float(odds.lucky))))
    if odds.ten:
        lines.append(t(lang, "odds.ten", chance=percent(lang, float(odds.ten))))
    return lines


def table(lang: Lang, record: OddsRecord) -> str:
    """ "Chance of at least k" for hits and casualties of each line, in a code block."""
    columns = []
    for i, line in enumerate(record.lines):
        mark = f" {chr(ord('A') + i)}" if len(record.lines) > 1 else ""
        columns.append((t(lang, "odds.col_hits") + mark, line.odds.at_least("hits")))
        columns.append((t(lang, "odds.col_casualties") + mark, line.odds.at_least("casualties")))
    rows = ["k   " + "".join(f"{name:>14}" for name, _ in columns)]
    for k in range(1, ROWS_MAX + 1):
        values = [float(col[k]) if k < len(col) else 0.0 for _, col in columns]
        if max(values) < SHOWN_FROM:
            break
        rows.append(f"≥{k:<3}" + "".join(f"{percent(lang, v):>14}" for v in values))
    return "```\n" + "\n".join(rows) + "\n```"


def odds_lines(lang: Lang, record: OddsRecord) -> list[str]:
    lines = []
    if record.shooter is not None:
        lines.append(t(lang, "odds.shooter", shooter=unit_name(lang, record.shooter)))
    for line in record.lines:
        lines.append(means_line(lang, line))
        lines.append(break_line(lang, record, line))
        lines += extra_lines(lang, line)
    lines.append(t(lang, "odds.table_title"))
    lines.append(table(lang, record))
    if record.target is None and not record.models_known:
        lines.append(t(lang, "odds.note_models"))
    elif record.target is None:
        lines.append(t(lang, "odds.note_untracked"))
    estimates = [line.odds.estimate for line in record.lines if line.odds.estimate]
    if estimates:
        missing = locales.percent(lang, max(estimates), ".2g")
        lines.append(t(lang, "odds.estimate", missing=missing))
    else:
        lines.append(t(lang, "odds.exact"))
    return lines


# --- the footer: the `/shoot` of 🎲 Roll it -----------------------------------------------

KINDS = {f.name: f.type for f in fields(ShotOptions)}


def footer(lang: Lang, spec: dict[str, Any]) -> str | None:
    """ "🎲 Roll it = /shoot weapon:mag-gun · models:5 ..."; None when a value could not be
    read back as it is (a typed name with the separator in it)."""
    pairs = SEPARATOR.join(f"{name}:{value}" for name, value in spec.items())
    text = t(lang, "odds.footer") + " " + COMMAND + pairs
    return text if read_footer(text) == spec and len(text) <= 2048 else None


def checksum(text: str) -> str:
    return f"{zlib.crc32(text.encode()):08x}"


def _value(name: str, text: str) -> Any:
    kind = str(KINDS.get(name, "str"))
    if "bool" in kind:
        return text == "True"
    if "float" in kind:
        return float(text)
    if "int" in kind:
        return int(text)
    return text


def read_footer(text: str) -> dict[str, Any] | None:
    """The options written by ``footer`` (None: not one of ours)."""
    _, found, pairs = text.partition(COMMAND)
    if not found:
        return None
    spec: dict[str, Any] = {}
    try:
        for pair in pairs.split(SEPARATOR):
            name, _, value = pair.partition(":")
            if name not in KINDS:
                return None
            spec[name] = _value(name, value)
    except ValueError:
        return None
    return spec
