"""The bot's metrics, in Prometheus's text format at ``/metrics``: prometheus-client's counters
and histograms, one registry per application, counts read only when Prometheus asks
(:class:`Readings`).  The list and what each costs: docs/operating.md, *Metrics*."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Histogram,
    PlatformCollector,
    ProcessCollector,
    disable_created_metrics,
    generate_latest,
)
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

# No ``*_created`` series beside each counter and histogram: a timestamp per series that
# Prometheus has no use for (and that doubles what a scrape carries).
disable_created_metrics()

PREFIX = "twentyfour"
FAST = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
"""Buckets (seconds) of what should take milliseconds: an update's handling, a save."""
SLOW = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0)
"""Buckets of a worker's jobs: a deal takes milliseconds, a search up to its 2 s budget."""
WAITS = (1.0, 2.0, 5.0, 10.0, 30.0, 60.0, 300.0, 3600.0)
"""Buckets of a 429's ``retry_after``."""


@dataclass
class Readings:
    """What is read when Prometheus scrapes: each a callable the application gives (by
    default nothing), so that this module knows no service."""

    outbox_queued: Callable[[], Mapping[str, int]] = dict
    """Letters waiting, by lane (game, cheap, bulk), and those being sent (sending)."""
    messages: Callable[[], Mapping[str, int]] = dict
    """Messages since start by outcome: sent, failed (Telegram refused them, or no network
    for a minute), dropped (by the outbox: a full queue, a flood, a stop), merged."""
    live_games: Callable[[], Mapping[str, int]] = dict
    """Games being played now, by kind."""
    games_started: Callable[[], Mapping[str, int]] = dict
    """Games dealt since start, by kind."""
    workers: Callable[[], Mapping[str, int]] = dict
    """Solver workers by state (busy, idle)."""
    worker_queue: Callable[[], Mapping[str, int]] = dict
    """Jobs waiting for a worker, by lane (game, search)."""
    active_players: Callable[[], Mapping[str, int]] = dict
    """Players seen, by window (day, week)."""
    active_chats: Callable[[], Mapping[str, int]] = dict
    """Chats written in, by window (day, week)."""
    loop_lag: Callable[[], float] = float
    """Seconds the event loop's last heartbeat came late."""
    errors: Callable[[], int] = int
    """Errors logged since start."""
    backups: Callable[[], Mapping[str, float]] = dict
    """The last scheduled backup: its time and how many succeeded and failed."""


@dataclass(eq=False)  # registered by identity
class _Collector(Collector):
    readings: Readings
    families: list[Family] = field(default_factory=list)

    def collect(self) -> Iterable[Metric]:
        for family in self.families:
            yield family(self.readings)


Family = Callable[[Readings], Metric]


def _labelled(
    kind: type[GaugeMetricFamily] | type[CounterMetricFamily],
    name: str,
    doc: str,
    label: str,
    read: Callable[[Readings], Mapping[str, int]],
) -> Family:
    """A family of ``kind`` with one ``label``, its values read at each scrape."""

    def family(readings: Readings) -> Metric:
        metric = kind(f"{PREFIX}_{name}", doc, labels=[label])
        for value, count in sorted(read(readings).items()):
            metric.add_metric([value], count)
        return metric

    return family


def _gauges(
    name: str, doc: str, label: str, read: Callable[[Readings], Mapping[str, int]]
) -> Family:
    return _labelled(GaugeMetricFamily, name, doc, label, read)


def _counters(
    name: str, doc: str, label: str, read: Callable[[Readings], Mapping[str, int]]
) -> Family:
    return _labelled(CounterMetricFamily, name, doc, label, read)


def _gauge(name: str, doc: str, read: Callable[[Readings], float]) -> Family:
    return lambda readings: GaugeMetricFamily(f"{PREFIX}_{name}", doc, value=read(readings))


def _counter(name: str, doc: str, read: Callable[[Readings], float]) -> Family:
    return lambda readings: CounterMetricFamily(f"{PREFIX}_{name}", doc, value=read(readings))


def _backup_families(readings: Readings) -> Metric:
    counter = CounterMetricFamily(
        f"{PREFIX}_backups", "Scheduled backups since start, by outcome", labels=["outcome"]
    )
    done = readings.backups()
    for outcome in ("ok", "failed"):
        counter.add_metric([outcome], done.get(outcome, 0))
    return counter


def _last_backup(readings: Readings) -> Metric:
    return GaugeMetricFamily(
        f"{PREFIX}_last_backup_timestamp_seconds",
        "When the last scheduled backup was written (Unix time; 0: none since start)",
        value=readings.backups().get("last", 0.0),
    )


class Metrics:
    """The application's registry: the histograms and counters its services' hooks feed,
    and the readings taken at each scrape."""

    def __init__(self, readings: Readings | None = None) -> None:
        self.registry = CollectorRegistry()
        self.readings = readings or Readings()
        registry = self.registry
        self.updates = Counter(
            f"{PREFIX}_updates", "Updates handled, by kind", ["kind"], registry=registry
        )
        self.handler_seconds = Histogram(
            f"{PREFIX}_handler_seconds",
            "Seconds from an update's arrival to the end of its handlers, by kind",
            ["kind"],
            buckets=FAST,
            registry=registry,
        )
        self.flood_waits = Histogram(
            f"{PREFIX}_flood_wait_seconds",
            "Telegram's 429s and the seconds each asked to wait, by what it held (chat, "
            "method, everything)",
            ["scope"],
            buckets=WAITS,
            registry=registry,
        )
        self.worker_wait = Histogram(
            f"{PREFIX}_solver_queue_seconds",
            "Seconds a job waited for a solver worker, by lane (game, search)",
            ["lane"],
            buckets=SLOW,
            registry=registry,
        )
        self.worker_run = Histogram(
            f"{PREFIX}_solver_run_seconds",
            "Seconds a job ran in a solver worker, by lane (a search's latency: lane search)",
            ["lane"],
            buckets=SLOW,
            registry=registry,
        )
        self.saves = Histogram(
            f"{PREFIX}_save_seconds",
            "Writes to the data file and their seconds, by outcome (ok, refused by the disk)",
            ["outcome"],
            buckets=FAST,
            registry=registry,
        )
        families = [
            _gauges(
                "outbox_queued",
                "Letters waiting in the outbox, by lane (game, cheap, bulk; sending: in flight)",
                "lane",
                lambda r: r.outbox_queued(),
            ),
            _counters(
                "messages",
                "Messages since start, by outcome (sent; failed: refused by Telegram or no "
                "network; dropped by the outbox; merged into a later one)",
                "outcome",
                lambda r: r.messages(),
            ),
            _gauges(
                "live_games", "Games being played now, by kind", "kind", lambda r: r.live_games()
            ),
            _counters(
                "games_started",
                "Games dealt since start, by kind",
                "kind",
                lambda r: r.games_started(),
            ),
            _gauges(
                "solver_workers",
                "Solver workers, by state (busy, idle)",
                "state",
                lambda r: r.workers(),
            ),
            _gauges(
                "solver_queued",
                "Jobs waiting for a solver worker, by lane (game, search)",
                "lane",
                lambda r: r.worker_queue(),
            ),
            _gauges(
                "active_players",
                "Players seen in the last day or week (to the hour), by window",
                "window",
                lambda r: r.active_players(),
            ),
            _gauges(
                "active_chats",
                "Chats written in during the last day or week (to the hour), by window",
                "window",
                lambda r: r.active_chats(),
            ),
            _gauge(
                "event_loop_lag_seconds",
                "Seconds the event loop's latest heartbeat came late",
                lambda r: r.loop_lag(),
            ),
            _counter("errors", "Errors logged since start", lambda r: r.errors()),
            _backup_families,
            _last_backup,
        ]
        registry.register(_Collector(self.readings, families))
        self._handled: dict[str, tuple[Any, Any]] = {}
        self._worked: dict[str, tuple[Any, Any]] = {}
        self._saved = {True: self.saves.labels("ok"), False: self.saves.labels("refused")}
        ProcessCollector(registry=registry)
        PlatformCollector(registry=registry)

    # --- the hooks the services call ------------------------------------------------------

    # (Each label's child is looked up once: ``labels()`` takes a lock and builds a key.)

    def handled(self, kind: str, seconds: float) -> None:
        """An update of ``kind`` was handled in ``seconds``."""
        child = self._handled.get(kind)
        if child is None:
            child = self._handled[kind] = (
                self.updates.labels(kind),
                self.handler_seconds.labels(kind),
            )
        child[0].inc()
        child[1].observe(seconds)

    def flooded(self, scope: str, seconds: float) -> None:
        """Telegram answered 429, asking to wait ``seconds``; ``scope``: what it held."""
        self.flood_waits.labels(scope).observe(seconds)

    def worked(self, lane: str, waited: float, ran: float) -> None:
        """A worker's job of ``lane`` waited ``waited`` seconds for a worker and ran ``ran``."""
        child = self._worked.get(lane)
        if child is None:
            child = self._worked[lane] = (
                self.worker_wait.labels(lane),
                self.worker_run.labels(lane),
            )
        child[0].observe(waited)
        child[1].observe(ran)

    def saved(self, seconds: float, ok: bool) -> None:
        """A write to the data file took ``seconds``; ``ok``: the disk took it."""
        self._saved[ok].observe(seconds)

    def text(self) -> bytes:
        """Every metric, in Prometheus's text format."""
        return generate_latest(self.registry)
