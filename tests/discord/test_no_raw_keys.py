"""No internal identifier in any reply (issue 22): a French table reads Préc, Feu, attaquant,
the label of a ruleset setting and the French words of `extras`, never `acc`, `fire`,
`attacker`, `rally_pins_die` or `no-shield`.

A representative session (settings, a game with units, the bag, an order, shots, close
combat, a damage chart, the end of the turn, the log, undo, rule cards, autocomplete and the
usual refusals) is played in French and in English; every text the user sees (content,
embeds, components, autocomplete choice names) is scanned.
"""

from __future__ import annotations

import re
from contextlib import nullcontext

import pytest

from core.antares.ruleset import Ruleset
from tests.support.locale import french

# Lowercase stat and order keys, mode ids and the English `extras` words: never in French.
FRENCH_NEVER = re.compile(
    r"\b(acc|str|res|init|fire|advance|run|down|rally|ambush|attacker|defender"
    r"|single-shot|scatter|no-shield|batter-drone|scout-probe|breaching-kit|large)\b"
)
# Setting keys and their word values (chart_once): never in either language.
SNAKE_KEYS = re.compile(r"\b[a-z0-9]+(?:_[a-z0-9]+)+\b")
MENTION = re.compile(r"</[^>]+>|<[@#!&t:][^>]*>")


def shown(result) -> list[str]:
    """Every text of a reply and its follow-ups, as the user sees it."""
    texts = []
    for message in [result.response, *result.followups]:
        texts.append(message.content or "")
        for embed in message.embeds:
            data = embed.to_dict()
            texts += [data.get("title", ""), data.get("description", "")]
            texts += [f"{f['name']} {f['value']}" for f in data.get("fields", [])]
            texts += [data.get("footer", {}).get("text", "")]
        for row in message.components:
            for item in row.get("components", []):
                texts += [item.get("label") or "", item.get("placeholder") or ""]
                texts += [o.get("label", "") for o in item.get("options", [])]
    return texts


async def session(table, dice) -> list[tuple[str, list[str]]]:
    """(what was done, what was shown) for each step."""
    alice, bob, admin, channel = table.alice, table.bob, table.admin, table.channel
    seen: list[tuple[str, list[str]]] = []

    async def slash(member, command, **options):
        result = await member.slash(channel, command, **options)
        seen.append((f"/{command} {options}", shown(result)))
        return result

    async def choices(member, command, option, typed, **options):
        found = await member.autocomplete(channel, command, option, typed, **options)
        seen.append((f"/{command} {option}: {typed}", [c["name"] for c in found]))

    await slash(admin, "config ruleset")
    await slash(admin, "config rule", setting="rally_pins_die", value="3")
    await slash(admin, "config rule", setting="massive_damage", value="twice")  # refused
    await choices(admin, "config rule", "setting", "")
    await choices(admin, "config rule", "value", "", setting="massive_damage")
    await slash(alice, "game start", name="Vorl")
    await slash(
        alice,
        "unit add",
        name="Troopers",
        models=5,
        co=8,
        acc=5,
        str=5,
        res=5,
        init=7,
        armour="reflex",
        weapons="Mag Gun, Mag Light Support",
    )
    await slash(bob, "unit add", name="Gangers", models=5, co=9, dice=2, acc=5, str=6, res=6)
    await slash(alice, "unit show", unit="Troopers")
    await slash(alice, "game status")
    await slash(alice, "unit test", unit="Troopers", stat="stat_acc")
    await slash(bob, "unit test", unit="Gangers", stat="stat_init")  # no Init: refused
    await slash(alice, "game rules")
    await slash(alice, "game rules", setting="massive_damage", value="chart_once")
    await choices(alice, "game rules", "setting", "mass")
    dice.script(1)  # Alice's die
    await slash(alice, "bag draw")
    await slash(alice, "order", unit="Troopers", order="fire")
    await choices(alice, "shoot", "mode", "", weapon="plasma-carbine")
    untracked = {"models": 1, "acc": 5, "res": 5}
    await slash(alice, "shoot", weapon="plasma-carbine", distance=10, **untracked)  # mode?
    await slash(alice, "shoot", weapon="tractor-maul", distance=1, **untracked)  # h2h only
    await slash(
        alice,
        "shoot",
        shooter="Troopers",
        target="Gangers",
        distance=12,
        weapon="Mag Light Support",
        extras="grand brouillage:1",
    )
    await slash(alice, "shoot", weapon="mag-gun", models=1, distance=12, extras="zzz")
    await slash(
        alice,
        "shoot",
        weapon="mag-gun",
        distance=30,
        acc=5,
        res=5,
        models=3,
        order="advance",
        cover="light",
    )
    await slash(bob, "bag take", unit="Gangers")
    await slash(bob, "mine lay", unit="Gangers", location="north ruins")
    await slash(bob, "mine trigger", mine="1", target="Troopers")
    await slash(bob, "mine list")
    await slash(alice, "marker place", type="blur", weapon="x-launcher", location="hill")
    await slash(alice, "marker list")
    await slash(alice, "pins add", unit="Gangers", count=2)
    await slash(alice, "assault", attacker="Troopers", defender="Gangers")
    await slash(alice, "assault", attacker="str 5 zap 3", defender="Gangers")  # refused
    await slash(alice, "damage", table="vehicle")
    await slash(alice, "turn end", confirm=True)
    await slash(alice, "game log")
    await slash(alice, "game undo")
    await slash(alice, "rule", query="massive damage")
    await slash(alice, "rule", query="ambush")
    return seen


def raw_keys(text: str, lang: str) -> list[str]:
    text = MENTION.sub(" ", text)  # ids and mentions are not words
    found = [k for k in SNAKE_KEYS.findall(text) if not k.isdigit()]
    if lang == "fr":
        found += FRENCH_NEVER.findall(text)
    return found


@pytest.mark.parametrize("lang", ["fr", "en"])
async def test_replies_show_no_internal_keys(simcord_env, table, dice, lang):
    with french() if lang == "fr" else nullcontext():
        seen = await session(table, dice)
    offenders = {
        step: keys
        for step, texts in seen
        for keys in [[k for text in texts for k in raw_keys(text, lang)]]
        if keys
    }
    assert offenders == {}
    assert len(seen) > 30


async def test_settings_are_labelled_and_read_back_by_label(simcord_env, table):
    """A setting is shown by its label, and a label typed without the list is understood."""
    with french():
        found = await table.admin.autocomplete(table.channel, "config rule", "setting", "ral")
        values = await table.admin.autocomplete(
            table.channel, "config rule", "value", "", setting="massive_damage"
        )
        typed = await table.admin.slash(
            table.channel,
            "config rule",
            setting="procédure des dégâts massifs",
            value="un seul jet",
        )
    assert {"name": "Dé de Ralliement", "value": "rally_pins_die"} in found
    assert {"name": "un seul jet", "value": "chart_once"} in values
    assert {"name": "défaut", "value": "default"} in values
    assert typed.response.content.startswith(
        "Règles de ce serveur : *Procédure des Dégâts Massifs* "
        "deux jets, le pire s'applique → **un seul jet**"
    )
    started = await table.alice.slash(table.channel, "game start", name="Vorl")
    assert "*Massive Damage procedure* = once" in started.response.content


def test_every_setting_and_word_value_has_a_label_in_both_languages():
    from locales import catalog

    for lang in ("en", "fr"):
        for key, field in Ruleset.model_fields.items():
            assert catalog().has(lang, f"ruleset.label.{key}"), (lang, key)
            for value in getattr(field.annotation, "__args__", ()):
                if isinstance(value, str) and value != "off":
                    assert catalog().has(lang, f"ruleset.value.{value}"), (lang, value)
