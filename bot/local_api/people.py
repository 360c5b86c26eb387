"""What people do in the local Bot API's world (:class:`People`): users, groups and the bot
joining them, messages written, edited and deleted, buttons pressed, inline queries, admins
promoted, a group upgraded; each queued as the update Telegram would send, if it would."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from bot.local_api.world import BOT_ID, Chat, World

RESTRICTED_RIGHTS = (
    "send_messages",
    "send_audios",
    "send_documents",
    "send_photos",
    "send_videos",
    "send_video_notes",
    "send_voice_notes",
    "send_polls",
    "send_other_messages",
    "add_web_page_previews",
    "change_info",
    "invite_users",
    "pin_messages",
    "manage_topics",
    "edit_tag",
    "react_to_messages",
)
"""The rights of a ChatMemberRestricted (all taken from a muted member)."""


class People(World):
    """The people's side: tests and the console act as users through these methods."""

    if TYPE_CHECKING:  # inline mode's state (bot.local_api.inline_messages)
        inline_queries: dict[str, tuple[int, str, str]]

    def add_user(
        self,
        user_id: int,
        first_name: str,
        *,
        last_name: str | None = None,
        language_code: str = "en",
        username: str | None = None,
    ) -> dict[str, Any]:
        """A user, known from now on; returns the User object."""
        user = {
            "id": user_id,
            "is_bot": False,
            "first_name": first_name,
            "language_code": language_code,
        }
        if last_name:
            user["last_name"] = last_name
        if username:
            user["username"] = username
        self.users[user_id] = user
        self.chats.setdefault(user_id, Chat(user_id, "private"))
        return user

    def add_group(
        self,
        chat_id: int,
        title: str,
        *,
        admins: set[int] | None = None,
        supergroup: bool = False,
        photos: bool = True,
    ) -> Chat:
        """A group chat with the bot in it (``photos``: whether its members may send photos)."""
        chat = Chat(chat_id, "supergroup" if supergroup else "group", title, set(admins or ()))
        chat.photos = photos
        self.chats[chat_id] = chat
        return chat

    def send(
        self, user_id: int, chat_id: int, text: str, *, reply_to: int | None = None
    ) -> dict[str, Any]:
        """A user writes ``text`` in a chat; the bot gets it only if Telegram would show it."""
        message = self._new_message(chat_id, self.users[user_id], text, reply_to)
        if self.visible_to_bot(message):
            self._push({"message": message})
        return message

    def send_sticker(self, user_id: int, chat_id: int) -> dict[str, Any]:
        """A user sends a sticker (a message with no text)."""
        message = self._new_message(chat_id, self.users[user_id], None, None, entities=False)
        message["sticker"] = {
            "file_id": "sticker",
            "file_unique_id": "sticker",
            "width": 512,
            "height": 512,
            "is_animated": False,
            "is_video": False,
            "type": "regular",
        }
        if self.visible_to_bot(message):
            self._push({"message": message})
        return message

    def edit(self, message: dict[str, Any], text: str) -> None:
        """A user edits a message they sent."""
        edited = dict(message, text=text, edit_date=int(time.time()))
        edited["entities"] = self._entities(text)
        self.messages[(message["chat"]["id"], message["message_id"])] = edited
        if self.visible_to_bot(edited):
            self._push({"edited_message": edited})

    def delete(self, user_id: int, message: dict[str, Any]) -> None:
        """A user deletes a message: their own, or in a group, as an admin, anyone's (the
        bot's too).  Telegram tells the bot nothing; editing it afterwards fails."""
        chat = self.chats[message["chat"]["id"]]
        if message["from"]["id"] != user_id and user_id not in chat.admins:
            raise PermissionError(f"user {user_id} may not delete this message")
        self.messages.pop((chat.id, message["message_id"]), None)

    def add_bot(self, chat_id: int, by_user: int) -> None:
        """A user adds the bot to a group (Telegram sends a ``my_chat_member`` update)."""
        member = {"status": "member", "user": self.bot_user}
        self._push(
            {
                "my_chat_member": {
                    "chat": self.chats[chat_id].as_dict(self.users),
                    "from": self.users[by_user],
                    "date": int(time.time()),
                    "old_chat_member": {"status": "left", "user": self.bot_user},
                    "new_chat_member": member,
                }
            }
        )

    def remove_bot(self, chat_id: int, by_user: int) -> None:
        """A user blocks the bot (``chat_id`` their private chat) or removes it from a group
        (as its admin): Telegram sends a ``my_chat_member`` update, and every method in the
        chat answers 403 from then on."""
        chat = self.chats[chat_id]
        if chat.type != "private" and by_user not in chat.admins:
            raise PermissionError(f"user {by_user} may not remove the bot from {chat_id}")
        chat.removed = True
        self._push(
            {
                "my_chat_member": {
                    "chat": chat.as_dict(self.users),
                    "from": self.users[by_user],
                    "date": int(time.time()),
                    "old_chat_member": {"status": "member", "user": self.bot_user},
                    "new_chat_member": {"status": "kicked", "user": self.bot_user, "until_date": 0},
                }
            }
        )

    def restrict_bot(self, chat_id: int, by_user: int) -> None:
        """``by_user``, a group's admin, restricts the bot there so that it cannot write:
        Telegram sends a ``my_chat_member`` update, and sends are refused from then on."""
        chat = self.chats[chat_id]
        if by_user not in chat.admins:
            raise PermissionError(f"user {by_user} may not restrict the bot in {chat_id}")
        chat.texts = chat.photos = False
        new = {"status": "restricted", "user": self.bot_user, "is_member": True, "until_date": 0}
        new |= {f"can_{right}": False for right in RESTRICTED_RIGHTS}
        self._push(
            {
                "my_chat_member": {
                    "chat": chat.as_dict(self.users),
                    "from": self.users[by_user],
                    "date": int(time.time()),
                    "old_chat_member": {"status": "member", "user": self.bot_user},
                    "new_chat_member": new,
                }
            }
        )

    def close_to_members(self, chat_id: int) -> None:
        """A group's admin turns its members' messages off (the group's permissions): no
        update tells the bot, its sends are refused from then on."""
        chat = self.chats[chat_id]
        chat.texts = chat.photos = False

    def inline_query(self, user_id: int, query: str, chat_type: str = "sender") -> str:
        """A user types ``@Bot query`` in a chat of ``chat_type`` (``sender``: their chat with
        the bot; ``private``, ``group``, ``supergroup``); returns the query id."""
        query_id = str(next(self._update_ids) * 104729)
        self.inline_queries[query_id] = (user_id, query, chat_type)
        self._push(
            {
                "inline_query": {
                    "id": query_id,
                    "from": self.users[user_id],
                    "query": query,
                    "offset": "",
                    "chat_type": chat_type,
                }
            }
        )
        return query_id

    def migrate(self, chat_id: int, new_chat_id: int, *, told: bool = True) -> None:
        """Telegram upgrades a group to a supergroup with a new id (both service messages);
        ``told`` False: the service messages wait (:meth:`tell_migrated`), and meanwhile the
        old group answers every method with its new id, as it does once upgraded."""
        old = self.chats.pop(chat_id)
        self.chats[new_chat_id] = Chat(new_chat_id, "supergroup", old.title, old.admins)
        self.chats[chat_id] = old
        if not told:
            old.migrated_to = new_chat_id
            return
        self.tell_migrated(chat_id, new_chat_id)

    def tell_migrated(self, chat_id: int, new_chat_id: int) -> None:
        """The service messages of a group's upgrade reach the bot."""
        old = self.chats[chat_id]
        creator = self.users[next(iter(old.admins))] if old.admins else self.bot_user
        to_new = self._new_message(chat_id, creator, None, None, entities=False)
        to_new["migrate_to_chat_id"] = new_chat_id
        self._push({"message": to_new})
        from_old = self._new_message(new_chat_id, creator, None, None, entities=False)
        from_old["migrate_from_chat_id"] = chat_id
        self._push({"message": from_old})

    def press(self, user_id: int, message: dict[str, Any], data: str) -> None:
        """A user presses an inline button of a bot message."""
        self._push(
            {
                "callback_query": {
                    "id": str(next(self._update_ids) * 7919),
                    "from": self.users[user_id],
                    "message": message,
                    "chat_instance": str(message["chat"]["id"]),
                    "data": data,
                }
            }
        )

    def set_admin(self, chat_id: int, user_id: int, admin: bool, *, by_user: int) -> None:
        """``by_user`` promotes ``user_id`` to admin of a group or demotes them.  Telegram
        tells the bot (a ``chat_member`` update) only where the bot is an admin itself, and
        only if it asked for such updates (see :meth:`wants`).  The bot itself (``BOT_ID``)
        is told of its own promotion by a ``my_chat_member`` update, always; as an admin it
        gets every message of the group (privacy mode or not)."""
        chat = self.chats[chat_id]
        if user_id == BOT_ID:
            self._promote_bot(chat, admin, by_user)
            return
        old = self._member(chat, user_id)
        if admin:
            chat.admins.add(user_id)
        else:
            chat.admins.discard(user_id)
        new = self._member(chat, user_id)
        if old["status"] == new["status"] or not chat.bot_is_admin or not self.wants("chat_member"):
            return
        self._push(
            {
                "chat_member": {
                    "chat": chat.as_dict(self.users),
                    "from": self.users[by_user],
                    "date": int(time.time()),
                    "old_chat_member": old,
                    "new_chat_member": new,
                }
            }
        )

    def remove_member(self, chat_id: int, user_id: int, *, by_user: int | None = None) -> None:
        """``user_id`` leaves a group (``by_user`` None) or is removed by ``by_user``:
        Telegram sends a service message (``left_chat_member``, from whoever did it) to the
        bot always, and a ``chat_member`` update where the bot is an admin (if asked)."""
        chat = self.chats[chat_id]
        actor = self.users[user_id if by_user is None else by_user]
        message = self._new_message(chat_id, actor, None, None, entities=False)
        message["left_chat_member"] = self.users[user_id]
        self._push({"message": message})
        new: dict[str, Any] = {"status": "left" if by_user is None else "kicked"}
        new["user"] = self.users[user_id]
        if by_user is not None:
            new["until_date"] = 0
        self._member_changed(chat, user_id, actor, new)

    def restrict_member(self, chat_id: int, user_id: int, *, by_user: int) -> None:
        """``by_user`` restricts ``user_id`` in a group so that they cannot write (a mute):
        Telegram tells the bot only by a ``chat_member`` update, where it is an admin."""
        chat = self.chats[chat_id]
        new: dict[str, Any] = {
            "status": "restricted",
            "user": self.users[user_id],
            "is_member": True,
            "until_date": 0,
            **{f"can_{right}": False for right in RESTRICTED_RIGHTS},
        }
        self._member_changed(chat, user_id, self.users[by_user], new)

    def _member_changed(
        self, chat: Chat, user_id: int, actor: dict[str, Any], new: dict[str, Any]
    ) -> None:
        if not chat.bot_is_admin or not self.wants("chat_member"):
            return
        self._push(
            {
                "chat_member": {
                    "chat": chat.as_dict(self.users),
                    "from": actor,
                    "date": int(time.time()),
                    "old_chat_member": self._member(chat, user_id),
                    "new_chat_member": new,
                }
            }
        )

    def _promote_bot(self, chat: Chat, admin: bool, by_user: int) -> None:
        if by_user not in chat.admins:
            raise PermissionError(f"user {by_user} may not promote the bot in {chat.id}")
        old = self._member(chat, BOT_ID)
        chat.bot_is_admin = admin
        if admin:
            chat.admins.add(BOT_ID)
        else:
            chat.admins.discard(BOT_ID)
        self._push(
            {
                "my_chat_member": {
                    "chat": chat.as_dict(self.users),
                    "from": self.users[by_user],
                    "date": int(time.time()),
                    "old_chat_member": old,
                    "new_chat_member": self._member(chat, BOT_ID),
                }
            }
        )

    def add_bot_as_admin(self, chat_id: int, by_user: int) -> None:
        """A group's admin adds the bot to it as an admin at once (Telegram sends one
        ``my_chat_member`` update, from "left" to "administrator")."""
        chat = self.chats[chat_id]
        chat.bot_is_admin = True
        chat.admins.add(BOT_ID)
        self._push(
            {
                "my_chat_member": {
                    "chat": chat.as_dict(self.users),
                    "from": self.users[by_user],
                    "date": int(time.time()),
                    "old_chat_member": {"status": "left", "user": self.bot_user},
                    "new_chat_member": self._member(chat, BOT_ID),
                }
            }
        )

    def press_inline(self, user_id: int, inline_message_id: str, data: str) -> str:
        """A user presses a button of a message sent through inline mode: the callback query
        has no message (and no chat), only the message's inline id.  Returns the query id."""
        query_id = str(next(self._update_ids) * 7919)
        self._push(
            {
                "callback_query": {
                    "id": query_id,
                    "from": self.users[user_id],
                    "inline_message_id": inline_message_id,
                    "chat_instance": inline_message_id,
                    "data": data,
                }
            }
        )
        return query_id
