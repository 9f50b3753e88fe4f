"""verigym.ray on a local Ray (ray.init(num_cpus=2)): generation from index ranges equals the
single-process bytes in order, and grading through map_batches (tasks and an actor pool)."""

from __future__ import annotations

import pytest

import verigym
from adapters import need


@pytest.fixture(scope="module")
def ray():
    ray = need("ray")
    need("ray.data")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ray
    ray.shutdown()


def test_dataset_equals_single_process_output(ray):
    import verigym.ray

    ds = verigym.ray.dataset("modarith", n=10_000, seed=3, level=4, blocks=7, style="words")
    rows = ds.take_all()
    expected = verigym.Dataset("modarith", size=10_000, seed=3, level=4, style="words").to_jsonl()
    assert "".join(r["record"] + "\n" for r in rows).encode() == expected
    assert [r["index"] for r in rows] == list(range(10_000))


@pytest.mark.parametrize("concurrency", [None, 1])
def test_verify_through_map_batches(ray, concurrency):
    import verigym.ray

    ds = verigym.ray.dataset("countdown", n=3000, seed=1, blocks=3)

    def respond(batch):
        batch["response"] = [f"<answer>{a}</answer>" if i % 3 else "<answer>0</answer>" for i, a in zip(batch["index"], batch["answer"])]
        return batch

    graded = verigym.ray.verify(ds.map_batches(respond, batch_format="numpy"), concurrency=concurrency).take_all()
    assert [r["index"] for r in graded] == list(range(3000))
    expected = verigym.verify_columns([r["record"] for r in graded], [r["response"] for r in graded])
    assert [r["score"] for r in graded] == expected["score"]
    assert [r["reason"] for r in graded] == expected["reason"]
    assert sum(r["correct"] for r in graded) == 2000
