"""Rule and weapon look-ups: the rules database and its search index, loaded once."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TypeVar

from core.common.errors import BadInput, NotFound
from rulesdb import Hit, RulesDB, RulesIndex, load_rules
from rulesdb.models import AnyEntry, Weapon
from rulesdb.search import HOME_SYSTEM
from rulesdb.spotting import NameSpotter

INLINE = re.compile(r"\[\[([^\[\]\n]{1,80})\]\]")
INLINE_MAX = 3
QUERY_MAX = 100
AUTOCOMPLETE_MAX = 25
NAMED = ("exact", "alias", "words")  # a hit by its names: the channel's system ranks it first


# One search index (and names spotter) per rules database for the whole process: building
# the index takes ~90 ms, and neither changes once built, so every bot of the process (tests
# build many) shares them. Keyed by id(db), the db kept alongside so a reused id is not taken
# for the same database.
_BUILT: dict[tuple[type, int], tuple[RulesDB, object]] = {}
T = TypeVar("T", RulesIndex, NameSpotter)


def _shared(kind: type[T], db: RulesDB) -> T:
    found = _BUILT.get((kind, id(db)))
    if found is None or found[0] is not db:
        found = _BUILT[(kind, id(db))] = (db, kind(db))
    built = found[1]
    assert isinstance(built, kind)
    return built


def shared_index(db: RulesDB) -> RulesIndex:
    return _shared(RulesIndex, db)


def spotter(db: RulesDB) -> NameSpotter:
    return _shared(NameSpotter, db)


@dataclass(frozen=True, slots=True)
class MessageLookup:
    """The entries a message names (`[[...]]` first, then names without brackets), at most
    `limit`, how many more it names, and the bracketed queries that found nothing."""

    entries: list[AnyEntry]
    left_out: int
    unknown: list[str]


@dataclass(frozen=True, slots=True)
class InlineAnswer:
    query: str
    entry: AnyEntry | None
    suggestions: tuple[Hit, ...] = ()


class RulesLookup:
    def __init__(self, db: RulesDB | None = None) -> None:
        self._db = db
        self._index: RulesIndex | None = None

    def load(self) -> None:
        if self._db is None:
            self._db = load_rules()
        if self._index is None:
            self._index = shared_index(self._db)

    @property
    def db(self) -> RulesDB:
        self.load()
        assert self._db is not None  # `load` sets it
        return self._db

    @property
    def index(self) -> RulesIndex:
        self.load()
        assert self._index is not None  # `load` sets it
        return self._index

    def complete(
        self,
        text: str,
        *,
        lang: str,
        system: str | None = None,
        kind: str | None = None,
        faction: str | None = None,
        prefer: str | None = None,
    ) -> list[Hit]:
        """Autocomplete choices (≤ 25), answered from memory; ``prefer``: the channel's game
        system, ranked first for the same score (issue 17)."""
        query = text[:QUERY_MAX]
        mine = self._named_in_own_system(
            query, system, prefer, kind=kind, faction=faction, limit=AUTOCOMPLETE_MAX, lang=lang
        )
        hits = self.index.search(
            query,
            system=system,
            kind=kind,
            faction=faction,
            limit=AUTOCOMPLETE_MAX,
            lang=lang,
            prefer=prefer or HOME_SYSTEM,
        )
        hits = mine + [hit for hit in hits if hit not in mine]
        return hits[:AUTOCOMPLETE_MAX]

    def _named_in_own_system(
        self,
        query: str,
        system: str | None,
        prefer: str | None,
        *,
        limit: int,
        lang: str,
        kind: str | None = None,
        faction: str | None = None,
    ) -> list[Hit]:
        """In a hex or Epic channel (``prefer``), searched across systems (``system`` None):
        the hits of its own system found by their names, which win over another system's
        (issue 17). Nothing elsewhere."""
        if system is not None or prefer in (None, HOME_SYSTEM):
            return []
        own = self.index.search(
            query, system=prefer, kind=kind, faction=faction, limit=limit, lang=lang, prefer=prefer
        )
        return [hit for hit in own if hit.why in NAMED]

    def find(
        self,
        query: str,
        *,
        system: str | None = None,
        lang: str = "fr",
        prefer: str | None = None,
    ) -> AnyEntry:
        """The entry a query means: an id picked in autocomplete, or the best search hit."""
        cleaned = _cleaned(query)
        if cleaned in self.db.by_id and (system is None or self.db.get(cleaned).system == system):
            return self.db.get(cleaned)
        hits = self._named_in_own_system(cleaned, system, prefer, limit=1, lang=lang)
        hits = hits or _matched(
            self.index.search(
                cleaned, system=system, limit=1, lang=lang, prefer=prefer or HOME_SYSTEM
            )
        )
        if not hits:
            suggestions = self._suggest(cleaned, lang)
            raise NotFound("rules.no_match", query=cleaned, suggestions=suggestions)
        return self.db.get(hits[0].id)

    def weapon(self, query: str, *, faction: str | None = None, lang: str = "fr") -> Weapon:
        cleaned = _cleaned(query)
        found = self.db.weapons.get(cleaned)
        if found is not None and (faction is None or faction in found.factions):
            return found
        hits = self.index.search(cleaned, kind="weapon", faction=faction, limit=1, lang=lang)
        if not hits:
            suggestions = ", ".join(
                h.name for h in self.index.suggest(cleaned, lang=lang) if h.kind == "weapon"
            )
            raise NotFound("rules.no_weapon", query=cleaned, suggestions=suggestions or "—")
        return self.db.weapons[hits[0].id]

    def inline(self, message: str, *, lang: str = "fr") -> tuple[list[InlineAnswer], int]:
        """The first three `[[...]]` of a message, answered in ``lang`` (the server's); and how
        many were left out."""
        queries = [q.strip() for q in INLINE.findall(message) if q.strip()]
        answers = []
        for query in queries[:INLINE_MAX]:
            hits = _matched(self.index.search(query, limit=1, lang=lang))
            entry = self.db.get(hits[0].id) if hits else None
            closest = () if entry else tuple(self.index.suggest(query, 3, lang=lang))
            answers.append(InlineAnswer(query, entry, closest))
        return answers, max(0, len(queries) - INLINE_MAX)

    def in_message(self, text: str, *, lang: str, limit: int) -> MessageLookup:
        """What "Look up rules in this message" answers: `[[...]]` look-ups as inline ones
        do, then every rule or weapon named in the text (``rulesdb.spotting``)."""
        found: dict[str, None] = {}
        unknown = []
        for query in dict.fromkeys(q.strip() for q in INLINE.findall(text) if q.strip()):
            hits = _matched(self.index.search(query, limit=1, lang=lang))
            if hits:
                found.setdefault(hits[0].id)
            else:
                unknown.append(query)
        for entry_id in spotter(self.db).spot(INLINE.sub(" ", text)):
            found.setdefault(entry_id)
        ids = list(found)
        entries = [self.db.get(i) for i in ids[:limit]]
        return MessageLookup(entries, max(0, len(ids) - limit), unknown)

    def related(self, entry: AnyEntry) -> list[AnyEntry]:
        ids = list(entry.related)
        if isinstance(entry, Weapon):
            ids += [ref.id for mode in entry.modes for ref in mode.rules]
        return [self.db.get(i) for i in dict.fromkeys(ids) if i in self.db.by_id and i != entry.id]

    def _suggest(self, query: str, lang: str) -> str:
        """The closest names, in the language the reply is written in."""
        return ", ".join(hit.name for hit in self.index.suggest(query, lang=lang)) or "—"


def _matched(hits: list[Hit]) -> list[Hit]:
    """Only hits the query's words match (a name, an alias, words of the name or text): a
    look-up never answers with an entry that is merely spelt alike ("fuzzy"); the caller
    gets "nothing found" and the closest names instead. Autocomplete still lists them."""
    return [hit for hit in hits if hit.why != "fuzzy"]


def _cleaned(query: str) -> str:
    cleaned = " ".join(query.split())
    if not cleaned:
        raise BadInput("rules.empty_query")
    if len(cleaned) > QUERY_MAX:
        raise BadInput("rules.query_too_long", length=len(cleaned), limit=QUERY_MAX)
    return cleaned
