"""verigym.hf: streaming an endless env with datasets.IterableDataset.from_generator, and a
suite as a DatasetDict of push_to_hub-ready splits."""

from __future__ import annotations

import json
import re

import verigym
import verigym.hf
from adapters import need


def test_stream_is_the_endless_dataset():
    need("datasets")
    stream = verigym.hf.stream("knights_knaves", seed=4, level=1)
    rows = list(stream.take(1030))  # crosses a generation chunk
    source = verigym.Dataset("knights_knaves", seed=4, level=1)
    assert [r["index"] for r in rows] == list(range(1030))
    for i in (0, 1023, 1024, 1029):
        assert rows[i]["record"].encode() + b"\n" == source.jsonl(i)
        assert rows[i]["prompt"] == source[i]["prompt"] and rows[i]["id"] == source[i]["id"]


def test_fixed_range_dataset():
    need("datasets")
    ds = verigym.hf.dataset("sudoku", size=5, seed=1)
    assert ds["record"] == [line for line in verigym.Dataset("sudoku", size=5, seed=1).to_jsonl().decode().splitlines()]


def test_suite_splits(tmp_path):
    datasets = need("datasets")
    suite = verigym.Suite("standard-v8")
    manifest = suite.build(tmp_path)
    dd = verigym.hf.suite("standard-v8")
    assert isinstance(dd, datasets.DatasetDict)
    assert len(dd) == len(manifest["files"])
    for split, f in zip(dd, manifest["files"]):
        assert re.fullmatch(r"\w+(\.\w+)*", split), split  # what datasets accepts as a split name
        assert dd[split].num_rows == f["count"]
        lines = (tmp_path / f["path"]).read_text().splitlines()
        assert dd[split]["record"] == lines
        assert dd[split]["id"] == [json.loads(l)["id"] for l in lines]
