"""`Record`: a record held in Rust that reads like the record dict and grades without JSON."""

from __future__ import annotations

import gc
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


def test_a_record_outlives_its_dataset_and_judges_as_its_line():
    # A Record holds its problem typed: neither its Dataset nor generating again is needed.
    record = verigym.Dataset("modarith", size=5, seed=8).record(3)
    gc.collect()
    line = record.jsonl().decode()
    right = f"<answer>{record.answer}</answer>"
    for response in (right, "<answer>0</answer>", "no answer"):
        assert verigym.verify(record, response) == verigym.verify(line, response)


def test_records_repeated_apart_and_mixed_with_other_forms():
    ds = verigym.Dataset("sudoku", size=3, seed=4)
    a, b = ds.record(0), ds.record(1)
    records = [a, b, a, ds.jsonl(1).decode(), ds[0], b]
    answers = [a.answer, b.answer, a.answer, b.answer, a.answer, b.answer]
    responses = [f"<answer>{x}</answer>" if k % 2 else "<answer>x</answer>" for k, x in enumerate(answers)]
    assert verigym.verify_many(records, responses) == [verigym.verify(r, s) for r, s in zip(records, responses)]
    assert verigym.verify_columns(records, responses)["id"] == [ds[i]["id"] for i in (0, 1, 0, 1, 0, 1)]


def test_eval_takes_records():
    ds = verigym.Dataset("modarith", size=6, seed=2)
    answers = [f"<answer>{r['answer']}</answer>" if i % 2 else "<answer>0</answer>" for i, r in enumerate(ds)]
    assert verigym.eval(ds.records(), answers) == verigym.eval(list(ds), answers)


def test_batches_larger_than_a_chunk_keep_their_order():
    # verify_many builds one chunk's verdict dicts while the next is judged, and slices and
    # iteration generate a chunk ahead: every chunk must land in its place.
    n = 5000
    ds = verigym.Dataset("modarith", size=n, seed=6)
    every = [json.loads(line) for line in ds.to_jsonl().decode().splitlines()]
    assert ds[:] == every and list(ds) == every and ds[::-3] == every[::-3]
    held = ds.records()
    responses = [f"<answer>{r['answer']}</answer>" if i % 3 else "<answer>1</answer>" for i, r in enumerate(every)]
    expected = [verigym.verify(r, s) for r, s in zip(every, responses)]
    assert verigym.verify_many(held, responses) == expected
    assert ds.verify_many(list(range(n)), responses) == expected
    assert verigym.scores(held, responses) == [v["score"] for v in expected]


def test_an_iterator_left_half_way_is_harmless():
    ds = verigym.Dataset("modarith", size=4000, seed=1)
    it = iter(ds)
    first = next(it)  # the next chunk is now being generated in the background
    del it
    gc.collect()
    assert first == ds[0]


def test_building_leaves_the_garbage_collector_as_it_was():
    # Batches pause Python's cyclic collector while their objects are built, and resume it.
    ds = verigym.Dataset("modarith", size=3000, seed=0)
    held = ds.records()
    responses = ["<answer>0</answer>"] * len(held)
    for was_enabled in (True, False):
        (gc.enable if was_enabled else gc.disable)()
        try:
            list(ds)
            ds[:]
            verigym.verify_many(held, responses)
            ds.verify_many(list(range(len(held))), responses)
            assert gc.isenabled() is was_enabled
        finally:
            gc.enable()
