"""CI fails on any skipped test (issue 30): `tests/support/no_skips.py`, tried on a test that
skips, with and without CI=true."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_skipping_test(tmp_path: Path, ci: str | None) -> subprocess.CompletedProcess[str]:
    test = tmp_path / "test_skips.py"
    test.write_text("import pytest\n\ndef test_later():\n    pytest.skip('not built yet')\n")
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    if ci is not None:
        env["CI"] = ci
    command = [sys.executable, "-m", "pytest", "-n", "0", "-p", "tests.support.no_skips", str(test)]
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)


def test_a_skip_fails_the_run_in_ci_and_only_there(tmp_path):
    in_ci = run_skipping_test(tmp_path, "true")
    assert in_ci.returncode == 1, in_ci.stdout
    assert "CI=true: 1 skipped test(s) fail the run: " in in_ci.stdout
    assert "test_skips.py::test_later" in in_ci.stdout
    assert run_skipping_test(tmp_path, None).returncode == 0
