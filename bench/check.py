"""Wall time and peak memory of `python bot.py --check` (issue 2).

Run from the repository root: `python -m bench.check`.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNS = 5


def main() -> None:
    times = []
    for _ in range(RUNS):
        with tempfile.TemporaryDirectory() as folder:
            env = {**os.environ, "DATABASE_URL": f"sqlite:///{folder}/check.db"}
            started = time.perf_counter()
            subprocess.run(
                [sys.executable, str(ROOT / "bot.py"), "--check"],
                env=env,
                check=True,
                capture_output=True,
            )
            times.append(time.perf_counter() - started)
    peak_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    print(
        f"bot.py --check: wall time median {sorted(times)[RUNS // 2]:.2f} s "
        f"(min {min(times):.2f}, max {max(times):.2f}) over {RUNS} runs; "
        f"peak memory {peak_kib / 1024:.1f} MiB"
    )


if __name__ == "__main__":
    main()
