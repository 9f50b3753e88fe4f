"""A real ``trl.GRPOTrainer`` with ``environment_factory=VerigymEnv`` on a tiny random-initialised
Llama and a tokenizer trained here (no hub download), on Qwen3's chat template so that TRL's tool
calling is on: TRL resets one environment per rollout with the dataset row, exposes ``query`` and
``answer`` as tools, and logs ``get_reward`` as the environment's reward. Needs torch,
transformers and trl: skipped without them, except in CI, which installs them."""

from __future__ import annotations

import json

import pytest

from adapters import need

torch = need("torch")
transformers = need("transformers")
trl = need("trl")
tokenizers = need("tokenizers")

from trl.chat_template_utils import qwen3_chat_template  # noqa: E402

from test_episodes import budget  # noqa: E402
from verigym.episodes import VerigymEnv, episode_dataset  # noqa: E402

G = 2
PROMPTS = 2
SPECIAL = ["<|im_start|>", "<|im_end|>", "<tool_call>", "</tool_call>", "<tool_response>",
           "</tool_response>", "<tools>", "</tools>", "<think>", "</think>"]


def tiny_tokenizer(texts):
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers

    tok = Tokenizer(models.BPE(unk_token="<unk>"))
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    tok.train_from_iterator(
        texts,
        trainers.BpeTrainer(
            vocab_size=500,
            special_tokens=["<pad>", "<unk>", *SPECIAL],
            initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        ),
    )
    fast = transformers.PreTrainedTokenizerFast(
        tokenizer_object=tok, pad_token="<pad>", eos_token="<|im_end|>", unk_token="<unk>"
    )
    fast.chat_template = qwen3_chat_template
    return fast


def tiny_model(tokenizer):
    torch.manual_seed(0)
    config = transformers.LlamaConfig(
        vocab_size=len(tokenizer),
        hidden_size=16,
        intermediate_size=32,
        num_hidden_layers=1,
        num_attention_heads=2,
        num_key_value_heads=1,
        max_position_embeddings=4096,
        pad_token_id=tokenizer.pad_token_id,
        eos_token_id=tokenizer.eos_token_id,
        bos_token_id=tokenizer.eos_token_id,
    )
    return transformers.LlamaForCausalLM(config)


class RightAtReset(VerigymEnv):
    """A learner that is always right: the reference answer goes in at reset."""

    def reset(self, **row):
        out = super().reset(**row)
        self.answer(json.loads(row["record"])["answer"])
        return out


def train(tmp_path, env_class, steps=2, ds=None, tools=("answer", "query"), reward_funcs=None, texts=None):
    """Trains for ``steps`` on ``ds`` (counterfeit_coin episodes by default) and returns the log
    lines that carry the environment's reward. The tokenizer learns from ``texts`` (default: the
    dataset's prompts)."""
    if ds is None:
        ds = episode_dataset("counterfeit_coin", 16, level=2.0, seed=1)
    if texts is None:
        texts = [row["prompt"][0]["content"] for row in ds]
    tokenizer = tiny_tokenizer(texts + ["<answer>3</answer>"])
    args = trl.GRPOConfig(
        output_dir=str(tmp_path / env_class.__name__),
        per_device_train_batch_size=PROMPTS * G,
        num_generations=G,
        max_completion_length=8,
        max_steps=steps,
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
        reward_funcs=reward_funcs,
    )
    # TRL found the environment's tools (its public methods but reset and get_reward).
    assert sorted(t.__name__ for t in trainer.tools) == list(tools)
    trainer.train()
    return [h for h in trainer.state.log_history if f"rewards/{env_class.__name__}/mean" in h]


def test_grpo_trainer_runs_episodes_and_logs_their_reward(tmp_path):
    logged = train(tmp_path, VerigymEnv)
    assert len(logged) == 2
    # A random model never gives a right final answer through the tools.
    assert all(h["rewards/VerigymEnv/mean"] == 0.0 for h in logged)


def test_the_environments_reward_reaches_the_trainer(tmp_path):
    logged = train(tmp_path, RightAtReset)
    assert len(logged) == 2
    assert all(h["rewards/RightAtReset/mean"] == 1.0 for h in logged)


def test_a_curriculum_steers_the_episodes_a_trainer_plays(tmp_path):
    """The curriculum's rows reach the environments with their turn budgets, and
    ``curriculum_feedback`` hands every group's episode rewards back: two steps of two prompts
    record four problems, each with its two rollouts' rewards, and an always-right learner's
    rewards raise the level (and so cut the budget) of the rows drawn after them."""
    from verigym import Curriculum
    from verigym.episodes import curriculum_episode_dataset, curriculum_feedback

    cur = Curriculum(
        {
            "seed": 0,
            "target": 0.5,
            "envs": [{"id": "modarith", "episode": {"feedback": {"max_turns": [4, 1]}}}],
        }
    )
    start = cur.telemetry()["envs"][0]["level"]
    texts = [row["prompt"][0]["content"] for row in episode_dataset("modarith", 8, seed=5)]
    logged = train(
        tmp_path,
        RightAtReset,
        ds=curriculum_episode_dataset(cur, 64),
        reward_funcs=[curriculum_feedback(cur)],
        texts=texts,
    )
    assert len(logged) == 2
    assert all(h["rewards/RightAtReset/mean"] == 1.0 for h in logged)
    telemetry = cur.telemetry()
    assert telemetry["samples"] == 2 * PROMPTS * G, telemetry
    assert telemetry["envs"][0]["level"] > start, telemetry
    later = curriculum_episode_dataset(cur, 1)[0]
    level = json.loads(later["record"])["meta"]["level"]
    assert json.loads(later["feedback"])["max_turns"] == budget(level)
