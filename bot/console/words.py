"""What the console itself says, as opposed to the bot: its help, and the notes it prints
about the simulation (in English: the console is a developer's tool, the bot's own words are
in the user's language)."""

from __future__ import annotations

import math

from bot.services.outbox import GROUP_LIMIT

CONSOLE_HELP = """Console commands:
  :group            talk in the simulated group (privacy mode on, as on Telegram; {admin},
                    the user you start as, is its admin)
  :private          talk to the bot in private
  :user NAME        become another user (created on first use, the same one in every
                    session), e.g. :user Bob
  :reply N TEXT     reply to message #N: the bot's, or a user's (the console gives its
                    number when the bot cannot see it), e.g. :reply 1 /duel
  :press N BUTTON   press a button under message #N, by its label (emoji may be left out:
                    Accept for ✅ Accept) or its number (1, 2, …);
                    :press iN BUTTON for message iN, sent through inline mode; a
                    game's Play (/game) prints the address to play it in a browser
  :inline QUERY     type @bot QUERY in the chat (inline mode): lists what the bot offers;
                    :inline alone offers today's puzzle to share
  :send N           send result N of your last inline query into the chat
  :app              the address that opens the Mini App in a browser, as the current user
  :botadmin on|off  the group's admin makes the bot an admin of the group (it then sees
                    every message: answers need no /a), or a member again
  :help             this help
  :quit             leave (Ctrl-D and Ctrl-C do the same)
Every user speaks the terminal's language, from LC_ALL or LANG: start the console with
LANG=zh_CN.UTF-8 for Chinese, or send /language zh in a chat.  Message numbers (#N) are
per chat, and go on from the last session's.  Users whose names make Telegram usernames
have them in lower case (Carol is @carol, for /duel @carol).  Telegram's limits hold as on
Telegram (20 messages a minute in a group): the console says when they hold the bot's."""


def held_line(private_of: str | None, seconds: float, why: str = "limit") -> str:
    """Why the bot is silent in the group (``private_of`` None) or in someone's private chat
    for about ``seconds``: Telegram asked it to wait (``why`` ``pause``), the chat's window
    of messages is full (``limit``), or, in the group, its replies leave the window's last
    places to the game (``room``: a deal or a win still goes at once)."""
    wait = math.ceil(seconds)
    if why == "pause":
        where = "in the group" if private_of is None else f"to {private_of}'s private chat"
        return f"(Telegram asked the bot to wait: its next message {where} comes in about {wait} s)"
    if private_of is not None:
        return (
            f"(Telegram holds the bot's messages to {private_of}'s private chat: the next comes "
            f"in about {wait} s)"
        )
    if why == "room":
        return (
            f"(The group is near Telegram's {GROUP_LIMIT} messages a minute, and the bot keeps "
            f"the last ones for the game: its replies here wait about {wait} s; a deal or a win "
            "still comes at once)"
        )
    return (
        f"(Telegram allows {GROUP_LIMIT} messages a minute in a group: the bot's next "
        f"message in the group comes in about {wait} s)"
    )


def bot_admin_line(admin_name: str, admin: bool, already: bool) -> str:
    """What ``:botadmin on|off`` did: as on Telegram, a bot that is a group's admin sees
    every message there (answers need no /a); a member sees only commands, replies to it
    and mentions."""
    if already:
        return f"(the bot is {'an admin' if admin else 'not an admin'} of the group already)"
    if admin:
        return (
            f"({admin_name}, the group's admin, made the bot an admin: it sees every message in "
            "the group now, so answers need no /a)"
        )
    return (
        f"({admin_name}, the group's admin, made the bot a member again: in the group it sees "
        "only commands, replies to it and mentions)"
    )
