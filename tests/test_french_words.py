"""Words a French table reads (issue 22): a die is *pioché* from the bag, never *tiré*
(shooting), and a colon is preceded by a space."""

from __future__ import annotations

import re

from locales import catalog

# A message about the bag: it names the bag, a die, or a /bag command.
_ABOUT_THE_BAG = re.compile(r"\bbourse\b|\bdés?\b|/bag\b|\bpioch", re.IGNORECASE)
_SHOOTING_WORD = re.compile(r"\btir(?:er|ez|ez-en|é|ée|és|ées|age|ages)\b", re.IGNORECASE)
# Messages where a die is named and "tirer" means shooting, not drawing.
_SHOOTING_KEYS = {
    "commands.shoot.description",  # "Tirer avec une arme : chaque dé montré"
    "react.log_camo_missed",  # "raté sans effet, sans jet de dé … (chaque arme a tiré)"
}


def _french():
    return catalog().messages["fr"]


def _plain(template: str) -> str:
    """The template without placeholders, mentions or /command option syntax (`unit:x`)."""
    text = re.sub(r"\{[^{}]*\}", "X", template)
    return re.sub(r"<[@#][^>]*>", "X", text)


def test_a_die_is_drawn_with_piocher_never_tirer():
    wrong = {
        key: template
        for key, template in _french().items()
        if key not in _SHOOTING_KEYS
        and _ABOUT_THE_BAG.search(template)
        and _SHOOTING_WORD.search(template)
    }
    assert wrong == {}
    assert _french()["bag.draw_next"] == "Piocher le suivant"


def test_every_french_colon_has_a_space_before_it():
    # A colon directly after a word and before a space or the end is punctuation
    # without its space; `option:value` (no space after) is command syntax and stays.
    wrong = {
        key: template
        for key, template in _french().items()
        if re.search(r"\S:(?:\s|$)", _plain(template))
    }
    assert wrong == {}


# The order dice (issue 29): the French catalogue names an order in French ("Feu", "À terre",
# `order.name.*`), the convention of its buttons, reports and /game status; a message that
# named it by the die's English name too ("À terre (Down)") would read two conventions.
_ORDERS = ("fire", "advance", "run", "ambush", "rally", "down")


def test_no_french_message_names_an_order_in_both_languages():
    english = catalog().messages["en"]
    mixed = {}
    for key, template in _french().items():
        for order in _ORDERS:
            name_en, name_fr = english[f"order.name.{order}"], _french()[f"order.name.{order}"]
            if re.search(rf"\b{name_en}\b", template) and name_fr.casefold() in template.casefold():
                mixed[key] = (name_en, name_fr)
    assert mixed == {}


def test_french_order_names_are_french_and_the_English_fire_is_not_left_alone():
    assert [_french()[f"order.name.{o}"] for o in _ORDERS] == [
        "Feu", "Avance", "Course", "Embuscade", "Ralliement", "À terre",
    ]  # fmt: skip
    assert "Fire" not in _french()["effects.why.no_fire"]
