"""What the operator watches, and its face: the rest of the bot imports from here only.  The
package owns the bot's log lines (logs.py), the errors it logs counted for the owner's report
(error_watch.py), the event loop's heartbeat for ``/healthz`` (heartbeat.py), the metrics at
``/metrics`` (metrics.py) and who was active when (activity.py); :mod:`bot.play.monitoring`
serves them (docs/operating.md)."""

from bot.services.watch.activity import Activity, label
from bot.services.watch.error_watch import ErrorWatch
from bot.services.watch.heartbeat import LATE, Heartbeat
from bot.services.watch.logs import configure as configure_logs
from bot.services.watch.metrics import Metrics, Readings

__all__ = [
    "LATE",
    "Activity",
    "ErrorWatch",
    "Heartbeat",
    "Metrics",
    "Readings",
    "configure_logs",
    "label",
]
