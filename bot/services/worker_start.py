"""Imported by the worker pool's fork server, before anything else: Ctrl-C is ignored there.

The fork server gives each worker the signal handlers it found when it started; this makes
SIGINT's ignored, so that a worker ignores Ctrl-C from its first instant (a terminal sends it
to the whole process group; the bot decides when its workers stop).  Nothing else imports it.
It stands beside :mod:`bot.services.workers`, not in it: importing a module of a package runs
the package's face first, which imports the pool (asyncio, multiprocessing) before this line.
"""

import signal

signal.signal(signal.SIGINT, signal.SIG_IGN)
