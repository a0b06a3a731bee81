"""Reading and matching a 100-unit roster (issue 18, "Speed"): target ≤ 50 ms.

Run from the repository root: `python -m bench.roster`. The roster is the Algoryn test roster
(tests/data/rosters/algoryn.ros) with its units repeated to 100, zipped as a `.rosz`; each
round unzips it, parses it (defusedxml) and matches every weapon, drone, probe and ammo to
the rules database, as `/army import` does before its preview. Prints the median and the
best and the worst of the rounds, and the machine's load (a busy machine inflates them).
"""

from __future__ import annotations

import io
import os
import statistics
import time
import zipfile

from core.antares.roster import match_roster, read_roster
from rulesdb import load_rules
from tests.discord.army_kit import many_units

UNITS = 100
ROUNDS = 50
TARGET_MS = 50.0


def rosz(xml: bytes) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("bench.ros", xml)
    return buffer.getvalue()


def main() -> None:
    db = load_rules()
    data = rosz(many_units(UNITS))
    match_roster(read_roster("bench.rosz", data), db)  # warm-up: the name tables are built
    samples = []
    for _ in range(ROUNDS):
        start = time.perf_counter()
        army = match_roster(read_roster("bench.rosz", data), db)
        samples.append((time.perf_counter() - start) * 1000)
    assert len(army.units) == UNITS
    median, best, worst = statistics.median(samples), min(samples), max(samples)
    print(f"roster of {UNITS} units ({len(data)} bytes zipped): parse + match")
    print(f"median {median:.1f} ms, best {best:.1f} ms, worst {worst:.1f} ms over {ROUNDS} rounds")
    # a shared machine inflates every figure: the load says how much to trust them
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"target ≤ {TARGET_MS:.0f} ms: {'met' if median <= TARGET_MS else 'MISSED'}")


if __name__ == "__main__":
    main()
