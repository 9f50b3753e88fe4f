"""TRL: a ``datasets.Dataset`` in TRL's conversational prompt format, and a ``GRPOTrainer`` reward.

::

    from trl import GRPOConfig, GRPOTrainer
    import verigym.trl

    train = verigym.trl.dataset("modarith", size=10_000, seed=0, level=3)
    trainer = GRPOTrainer(model=..., reward_funcs=verigym.trl.reward(), train_dataset=train,
                          args=GRPOConfig(...))

The record travels in the ``record`` column as its JSON line, so the reward needs nothing but the
dataset: TRL hands every column except ``prompt`` to reward functions as keyword arguments.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, Callable, Optional, Union

from . import _native
from ._native import Curriculum, Dataset

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


def dataset(
    env: str,
    size: int,
    seed: int = 0,
    level: Optional[float] = None,
    *,
    system_prompt: Optional[str] = None,
    **params: Any,
) -> "datasets.Dataset":
    """Problems ``0..size`` of an env as a ``datasets.Dataset`` for ``GRPOTrainer``.

    Columns: ``prompt`` (``[{"role": "user", "content": ...}]``, after an optional system
    message), ``record`` (the record's JSON line, byte-identical to ``verigym generate``), ``id``,
    ``env`` and ``difficulty``. ``level`` and ``params`` are as for ``verigym.Dataset``.
    """
    import datasets

    source = Dataset(env, size=size, seed=seed, level=level, **params)
    return datasets.Dataset.from_dict(rows(source.columns(), system_prompt))


# Curricula served by `curriculum_dataset`, by id: `datasets` hashes a generator's arguments with
# pickle, and a live curriculum must be shared, not copied, so the generator gets only its key.
_LIVE: dict[int, Curriculum] = {}


def _from_curriculum(key: int, chunk: int, system_prompt: Optional[str]) -> Iterator[dict[str, Any]]:
    import json

    curriculum = _LIVE[key]
    while True:
        for record in curriculum.next(chunk):
            yield {
                "prompt": _prompt(record["prompt"], system_prompt),
                # The compact JSON serde writes, so the column holds the CLI's bytes.
                "record": json.dumps(record, ensure_ascii=False, separators=(",", ":")),
                "id": record["id"],
                "env": record["env"],
                "difficulty": record["meta"]["difficulty"],
            }


def curriculum_dataset(
    curriculum: Curriculum,
    *,
    chunk: int = 1,
    system_prompt: Optional[str] = None,
) -> "datasets.IterableDataset":
    """An endless ``datasets.IterableDataset`` drawn from a curriculum as it is read, ``chunk``
    problems per ``curriculum.next`` call, so levels follow the rewards that
    ``reward(curriculum=...)`` feeds back. Same columns as ``dataset``.

    The curriculum is used in this process, not copied: read the dataset here (TRL's default),
    not from ``DataLoader`` worker processes.
    """
    import datasets

    _LIVE[id(curriculum)] = curriculum
    return datasets.IterableDataset.from_generator(
        _from_curriculum,
        gen_kwargs={"key": id(curriculum), "chunk": chunk, "system_prompt": system_prompt},
    )


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
