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
import resource
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


CPU = {}
"""Median CPU seconds (this process's threads and its children) of each timed case, by name."""


def cpu_now():
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def median_time(fn, repeat):
    """Median wall-clock seconds of `repeat` runs; the median CPU seconds go to `CPU[fn]`."""
    times, cpus = [], []
    for _ in range(repeat):
        start, cpu = time.perf_counter(), cpu_now()
        fn()
        times.append(time.perf_counter() - start)
        cpus.append(cpu_now() - cpu)
    CPU[fn] = statistics.median(cpus)
    return statistics.median(times)


def row(name, seconds, n, unit="records", cpu=None):
    cpu = f"{cpu * 1e3:.0f} ms" if cpu is not None else "—"
    print(f"| {name} | {seconds * 1e3:.1f} ms | {cpu} | {n / seconds / 1e6:.3f}M {unit}/s | {seconds / n * 1e6:.3f} µs |")
    return seconds


def case(name, fn, r, n, unit="records"):
    """Times `fn`; returns (wall, cpu) medians."""
    wall = median_time(fn, r)
    row(name, wall, n, unit, CPU[fn])
    return wall, CPU[fn]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True, help="path of a release verigym binary")
    ap.add_argument("--rg-python", help="a Python interpreter that imports reasoning_gym")
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    r = args.repeat
    print(f"verigym {verigym.__version__}, {os.cpu_count()} cpus, median of {r}, load average {os.getloadavg()[0]:.1f}")
    print("| case | median wall | median CPU | rate (wall) | per item (wall) |\n|---|---|---|---|---|")

    ds = verigym.Dataset("modarith", size=N, seed=0)
    cli = case(
        "CLI: verigym generate --env modarith -n 100000 > /dev/null (incl. process start)",
        lambda: subprocess.run(
            [args.cli, "generate", "--env", "modarith", "-n", str(N)], stdout=subprocess.DEVNULL, check=True
        ),
        r, N,
    )
    gen = {
        "dicts": case("list(Dataset('modarith', size=100_000)): dicts", lambda: list(ds), r, N),
        "Records": case("ds.records(): Record objects (fields built on read)", lambda: ds.records(), r, N),
        "Records + prompt": case(
            "[rec['prompt'] for rec in ds.records()]: Records, one field read",
            lambda: [rec["prompt"] for rec in ds.records()], r, N,
        ),
        "columns": case("ds.columns(): id/prompt/answer/record columns", lambda: ds.columns(), r, N),
        "bytes": case("ds.to_jsonl(): the CLI's bytes in memory", lambda: ds.to_jsonl(), r, N),
    }
    rg = None
    if args.rg_python:
        out = subprocess.run(
            [args.rg_python, "-c", RG_SNIPPET.format(n=N, repeat=max(1, r // 2))],
            capture_output=True, text=True, check=True,
        ).stdout
        rg = row("Reasoning Gym 0.1.19: chain_sum, 100k entries (its own venv; CPU not taken)", float(out.strip()), N)

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
    v["dicts"] = case("verify_many(dict records) -> verdict dicts", lambda: verigym.verify_many(records, responses), r, N, "verdicts")
    v["scores_dicts"] = case("scores(dict records)", lambda: verigym.scores(records, responses), r, N, "verdicts")
    v["lines"] = case("verify_many(JSON-line str records)", lambda: verigym.verify_many(lines, responses), r, N, "verdicts")
    v["scores_lines"] = case("scores(JSON-line str records)", lambda: verigym.scores(lines, responses), r, N, "verdicts")
    v["scores_bytes"] = case("scores(JSON-line bytes records)", lambda: verigym.scores(byte_lines, responses), r, N, "verdicts")
    v["held"] = case("verify_many(Record objects) -> verdict dicts", lambda: verigym.verify_many(held_records, responses), r, N, "verdicts")
    v["scores_held"] = case("scores(Record objects)", lambda: verigym.scores(held_records, responses), r, N, "verdicts")
    v["index"] = case("ds.verify_many(indices) -> verdict dicts", lambda: ds.verify_many(indices, responses), r, N, "verdicts")
    v["scores_index"] = case("ds.scores(indices)", lambda: ds.scores(indices, responses), r, N, "verdicts")
    grouped = [lines[i // 8] for i in range(N)]
    case("scores(JSON-line records, 8 responses each: a GRPO group)", lambda: verigym.scores(grouped, responses), r, N, "verdicts")
    grouped_held = [held_records[i // 8] for i in range(N)]
    case("scores(Record objects, 8 responses each)", lambda: verigym.scores(grouped_held, responses), r, N, "verdicts")

    # TRL: the reward as GRPOTrainer calls it (message lists, the record column), against the
    # same grading done directly; the difference is the adapter's cost per completion.
    reward = verigym.trl.reward()
    completions = [[{"role": "assistant", "content": c}] for c in responses]
    prompts_col = [None] * N
    direct, _ = case("verify_columns, 8 responses per JSON-line record", lambda: verigym.verify_columns(grouped, responses), r, N, "verdicts")
    via_trl, _ = case(
        "verigym.trl.reward(...) on the same, message-list completions",
        lambda: reward(prompts=prompts_col, completions=completions, completion_ids=None, record=grouped, log_metric=lambda n, v: None),
        r, N, "completions",
    )

    print()
    print("generation, against the CLI in the same run (wall; CPU in brackets):")
    for name, (wall, cpu) in gen.items():
        print(f"  {name}: {wall / cli[0]:.2f}x ({cpu / cli[1]:.2f}x)")
    if rg is not None:
        print("faster than Reasoning Gym chain_sum in the same run (wall):")
        for name, (wall, _) in gen.items():
            print(f"  {name}: {rg / wall:.1f}x")
    print("verification (wall rate; the rate 2 dedicated cores would give at this CPU cost in brackets):")
    for name, (wall, cpu) in v.items():
        print(f"  {name}: {N / wall / 1e6:.3f}M/s ({2 * N / cpu / 1e6:.2f}M/s)")
    print(f"TRL reward overhead beside verify_columns: {(via_trl - direct) / N * 1e6:.3f} µs per completion")


if __name__ == "__main__":
    main()
