"""Ray Data: generation and verification scaled out on an existing engine.

::

    import ray, verigym.ray
    ray.init()                                   # or ray.init(address="auto") on a cluster
    ds = verigym.ray.dataset("modarith", n=10_000_000, seed=0, level=3)
    ds = ds.map_batches(my_policy)               # adds a "response" column
    graded = verigym.ray.verify(ds)              # adds score, correct, format_ok, reason

Problem ``i`` is a pure function of (env, params, seed, i), so each block generates its own
index range with no coordination, and the rows are byte-identical to single-process output. The
same code runs on a multi-node cluster unchanged: every node needs only ``pip install verigym``
(the wheel carries the generators and verifiers; ``repo_fix`` also needs ``rustc`` on the nodes).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Optional

from ._native import Dataset, verify_columns
from ._params import env_params_api, merge

if TYPE_CHECKING:
    import ray.data

__all__ = ["dataset", "verify"]


@functools.lru_cache(maxsize=16)
def _source(env: str, seed: int, level: Optional[float], params: tuple) -> Dataset:
    return Dataset(env, seed=seed, level=level, params=_thaw(params))


def _freeze(value: Any) -> Any:
    if isinstance(value, dict):
        return tuple(sorted((k, _freeze(v)) for k, v in value.items()))
    if isinstance(value, list):
        return ("__list__",) + tuple(_freeze(v) for v in value)
    return value


def _thaw(value: Any) -> Any:
    if isinstance(value, tuple) and value[:1] == ("__list__",):
        return [_thaw(v) for v in value[1:]]
    if isinstance(value, tuple):
        return {k: _thaw(v) for k, v in value}
    return value


class _Generate:
    """Turns a batch of ``id`` indices (from ``ray.data.range``) into record columns."""

    def __init__(self, env: str, seed: int, level: Optional[float], params: dict[str, Any]):
        self.key = (env, seed, level, _freeze(params))
        Dataset(env, size=0, seed=seed, level=level, params=params)  # fail fast on bad params

    def __call__(self, batch: dict[str, Any]) -> dict[str, Any]:
        env, seed, level, frozen = self.key
        ds = _source(env, seed, level, frozen)
        indices = [int(i) for i in batch["id"]]
        out: dict[str, list[Any]] = {}
        # ray.data.range hands out contiguous runs; handle any order anyway, run by run.
        run_start = 0
        for k in range(1, len(indices) + 1):
            if k == len(indices) or indices[k] != indices[k - 1] + 1:
                cols = ds.columns(indices[run_start], indices[k - 1] + 1)
                for name, values in cols.items():
                    out.setdefault(name, []).extend(values)
                run_start = k
        return out


@env_params_api
def dataset(
    env: str,
    n: int,
    seed: int = 0,
    level: Optional[float] = None,
    *,
    params: Optional[Mapping[str, Any]] = None,
    blocks: Optional[int] = None,
    **env_params: Any,
) -> "ray.data.Dataset":
    """Problems ``0..n`` as a ``ray.data.Dataset`` with columns ``index``, ``id``, ``env``,
    ``prompt``, ``answer``, ``difficulty`` and ``record`` (the JSON line).

    Blocks are index ranges generated where they run. This sets Ray Data's
    ``preserve_order`` on the current context, so rows come out in index order, identical to
    ``verigym generate`` line for line. Env params are ``params={...}`` and keywords, as for
    ``verigym.Dataset``.
    """
    import ray.data

    params = merge("dataset", params, env_params)

    ray.data.DataContext.get_current().execution_options.preserve_order = True
    return ray.data.range(n, override_num_blocks=blocks).map_batches(
        _Generate(env, seed, level, params), batch_format="numpy", batch_size=4096
    )


class _Grade:
    """An actor (or task) that grades a batch; one per worker keeps repo_fix's compiler warm."""

    def __init__(self, record_column: str, response_column: str):
        self.record_column = record_column
        self.response_column = response_column

    def __call__(self, batch: dict[str, Any]) -> dict[str, Any]:
        records = [str(r) for r in batch[self.record_column]]
        responses = [str(r) for r in batch[self.response_column]]
        cols = verify_columns(records, responses)
        out = dict(batch)
        for name in ("score", "correct", "format_ok", "reason"):
            out[name] = cols[name]
        return out


def verify(
    ds: "ray.data.Dataset",
    *,
    record_column: str = "record",
    response_column: str = "response",
    concurrency: Optional[int] = None,
    batch_size: int = 4096,
    **map_batches_args: Any,
) -> "ray.data.Dataset":
    """Adds ``score``, ``correct``, ``format_ok`` and ``reason`` columns through ``map_batches``.

    With ``concurrency``, grading runs in a pool of that many actors (use it for ``repo_fix``,
    whose responses to one record are compiled together: keep a record's responses in one batch,
    for example by sorting on ``id``); otherwise in stateless tasks. Each actor holds a CPU
    for its life, so leave some for the stages upstream (on 2 CPUs, ``concurrency=1``). Other
    keyword arguments go to ``map_batches`` (``num_cpus``, ``memory``, ...).
    """
    if concurrency is None:
        fn = _Grade(record_column, response_column)
        return ds.map_batches(fn, batch_format="numpy", batch_size=batch_size, **map_batches_args)
    return ds.map_batches(
        _Grade,
        fn_constructor_args=(record_column, response_column),
        concurrency=concurrency,
        batch_format="numpy",
        batch_size=batch_size,
        **map_batches_args,
    )
