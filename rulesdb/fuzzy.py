"""Typo-tolerant matching of query words against the words of names and aliases.

Each query word may be a word of a name, the start of one, or a slightly misspelt one
(rapidfuzz ``ratio``, an edit-distance similarity); the last word may also be the misspelt
start of a word, as typed in an autocomplete box ("srambl" -> "scrambler"). A document
matches when every query word does; its score is the mean similarity (0-100).
Scoring single words against ~550 distinct name words keeps a query well under a
millisecond, where WRatio over every whole name took about 0.7 ms (see rulesdb/README.md).
"""

from __future__ import annotations

from bisect import bisect_left
from functools import lru_cache

from rapidfuzz import fuzz, process

MIN_TYPO_LENGTH = 4  # shorter words must be typed right (exact word or start of a word)
UNFINISHED_PENALTY = 5.0  # a misspelt start of a word ranks below a misspelt whole word


def typo_cutoff(token: str) -> float:
    """The similarity a misspelt word needs: one slip in a 4-letter word is 75."""
    return 75.0 if len(token) <= MIN_TYPO_LENGTH else 80.0


class WordIndex:
    """Words -> documents, for exact, prefix and misspelt look-ups."""

    def __init__(self, postings: dict[str, set[int]]) -> None:
        self._words = sorted(postings)
        self._docs = [frozenset(postings[w]) for w in self._words]
        self._truncated = lru_cache(maxsize=64)(self._truncate)

    def starting_with(self, token: str, prefix: bool = True) -> set[int]:
        """Documents with the word ``token`` (or, with ``prefix``, a word starting with it)."""
        found: set[int] = set()
        for position in range(bisect_left(self._words, token), len(self._words)):
            word = self._words[position]
            if word != token and not (prefix and word.startswith(token)):
                break
            found |= self._docs[position]
        return found

    def similar(self, token: str, last: bool, cutoff: float | None = None) -> dict[int, float]:
        """Documents with a word like ``token``: document -> best similarity (0-100)."""
        best = dict.fromkeys(self.starting_with(token), 100.0)
        if len(token) < MIN_TYPO_LENGTH:
            return best
        cutoff = typo_cutoff(token) if cutoff is None else cutoff
        lists = [(self._words, 0.0)]
        if last:  # the word may be unfinished: compare with the starts of words too
            starts = [self._truncated(len(token)), self._truncated(len(token) + 1)]
            lists += [(words, UNFINISHED_PENALTY) for words in starts]
        for words, penalty in lists:
            for _word, score, position in process.extract(
                token, words, scorer=fuzz.ratio, processor=None, score_cutoff=cutoff, limit=None
            ):
                for doc in self._docs[position]:
                    best[doc] = max(best.get(doc, 0.0), score - penalty)
        return best

    def match_all(
        self, tokens: list[str], allowed: frozenset[int], cutoff: float | None = None
    ) -> dict[int, float]:
        """Documents matching every token, with their mean similarity."""
        totals: dict[int, float] = dict.fromkeys(allowed, 0.0)
        for n, token in enumerate(tokens):
            scores = self.similar(token, last=n == len(tokens) - 1, cutoff=cutoff)
            totals = {d: t + scores[d] for d, t in totals.items() if d in scores}
            if not totals:
                break
        return {d: t / len(tokens) for d, t in totals.items()}

    def _truncate(self, length: int) -> list[str]:
        return [word[:length] for word in self._words]
