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
    """The odds of the last `KEPT` distinct shots, least recently used dropped first, each
    with the luck lines of the rolls seen so far (a shot fired again mostly rolls an outcome
    seen before: its line is then a look-up too, not a walk of the joint distribution in
    exact fractions; at most one per outcome the odds hold)."""

    def __init__(self) -> None:
        self.odds: OrderedDict[Hashable, Remembered] = OrderedDict()

    def get(self, setup: ShotSetup) -> Remembered:
        try:
            key: Hashable = setup  # the shot, ruleset, roster figures and standing
            hash(key)
        except TypeError:  # a shot with a field that cannot be hashed: worked out each time
            return Remembered(_odds(setup))
        found = self.odds.get(key)
        if found is not None:
            self.odds.move_to_end(key)
            return found
        found = self.odds[key] = Remembered(_odds(setup))
        if len(self.odds) > KEPT:
            self.odds.popitem(last=False)
        return found


class Remembered:
    """A shot's odds (None: they cannot be told) and the luck lines worked out from them."""

    def __init__(self, odds: ShotOdds | None) -> None:
        self.odds = odds
        self.lucks: dict[tuple[int, int], ShotLuck] = {}

    def luck(self, hits: int, casualties: int) -> ShotLuck | None:
        odds = self.odds
        if odds is None:
            return None
        found = self.lucks.get((hits, casualties))
        if found is None:
            found = self.lucks[hits, casualties] = ShotLuck(
                better_than=float(odds.better_than(hits, casualties)),
                hits=float(odds.mean("hits")),
                casualties=float(odds.mean("casualties")),
            )
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
    return remembered.get(setup).luck(result.hits, result.losses)
