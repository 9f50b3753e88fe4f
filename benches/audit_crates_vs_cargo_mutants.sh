#!/usr/bin/env bash
# Real crates from the registry, audited UNCHANGED by `verigym audit` (one build, mutants selected
# at run time) and by cargo-mutants (one incremental build per mutant), side by side in one
# session. Per crate: mutants of each tool, shared mutants (same file, line, column and
# replacement), verdict agreement on them, score, and wall time per mutant all in (wall clock of
# the whole command, dependency builds included, over the mutants that tool judged).
#
# Usage: benches/audit_crates_vs_cargo_mutants.sh [WORK_DIR] [name@version[:cm-shard] ...]
#
# The default crates are pinned below; `:k/n` runs cargo-mutants on shard k of n only (it takes
# 3-6 s per mutant here), and the verdicts are compared on that shard's shared mutants. Tests
# that count are the library's unit tests and the integration tests (`--lib --tests` for
# cargo-mutants; doc tests are not run by either). Needs cargo-mutants (CARGO_MUTANTS, or
# `cargo mutants` on PATH) and python3. Skips itself (exit 0) when cargo-mutants is missing.
set -euo pipefail

default_crates=(
    itoa@1.0.14            # no_std, two files, integration tests
    either@1.13.0:0/4      # no_std with a std feature, dev-dependency (serde_json), 2,097 lines
    strsim@0.11.1:0/8      # one big file (1,307 lines), unit + integration tests
    semver@1.0.27:0/8      # multi-file (7 modules), 2,126 lines, integration tests with modules
)
work=${1:-$(mktemp -d "${TMPDIR:-/tmp}/audit_crates_vs_cm.XXXXXX")}
shift || true
crates=("$@")
[ ${#crates[@]} -gt 0 ] || crates=("${default_crates[@]}")
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
cm=${CARGO_MUTANTS:-}
if [ -z "$cm" ]; then
    if cargo mutants --version >/dev/null 2>&1; then cm="cargo mutants"; fi
else
    cm="$cm mutants"
fi
if [ -z "$cm" ]; then
    echo "audit_crates_vs_cargo_mutants: skipped: cargo-mutants is not installed" \
        "(cargo install cargo-mutants --locked)"
    exit 0
fi
verigym=${VERIGYM:-$root/target/release/verigym}
[ -x "$verigym" ] || (cd "$root" && cargo build -q --release) 
mkdir -p "$work"
echo "work dir: $work"
echo "cargo-mutants: $($cm --version)"

# The sources: a throwaway project depending on the pinned versions, fetched by cargo, copied
# from cargo's registry cache.
fetch=$work/fetch
mkdir -p "$fetch/src"
echo 'fn main() {}' >"$fetch/src/main.rs"
{
    printf '[package]\nname = "fetch-pinned"\nversion = "0.0.0"\nedition = "2021"\n\n[workspace]\n\n[dependencies]\n'
    for spec in "${crates[@]}"; do
        nv=${spec%%:*}
        printf '%s = "=%s"\n' "${nv%@*}" "${nv#*@}"
    done
} >"$fetch/Cargo.toml"
cargo fetch -q --manifest-path "$fetch/Cargo.toml"
registry=$(ls -d "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/ | head -1)

for spec in "${crates[@]}"; do
    nv=${spec%%:*}
    shard=""
    [[ $spec == *:* ]] && shard=${spec#*:}
    dir=${nv/@/-}
    src=$registry/$dir
    rm -rf "${work:?}/$dir" && mkdir -p "$work/$dir"
    cp -r "$src" "$work/$dir/vg"
    cp -r "$src" "$work/$dir/cm"
    echo
    echo "== $nv"
    start=$(date +%s.%N)
    "$verigym" audit "$work/$dir/vg" --json "$work/$dir/verigym.json" >"$work/$dir/verigym.txt" 2>"$work/$dir/verigym.err" ||
        { echo "verigym failed:"; tail -20 "$work/$dir/verigym.err"; continue; }
    end=$(date +%s.%N)
    vg_wall=$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.1f", e - s }')
    shard_args=()
    [ -n "$shard" ] && shard_args=(--shard "$shard")
    start=$(date +%s.%N)
    $cm --no-shuffle -d "$work/$dir/cm" -o "$work/$dir" "${shard_args[@]}" -- --lib --tests \
        >"$work/$dir/cm.txt" 2>&1 || true
    end=$(date +%s.%N)
    cm_wall=$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.1f", e - s }')
    python3 - "$work/$dir/verigym.json" "$work/$dir/mutants.out/outcomes.json" "$vg_wall" "$cm_wall" "$nv" "${shard:-all}" <<'PY'
import json, sys

ours = json.load(open(sys.argv[1]))
cm = json.load(open(sys.argv[2]))
vg_wall, cm_wall, name, shard = float(sys.argv[3]), float(sys.argv[4]), sys.argv[5], sys.argv[6]
status = {"CaughtMutant": "killed", "MissedMutant": "survived", "Timeout": "timeout",
          "Unviable": "unviable"}
index = {}
for m in ours["mutants"]:
    index.setdefault((m["file"], m["line"], m["column"], m["replacement"]), m)
cm_mutants = [o for o in cm["outcomes"] if isinstance(o["scenario"], dict)]
matched, agree, differ = 0, 0, []
for o in cm_mutants:
    m = o["scenario"]["Mutant"]
    start = m["span"]["start"]
    repl = m["replacement"].replace("vec![]", "Vec::new()")
    if m["genre"] in ("UnaryOperator", "MatchArm"):
        repl = ""
    ours_m = index.get((m["file"], start["line"], start["column"], repl))
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
print(f"ROW|{name}|{shard}|{c['total']}|{len(cm_mutants)}|{matched}|{agree}|{score(c):.1f}|"
      f"{cm_score:.1f}|{vg_per:.0f}|{cm_per:.0f}|{cm_per / vg_per:.1f}")
PY
done
