"""Rules look-up benchmark: ``python bench/lookup.py [--compare]`` from the repository root.

Prints the cold load + index time and the latency of ``RulesIndex.search`` (autocomplete,
limit 25) over 1,000 queries: prefixes as typed, typos, French and English names, aliases,
and how often a typo finds its entry first. ``--compare`` times the same queries with the
alternatives weighed in ``rulesdb/README.md``: rapidfuzz WRatio over whole names, difflib,
and a SQLite FTS5 prefix search. Not a test: it only prints figures.
"""

from __future__ import annotations

import difflib
import random
import sqlite3
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from rapidfuzz import fuzz, process

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rulesdb import RulesIndex, load_rules  # noqa: E402
from rulesdb.loader import clear_cache  # noqa: E402
from rulesdb.models import RulesDB  # noqa: E402
from rulesdb.text import normalize  # noqa: E402

QUERIES = 1000
Query = tuple[str, str, str]  # (how it was made, query, the name it comes from)


def typo(word: str, rng: random.Random) -> str:
    """One slip of the keyboard: a letter dropped, doubled, swapped or replaced."""
    i = rng.randrange(1, len(word) - 1)
    slips = (
        word[:i] + word[i + 1 :],
        word[:i] + word[i] + word[i:],
        word[: i - 1] + word[i] + word[i - 1] + word[i + 1 :],
        word[:i] + rng.choice("aeiorstn") + word[i + 1 :],
    )
    return rng.choice(slips)


def make_queries(names: Sequence[str], count: int, seed: int = 7) -> list[Query]:
    rng = random.Random(seed)
    queries = []
    for n in range(count):
        name = rng.choice(names)
        if n % 3 == 0:  # autocomplete: a prefix as it is being typed
            queries.append(("prefix", name[: rng.randint(1, len(name))], name))
        elif n % 3 == 1 and len(name) >= 6:
            queries.append(("typo", typo(name, rng), name))
        else:
            queries.append(("name", name.lower(), name))
    return queries


def timed(function: Callable[[str], object], queries: list[Query]) -> list[float]:
    times = []
    for _, query, _ in queries:
        start = time.perf_counter()
        function(query)
        times.append((time.perf_counter() - start) * 1000)
    return times


def report(label: str, times: list[float], found: str = "") -> None:
    times = sorted(times)
    p50, p99 = statistics.median(times), times[int(len(times) * 0.99) - 1]
    print(f"{label:<30} p50 {p50:6.3f} ms  p99 {p99:6.3f} ms  max {times[-1]:6.3f} ms  {found}")


def first_is_right(search: Callable[[str], Sequence[str]], queries: list[Query], owners) -> str:
    """Share of typo queries whose first answer is an entry with the misspelt name."""
    typos = [(q, name) for how, q, name in queries if how == "typo"]
    right = sum(
        bool(found) and found[0] in owners[name] for q, name in typos if (found := search(q))
    )
    return f"typos right first: {right}/{len(typos)}"


def fts5(keys: list[str]) -> Callable[[str], list[str]]:
    db = sqlite3.connect(":memory:")
    db.execute("CREATE VIRTUAL TABLE k USING fts5(key)")
    db.executemany("INSERT INTO k(key) VALUES (?)", [(k,) for k in keys])

    def search(query: str) -> list[str]:
        words = normalize(query).split()
        if not words:
            return []
        match = " ".join(f'"{w}"*' for w in words)
        return [r[0] for r in db.execute("SELECT key FROM k WHERE k MATCH ? LIMIT 25", (match,))]

    return search


def compare(db: RulesDB, queries: list[Query], owners: dict[str, set[str]]) -> None:
    by_key: dict[str, set[str]] = {}
    for e in db.entries:
        for n in (e.name_fr, e.name_en, *e.aliases):
            by_key.setdefault(normalize(n), set()).add(e.id)
    keys = sorted(by_key)

    def ids(found: list[str]) -> list[str]:
        return [i for k in found for i in sorted(by_key[k])]

    def wratio(q: str) -> list[str]:
        hits = process.extract(normalize(q), keys, scorer=fuzz.WRatio, processor=None, limit=25)
        return ids([k for k, score, _ in hits if score >= 72])

    def close(q: str) -> list[str]:
        return ids(difflib.get_close_matches(normalize(q), keys, n=25, cutoff=0.6))

    search = fts5(keys)
    for label, function in (
        ("rapidfuzz WRatio, whole names", wratio),
        ("difflib.get_close_matches", close),
        ("sqlite FTS5 prefix", lambda q: ids(search(q))),
    ):
        report(label, timed(function, queries), first_is_right(function, queries, owners))


def main() -> None:
    clear_cache()
    start = time.perf_counter()
    db = load_rules()
    loaded = time.perf_counter()
    index = RulesIndex(db)
    built = time.perf_counter()
    print(f"entries {len(db.entries)}  weapons {len(db.weapons)}  rules {len(db.rules)}")
    print(
        f"load {1000 * (loaded - start):.1f} ms + index {1000 * (built - loaded):.1f} ms"
        f" = {1000 * (built - start):.1f} ms"
    )
    owners: dict[str, set[str]] = {}
    for e in db.entries:
        for n in (e.name_fr, e.name_en, *e.aliases):
            owners.setdefault(n, set()).add(e.id)
    queries = make_queries(sorted(owners), QUERIES)
    index.search(queries[0][1])  # warm the filter cache once, as a running bot has

    def search(q: str) -> list[str]:
        return [h.id for h in index.search(q)]

    report(
        f"search ({QUERIES} queries)",
        timed(search, queries),
        first_is_right(search, queries, owners),
    )
    report("suggest (did you mean)", timed(index.suggest, queries))
    if "--compare" in sys.argv:
        compare(db, queries, owners)


if __name__ == "__main__":
    main()
