"""Rule and weapon names written in a message, without brackets: "the Mag Gun's Blast…".

Every French and English name and alias of the database, normalised as search does (case,
accents, punctuation: "X-Launcher" is "x launcher"), is a key; a message's words are read
left to right and, at each word, the longest key starting there is taken (so "Plasma
Carbine" wins over "Plasma"), then reading goes on after it. Each entry is given once, in
the order the message names them.

Single words shorter than `MIN_SINGLE` letters, stop words and numbers are not keys: "a",
"of", "D10" would find something in every message.
"""

from __future__ import annotations

from rulesdb.models import RulesDB
from rulesdb.text import STOP_WORDS, normalize

MIN_SINGLE = 4  # "Run", "Fire" as single words: ordinary English, not a look-up
MAX_WORDS = 6  # the longest name, in words, that is looked for


class NameSpotter:
    def __init__(self, db: RulesDB) -> None:
        self._keys: dict[str, str] = {}  # normalised name -> entry id (the first entry wins)
        # Names before aliases: "Down" is the order's name before it is another entry's alias.
        names = [(e.id, n) for e in db.entries for n in (e.name_en, e.name_fr)]
        aliases = [(e.id, a) for e in db.entries for a in e.aliases]
        for entry_id, name in names + aliases:
            key = normalize(name)
            if _worth_a_key(key):
                self._keys.setdefault(key, entry_id)
        self._longest = min(MAX_WORDS, max((len(k.split()) for k in self._keys), default=1))

    def spot(self, text: str) -> list[str]:
        """The ids of the entries the text names, first named first, each once."""
        tokens = normalize(text).split()
        found: dict[str, None] = {}
        position = 0
        while position < len(tokens):
            taken = self._longest_at(tokens, position)
            if taken is None:
                position += 1
                continue
            entry_id, length = taken
            found.setdefault(entry_id)
            position += length
        return list(found)

    def _longest_at(self, tokens: list[str], position: int) -> tuple[str, int] | None:
        for length in range(min(self._longest, len(tokens) - position), 0, -1):
            entry_id = self._keys.get(" ".join(tokens[position : position + length]))
            if entry_id is not None:
                return entry_id, length
        return None


def _worth_a_key(key: str) -> bool:
    parts = key.split()
    if not parts:
        return False
    if len(parts) > 1:
        return True
    word = parts[0]
    return len(word) >= MIN_SINGLE and word not in STOP_WORDS and not word.isdigit()
