"""A pytest plugin: with CI=true, any skipped test fails the run (issue 30).

The fixtures that need a server or a browser already fail in CI instead of skipping; this
catches every other skip (an `importorskip`, a version check, a `skipif`) so that a missing
feature can never pass CI as a skip. Registered in `tests/conftest.py`; with xdist the reports
reach the controller, which sets the exit status. Each run keeps its own list (`NoSkips`,
registered for its config), so a run inside a run (tests/test_no_skips_in_ci.py) counts only
its own tests.
"""

from __future__ import annotations

import os

import pytest


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


class NoSkips:
    def __init__(self) -> None:
        self.skipped: list[str] = []

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.skipped and not hasattr(report, "wasxfail"):
            self.skipped.append(report.nodeid)

    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
        if in_ci() and self.skipped and exitstatus == 0:
            session.exitstatus = pytest.ExitCode.TESTS_FAILED

    def pytest_terminal_summary(self, terminalreporter, exitstatus: int) -> None:
        if in_ci() and self.skipped:
            terminalreporter.write_line(
                f"CI=true: {len(self.skipped)} skipped test(s) fail the run: "
                + ", ".join(self.skipped[:10]),
                red=True,
            )


def pytest_configure(config: pytest.Config) -> None:
    config.pluginmanager.register(NoSkips(), "antares-no-skips")
