"""Embeds and compact lines for rule and weapon look-ups, within Discord's limits."""

from __future__ import annotations

import discord

from cogs.common.settings_words import label as setting_label
from cogs.common.settings_words import labelled, value_label
from cogs.common.text import split_text
from core.antares.ruleset import Ruleset
from locales import Lang, t
from rulesdb.base import Source
from rulesdb.models import AnyEntry, CoreEntry, Mode, RollTable, RulesDB, Weapon

DESCRIPTION_CHUNK = 3000  # of 4096: leaves room for fields under the 6000 total
FIELD_LIMIT = 1024
COLOUR = discord.Colour.dark_teal()


def title(entry: AnyEntry) -> str:
    if entry.name_fr.casefold() == entry.name_en.casefold():
        return entry.name_fr
    return f"{entry.name_fr} / {entry.name_en}"


def source_line(entry: AnyEntry, lang: Lang = "en") -> str:
    """Where the entry comes from, as a player reads it: "Boromite armoury — SUBVERTER
    MATRIX"; a core rule says it comes from the rules notes, not the armouries."""
    if isinstance(entry, CoreEntry) or not entry.source:
        return t(lang, "rules.source_notes")
    return " · ".join(dict.fromkeys(_source_name(s, lang) for s in entry.source))


def _source_name(source: Source, lang: Lang) -> str:
    book = f"rules.book_{source.faction}" if source.faction else f"rules.book_{source.system}"
    return f"{t(lang, book)} — {source.heading}"


def summary(entry: AnyEntry, lang: Lang) -> str | None:
    return getattr(entry, "summary_en" if lang == "en" else "summary_fr", None)


def body(entry: AnyEntry, lang: Lang) -> str:
    """The full text: the seed's French, the rows of a table, or a core rule's text."""
    if isinstance(entry, RollTable):
        rows = [
            f"**{_span(r.low, r.high)}** — {r.text_en if lang == 'en' else r.text_fr}"
            for r in entry.rows
        ]
        return f"{entry.die}\n" + "\n".join(rows)
    if isinstance(entry, CoreEntry):
        return entry.text_en if lang == "en" else entry.text_fr
    return getattr(entry, "text_fr", "") or (entry.note(lang) or "")


def card_text(entry: AnyEntry, lang: Lang) -> str:
    """The short meaning first (in the reader's language), then the full text under a label
    saying what it is: the armoury's French text, a table's rows, a core rule, or a glossary
    definition (the bot's words, not the armoury's)."""
    short = summary(entry, lang)
    full = body(entry, lang)
    if isinstance(entry, CoreEntry):
        label = t(lang, "rules.core_text")
    elif isinstance(entry, RollTable) or not getattr(entry, "text_fr", ""):
        label = ""
    elif getattr(entry, "kind", None) == "glossary":
        label = t(lang, "rules.glossary_text")
    elif entry.system == "antares":
        label = t(lang, "rules.seed_text_armoury")
    else:
        label = t(lang, "rules.seed_text_rules")
    parts = [f"**{t(lang, 'rules.summary')}** — {short}"] if short else []
    if full:
        parts.append(f"__{label}__\n{full}" if label else full)
    # the texts name the ruleset settings they depend on by key: readers get the label
    return labelled(lang, "\n\n".join(parts))


def _span(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}–{high}"


def _pack(lines: list[str], limit: int = FIELD_LIMIT) -> list[str]:
    return split_text("\n".join(lines), limit) if lines else []


def entry_pages(entry: AnyEntry, related: list[AnyEntry], lang: Lang) -> list[discord.Embed]:
    chunks = split_text(card_text(entry, lang), DESCRIPTION_CHUNK) or [""]
    pages = []
    for number, chunk in enumerate(chunks, start=1):
        embed = discord.Embed(title=title(entry), description=chunk or None, colour=COLOUR)
        if number == 1:
            _first_page_fields(embed, entry, related, lang)
        footer = t(lang, "rules.source", source=source_line(entry, lang))
        if len(chunks) > 1:
            footer += " · " + t(lang, "pager.page", page=number, pages=len(chunks))
        embed.set_footer(text=footer[:2048])
        pages.append(embed)
    return pages


def _first_page_fields(
    embed: discord.Embed, entry: AnyEntry, related: list[AnyEntry], lang: Lang
) -> None:
    # the short meaning leads the description (card_text); fix_note is for maintainers only
    note = entry.note(lang)  # says where a text that is not the seed's comes from
    if note:
        note = labelled(lang, note)[:FIELD_LIMIT]
        embed.add_field(name=t(lang, "rules.note"), value=note, inline=False)
    for index, chunk in enumerate(_pack(reading_lines(entry, lang))):
        name = t(lang, "rules.readings") if index == 0 else "\u200b"
        embed.add_field(name=name, value=chunk, inline=False)
    names = [f"{e.name(lang)}" for e in related]
    for index, chunk in enumerate(_pack([", ".join(names)] if names else [])):
        embed.add_field(
            name=t(lang, "rules.related") if index == 0 else "\u200b", value=chunk, inline=False
        )


def reading_lines(entry: AnyEntry, lang: Lang) -> list[str]:
    """The bot's reading under each value of the settings that decide the rule (the seeds
    leave it open), the default marked, then where the value in force is shown."""
    if not entry.readings:
        return []
    defaults = Ruleset()
    lines = []
    for reading in entry.readings:
        default = reading.value == getattr(defaults, reading.setting)
        lines.append(
            t(
                lang,
                "rules.reading",
                setting=setting_label(lang, reading.setting),
                value=value_label(lang, reading.value),
                default=t(lang, "rules.reading_default") if default else "",
                text=labelled(lang, reading.text_en if lang == "en" else reading.text_fr),
            )
        )
    return [*lines, t(lang, "rules.readings_here")]


def band_text(mode: Mode, lang: Lang) -> str:
    names = {
        "effective": "rules.band_effective",
        "long": "rules.band_long",
        "extreme": "rules.band_extreme",
    }
    if mode.h2h_only:
        return t(lang, "rules.h2h_only")
    parts = []
    for band in ("effective", "long", "extreme"):
        found = getattr(mode, band)
        value = found.text() if found else t(lang, "rules.no_band")
        parts.append(f"{t(lang, names[band])} {value}")
    return " · ".join(parts)


def rule_lines(db: RulesDB, mode: Mode, lang: Lang) -> list[str]:
    lines = []
    for ref in mode.rules:
        rule = db.rules.get(ref.id)
        if rule is None:
            continue
        meaning = rule.summary_en if lang == "en" else rule.summary_fr
        lines.append(f"• **{rule.label(ref.param, lang)}** — {meaning}")
    return lines


def mode_lines(db: RulesDB, mode: Mode, lang: Lang) -> list[str]:
    lines = [
        f"{t(lang, 'rules.ranges')} {band_text(mode, lang)}",
        f"{t(lang, 'rules.sv')} **{mode.sv.text()}**",
    ]
    if mode.attacks:
        lines.append(t(lang, "rules.attacks", attacks=mode.attacks))
    rules = rule_lines(db, mode, lang)
    lines.append(t(lang, "rules.special") + (" —" if not rules else ""))
    return lines + rules


def faction_names(entry: AnyEntry, lang: Lang) -> str:
    return ", ".join(t(lang, f"rules.faction_{f}") for f in entry.factions) or "—"


def weapon_card(db: RulesDB, weapon: Weapon, lang: Lang) -> discord.Embed:
    description = t(lang, "rules.fielded_by", factions=faction_names(weapon, lang))
    if weapon.heavy:  # not a cell of the tables: the rules notes' class (rulesdb/README.md)
        description += "\n" + t(lang, "rules.heavy_weapon")
    embed = discord.Embed(title=title(weapon), colour=COLOUR, description=description)
    for mode in weapon.modes:
        label = (mode.name_en if lang == "en" else mode.name_fr) or t(lang, "rules.profile")
        for index, chunk in enumerate(_pack(mode_lines(db, mode, lang))):
            embed.add_field(name=label if index == 0 else "\u200b", value=chunk, inline=False)
    note = weapon.note(lang)  # never fix_note: it is written for maintainers, not players
    if note:
        note = labelled(lang, note)[:FIELD_LIMIT]
        embed.add_field(name=t(lang, "rules.note"), value=note, inline=False)
    embed.set_footer(text=t(lang, "rules.source", source=source_line(weapon, lang))[:2048])
    return embed


def compact(db: RulesDB, entry: AnyEntry, lang: Lang) -> str:
    """One or two lines for an inline `[[...]]` answer."""
    if isinstance(entry, Weapon):
        modes = " | ".join(compact_mode(db, mode, lang) for mode in entry.modes)
        return f"**{entry.name(lang)}** — {modes}"
    return f"**{title(entry)}** — {summary(entry, lang) or source_line(entry, lang)}"


def compact_mode(db: RulesDB, mode: Mode, lang: Lang) -> str:
    """The figures of the weapon card on one line: ranges, SV, attacks, rules with parameters."""
    name = mode.name_en if lang == "en" else mode.name_fr
    parts = [band_text(mode, lang), f"{t(lang, 'rules.sv')} {mode.sv.text()}"]
    if mode.attacks:
        parts.append(t(lang, "rules.attacks", attacks=mode.attacks))
    labels = [db.rules[r.id].label(r.param, lang) for r in mode.rules if r.id in db.rules]
    if labels:
        parts.append(", ".join(labels))
    return (f"{name}: " if name else "") + " · ".join(parts)
