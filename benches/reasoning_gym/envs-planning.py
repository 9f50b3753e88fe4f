#!/usr/bin/env python3
"""Reasoning Gym side by side with verigym's planning envs (water_jugs, hanoi, maze).

Measures, in one run on one machine: Reasoning Gym 0.1.19's generation rate and `score_answer`
rate for `jugs`, `tower_of_hanoi` and `maze`, and verigym's generation rate through its CLI
(`verigym generate`, JSON lines to /dev/null). Then it probes each Reasoning Gym scorer for the
defects our verifiers are tested against: rewards for plans that are valid but not shortest,
reward floors for junk or guesses, and optima that are not optimal (re-solved here by BFS).

    /work/venvs/rg/bin/python benches/reasoning_gym/envs-planning.py target/release/verigym

With `-` for the binary, only the Reasoning Gym side runs.

Our verify rates come from criterion (`cargo bench --bench envs-planning`), run right after.
"""
import collections
import io
import json
import contextlib
import subprocess
import sys
import time

import reasoning_gym

BIN = sys.argv[1] if len(sys.argv) > 1 else "target/release/verigym"
N_RG = 500
N_OURS = 5000


def rate(n, seconds):
    return n / seconds if seconds > 0 else float("inf")


def rg_generation(name, n=N_RG, **config):
    t = time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()):  # tower_of_hanoi prints while generating
        data = reasoning_gym.create_dataset(name, seed=1, size=n, **config)
        items = [data[i] for i in range(n)]
    return data, items, rate(n, time.perf_counter() - t)


def rg_scoring(data, items, answers=None):
    answers = answers or [it["answer"] for it in items]
    t = time.perf_counter()
    scores = [data.score_answer(a, it) for a, it in zip(answers, items)]
    return scores, rate(len(items), time.perf_counter() - t)


def ours(env, n=N_OURS, extra=()):
    if BIN == "-":  # Reasoning Gym side only
        return None
    t = time.perf_counter()
    subprocess.run([BIN, "generate", "--env", env, "-n", str(n), *extra], check=True,
                   stdout=subprocess.DEVNULL)
    return rate(n, time.perf_counter() - t)


# --- BFS re-solvers, written here, independent of both projects -------------------------------

def jugs_optimum(caps, target):
    start = tuple(0 for _ in caps)
    seen = {start: 0}
    frontier = [start]
    depth = 0
    while frontier:
        if any(target in s for s in frontier):
            return depth
        depth += 1
        nxt = []
        for s in frontier:
            for i in range(len(caps)):
                for t in (s[:i] + (caps[i],) + s[i + 1:], s[:i] + (0,) + s[i + 1:]):
                    if t not in seen:
                        seen[t] = depth
                        nxt.append(t)
                for j in range(len(caps)):
                    if i != j:
                        a = min(s[i], caps[j] - s[j])
                        t = list(s)
                        t[i] -= a
                        t[j] += a
                        t = tuple(t)
                        if t not in seen:
                            seen[t] = depth
                            nxt.append(t)
        frontier = nxt
    return None


def hanoi_optimum(n, pegs, start, goal):
    start = tuple([start] * n)
    goal = tuple([goal] * n)
    seen = {start}
    frontier = [start]
    depth = 0
    while frontier:
        if goal in seen:
            return depth
        depth += 1
        nxt = []
        for s in frontier:
            tops = {}
            for d in range(n):
                tops.setdefault(s[d], d)
            for f, d in tops.items():
                for t in range(1, pegs + 1):
                    if t != f and (t not in tops or tops[t] > d):
                        u = s[:d] + (t,) + s[d + 1:]
                        if u not in seen:
                            seen.add(u)
                            nxt.append(u)
        frontier = nxt
    return None


def main():
    report = {}

    # --- jugs ---------------------------------------------------------------------------------
    data, items, gen = rg_generation("jugs", n=200)
    scores, score_rate = rg_scoring(data, items)
    report["jugs"] = {"rg_generate_per_s": gen, "rg_score_per_s": score_rate,
                      "ours_generate_per_s": ours("water_jugs"),
                      "reference_scores_1": sum(s == 1.0 for s in scores) / len(scores)}
    empty = [data.score_answer("[]", it) for it in items]
    padded = [data.score_answer(json.dumps(["fill A", "empty A"] + json.loads(it["answer"])), it)
              for it in items]
    not_optimal = 0
    for it in items:
        p = it["metadata"]["puzzle"]
        best = jugs_optimum(p["jug_capacities"], p["target"])
        if best is not None and len(json.loads(it["answer"])) > best:
            not_optimal += 1
    report["jugs"].update({
        "empty_list_[]_mean_score": sum(empty) / len(empty),
        "two_wasted_moves_prepended_mean_score": sum(padded) / len(padded),
        "reference_longer_than_bfs_optimum": f"{not_optimal}/{len(items)}",
        "example_capacities_target_reference_optimum": None,
    })
    for it in items:
        p = it["metadata"]["puzzle"]
        best = jugs_optimum(p["jug_capacities"], p["target"])
        ref = json.loads(it["answer"])
        if best is not None and len(ref) > best:
            report["jugs"]["example_capacities_target_reference_optimum"] = [
                p["jug_capacities"], p["target"], len(ref), best]
            break
    # The seed + index scheme: item 1 of seed s is item 0 of seed s + 1.
    a = reasoning_gym.create_dataset("jugs", seed=42, size=2)[1]
    b = reasoning_gym.create_dataset("jugs", seed=43, size=2)[0]
    report["jugs"]["seed42_item1_equals_seed43_item0"] = a["question"] == b["question"]

    # --- tower_of_hanoi -----------------------------------------------------------------------
    data, items, gen = rg_generation("tower_of_hanoi", n=N_RG)
    answers = ["\n".join(it["answer"]) if isinstance(it["answer"], list) else it["answer"]
               for it in items]
    scores, score_rate = rg_scoring(data, items, answers)
    report["tower_of_hanoi"] = {"rg_generate_per_s": gen, "rg_score_per_s": score_rate,
                                "ours_generate_per_s": ours("hanoi"),
                                "ours_generate_4pegs_per_s": ours(
                                    "hanoi", extra=("--param", "pegs=4", "--param", "disks=7")),
                                "reference_scores_1": sum(s == 1.0 for s in scores) / len(scores)}
    one_move = []
    longer = []
    wrong_optimum = 0
    example = None
    for it, ans in zip(items, answers):
        m = it["metadata"]
        first = ans.splitlines()[0]
        one_move.append(data.score_answer(first, it))
        # Move the smallest disk away and back, then the reference: legal, solved, not shortest.
        parts = first.split()
        undo = f"Move disk {parts[2]} from Peg {parts[-1]} to Peg {parts[5]}"
        longer.append(data.score_answer("\n".join([first, undo, ans]), it))
        if m["num_disks"] <= 7:
            best = hanoi_optimum(m["num_disks"], m["num_pegs"], m["start_peg"], m["target_peg"])
            if best is not None and m["solution_length"] > best:
                wrong_optimum += 1
                example = example or [m["num_disks"], m["num_pegs"], m["solution_length"], best]
    report["tower_of_hanoi"].update({
        "first_move_only_mean_score": sum(one_move) / len(one_move),
        "move_and_undo_prepended_mean_score": sum(longer) / len(longer),
        "solution_length_above_bfs_optimum": f"{wrong_optimum}/{len(items)}",
        "example_disks_pegs_claimed_optimum": example,
    })

    # --- maze -----------------------------------------------------------------------------------
    data, items, gen = rg_generation("maze", n=N_RG)
    scores, score_rate = rg_scoring(data, items)
    counts = collections.Counter(it["answer"] for it in items)
    mode, _ = counts.most_common(1)[0]
    guess = [data.score_answer(mode, it) for it in items]
    report["maze"] = {"rg_generate_per_s": gen, "rg_score_per_s": score_rate,
                      "ours_generate_per_s": ours("maze"),
                      "reference_scores_1": sum(s == 1.0 for s in scores) / len(scores),
                      "task": "RG asks only for the shortest path's length (a number), not a path",
                      "constant_guess": mode,
                      "constant_guess_mean_score": sum(guess) / len(guess)}

    print(json.dumps(report, indent=2))


main()
