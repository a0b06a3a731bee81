"""docs/grafana-dashboard.json (issue 32): it imports into Grafana (valid JSON, a Prometheus
data-source input, one id per panel), and every metric it queries is one the bot exports."""

from __future__ import annotations

import json
import re
from pathlib import Path

from services.common import Metrics

ROOT = Path(__file__).resolve().parent.parent
SUFFIXES = {"counter": ("_total",), "histogram": ("_bucket", "_count", "_sum"), "gauge": ("",)}


def dashboard() -> dict:
    return json.loads((ROOT / "docs" / "grafana-dashboard.json").read_text())


def exported() -> set[str]:
    names = set()
    for family in Metrics().registry.collect():
        names.update(family.name + suffix for suffix in SUFFIXES[family.type])
    return names


def queries() -> list[str]:
    return [
        target["expr"] for panel in dashboard()["panels"] for target in panel.get("targets", [])
    ]


def test_every_queried_metric_is_exported():
    names = exported()
    used = {name for expr in queries() for name in re.findall(r"\bantares_[a-z_]+", expr)}
    assert used and used <= names, sorted(used - names)
    families = {re.sub(r"_(total|bucket|count|sum)$", "", name) for name in used}
    bot_families = {family.name for family in Metrics().registry.collect()}
    assert bot_families <= families, f"not on the dashboard: {sorted(bot_families - families)}"


def test_it_imports_into_grafana():
    board = dashboard()
    assert [i["pluginId"] for i in board["__inputs"]] == ["prometheus"]
    ids = [panel["id"] for panel in board["panels"]]
    assert len(ids) == len(set(ids))
    for panel in board["panels"]:
        if panel["type"] != "row":
            assert panel["datasource"]["uid"] == "${DS_PROMETHEUS}" and panel["targets"]
