"""CI fails on any skipped test (issue 30): `tests/support/no_skips.py`, tried on a test that
skips, with and without CI=true (pytest's own `pytester`, in the test's process)."""

from __future__ import annotations

import pytest

pytest_plugins = ["pytester"]


def run_skipping_test(pytester: pytest.Pytester, monkeypatch, ci: str | None):
    pytester.makepyfile(
        test_skips="import pytest\n\ndef test_later():\n    pytest.skip('not built yet')\n"
    )
    if ci is None:
        monkeypatch.delenv("CI", raising=False)
    else:
        monkeypatch.setenv("CI", ci)
    # the inner run has no pyproject.toml: pytest-asyncio's loop scope set as there
    scope = "asyncio_default_fixture_loop_scope=function"
    return pytester.runpytest_inprocess("-p", "tests.support.no_skips", "-o", scope)


def test_a_skip_fails_the_run_in_ci_and_only_there(pytester, monkeypatch):
    in_ci = run_skipping_test(pytester, monkeypatch, "true")
    assert in_ci.ret == 1, in_ci.outlines
    in_ci.stdout.fnmatch_lines(["*CI=true: 1 skipped test(s) fail the run: *"])
    in_ci.stdout.fnmatch_lines(["*test_skips.py::test_later*"])
    assert run_skipping_test(pytester, monkeypatch, None).ret == 0
