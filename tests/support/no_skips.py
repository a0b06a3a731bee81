"""A pytest plugin: with CI=true, any skipped test fails the run (issue 30).

The fixtures that need a server or a browser already fail in CI instead of skipping; this
catches every other skip (an `importorskip`, a version check, a `skipif`) so that a missing
feature can never pass CI as a skip. Registered in `tests/conftest.py`; with xdist the reports
reach the controller, which sets the exit status.
"""

from __future__ import annotations

import os

import pytest

SKIPPED: list[str] = []


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.skipped and not hasattr(report, "wasxfail"):
        SKIPPED.append(report.nodeid)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if in_ci() and SKIPPED and exitstatus == 0:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter, exitstatus: int) -> None:
    if in_ci() and SKIPPED:
        terminalreporter.write_line(
            f"CI=true: {len(SKIPPED)} skipped test(s) fail the run: " + ", ".join(SKIPPED[:10]),
            red=True,
        )
