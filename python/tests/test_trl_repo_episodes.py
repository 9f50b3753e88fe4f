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

from test_trl_episodes import PROMPTS  # noqa: E402
from test_trl_episodes import train as train_on  # noqa: E402

from verigym.episodes import VerigymRepoEnv, episode_dataset  # noqa: E402


class FixedAtReset(VerigymRepoEnv):
    """A learner that is always right: the reference fix is applied and submitted at reset."""

    def reset(self, **row):
        out = super().reset(**row)
        self.replace_function(json.loads(row["record"])["answer"])
        self.submit()
        return out


TOOLS = ("list_files", "read_file", "replace_function", "run_tests", "submit")


def train(tmp_path, env_class):
    ds = episode_dataset("repo_fix", PROMPTS, level=0.0, seed=1, agentic={"max_turns": 4})
    return train_on(tmp_path, env_class, steps=1, ds=ds, tools=TOOLS)


def test_grpo_trainer_runs_agentic_repo_episodes(tmp_path):
    logged = train(tmp_path, VerigymRepoEnv)
    assert len(logged) == 1
    assert logged[0]["rewards/VerigymRepoEnv/mean"] == 0.0


def test_the_repo_episodes_reward_reaches_the_trainer(tmp_path):
    logged = train(tmp_path, FixedAtReset)
    assert len(logged) == 1
    assert logged[0]["rewards/FixedAtReset/mean"] == 1.0
