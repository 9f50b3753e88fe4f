"""A real ``trl.GRPOTrainer`` with ``environment_factory=VerigymRepoEnv``: TRL finds the five repo
tools, resets one agentic ``repo_fix`` episode per rollout and logs its reward. The model is the
tiny random one of ``test_trl_episodes``; it never submits a fix, so the reward is 0, and a
subclass that applies the reference fix at reset shows the reward reaching the trainer. Needs
torch, transformers and trl: skipped without them, except in CI, which installs them."""

from __future__ import annotations

import json

from adapters import need

torch = need("torch")
transformers = need("transformers")
trl = need("trl")
need("tokenizers")

from test_trl_episodes import G, PROMPTS, tiny_model, tiny_tokenizer  # noqa: E402

from verigym.episodes import VerigymRepoEnv, episode_dataset  # noqa: E402


class FixedAtReset(VerigymRepoEnv):
    """A learner that is always right: the reference fix is applied and submitted at reset."""

    def reset(self, **row):
        out = super().reset(**row)
        self.replace_function(json.loads(row["record"])["answer"])
        self.submit()
        return out


def train(tmp_path, env_class):
    ds = episode_dataset("repo_fix", PROMPTS, level=0.0, seed=1, agentic={"max_turns": 4})
    tokenizer = tiny_tokenizer([row["prompt"][0]["content"] for row in ds])
    args = trl.GRPOConfig(
        output_dir=str(tmp_path / env_class.__name__),
        per_device_train_batch_size=PROMPTS * G,
        num_generations=G,
        max_completion_length=8,
        max_steps=1,
        learning_rate=1e-3,
        logging_steps=1,
        save_strategy="no",
        report_to="none",
        use_cpu=True,
        bf16=False,
        seed=0,
    )
    trainer = trl.GRPOTrainer(
        model=tiny_model(tokenizer),
        args=args,
        train_dataset=ds,
        processing_class=tokenizer,
        environment_factory=env_class,
    )
    assert sorted(t.__name__ for t in trainer.tools) == [
        "list_files",
        "read_file",
        "replace_function",
        "run_tests",
        "submit",
    ]
    trainer.train()
    return [h for h in trainer.state.log_history if f"rewards/{env_class.__name__}/mean" in h]


def test_grpo_trainer_runs_agentic_repo_episodes(tmp_path):
    logged = train(tmp_path, VerigymRepoEnv)
    assert len(logged) == 1
    assert logged[0]["rewards/VerigymRepoEnv/mean"] == 0.0


def test_the_repo_episodes_reward_reaches_the_trainer(tmp_path):
    logged = train(tmp_path, FixedAtReset)
    assert len(logged) == 1
    assert logged[0]["rewards/FixedAtReset/mean"] == 1.0
