"""Wall time and peak memory of `python bot.py --check` (issue 2), timed the two ways a
start can find the bot's own code:

- **from source**: no bytecode of the bot's modules, and none may be written, so every start
  compiles each of them again. This is the Docker image as built (`PYTHONDONTWRITEBYTECODE=1`,
  `/app` copied without `__pycache__` and read-only to the bot's user), and any checkout run
  with PYTHONDONTWRITEBYTECODE set or on a read-only disk;
- **compiled**: their bytecode is there (`python -m compileall .` in the image, or a
  writable checkout after its first start).

Each case runs a copy of the bot's code in a scratch folder (no `__pycache__` copied, so what
the repository's folders hold changes nothing), with PYTHONDONTWRITEBYTECODE=1 so that no run
writes bytecode; the installed packages are used as installed (pip compiles theirs). Every
run must print `antares-bot check: OK`.

Run from the repository root: `python -m bench.check [--runs N]`.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNS = 5
TARGET_S = 1.0
# What `bot.py --check` does not need: tests, documents, benchmarks, caches, databases.
LEFT_OUT = shutil.ignore_patterns(
    ".git",
    "__pycache__",
    "*.pyc",
    ".mypy_cache",
    ".ruff_cache",
    ".pytest_cache",
    ".venv",
    "tests",
    "docs",
    "bench",
    "*.db",
    "*.db-*",
)


def code_copy(folder: Path) -> Path:
    code = folder / "app"
    shutil.copytree(ROOT, code, ignore=LEFT_OUT)
    return code


def one_check(code: Path, database: Path) -> tuple[float, float, int]:
    """Wall seconds, CPU seconds and peak memory (KiB) of one `bot.py --check` of `code`."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONPYCACHEPREFIX")}
    env |= {"PYTHONDONTWRITEBYTECODE": "1", "DATABASE_URL": f"sqlite:///{database}"}
    with tempfile.TemporaryFile() as output:
        started = time.perf_counter()
        child = subprocess.Popen(
            [sys.executable, str(code / "bot.py"), "--check"],
            env=env,
            stdout=output,
            stderr=subprocess.STDOUT,
        )
        _, status, usage = os.wait4(child.pid, 0)  # this child's own peak memory
        took = time.perf_counter() - started
        child.returncode = os.waitstatus_to_exitcode(status)
        output.seek(0)
        text = output.read().decode(errors="replace")
    if child.returncode != 0 or "antares-bot check: OK" not in text:
        raise SystemExit(f"bot.py --check failed (exit {child.returncode}):\n{text}")
    return took, usage.ru_utime + usage.ru_stime, usage.ru_maxrss


def timed(case: str, code: Path, folder: Path, runs: int) -> tuple[float, float]:
    cached = sum(1 for _ in code.rglob("*.pyc"))
    figures = [one_check(code, folder / f"{case}-{n}.db") for n in range(runs)]
    if sum(1 for _ in code.rglob("*.pyc")) != cached:
        raise AssertionError("a run wrote bytecode: the case timed is not the one named")
    times = sorted(took for took, _, _ in figures)
    median = statistics.median(times)
    cpu = statistics.median(cpu for _, cpu, _ in figures)
    print(
        f"bot.py --check, {case}: wall time median {median:.2f} s"
        f" (min {times[0]:.2f}, max {times[-1]:.2f}) over {runs} runs, CPU {cpu:.2f} s;"
        f" peak memory {max(peak for _, _, peak in figures) / 1024:.1f} MiB;"
        f" target ≤ {TARGET_S:g} s: {'met' if median <= TARGET_S else 'NOT met'}"
    )
    return median, cpu


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.check")
    parser.add_argument("--runs", type=int, default=RUNS)
    runs = parser.parse_args().runs
    setting = os.environ.get("PYTHONDONTWRITEBYTECODE")
    print(
        "this shell: PYTHONDONTWRITEBYTECODE="
        + (f"{setting} (a start here compiles the bot from source)" if setting else "unset")
    )
    with tempfile.TemporaryDirectory(prefix="antares-bench-check-") as scratch:
        folder = Path(scratch)
        code = code_copy(folder)
        modules = sum(1 for _ in code.rglob("*.py"))
        source = timed(f"from source ({modules} modules compiled each start)", code, folder, runs)
        subprocess.run(
            [sys.executable, "-m", "compileall", "-q", str(code)], check=True, capture_output=True
        )
        if not any(code.rglob("*.pyc")):
            raise AssertionError("compileall wrote no bytecode")
        compiled = timed("compiled (bytecode from compileall)", code, folder, runs)
    print(
        f"compiling the bot's modules costs each start {1000 * (source[1] - compiled[1]):.0f} ms"
        f" of CPU ({1000 * (source[0] - compiled[0]):.0f} ms of wall time)"
    )
    print(
        f"load average: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores (wall time > CPU: waits)"
    )


if __name__ == "__main__":
    main()
