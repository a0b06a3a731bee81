"""Names as members compare them: two names that look alike are the same name.

A name is stored and shown as typed; it is compared by its key (`name_key`), so that a
member cannot add a second "Troopers" that only differs by what nobody sees:

- Unicode NFKC: full-width letters, ligatures and superscripts read as the plain ones
  ("Ｔｒｏｏｐｅｒｓ", "ﬁre", "Squad²");
- invisible characters removed: format characters (zero-width space, joiners, direction
  marks, bidi embeddings and isolates, word joiner, byte order mark, soft hyphen), variation
  selectors, the combining grapheme joiner and the Hangul fillers that draw as blanks;
- case folded and runs of spaces made one;
- the Cyrillic and Greek letters drawn like Latin ones read as those (homoglyphs: a
  Cyrillic "Тrооpers" is "troopers"). The table is short on purpose: the letters that look
  the same in Discord's font, capitals included (folded first, so "В" reads as "в" → "b").
"""

from __future__ import annotations

import unicodedata

# Not format characters (Cf), yet invisible or blank when drawn.
_HIDDEN = frozenset(
    "\u034f\u115f\u1160\u17b4\u17b5\u3164\uffa0"
    + "".join(map(chr, range(0x180B, 0x1810)))
    + "".join(map(chr, range(0xFE00, 0xFE10)))
)
# After casefold: Cyrillic, then Greek, letters (small, or of a capital drawn like Latin).
_LOOKALIKES = str.maketrans(
    {
        **dict(zip("авеёһіїјкӏмнорсѕтуўхԁԛԝ", "abeehiijklmhopcstyyxdqw", strict=True)),
        **dict(zip("αβεζηικμνορτυχϲ", "abezhikmnoptyxc", strict=True)),
    }
)


def name_key(name: str) -> str:
    """What a name is compared by: ``name_key("Ｔrооpers\u200b")`` is ``"troopers"``."""
    text = unicodedata.normalize("NFKC", name)
    visible = "".join(c for c in text if c not in _HIDDEN and unicodedata.category(c) != "Cf")
    folded = unicodedata.normalize("NFKC", visible.casefold())
    return " ".join(folded.translate(_LOOKALIKES).split())


# Direction overrides and isolates (U+202A–U+202E, U+2066–U+2069): shown in a name, they
# reverse or hide the text after it, so wherever a name is shown they are dropped
_OVERRIDES = dict.fromkeys([*range(0x202A, 0x202F), *range(0x2066, 0x206A)])


def without_overrides(text: str) -> str:
    """``text`` with no direction override or isolate (the command tree drops them from
    every option; a report, its card and the web page from the names they show)."""
    return text.translate(_OVERRIDES)
