#!/usr/bin/env bash
# Side by side, in one run: `verigym audit` (mutant schemata, one compile) and cargo-mutants (one
# build per mutant) on the same repo and suite. Prints both summaries, the time per mutant of each
# and their ratio, then compares verdicts on the mutants both tools generate (matched by line,
# column and replacement: binary and unary operators, and function-value replacements).
#
# Usage: benches/audit_vs_cargo_mutants.sh <repo-dir> [strong|weak|FILE]
#
# VG_ARGS adds arguments to `verigym audit` (e.g. VG_ARGS="--equivalence-inputs 0" to leave out
# the differential testing of survivors, which cargo-mutants does not do).
# Needs benches/cargo_mutants_compare.sh (it runs cargo-mutants) and python3 for the verdict
# comparison. Skips itself (exit 0) when cargo-mutants is not installed.
set -euo pipefail

[ $# -ge 1 ] || { sed -n '7p' "$0" | sed 's/^# //' >&2; exit 2; }
read -r -a vg_args <<<"${VG_ARGS:-}"
repo=$1
suite=${2:-strong}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
cm_script=${CM_COMPARE:-$here/cargo_mutants_compare.sh}

export PATH="$PATH:${CARGO_HOME:-$HOME/.cargo}/bin"
if ! cargo mutants --version >/dev/null 2>&1; then
    echo "audit_vs_cargo_mutants: skipped: cargo-mutants is not installed" \
        "(install it with: cargo install cargo-mutants --locked)"
    exit 0
fi
[ -x "$cm_script" ] || [ -f "$cm_script" ] || {
    echo "audit_vs_cargo_mutants: $cm_script not found (set CM_COMPARE)" >&2
    exit 2
}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/audit_vs_cm.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
(cd "$root" && cargo build -q --release)
verigym=$root/target/release/verigym

echo "== verigym audit ($repo, $suite)"
start=$(date +%s.%N)
"$verigym" audit "$repo" --suite "$suite" --json "$tmp/verigym.json" "${vg_args[@]}" | sed -n '3,6p'
end=$(date +%s.%N)
echo "wall:     $(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.1f s", e - s }')"

echo
echo "== cargo-mutants ($repo, $suite)"
bash "$cm_script" "$repo" "$suite" --keep "$tmp/cm" | sed '/^survivors:/,$d'

python3 - "$tmp/verigym.json" "$tmp/cm/outcomes.json" <<'PY'
import json, sys

ours = json.load(open(sys.argv[1]))
cm = json.load(open(sys.argv[2]))
status = {"CaughtMutant": "killed", "MissedMutant": "survived", "Timeout": "timeout",
          "Unviable": "unviable"}
index = {(m["line"], m["column"], m["replacement"]): m for m in ours["mutants"]}
cm_mutants = [o for o in cm["outcomes"] if isinstance(o["scenario"], dict)]
matched, agree, differ, unmatched = 0, 0, [], 0
for o in cm_mutants:
    m = o["scenario"]["Mutant"]
    start = m["span"]["start"]
    repl = m["replacement"].replace("vec![]", "Vec::new()")
    if m["genre"] in ("UnaryOperator", "MatchArm"):
        repl = ""
    ours_m = index.get((start["line"], start["column"], repl))
    if ours_m is None:
        unmatched += 1
        continue
    matched += 1
    theirs = status.get(o["summary"], o["summary"])
    if theirs == ours_m["status"]:
        agree += 1
    else:
        differ.append((m["name"], theirs, ours_m["status"], ours_m.get("reason")))

t = ours["timing"]
cm_wall = sum(p["duration"] for o in cm["outcomes"] for p in o.get("phase_results", []))
cm_per = cm_wall / max(1, len(cm_mutants))
print()
print("== side by side")
print(f"verigym:       {ours['counts']['total']} mutants, {t['total_ms_per_mutant']:.1f} ms/mutant "
      f"all in (compile {t['compile_ms']:.0f} ms), {t['run_ms_per_mutant']:.1f} ms/mutant running")
print(f"cargo-mutants: {len(cm_mutants)} mutants, {1000 * cm_per:.1f} ms/mutant (build + test phases)")
print(f"speed-up per mutant: {1000 * cm_per / t['total_ms_per_mutant']:.0f}x all in, "
      f"{1000 * cm_per / t['run_ms_per_mutant']:.0f}x running only")
print(f"verdicts on {matched} mutants both tools make: {agree} agree, {len(differ)} differ "
      f"({unmatched} cargo-mutants mutants have no counterpart in verigym)")
for name, theirs, mine, reason in differ:
    print(f"  {name}: cargo-mutants {theirs}, verigym {mine} ({reason})")
PY
