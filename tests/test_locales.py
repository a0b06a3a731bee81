"""The message catalogue's plural forms (locales/__init__.py): `{n:?one|other}`."""

from __future__ import annotations

import logging

import pytest

from locales import FORMATTERS, PLURAL_MARK, catalog, percent


@pytest.mark.parametrize(
    ("lang", "count", "expected"),
    [
        ("en", 0, "0 pins"),
        ("en", 1, "1 pin"),
        ("en", 2, "2 pins"),
        ("fr", 0, "0 pion"),  # French takes the singular below 2
        ("fr", 1, "1 pion"),
        ("fr", 2, "2 pions"),
        ("fr", 0.6, "0,6 pions"),  # a decimal (a mean) takes the plural
        ("fr", 1.8, "1,8 pions"),
    ],
)
def test_the_language_picks_the_form(lang, count, expected):
    word = "{n:?pin|pins}" if lang == "en" else "{n:?pion|pions}"
    assert FORMATTERS[lang].format("{n} " + word, n=count) == expected


def test_an_empty_form_and_several_numbers_in_one_message():
    template = "{a} model{a:?|s} · {b} {b:?die|dice} left"
    assert FORMATTERS["en"].format(template, a=1, b=3) == "1 model · 3 dice left"
    assert FORMATTERS["en"].format(template, a=4, b=1) == "4 models · 1 die left"


def test_ordinary_format_specs_still_work():
    assert FORMATTERS["en"].format('{d:g}" {n:>3}', d=12.0, n=7) == '12"   7'


def test_a_broken_plural_is_logged_and_the_template_shown(caplog):
    messages = catalog().messages["en"]
    messages["test.broken_plural"] = "{n} {n:?pin}"  # one form only
    try:
        with caplog.at_level(logging.ERROR):
            shown = catalog().text("en", "test.broken_plural", n=2)
    finally:
        del messages["test.broken_plural"]
    assert shown == "{n} {n:?pin}"
    assert "could not be formatted" in caplog.text


def test_every_plural_in_the_catalogue_has_two_forms():
    for lang, messages in catalog().messages.items():
        for key, template in messages.items():
            if PLURAL_MARK in template:
                # Formatting with 1 and 2 raises nothing and never leaves the marker behind.
                values = {name: 1 for name in _fields(template)}
                for count in (1, 2):
                    values = dict.fromkeys(values, count)
                    text = FORMATTERS[lang].format(template, **values)
                    assert PLURAL_MARK not in text, (lang, key)


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in FORMATTERS["en"].parse(template) if name}


def test_a_count_that_is_not_a_number_takes_the_general_form():
    assert FORMATTERS["en"].format("{turns} {turns:?turn|turns}", turns="—") == "— turns"


def test_french_decimals_take_a_comma_and_integers_stay_as_they_are():
    template = '{d:g}" · {e:.1f} ({luck:+.1f}) · {n}'
    shown = FORMATTERS["fr"].format(template, d=12.5, e=2.4, luck=-0.3, n=10)
    assert shown == '12,5" · 2,4 (-0,3) · 10'
    assert FORMATTERS["en"].format("{e:.1f}", e=2.4) == "2.4"
    assert catalog().text("fr", "shoot.at_distance", band="courte", distance=7.5) == 'courte (7,5")'


def test_a_percentage_takes_a_space_before_the_sign_in_french():
    assert percent("fr", 0.7) == "70 %"
    assert percent("fr", 0.125, ".1f") == "12,5 %"
    assert percent("en", 0.7) == "70%"
