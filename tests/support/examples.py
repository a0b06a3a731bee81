"""How hard the property tests try (issue 30): two Hypothesis profiles.

- `quick`, the default (every `python -m pytest`, CI included): a fifth of each test's full
  count of examples, at least 10, and `derandomize=True`: every run tries the same examples,
  so a failure is reproduced by running again and a run never fails by chance.
- `thorough` (`HYPOTHESIS_PROFILE=thorough python -m pytest`): every test's full count,
  randomly drawn, as before: new examples on each run, for a nightly or a change of `core`.

Neither keeps an example database: Hypothesis would write `.hypothesis/` in the working folder,
and the suite leaves no file outside pytest's own temporary folder. A test with its own count
writes `max_examples=examples(300)`: 300 under `thorough`, 60 under `quick`. An expensive
example (a second of work: every text option of the bot) lowers the floor of `quick`:
`examples(8, at_least=2)`: 8 under `thorough`, 2 under `quick`.
"""

from __future__ import annotations

import os

from hypothesis import settings

QUICK_SHARE = 5  # quick tries a fifth of the full count
QUICK_MIN = 10
FULL_DEFAULT = 100  # Hypothesis's own default count, for tests that set none

settings.register_profile(
    "quick",
    max_examples=max(QUICK_MIN, FULL_DEFAULT // QUICK_SHARE),
    derandomize=True,
    database=None,
)
settings.register_profile("thorough", max_examples=FULL_DEFAULT, database=None)
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "quick")
settings.load_profile(PROFILE)


def examples(full: int, *, at_least: int = QUICK_MIN) -> int:
    """The examples a test with `full` of them tries under the current profile; `quick`
    tries a fifth of them, and at least `at_least`."""
    return full if PROFILE != "quick" else min(full, max(at_least, full // QUICK_SHARE))
