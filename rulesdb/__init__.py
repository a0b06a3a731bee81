"""The rules database: data curated from the five seed files, its models, loader and search.

    from rulesdb import load_rules, RulesIndex
    db = load_rules()                      # validated, cached
    db.weapons["plasma-carbine"].modes     # firing modes with bands, SV, rule references
    RulesIndex(db).search("srambler")      # typo-, accent- and language-tolerant look-up

This package imports nothing of the project (only the standard library, pydantic, rapidfuzz).
"""

from rulesdb.loader import RulesDataError, clear_cache, load_rules
from rulesdb.models import RulesDB
from rulesdb.search import Hit, RulesIndex

__all__ = ["Hit", "RulesDB", "RulesDataError", "RulesIndex", "clear_cache", "load_rules"]
