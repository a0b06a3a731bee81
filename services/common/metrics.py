"""What an operator watches (issue 32): the bot's Prometheus metrics, off unless METRICS_PORT
is set.

Each bot owns its `Metrics`, and each `Metrics` its own `CollectorRegistry` (never
prometheus-client's global one): two bots in one process (the tests, the playground) count
apart. prometheus-client is imported only when a bot is built with metrics, so a bot without
them pays nothing.

Who records what:
- the command tree's watch (`cogs.common.answering`): interactions by command and outcome,
  the time from receipt to the first response, deferrals;
- the rate limits (`cogs.common.throttle`): refusals by scope;
- the store's write transactions, all opened by `services.common.applied_once.once`: their
  time and whether they committed (`observe_transactions`); the PostgreSQL pool's use;
- the gateway and the servers (`cogs.metrics`): latency and connection per shard,
  connects, disconnects and resumes, the number of servers;
- the hourly sweeps (`cogs.privacy.presence`, `cogs.housekeeping`).

The endpoint is prometheus-client's own HTTP server, in a thread of the bot's process,
bound to METRICS_HOST (127.0.0.1 unless told otherwise).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from wsgiref.simple_server import WSGIServer

    from prometheus_client import CollectorRegistry

log = logging.getLogger(__name__)
# Seconds from receipt to the first response: Discord's limit is 3 s, the deferral comes at 2.
RESPONSE_BUCKETS = (0.05, 0.1, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 2.5, 3.0, 5.0, 10.0)
TRANSACTION_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
OUTCOMES = ("answered", "refused", "error")


class Metrics:
    """One bot's metrics and, once `serve` is called, their endpoint."""

    def __init__(self) -> None:
        from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram

        self.registry: CollectorRegistry = CollectorRegistry(auto_describe=True)
        registry = self.registry
        self.interactions = Counter(
            "antares_interactions",
            "Slash and context-menu commands, by command and outcome (answered, refused: a"
            " refusal the member was told, error: a bug or an outage).",
            ["command", "outcome"],
            registry=registry,
        )
        self.first_response = Histogram(
            "antares_interaction_first_response_seconds",
            "Seconds from a command's receipt to its first response (an answer or a"
            " deferral); Discord gives up at 3.",
            ["command"],
            buckets=RESPONSE_BUCKETS,
            registry=registry,
        )
        self.deferrals = Counter(
            "antares_deferrals",
            "Commands deferred ('thinking…'): auto, by the tree after 2 s without an answer;"
            " command, by a command that knows it takes long (charts, exports).",
            ["kind"],
            registry=registry,
        )
        self.rate_limits = Counter(
            "antares_rate_limited",
            "Commands and clicks refused by the rate limits, by scope (member, click, channel).",
            ["scope"],
            registry=registry,
        )
        self.transactions = Histogram(
            "antares_db_transaction_seconds",
            "Seconds a write transaction took, waiting for the database included, by result"
            " (committed, failed).",
            ["result"],
            buckets=TRANSACTION_BUCKETS,
            registry=registry,
        )
        self.pool = Gauge(
            "antares_db_pool_connections",
            "PostgreSQL connections of this process, by state (in_use, idle, max).",
            ["state"],
            registry=registry,
        )
        self.gateway_latency = Gauge(
            "antares_gateway_latency_seconds",
            "Heartbeat latency of each shard's gateway connection.",
            ["shard"],
            registry=registry,
        )
        self.gateway_connected = Gauge(
            "antares_gateway_connected",
            "1 while the shard's gateway connection is open, 0 otherwise.",
            ["shard"],
            registry=registry,
        )
        self.gateway_events = Counter(
            "antares_gateway_events",
            "Gateway connects, disconnects and resumes, by shard.",
            ["shard", "event"],
            registry=registry,
        )
        self.guilds = Gauge(
            "antares_guilds", "Servers this process's shards are in.", registry=registry
        )
        self.sweeps = Counter(
            "antares_sweeps",
            "Hourly sweeps, by kind (retention: the data of servers left; housekeeping:"
            " processed interactions) and result (done, refused, failed).",
            ["kind", "result"],
            registry=registry,
        )
        self.swept = Counter(
            "antares_swept",
            "What the sweeps deleted: servers (retention), interactions (housekeeping).",
            ["what"],
            registry=registry,
        )
        self._server: WSGIServer | None = None

    # --- recording ---------------------------------------------------------------------

    def interaction(self, command: str, outcome: str, first_response_s: float | None) -> None:
        self.interactions.labels(command=command, outcome=outcome).inc()
        if first_response_s is not None:
            self.first_response.labels(command=command).observe(max(first_response_s, 0.0))

    def deferral(self, kind: str) -> None:
        self.deferrals.labels(kind=kind).inc()

    def rate_limited(self, scope: str) -> None:
        self.rate_limits.labels(scope=scope).inc()

    def transaction(self, seconds: float, committed: bool) -> None:
        self.transactions.labels(result="committed" if committed else "failed").observe(seconds)

    def pool_use(self, store: object) -> None:
        """The PostgreSQL pool's connections (a SQLite store has no pool: nothing set)."""
        try:
            pool: Any = getattr(store, "pool", None)
        except Exception:  # not open (yet, or any more)
            return
        if pool is None or not hasattr(pool, "get_idle_size"):
            return
        size, idle = pool.get_size(), pool.get_idle_size()
        self.pool.labels(state="in_use").set(size - idle)
        self.pool.labels(state="idle").set(idle)
        self.pool.labels(state="max").set(pool.get_max_size())

    def sweep(self, kind: str, result: str, deleted: int = 0) -> None:
        self.sweeps.labels(kind=kind, result=result).inc()
        if deleted:
            what = "servers" if kind == "retention" else "interactions"
            self.swept.labels(what=what).inc(deleted)

    # --- the endpoint ------------------------------------------------------------------

    def text(self) -> str:
        """The exposition text, as a scrape gets it."""
        from prometheus_client import generate_latest

        return generate_latest(self.registry).decode()

    def serve(self, host: str, port: int) -> int:
        """Start the endpoint (`/metrics`, and any path) in a thread; the port it listens
        on (port 0: one the system chose)."""
        from prometheus_client import start_http_server

        server, _ = start_http_server(port, addr=host, registry=self.registry)
        self._server = server
        bound = int(server.server_port)
        log.info("metrics at http://%s:%d/metrics", host, bound)
        return bound

    @property
    def port(self) -> int | None:
        return None if self._server is None else int(self._server.server_port)

    def stop(self) -> None:
        server, self._server = self._server, None
        if server is not None:
            server.shutdown()
            server.server_close()
