"""A reaction to a shot or an assault (`/unit react`, the card's ⚡ offer): its die, its Init
test, what its die now shows. Every die is shown."""

from __future__ import annotations

from cogs.common.lent import tested_value
from cogs.common.text import plain
from cogs.game.render.common import colour_name, mark_text
from core.antares.game import ReactionKind
from core.antares.reactions import ReactionResult
from core.antares.rolls import TestRoll
from locales import Lang, t


def kind_name(lang: Lang, kind: ReactionKind) -> str:
    """Down, Return Fire, Escape in the reader's language."""
    return t(lang, f"react.kind_{kind}")


def init_test(lang: Lang, test: TestRoll) -> str:
    """ "Init 6 − 2 pins = 4: rolled **4** ✅" """
    return t(
        lang,
        "react.test" if test.pins else "react.test_unpinned",
        stat=tested_value(lang, test),
        pins=test.pins,
        target=test.target,
        roll=test.roll,
        mark=mark_text(lang, test),
    )


def _outcome(lang: Lang, result: ReactionResult) -> str:
    name = plain(result.unit_name)
    if result.outcome == "done":
        against = "_assault" if result.against == "assault" else ""
        return t(lang, f"react.done_{result.kind}{against}", unit=name)
    if result.outcome == "die_back":
        return t(lang, "react.die_back")
    if result.outcome == "down":
        return t(lang, "react.fail_down")
    return t(lang, "react.nothing")


def reacted(lang: Lang, result: ReactionResult) -> str:
    """The reaction as taken, its test and its outcome, on one line."""
    name = plain(result.unit_name)
    if result.test is None:  # Spring Ambush: no die leaves the bag, no test
        return t(lang, "react.sprung", unit=name)
    test = init_test(lang, result.test)
    if result.how == "turn":
        order = t(lang, f"order.name.{result.turned_from or 'down'}")
        key = "react.turned_ambush" if result.turned_from == "ambush" else "react.turned"
        head = t(lang, key, unit=name, order=order, test=test)
    else:
        head = t(
            lang,
            "react.taken",
            unit=name,
            kind=kind_name(lang, result.kind),
            colour_name=colour_name(lang, result.colour),
            test=test,
        )
    return f"{head} {_outcome(lang, result)}"


def reacted_typed(lang: Lang, result: ReactionResult) -> str:
    """`/unit react`'s reply: the reaction and, for an Ambush sprung with no shot held for it,
    what comes next (it shoots, then the shot at it goes ahead)."""
    line = reacted(lang, result)
    if result.how == "spring":
        line = f"{line} {t(lang, 'react.sprung_typed')}"
    return line
