"""verigym.trl against GRPOTrainer's reward contract (trl 1.16, trainer/grpo_trainer.py,
`_calculate_rewards`): every dataset column but prompt/completion/completion_ids is passed as a
keyword list, plus trainer_state, log_extra and log_metric; completions are strings or lists of
messages; the function returns one float per completion. torch is not installed here, so the
trainer itself is not run; this replays its call exactly."""

from __future__ import annotations

import json
import random

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


def repeat_batches(n, prompts, repeat, seed):
    """TRL's RepeatSampler (trl 1.16, trainer/utils.py) with shuffle=True, cut into the
    DataLoader's generation batches: per epoch a permutation of 0..n, in chunks of `prompts`
    indices, each chunk repeated `repeat` (steps_per_generation * num_iterations) times, each
    index G times in a row."""
    rng = random.Random(seed)
    while True:
        order = list(range(n))
        rng.shuffle(order)
        for start in range(0, n - prompts + 1, prompts):
            chunk = order[start:start + prompts]
            for _ in range(repeat):
                yield [i for i in chunk for _ in range(G)]


def trl_steps(train, reward, learner, steps, prompts=4, repeat=1):
    """GRPOTrainer's data path over a map-style dataset: torch's fetcher reads each batch
    through `__getitems__`, Accelerate's DataLoaderShard reads one batch ahead, and TRL generates
    and scores on the first of every `repeat` batches. Returns the levels served per step."""
    batches = repeat_batches(len(train), prompts, repeat, seed=0)
    ahead = train.__getitems__(next(batches))
    levels = []
    for step in range(steps * repeat):
        batch, ahead = ahead, train.__getitems__(next(batches))
        if step % repeat:
            continue  # TRL reuses the generations it buffered
        # A prompt's G rows are one problem.
        for k in range(0, len(batch), G):
            assert len({row["id"] for row in batch[k:k + G]}) == 1
        records = [json.loads(row["record"]) for row in batch]
        levels.append(sorted({r["meta"]["level"] for r in records}))
        completions = [f"<answer>{r['answer']}</answer>" if learner else "<answer>-1</answer>" for r in records]
        reward(prompts=[row["prompt"] for row in batch], completions=completions,
               **{k: [row[k] for row in batch] for k in batch[0] if k != "prompt"})
    return levels


@pytest.mark.parametrize("repeat", [1, 3])
def test_a_curriculum_dataset_serves_what_the_rewards_ask_for(repeat):
    need("datasets")
    served = {}
    for learner in (True, False):
        cur = verigym.Curriculum({"seed": 1, "envs": [{"id": "modarith"}]})
        train = verigym.trl.curriculum_dataset(cur, size=64)
        assert len(train) == 64
        served[learner] = trl_steps(train, verigym.trl.reward(curriculum=cur), learner, steps=4, repeat=repeat)
    # Step 1 and the batch read ahead of it are drawn before any reward; by step 3 an always
    # right learner is served harder problems than an always wrong one.
    assert served[True][0] == served[False][0]
    assert min(served[True][2]) > max(served[False][2]), served
    assert min(served[True][3]) > max(served[False][3]), served


def test_a_curriculum_dataset_row_is_one_problem_until_its_rewards_arrive():
    need("datasets")
    cur = verigym.Curriculum({"seed": 3, "envs": [{"id": "modarith"}, {"id": "sat"}]})
    train = verigym.trl.curriculum_dataset(cur, size=10, system_prompt="Be exact.")
    assert cur.outstanding == 0  # nothing is drawn before it is read
    rows = train.__getitems__([7, 7, 3, 7, 3])
    assert [r["id"] for r in rows] == [rows[0]["id"]] * 2 + [rows[2]["id"], rows[0]["id"], rows[2]["id"]]
    assert cur.outstanding == 2 and rows[0]["id"] != rows[2]["id"]
    assert train[7]["id"] == rows[0]["id"] and train[-3]["id"] == rows[0]["id"]
    # The rows are those of verigym.trl.dataset: the record column holds the CLI's exact line.
    record = json.loads(rows[0]["record"])
    again = verigym.Dataset(record["env"], seed=3, level=record["meta"]["level"], **record["params"])
    assert rows[0]["record"].encode() + b"\n" == again.jsonl(record["index"])
    assert rows[0]["prompt"] == [{"role": "system", "content": "Be exact."}, {"role": "user", "content": record["prompt"]}]
    assert set(rows[0]) == {"prompt", "record", "id", "env", "difficulty"}
    # Rewards recorded: the next read of row 7 (the next epoch) draws a new problem.
    scores, _ = trl_call(verigym.trl.reward(curriculum=cur), [rows[0]], ["<answer>1</answer>"] * G)
    assert rows[0]["id"] not in cur and rows[2]["id"] in cur
    assert train[7]["id"] not in (rows[0]["id"], rows[2]["id"])
    assert train[3]["id"] == rows[2]["id"]
    t = cur.telemetry()
    assert t["samples"] == G and t["solve_rate"] == sum(scores) / len(scores)
    with pytest.raises(IndexError, match="10"):
        train.__getitems__([10])
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
