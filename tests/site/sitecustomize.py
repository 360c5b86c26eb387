"""Run at the start of every Python process the tests start (``tests/site`` is on their
``PYTHONPATH``: the bot and console processes, the workers' fork server): see
:mod:`tests.lean_imports`."""

import sys

sys.modules.setdefault("httpx._main", None)  # type: ignore[arg-type]
