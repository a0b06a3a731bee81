"""Each extension compiled once per test process (issue 30).

discord.py's `load_extension` executes an extension's module afresh for every bot (its
`setup` must see a fresh module), and the tests start one bot per test. With no bytecode
files (`PYTHONDONTWRITEBYTECODE=1`, as in the image, so the source tree stays clean) Python
compiles each of those modules again every time: a tenth of a test bot's start-up.
`compile_once` keeps the code object of each of the bot's cog modules, by path and source
text, for the life of the test process; the modules are still executed afresh, and a changed
source file is compiled again. Nothing is written anywhere.
"""

from __future__ import annotations

import importlib.machinery
from pathlib import Path
from types import CodeType
from typing import Any

_CODES: dict[tuple[str, bytes], CodeType] = {}


def compile_once(folder: Path) -> None:
    """From now on in this process, modules under `folder` are compiled once per source."""
    loader = importlib.machinery.SourceFileLoader
    compile_source = loader.source_to_code
    prefix = str(folder)

    def source_to_code(self: Any, data: bytes, path: str, **options: Any) -> CodeType:
        if not str(path).startswith(prefix):
            return compile_source(self, data, path, **options)
        key = (str(path), bytes(data))
        if key not in _CODES:
            _CODES[key] = compile_source(self, data, path, **options)
        return _CODES[key]

    loader.source_to_code = source_to_code  # type: ignore[method-assign,assignment]
