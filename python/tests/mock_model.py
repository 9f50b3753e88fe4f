"""A scripted OpenAI-compatible chat-completions server on loopback, standing in for a model in
live `verifiers` rollouts: the test supplies the policy (the conversation so far → the reply)
and reads back every exchange, so what the model said can be re-judged independently."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

# A reply is the assistant's text, or a whole assistant message (e.g. with `tool_calls`).
Policy = Callable[[list[dict[str, Any]]], "str | dict[str, Any]"]


def text_of(message: dict[str, Any]) -> str:
    """A chat message's text, whether its content is a string or a list of parts."""
    content = message.get("content")
    if isinstance(content, list):
        return "".join(p.get("text", "") for p in content if isinstance(p, dict))
    return content or ""


class MockModel:
    """Serves streamed `POST /v1/chat/completions`, the one request verifiers' chat program
    makes (its interception server relays it).

    A policy that raises answers 500 with the error, so a mistake in the script shows up as a
    failed rollout rather than as a reply."""

    def __init__(self, policy: Policy, name: str = "mock") -> None:
        self.policy = policy
        self.name = name
        # (the messages a request carried, the reply), in the order they were answered; read
        # them once the server is closed.
        self.exchanges: list[tuple[list[dict[str, Any]], str | dict[str, Any]]] = []
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}/v1"

    def __enter__(self) -> MockModel:
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join()

    def _reply(self, messages: list[dict[str, Any]]) -> str | dict[str, Any]:
        reply = self.policy(messages)
        with self._lock:
            self.exchanges.append((messages, reply))
        return reply

    def _handler(self):
        model = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args) -> None:
                pass

            def _send(self, status: int, body: bytes, content_type: str) -> None:
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def do_POST(self) -> None:
                raw = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                body = json.loads(raw) if self.path.rstrip("/").endswith("/chat/completions") else {}
                if not body.get("stream"):
                    self._send(404, b'{"error": "only streamed chat completions"}', "application/json")
                    return
                try:
                    reply = model._reply(body.get("messages", []))
                except Exception as e:  # noqa: BLE001 - reported to the caller as the model's error
                    self._send(500, json.dumps({"error": {"message": repr(e)}}).encode(), "application/json")
                    return
                head = {
                    "id": f"mock-{len(model.exchanges)}",
                    "created": int(time.time()),
                    "model": body.get("model", model.name),
                }
                usage = {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}
                message = {"role": "assistant", **({"content": reply} if isinstance(reply, str) else reply)}
                finish = "tool_calls" if message.get("tool_calls") else "stop"
                chunks = [
                    {**head, "object": "chat.completion.chunk",
                     "choices": [{"index": 0, "delta": delta(message), "finish_reason": None}]},
                    {**head, "object": "chat.completion.chunk",
                     "choices": [{"index": 0, "delta": {}, "finish_reason": finish}]},
                    {**head, "object": "chat.completion.chunk", "choices": [], "usage": usage},
                ]
                events = "".join(f"data: {json.dumps(c)}\n\n" for c in chunks) + "data: [DONE]\n\n"
                self._send(200, events.encode(), "text/event-stream")

        return Handler


def delta(message: dict[str, Any]) -> dict[str, Any]:
    """A whole message as one streamed delta (a streamed tool call carries its index)."""
    calls = message.get("tool_calls")
    if not calls:
        return message
    return {**message, "tool_calls": [{**call, "index": i} for i, call in enumerate(calls)]}
