"""How long `python bot.py --playground` takes from the command to its page answering, and
its memory (issue 16). Each run starts on a new database (the demo game is seeded).

Run from the repository root: `python -m bench.playground`.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNS = 5
ADDRESS = re.compile(r"Open:\s+(http://\S+)")


def rss_mib(pid: int) -> float:
    """Resident memory of a process now (Linux: /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def answered(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as answer:
            return answer.status == 200
    except OSError:
        return False


def one_run(folder: str) -> tuple[float, float]:
    command = [sys.executable, str(ROOT / "bot.py"), "--playground", "--port", "0"]
    command += ["--database", f"{folder}/playground.sqlite3"]
    started = time.perf_counter()
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        url = next(m[1] for line in process.stdout if (m := ADDRESS.search(line)))
        while not answered(url):
            time.sleep(0.01)
        took = time.perf_counter() - started
        return took, rss_mib(process.pid)
    finally:
        process.terminate()
        process.wait(timeout=30)


def main() -> None:
    times, memory = [], []
    for _ in range(RUNS):
        with tempfile.TemporaryDirectory() as folder:
            took, rss = one_run(folder)
        times.append(took)
        memory.append(rss)
    print(
        f"bot.py --playground: command to page answering median {sorted(times)[RUNS // 2]:.2f} s"
        f" (min {min(times):.2f}, max {max(times):.2f}) over {RUNS} runs;"
        f" memory (RSS) once up median {sorted(memory)[RUNS // 2]:.0f} MiB"
        f" (max {max(memory):.0f})"
    )


if __name__ == "__main__":
    main()
