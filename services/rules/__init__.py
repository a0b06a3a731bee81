"""Rule and weapon look-ups: the rules database and its search index, loaded once."""

from services.rules.lookup import RulesLookup

__all__ = ["RulesLookup"]
