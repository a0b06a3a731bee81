"""The code style check in the test command (issue 30): every file formatted by `ruff
format` and clean under `ruff check`, with pyproject.toml's settings."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


# --no-cache: ruff would write .ruff_cache/ in the working folder, and the suite leaves no
# file outside pytest's own temporary folder
@pytest.mark.parametrize(
    "command", [["format", "--check", "--no-cache", "."], ["check", "--no-cache", "."]]
)
def test_ruff_finds_nothing_to_change(command):
    done = subprocess.run(
        [sys.executable, "-m", "ruff", *command],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
