"""Text and embeds of the game commands, in the caller's language; every die is shown.

User text (game and unit names, notes) goes through `plain`: no markdown, no pings. Players
appear as mentions, which never ping (mentions are disabled on every message).
One module per group of commands; this package gives them all under one name.
"""

from cogs.common.text import plain
from cogs.game.render.bag import (
    blocked,
    disputed,
    drawn,
    drawn_line,
    ordered,
    picked,
    taken,
    turn_ended,
)
from cogs.game.render.common import (
    COLOUR_HEX,
    CONTENT_LIMIT,
    LINE_LIMIT,
    colour_name,
    cut,
    embeds_of,
    order_name,
    pack,
    tag,
    test_text,
    value_text,
    who,
)
from cogs.game.render.events import EVENTS, event_text, register_events
from cogs.game.render.game import (
    closed,
    fit_content,
    game_rules_pages,
    log_line,
    log_pages,
    rule_changed,
    rules_pages,
    started,
    status_pages,
    undone,
    unit_details,
)
from cogs.game.render.units import (
    casualties,
    pins,
    unit_added,
    unit_edited,
    unit_embed,
    unit_pages,
    unit_removed,
)

__all__ = [
    "COLOUR_HEX",
    "CONTENT_LIMIT",
    "EVENTS",
    "LINE_LIMIT",
    "blocked",
    "casualties",
    "closed",
    "colour_name",
    "cut",
    "disputed",
    "drawn",
    "drawn_line",
    "embeds_of",
    "event_text",
    "fit_content",
    "game_rules_pages",
    "log_line",
    "log_pages",
    "order_name",
    "ordered",
    "pack",
    "picked",
    "pins",
    "plain",
    "register_events",
    "rule_changed",
    "rules_pages",
    "started",
    "status_pages",
    "tag",
    "taken",
    "test_text",
    "turn_ended",
    "undone",
    "unit_added",
    "unit_details",
    "unit_edited",
    "unit_embed",
    "unit_pages",
    "unit_removed",
    "value_text",
    "who",
]
