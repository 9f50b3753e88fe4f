#!/usr/bin/env python3
"""Reasoning Gym 0.1.19's futoshiki and cryptarithm next to verigym's, in one run.

    /work/venvs/rg/bin/python benches/reasoning_gym/envs-constraint.py target/release/verigym

Measures generation (problems/s; Reasoning Gym in-process, verigym through its CLI, which also
pays process start and JSON writing) and `score_answer` (answers/s), then looks for defects in
Reasoning Gym's versions: puzzles with more than one solution (re-solved here by exhaustive
search written for this script), and what its `score_answer` gives to a wrong or junk answer.
"""
import itertools
import json
import subprocess
import sys
import time

import reasoning_gym as rg

BIN = sys.argv[1] if len(sys.argv) > 1 else "target/release/verigym"
N = 100


def rate(n, seconds):
    return f"{n / seconds:,.0f}/s"


def ours(env, level, n=N):
    t = time.perf_counter()
    out = subprocess.run([BIN, "generate", "--env", env, "--difficulty", str(level), "--seed", "1",
                          "-n", str(n)], check=True, capture_output=True, text=True).stdout
    return len(out.splitlines()), time.perf_counter() - t


def theirs(name, n=N, **kw):
    t = time.perf_counter()
    ds = rg.create_dataset(name, seed=1, size=n, **kw)
    items = [ds[i] for i in range(n)]
    return ds, items, time.perf_counter() - t


def score_rate(ds, items):
    t = time.perf_counter()
    for e in items:
        ds.score_answer(e["answer"], e)
    return rate(len(items), time.perf_counter() - t)


# ---- futoshiki: count solutions by plain backtracking ----
def futoshiki_count(puzzle, constraints, limit=2):
    n = len(puzzle)
    g = [row[:] for row in puzzle]
    cons = []
    for (r1, c1, r2, c2, op) in constraints:
        cons.append(((r1, c1), (r2, c2), op))

    def ok(r, c, d):
        if any(g[r][k] == d for k in range(n) if k != c) or any(g[k][c] == d for k in range(n) if k != r):
            return False
        g[r][c], old = d, g[r][c]
        good = True
        for a, b, op in cons:
            x, y = g[a[0]][a[1]], g[b[0]][b[1]]
            if x and y and not ((x < y) if op == "<" else (x > y)):
                good = False
                break
        g[r][c] = old
        return good

    def go(i):
        if i == n * n:
            return 1
        r, c = divmod(i, n)
        if puzzle[r][c]:
            return go(i + 1) if ok(r, c, puzzle[r][c]) else 0
        found = 0
        for d in range(1, n + 1):
            if ok(r, c, d):
                g[r][c] = d
                found += go(i + 1)
                g[r][c] = 0
                if found >= limit:
                    break
        return found

    return go(0)


# ---- cryptarithm: every injective assignment, checked ----
def cryptarithm_solutions(words, result, limit=2):
    letters = sorted(set("".join(words) + result))
    leading = {w[0] for w in words + [result] if len(w) > 1}
    found = []
    for digits in itertools.permutations(range(10), len(letters)):
        m = dict(zip(letters, digits))
        if any(m[l] == 0 for l in leading):
            continue
        val = lambda w: int("".join(str(m[c]) for c in w))
        if sum(val(w) for w in words) == val(result):
            found.append(m)
            if len(found) >= limit:
                break
    return found


print("== generation and scoring rates (same run; the machine was shared and loaded) ==")
for env, rg_name, level in [("futoshiki", "futoshiki", 5), ("cryptarithm", "cryptarithm", 5)]:
    n, s = ours(env, level)
    ds, items, t = theirs(rg_name)
    print(f"{env}: verigym generate {rate(n, s)} (CLI, level {level}); reasoning_gym {rate(len(items), t)}; "
          f"reasoning_gym score_answer {score_rate(ds, items)}")

print("\n== futoshiki: uniqueness of Reasoning Gym puzzles (board sizes 4-5, 30 puzzles) ==")
ds = rg.create_dataset("futoshiki", seed=7, size=30, min_board_size=4, max_board_size=5)
multi = []
for i in range(30):
    e = ds[i]
    m = e["metadata"]
    k = futoshiki_count(m["puzzle"], m["constraints"])
    if k != 1:
        multi.append((i, k))
print(f"{len(multi)} of 30 have more than one solution: {multi[:10]}")

print("\n== cryptarithm: uniqueness of Reasoning Gym puzzles (up to 6 letters, 20 puzzles) ==")
ds = rg.create_dataset("cryptarithm", seed=7, size=200)
checked, multi = 0, []
for i in range(200):
    e = ds[i]
    m = e["metadata"]
    if len(m["letters"]) > 6:
        continue
    checked += 1
    sols = cryptarithm_solutions(m["words_letters"], m["result_letters"])
    if len(sols) > 1:
        other = next(s for s in sols if s != m["letter_to_digit"])
        alt = ",".join(f"{l}={d}" for l, d in sorted(other.items()))
        multi.append((i, " + ".join(m["words_letters"]) + " = " + m["result_letters"], e["answer"], alt,
                      ds.score_answer(alt, e)))
    if checked == 20:
        break
print(f"{len(multi)} of {checked} have more than one solution")
for i, eq, ans, alt, score in multi[:5]:
    print(f"  #{i}: {eq}: stored {ans}; also {alt}; score_answer(other valid solution) = {score}")

print("\n== score_answer on wrong and junk answers ==")
e = rg.create_dataset("cryptarithm", seed=1, size=1)[0]
cds = rg.create_dataset("cryptarithm", seed=1, size=1)
pairs = e["answer"].split(",")
swapped = pairs[:]
a, b = swapped[0].split("="), swapped[1].split("=")
swapped[0], swapped[1] = f"{a[0]}={b[1]}", f"{b[0]}={a[1]}"
for label, answer in [("reference", e["answer"]), ("two letters swapped", ",".join(swapped)),
                      ("one letter missing", ",".join(pairs[1:])), ("empty", ""), ("None", None),
                      ("reference twice", e["answer"] + "," + e["answer"]),
                      ("A=1 junk", "A=1")]:
    print(f"  cryptarithm {label!r}: {cds.score_answer(answer, e)}")
fds = rg.create_dataset("futoshiki", seed=1, size=1)
e = fds[0]
for label, answer in [("reference", e["answer"]), ("empty", ""), ("None", None),
                      ("grid without signs", "\n".join(" ".join(map(str, r)) for r in e["metadata"]["solution"])),
                      ("one digit changed", e["answer"].replace(e["answer"][0], "9", 1))]:
    print(f"  futoshiki {label!r}: {fds.score_answer(answer, e)}")
