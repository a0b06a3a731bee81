"""The faction league (issue 35): how each faction does across a server's campaign battles."""

from services.league.service import LEAGUE_BATTLES, LeagueReport, LeagueService

__all__ = ["LEAGUE_BATTLES", "LeagueReport", "LeagueService"]
