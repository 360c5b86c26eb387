"""How the bot reaches the local Bot API through PTB's own HTTP stack: in-process
(:class:`LocalTransport`, an httpx transport) or over loopback HTTP (:func:`serve`)."""

from __future__ import annotations

import binascii
import contextlib
import json
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote

import httpx

if TYPE_CHECKING:
    from bot.local_api.bot_api import LocalBotApi


def _decode_params(request_body: bytes, content_type: str) -> dict[str, Any]:
    """Bot API parameters from a request body (form, JSON or multipart), JSON values decoded."""
    params: dict[str, Any] = {}
    if content_type.startswith("application/json"):
        params = json.loads(request_body or b"{}")
    elif content_type.startswith("multipart/form-data"):
        params = _decode_multipart(request_body, content_type)
    else:
        params = _decode_form(request_body)
    for key, value in list(params.items()):
        if isinstance(value, str) and value[:1] in "[{":
            with contextlib.suppress(ValueError):
                params[key] = json.loads(value)
    return params


def _decode_form(body: bytes) -> dict[str, str]:
    """A form body's fields, as ``parse_qsl(keep_blank_values=True)`` reads them.  PTB's
    bodies are JSON in percent escapes (a menu's has over a thousand), which ``parse_qsl``
    decodes in Python, one at a time: here ``%XX`` becomes quoted-printable's ``=XX`` and
    ``binascii`` decodes a field at C speed (a tenth of the time)."""
    params: dict[str, str] = {}
    for field in body.split(b"&"):
        if field:
            name, _, value = field.partition(b"=")
            params[_unquote(name)] = _unquote(value)
    return params


def _unquote(text: bytes) -> str:
    """``unquote_plus``: quoted-printable decodes as percent escapes do when each ``%``
    starts an escape (each then takes two bytes off, any other ``=`` fewer) and the text has
    none of the ``=`` and line breaks it reads itself; else ``unquote_plus`` (no encoder
    writes such a field)."""
    text = text.replace(b"+", b" ")
    if not (b"=" in text or b"\n" in text or b"\r" in text):
        decoded = binascii.a2b_qp(text.replace(b"%", b"="))
        if len(decoded) + 2 * text.count(b"%") == len(text):
            return decoded.decode(errors="replace")
    return unquote(text.decode("utf-8"))


def _decode_multipart(body: bytes, content_type: str) -> dict[str, Any]:
    boundary = content_type.split("boundary=", 1)[1].strip('"').encode()
    params: dict[str, Any] = {}
    for part in body.split(b"--" + boundary):
        head, sep, content = part.partition(b"\r\n\r\n")
        if not sep:
            continue
        name = re.search(rb'name="([^"]+)"', head)
        if not name:
            continue
        content = content.removesuffix(b"\r\n")
        if b"filename=" in head:
            params[name.group(1).decode()] = content
        else:
            params[name.group(1).decode()] = content.decode("utf-8")
    return params


class LocalTransport(httpx.AsyncBaseTransport):
    """An httpx transport that hands PTB's requests to a :class:`LocalBotApi` in-process."""

    def __init__(
        self, api: LocalBotApi, *, save_files: Callable[[bytes], str] | None = None
    ) -> None:
        self.api = api
        self.save_files = save_files

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        body = await request.aread()
        method = request.url.path.rsplit("/", 1)[-1]
        params = _decode_params(body, request.headers.get("content-type", ""))
        for key, value in list(params.items()):
            if isinstance(value, bytes):
                params[f"{key}_path"] = self.save_files(value) if self.save_files else None
        status, reply = await self.api.call(method, params)
        return httpx.Response(status, json=reply)


async def serve(api: LocalBotApi, host: str = "127.0.0.1", port: int = 0) -> tuple[Any, int]:
    """Serve ``api`` over HTTP on loopback (``/bot<token>/<method>``); returns (server, port)."""
    from tornado.httpserver import HTTPServer
    from tornado.netutil import bind_sockets
    from tornado.web import Application, RequestHandler

    class MethodHandler(RequestHandler):
        async def post(self, method: str) -> None:
            params = _decode_params(self.request.body, self.request.headers.get("Content-Type", ""))
            status, reply = await api.call(method, params)
            self.set_status(status)
            self.set_header("Content-Type", "application/json")
            self.finish(json.dumps(reply))

        get = post

    sockets = bind_sockets(port, address=host)
    server = HTTPServer(Application([(r"/bot[^/]+/(\w+)", MethodHandler)]))
    server.add_sockets(sockets)
    return server, sockets[0].getsockname()[1]
