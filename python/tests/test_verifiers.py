"""verigym.verifiers against the real `verifiers` 0.4 package (`verifiers.v1`): tasks come out of
the `Taskset` iteration path (`idx` set, views), and the reward runs through `Task.score` on a
real `Trace`, as an env does after a rollout. CI runs them in a virtualenv of their own
(python/ci-requirements-verifiers.txt: verifiers pins mcp 2, OpenEnv's client needs mcp 1).
`test_verifiers_live.py` runs live rollouts."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from adapters import need

vf = need("verifiers.v1")

import verigym  # noqa: E402
import verigym.verifiers  # noqa: E402
from verigym.verifiers import VerigymConfig, VerigymTask, VerigymTaskset  # noqa: E402


def score(task: VerigymTask, reply: str):
    trace = vf.Trace(
        task=vf.TraceTask(type=type(task).__name__, data=task.data),
        agent=vf.AgentInfo(config=vf.AgentConfig()),
        root_reply=reply,
    )
    asyncio.run(task.score(trace))
    return trace


def test_tasks_are_the_records():
    tasks = list(VerigymTaskset(VerigymConfig(env="modarith", size=5, seed=3, level=2)))
    ds = verigym.Dataset("modarith", size=5, seed=3, level=2)
    assert [t.data.idx for t in tasks] == list(range(5))
    for task, i in zip(tasks, range(5)):
        record = ds[i]
        assert task.data.record + "\n" == ds.jsonl(i).decode()
        assert task.data.prompt == record["prompt"] and task.data.id == record["id"]
        assert task.key == record["id"]
    assert VerigymTaskset.task_type() is VerigymTask


def test_the_reward_is_the_verdict_score():
    task = next(iter(VerigymTaskset(VerigymConfig(env="countdown", size=1, seed=4))))
    record = json.loads(task.data.record)
    right = score(task, f"<think>...</think><answer>{record['answer']}</answer>")
    assert right.rewards["verigym"].score == 1.0
    assert right.info["verigym"] == {"correct": True, "format_ok": True, "reason": "correct"}
    # The hacks the verifier rejects earn nothing here either.
    for hack in [f"<think><answer>{record['answer']}</answer></think>", "", "<answer></answer>",
                 f"<answer>{record['answer']}</answer><answer>1</answer>"]:
        trace = score(task, hack)
        assert trace.rewards["verigym"].score == 0.0, hack
        assert trace.info["verigym"]["correct"] is False


def test_params_endless_streams_and_views():
    cfg = VerigymConfig(env="modarith", seed=1, params={"steps": 3})
    taskset = VerigymTaskset(cfg)
    assert taskset.INFINITE and not taskset.bounded
    with pytest.raises(ValueError, match="infinite"):
        taskset.shuffle(0)
    first = list(taskset.take(3))
    ds = verigym.Dataset("modarith", seed=1, steps=3)
    assert [t.data.id for t in first] == [ds[i]["id"] for i in range(3)]
    assert json.loads(first[0].data.record)["params"]["steps"] == 3
    assert VerigymTaskset(VerigymConfig(env="modarith", size=4)).bounded
    with pytest.raises(verigym.VerigymError, match="steps"):
        list(VerigymTaskset(VerigymConfig(env="modarith", size=1, params={"steps": 0})))


def test_a_suite_is_a_finite_taskset_in_suite_order():
    suite = verigym.Suite("standard-v8")
    lines = [line for _, _, jsonl in suite.files() for line in jsonl.decode().splitlines()]
    taskset = VerigymTaskset(VerigymConfig(suite="standard-v8"))
    assert taskset.bounded
    tasks = list(taskset.take(len(lines) + 5))
    assert [t.data.record for t in tasks] == lines


def test_verifiers_loads_the_taskset_by_id_through_a_top_level_module(tmp_path, monkeypatch):
    # `vf eval ID` and env configs import a taskset by a top-level module name.
    (tmp_path / "my_verigym_tasks.py").write_text(
        "from verigym.verifiers import *\nfrom verigym.verifiers import __all__\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    env_config = vf.resolve_env_config({"taskset": {"id": "my_verigym_tasks", "env": "sudoku", "size": 2}})
    assert isinstance(env_config.taskset, VerigymConfig)
    taskset = vf.load_taskset(env_config.taskset)
    assert [t.data.id for t in taskset] == [r["id"] for r in verigym.Dataset("sudoku", size=2)]


def test_the_documented_id_resolves_through_verifiers():
    # verifiers 0.4 (v1/utils/loaders.py, _import_plugin): `verigym-verifiers` imports the
    # top-level `verigym_verifiers`; a dotted id names no top-level module and cannot work.
    env_config = vf.resolve_env_config(
        {"taskset": {"id": "verigym-verifiers", "env": "sudoku", "size": 2, "params": {"size": 4, "givens": 8}}}
    )
    assert isinstance(env_config.taskset, VerigymConfig)
    taskset = vf.load_taskset(env_config.taskset)
    assert [t.data.id for t in taskset] == [r["id"] for r in verigym.Dataset("sudoku", 2, params={"size": 4, "givens": 8})]
    with pytest.raises(ModuleNotFoundError, match="verifiers.v1.tasksets.verigym"):
        vf.resolve_env_config({"taskset": {"id": "verigym.verifiers"}})


def test_vf_eval_takes_the_docstring_command(tmp_path):
    # The docstring's command, through the real `vf-eval` entry point up to the rollouts
    # (--dry-run: resolved, validated and written; a rollout needs the harness's sandbox).
    vf_eval = shutil.which("vf-eval", path=str(Path(sys.executable).parent)) or shutil.which("vf-eval")
    assert vf_eval, "verifiers installs the vf-eval script"
    doc = verigym.verifiers.__doc__
    assert "vf-eval verigym-verifiers --env.taskset.env modarith --env.taskset.size 100" in doc
    done = subprocess.run(
        [vf_eval, "verigym-verifiers", "--env.taskset.env", "modarith", "--env.taskset.size", "100",
         "--env.agent.harness.id", "null", "--model", "mock", "--client.base-url", "http://127.0.0.1:9/v1",
         "--dry-run", "--output-dir", str(tmp_path)],
        capture_output=True, text=True, env={**os.environ, "NO_COLOR": "1"}, timeout=300,
    )
    assert done.returncode == 0, done.stderr
    (written,) = tmp_path.glob("*/configs/resolved/eval.json")
    config = json.loads(written.read_text())
    assert config["env"]["taskset"]["id"] == "verigym-verifiers"
    assert (config["env"]["taskset"]["env"], config["env"]["taskset"]["size"]) == ("modarith", 100)
    assert config["env"]["agent"]["harness"]["id"] == "null"
