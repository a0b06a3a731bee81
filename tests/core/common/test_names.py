"""Names as members compare and see them (core.common.names)."""

from __future__ import annotations

from core.common.names import name_key, without_overrides


def test_look_alike_names_have_one_key():
    assert name_key("Ｔrооpers\u200b") == name_key("troopers") == "troopers"


def test_a_name_shown_loses_its_direction_overrides_and_isolates_only():
    # U+202E would show "Troopers" reversed and everything after it; U+2067 isolates
    shown = without_overrides("\u202eTroopers\u202c \u2067Gangers\u2069 \u200dé")
    assert shown == "Troopers Gangers \u200dé"  # a zero-width joiner stays (emoji need it)
