"""Reading the seed files for the completeness tests: headings, bold labels, table rows.

The tests compare what this finds in the seeds with the data, so an entry left out of the
data (or a row left out of a transcription) fails a test.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

SEEDS = Path(__file__).parent / "seeds"
BOROMITE, HEX, ISORIAN, ALGORYN, EPIC = (
    "000_7379b91c3c19a6a0.txt",
    "001_a44ac8d942876a56.txt",
    "002_01c935eeb5934418.txt",
    "003_acad1687ef8cd71e.txt",
    "004_2f169385c40c7e0a.txt",
)
ARMOURIES = (BOROMITE, ISORIAN, ALGORYN)
PAGE_HEADERS = {"THE BOROMITES GUILDS", "THE ISORIAN SHARD", "THE ALGORYN PROSPERATE"}
CONTAINERS = {  # headings that group other headings and hold no rule of their own
    "RÈGLES SPÉCIALES",
    "RÈGLES SPÉCIALES (SUITE)",
    "RÈGLES SPÉCIALES COMMUNES",
    "TABLEAUX DES DÉGÂTS",
}
NO_BAND = {"Aucune", "-", "–", "—"}
H2H_CELL = "Combat au corps-à-corps uniquement"


def lines(seed: str) -> list[str]:
    return (SEEDS / seed).read_text(encoding="utf-8").split("\n")


def plain(text: str) -> str:
    """A cell or heading without HTML, markdown emphasis and extra spaces."""
    text = re.sub(r"</?i>|\*", "", text)
    return " ".join(text.split())


def is_heading(line: str) -> bool:
    """An armoury heading: "• UPPER CASE (Mixed)", an upper-case line, a damage table title."""
    s = line.strip()
    if not s or s in PAGE_HEADERS:
        return False
    if s.startswith("• "):
        head = s[2:].split("(")[0]
        return head == head.upper() and any(c.isalpha() for c in head)
    if s.startswith("Dégâts des "):
        return True
    return s == s.upper() and sum(c.isalpha() for c in s) >= 3 and not s.startswith(("-", "|"))


def armoury_headings(seed: str) -> list[tuple[str, int]]:
    """(heading, occurrence) for every heading of an armoury seed, containers left out."""
    seen: Counter[str] = Counter()
    found = []
    for line in lines(seed):
        if is_heading(line):
            heading = line.strip().removeprefix("• ")
            seen[heading] += 1
            if heading not in CONTAINERS:
                found.append((heading, seen[heading]))
    return found


def bold_labels(seed: str) -> list[str]:
    """The "- **Label**" rules listed under the RÈGLES SPÉCIALES headings of an armoury."""
    found, inside = [], False
    for line in lines(seed):
        if is_heading(line):
            inside = line.strip().startswith("RÈGLES SPÉCIALES")
        elif inside and (match := re.match(r"^- \*\*(.+?)\*\*", line)):
            found.append(match.group(1).strip().rstrip(".:").strip())
    return found


def weapon_rows(seed: str) -> list[list[str]]:
    """The weapon table of an armoury, one list of plain cells per row (header left out)."""
    rows = []
    for line in lines(seed):
        if "\t" in line:
            cells = [plain(c) for c in line.split("\t")]
        elif line.startswith("| ") and not line.startswith("|--"):
            cells = [plain(c) for c in line.strip().strip("|").split("|")]
        else:
            continue
        if (
            cells[0] in ("Type d'Arme", "D10", "Score")
            or cells[0].isdigit()
            or re.match(r"\d+-\d+$", cells[0])
        ):
            continue
        rows.append(_merge_mode(cells))
    return rows


def _merge_mode(cells: list[str]) -> list[str]:
    """002 puts "- Mode" in a cell of its own; 000 and 003 write "Weapon - Mode" in one."""
    if len(cells) > 1 and cells[1].startswith("- "):
        cells = [f"{cells[0]} {cells[1]}"] + cells[2:]
    elif len(cells) > 1 and cells[1] == "":
        cells = [cells[0]] + cells[2:]
    return cells


def d10_rows(seed: str, title: str) -> list[tuple[str, str]]:
    """(result, text) rows of the table printed under ``title`` (tabs or markdown)."""
    rows, inside = [], False
    for line in lines(seed):
        if line.strip().removeprefix("• ") == title:
            inside = True
            continue
        if inside and is_heading(line):
            break
        if inside and (match := re.match(r"^\|?\s*(\d+(?:-\d+)?)\s*[|\t]\s*(.+?)\s*\|?$", line)):
            rows.append((match.group(1), plain(match.group(2))))
    return rows


def dice_range(cell: str) -> tuple[int, int]:
    low, _, high = cell.partition("-")
    return int(low), int(high or low)


HEX_NOT_SECTIONS = {
    "Fiches Des Mécanismes Communs",
    "Considérer la première ligne qui s'applique",
    "Dans les autres cas :",
}
HEX_GROUPS = [
    "Terrain : Environnement",
    "Terrain : Difficultés",
    "Terrain : Combustibilité",
    "Terrain : Côté d'Hex",
]


def hex_headings() -> list[str]:
    """001: short lines without markdown that are not list items, minus the title and groups."""
    found = [
        s
        for line in lines(HEX)
        if (s := line.strip()) and "*" not in s and not s.startswith("-") and len(s) <= 45
    ]
    return [h for h in found if h not in HEX_NOT_SECTIONS and h not in HEX_GROUPS]


def epic_headings() -> list[str]:
    """004: the line printed just before each "Capacité Spéciale"."""
    text = lines(EPIC)
    found = []
    for n, line in enumerate(text):
        if line.strip() == "Capacité Spéciale":
            before = n - 1
            while not text[before].strip():
                before -= 1
            found.append(text[before].strip())
    return found


def epic_kinds() -> dict[str, str]:
    text = lines(EPIC)
    return {
        h: text[text.index("Capacité Spéciale", text.index(h)) + 1].strip() for h in epic_headings()
    }


# What the data changes on purpose when it copies seed text (rulesdb/README.md): HTML and
# the "[justifier]" layout tags are dropped, and the known misspellings (seeds/README.md,
# "Known defects") are read right.
MARKUP = re.compile(r"</?i>|\[/?justifier\]")
SPELLING_FIXES = {
    "Srambler": "Scrambler",
    "Orientaion": "Orientation",
    "Orienta-tion": "Orientation",
    "Herrisson": "Hérisson",
}


def as_copied(text: str) -> str:
    """Seed or data text as the data copies it: no markup, defects fixed, spaces collapsed."""
    text = MARKUP.sub("", text)
    for wrong, right in SPELLING_FIXES.items():
        text = text.replace(wrong, right)
    return " ".join(text.split())


def section(seed: str, heading: str, occurrence: int = 1) -> str:
    """The text printed under ``heading`` (its ``occurrence``-th printing), up to the next one.

    Headings are those the completeness tests find: armoury headings and the bold rule labels
    of "RÈGLES SPÉCIALES" (a label's text is its own list item, label included, without the
    "- "), the sections of 001, the capabilities of 004 (whose heading is printed twice, around
    "Capacité Spéciale" and its type). Armoury page headers are left out.
    """
    text = lines(seed)
    starts = _section_starts(seed, text)
    found = [n for n, name in starts if name == heading]
    if len(found) < occurrence:
        raise KeyError(f"{seed} prints no heading {heading!r} (occurrence {occurrence})")
    start = found[occurrence - 1]
    end = next((n for n, _ in starts if n > start), len(text))
    if text[start].startswith("- **"):
        body = [text[start].removeprefix("- "), *text[start + 1 : end]]
    elif seed == EPIC:
        again = next(n for n in range(start + 1, end) if text[n].strip() == heading)
        body = text[again + 1 : end]
    else:
        body = text[start + 1 : end]
    return "\n".join(line for line in body if line.strip() not in PAGE_HEADERS).strip()


def _section_starts(seed: str, text: list[str]) -> list[tuple[int, str]]:
    if seed == HEX:
        names = {*hex_headings(), *HEX_GROUPS}
        return [(n, s) for n, line in enumerate(text) if (s := line.strip()) in names]
    if seed == EPIC:
        names = set(epic_headings())
        return [
            (n, s)
            for n, line in enumerate(text)
            if (s := line.strip()) in names and _next_text(text, n) == "Capacité Spéciale"
        ]
    return _armoury_starts(text)


def _armoury_starts(text: list[str]) -> list[tuple[int, str]]:
    """Headings, and the bold labels of the RÈGLES SPÉCIALES lists (as ``bold_labels``)."""
    starts, inside = [], False
    for n, line in enumerate(text):
        if is_heading(line):
            starts.append((n, line.strip().removeprefix("• ")))
            inside = line.strip().startswith("RÈGLES SPÉCIALES")
        elif inside and (match := re.match(r"^- \*\*(.+?)\*\*", line)):
            starts.append((n, match.group(1).strip().rstrip(".:").strip()))
    return starts


def _next_text(text: list[str], n: int) -> str:
    return next((s for line in text[n + 1 :] if (s := line.strip())), "")
