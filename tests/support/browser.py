"""A real browser for the playground test: Debian's Chromium driven by Playwright.

Playwright cannot download its own browsers here, so it is given the system's Chromium
(`executable_path`). Without it (or without the `playwright` package) the browser test
skips with how to install them, except in CI (`CI=true`), where it fails: `.ci/run` installs
Chromium, as it does PostgreSQL (tests/support/postgres.py).
"""

from __future__ import annotations

import importlib.util
import os
import shutil
from pathlib import Path

NAMES = ("chromium", "chromium-browser", "google-chrome")
INSTALL_HINT = (
    "no Chromium for the browser test: `apt-get install chromium` (Debian), and "
    "`pip install -e '.[test]'` for Playwright; or set ANTARES_CHROMIUM to a Chromium binary"
)


def find_chromium() -> Path | None:
    given = os.environ.get("ANTARES_CHROMIUM")
    if given:
        return Path(given) if Path(given).is_file() else None
    for name in NAMES:
        found = shutil.which(name)
        if found:
            return Path(found)
    return None


def has_playwright() -> bool:
    return importlib.util.find_spec("playwright") is not None


def must_have_browser() -> bool:
    """In CI a missing browser is a failure, never a skip."""
    return os.environ.get("CI", "").lower() == "true"


def launch_args() -> list[str]:
    # Chromium refuses to start its sandbox as root (CI containers run as root).
    return ["--no-sandbox"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []
