"""Wall time, CPU time and peak memory per worker of the test suite (issue 30).

Run from the repository root: `python -m bench.suite [pytest arguments]`, e.g.
`python -m bench.suite -n 2`. Target (README, Performance): ≤ 30 s on two cores, < 400 MB
per worker.

It runs `python -m pytest -p bench.suite <arguments>` in a child process; this module is
also the pytest plugin: each process of the run (the xdist controller and every worker)
writes its own CPU time and peak RSS (`getrusage`) to a file of this script's throw-away
folder, and the controller adds up the phases of every test (setup, call, teardown) and the
slowest files, and which tests raised a worker's peak memory the most (each worker puts its
peak so far in its reports). Subprocesses a test starts (a PostgreSQL server, Chromium,
`python bot.py`) count in the total CPU time.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

import pytest

STATS_ENV = "ANTARES_SUITE_STATS"  # the folder each process writes its figures to
SLOWEST_FILES = 12

MEMORY = "antares_max_rss_kib"  # a worker's peak RSS after each phase, in the reports
_phases: dict[str, float] = defaultdict(float)
_files: dict[str, float] = defaultdict(float)
_outcomes: dict[str, int] = defaultdict(int)
_peaks: dict[str, int] = {}  # each worker's peak RSS so far (KiB)
_raised: dict[str, int] = defaultdict(int)  # how much each test raised its worker's peak


def _usage(who: int) -> dict[str, float]:
    usage = resource.getrusage(who)
    return {
        "cpu_s": usage.ru_utime + usage.ru_stime,
        "max_rss_mib": usage.ru_maxrss / 1024,  # Linux: KiB
    }


# --- the pytest plugin (in the child `python -m pytest -p bench.suite`) ----------------------


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    report = yield
    if os.environ.get(STATS_ENV):  # the process's peak so far, to whoever reads the report
        worker = os.environ.get("PYTEST_XDIST_WORKER", "controller")
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        report.get_result().user_properties.append((MEMORY, (worker, peak)))


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if not os.environ.get(STATS_ENV) or os.environ.get("PYTEST_XDIST_WORKER"):
        return  # with xdist the controller sees every worker's reports
    _phases[report.when] += report.duration
    _files[report.nodeid.split("::", 1)[0]] += report.duration
    if report.when == "call" or report.outcome != "passed":
        _outcomes[report.outcome] += 1
    for name, value in report.user_properties:
        if name == MEMORY:
            worker, peak = value
            _raised[report.nodeid] += max(0, peak - _peaks.get(worker, peak))
            _peaks[worker] = max(peak, _peaks.get(worker, 0))


@pytest.hookimpl(trylast=True)
def pytest_unconfigure(config: pytest.Config) -> None:
    folder = os.environ.get(STATS_ENV)
    if not folder:
        return
    name = os.environ.get("PYTEST_XDIST_WORKER", "controller")
    figures = {"self": _usage(resource.RUSAGE_SELF), "children": _usage(resource.RUSAGE_CHILDREN)}
    if name == "controller":
        figures["phases"] = dict(_phases)
        figures["files"] = dict(_files)
        figures["outcomes"] = dict(_outcomes)
        figures["raised"] = dict(_raised)
    (Path(folder) / f"{name}.json").write_text(json.dumps(figures))


# --- the script ---------------------------------------------------------------------------


def main(arguments: list[str]) -> int:
    with tempfile.TemporaryDirectory(prefix="antares-suite-") as folder:
        started = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-m", "pytest", "-p", "bench.suite", *arguments],
            env={**os.environ, STATS_ENV: folder},
        )
        wall = time.perf_counter() - started
        everything = _usage(resource.RUSAGE_CHILDREN)
        processes = {p.stem: json.loads(p.read_text()) for p in Path(folder).glob("*.json")}
    controller = processes.pop("controller", None)
    print()
    print(f"wall time        {wall:7.1f} s   (exit status {done.returncode})")
    print(f"CPU time         {everything['cpu_s']:7.1f} s   (every process of the run)")
    for name, figures in sorted(processes.items()):
        own, children = figures["self"], figures["children"]
        print(
            f"worker {name:<8}  {own['cpu_s']:7.1f} s CPU, peak RSS {own['max_rss_mib']:6.0f} MiB"
            f"  (+ {children['cpu_s']:.1f} s CPU in its subprocesses)"
        )
    if controller is not None:
        own = controller["self"]
        print(f"controller       {own['cpu_s']:7.1f} s CPU, peak RSS {own['max_rss_mib']:6.0f} MiB")
        phases = controller["phases"]
        print(
            "test time        "
            + ", ".join(f"{k} {phases.get(k, 0):.1f} s" for k in ("setup", "call", "teardown"))
            + f"; total {sum(phases.values()):.1f} s"
        )
        print(
            "outcomes         " + ", ".join(f"{n} {k}" for k, n in controller["outcomes"].items())
        )
        print(f"slowest files (setup + call + teardown, of {len(controller['files'])}):")
        slowest = sorted(controller["files"].items(), key=lambda kv: -kv[1])[:SLOWEST_FILES]
        for path, seconds in slowest:
            print(f"  {seconds:6.1f} s  {path}")
        raised = sorted(controller["raised"].items(), key=lambda kv: -kv[1])[:SLOWEST_FILES]
        print("tests that raised their worker's peak RSS the most:")
        for nodeid, kib in raised:
            print(f"  {kib / 1024:6.1f} MiB  {nodeid}")
    return done.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
