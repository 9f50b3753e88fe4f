"""Python benchmarks for BENCHMARKS.md: medians of repeated wall-clock runs (not tests).

    python python/benches/bench.py --cli target/release/verigym --rg-python /path/to/rg/venv/bin/python

Needs a release build of the package (`pip install ./python`) and of the CLI
(`cargo build --release`). Reasoning Gym's `chain_sum` is timed in the interpreter given by
`--rg-python` (a venv with `reasoning-gym`), in the same run, so the ratios printed at the end
compare figures taken under the same machine load.
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

RG_SNIPPET = """
import time, statistics, reasoning_gym
def run():
    data = reasoning_gym.create_dataset("chain_sum", size={n}, seed=0)
    for _ in data:
        pass
times = []
for _ in range({repeat}):
    start = time.perf_counter(); run(); times.append(time.perf_counter() - start)
print(statistics.median(times))
"""


def median_time(fn, repeat):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def row(name, seconds, n, unit="records"):
    print(f"| {name} | {seconds * 1e3:.1f} ms | {n / seconds / 1e6:.3f}M {unit}/s | {seconds / n * 1e6:.3f} µs |")
    return seconds


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True, help="path of a release verigym binary")
    ap.add_argument("--rg-python", help="a Python interpreter that imports reasoning_gym")
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    r = args.repeat
    print(f"verigym {verigym.__version__}, {os.cpu_count()} cpus, median of {r}, load average {os.getloadavg()[0]:.1f}")
    print("| case | median | rate | per item |\n|---|---|---|---|")

    ds = verigym.Dataset("modarith", size=N, seed=0)
    cli = row(
        "CLI: verigym generate --env modarith -n 100000 > /dev/null (incl. process start)",
        median_time(
            lambda: subprocess.run(
                [args.cli, "generate", "--env", "modarith", "-n", str(N)], stdout=subprocess.DEVNULL, check=True
            ),
            r,
        ),
        N,
    )
    dicts = row("list(Dataset('modarith', size=100_000)): dicts", median_time(lambda: list(ds), r), N)
    held = row("ds.records(): Record objects (fields built on read)", median_time(lambda: ds.records(), r), N)
    prompts = row(
        "[rec['prompt'] for rec in ds.records()]: Records, one field read",
        median_time(lambda: [rec["prompt"] for rec in ds.records()], r),
        N,
    )
    columns = row("ds.columns(): id/prompt/answer/record columns", median_time(lambda: ds.columns(), r), N)
    jsonl = row("ds.to_jsonl(): the CLI's bytes in memory", median_time(lambda: ds.to_jsonl(), r), N)
    rg = None
    if args.rg_python:
        out = subprocess.run(
            [args.rg_python, "-c", RG_SNIPPET.format(n=N, repeat=max(1, r // 2))],
            capture_output=True, text=True, check=True,
        ).stdout
        rg = row("Reasoning Gym 0.1.19: chain_sum, 100k entries (its own venv)", float(out.strip()), N)

    records = list(ds)
    held_records = ds.records()
    lines = [ds.jsonl(i).decode() for i in range(N)]
    byte_lines = [line.encode() for line in lines]
    responses = [
        "<think>" + "".join(f"step {k}: 1\n" for k in range(1, 9)) + "</think>\n"
        + (f"<answer>{rec['answer']}</answer>" if i % 2 else "<answer>0</answer>")
        for i, rec in enumerate(records)
    ]
    indices = list(range(N))
    v = {}
    v["dicts"] = row("verify_many(dict records) -> verdict dicts", median_time(lambda: verigym.verify_many(records, responses), r), N, "verdicts")
    v["scores_dicts"] = row("scores(dict records)", median_time(lambda: verigym.scores(records, responses), r), N, "verdicts")
    v["lines"] = row("verify_many(JSON-line str records)", median_time(lambda: verigym.verify_many(lines, responses), r), N, "verdicts")
    v["scores_lines"] = row("scores(JSON-line str records)", median_time(lambda: verigym.scores(lines, responses), r), N, "verdicts")
    v["scores_bytes"] = row("scores(JSON-line bytes records)", median_time(lambda: verigym.scores(byte_lines, responses), r), N, "verdicts")
    v["held"] = row("verify_many(Record objects) -> verdict dicts", median_time(lambda: verigym.verify_many(held_records, responses), r), N, "verdicts")
    v["scores_held"] = row("scores(Record objects)", median_time(lambda: verigym.scores(held_records, responses), r), N, "verdicts")
    v["index"] = row("ds.verify_many(indices) -> verdict dicts", median_time(lambda: ds.verify_many(indices, responses), r), N, "verdicts")
    v["scores_index"] = row("ds.scores(indices)", median_time(lambda: ds.scores(indices, responses), r), N, "verdicts")
    grouped = [lines[i // 8] for i in range(N)]
    row("scores(JSON-line records, 8 responses each: a GRPO group)", median_time(lambda: verigym.scores(grouped, responses), r), N, "verdicts")
    grouped_held = [held_records[i // 8] for i in range(N)]
    row("scores(Record objects, 8 responses each)", median_time(lambda: verigym.scores(grouped_held, responses), r), N, "verdicts")

    # TRL: the reward as GRPOTrainer calls it (message lists, the record column), against the
    # same grading done directly; the difference is the adapter's cost per completion.
    reward = verigym.trl.reward()
    completions = [[{"role": "assistant", "content": c}] for c in responses]
    prompts_col = [None] * N
    direct = row("verify_columns, 8 responses per JSON-line record", median_time(lambda: verigym.verify_columns(grouped, responses), r), N, "verdicts")
    via_trl = row(
        "verigym.trl.reward(...) on the same, message-list completions",
        median_time(lambda: reward(prompts=prompts_col, completions=completions, completion_ids=None, record=grouped, log_metric=lambda n, v: None), r),
        N, "completions",
    )

    print()
    print(f"dicts / CLI: {dicts / cli:.2f}x   Records / CLI: {held / cli:.2f}x   "
          f"Records + one field / CLI: {prompts / cli:.2f}x   columns / CLI: {columns / cli:.2f}x   bytes / CLI: {jsonl / cli:.2f}x")
    if rg is not None:
        print(f"faster than Reasoning Gym chain_sum: dicts {rg / dicts:.1f}x   Records {rg / held:.1f}x   "
              f"Records + one field {rg / prompts:.1f}x   bytes {rg / jsonl:.1f}x")
    best = min(v["scores_index"], v["scores_held"])
    print(f"best verify path: {N / best / 1e6:.2f}M verdicts/s (scores by index or Record); "
          f"with verdict dicts {N / min(v['index'], v['held']) / 1e6:.2f}M/s; from dict records {N / v['dicts'] / 1e6:.3f}M/s")
    print(f"TRL reward overhead beside verify_columns: {(via_trl - direct) / N * 1e6:.3f} µs per completion")


if __name__ == "__main__":
    main()
