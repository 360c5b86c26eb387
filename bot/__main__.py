"""``python -m bot``: run the bot (long polling or webhook), or the console game with no token;
``python -m bot health``, ``backup PATH`` and ``restore PATH`` for its host.

Its ``--help`` is :data:`DESCRIPTION` and :data:`EPILOG`, plain text for a terminal.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys

from bot.host import backup_command, health_command, restore_command
from bot.settings import Settings, SettingsError

logger = logging.getLogger("bot")

DESCRIPTION = """\
Twenty-Four, a Telegram bot for the 24 game.

With TELEGRAM_BOT_TOKEN set it serves Telegram: by long polling, or by a
webhook when TELEGRAM_WEBHOOK_URL is set. Without TELEGRAM_BOT_TOKEN it starts
the console game: the real bot, with a chat in this terminal (type :help there
for its commands, :quit to leave), or reading the lines piped in. With no
token, no terminal and no input (a container started without -it), it exits
at once with status 2, saying that a token is needed."""

EPILOG = """\
settings, from the environment (docs/deploying.md describes them all):
  TELEGRAM_BOT_TOKEN     the token from @BotFather
  TELEGRAM_WEBHOOK_URL   public HTTPS address for a webhook (with
                         TELEGRAM_WEBHOOK_SECRET; port TELEGRAM_WEBHOOK_PORT,
                         8443); without it the bot long-polls
  TWENTYFOUR_DATA_DIR    where the data is kept (./data; the console's: in
                         ./data/console)
  TWENTYFOUR_TIMEZONE    time zone of the daily puzzle's day (UTC)
  TWENTYFOUR_WEBAPP_URL  public HTTPS address of the Mini App
  TWENTYFOUR_OWNER_ID    the owner's Telegram user id (/admin)
  TWENTYFOUR_BACKUP_DIR  where scheduled backups go (none)
  TWENTYFOUR_LOG_LEVEL   DEBUG, INFO, WARNING or ERROR (INFO)
  TWENTYFOUR_LOG_FORMAT  text or json (text)

for the host (docs/operating.md):
  python -m bot health        exit 0 if the running bot answers /healthz and
                              /readyz on its web port (the image's HEALTHCHECK)
  python -m bot backup PATH   back the data file up into PATH (a file or a
                              folder) while the bot runs
  python -m bot restore PATH  make the backup PATH the data file (the bot must
                              be stopped)

examples (as the README's quick start installs it, in .venv):
  .venv/bin/python -m bot                          the console game
  printf '/solve 3 3 8 8\\n' | .venv/bin/python -m bot
                                                   a scripted console session
  TELEGRAM_BOT_TOKEN=123456:ABC... .venv/bin/python -m bot
                                                   the bot on Telegram"""

NO_TOKEN = (
    "error: TELEGRAM_BOT_TOKEN is not set: the bot needs the token @BotFather gives "
    "(docs/deploying.md); without one it plays the console game, which needs a terminal "
    "or lines piped in (or --console)"
)
"""The one line a start with no token, no terminal and no input ends with."""


def _nothing_to_read() -> bool:
    """Whether standard input is no terminal and has nothing to read: closed, or at its
    end at once (``/dev/null``, as ``docker run`` without ``-i`` gives).  Lines piped in
    (a scripted console session) are left where they are, for the console to read."""
    stdin = sys.stdin
    if stdin is None:
        return True
    try:
        if stdin.isatty():
            return False
        buffer = getattr(stdin, "buffer", None)
        peek = getattr(buffer, "peek", None)
        return peek is not None and not peek(1)  # waits for input, or its end
    except (OSError, ValueError):  # closed, or no file behind it
        return True


async def _serve(settings: Settings) -> int:
    from bot.app import build_application, run_polling
    from bot.services.web import raise_file_limit
    from bot.webhook import run_webhook

    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    # Every connection, the web server's and the bot's own to Telegram, is a file: a soft
    # limit of 1,024 (a common default) is raised as far as the hard limit allows.
    raise_file_limit()
    application = build_application(settings)
    if not settings.webhook_url:
        logger.info("Starting with long polling")
        return await run_polling(application, stop, watch=True)
    logger.info("Starting with a webhook at %s", settings.webhook_url)
    return await run_webhook(application, stop)


def main(argv: list[str] | None = None) -> int:
    """Run the bot, or the console game when there is no token or with ``--console``
    (with no token, no terminal and nothing to read: exit 2, saying a token is needed)."""
    parser = argparse.ArgumentParser(
        prog="python -m bot",
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--console", action="store_true", help="play the console game even with a token set"
    )
    hosting = parser.add_subparsers(dest="command", metavar="{health,backup,restore}")
    hosting.add_parser("health", help="whether the running bot is healthy and ready")
    hosting.add_parser("backup", help="back the data file up").add_argument("path")
    hosting.add_parser("restore", help="make a backup the data file").add_argument("path")
    args = parser.parse_args(argv)
    try:
        settings = Settings.from_env()
    except SettingsError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if args.command == "health":
        return health_command(settings)
    if args.command == "backup":
        return backup_command(settings, args.path)
    if args.command == "restore":
        return restore_command(settings, args.path)
    if not settings.token and not args.console and _nothing_to_read():
        # A container with no token, restarted each time it stops: a console that read the
        # end of its input at once and exited 0 would loop there in silence.
        print(NO_TOKEN, file=sys.stderr)
        return 2
    # The bot itself, imported only now: the host's commands above start in a moment.
    from bot.app import StartUpError
    from bot.persistence import DataFileError, DataFolderInUse
    from bot.services.watch import configure_logs

    console = args.console or not settings.token
    configure_logs("WARNING" if console else settings.log_level, settings.log_format)
    try:
        if console:
            # The console's modules (its local Bot API, its terminal) only for the console.
            from bot.console import run_console

            return asyncio.run(run_console(settings))
        return asyncio.run(_serve(settings))
    except DataFolderInUse as error:
        # Another bot serves from this folder: as with Telegram's 409, this one gives way.
        logger.error("Cannot start: %s", error)
        return 1
    except (DataFileError, StartUpError) as error:
        logger.error("Cannot start: %s", error)
        return 2
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
