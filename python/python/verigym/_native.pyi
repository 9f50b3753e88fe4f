"""Type stubs for verigym's extension module; the public names are re-exported by ``verigym``."""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Optional, Union, overload

RecordDict = dict[str, Any]
"""A problem record: the JSON object of one line of ``verigym generate``."""
Verdict = dict[str, Any]
"""``score``, ``correct``, ``format_ok``, ``reason``, ``message``, and optionally ``steps``, ``detail``."""
RecordLike = Union["Record", Mapping[str, Any], str, bytes]
"""A ``Record``, a record dict, or its JSON text (fastest first)."""

__version__: str

class VerigymError(ValueError):
    """Input verigym rejects; the message names the field or id, the value and what is allowed."""

def envs() -> list[dict[str, Any]]:
    """Every registered env: ``id``, ``version``, ``summary``, ``answer_format``,
    ``default_params`` and ``params`` (each with ``name``, ``default``, ``allowed``,
    ``description``)."""

class Dataset:
    """The problems of one env for one (params, seed), by index.

    ``ds[i]`` equals ``json.loads`` of line ``i`` of ``verigym generate``; ``ds.jsonl(i)`` is
    that line's exact bytes. ``size=None`` makes the dataset endless.

    Env params override the level's by name, from ``params={...}`` and from keyword arguments;
    a param named like an argument here (sudoku's ``size``) goes in ``params=``, and given as
    a keyword beside the positional argument it is refused with a ``TypeError`` saying so.
    """

    def __init__(
        self,
        env: str,
        size: Optional[int] = None,
        seed: int = 0,
        level: Optional[float] = None,
        *,
        params: Optional[Mapping[str, Any]] = None,
        **env_params: Any,
    ) -> None: ...
    @property
    def env(self) -> str: ...
    @property
    def env_version(self) -> int: ...
    @property
    def seed(self) -> int: ...
    @property
    def level(self) -> Optional[float]: ...
    @property
    def size(self) -> Optional[int]: ...
    @property
    def params(self) -> dict[str, Any]: ...
    def __len__(self) -> int: ...
    @overload
    def __getitem__(self, key: int) -> RecordDict: ...
    @overload
    def __getitem__(self, key: slice) -> list[RecordDict]: ...
    def __iter__(self) -> Iterator[RecordDict]: ...
    def jsonl(self, i: int) -> bytes:
        """Record ``i`` exactly as ``verigym generate`` writes it, newline included."""
    def to_jsonl(self, start: int = 0, stop: Optional[int] = None) -> bytes:
        """Records ``start..stop`` as JSONL bytes, generated in parallel."""
    def columns(self, start: int = 0, stop: Optional[int] = None) -> dict[str, list[Any]]:
        """Records ``start..stop`` as columns ``index``, ``id``, ``env``, ``prompt``,
        ``answer``, ``difficulty`` and ``record`` (each record's JSON line, no newline)."""

    def record(self, i: int) -> Record:
        """Record ``i`` as a :class:`Record`, held in Rust."""
    def records(self, start: int = 0, stop: Optional[int] = None) -> list[Record]:
        """Records ``start..stop`` as :class:`Record` objects, generated in parallel."""
    def verify_many(self, indices: Sequence[int], responses: Sequence[str]) -> list[Verdict]:
        """Judges ``responses[j]`` against record ``indices[j]``, each distinct index generated
        once, typed, never parsed."""
    def scores(self, indices: Sequence[int], responses: Sequence[str]) -> list[float]:
        """The scores of ``verify_many(indices, responses)``."""
    def verify_columns(self, indices: Sequence[int], responses: Sequence[str]) -> dict[str, list[Any]]:
        """``verify_many(indices, responses)`` as ``verify_columns`` returns it."""

class Record(Mapping[str, Any]):
    """One generated record held in Rust: a read-only mapping equal to the record dict, each
    field built when read. It holds its problem typed: the verify functions judge it without
    parsing JSON or generating it again."""

    def __getitem__(self, key: str) -> Any: ...
    def __len__(self) -> int: ...
    def __iter__(self) -> Iterator[str]: ...
    def to_dict(self) -> RecordDict:
        """The record as a new dict, equal to ``json.loads(self.jsonl())``."""
    def jsonl(self) -> bytes:
        """The record exactly as ``verigym generate`` writes it, newline included."""
    @property
    def line(self) -> str:
        """The record's JSON line as a str, without its newline."""
    @property
    def id(self) -> str: ...
    @property
    def index(self) -> int: ...
    @property
    def prompt(self) -> str: ...
    @property
    def answer(self) -> str: ...

class DatasetIter(Iterator[RecordDict]):
    def __next__(self) -> RecordDict: ...

def verify(record: RecordLike, response: str) -> Verdict:
    """Judges one response to one record."""

def verify_group(record: RecordLike, responses: Sequence[str]) -> list[Verdict]:
    """Judges several responses to one record at once (``repo_fix``: one compile)."""

def verify_many(records: Sequence[RecordLike], responses: Sequence[str]) -> list[Verdict]:
    """Judges ``responses[i]`` against ``records[i]`` in parallel with the GIL released."""

def scores(records: Sequence[RecordLike], responses: Sequence[str]) -> list[float]:
    """The ``score`` of each verdict of ``verify_many``, without building verdict dicts."""

def eval(
    records: Sequence[RecordLike],
    responses: Sequence[Union[str, Sequence[str]]],
    k: Sequence[int] = (1,),
) -> dict[str, Any]:
    """The ``verigym eval`` report: pass@k and CoT-pass@k overall, per env and per level."""

def pass_at_k(n: int, c: int, k: int) -> Optional[float]:
    """Unbiased pass@k for ``n`` samples with ``c`` correct; None when k is 0 or exceeds n."""

class Suite:
    """A fixed-seed suite: a shipped one by name or a ``.toml`` path."""

    def __init__(self, name_or_path: Union[str, os.PathLike[str]]) -> None: ...
    @staticmethod
    def from_toml(text: str) -> Suite: ...
    @staticmethod
    def from_dict(spec: Mapping[str, Any]) -> Suite: ...
    @property
    def name(self) -> str: ...
    @property
    def version(self) -> int: ...
    @property
    def spec(self) -> dict[str, Any]: ...
    def build(self, dir: Optional[Union[str, os.PathLike[str]]] = None) -> dict[str, Any]:
        """Generates every entry; returns the manifest, and writes the build to ``dir``."""
    def files(self) -> list[tuple[str, str, bytes]]:
        """``(path, env, jsonl_bytes)`` for every problems file, in suite order."""
    @staticmethod
    def check(dir: Union[str, os.PathLike[str]]) -> dict[str, Any]:
        """Re-derives a built suite and compares every byte; raises on any difference."""

class Curriculum:
    """Holds a target solve rate by steering each env's level; feedback may come late, out of
    order, or never."""

    def __init__(self, config: Union[Mapping[str, Any], str, os.PathLike[str]]) -> None: ...
    @staticmethod
    def restore(state: Mapping[str, Any]) -> Curriculum: ...
    def next(self, n: int) -> list[RecordDict]:
        """The next ``n`` problems; ``n`` may change between calls."""
    def next_records(self, n: int) -> list[Record]:
        """The next ``n`` problems as :class:`Record` objects (what ``next`` would issue)."""
    def __contains__(self, id: object) -> bool:
        """Whether problem ``id`` was issued and still awaits its rewards."""
    def record(self, id: str, rewards: Sequence[Union[bool, int, float]]) -> None:
        """Feeds back one problem's rewards; raises without changing state on bad input."""
    def episode_options(self, id: str) -> Optional[dict[str, Any]]:
        """The feedback-episode options outstanding problem ``id`` is played with (its env's
        ``episode`` schedule at its level), or ``None``."""
    @property
    def outstanding(self) -> int: ...
    @property
    def config(self) -> dict[str, Any]: ...
    def state(self) -> dict[str, Any]: ...
    def telemetry(self) -> dict[str, Any]: ...

def verify_columns(records: Sequence[RecordLike], responses: Sequence[str]) -> dict[str, list[Any]]:
    """The verdicts of ``verify_many`` as columns: ``id``, ``score``, ``correct``,
    ``format_ok``, ``reason``."""

def _release_workspaces() -> None:
    """Removes the working copies ``repo_fix`` verdicts on real crates keep; run at exit."""

class Episode:
    """One episode: the library's state machine over a record (see ``verigym.episodes``)."""

    def __init__(
        self,
        record: str | bytes | dict[str, Any],
        feedback: dict[str, Any] | None = None,
        agentic: dict[str, Any] | None = None,
    ) -> None: ...
    @property
    def prompt(self) -> str: ...
    def step(self, action: str) -> dict[str, Any]: ...
    @property
    def done(self) -> bool: ...
    @property
    def turns(self) -> int: ...
    @property
    def budget(self) -> int: ...
    @property
    def reward(self) -> float | None: ...
    @property
    def verdict(self) -> dict[str, Any] | None: ...
    def transcript(self) -> dict[str, Any]: ...

def rejudge(transcript: str | dict[str, Any]) -> dict[str, Any]: ...
def interactive_envs() -> list[str]: ...
def episode_records(
    env: str,
    n: int,
    *,
    seed: int = 0,
    start: int = 0,
    level: float | None = None,
    params: dict[str, Any] | None = None,
) -> list[str]: ...
