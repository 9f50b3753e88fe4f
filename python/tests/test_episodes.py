"""Episodes from Python: the library's state machine, byte-equal to the CLI's transcripts, and
the TRL `environment_factory` environment built on it."""

from __future__ import annotations

import inspect
import json
import math

import pytest

import verigym
from verigym.episodes import Episode, VerigymEnv, episode_records, interactive_envs, rejudge


def test_the_interactive_envs_are_the_libraries():
    assert interactive_envs() == [
        "guess_number",
        "counterfeit_coin",
        "hidden_polynomial",
        "hidden_parity",
        "find_max",
        "twenty_questions",
    ]


@pytest.mark.parametrize("env", interactive_envs())
def test_an_episode_replays_the_clis_transcript_exactly(cli, env):
    logged = json.loads(cli("episode", "run", "--env", env, "--level", "6", "--seed", "4", "-n", "1"))
    record = episode_records(env, 1, seed=4, level=6.0)[0]
    assert json.loads(record) == logged["record"]
    episode = Episode(record)
    assert episode.prompt == logged["record"]["prompt"]
    for turn in logged["turns"]:
        step = episode.step(turn["action"])
        assert step["observation"] == turn["observation"]
        assert step["reward"] == turn["reward"] and step["done"] == turn["done"]
    assert episode.done and episode.reward == 1.0
    assert episode.transcript() == logged
    assert rejudge(episode.transcript())["consistent"]
    with pytest.raises(verigym.VerigymError, match="over"):
        episode.step("<answer>1</answer>")


def test_a_forged_record_is_rejudged_to_zero():
    record = json.loads(episode_records("guess_number", 1, seed=1)[0])
    episode = Episode(record)
    episode.step(f"<answer>{record['answer']}</answer>")
    transcript = episode.transcript()
    assert rejudge(transcript)["reward"] == 1.0
    secret = transcript["record"]["data"]["secret"]
    transcript["record"]["data"]["secret"] = secret % record["data"]["max"] + 1
    judged = rejudge(transcript)
    assert judged["reward"] == 0.0 and not judged["consistent"]


def test_a_feedback_episode_pays_as_its_mode_says():
    record = verigym.Dataset("modarith", size=1, seed=3).jsonl(0)
    answer = json.loads(record)["answer"]
    episode = Episode(record, feedback={"max_turns": 3, "reward": {"mode": "discounted", "gamma": 0.5}})
    first = episode.step("<answer>not a number</answer>")
    assert not first["done"] and first["reward"] == 0.0
    assert answer not in first["observation"]
    last = episode.step(f"<answer>{answer}</answer>")
    assert last["done"] and last["reward"] == 0.5
    with pytest.raises(verigym.VerigymError, match="max_turns"):
        Episode(record, feedback={"max_turns": 0})
    with pytest.raises(verigym.VerigymError, match="interactive"):
        Episode(episode_records("guess_number", 1)[0], feedback={"max_turns": 2})


def test_the_trl_environment_exposes_typed_documented_tools_and_owns_the_reward():
    datasets = pytest.importorskip("datasets")
    from verigym.episodes import episode_dataset

    ds = episode_dataset("counterfeit_coin", 3, level=2.0, seed=5)
    assert isinstance(ds, datasets.Dataset) and len(ds) == 3
    tools = [
        name
        for name, _ in inspect.getmembers(VerigymEnv, predicate=inspect.isfunction)
        if name not in ("reset", "get_reward") and not name.startswith("_")
    ]
    assert tools == ["answer", "query"]
    for name in tools:
        method = getattr(VerigymEnv, name)
        assert "Args:" in method.__doc__
        assert all(p.annotation == "str" for p in list(inspect.signature(method).parameters.values())[1:])
    for row in ds:
        env = VerigymEnv()
        assert env.reset(**row) is None
        record = json.loads(row["record"])
        assert env.get_reward() == 0.0
        assert env.query("1 vs 2").startswith("The ")
        env.answer(str(record["data"]["heavy"]))
        assert env.get_reward() == 1.0
        assert env.answer("1") == "The episode is over."
        env.reset(**row)
        env.answer("0")
        assert env.get_reward() == 0.0


def budget(level: float) -> int:
    """The schedule [4, 1]'s turns at ``level``, with the library's arithmetic and its rounding
    (half away from zero, where Python's ``round`` goes to even)."""
    return math.floor(4 + (1 - 4) * (level / 10) + 0.5)


SCHEDULED = {
    "seed": 3,
    "target": 0.5,
    "envs": [
        {"id": "modarith", "episode": {"feedback": {"max_turns": [4, 1]}}},
        {"id": "linear_mod"},
    ],
}


def test_curriculum_rows_carry_the_budget_their_level_gives():
    pytest.importorskip("datasets")
    from verigym.episodes import curriculum_episode_dataset

    cur = verigym.Curriculum(SCHEDULED)
    ds = curriculum_episode_dataset(cur, 16)
    for row in ds:
        options = json.loads(row["feedback"])
        assert options == cur.episode_options(row["id"]) or row["env"] == "linear_mod"
        if row["env"] == "modarith":
            level = json.loads(row["record"])["meta"]["level"]
            assert options["max_turns"] == budget(level), row
        else:
            # No schedule: one answer, as the single-turn env it is.
            assert options == {"max_turns": 1}, row
            assert cur.episode_options(row["id"]) is None
        assert row["prompt"][0]["content"].startswith(json.loads(row["record"])["prompt"])
    assert cur.episode_options("no such id") is None


def test_curriculum_feedback_records_each_groups_episode_rewards():
    pytest.importorskip("datasets")
    from verigym.episodes import curriculum_episode_dataset, curriculum_feedback

    cur = verigym.Curriculum(SCHEDULED)
    ds = curriculum_episode_dataset(cur, 2)
    rows = [ds[0], ds[1]]
    envs, ids = [], []
    for row in rows:
        for right in (True, False):
            env = VerigymEnv()
            env.reset(**row)
            answer = json.loads(row["record"])["answer"] if right else "-1"
            # The wrong one never finishes (a budget above one leaves it open) or fails: 0 either way.
            env.answer(str(answer))
            envs.append(env)
            ids.append(row["id"])
    feedback = curriculum_feedback(cur)
    assert feedback(completions=[None] * 4, environments=envs, id=ids) == [None] * 4
    assert all(row["id"] not in cur for row in rows)
    assert cur.telemetry()["samples"] == 4
    # Recorded once: a second call names the id the curriculum no longer awaits.
    with pytest.raises(verigym.VerigymError, match=rows[0]["id"]):
        feedback(completions=[None] * 4, environments=envs, id=ids)
    with pytest.raises(TypeError, match="environments"):
        feedback(completions=[None], id=ids[:1])
    with pytest.raises(KeyError, match="`id`"):
        feedback(completions=[None], environments=envs[:1])
