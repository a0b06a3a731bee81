"""Issue 34: the web page's links are signed, scoped to one game, read-only, expiring and
revocable. The token logic is pure (`services.game.links`): forged, expired, revoked and
other-game tokens are refused, whatever is tampered with."""

from __future__ import annotations

import base64
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from services.game import (
    AFTER_END,
    LinkClaims,
    LinkRefused,
    check_link,
    expiry,
    new_claims,
    read_link,
    sign_link,
)

SECRET = b"k" * 32
NOW = datetime(2025, 5, 1, 20, 0, tzinfo=UTC)


def refused(reason: str):
    return pytest.raises(LinkRefused, match=f"^{reason}$")


def test_a_signed_link_reads_back_its_claims():
    claims = new_claims(12, 3, now=NOW, days=None, host=False)
    token = sign_link(SECRET, claims)
    assert token.startswith("12.3.0.v.") and len(token) == len("12.3.0.v.") + 22
    assert read_link(SECRET, token) == claims == LinkClaims(12, 3, 0, "v")
    host = new_claims(12, 3, now=NOW, days=2, host=True)
    assert read_link(SECRET, sign_link(SECRET, host)).host
    assert host.expires == int((NOW + timedelta(days=2)).timestamp())


def test_another_secret_is_a_forgery():
    token = sign_link(SECRET, LinkClaims(12, 0, 0))
    with refused("forged"):
        read_link(b"x" * 32, token)


@pytest.mark.parametrize(
    "changed",
    [
        LinkClaims(13, 0, 0),  # another game
        LinkClaims(12, 1, 0),  # a later epoch: a revoked link made to pass
        LinkClaims(12, 0, 4_102_444_800),  # a later expiry
        LinkClaims(12, 0, 0, "h"),  # the host's scope
    ],
)
def test_claims_changed_in_a_token_are_a_forgery(changed):
    """Each part of a link is signed: one game's link never opens another, nor lasts longer,
    nor outlives a revoke, nor gains the host's replay."""
    signature = sign_link(SECRET, LinkClaims(12, 0, 0)).rsplit(".", 1)[1]
    body = f"{changed.game_id}.{changed.epoch}.{changed.expires}.{changed.scope}"
    with refused("forged"):
        read_link(SECRET, f"{body}.{signature}")


@pytest.mark.parametrize(
    "token",
    [
        "",
        "12",
        "12.0.0.v",
        "12.0.0.x.AAAAAAAAAAAAAAAAAAAAAA",  # no such scope
        "-1.0.0.v.AAAAAAAAAAAAAAAAAAAAAA",
        "12.0.0.v.AAAAAAAAAAAAAAAAAAAAA",  # a signature cut short
        "12.0.0.v.AAAAAAAAAAAAAAAAAAAAAA=",
        "1" * 19 + ".0.0.v.AAAAAAAAAAAAAAAAAAAAAA",  # past any game id
        "12.0.0.v.AAAAAAAAAAAAAAAAAAAA<>",
        "１２.0.0.v.AAAAAAAAAAAAAAAAAAAAAA",  # full-width digits are not digits here
        "12.0.0.v.AAAAAAAAAAAAAAAAAAAAAA\n",
        "x" * 10_000,
    ],
)
def test_a_malformed_token_is_refused_before_any_signature(token):
    with refused("malformed"):
        read_link(SECRET, token)


def test_a_guessed_signature_is_a_forgery():
    zero = base64.urlsafe_b64encode(bytes(16)).rstrip(b"=").decode()
    with refused("forged"):
        read_link(SECRET, f"12.0.0.v.{zero}")


@given(st.text(max_size=120))
def test_no_text_but_a_signed_token_opens_anything(text):
    try:
        claims = read_link(SECRET, text)
    except LinkRefused as refusal:
        assert refusal.reason in ("malformed", "forged")
    else:  # only a token this secret signed
        assert sign_link(SECRET, claims) == text


def test_a_revoked_link_is_refused():
    claims = LinkClaims(12, 0, 0)
    check_link(claims, now=NOW, epoch=0, ended_at=None)
    with refused("revoked"):
        check_link(claims, now=NOW, epoch=1, ended_at=None)


def test_a_link_that_follows_its_game_works_a_week_after_its_end():
    claims = LinkClaims(12, 0, 0)
    assert expiry(claims, None) is None  # running: no end in sight
    check_link(claims, now=NOW + timedelta(days=400), epoch=0, ended_at=None)
    ended = NOW - AFTER_END + timedelta(seconds=1)
    assert expiry(claims, ended) == ended + timedelta(days=7)
    check_link(claims, now=NOW, epoch=0, ended_at=ended)
    with refused("expired"):
        check_link(claims, now=NOW + timedelta(seconds=1), epoch=0, ended_at=ended)


def test_a_link_with_days_expires_then_whatever_the_game():
    claims = new_claims(12, 0, now=NOW, days=1, host=False)
    check_link(claims, now=NOW + timedelta(hours=23), epoch=0, ended_at=None)
    with refused("expired"):
        check_link(claims, now=NOW + timedelta(days=1), epoch=0, ended_at=None)


def test_signing_needs_a_secret():
    with pytest.raises(ValueError):
        sign_link(b"", LinkClaims(1, 0, 0))
