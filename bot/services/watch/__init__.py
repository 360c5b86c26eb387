"""What the operator watches, and its face: the rest of the bot imports from here only.  The
package owns the bot's log lines (logs.py), the errors it logs counted for the owner's report
(error_watch.py), the event loop's heartbeat for ``/healthz`` (heartbeat.py), the metrics at
``/metrics`` (metrics.py) and who was active when (activity.py); :mod:`bot.play.monitoring`
serves them (docs/operating.md).  Its names load at first use, as the solver's do (PEP 562):
``python -m bot health``, every half minute, reads the heartbeat's :data:`LATE` without
importing prometheus-client and the JSON log's formatter."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.services.lazy_names import lazy_names

if TYPE_CHECKING:
    from bot.services.watch.activity import Activity, label
    from bot.services.watch.error_watch import ErrorWatch
    from bot.services.watch.heartbeat import LATE, Heartbeat
    from bot.services.watch.logs import configure as configure_logs
    from bot.services.watch.metrics import Metrics, Readings

_HOME_OF = {
    "Activity": ("activity", "Activity"),
    "label": ("activity", "label"),
    "ErrorWatch": ("error_watch", "ErrorWatch"),
    "LATE": ("heartbeat", "LATE"),
    "Heartbeat": ("heartbeat", "Heartbeat"),
    "configure_logs": ("logs", "configure"),
    "Metrics": ("metrics", "Metrics"),
    "Readings": ("metrics", "Readings"),
}

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


__getattr__, __dir__ = lazy_names(__name__, _HOME_OF, __all__)
