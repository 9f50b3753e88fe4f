#!/usr/bin/env python3
"""Reasoning Gym next to verigym for the algorithm envs, in one run, plus the defects found in
Reasoning Gym's versions.

Reasoning Gym (0.1.19) has `shortest_path` (a grid maze, answer a list of moves) and
`course_schedule` (a yes/no question: can all courses be finished?). Neither has knapsack; its
`course_schedule` is the decision version of our `topo_order`, not an ordering task.

    /work/venvs/rg/bin/python benches/reasoning_gym/envs-algorithms.py target/release/verigym

Prints generation rates (problems/s, one core), score_answer rates, and the defect probes. Our
verification rates come from the criterion bench `benches/envs-algorithms.rs`, run right after.
"""
import random
import subprocess
import sys
import time

import reasoning_gym

BIN = sys.argv[1] if len(sys.argv) > 1 else "target/release/verigym"
N = 2000


def rate(label, count, seconds):
    print(f"{label:55s} {count / seconds:12,.0f}/s")


def ours(env, n=20000):
    """Our CLI's rate, or None when this binary predates the env."""
    start = time.perf_counter()
    done = subprocess.run([BIN, "generate", "--env", env, "-n", str(n), "--threads", "1"],
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return n / (time.perf_counter() - start) if done.returncode == 0 else None


def rg(name, **config):
    start = time.perf_counter()
    data = reasoning_gym.create_dataset(name, size=N, seed=42, **config)
    entries = [data[i] for i in range(N)]
    gen = N / (time.perf_counter() - start)
    start = time.perf_counter()
    for e in entries:
        data.score_answer(e["answer"], e)
    score = N / (time.perf_counter() - start)
    return data, entries, gen, score


def main():
    print("== generation and scoring rates (one core; the machine was shared with other jobs)")
    sp, sp_entries, sp_gen, sp_score = rg("shortest_path")
    cs, cs_entries, cs_gen, cs_score = rg("course_schedule")
    rows = [
        ("reasoning_gym shortest_path generate", sp_gen),
        ("reasoning_gym shortest_path score_answer (oracle)", sp_score),
        ("reasoning_gym course_schedule generate", cs_gen),
        ("reasoning_gym course_schedule score_answer (oracle)", cs_score),
    ]
    for env in ["shortest_path", "knapsack", "topo_order"]:
        rows.append((f"verigym {env} generate (CLI, JSONL, 1 thread)", ours(env)))
    for label, r in rows:
        print(f"{label:55s} " + (f"{r:12,.0f}/s" if r else "  (not in this binary)"))
    if rows[4][1]:
        print(f"ratio shortest_path generate, verigym / RG: {rows[4][1] / sp_gen:.1f}x")
    if rows[6][1]:
        print(f"ratio topo_order generate / RG course_schedule generate: {rows[6][1] / cs_gen:.1f}x")

    print("\n== defect probes: Reasoning Gym shortest_path")
    infeasible = [e for e in sp_entries if e["answer"] == "infeasible"]
    guess = sum(sp.score_answer("infeasible", e) for e in sp_entries) / N
    print(f"grids with no path: {len(infeasible)}/{N}; the constant guess 'infeasible' scores {guess:.3f} on average")
    # A valid path that is not shortest: step to an open neighbour of the start and back first.
    detours, half = 0, 0
    moves = {"right": (0, 1), "down": (1, 0), "left": (0, -1), "up": (-1, 0)}
    back = {"right": "left", "left": "right", "up": "down", "down": "up"}
    for e in sp_entries:
        if e["answer"] == "infeasible":
            continue
        m = e["metadata"]["matrix"]
        r, c = next((r, c) for r in range(len(m)) for c in range(len(m[0])) if m[r][c] == "*")
        for d, (dr, dc) in moves.items():
            rr, cc = r + dr, c + dc
            if 0 <= rr < len(m) and 0 <= cc < len(m[0]) and m[rr][cc] == "O":
                detours += 1
                half += sp.score_answer(f"{d} {back[d]} {e['answer']}", e) == 0.5
                break
    print(f"a valid but longer path (out and back first) scores 0.5 on {half}/{detours} feasible grids")
    multi = [e for e in sp_entries if e["answer"] != "infeasible" and " " in e["answer"]]
    commas = sum(sp.score_answer(e["answer"].replace(" ", ", "), e) for e in multi)
    print(f"the oracle path written with commas ('right, down') scores {commas:.0f} in total on {len(multi)} grids whose path has 2+ moves (false negatives)")

    print("\n== defect probes: Reasoning Gym course_schedule")
    solvable = sum(e["answer"] == "True" for e in cs_entries)
    always_true = sum(cs.score_answer("True", e) for e in cs_entries) / N
    both = sum(cs.score_answer("True False", e) for e in cs_entries) / N
    print(f"solvable instances: {solvable}/{N}; the constant guess 'True' scores {always_true:.3f}")
    print(f"the junk answer 'True False' scores {both:.3f} on average (substring partial credit)")
    rng = random.Random(0)
    coin = sum(cs.score_answer(rng.choice(["True", "False"]), e) for e in cs_entries) / N
    print(f"a coin flip scores {coin:.3f}")


main()
