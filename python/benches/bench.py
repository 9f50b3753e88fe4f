"""Python benchmarks for BENCHMARKS.md: medians of repeated wall-clock runs (not tests).

    python python/benches/bench.py --cli target/release/verigym [--repeat 5]

Needs a release build of the package (`pip install ./python`) and of the CLI
(`cargo build --release`); compares with Reasoning Gym's chain_sum when `reasoning_gym` imports.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import time

import verigym
import verigym.trl

N = 100_000


def median_time(fn, repeat):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def row(name, seconds, n, unit="records"):
    print(f"| {name} | {seconds * 1e3:.1f} ms | {n / seconds / 1e6:.3f}M {unit}/s | {seconds / n * 1e6:.3f} µs |")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True, help="path of a release verigym binary")
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    r = args.repeat
    print(f"verigym {verigym.__version__}, {os.cpu_count()} cpus, median of {r}")
    print("| case | median | rate | per item |\n|---|---|---|---|")

    ds = verigym.Dataset("modarith", size=N, seed=0)
    row("Python: list(Dataset('modarith', size=100_000)) (dicts)", median_time(lambda: list(ds), r), N)
    row("Python: ds.to_jsonl() (bytes)", median_time(lambda: ds.to_jsonl(), r), N)
    cli = median_time(
        lambda: subprocess.run([args.cli, "generate", "--env", "modarith", "-n", str(N)], stdout=subprocess.DEVNULL, check=True), r
    )
    row("CLI: verigym generate --env modarith -n 100000 > /dev/null (incl. process start)", cli, N)
    try:
        import reasoning_gym

        def chain_sum():
            data = reasoning_gym.create_dataset("chain_sum", size=N, seed=0)
            for _ in data:
                pass

        row("Reasoning Gym: chain_sum, 100k entries", median_time(chain_sum, max(1, r // 2)), N)
    except ImportError:
        print("| Reasoning Gym | not installed | | |")

    records = list(ds)
    lines = [ds.jsonl(i).decode() for i in range(N)]
    responses = [
        "<think>" + "".join(f"step {k}: 1\n" for k in range(1, 9)) + "</think>\n"
        + (f"<answer>{rec['answer']}</answer>" if i % 2 else "<answer>0</answer>")
        for i, rec in enumerate(records)
    ]
    row("verify_many(dict records, responses) -> verdict dicts", median_time(lambda: verigym.verify_many(records, responses), r), N, "verdicts")
    row("verify_columns(dict records, responses)", median_time(lambda: verigym.verify_columns(records, responses), r), N, "verdicts")
    row("scores(dict records, responses)", median_time(lambda: verigym.scores(records, responses), r), N, "verdicts")
    row("verify_many(JSON-line records, responses)", median_time(lambda: verigym.verify_many(lines, responses), r), N, "verdicts")
    row("scores(JSON-line records, responses)", median_time(lambda: verigym.scores(lines, responses), r), N, "verdicts")
    grouped = [lines[i // 8] for i in range(N)]
    row("scores(JSON-line records, 8 responses each)", median_time(lambda: verigym.scores(grouped, responses), r), N, "verdicts")

    # TRL: the reward as GRPOTrainer calls it (message lists, the record column), against the
    # same grading done directly; the difference is the adapter's cost per completion.
    reward = verigym.trl.reward()
    completions = [[{"role": "assistant", "content": c}] for c in responses]
    prompts = [None] * N
    direct = median_time(lambda: verigym.verify_columns(grouped, responses), r)
    via_trl = median_time(
        lambda: reward(prompts=prompts, completions=completions, completion_ids=None, record=grouped, log_metric=lambda n, v: None), r
    )
    row("verify_columns, 8 responses per JSON-line record", direct, N, "verdicts")
    row("verigym.trl.reward(...) on the same, message-list completions", via_trl, N, "completions")
    print(f"TRL reward overhead beside verify: {(via_trl - direct) / N * 1e6:.3f} µs per completion")


if __name__ == "__main__":
    main()
