"""Look-ups over the rules database: ranked search, autocomplete, "did you mean".

Ranking, best first (``Hit.why``): ``exact`` (the query is a French or English name),
``alias``, ``words`` (every query word starts a word of a name or alias: "compr bomb"),
``text`` (every word is in the summary or text), ``fuzzy`` (every word is a slightly
misspelt word of a name: "srambler", "compresion bombard"; see ``rulesdb.fuzzy``).
Everything is normalised (case, accents, punctuation) and precomputed at build time, so a
query is a few dictionary look-ups, bisections and rapidfuzz passes over name words.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from rapidfuzz import fuzz, process

from rulesdb.fuzzy import WordIndex
from rulesdb.models import AnyEntry, RuleRef, RulesDB, Weapon
from rulesdb.text import meaningful, normalize, words

Why = Literal["exact", "alias", "words", "text", "fuzzy"]
KIND_ORDER = (
    "special_rule",
    "common_rule",
    "weapon",
    "ammo",
    "equipment",
    "unit",
    "drone",
    "probe",
    "table",
    "glossary",
    "hex",
    "epic",
    "core",
)
HOME_SYSTEM = "antares"  # the channel's game: other systems rank after it for the same score
WHOLE_NAME_CUTOFF = 80.0  # "roverdrone" / "rover drone" is 95
SUGGEST_WORD_CUTOFF = 65.0  # "did you mean" may reach further than search
SUGGEST_NAME_CUTOFF = 60.0
MIN_TEXT_PREFIX = 4  # shorter words must be whole words to match in the text

Found = dict[int, tuple[float, Why, str | None]]  # document -> (score, why, name to show)
Scored = Iterator[tuple[int, float, Why, str | None]]  # what a ranking tier yields


@dataclass(frozen=True, slots=True)
class Hit:
    id: str
    name: str
    kind: str
    system: str
    score: float
    why: Why


@dataclass(frozen=True, slots=True)
class _Doc:
    entry: AnyEntry
    names: tuple[str, ...]  # normalised name_fr, name_en
    keys: tuple[str, ...]  # normalised names then aliases
    text: Counter[str]  # words of names, aliases, summaries and text
    rank: int  # kind order, for ties


class RulesIndex:
    """Built once from a ``RulesDB``; every query is answered from memory."""

    def __init__(self, db: RulesDB) -> None:
        self._docs = [_doc(db, e) for e in db.entries]
        docs = list(enumerate(self._docs))
        self._exact = _postings((k, i) for i, d in docs for k in d.names)
        self._alias = _postings((k, i) for i, d in docs for k in d.keys[2:])
        self._name_words = WordIndex(
            _postings((w, i) for i, d in docs for k in d.keys for w in k.split())
        )
        self._text_words = WordIndex(_postings((w, i) for i, d in docs for w in d.text))
        self._keys = [k for d in self._docs for k in d.keys]
        self._key_docs = [i for i, d in docs for _ in d.keys]
        self._allowed = lru_cache(maxsize=64)(self._allowed_docs)

    def search(
        self,
        query: str,
        *,
        system: str | None = None,
        faction: str | None = None,
        kind: str | None = None,
        limit: int = 25,
        lang: str = "fr",
        prefer: str = HOME_SYSTEM,
    ) -> list[Hit]:
        """Entries for ``query``, best first; an empty query lists entries by name.

        For the same score, entries of ``prefer`` (the channel's game system) come first."""
        allowed = self._allowed(system, faction, kind)
        q = normalize(query)
        if not q:
            return self._browse(allowed, limit, lang)
        found: Found = {}
        for tier in (self._by_name, self._by_words, self._by_text, self._by_fuzzy):
            _keep_best(found, tier(q, allowed))
        return self._ranked(found, limit, lang, prefer)

    def suggest(
        self, query: str, limit: int = 5, *, system: str | None = None, lang: str = "fr"
    ) -> list[Hit]:
        """ "Did you mean": the closest names, further than search reaches (WRatio, slower).

        Names are given in ``lang``, the language of whoever will read them."""
        q = normalize(query)
        if len(q) < 3:
            return []
        allowed = self._allowed(system, None, None)
        close = self._name_words.match_all(q.split(), allowed, SUGGEST_WORD_CUTOFF)
        whole = self._whole_names(q, allowed, fuzz.WRatio, SUGGEST_NAME_CUTOFF)
        found: Found = {
            i: (0.4 * max(close.get(i, 0.0), whole.get(i, 0.0)), "fuzzy", None)
            for i in close.keys() | whole.keys()
        }
        return self._ranked(found, limit, lang, HOME_SYSTEM)

    # -- tiers: each yields (document, score, why, name to show or None) ---------------------

    def _by_name(self, q: str, allowed: frozenset[int]) -> Scored:
        for i in self._exact.get(q, ()):
            if i in allowed:
                yield i, 100.0, "exact", self._shown(i, q)
        for i in self._alias.get(q, ()):
            if i in allowed:
                yield i, 95.0, "alias", None

    def _by_words(self, q: str, allowed: frozenset[int]) -> Scored:
        tokens = q.split()
        found = set(allowed)
        for token in tokens:
            found &= self._name_words.starting_with(token)
        for i in found:
            yield i, 70.0 + 20.0 * _coverage(q, tokens, self._docs[i].keys), "words", None

    def _by_text(self, q: str, allowed: frozenset[int]) -> Scored:
        tokens = meaningful(q.split())
        found = set(allowed)
        for token in tokens:
            found &= self._text_words.starting_with(token, prefix=len(token) >= MIN_TEXT_PREFIX)
        for i in found:
            hits = sum(self._docs[i].text[t] for t in tokens)
            yield i, 45.0 + min(15.0, float(hits)), "text", None

    def _by_fuzzy(self, q: str, allowed: frozenset[int]) -> Scored:
        """Misspelt words ("compresion bom") or a misspelt whole name ("roverdrone")."""
        tokens = [t for t in meaningful(q.split()) if len(t) > 1] or q.split()
        close = self._name_words.match_all(tokens, allowed)
        whole = self._whole_names(q, allowed, fuzz.ratio, WHOLE_NAME_CUTOFF)
        for i in close.keys() | whole.keys():
            best_name = whole.get(i) or max(fuzz.ratio(q, k) for k in self._docs[i].keys)
            similarity = max(0.8 * close.get(i, 0.0) + 0.2 * best_name, whole.get(i, 0.0))
            yield i, 0.4 * similarity, "fuzzy", None

    def _whole_names(
        self, q: str, allowed: frozenset[int], scorer: Callable[..., float], cutoff: float
    ) -> dict[int, float]:
        """Best similarity of the query with each document's whole names and aliases."""
        best: dict[int, float] = {}
        for key, ratio, position in process.extract(
            q, self._keys, scorer=scorer, processor=None, score_cutoff=cutoff, limit=None
        ):
            i = self._key_docs[position]
            if i in allowed and len(key) >= len(q) / 2:  # a short name inside a long query: noise
                best[i] = max(best.get(i, 0.0), ratio)
        return best

    # -- helpers ------------------------------------------------------------------------------

    def _allowed_docs(
        self, system: str | None, faction: str | None, kind: str | None
    ) -> frozenset[int]:
        return frozenset(
            i
            for i, d in enumerate(self._docs)
            if (system is None or d.entry.system == system)
            and (faction is None or faction in d.entry.factions)
            and (kind is None or d.entry.kind == kind)
        )

    def _shown(self, i: int, matched: str) -> str:
        entry = self._docs[i].entry
        return entry.name_en if normalize(entry.name_en) == matched else entry.name_fr

    def _ranked(self, found: Found, limit: int, lang: str, prefer: str) -> list[Hit]:
        def order(i: int) -> tuple[float, bool, int, str]:
            entry = self._docs[i].entry
            return (-found[i][0], entry.system != prefer, self._docs[i].rank, entry.name(lang))

        return [self._hit(i, *found[i], lang) for i in sorted(found, key=order)[:limit]]

    def _hit(self, i: int, score: float, why: Why, shown: str | None, lang: str) -> Hit:
        e = self._docs[i].entry
        return Hit(e.id, shown or e.name(lang), e.kind, e.system, round(score, 1), why)

    def _browse(self, allowed: frozenset[int], limit: int, lang: str) -> list[Hit]:
        ordered = sorted(allowed, key=lambda i: normalize(self._docs[i].entry.name(lang)))
        return [self._hit(i, 0.0, "words", None, lang) for i in ordered[:limit]]


def _doc(db: RulesDB, entry: AnyEntry) -> _Doc:
    names = (normalize(entry.name_fr), normalize(entry.name_en))
    aliases = tuple(dict.fromkeys(k for a in entry.aliases if (k := normalize(a)) not in names))
    text = [entry.name_fr, entry.name_en, *entry.aliases, entry.search_text()]
    if isinstance(entry, Weapon):  # found by its rules too: "blast", "tr2", "blast d10"
        text += [_rule_words(db, ref) for mode in entry.modes for ref in mode.rules]
    rank = KIND_ORDER.index(entry.kind) if entry.kind in KIND_ORDER else len(KIND_ORDER)
    return _Doc(entry, names, (*names, *aliases), Counter(words(" ".join(text))), rank)


def _rule_words(db: RulesDB, ref: RuleRef) -> str:
    rule = db.rules[ref.id]
    return " ".join(
        [rule.name_fr, rule.name_en, rule.label(ref.param, "fr"), rule.label(ref.param, "en")]
    )


def _keep_best(found: Found, hits: Iterable[tuple[int, float, Why, str | None]]) -> None:
    for i, score, why, shown in hits:
        if i not in found or found[i][0] < score:
            found[i] = (score, why, shown)


def _coverage(q: str, tokens: list[str], keys: tuple[str, ...]) -> float:
    """How much of the best name the query covers (0-1); half if its words span several names."""
    fits = [len(q) / len(k) for k in keys if all(_starts_a_word(t, k) for t in tokens)]
    return min(1.0, max(fits)) if fits else 0.5 * min(1.0, len(q) / max(map(len, keys)))


def _starts_a_word(token: str, key: str) -> bool:
    return any(word.startswith(token) for word in key.split())


def _postings(pairs: Iterable[tuple[str, int]]) -> dict[str, set[int]]:
    postings: dict[str, set[int]] = {}
    for key, i in pairs:
        postings.setdefault(key, set()).add(i)
    return postings
