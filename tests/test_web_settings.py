"""The settings of the web board (issue 34): off by default, where it listens, where links
point, the signing secret and how long a link lasts; a wrong value is refused at start-up
naming the setting, and an empty value means the default."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from services.game import LinkRules
from settings import Settings


def settings(**values: object) -> Settings:
    return Settings(_env_file=None, **values)  # type: ignore[arg-type]


def test_off_by_default():
    defaults = settings()
    assert defaults.web_port is None and not defaults.web_served()
    assert defaults.web_host == "127.0.0.1"
    assert defaults.link_rules() is None  # no page anywhere: /game web says so


def test_empty_values_are_the_defaults(monkeypatch):
    for name in ("WEB_PORT", "WEB_HOST", "WEB_BASE_URL", "WEB_SECRET_FILE", "WEB_LINK_DAYS"):
        monkeypatch.setenv(name, "")
    empty = settings()
    assert (empty.web_port, empty.web_host, empty.web_base_url) == (None, "127.0.0.1", None)
    assert (empty.web_secret_file, empty.web_link_days) == (None, None)


def test_a_port_serves_and_links_point_at_it(monkeypatch):
    monkeypatch.setenv("WEB_PORT", "8080")
    served = settings()
    assert served.web_served()
    assert served.link_rules() == LinkRules(base_url="http://127.0.0.1:8080")
    assert settings(web_port=8080, web_host="::1").web_origin() == "http://[::1]:8080"
    assert settings(web_port=0).web_origin() is None  # any free port: known once listening


def test_the_base_url_names_where_links_point(monkeypatch):
    monkeypatch.setenv("WEB_BASE_URL", "https://antares.example.org/board/")
    monkeypatch.setenv("WEB_LINK_DAYS", "2.5")
    rules = settings().link_rules()
    # another process serves the pages: this one still makes the links
    assert rules == LinkRules(base_url="https://antares.example.org/board", days=2.5)


def test_the_secret_file_is_read(tmp_path):
    secret = tmp_path / "web-secret"
    secret.write_text("s" * 40 + "\n")
    rules = settings(web_port=8080, web_secret_file=str(secret)).link_rules()
    assert rules is not None and rules.secret == b"s" * 40


@pytest.mark.parametrize(
    ("name", "value", "said"),
    [
        ("WEB_PORT", "70000", "less than or equal to 65535"),
        ("WEB_PORT", "http", "valid integer"),
        ("WEB_BASE_URL", "antares.example.org", "should match pattern"),
        ("WEB_BASE_URL", "https://a.example/ x", "should match pattern"),
        ("WEB_LINK_DAYS", "0", "greater than 0"),
    ],
)
def test_a_wrong_value_is_named(monkeypatch, name, value, said):
    monkeypatch.setenv(name, value)
    with pytest.raises(ValidationError) as refused:
        settings()
    (error,) = refused.value.errors()
    assert error["loc"] == (name.lower(),) and said in str(error["msg"])


def test_a_short_or_missing_secret_file_is_refused(tmp_path):
    short = tmp_path / "short"
    short.write_text("hunter2")
    with pytest.raises(ValidationError, match="holds 7 characters: put at least 32"):
        settings(web_secret_file=str(short))
    with pytest.raises(ValidationError, match="cannot read the secret file"):
        settings(web_secret_file=str(tmp_path / "missing"))
