"""An activation card keeps room for undo's mark (issue 31 §2, "Every die rolled is shown").

Undoing the last move of a card puts a mark above its text ("↩️ Undone with /game undo: …",
its events cut at `MARK_EVENTS_LIMIT`); what else the card shows still stands. Were the card
full to Discord's 4,000 characters less than the mark, `fit_text` would cut the longest text,
which may be a shot still in force. So a card holds at most `TEXT_BUDGET` characters: the
longest mark, in either language, with `/game undo` written as a real command mention, fits
beside it.
"""

from __future__ import annotations

import pytest

from cogs.common.layout import TEXT_LIMIT
from cogs.game.render.common import cut
from cogs.game.render.undo import MARK_EVENTS_LIMIT
from cogs.table.card import TEXT_BUDGET
from locales import t

MENTION = "</game undo:1456074443980800000>"  # a snowflake of today's length


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("key", ["undo.mark_whole", "undo.mark_part"])
def test_the_longest_mark_fits_beside_a_full_card(lang, key):
    events = cut("`#12` 🎯 Mag Light Support — " + "Horde → Mob, 4 6 9 " * 100, MARK_EVENTS_LIMIT)
    mark = t(lang, key, events=events).replace("</game undo>", MENTION)
    assert len(events) == MARK_EVENTS_LIMIT
    assert TEXT_BUDGET + len(mark) <= TEXT_LIMIT, (len(mark), TEXT_BUDGET)
