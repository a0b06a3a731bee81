"""Normalised text for search: case-, accent- and punctuation-insensitive words."""

from __future__ import annotations

import re
import unicodedata

_WORD = re.compile(r"[a-z0-9]+")
_LIGATURES = str.maketrans({"œ": "oe", "æ": "ae", "ß": "ss"})

# Words too common to say anything in a French or English rules text.
STOP_WORDS = frozenset(
    (  # noqa: SIM905 - a sentence of words reads better than fifty quoted strings
        "a au aux avec ce d de des du en et il l la le les n ne ou par pas pour qu que qui s se "
        "son sa ses sur un une y an and as at by for from in is it of on or the to with"
    ).split()
)


def normalize(text: str) -> str:
    """``"Déflagration D(n)"`` -> ``"deflagration d n"``; ``"X-Launcher"`` -> ``"x launcher"``."""
    folded = unicodedata.normalize("NFKD", text.casefold().translate(_LIGATURES))
    plain = "".join(c for c in folded if not unicodedata.combining(c))
    return " ".join(_WORD.findall(plain))


def words(text: str) -> list[str]:
    return normalize(text).split()


def meaningful(tokens: list[str]) -> list[str]:
    """The tokens without stop words (all of them if nothing else is left)."""
    kept = [t for t in tokens if t not in STOP_WORDS]
    return kept or tokens
