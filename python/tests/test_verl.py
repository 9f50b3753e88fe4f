"""verigym.verl: the Parquet layout verl's RLHFDataset reads, scored the way its reward managers
call compute_score (verl/workers/reward_manager/naive.py: ground_truth from
non_tensor_batch["reward_model"]["ground_truth"], data_source from the "data_source" column,
extra_info from the "extra_info" column, to which newer verl adds "num_turns"; a dict result's
"score" is the reward and every key is averaged into metrics)."""

from __future__ import annotations

import json

import verigym
import verigym.verl
from adapters import need


def naive_reward_manager(rows, responses, compute_score):
    """verl's NaiveRewardManager loop over decoded responses."""
    rewards, extra = [], {}
    for row, response_str in zip(rows, responses):
        ground_truth = row["reward_model"]["ground_truth"]
        data_source = row["data_source"]
        extra_info = dict(row.get("extra_info", {}) or {})
        extra_info["num_turns"] = None
        result = compute_score(data_source=data_source, solution_str=response_str, ground_truth=ground_truth, extra_info=extra_info)
        rewards.append(result["score"] if isinstance(result, dict) else result)
        for key, value in result.items():
            extra.setdefault(key, []).append(value)
    return rewards, extra


def test_export_reads_back_and_scores_like_verl(tmp_path):
    pq = need("pyarrow.parquet")
    datasets = need("datasets")
    path = tmp_path / "train.parquet"
    assert verigym.verl.export(path, "modarith", size=6, seed=9, level=2, split="test") == 6
    table = pq.read_table(path)
    assert table.column_names == ["data_source", "prompt", "ability", "reward_model", "extra_info"]
    rows = table.to_pylist()
    source = verigym.Dataset("modarith", size=6, seed=9, level=2)
    for i, row in enumerate(rows):
        record = source[i]
        assert row["data_source"] == "verigym/modarith" and row["ability"] == "reasoning"
        assert row["prompt"] == [{"role": "user", "content": record["prompt"]}]
        assert row["reward_model"] == {"style": "rule", "ground_truth": record["answer"]}
        assert row["extra_info"]["record"].encode() + b"\n" == source.jsonl(i)
        assert row["extra_info"]["split"] == "test" and row["extra_info"]["index"] == i
    responses = [f"<answer>{r['reward_model']['ground_truth']}</answer>" if i % 2 else "<answer>x</answer>" for i, r in enumerate(rows)]
    rewards, extra = naive_reward_manager(rows, responses, verigym.verl.compute_score)
    assert rewards == [0.0, 1.0] * 3
    assert extra["acc"] == rewards and extra["format_ok"] == [0.0, 1.0] * 3
    assert all(isinstance(v, float) for values in extra.values() for v in values)
    # verl's RLHFDataset loads the file with datasets.load_dataset("parquet"): same rows.
    loaded = datasets.load_dataset("parquet", data_files=str(path))["train"]
    assert naive_reward_manager(list(loaded), responses, verigym.verl.compute_score)[0] == rewards
    batch = verigym.verl.compute_score_batch(
        [r["data_source"] for r in rows], responses, [r["reward_model"]["ground_truth"] for r in rows], [r["extra_info"] for r in rows]
    )
    assert [b["score"] for b in batch] == rewards


def test_compute_score_needs_the_record():
    import pytest

    with pytest.raises(KeyError, match="record"):
        verigym.verl.compute_score("verigym/modarith", "<answer>1</answer>", "1", {"index": 0})
    rec = verigym.Dataset("sat", size=1)[0]
    ok = verigym.verl.compute_score("verigym/sat", f"<answer>{rec['answer']}</answer>", rec["answer"], {"record": json.dumps(rec)})
    assert ok == {"score": 1.0, "acc": 1.0, "format_ok": 1.0}
