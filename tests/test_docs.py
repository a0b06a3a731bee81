"""The documentation agrees with the code (issue 32, "Documentation for each reader").

- Every slash command of the bot's tree, and every message menu, is documented: in
  docs/players.md, or in docs/admin.md; the commands only server managers see (`/config`) in
  docs/admin.md.
- Every command a document names in a code span (`/game start name:…`) exists: its group and
  subcommand, in English or in French, and each option it names (`name:`, `[name]`).
- Every setting a document names exists in `settings.py`, and every setting has its row in the
  settings table of docs/admin.md; any other environment variable named is one the project
  reads, where the test says.
- Every ruleset setting has its row in docs/players.md, with its default.
- Every relative link (and image) leads to a file that exists, and to a heading of it when it
  names one.
- The README and each document of docs/ open with their contents: a list of links to each of
  their sections.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import discord
import pytest
from discord import app_commands

from bot_app import create_bot
from core.antares.ruleset import Ruleset
from locales import catalog
from settings import Settings

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = ROOT / "docs" / "players.md"
ADMIN = ROOT / "docs" / "admin.md"
WITH_CONTENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
DOCS = [*WITH_CONTENTS, ROOT / "PRIVACY.md"]

# Paths the documents write like commands: the image's volume and folder, the metrics' path
NOT_COMMANDS = {"app", "data", "metrics"}
# Upper-case names the documents use that are not settings, and the file that reads each
OTHER_NAMES = {
    "POSTGRES_PASSWORD": "docker-compose.yml",
    "HYPOTHESIS_PROFILE": "tests/support/examples.py",
    "ANTARES_PG_BIN": "tests/support/postgres.py",
    "ANTARES_CHROMIUM": "tests/support/browser.py",
    "ANTARES_BENCH_KEEP": "bench/support.py",
    "APPLICATION_ID": "tests/test_invite.py",  # the invite URL's placeholder
}
FENCE = re.compile(r"^```.*?^```", re.M | re.S)
SPAN = re.compile(r"`([^`]+)`")
UPPER_NAME = re.compile(r"\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b")
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
OPTION = re.compile(r"^\[?([a-z][\w-]*)(?::|\])")


@dataclass
class Node:
    """A command or group, by its English and French names."""

    name: str
    qualified: str = ""
    children: dict[str, Node] = field(default_factory=dict)  # English and French names
    options: set[str] = field(default_factory=set)  # English and French names
    managers_only: bool = False

    @property
    def is_group(self) -> bool:
        return bool(self.children)


@dataclass
class Tree:
    roots: dict[str, Node]  # by English and French name
    leaves: list[Node]
    menus: list[str]  # the message menus' English names


def _french(key: str) -> str | None:
    return catalog().messages["fr"].get(key)


def _node(command, parent_managers: bool) -> Node:
    path = command.qualified_name.replace(" ", ".")
    managers = parent_managers or command.default_permissions is not None
    node = Node(command.name, command.qualified_name, managers_only=managers)
    if isinstance(command, app_commands.Group):
        for child in command.commands:
            made = _node(child, managers)
            node.children[child.name] = made
            french = _french(f"commands.{path}.{child.name}.name")
            if french:
                node.children[french] = made
    else:
        for parameter in command.parameters:
            node.options.add(parameter.display_name)
            french = _french(f"commands.{path}.options.{parameter.name}.name")
            if french:
                node.options.add(french)
    return node


def _leaves(node: Node) -> list[Node]:
    if not node.is_group:
        return [node]
    unique = {id(child): child for child in node.children.values()}.values()
    return [leaf for child in unique for leaf in _leaves(child)]


@pytest.fixture
async def tree(settings) -> Tree:
    """The bot's command tree, as `create_bot` builds it with the tests' settings (its
    database open, as a start opens it, for the loops the cogs start)."""
    bot = create_bot(settings)
    await bot.services.open()
    await bot.build_tree()
    roots: dict[str, Node] = {}
    leaves: list[Node] = []
    for command in bot.tree.get_commands(type=discord.AppCommandType.chat_input):
        node = _node(command, False)
        roots[command.name] = node
        french = _french(f"commands.{command.name}.name")
        if french:
            roots[french] = node
        leaves.extend(_leaves(node))
    menus = [c.name for c in bot.tree.get_commands(type=discord.AppCommandType.message)]
    for extension in list(bot.extensions):  # their loops stop
        await bot.unload_extension(extension)
    await bot.services.close()
    return Tree(roots, leaves, menus)


def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def _spans(path: Path) -> list[str]:
    """The code spans of a document outside its code blocks, each on one line."""
    prose = FENCE.sub("", _text(path))
    return [" ".join(span.split()) for span in SPAN.findall(prose)]


def _command_spans(path: Path) -> list[str]:
    return [
        span
        for span in _spans(path)
        if re.match(r"/[^\W\d]", span)
        and "/" not in span.split(" ")[0][1:]  # a path: /run/secrets/…
        and span[1:].split(" ")[0] not in NOT_COMMANDS
    ]


def resolve(tree: Tree, span: str) -> tuple[Node | None, str]:
    """The command a span names, or None and why not."""
    words = span[1:].split(" ")
    node = tree.roots.get(words[0])
    if node is None:
        return None, f"no command /{words[0]}"
    rest = words[1:]
    while node.is_group and rest and rest[0] not in ("…", "·"):
        child = node.children.get(rest[0])
        if child is None:
            return None, f"/{node.qualified} has no subcommand {rest[0]!r}"
        node, rest = child, rest[1:]
    if node.is_group:
        return node, ""
    for word in rest:
        option = OPTION.match(word)
        if option and option.group(1) not in node.options:
            return None, f"/{node.qualified} has no option {option.group(1)!r}"
    return node, ""


async def test_every_command_named_in_the_docs_exists(tree):
    wrong = [
        f"{path.relative_to(ROOT)}: `{span}`: {why}"
        for path in DOCS
        for span in _command_spans(path)
        for node, why in [resolve(tree, span)]
        if node is None
    ]
    assert wrong == []


async def test_every_command_is_documented_for_its_reader(tree):
    def documented(path: Path) -> set[str]:
        found = (resolve(tree, span)[0] for span in _command_spans(path))
        return {node.qualified for node in found if node is not None}

    players, admin = documented(PLAYERS), documented(ADMIN)
    missing = [leaf.qualified for leaf in tree.leaves if leaf.qualified not in players | admin]
    assert missing == []
    managers = [leaf.qualified for leaf in tree.leaves if leaf.managers_only]
    assert managers and [name for name in managers if name not in admin] == []
    both = _text(PLAYERS) + _text(ADMIN)
    assert [menu for menu in tree.menus if menu not in both] == []


def test_every_setting_named_in_the_docs_exists_and_every_setting_is_in_the_admin_guide():
    settings = {name.upper() for name in Settings.model_fields}
    named = {name for path in DOCS for name in UPPER_NAME.findall(_text(path))}
    assert sorted(named - settings - set(OTHER_NAMES)) == []
    for name, reader in OTHER_NAMES.items():
        assert name in _text(ROOT / reader), f"{name} is not read in {reader}"
    guide = _text(ADMIN)
    rows = set(re.findall(r"^\| `([A-Z_]+)` \|", guide, re.M))
    assert sorted(settings - rows) == []


def shown_value(value: bool | int | str) -> str:
    """A ruleset value as the players' table writes it: on/off, a number (a real minus), or
    the value's English words."""
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, int):
        return str(value).replace("-", "\N{MINUS SIGN}")
    return catalog().messages["en"].get(f"ruleset.value.{value}", value)


def test_every_ruleset_setting_has_its_row_and_default_for_the_players():
    rows = dict(re.findall(r"^\| [^|]*\(`(\w+)`\) \| ([^|]+) \|", _text(PLAYERS), re.M))
    defaults = Ruleset()
    wrong = {
        key: rows.get(key)
        for key in Ruleset.model_fields
        if rows.get(key, "").strip() != shown_value(getattr(defaults, key))
    }
    assert wrong == {}
    assert sorted(set(rows) - set(Ruleset.model_fields)) == []


def slug(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    prose = FENCE.sub("", _text(path))
    return {slug(h) for h in re.findall(r"^#{1,6} (.+)$", prose, re.M)}


def test_every_relative_link_leads_to_a_file_and_its_heading():
    wrong = []
    for path in DOCS:
        for target in LINK.findall(FENCE.sub("", _text(path))):
            if re.match(r"[a-z]+:", target):
                continue  # https:, mailto:
            file, _, anchor = target.partition("#")
            linked = (path.parent / file).resolve() if file else path
            where = f"{path.relative_to(ROOT)}: ({target})"
            if not linked.exists():
                wrong.append(f"{where}: no such file")
            elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
                wrong.append(f"{where}: no such heading")
    assert wrong == []


@pytest.mark.parametrize("path", WITH_CONTENTS, ids=lambda p: p.name)
def test_each_document_opens_with_its_contents(path):
    prose = FENCE.sub("", _text(path))
    sections = re.findall(r"^## (.+)$", prose, re.M)
    assert sections[0] == "Contents", f"{path.name}: its first section is not its contents"
    contents = prose.split("## Contents", 1)[1].split("\n## ", 1)[0]
    listed = re.findall(r"^- \[[^\]]+\]\(#([^)]+)\)$", contents, re.M)
    assert listed == [slug(s) for s in sections[1:]]
