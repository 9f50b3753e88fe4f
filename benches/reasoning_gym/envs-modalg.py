#!/usr/bin/env python3
"""Reasoning Gym side by side with verigym's modular-algebra envs (modexp, crt, linear_mod).

Reasoning Gym 0.1.19 has no modular exponentiation, Chinese remainder or linear system mod p; its
nearest tasks are `power_function` (a real power to 3 significant figures, the counterpart of
`modexp`) and `polynomial_multiplication` (exact algebra). This script measures, in one run on one
machine, their generation and `score_answer` rates next to verigym's generation rate through its
CLI (`verigym generate`, JSON lines to /dev/null), and probes both scorers for the defects our
verifiers are tested against: reward for junk or guesses, tolerance that accepts wrong answers,
and model text that is evaluated.

    /work/venvs/rg/bin/python benches/reasoning_gym/envs-modalg.py target/release/verigym

Our verify rates come from criterion (`cargo bench --bench envs-modalg`), run right after.
"""
import random
import subprocess
import sys
import time
from decimal import Decimal

import reasoning_gym

BIN = sys.argv[1] if len(sys.argv) > 1 else "target/release/verigym"
N_RG = 2000
N_OURS = 100_000


def rate(n, seconds):
    return n / seconds if seconds > 0 else float("inf")


def rg_generation(name, n=N_RG, **config):
    t = time.perf_counter()
    data = reasoning_gym.create_dataset(name, seed=1, size=n, **config)
    items = [data[i] for i in range(n)]
    return data, items, rate(n, time.perf_counter() - t)


def rg_scoring(data, items, answers=None):
    answers = answers if answers is not None else [it["answer"] for it in items]
    t = time.perf_counter()
    scores = [data.score_answer(a, it) for a, it in zip(answers, items)]
    return scores, rate(len(items), time.perf_counter() - t)


def ours(env, n=N_OURS, extra=()):
    t = time.perf_counter()
    subprocess.run([BIN, "generate", "--env", env, "-n", str(n), "--threads", "1", *extra],
                   check=True, stdout=subprocess.DEVNULL)
    return rate(n, time.perf_counter() - t)


def mean(xs):
    return sum(xs) / len(xs)


print("## rates (this machine, loaded; one thread each)\n")
print("| task | RG generate/s | RG score_answer/s | verigym generate/s | ratio (ours / RG generate) |")
print("|---|---|---|---|---|")
pf, pf_items, pf_gen = rg_generation("power_function")
pf_scores, pf_score_rate = rg_scoring(pf, pf_items)
pm, pm_items, pm_gen = rg_generation("polynomial_multiplication", n=500)
pm_scores, pm_score_rate = rg_scoring(pm, pm_items)
for env, rg_name, gen, score in [
    ("modexp", "power_function", pf_gen, pf_score_rate),
    ("crt", "power_function", pf_gen, pf_score_rate),
    ("linear_mod", "polynomial_multiplication", pm_gen, pm_score_rate),
]:
    mine = ours(env)
    print(f"| {env} vs {rg_name} | {gen:,.0f} | {score:,.0f} | {mine:,.0f} | {mine / gen:,.0f}x |")
print(f"\nreference answers scored 1.0: power_function {mean([s == 1.0 for s in pf_scores]):.3f}, "
      f"polynomial_multiplication {mean([s == 1.0 for s in pm_scores]):.3f}")

print("\n## power_function defects\n")
junk = ["banana", "", "I don't know", "0", "1", "-1", "inf", "nan", "x"]
floor = [[pf.score_answer(j, it) for it in pf_items[:200]] for j in junk]
for j, scores in zip(junk, floor):
    print(f"- junk answer {j!r}: mean reward {mean(scores):.4f} (min {min(scores)}, max {max(scores)})")
print("- a non-None answer that is wrong or not a number earns 0.01: a reward floor for any output")

# Tolerance: the scorer accepts anything that rounds to the same 3 significant figures, so a
# value off by up to ~0.5% relative (often thousands in absolute terms) earns full reward.
accepted_wrong, examples = 0, []
for it in pf_items[:500]:
    true = Decimal(it["answer"])
    if true == 0:
        continue
    wrong = true * Decimal("1.004")
    if pf.score_answer(str(wrong), it) == 1.0 and wrong != true:
        accepted_wrong += 1
        if len(examples) < 3:
            examples.append((it["metadata"]["base"], it["metadata"]["exponent"], it["answer"], str(wrong)))
print(f"- true value x 1.004 (a wrong answer) scores 1.0 on {accepted_wrong}/500 problems; e.g.")
for base, e, ans, wrong in examples:
    print(f"    {base}^{e}: stored {ans}, accepted {wrong}")

# Guessing a magnitude: for |base| < 1000 and |e| <= 8 the answer is base^e; a guess of the right
# sign and order of magnitude with random mantissa still hits the 3-figure window sometimes.
rng = random.Random(0)
hits = 0
for it in pf_items[:2000]:
    true = float(it["answer"])
    if true == 0:
        continue
    guess = f"{rng.choice([1, 2, 3, 4, 5, 6, 7, 8, 9])}.{rng.randint(0, 99):02d}e{Decimal(repr(true)).adjusted():+d}"
    guess = ("-" if true < 0 else "") + guess
    hits += pf.score_answer(guess, it) == 1.0
print(f"- a random 3-figure mantissa with the right sign and exponent scores 1.0 on {hits}/2000")

print("\n## polynomial_multiplication defects\n")
marker = []
payload = "__import__('builtins').setattr(__import__('builtins'), 'RG_EVAL_RAN', True) or 0"
try:
    pm.score_answer(payload, pm_items[0])
except Exception as e:  # noqa: BLE001
    print(f"- payload raised {type(e).__name__}")
import builtins  # noqa: E402

ran = getattr(builtins, "RG_EVAL_RAN", False)
print(f"- score_answer evaluates the model's text with sympy.parse_expr (Python eval): a payload "
      f"that sets a global flag ran = {ran}")
t = pm_items[0]["answer"]
print(f"- stored answer {t!r}; the same polynomial written '({t})*1' scores "
      f"{pm.score_answer(f'({t})*1', pm_items[0])}, '{t} + 0*x' scores "
      f"{pm.score_answer(f'{t} + 0*x', pm_items[0])}")
