"""The line after every `/shoot`: where the roll falls among the exact odds of its shot
("better than 83% of outcomes", issue 19).

The odds are those of the ``ShotSetup`` the roll was resolved with (its roster figures, the
tracked target's standing: ``services.shooting.shot.set_up``). They depend on the setup
only, and a table fires the same shot again and again (🔁 Shoot again, a squad's turn after
turn), so the last few hundred are kept: a repeated shot costs a look-up, not a convolution
(0.1–0.8 ms for 5 to 45 dice).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable

from core.antares.odds import ShotOdds, shot_odds
from core.common.errors import AntaresError
from services.shooting.records import ShotLuck
from services.shooting.shot import ShotSetup

# A shot larger than this is told without its luck line: it is computed in the shot's
# transaction, which must stay short (`/odds` computes any size, in a thread).
LUCK_DICE_MAX = 120
LUCK_BUDGET = 5_000
KEPT = 256  # odds of distinct shots remembered


class RememberedOdds:
    """The odds of the last `KEPT` distinct shots, least recently used dropped first."""

    def __init__(self) -> None:
        self.odds: OrderedDict[Hashable, ShotOdds | None] = OrderedDict()

    def get(self, setup: ShotSetup) -> ShotOdds | None:
        try:
            key: Hashable = setup  # the shot, ruleset, roster figures and standing
            hash(key)
        except TypeError:  # a shot with a field that cannot be hashed: worked out each time
            return _odds(setup)
        if key in self.odds:
            self.odds.move_to_end(key)
            return self.odds[key]
        found = self.odds[key] = _odds(setup)
        if len(self.odds) > KEPT:
            self.odds.popitem(last=False)
        return found


def _odds(setup: ShotSetup) -> ShotOdds | None:
    try:
        return shot_odds(setup.shot, setup.rules, setup.db, setup.standing, budget=LUCK_BUDGET)
    except AntaresError:
        return None


def luck_of(setup: ShotSetup, result, remembered: RememberedOdds) -> ShotLuck | None:
    """Where a roll falls among the exact odds of its shot: never stops a shot (None when the
    odds cannot be told: a refused reading, a very large shot)."""
    shot = setup.shot
    if result.shots > LUCK_DICE_MAX or shot.models > LUCK_DICE_MAX:
        return None
    odds = remembered.get(setup)
    if odds is None:
        return None
    return ShotLuck(
        better_than=float(odds.better_than(result.hits, result.losses)),
        hits=float(odds.mean("hits")),
        casualties=float(odds.mean("casualties")),
    )
