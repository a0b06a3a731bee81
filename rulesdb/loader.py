"""Load ``rulesdb/data/*.toml``, validate every entry, cross-check references.

Each file holds arrays of tables named for the model they feed (``[[weapon]]``, ``[[rule]]``,
``[[ammo]]``, ``[[entry]]``, ``[[capability]]``, ``[[table]]``). Any problem raises
``RulesDataError`` naming the file and the entry, so a bad edit is found at start-up.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path

from pydantic import ValidationError

from rulesdb.models import (
    AmmoEntry,
    AnyEntry,
    CoreEntry,
    EpicCapability,
    RollTable,
    RuleEntry,
    RulesDB,
    TextEntry,
    Weapon,
)

DATA_DIR = Path(__file__).parent / "data"
SECTIONS: dict[str, type[AnyEntry]] = {
    "weapon": Weapon,
    "rule": RuleEntry,
    "ammo": AmmoEntry,
    "entry": TextEntry,
    "capability": EpicCapability,
    "table": RollTable,
    "core": CoreEntry,
}


class RulesDataError(ValueError):
    """A data file that does not load: names the file, the entry and what is wrong."""

    def __init__(self, file: str, entry: str | None, problem: str) -> None:
        where = f"{file}: {entry}" if entry else file
        super().__init__(f"{where}: {problem}")
        self.file, self.entry, self.problem = file, entry, problem


def load_rules(path: str | Path | None = None) -> RulesDB:
    """The rules database from ``path`` (a directory of TOML files), or the packaged data.

    The packaged data is loaded once per process (``functools.lru_cache``); ``clear_cache()``
    forgets it. Other directories are loaded afresh on each call.
    """
    if path is None:
        return _load_default()
    return _load_dir(Path(path))


@lru_cache(maxsize=1)
def _load_default() -> RulesDB:
    return _load_dir(DATA_DIR)


def clear_cache() -> None:
    """Forget the cached packaged data (the next ``load_rules()`` reads the files again)."""
    _load_default.cache_clear()


def _load_dir(directory: Path) -> RulesDB:
    files = sorted(directory.glob("*.toml"))
    if not files:
        raise RulesDataError(str(directory), None, "no .toml data file here")
    where: dict[str, str] = {}
    entries: list[AnyEntry] = []
    for file in files:
        for entry in _load_file(file):
            if entry.id in where:
                raise RulesDataError(file.name, entry.id, f"id already used in {where[entry.id]}")
            where[entry.id] = file.name
            entries.append(entry)
    db = RulesDB.from_entries(tuple(entries))
    _check_references(db, where)
    return db


def _load_file(file: Path) -> Iterator[AnyEntry]:
    try:
        data = tomllib.loads(file.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise RulesDataError(file.name, None, f"not valid TOML: {error}") from error
    for section, items in data.items():
        model = SECTIONS.get(section)
        if model is None or not isinstance(items, list):
            raise RulesDataError(
                file.name, None, f"unknown section [[{section}]]; use {list(SECTIONS)}"
            )
        for number, item in enumerate(items, start=1):
            yield _validate(model, item, file.name, f"[[{section}]] #{number}")


def _validate(model: type[AnyEntry], item: object, file: str, position: str) -> AnyEntry:
    label = f"{position} ({item.get('id', 'no id')})" if isinstance(item, dict) else position
    try:
        return model.model_validate(item)
    except ValidationError as error:
        problems = "; ".join(
            f"{'.'.join(map(str, e['loc'])) or 'entry'}: {e['msg']}" for e in error.errors()
        )
        raise RulesDataError(file, label, problems) from error


def _check_references(db: RulesDB, where: dict[str, str]) -> None:
    for entry in db.entries:
        for problem in _problems(db, entry):
            raise RulesDataError(where[entry.id], entry.id, problem)


def _problems(db: RulesDB, entry: AnyEntry) -> Iterator[str]:
    for target in entry.related:
        if target not in db.by_id:
            yield f"related entry {target!r} does not exist"
    if isinstance(entry, Weapon):
        yield from _weapon_problems(db, entry)
    if isinstance(entry, AmmoEntry):
        launchers = (*entry.launchers, *(p.launcher for p in entry.pins))
        for launcher in launchers:
            if launcher not in db.weapons:
                yield f"launcher {launcher!r} is not a weapon"


def _weapon_problems(db: RulesDB, weapon: Weapon) -> Iterator[str]:
    for mode in weapon.modes:
        for ref in mode.rules:
            rule = db.rules.get(ref.id)
            if rule is None:
                yield f"mode {mode.id!r}: rule {ref.id!r} does not exist"
                continue
            if rule.param is None and ref.param is not None:
                yield f"mode {mode.id!r}: rule {ref.id!r} takes no parameter"
            elif rule.param is not None and (why := rule.param.check(ref.param)):
                yield f"mode {mode.id!r}: rule {ref.id!r} {why}"
