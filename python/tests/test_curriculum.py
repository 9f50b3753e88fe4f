"""The in-process curriculum makes the CLI's choices and takes feedback the CLI cannot."""

from __future__ import annotations

import json
import math
import subprocess

import pytest

import verigym

CONFIG = {
    "seed": 42,
    "batch": 6,
    "target": 0.5,
    "envs": [
        {"id": "modarith", "weight": 2, "params": {"style": "words"}},
        {"id": "countdown", "weight": 1},
    ],
    "controller": {"kind": "target", "memory": 150.0},
}
CONFIG_TOML = """seed = 42
batch = 6
target = 0.5
[[envs]]
id = "modarith"
weight = 2
params = { style = "words" }
[[envs]]
id = "countdown"
weight = 1
[controller]
kind = "target"
memory = 150.0
"""


def rewards_for(record):
    """A deterministic learner: solves easy problems more often."""
    d = record["meta"]["difficulty"]
    return [1.0 if (record["index"] + k) % (d + 2) < 3 else 0.0 for k in range(4)]


def test_choices_equal_the_cli(cli_path, tmp_path):
    config = tmp_path / "c.toml"
    config.write_text(CONFIG_TOML)
    rounds = 5
    proc = subprocess.Popen(
        [str(cli_path), "curriculum", "--config", str(config), "--rounds", str(rounds)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    def next_record():
        # The CLI acknowledges each saved round with an {"ack": ...} line between batches.
        while True:
            line = json.loads(proc.stdout.readline())
            if "ack" not in line:
                return line

    from_cli = []
    for _ in range(rounds):
        batch = [next_record() for _ in range(CONFIG["batch"])]
        from_cli.append(batch)
        for record in batch:
            proc.stdin.write(json.dumps({"id": record["id"], "rewards": rewards_for(record)}) + "\n")
        proc.stdin.flush()
    proc.stdin.close()
    assert proc.wait(timeout=60) == 0, proc.stderr.read()
    for source in (CONFIG, str(config)):
        cur = verigym.Curriculum(source)
        for batch in from_cli:
            ours = cur.next(CONFIG["batch"])
            assert ours == batch
            for record in ours:
                cur.record(record["id"], rewards_for(record))
    levels = {r["meta"]["level"] for b in from_cli for r in b}
    assert len(levels) > 1, "the controller moved"


def test_late_out_of_order_missing_feedback_and_changing_batch_sizes():
    cur = verigym.Curriculum(CONFIG)
    issued = []
    for n in (8, 3, 17, 1):
        issued += cur.next(n)
    assert cur.outstanding == 29 and len({r["id"] for r in issued}) == 29
    for record in reversed(issued[5:]):  # late, newest first; the first five never come back
        cur.record(record["id"], rewards_for(record))
    assert cur.outstanding == 5
    cur.record(issued[0]["id"], [])  # "no feedback": forgotten
    assert cur.outstanding == 4
    t = cur.telemetry()
    assert t["samples"] == 24 * 4 and [e["env"] for e in t["envs"]] == ["modarith", "countdown"]
    assert sum(e["outstanding"] for e in t["envs"]) == 4


def test_rewards_may_be_bool_int_or_float():
    a, b, c = (verigym.Curriculum(CONFIG) for _ in range(3))
    for _ in range(3):
        ra, rb, rc = a.next(4), b.next(4), c.next(4)
        assert ra == rb == rc
        for x, y, z in zip(ra, rb, rc):
            flags = [bool(v) for v in rewards_for(x)]
            a.record(x["id"], flags)
            b.record(y["id"], [int(f) for f in flags])
            c.record(z["id"], tuple(float(f) for f in flags))
    assert a.state() == b.state() == c.state()
    assert a.next(5) == b.next(5) == c.next(5)


@pytest.mark.parametrize(
    "rewards, error, pattern",
    [
        ([1.0, math.nan], verigym.VerigymError, r"invalid reward NaN at position 1 for problem `{id}`"),
        ([0.0, 1.5], verigym.VerigymError, r"invalid reward 1.5 at position 1 for problem `{id}`"),
        ([-1], verigym.VerigymError, r"invalid reward -1 at position 0 for problem `{id}`"),
        ([1.0, "1"], TypeError, r"invalid reward '1' at position 1 for problem `{id}`"),
        ([None], TypeError, r"invalid reward None at position 0 for problem `{id}`"),
        ("1", TypeError, r"problem `{id}`.*'1'"),
        (1.0, TypeError, r"problem `{id}`.*1.0"),
    ],
)
def test_bad_feedback_raises_and_changes_nothing(rewards, error, pattern):
    cur = verigym.Curriculum(CONFIG)
    record = cur.next(3)[1]
    before = cur.state()
    with pytest.raises(error, match=pattern.replace("{id}", record["id"])):
        cur.record(record["id"], rewards)
    assert cur.state() == before
    cur.record(record["id"], [1, 0])  # still outstanding, still accepted


def test_unknown_and_repeated_ids_raise():
    cur = verigym.Curriculum(CONFIG)
    record = cur.next(1)[0]
    with pytest.raises(verigym.VerigymError, match="unknown problem id `nope`"):
        cur.record("nope", [1.0])
    cur.record(record["id"], [1.0])
    before = cur.state()
    with pytest.raises(verigym.VerigymError, match=f"unknown problem id `{record['id']}`"):
        cur.record(record["id"], [1.0])
    assert cur.state() == before


def test_state_restores_exactly_through_json():
    cur = verigym.Curriculum(CONFIG)
    pending = []
    for _ in range(4):
        batch = cur.next(5)
        cur.record(batch[0]["id"], rewards_for(batch[0]))
        pending += batch[1:]
    saved = json.loads(json.dumps(cur.state()))
    twin = verigym.Curriculum.restore(saved)
    assert twin.outstanding == cur.outstanding == len(pending)
    for record in pending:  # feedback issued before the checkpoint lands after it
        cur.record(record["id"], rewards_for(record))
        twin.record(record["id"], rewards_for(record))
    assert twin.next(7) == cur.next(7)
    assert twin.state() == cur.state() and twin.telemetry() == cur.telemetry()


def test_invalid_configs_raise():
    with pytest.raises(verigym.VerigymError, match="nope"):
        verigym.Curriculum({"envs": [{"id": "nope"}]})
    with pytest.raises(verigym.VerigymError, match="target"):
        verigym.Curriculum({"envs": [{"id": "modarith"}], "target": 1.5})
    with pytest.raises(verigym.VerigymError, match="unknown field"):
        verigym.Curriculum({"envs": [{"id": "modarith"}], "bogus": 1})
    with pytest.raises(verigym.VerigymError):
        verigym.Curriculum.restore({"format": 999})
