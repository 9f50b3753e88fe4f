"""verigym.verl: the Parquet layout verl's RLHFDataset reads, scored the way its reward managers
call compute_score (verl/workers/reward_manager/naive.py: ground_truth from
non_tensor_batch["reward_model"]["ground_truth"], data_source from the "data_source" column,
extra_info from the "extra_info" column, to which newer verl adds "num_turns"; a dict result's
"score" is the reward and every key is averaged into metrics)."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

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


def verl_load_extern_object():
    """verl's own loader (verl 0.9.1, verl/utils/import_utils.py), which reads
    `reward.custom_reward_function.path`. `import verl` pulls torch, ray and tensordict, so the
    file is loaded alone: it needs only the standard library."""
    spec = importlib.util.find_spec("verl")
    if spec is None or not spec.submodule_search_locations:
        need("verl")  # skipped here, a failure in CI
    path = Path(spec.submodule_search_locations[0]) / "utils" / "import_utils.py"
    loader = importlib.util.spec_from_file_location("verl_import_utils", path)
    module = importlib.util.module_from_spec(loader)
    loader.loader.exec_module(module)
    return module.load_extern_object


def verl_paths():
    """The two ways verl's config names this module, as the docstring gives them."""
    file = subprocess.run(
        [sys.executable, "-c", "import verigym.verl as m; print(m.__file__)"], capture_output=True, text=True, check=True
    ).stdout.strip()
    return ["pkg://verigym.verl", file, "file://" + file]


@pytest.mark.parametrize("which", [0, 1, 2])
@pytest.mark.parametrize("name", ["compute_score", "compute_score_batch"])
def test_verl_loads_the_reward_function_both_ways(which, name):
    load_extern_object = verl_load_extern_object()
    path = verl_paths()[which]
    fn = load_extern_object(module_path=path, object_name=name)
    assert fn.__name__ == name
    rec = verigym.Dataset("sat", size=1)[0]
    extra_info = {"record": json.dumps(rec), "index": 0}
    if name == "compute_score":
        # The call every reward manager makes (naive, dapo, gdpo: keyword arguments).
        got = fn(data_source="verigym/sat", solution_str=f"<answer>{rec['answer']}</answer>",
                 ground_truth=rec["answer"], extra_info=extra_info)
        assert got == {"score": 1.0, "acc": 1.0, "format_ok": 1.0}
    else:
        got = fn(["verigym/sat"] * 2, [f"<answer>{rec['answer']}</answer>", "no"], [rec["answer"]] * 2, [extra_info] * 2)
        assert [g["score"] for g in got] == [1.0, 0.0]


def test_the_docstring_gives_verl_0_9_keys():
    doc = verigym.verl.__doc__
    assert "reward.custom_reward_function.path=pkg://verigym.verl" in doc
    assert "reward.custom_reward_function.name=compute_score" in doc
    # verl 0.9.1's reward config (verl/trainer/config/reward/reward.yaml) holds the key.
    spec = importlib.util.find_spec("verl")
    if spec is None:
        need("verl")
    reward_yaml = (Path(spec.submodule_search_locations[0]) / "trainer" / "config" / "reward" / "reward.yaml").read_text()
    assert "custom_reward_function:" in reward_yaml and "  path: null" in reward_yaml
