"""verigym.CurriculumDataset: a curriculum as a map-style dataset, drawn when read, so that
whatever order a sampler reads it in (and however far ahead), what it serves follows the
rewards; and refused, by name, where it would be copied away from them."""

from __future__ import annotations

import multiprocessing
import pickle
import random
import sys
import types

import pytest

import verigym
from adapters import need

CONFIG = {"seed": 5, "envs": [{"id": "modarith"}, {"id": "countdown"}]}


def test_items_are_drawn_when_read_and_kept_until_their_rewards():
    cur = verigym.Curriculum(CONFIG)
    twin = verigym.Curriculum(CONFIG)
    ds = verigym.CurriculumDataset(cur, size=100)
    assert len(ds) == 100 and cur.outstanding == 0
    # Shuffled indices, repeats included: each distinct one is the next problem drawn, and its
    # repeats are that problem.
    order = [42, 42, 7, 99, 7, 0, 42]
    got = ds.__getitems__(order)
    expected = twin.next(4)
    first = {i: k for k, i in reversed(list(enumerate(dict.fromkeys(order))))}
    assert [g["id"] for g in got] == [expected[first[i]]["id"] for i in order]
    assert got[0] == expected[0]  # the record dict, as `next` gives it
    assert ds.draws == 4 and cur.outstanding == 4
    assert ds[-58]["id"] == got[0]["id"]  # negative indices count from the end
    cur.record(got[0]["id"], [1.0, 0.0])
    twin.record(got[0]["id"], [1.0, 0.0])
    assert got[0]["id"] not in cur
    fresh = ds[42]
    assert fresh["id"] == twin.next(1)[0]["id"]
    assert ds[7]["id"] == got[2]["id"]  # still awaiting its rewards


def test_a_forgotten_or_expired_problem_is_drawn_again():
    cur = verigym.Curriculum({**CONFIG, "max_outstanding": 2})
    ds = verigym.CurriculumDataset(cur, size=10)
    a, b = ds[0]["id"], ds[1]["id"]
    c = ds[2]["id"]  # the curriculum drops the oldest, item 0's problem
    assert a not in cur and b in cur and c in cur
    assert ds[0]["id"] not in (a, b, c)
    cur.record(ds[1]["id"], [])  # no feedback: forgotten
    assert ds[1]["id"] != b


def test_the_cache_bound_drops_the_least_recently_read():
    cur = verigym.Curriculum(CONFIG)
    ds = verigym.CurriculumDataset(cur, size=10, cache=2)
    a = ds[0]["id"]
    ds[1], ds[0], ds[2]  # item 1 is the least recently read
    assert ds[0]["id"] == a
    assert ds.draws == 3
    ds[1]
    assert ds.draws == 4


def test_a_row_function_shapes_the_items():
    cur = verigym.Curriculum(CONFIG)
    ds = verigym.CurriculumDataset(cur, size=3, row=lambda r: (r.id, r.line))
    pid, line = ds[1]
    assert isinstance(line, str) and pid in line and ds[1] == (pid, line)


def test_bad_arguments_are_named():
    cur = verigym.Curriculum(CONFIG)
    with pytest.raises(verigym.VerigymError, match="size=0"):
        verigym.CurriculumDataset(cur, size=0)
    with pytest.raises(verigym.VerigymError, match="cache=-1"):
        verigym.CurriculumDataset(cur, size=3, cache=-1)
    with pytest.raises(TypeError, match="Curriculum"):
        verigym.CurriculumDataset(CONFIG, size=3)
    ds = verigym.CurriculumDataset(cur, size=3)
    with pytest.raises(IndexError, match="size 3"):
        ds[3]
    with pytest.raises(TypeError, match="integers"):
        ds["0"]


def test_it_is_never_copied_away_from_its_rewards():
    cur = verigym.Curriculum(CONFIG)
    ds = verigym.CurriculumDataset(cur, size=3)
    # Pickling is how spawned DataLoader workers and Ray get a dataset.
    with pytest.raises(verigym.VerigymError, match="num_workers=0"):
        pickle.dumps(ds)
    # A forked worker inherits it without pickling: reading there is refused.
    ctx = multiprocessing.get_context("fork")
    queue = ctx.Queue()

    def child():
        try:
            ds[0]
            queue.put("read")
        except verigym.VerigymError as e:
            queue.put(str(e))

    proc = ctx.Process(target=child)
    proc.start()
    message = queue.get(timeout=60)
    proc.join()
    assert "num_workers=0" in message and "process" in message
    assert cur.outstanding == 0
    # VerigymError itself crosses processes (torch re-raises a worker's error by its type).
    err = pickle.loads(pickle.dumps(verigym.VerigymError("x")))
    assert type(err) is verigym.VerigymError


def test_a_multi_process_torch_run_is_refused(monkeypatch):
    # What torch.distributed reports under a 2-GPU `accelerate launch`.
    fake = types.SimpleNamespace(is_available=lambda: True, is_initialized=lambda: True, get_world_size=lambda: 2)
    monkeypatch.setitem(sys.modules, "torch.distributed", fake)
    ds = verigym.CurriculumDataset(verigym.Curriculum(CONFIG), size=3)
    with pytest.raises(verigym.VerigymError, match="2 processes"):
        ds[0]


def test_a_torch_dataloader_reads_it_as_the_rewards_steer():
    torch = need("torch")
    levels = {}
    for solved in (1.0, 0.0):
        cur = verigym.Curriculum({"seed": 1, "envs": [{"id": "modarith"}]})
        ds = verigym.CurriculumDataset(cur, size=64)
        loader = torch.utils.data.DataLoader(ds, batch_size=8, shuffle=True, collate_fn=list)
        served = []
        for step, batch in zip(range(4), loader):
            served.append([r["meta"]["level"] for r in batch])
            for r in batch:
                cur.record(r["id"], [solved] * 4)
        levels[solved] = served
    assert levels[1.0][0] == levels[0.0][0]
    assert min(levels[1.0][3]) > max(levels[0.0][3])
    with pytest.raises(verigym.VerigymError, match="num_workers=0"):
        next(iter(torch.utils.data.DataLoader(ds, batch_size=2, num_workers=1, collate_fn=list)))
