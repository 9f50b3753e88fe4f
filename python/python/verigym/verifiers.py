"""Prime Intellect ``verifiers`` (0.4, the ``verifiers.v1`` stack): a verigym env or suite as a
taskset whose reward is verigym's verifier.

In ``verifiers.v1`` an environment is a *taskset* (config in, typed tasks out) run by an ``Env``
with a harness; a taskset package exports its ``Taskset`` subclass through ``__all__``, and a
task scores a finished trace with ``@vf.reward`` methods that receive the task data and the
trace. ``verifiers`` resolves a taskset id to a top-level module (``my-env`` imports
``my_env``), so this module is installed under the id ``verigym-verifiers`` too (the
``verigym_verifiers`` package re-exports it)::

    vf-eval verigym-verifiers --env.taskset.env modarith --env.taskset.size 100 \
      --env.agent.harness.id null --env.agent.runtime.type subprocess \
      --model MODEL --client.base-url http://127.0.0.1:8001/v1 --no-push

(the ``null`` harness, a plain chat program started with ``uv``, which must be on PATH, on the
local ``subprocess`` runtime instead of verifiers' default Prime sandbox; ``--client.base-url`` is
any OpenAI-compatible endpoint)

or from Python::

    from verigym.verifiers import VerigymConfig, VerigymTaskset
    tasks = VerigymTaskset(VerigymConfig(env="sudoku", size=50, level=3))

Each task is single-turn: its prompt is the record's prompt, its ``id`` the record id, and its
data carries the record's JSON line. The ``verigym`` reward is the verdict's score for the
trace's final reply (``trace.last_reply``); the verdict's ``correct``, ``format_ok`` and
``reason`` go to ``trace.info["verigym"]``.

Importing this module imports ``verifiers``; install it with ``pip install verifiers``.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any, Optional

import verifiers.v1 as vf

from ._native import Dataset, Suite, verify

__all__ = ["VerigymConfig", "VerigymData", "VerigymTask", "VerigymTaskset"]


class VerigymConfig(vf.TasksetConfig):
    """Which problems the taskset yields: an env stream, or every problem of a suite."""

    env: str = "modarith"
    """The verigym env id (ignored when ``suite`` is set)."""
    size: Optional[int] = None
    """How many problems (indices ``0..size``); None for an endless taskset."""
    seed: int = 0
    """The master seed."""
    level: Optional[float] = None
    """A difficulty level (0 to 10) the params derive from."""
    params: dict[str, Any] = {}
    """Param overrides by name, as ``verigym generate --param`` takes them."""
    suite: Optional[str] = None
    """A shipped suite name or a suite ``.toml`` path: its problems, in suite order."""


class VerigymData(vf.TaskData):
    """A task's wire data: the verigym record, as the JSON line ``verigym generate`` writes."""

    record: str
    """The record's JSON line (no newline); ``verigym.verify`` takes it as is."""


class VerigymTask(vf.Task[VerigymData, vf.State, vf.TaskConfig]):
    """One verigym problem; its reward is the verifier's score of the final reply."""

    @property
    def key(self) -> str:
        # Record ids are unique per (env, version, params, seed, index): a durable identity.
        return self.data.id or self.hash

    @vf.reward
    async def verigym(self, task: VerigymData, trace: vf.Trace) -> float:
        # verifiers awaits every reward. Verification releases the GIL and a `repo_fix` one
        # compiles for seconds, so it runs in a worker thread, off the event loop.
        verdict = await asyncio.to_thread(verify, task.record, trace.last_reply)
        trace.info["verigym"] = {
            "correct": verdict["correct"],
            "format_ok": verdict["format_ok"],
            "reason": verdict["reason"],
        }
        return float(verdict["score"])


def _task(line: str, config: vf.TaskConfig) -> VerigymTask:
    # The prompt and id are read back from the line so that the task and the record that
    # grades it can never disagree.
    record = json.loads(line)
    return VerigymTask(
        VerigymData(id=record["id"], name=record["id"], prompt=record["prompt"], record=line),
        config,
    )


class VerigymTaskset(vf.Taskset[VerigymTask, VerigymConfig]):
    """A verigym env (``env``, ``size``, ``seed``, ``level``, ``params``) or suite as tasks."""

    def __init__(self, config: VerigymConfig) -> None:
        super().__init__(config)
        # An endless env stream is an infinite taskset: bound it with views (`take`) or
        # `--select.limit`.
        self.INFINITE = config.suite is None and config.size is None

    def load(self) -> Iterator[VerigymTask]:
        cfg = self.config
        if cfg.suite is not None:
            for _path, _env, jsonl in Suite(cfg.suite).files():
                for line in jsonl.decode().splitlines():
                    yield _task(line, cfg.task)
            return
        ds = Dataset(cfg.env, size=cfg.size, seed=cfg.seed, level=cfg.level, params=cfg.params)
        start, chunk = 0, 1024
        while cfg.size is None or start < cfg.size:
            stop = start + chunk if cfg.size is None else min(start + chunk, cfg.size)
            for line in ds.columns(start, stop)["record"]:
                yield _task(line, cfg.task)
            start = stop
