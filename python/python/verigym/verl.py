"""verl: its Parquet dataset layout, and a ``compute_score`` for its reward managers.

::

    import verigym.verl
    verigym.verl.export("train.parquet", "modarith", size=10_000, seed=0, level=3)

then, in the verl config (verl 0.9 reads the reward function under ``reward.``)::

    data.train_files=train.parquet
    reward.custom_reward_function.path=pkg://verigym.verl
    reward.custom_reward_function.name=compute_score

verl's loader takes the module as ``pkg://verigym.verl`` or as the file itself
(``reward.custom_reward_function.path=$(python -c 'import verigym.verl as m; print(m.__file__)')``);
both work with every reward manager (``reward.reward_manager.name=naive``, ``dapo``, ...).

Each row holds ``data_source`` (``verigym/<env>``), ``prompt`` (chat messages), ``ability``,
``reward_model`` (``style`` "rule", ``ground_truth`` the reference answer) and ``extra_info``
(``split``, ``index``, ``id`` and ``record``, the record's JSON line, which the verifier needs:
the ground truth alone cannot check steps, a Sudoku grid or a patch).
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any, Optional, Union

# Absolute imports: verl also loads this file by path (`custom_reward_function.path=<file>`),
# as a module outside the package, where a relative import has no package to resolve in.
from verigym._native import Dataset, verify, verify_columns
from verigym._params import env_params_api, merge

__all__ = ["compute_score", "compute_score_batch", "export", "table"]


@env_params_api
def table(
    env: str,
    size: int,
    seed: int = 0,
    level: Optional[float] = None,
    *,
    params: Optional[Mapping[str, Any]] = None,
    split: str = "train",
    ability: str = "reasoning",
    system_prompt: Optional[str] = None,
    **env_params: Any,
):
    """Problems ``0..size`` as a ``pyarrow.Table`` in verl's dataset layout. Env params are
    ``params={...}`` and keywords, as for ``verigym.Dataset``."""
    import pyarrow as pa

    merged = merge("table", params, env_params)
    cols = Dataset(env, size=size, seed=seed, level=level, params=merged).columns()
    system = [{"role": "system", "content": system_prompt}] if system_prompt else []
    return pa.table(
        {
            "data_source": [f"verigym/{env}"] * len(cols["id"]),
            "prompt": [system + [{"role": "user", "content": p}] for p in cols["prompt"]],
            "ability": [ability] * len(cols["id"]),
            "reward_model": [{"style": "rule", "ground_truth": a} for a in cols["answer"]],
            "extra_info": [
                {"split": split, "index": i, "id": pid, "record": rec}
                for i, pid, rec in zip(cols["index"], cols["id"], cols["record"])
            ],
        }
    )


@env_params_api
def export(
    path: Union[str, "os.PathLike[str]"],
    env: str,
    size: int,
    seed: int = 0,
    level: Optional[float] = None,
    *,
    params: Optional[Mapping[str, Any]] = None,
    split: str = "train",
    ability: str = "reasoning",
    system_prompt: Optional[str] = None,
    **env_params: Any,
) -> int:
    """Writes problems ``0..size`` to a Parquet file verl's ``RLHFDataset`` reads; returns the
    row count. The other arguments are those of ``table``."""
    import pyarrow.parquet as pq

    t = table(
        env, size, seed, level, params=merge("export", params, env_params),
        split=split, ability=ability, system_prompt=system_prompt,
    )
    tmp = f"{os.fspath(path)}.tmp"
    pq.write_table(t, tmp)
    os.replace(tmp, path)  # a reader never sees half a file
    return t.num_rows


def _record(extra_info: Optional[dict[str, Any]]) -> str:
    if not extra_info or "record" not in extra_info:
        raise KeyError(
            "verigym compute_score: extra_info has no `record`; write the dataset with "
            "verigym.verl.export so each row carries its record"
        )
    return extra_info["record"]


def _scores(verdict_score: float, correct: bool, format_ok: bool) -> dict[str, float]:
    # Only numbers: verl averages every key of the dict into its validation metrics.
    return {"score": verdict_score, "acc": float(correct), "format_ok": float(format_ok)}


def compute_score(
    data_source: str,
    solution_str: str,
    ground_truth: str,
    extra_info: Optional[dict[str, Any]] = None,
    **kwargs: Any,
) -> dict[str, float]:
    """verl's ``compute_score`` contract: ``{"score": reward, "acc": 0/1, "format_ok": 0/1}``.

    The verdict comes from the record in ``extra_info["record"]``; ``ground_truth`` is not
    needed beyond it (it is the record's ``answer``). Extra keys verl adds to ``extra_info``
    (such as ``num_turns``) are ignored.
    """
    v = verify(_record(extra_info), solution_str)
    return _scores(v["score"], v["correct"], v["format_ok"])


def compute_score_batch(
    data_sources: Sequence[str],
    solution_strs: Sequence[str],
    ground_truths: Sequence[str],
    extra_infos: Sequence[Optional[dict[str, Any]]],
    **kwargs: Any,
) -> list[dict[str, float]]:
    """The batch form (verl's ``BatchRewardManager``): every response graded in parallel, and
    a ``repo_fix`` group compiled once."""
    cols = verify_columns([_record(e) for e in extra_infos], list(solution_strs))
    return [_scores(*t) for t in zip(cols["score"], cols["correct"], cols["format_ok"])]
