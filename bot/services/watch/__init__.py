"""What the operator watches, and its face: the rest of the bot imports from here only.  The
package owns the bot's log lines (logs.py), the errors it logs counted for the owner's report
(error_watch.py), the event loop's heartbeat for ``/healthz`` (heartbeat.py), the metrics at
``/metrics`` (metrics.py) and who was active when (activity.py); :mod:`bot.play.monitoring`
serves them (docs/operating.md).  Its names load at first use, as the solver's do (PEP 562):
``python -m bot health``, every half minute, reads the heartbeat's :data:`LATE` without
importing prometheus-client and the JSON log's formatter."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

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


def __getattr__(name: str) -> object:
    """A public name, imported from its module at its first use."""
    home = _HOME_OF.get(name)
    if home is None:  # (also how ``from bot.services.watch import heartbeat`` goes on)
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module, attribute = home
    value = getattr(importlib.import_module(f"{__name__}.{module}"), attribute)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
