"""Hugging Face ``datasets``: an endless env as a streaming ``IterableDataset``, a fixed range
as a ``Dataset``, and a suite as a ``DatasetDict`` with one split per problems file, ready for
``push_to_hub``.

Every row has ``index``, ``id``, ``env``, ``prompt``, ``answer``, ``difficulty`` and ``record``
(the record's JSON line, byte-identical to ``verigym generate``; pass it to ``verigym.verify``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, Optional, Union

from ._native import Dataset, Suite
from ._params import env_params_api, merge

if TYPE_CHECKING:
    import datasets

__all__ = ["dataset", "stream", "suite"]

_CHUNK = 1024


def _rows(ds: Dataset, start: int, stop: int) -> Iterator[dict[str, Any]]:
    cols = ds.columns(start, stop)
    keys = list(cols)
    for values in zip(*(cols[k] for k in keys)):
        yield dict(zip(keys, values))


def _generate(env: str, seed: int, level: Optional[float], params: dict[str, Any]) -> Iterator[dict[str, Any]]:
    ds = Dataset(env, seed=seed, level=level, params=params)
    start = 0
    while True:
        yield from _rows(ds, start, start + _CHUNK)
        start += _CHUNK


@env_params_api
def stream(
    env: str,
    seed: int = 0,
    level: Optional[float] = None,
    *,
    params: Optional[Mapping[str, Any]] = None,
    **env_params: Any,
) -> "datasets.IterableDataset":
    """The endless problem stream of an env as a ``datasets.IterableDataset``
    (``from_generator``); take what you need with ``.take(n)``. Env params are ``params={...}``
    and keywords, as for ``verigym.Dataset``."""
    import datasets

    merged = merge("stream", params, env_params)
    Dataset(env, size=0, seed=seed, level=level, params=merged)  # fail here on bad params
    return datasets.IterableDataset.from_generator(
        _generate, gen_kwargs={"env": env, "seed": seed, "level": level, "params": merged}
    )


@env_params_api
def dataset(
    env: str,
    size: int,
    seed: int = 0,
    level: Optional[float] = None,
    *,
    params: Optional[Mapping[str, Any]] = None,
    **env_params: Any,
) -> "datasets.Dataset":
    """Problems ``0..size`` of an env as an in-memory ``datasets.Dataset``. Env params are
    ``params={...}`` and keywords, as for ``verigym.Dataset``."""
    import datasets

    source = Dataset(env, size=size, seed=seed, level=level, params=merge("dataset", params, env_params))
    return datasets.Dataset.from_dict(source.columns())


def suite(name_or_path: Union[str, Suite]) -> "datasets.DatasetDict":
    """A suite as a ``datasets.DatasetDict``: one split per problems file, named after it
    (``00-modarith.jsonl`` becomes split ``s00_modarith``), rows in file order."""
    import datasets

    s = name_or_path if isinstance(name_or_path, Suite) else Suite(name_or_path)
    splits = {}
    for path, _env, data in s.files():
        lines = data.decode().splitlines()
        records = [json.loads(line) for line in lines]
        splits["s" + path.removesuffix(".jsonl").replace("-", "_")] = datasets.Dataset.from_dict(
            {
                "index": [r["index"] for r in records],
                "id": [r["id"] for r in records],
                "env": [r["env"] for r in records],
                "prompt": [r["prompt"] for r in records],
                "answer": [r["answer"] for r in records],
                "difficulty": [r["meta"]["difficulty"] for r in records],
                "record": lines,
            }
        )
    return datasets.DatasetDict(splits)
