"""`Record`: a record held in Rust that reads like the record dict and grades without JSON."""

from __future__ import annotations

import json
import pickle
from collections.abc import Mapping

import pytest

import verigym
from test_core import ENVS


@pytest.mark.parametrize("env", [e for e in ENVS if e != "repo_fix"])
def test_a_record_reads_like_the_cli_line(cli, env):
    lines = cli("generate", "--env", env, "--seed", "5", "--difficulty", "2", "-n", "6").decode().splitlines(keepends=True)
    ds = verigym.Dataset(env, size=6, seed=5, level=2)
    for record, line in zip(ds.records(), lines):
        expected = json.loads(line)
        assert isinstance(record, Mapping)
        assert record == expected and expected == record and not (record != expected)
        assert record.to_dict() == expected and type(record.to_dict()) is dict
        assert list(record) == list(expected) == list(record.keys()), "key order"
        assert len(record) == len(expected)
        assert record.values() == list(expected.values())
        assert record.items() == list(expected.items())
        for key, value in expected.items():
            assert key in record and record[key] == value and record.get(key) == value
        assert record.jsonl() == line.encode()
        assert (record.id, record.index, record.prompt, record.answer) == (
            expected["id"], expected["index"], expected["prompt"], expected["answer"])
    assert ds.record(-1) == json.loads(lines[-1])


def test_a_record_is_read_only_and_strict_about_keys():
    record = verigym.Dataset("modarith", size=2).record(0)
    with pytest.raises(KeyError):
        record["nope"]
    with pytest.raises(KeyError):
        record[0]
    assert "nope" not in record and 0 not in record
    assert record.get("nope") is None and record.get("nope", 7) == 7
    with pytest.raises(TypeError):
        record["answer"] = "0"  # no way to change what the verifier will judge against
    with pytest.raises(AttributeError):
        record.answer = "0"
    # Each read builds a fresh object: mutating it cannot reach the record.
    record["data"]["steps"].clear()
    assert record["data"]["steps"]
    assert record != verigym.Dataset("modarith", size=2).record(1)
    assert record != "a string" and (record == 3) is False


def test_a_record_pickles_as_its_dict():
    record = verigym.Dataset("sudoku", size=1, seed=3).record(0)
    copy = pickle.loads(pickle.dumps(record))
    assert type(copy) is dict and copy == record
    assert verigym.verify(copy, "x") == verigym.verify(record, "x")


def test_records_feed_hugging_face_datasets():
    datasets = pytest.importorskip("datasets")
    ds = verigym.Dataset("modarith", size=5, seed=1)
    from_records = datasets.Dataset.from_list(ds.records())
    assert from_records.to_list() == datasets.Dataset.from_list(list(ds)).to_list()


def test_index_handles_are_checked():
    ds = verigym.Dataset("modarith", size=3)
    with pytest.raises(IndexError, match="index 3"):
        ds.scores([3], ["x"])
    with pytest.raises(IndexError):
        ds.scores([-4], ["x"])
    with pytest.raises(ValueError, match="differ in length"):
        ds.scores([0, 1], ["x"])
    with pytest.raises(TypeError, match="responses\\[1\\]"):
        ds.scores([0, 1], ["x", 3])
    endless = verigym.Dataset("modarith")
    with pytest.raises(IndexError, match="endless"):
        endless.scores([-1], ["x"])
    right = f"<answer>{endless[10**6]['answer']}</answer>"
    assert endless.scores([10**6, 10**6], [right, "<answer>x</answer>"]) == [1.0, 0.0]


def test_a_group_of_one_record_object_is_loaded_once_and_judged_per_response():
    ds = verigym.Dataset("countdown", size=4, seed=9)
    records = [r for r in ds.records() for _ in range(4)]
    responses = [f"<answer>{r.answer}</answer>" if k % 2 else "<answer>1</answer>" for k, r in enumerate(records)]
    assert verigym.scores(records, responses) == [float(k % 2) for k in range(len(records))]
    assert verigym.verify_group(records[0], responses[:4]) == verigym.verify_many(records[:4], responses[:4])
