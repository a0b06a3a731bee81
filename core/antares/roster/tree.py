"""The XML parser's target: counts while it builds, keeps only what a roster needs, and hands
each unit over as soon as it is read, so a roster never exists whole in memory.

- every element, attribute and level of depth is counted against `core.antares.roster.limits`; the
  first limit passed stops the parser (the exception propagates out of `feed`);
- only the tags the reader looks at are built (`KEPT`; rules' texts, links and notes are
  skipped with everything inside them), only the attributes it reads, each cut to
  `VALUE_MAX` characters, and only the text of a characteristic, cut the same way;
- a unit (`force/selections/selection`) is given to `on_unit` when its end tag is read, then
  dropped from the tree.
Tags lose their namespace: BattleScribe and New Recruit write the same names.
"""

from __future__ import annotations

from collections.abc import Callable
from xml.etree.ElementTree import Element, TreeBuilder

from core.antares.roster.limits import ATTRIBUTES_MAX, DEPTH_MAX, ELEMENTS_MAX, over_limit
from core.common.errors import BadInput

KEPT = frozenset({
    "roster", "forces", "force", "selections", "selection", "profiles", "profile",
    "characteristics", "characteristic", "categories", "category", "costs", "cost",
})  # fmt: skip
ATTRIBUTES = frozenset({
    "name", "customName", "number", "type", "typeName", "value", "gameSystemName",
    "catalogueName",
})  # fmt: skip
VALUE_MAX = 200
UNIT_PATH = ("force", "selections", "selection")


def local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


class RosterTree:
    """A `TreeBuilder` target for `DefusedXMLParser(target=...)`."""

    def __init__(self, on_unit: Callable[[Element], None]) -> None:
        self.on_unit = on_unit
        self.elements = self.attributes = 0
        self.root: Element | None = None
        self._builder = TreeBuilder()
        self._path: list[str] = []  # every open tag, kept or not
        self._open: list[Element] = []  # the open elements that are built
        self._skipped = 0  # depth inside a skipped element
        self._text = 0  # characters kept of the current characteristic

    def start(self, tag: str, attrs: dict[str, str]) -> None:
        self._count(attrs)
        name = local(tag)
        self._path.append(name)
        if self.root is None and name != "roster":  # an XML file, but not a roster
            raise BadInput("army.not_a_roster", file=name[:60])
        if self._skipped or name not in KEPT:
            self._skipped += 1
            return
        kept = {k: v[:VALUE_MAX] for k, v in attrs.items() if k in ATTRIBUTES}
        element = self._builder.start(name, kept)
        self.root = self.root if self.root is not None else element
        self._open.append(element)
        self._text = 0

    def _count(self, attrs: dict[str, str]) -> None:
        self.elements += 1
        self.attributes += len(attrs)
        if self.elements > ELEMENTS_MAX:
            raise over_limit("elements", ELEMENTS_MAX)
        if self.attributes > ATTRIBUTES_MAX:
            raise over_limit("attributes", ATTRIBUTES_MAX)
        if len(self._path) >= DEPTH_MAX:
            raise over_limit("depth", DEPTH_MAX)

    def end(self, tag: str) -> None:
        is_unit = tuple(self._path[-3:]) == UNIT_PATH
        self._path.pop()
        if self._skipped:
            self._skipped -= 1
            return
        element = self._builder.end(local(tag))
        self._open.pop()
        if is_unit:
            self.on_unit(element)
            self._open[-1].remove(element)  # read: the tree keeps no unit

    def data(self, text: str) -> None:
        if self._skipped or not self._open or self._open[-1].tag != "characteristic":
            return
        room = VALUE_MAX - self._text
        if room > 0:
            self._builder.data(text[:room])
            self._text += min(room, len(text))

    def close(self) -> Element | None:
        return self.root
