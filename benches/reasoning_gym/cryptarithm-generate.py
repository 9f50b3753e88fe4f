#!/usr/bin/env python3
"""Cryptarithm generation per CPU-second: Reasoning Gym 0.1.19 and verigym in one run (issue 29).

    /work/venvs/rg/bin/python benches/reasoning_gym/cryptarithm-generate.py target/release/verigym

CPU time, not wall time, so the figures hold on a machine shared with other builds: Reasoning
Gym's with `time.process_time()` around `create_dataset` and reading every item (in-process, its
default config); verigym's from the child's user + system time (`RUSAGE_CHILDREN`) for one
`verigym generate` run at each level, process start, uniqueness proof and JSON writing included
(the CLI generates on one thread). Reasoning Gym proves nothing about uniqueness.
"""
import resource
import subprocess
import sys
import time

import reasoning_gym as rg

BIN = sys.argv[1] if len(sys.argv) > 1 else "target/release/verigym"
N = int(sys.argv[2]) if len(sys.argv) > 2 else 5000


def child_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def ours(level, n=N):
    before = child_cpu()
    out = subprocess.run([BIN, "generate", "--env", "cryptarithm", "--level", str(level),
                          "--seed", "1", "-n", str(n)], check=True, capture_output=True).stdout
    assert out.count(b"\n") == n
    return n / (child_cpu() - before)


def theirs(n=N):
    t = time.process_time()
    ds = rg.create_dataset("cryptarithm", seed=1, size=n)
    for i in range(n):
        ds[i]
    return n / (time.process_time() - t)


print(f"{N} problems each, problems per CPU-second (median of 3 runs)")
med = lambda f: sorted(f() for _ in range(3))[1]
print(f"Reasoning Gym 0.1.19 cryptarithm (default config): {med(theirs):,.0f}/s")
for level in (0, 5, 10):
    print(f"verigym cryptarithm level {level}: {med(lambda: ours(level)):,.0f}/s")
