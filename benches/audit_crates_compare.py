#!/usr/bin/env python3
"""Compares a `verigym audit` crate report with cargo-mutants' outcomes.json for the same crate:
mutants, shared mutants (same file, line, column and replacement), verdict agreement, scores and
wall time per mutant. Used by benches/audit_crates_vs_cargo_mutants.sh.

Also: the instrumented baseline (verigym's second baseline run, summed over its test targets)
against a plain `cargo test` of the same tests (PLAIN_MS, measured by the shell script), and the
time per mutant after the one build: verigym's mutant runs over its mutants, cargo-mutants' build
and test phases of each mutant over its mutants (its baseline left out).

Usage: audit_crates_compare.py VERIGYM_JSON OUTCOMES_JSON VG_WALL_S CM_WALL_S NAME SHARD [PLAIN_MS]
"""
import json, sys

ours = json.load(open(sys.argv[1]))
cm = json.load(open(sys.argv[2]))
vg_wall, cm_wall, name, shard = float(sys.argv[3]), float(sys.argv[4]), sys.argv[5], sys.argv[6]
status = {"CaughtMutant": "killed", "MissedMutant": "survived", "Timeout": "timeout",
          "Unviable": "unviable"}
index = {}
for m in ours["mutants"]:
    index.setdefault((m["file"], m["line"], m["column"], m["replacement"]), m)
by_line = {}
for m in ours["mutants"]:
    by_line.setdefault((m["file"], m["line"]), []).append(m)


def bare(text):
    return "".join(ch for ch in text if ch not in "() \t\n")


def parenthesized(cm_m, start, repl):
    """verigym writes an operator swap that changes precedence as the whole expression,
    parenthesized (`(a + b * c)`); cargo-mutants writes the operator alone. The same mutant when
    the expression with the operator swapped reads the same without parentheses and spaces."""
    for m in by_line.get((cm_m["file"], start["line"]), []):
        off = start["column"] - m["column"]
        orig = m["original"]
        if off < 0 or m["operator"] not in ("arithmetic_swap", "logical_swap") or "\n" in orig:
            continue
        old_op = orig[off:].split(" ", 1)[0]
        if not old_op or orig[off:off + len(old_op)] != old_op:
            continue
        swapped = orig[:off] + repl + orig[off + len(old_op):]
        if bare(swapped) == bare(m["replacement"]):
            return m
    return None


cm_mutants = [o for o in cm["outcomes"] if isinstance(o["scenario"], dict)]
matched, agree, differ = 0, 0, []
for o in cm_mutants:
    m = o["scenario"]["Mutant"]
    start = m["span"]["start"]
    repl = m["replacement"].replace("vec![]", "Vec::new()")
    if m["genre"] in ("UnaryOperator", "MatchArm"):
        repl = ""
    ours_m = index.get((m["file"], start["line"], start["column"], repl))
    if ours_m is None and m["genre"] == "BinaryOperator":
        ours_m = parenthesized(m, start, repl)
    if ours_m is None:
        continue
    matched += 1
    theirs = status.get(o["summary"], o["summary"])
    if theirs == ours_m["status"]:
        agree += 1
    else:
        differ.append((m["file"], start["line"], start["column"], m["replacement"], theirs,
                       ours_m["status"], (ours_m.get("reason") or "")[:90]))

def score(counts):
    viable = counts["viable"]
    return 100.0 * (counts["killed"] + counts["timeout"]) / viable if viable else 0.0

c = ours["counts"]
cm_counts = {"killed": 0, "survived": 0, "timeout": 0, "unviable": 0}
for o in cm_mutants:
    cm_counts[status.get(o["summary"], "unviable")] += 1
cm_viable = len(cm_mutants) - cm_counts["unviable"]
cm_score = 100.0 * (cm_counts["killed"] + cm_counts["timeout"]) / cm_viable if cm_viable else 0.0
vg_per = 1000.0 * vg_wall / max(1, c["total"])
cm_per = 1000.0 * cm_wall / max(1, len(cm_mutants))
print(f"verigym:       {c['total']} mutants ({c['viable']} viable), score {score(c):.1f}%, "
      f"wall {vg_wall:.1f} s, {vg_per:.0f} ms/mutant all in")
print(f"cargo-mutants: {len(cm_mutants)} mutants (shard {shard}; {cm_viable} viable), "
      f"score {cm_score:.1f}%, wall {cm_wall:.1f} s, {cm_per:.0f} ms/mutant all in")
print(f"shared: {matched}, verdicts agree on {agree} ({100.0 * agree / max(1, matched):.1f}%); "
      f"speed-up per mutant {cm_per / vg_per:.1f}x")
for d in differ:
    print("  differs: %s:%d:%d -> %r: cargo-mutants %s, verigym %s (%s)" % d)
plain_ms = float(sys.argv[7]) if len(sys.argv) > 7 and sys.argv[7] else None
instrumented_ms = sum(t["baseline_ms"] for t in ours["targets"])
if plain_ms:
    print(f"baseline: instrumented {instrumented_ms:.0f} ms (opt-level {ours.get('opt_level', 0)}), "
          f"plain cargo test {plain_ms:.0f} ms: {instrumented_ms / plain_ms:.2f}x")


def phases(outcome):
    return sum(p.get("duration", 0.0) for p in outcome.get("phase_results", []))


vg_after = ours["timing"]["run_ms"] / max(1, c["total"])
cm_after = 1000.0 * sum(phases(o) for o in cm_mutants) / max(1, len(cm_mutants))
print(f"per mutant after the one build: verigym {vg_after:.0f} ms, cargo-mutants {cm_after:.0f} ms: "
      f"{cm_after / max(vg_after, 1e-9):.1f}x")
print(f"AFTER|{name}|{shard}|{instrumented_ms:.0f}|{plain_ms or 0:.0f}|{vg_after:.0f}|{cm_after:.0f}")
print(f"ROW|{name}|{shard}|{c['total']}|{len(cm_mutants)}|{matched}|{agree}|{score(c):.1f}|"
      f"{cm_score:.1f}|{vg_per:.0f}|{cm_per:.0f}|{cm_per / vg_per:.1f}")
