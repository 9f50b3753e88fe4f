"""TRL: a ``datasets.Dataset`` in TRL's conversational prompt format, and a ``GRPOTrainer`` reward.

::

    from trl import GRPOConfig, GRPOTrainer
    import verigym.trl

    train = verigym.trl.dataset("modarith", size=10_000, seed=0, level=3)
    trainer = GRPOTrainer(model=..., reward_funcs=verigym.trl.reward(), train_dataset=train,
                          args=GRPOConfig(...))

The record travels in the ``record`` column as its JSON line, so the reward needs nothing but the
dataset: TRL hands every column except ``prompt`` to reward functions as keyword arguments.

With a curriculum, the dataset is drawn as TRL reads it and the reward feeds the curriculum::

    cur = verigym.Curriculum({"seed": 0, "envs": [{"id": "modarith"}, {"id": "sudoku"}]})
    train = verigym.trl.curriculum_dataset(cur, size=100_000)
    trainer = GRPOTrainer(model=..., reward_funcs=verigym.trl.reward(curriculum=cur),
                          train_dataset=train, args=GRPOConfig(...))

TRL's defaults (``shuffle_dataset=True``, ``dataloader_num_workers=0``,
``remove_unused_columns=False``) are fine; one process only (no multi-GPU launch).
"""

from __future__ import annotations

import itertools
import weakref
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Callable, Optional, Union

from . import _native
from ._native import Curriculum, Dataset, Record, VerigymError
from ._params import env_params_api, merge
from ._served import CurriculumDataset

if TYPE_CHECKING:
    import datasets

__all__ = ["Reward", "completion_text", "curriculum_dataset", "dataset", "reward", "rows"]


def _prompt(text: str, system_prompt: Optional[str]) -> list[dict[str, str]]:
    messages = [{"role": "system", "content": system_prompt}] if system_prompt else []
    messages.append({"role": "user", "content": text})
    return messages


def rows(columns: dict[str, list[Any]], system_prompt: Optional[str] = None) -> dict[str, list[Any]]:
    """``Dataset.columns()`` in TRL's layout: ``prompt`` (chat messages), ``record`` (the JSON
    line), ``id``, ``env`` and ``difficulty``."""
    return {
        "prompt": [_prompt(p, system_prompt) for p in columns["prompt"]],
        "record": columns["record"],
        "id": columns["id"],
        "env": columns["env"],
        "difficulty": columns["difficulty"],
    }


@env_params_api
def dataset(
    env: str,
    size: int,
    seed: int = 0,
    level: Optional[float] = None,
    *,
    params: Optional[Mapping[str, Any]] = None,
    system_prompt: Optional[str] = None,
    **env_params: Any,
) -> "datasets.Dataset":
    """Problems ``0..size`` of an env as a ``datasets.Dataset`` for ``GRPOTrainer``.

    Columns: ``prompt`` (``[{"role": "user", "content": ...}]``, after an optional system
    message), ``record`` (the record's JSON line, byte-identical to ``verigym generate``), ``id``,
    ``env`` and ``difficulty``. ``level`` and env params (``params={...}`` and keywords) are as
    for ``verigym.Dataset``.
    """
    import datasets

    source = Dataset(env, size=size, seed=seed, level=level, params=merge("dataset", params, env_params))
    return datasets.Dataset.from_dict(rows(source.columns(), system_prompt))


class _Draw:
    """The ``datasets`` transform that turns a batch of ``index`` values into TRL rows drawn
    from a ``CurriculumDataset``. ``datasets`` hashes a transform by pickling it, and a live
    curriculum must not be copied: pickled, this is its key, which finds the dataset again only
    in the process it was made in."""

    _live: "weakref.WeakValueDictionary[int, CurriculumDataset]" = weakref.WeakValueDictionary()
    _keys = itertools.count()

    def __init__(self, served: Optional[CurriculumDataset], key: Optional[int] = None):
        self.served = served
        self.key = next(self._keys) if key is None else key
        if served is not None:
            self._live[self.key] = served

    def __reduce__(self):
        return (_draw_for, (self.key,))

    def __call__(self, batch: dict[str, list[Any]]) -> dict[str, list[Any]]:
        served = self.served if self.served is not None else self._live.get(self.key)
        if served is None:
            raise VerigymError(
                "verigym.trl.curriculum_dataset: this copy of the dataset is in a process "
                "other than the one that made it, where its curriculum and rewards live; read it "
                "there (GRPOConfig(dataloader_num_workers=0))"
            )
        rows = served.rows(batch["index"])
        # The columns are the rows' own, so a caller's `row` decides them (episode rows add
        # `feedback`).
        return {column: [row[column] for row in rows] for column in (rows[0] if rows else _COLUMNS)}


def _draw_for(key: int) -> _Draw:
    return _Draw(None, key)


_COLUMNS = ("prompt", "record", "id", "env", "difficulty")


def curriculum_dataset(
    curriculum: Curriculum,
    size: int,
    *,
    system_prompt: Optional[str] = None,
    cache: int = 8192,
) -> "datasets.Dataset":
    """A curriculum as a map-style ``datasets.Dataset`` of ``size`` rows for ``GRPOTrainer``,
    each row drawn from the curriculum when TRL first reads it, so levels follow the rewards
    that ``reward(curriculum=...)`` feeds back, whatever the sampler (``shuffle_dataset`` or
    not) and however far Accelerate reads ahead. Same columns as ``dataset``.

    Row ``i`` keeps its problem while that problem awaits its rewards (the ``num_generations``
    repeats of a prompt, and the batches TRL reuses for ``steps_per_generation`` and
    ``num_iterations``), then the next read of ``i`` (the next epoch) draws a new one: ``size``
    is the epoch TRL counts, not a bound on the problems drawn. See
    ``verigym.CurriculumDataset`` for ``cache`` and for the settings it refuses
    (``dataloader_num_workers > 0``, several processes).
    """
    def row(record: Record) -> dict[str, Any]:
        return {
            "prompt": _prompt(record.prompt, system_prompt),
            "record": record.line,
            "id": record.id,
            "env": record["env"],
            "difficulty": record["meta"]["difficulty"],
        }

    return _drawn(CurriculumDataset(curriculum, size, row=row, cache=cache))


def _drawn(served: CurriculumDataset) -> "datasets.Dataset":
    """``served`` as a ``datasets.Dataset`` whose rows are drawn when TRL first reads them."""
    import datasets
    import pyarrow as pa

    # The rows are only indices until read; the transform draws them.
    table = pa.table({"index": pa.array(range(served.size), type=pa.int64())})
    return datasets.Dataset(table).with_transform(_Draw(served))


def completion_text(completion: Union[str, Sequence[Any]]) -> str:
    """The text to grade in one TRL completion: the string itself, or the content of the last
    message of a conversational completion (text parts of a multi-part content joined)."""
    if isinstance(completion, str):
        return completion
    if not completion:
        return ""
    content = completion[-1].get("content", "")
    if isinstance(content, str):
        return content
    if content is None:
        return ""
    return "".join(part.get("text", "") for part in content if isinstance(part, dict))


class Reward:
    """A ``GRPOTrainer`` reward function: one float per completion, each verigym's ``score``.

    TRL calls it as ``reward(prompts=..., completions=..., completion_ids=..., **columns)``;
    the record comes from the ``record`` column (rename with ``record_column``). Responses to
    one record are judged together, so ``repo_fix`` compiles once per group. With a
    ``curriculum``, each record's rewards are fed back to it (``curriculum.record``) as they
    are scored. When TRL passes ``log_metric``, accuracy and the valid-format rate are logged as
    ``verigym/accuracy`` and ``verigym/format_ok``.
    """

    __name__ = "verigym"

    def __init__(self, curriculum: Optional[Curriculum] = None, record_column: str = "record"):
        self.curriculum = curriculum
        self.record_column = record_column

    def __call__(
        self,
        prompts: Optional[list[Any]] = None,
        completions: Optional[list[Any]] = None,
        log_metric: Optional[Callable[[str, float], None]] = None,
        **kwargs: Any,
    ) -> list[float]:
        if completions is None:
            raise TypeError("verigym reward: TRL passes `completions`; none was given")
        try:
            records = kwargs[self.record_column]
        except KeyError:
            raise KeyError(
                f"verigym reward: no `{self.record_column}` column among the dataset columns "
                f"passed ({', '.join(sorted(kwargs)) or 'none'}); build the dataset with "
                "verigym.trl.dataset or pass record_column="
            ) from None
        texts = [completion_text(c) for c in completions]
        columns = _native.verify_columns(records, texts)
        scores = columns["score"]
        if self.curriculum is not None:
            groups: dict[str, list[float]] = {}
            for problem_id, score in zip(columns["id"], scores):
                groups.setdefault(problem_id, []).append(score)
            for problem_id, group in groups.items():
                self.curriculum.record(problem_id, group)
        if log_metric is not None and scores:
            n = len(scores)
            log_metric("verigym/accuracy", sum(columns["correct"]) / n)
            log_metric("verigym/format_ok", sum(columns["format_ok"]) / n)
        return scores


def reward(curriculum: Optional[Curriculum] = None, record_column: str = "record") -> Reward:
    """A ``GRPOTrainer`` reward function; see ``Reward``."""
    return Reward(curriculum=curriculum, record_column=record_column)
