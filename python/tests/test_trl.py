"""verigym.trl against GRPOTrainer's reward contract (trl 1.16, trainer/grpo_trainer.py,
`_calculate_rewards`): every dataset column but prompt/completion/completion_ids is passed as a
keyword list, plus trainer_state, log_extra and log_metric; completions are strings or lists of
messages; the function returns one float per completion. torch is not installed here, so the
trainer itself is not run; this replays its call exactly."""

from __future__ import annotations

import json

import pytest

import verigym
import verigym.trl
from adapters import need

G = 4  # num_generations: TRL's RepeatSampler repeats each prompt G times in a row


def trl_call(reward, rows, completions, conversational=True):
    """What GRPOTrainer._calculate_rewards does for a plain (non-module) reward function."""
    inputs = [row for row in rows for _ in range(G)]
    prompts = [x["prompt"] for x in inputs]
    if conversational:
        completions = [[{"role": "assistant", "content": c}] for c in completions]
    keys = [key for key in inputs[0] if key not in ["prompt", "completion", "completion_ids"]]
    reward_kwargs = {key: [example[key] for example in inputs] for key in keys}
    metrics = {}
    reward_kwargs["trainer_state"] = None
    reward_kwargs["log_extra"] = lambda column, values: None
    reward_kwargs["log_metric"] = lambda name, value: metrics.setdefault(name, []).append(value)
    out = reward(prompts=prompts, completions=completions, completion_ids=[[1, 2]] * len(prompts), **reward_kwargs)
    assert len(out) == len(prompts) and all(isinstance(x, float) for x in out)
    # TRL names a reward in its logs by getattr(func, "__name__", type(func).__name__).
    assert getattr(reward, "__name__", type(reward).__name__) == "verigym"
    return out, metrics


def answers(rows):
    """Per prompt: right, wrong, no answer, right inside think only."""
    out = []
    for row in rows:
        answer = json.loads(row["record"])["answer"]
        out += [f"<answer>{answer}</answer>", "<answer>-1</answer>", "I give up", f"<think><answer>{answer}</answer></think>"]
    return out


def test_dataset_is_trl_conversational():
    need("datasets")
    train = verigym.trl.dataset("modarith", size=8, seed=1, level=2, system_prompt="Be exact.")
    source = verigym.Dataset("modarith", size=8, seed=1, level=2)
    assert len(train) == 8
    assert set(train.column_names) == {"prompt", "record", "id", "env", "difficulty"}
    row = train[3]
    assert row["prompt"] == [
        {"role": "system", "content": "Be exact."},
        {"role": "user", "content": source[3]["prompt"]},
    ]
    assert row["record"].encode() + b"\n" == source.jsonl(3)


@pytest.mark.parametrize("conversational", [True, False])
def test_reward_follows_the_grpo_contract(conversational):
    need("datasets")
    train = verigym.trl.dataset("modarith", size=5, seed=2)
    rows = [train[i] for i in range(len(train))]
    completions = answers(rows)
    scores, metrics = trl_call(verigym.trl.reward(), rows, completions, conversational)
    assert scores == [1.0, 0.0, 0.0, 0.0] * 5
    records = [r["record"] for r in rows for _ in range(G)]
    verdicts = verigym.verify_many(records, completions)
    assert scores == [v["score"] for v in verdicts]
    n = len(verdicts)
    assert metrics == {
        "verigym/accuracy": [0.25],
        "verigym/format_ok": [sum(v["format_ok"] for v in verdicts) / n],
    }
    assert 0.25 < metrics["verigym/format_ok"][0] < 1


def test_completion_text_forms():
    assert verigym.trl.completion_text("x") == "x"
    assert verigym.trl.completion_text([{"role": "assistant", "content": "a"}, {"role": "assistant", "content": "b"}]) == "b"
    assert verigym.trl.completion_text([{"role": "assistant", "content": [{"type": "text", "text": "p"}, {"type": "text", "text": "q"}]}]) == "pq"
    assert verigym.trl.completion_text([]) == ""


def test_reward_without_record_column_says_what_to_do():
    with pytest.raises(KeyError, match="record"):
        verigym.trl.reward()(prompts=["p"], completions=["c"], answer=["x"])


def test_reward_feeds_a_curriculum_from_a_curriculum_dataset():
    need("datasets")
    cur = verigym.Curriculum({"seed": 3, "envs": [{"id": "modarith"}, {"id": "sat"}]})
    train = verigym.trl.curriculum_dataset(cur, chunk=2)
    rows = list(train.take(6))
    # `datasets` may read a chunk ahead; those problems simply never get feedback.
    ahead = cur.outstanding - 6
    assert ahead in (0, 2)
    assert [json.loads(r["record"])["env"] for r in rows] == ["modarith", "sat"] * 3
    scores, _ = trl_call(verigym.trl.reward(curriculum=cur), rows, answers(rows))
    assert cur.outstanding == ahead
    t = cur.telemetry()
    assert t["samples"] == 6 * G and t["solve_rate"] == sum(scores) / len(scores)
    # A record the curriculum did not issue is an error naming it, not silently dropped.
    stray = verigym.trl.dataset("modarith", size=1)
    with pytest.raises(verigym.VerigymError, match=stray[0]["id"]):
        trl_call(verigym.trl.reward(curriculum=cur), [stray[0]], ["<answer>1</answer>"] * G)


def test_repo_fix_group_is_judged_together(cli, tmp_path):
    need("datasets")
    train = verigym.trl.dataset("repo_fix", size=1, seed=0, level=0)
    row = train[0]
    record = json.loads(row["record"])
    completions = [record["answer"], "no code", record["answer"].replace("fn ", "fn  ", 1), "```rust\nfn broken(\n```"]
    scores, _ = trl_call(verigym.trl.reward(), [row], completions)
    problems = tmp_path / "p.jsonl"
    problems.write_text(row["record"] + "\n")
    responses = tmp_path / "r.jsonl"
    responses.write_text(json.dumps({"id": record["id"], "responses": completions}) + "\n")
    cli_verdicts = [json.loads(l)["verdict"] for l in cli("verify", "--problems", str(problems), "--responses", str(responses)).decode().splitlines()]
    assert scores == [v["score"] for v in cli_verdicts]
    assert scores[0] == 1.0 and scores[1] == 0.0
    assert verigym.verify_group(record, completions) == cli_verdicts
