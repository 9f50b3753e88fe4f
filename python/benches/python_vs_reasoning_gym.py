"""verigym's Python front door against Reasoning Gym, side by side in one process.

    pip install reasoning-gym            # next to verigym, in the same virtualenv
    python python/benches/python_vs_reasoning_gym.py [--repeats 7] [--n 20000]

Every figure is a median over ``--repeats`` runs, in operations per CPU-second
(``time.process_time``: CPU time of every thread of the process, so verigym's parallel paths are
charged for all the cores they use). Reasoning Gym's ``chain_sum`` (sums of integers) is set
against verigym's ``modarith`` (chains of modular arithmetic), the nearest env:

* generation: ``rg[i]`` (a dict per call) against ``verigym.Dataset(...)[i]`` (a dict per call);
* verification: ``rg.score_answer(answer, entry)`` (the answer already extracted) against
  ``verigym.verify(record, "<answer>...</answer>")`` (tag extraction, format checks, a verdict
  dict), with the record as the dict ``ds[i]`` gave, as its JSON line, and as a ``Record``;
* the trainer reward functions: ``verigym.trl.reward()`` on a TRL batch (records as the JSON
  lines of the ``record`` column) and ``verigym.verl.compute_score`` called per response as
  verl's reward managers do.
"""

from __future__ import annotations

import argparse
import collections
import json
import statistics
import sys
import time


def drain(results) -> None:
    """Consumes an iterator of results without keeping them: a list of 40,000 verdict dicts
    would charge the cyclic collector's passes over it to whichever case made the most."""
    collections.deque(results, maxlen=0)


def per_cpu_second(fn, n: int, repeats: int) -> float:
    """Median of ``repeats`` runs of ``fn()`` (which does ``n`` operations), in ops/CPU-s."""
    rates = []
    for _ in range(repeats):
        start = time.process_time()
        fn()
        rates.append(n / (time.process_time() - start))
    return statistics.median(rates)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--n", type=int, default=20_000)
    args = parser.parse_args()
    n, repeats = args.n, args.repeats

    import reasoning_gym
    import verigym
    import verigym.trl
    import verigym.verl

    rg = reasoning_gym.create_dataset("chain_sum", size=n, seed=1)
    ds = verigym.Dataset("modarith", size=n, seed=1)

    rows = []

    def row(name, rate, baseline=None):
        rows.append((name, rate, baseline))

    # Generation: a dict per index, one call per index (each run regenerates: both are pure
    # functions of (seed, index) and neither caches).
    rg_gen = per_cpu_second(lambda: drain(rg[i] for i in range(n)), n, repeats)
    vg_gen = per_cpu_second(lambda: drain(ds[i] for i in range(n)), n, repeats)
    vg_slice = per_cpu_second(lambda: ds[0:n], n, repeats)
    row("RG chain_sum rg[i]", rg_gen)
    row("verigym modarith ds[i]", vg_gen, rg_gen)
    row("verigym modarith ds[0:n]", vg_slice, rg_gen)
    # Floors: the same record dicts built by CPython's own C JSON decoder from their lines, and
    # a dict's content read once by its C encoder (what any verify of a dict must at least do).
    gen_lines = [ds.jsonl(i) for i in range(n)]
    loads = json.loads
    row("floor: json.loads(line), the same dicts by CPython's decoder",
        per_cpu_second(lambda: drain(loads(line) for line in gen_lines), n, repeats), rg_gen)

    # Verification, one call per response.
    m = min(n, 5_000)
    rg_entries = [rg[i] for i in range(m)]
    rg_answers = [e["answer"] for e in rg_entries]
    rg_ver = per_cpu_second(lambda: drain(rg.score_answer(a, e) for a, e in zip(rg_answers, rg_entries)), m, repeats)
    dicts = ds[0:m]
    lines = [ds.jsonl(i).decode()[:-1] for i in range(m)]
    records = ds.records(0, m)
    responses = [f"<answer>{d['answer']}</answer>" for d in dicts]
    assert all(verigym.verify(d, r)["correct"] for d, r in zip(dicts[:100], responses))
    verify = verigym.verify
    row("RG chain_sum score_answer(answer, entry)", rg_ver)
    dumps = json.dumps
    row("floor: json.dumps(record dict), reading a dict's content once",
        per_cpu_second(lambda: drain(dumps(d) for d in dicts), m, repeats), rg_ver)
    # Each record judged once per run (the caches of loaded problems hold 4,096, fewer than the
    # 5,000 records, so every call loads its record), then a GRPO group: 8 responses to each
    # record, one call per response, as verl's reward managers call compute_score (the first
    # loads the record, the other 7 find it kept).
    group = 8
    for name, recs in (("dict", dicts), ("JSON line", lines), ("Record", records)):
        rate = per_cpu_second(lambda recs=recs: drain(verify(x, r) for x, r in zip(recs, responses)), m, repeats)
        row(f"verigym verify(record {name}, response), each record once", rate, rg_ver)
    for name, recs in (("dict", dicts), ("JSON line", lines), ("Record", records)):
        rate = per_cpu_second(
            lambda recs=recs: drain(verify(x, r) for x, r in zip(recs, responses) for _ in range(group)), m * group, repeats
        )
        row(f"verigym verify(record {name}, response), 8 per record", rate, rg_ver)

    # Trainer rewards. TRL: one call per generation batch (8 prompts x 8 completions), the
    # record column holding JSON lines.
    g, prompts = 8, 8
    batches = []
    for start in range(0, m - prompts + 1, prompts):
        recs = [lines[i] for i in range(start, start + prompts) for _ in range(g)]
        comps = [[{"role": "assistant", "content": responses[i]}] for i in range(start, start + prompts) for _ in range(g)]
        batches.append((recs, comps))
    reward = verigym.trl.reward()
    total = len(batches) * prompts * g
    trl_rate = per_cpu_second(
        lambda: drain(reward(prompts=None, completions=c, record=r) for r, c in batches), total, repeats
    )
    row("verigym.trl reward, per completion (batches of 8x8)", trl_rate, rg_ver)
    extra = [{"record": line, "index": i} for i, line in enumerate(lines)]
    compute_score = verigym.verl.compute_score
    verl_rate = per_cpu_second(
        lambda: drain(
            compute_score(data_source="verigym/modarith", solution_str=r, ground_truth="", extra_info=e)
            for r, e in zip(responses, extra)
            for _ in range(group)
        ),
        m * group,
        repeats,
    )
    row("verigym.verl compute_score, per call, 8 per record", verl_rate, rg_ver)

    print(f"python {sys.version.split()[0]}, verigym {verigym.__version__}, reasoning-gym "
          f"{getattr(reasoning_gym, '__version__', '?')}; n={n}, medians of {repeats} runs")
    print(f"{'':66} {'per CPU-second':>16} {'vs RG':>8}")
    for name, rate, baseline in rows:
        ratio = f"{rate / baseline:.2f}x" if baseline else ""
        print(f"{name:66} {rate:16,.0f} {ratio:>8}")
    json.dump({name: rate for name, rate, _ in rows}, sys.stderr)
    sys.stderr.write("\n")


if __name__ == "__main__":
    main()
