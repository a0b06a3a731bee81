"""The type check in the test command (issue 30): mypy, with the pydantic plugin, on the
files `[tool.mypy]` in pyproject.toml names, reports no error."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_mypy_reports_no_error():
    # the configuration is pyproject.toml's; the cache stays in .mypy_cache (ignored by git)
    done = subprocess.run(
        [sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stdout + done.stderr
