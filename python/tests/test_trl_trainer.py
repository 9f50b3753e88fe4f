"""A real ``trl.GRPOTrainer`` on a tiny random-initialised Llama and a tokenizer trained here (no
hub download), fed by ``verigym.trl.curriculum_dataset`` and ``verigym.trl.reward``: what TRL's
own data path (RepeatSampler over a map-style dataset, Accelerate's read-ahead) serves follows
the rewards. Needs torch, transformers and trl: skipped without them, except in CI, which installs
them (VERIGYM_REQUIRE_ADAPTERS=1) and so fails instead."""

from __future__ import annotations

import json

import pytest

from adapters import need

torch = need("torch")
transformers = need("transformers")
trl = need("trl")
tokenizers = need("tokenizers")

import verigym  # noqa: E402
import verigym.trl  # noqa: E402

G = 2  # num_generations
PROMPTS = 2  # prompts per step


def tiny_tokenizer():
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers

    texts = [r["prompt"] for r in verigym.Dataset("modarith", size=50)]
    texts += ["<answer>123</answer>", "user: assistant: system:"]
    tok = Tokenizer(models.BPE(unk_token="<unk>"))
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    tok.train_from_iterator(
        texts,
        trainers.BpeTrainer(
            vocab_size=400,
            special_tokens=["<pad>", "<eos>", "<unk>"],
            initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        ),
    )
    fast = transformers.PreTrainedTokenizerFast(
        tokenizer_object=tok, pad_token="<pad>", eos_token="<eos>", unk_token="<unk>"
    )
    fast.chat_template = (
        "{% for m in messages %}{{ m['role'] }}: {{ m['content'] }}\n{% endfor %}"
        "{% if add_generation_prompt %}assistant: {% endif %}"
    )
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
        max_position_embeddings=2048,
        pad_token_id=tokenizer.pad_token_id,
        eos_token_id=tokenizer.eos_token_id,
        bos_token_id=tokenizer.eos_token_id,
    )
    return transformers.LlamaForCausalLM(config)


def train(tmp_path, learner, steps, **config):
    """``steps`` GRPO steps; ``learner`` "model" grades the model's own completions, "right" and
    "wrong" grade the reference answer or a wrong one in their place. Returns the curriculum,
    the levels served at each step, and the rewards."""
    tokenizer = tiny_tokenizer()
    cur = verigym.Curriculum({"seed": 1, "envs": [{"id": "modarith", "params": {"steps": 1}}]})
    train_ds = verigym.trl.curriculum_dataset(cur, size=64)
    grade = verigym.trl.reward(curriculum=cur)
    served, rewards = [], []

    def reward(prompts, completions, record, **kwargs):
        records = [json.loads(r) for r in record]
        served.append(sorted({r["meta"]["level"] for r in records}))
        if learner == "right":
            completions = [f"<answer>{r['answer']}</answer>" for r in records]
        elif learner == "wrong":
            completions = ["<answer>-1</answer>"] * len(records)
        out = grade(prompts=prompts, completions=completions, record=record, **kwargs)
        rewards.append(out)
        return out

    reward.__name__ = "verigym"
    settings = dict(
        # TRL's defaults, spelled out: these are what broke the iterable dataset.
        shuffle_dataset=True,
        dataloader_num_workers=0,
    )
    settings.update(config)
    args = trl.GRPOConfig(
        output_dir=str(tmp_path / learner),
        per_device_train_batch_size=PROMPTS * G,
        num_generations=G,
        max_completion_length=4,
        max_steps=steps,
        learning_rate=1e-3,
        logging_steps=1,
        save_strategy="no",
        report_to="none",
        use_cpu=True,
        bf16=False,
        seed=0,
        **settings,
    )
    trainer = trl.GRPOTrainer(
        model=tiny_model(tokenizer),
        reward_funcs=reward,
        args=args,
        train_dataset=train_ds,
        processing_class=tokenizer,
    )
    trainer.train()
    return cur, served, rewards, trainer


def test_grpo_trainer_two_steps_feed_the_curriculum(tmp_path):
    cur, served, rewards, trainer = train(tmp_path, "model", steps=2)
    assert len(rewards) == 2
    assert all(len(r) == PROMPTS * G and all(0.0 <= x <= 1.0 for x in r) for r in rewards)
    t = cur.telemetry()
    # Every completion TRL scored reached the curriculum.
    assert t["samples"] == 2 * PROMPTS * G
    # A random model solves nothing: the level the curriculum steers goes down.
    assert sum(map(sum, rewards)) == 0.0
    assert t["envs"][0]["level"] < served[0][0]
    logged = [h for h in trainer.state.log_history if "rewards/verigym/mean" in h]
    assert [h["rewards/verigym/mean"] for h in logged] == [sum(r) / len(r) for r in rewards]


def test_grpo_trainer_serves_levels_that_follow_the_rewards(tmp_path):
    _, right, right_rewards, _ = train(tmp_path, "right", steps=4)
    _, wrong, wrong_rewards, _ = train(tmp_path, "wrong", steps=4)
    assert all(x == 1.0 for r in right_rewards for x in r)
    assert all(x == 0.0 for r in wrong_rewards for x in r)
    # The first steps are drawn before any reward (one read ahead), and alike.
    assert right[0] == wrong[0]
    assert min(right[3]) > max(wrong[3]), (right, wrong)


def test_settings_that_would_copy_or_drop_the_curriculum_are_named(tmp_path):
    # Transformers refuses a dataset whose every column it would drop, naming the setting.
    with pytest.raises(ValueError, match="remove_unused_columns=False"):
        train(tmp_path, "wrong", steps=1, remove_unused_columns=True)
    # DataLoader workers would each draw from a copy of the curriculum.
    with pytest.raises(verigym.VerigymError, match="dataloader_num_workers=0"):
        train(tmp_path, "wrong", steps=1, dataloader_num_workers=1)
