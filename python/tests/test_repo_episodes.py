"""Agentic ``repo_fix`` episodes from Python: ``Episode(record, agentic=...)`` paid the hidden
suite's verdict on the submitted crate, and the TRL adapter ``VerigymRepoEnv`` whose typed,
documented methods are the repo tools."""

from __future__ import annotations

import inspect
import json

import pytest

import verigym
from verigym.episodes import Episode, VerigymRepoEnv, episode_records


def record(seed=0):
    return episode_records("repo_fix", 1, seed=seed, level=0.0)[0]


def test_the_reference_fix_is_paid_and_the_unchanged_crate_is_not():
    r = record()
    fix = json.loads(r)["answer"]
    episode = Episode(r, agentic={"max_turns": 5})
    assert episode.budget == 5 and "run_tests" in episode.prompt
    assert episode.step(f"<query>replace_function\n{fix}\n</query>")["observation"].startswith("Replaced")
    last = episode.step("<answer>submit</answer>")
    assert last["done"] and last["reward"] == 1.0 and episode.reward == 1.0
    lazy = Episode(r, agentic={"max_turns": 5})
    assert lazy.step("<answer>submit</answer>")["reward"] == 0.0
    with pytest.raises(verigym.VerigymError, match="over"):
        lazy.step("<answer>submit</answer>")


def test_agentic_options_are_checked_and_named():
    with pytest.raises(verigym.VerigymError, match="agentic.max_turns"):
        Episode(record(), agentic={"max_turns": 0})
    with pytest.raises(verigym.VerigymError, match="agentic"):
        Episode(record(), agentic={"turns": 3})
    with pytest.raises(verigym.VerigymError, match="repo_fix"):
        Episode(verigym.Dataset("modarith", size=1).jsonl(0), agentic={"max_turns": 3})
    with pytest.raises(verigym.VerigymError, match="feedback"):
        Episode(record(), feedback={"max_turns": 2}, agentic={"max_turns": 3})


def test_the_repo_adapters_tools_drive_an_episode_to_its_reward():
    pytest.importorskip("datasets")
    from verigym.episodes import episode_dataset

    tools = [
        name
        for name, _ in inspect.getmembers(VerigymRepoEnv, predicate=inspect.isfunction)
        if name not in ("reset", "get_reward") and not name.startswith("_")
    ]
    assert tools == ["list_files", "read_file", "replace_function", "run_tests", "submit"]
    for name in tools:
        method = getattr(VerigymRepoEnv, name)
        assert "Returns:" in method.__doc__
        params = list(inspect.signature(method).parameters.values())[1:]
        assert all(p.annotation == "str" for p in params)
        assert all(f"{p.name}:" in method.__doc__ for p in params)
    with pytest.raises(ValueError, match="agentic"):
        episode_dataset("modarith", 1, agentic={"max_turns": 3})
    row = episode_dataset("repo_fix", 1, level=0.0, agentic={"max_turns": 6})[0]
    assert json.loads(row["agentic"]) == {"max_turns": 6}
    assert "replace_function" in row["prompt"][0]["content"]
    fix = json.loads(row["record"])["answer"]
    code = fix.strip().removeprefix("```rust").removesuffix("```")

    env = VerigymRepoEnv()
    assert env.reset(**row) is None
    assert "tests/weak.rs" in env.list_files()
    assert "fn " in env.read_file("src/lib.rs")
    assert env.read_file("tests/strong.rs").startswith("Refused")
    assert env.replace_function(code).startswith("Replaced")
    assert env.get_reward() == 0.0
    env.submit()
    assert env.get_reward() == 1.0
    assert env.submit() == "The episode is over."

    env.reset(**row)
    env.submit()
    assert env.get_reward() == 0.0
