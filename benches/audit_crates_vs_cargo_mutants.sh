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
# `cargo mutants` on PATH) and python3 (benches/audit_crates_compare.py compares the outputs).
# Skips itself (exit 0) when cargo-mutants is missing. CM_ARGS adds options to cargo-mutants, such
# as `--cap-lints=true`, which builds with lints capped as verigym does (a crate with
# `#![deny(warnings)]` otherwise fails cargo-mutants' builds of mutants that leave a parameter
# unused).
set -euo pipefail

default_crates=(
    itoa@1.0.19            # no_std, two files; a dev-dependency pulls another itoa (-p itoa is ambiguous)
    fnv@1.0.7              # no_std with a default std feature, one file
    adler@1.0.2            # compute-heavy checksum, no_std with a std feature, unit tests only
    crc32fast@1.4.2:0/4    # checksum with SIMD intrinsics and a table fallback, dev-dependencies
    arrayvec@0.7.6:0/8     # const-generic container, unsafe, integration tests
    humantime@2.1.0:0/4    # time formatting, four modules
    either@1.13.0:0/4      # no_std with a std feature, dev-dependency (serde_json), 2,097 lines
    strsim@0.11.1:0/8      # one big file (1,307 lines), unit + integration tests
    semver@1.0.27:0/8      # multi-file (7 modules), 2,126 lines, integration tests with modules
    byteorder@1.5.0:0/16   # 5,567 lines, traits with default methods, dev-dependencies (quickcheck, rand)
    fixture:checksum       # tests/fixtures/crates/checksum: compute-heavy unit tests
    fixture:slowpath       # tests/fixtures/crates/slowpath: an equivalent slow path (never a timeout)
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
        [[ $spec == fixture:* ]] && continue
        nv=${spec%%:*}
        printf '%s = "=%s"\n' "${nv%@*}" "${nv#*@}"
    done
} >"$fetch/Cargo.toml"
cargo fetch -q --manifest-path "$fetch/Cargo.toml"
registry=$(ls -d "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/ | head -1)

# A plain `cargo test` of the same tests (the library's unit tests and integration tests, one
# test thread as verigym runs them), built once; then each executable run three times: the
# median of the summed run times, in milliseconds. The instrumented baseline is compared with it.
plain_test_ms() {
    local dir=$1
    local exes
    exes=$(cargo test -q --no-run --lib --tests --message-format=json \
        --manifest-path "$dir/Cargo.toml" --target-dir "$dir/target" 2>/dev/null |
        python3 -c 'import json, sys
for line in sys.stdin:
    try: v = json.loads(line)
    except ValueError: continue
    if v.get("reason") == "compiler-artifact" and v.get("executable") and v["profile"]["test"]:
        print(v["executable"])')
    local runs=()
    for _ in 1 2 3; do
        local start end
        start=$(date +%s.%N)
        for exe in $exes; do (cd "$dir" && "$exe" --test-threads=1 -q >/dev/null 2>&1) || true; done
        end=$(date +%s.%N)
        runs+=("$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.1f", 1000 * (e - s) }')")
    done
    printf '%s\n' "${runs[@]}" | sort -n | sed -n 2p
}

for spec in "${crates[@]}"; do
    if [[ $spec == fixture:* ]]; then
        nv=${spec#fixture:}
        shard=""
        dir=fixture-$nv
        src=$root/tests/fixtures/crates/$nv
    else
        nv=${spec%%:*}
        shard=""
        [[ $spec == *:* ]] && shard=${spec#*:}
        dir=${nv/@/-}
        src=$registry/$dir
    fi
    rm -rf "${work:?}/$dir" && mkdir -p "$work/$dir"
    cp -r "$src" "$work/$dir/vg"
    cp -r "$src" "$work/$dir/cm"
    cp -r "$src" "$work/$dir/plain"
    plain_ms=$(plain_test_ms "$work/$dir/plain")
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
    # shellcheck disable=SC2086 # CM_ARGS is a list of options
    $cm --no-shuffle -d "$work/$dir/cm" -o "$work/$dir" "${shard_args[@]}" ${CM_ARGS:-} \
        -- --lib --tests \
        >"$work/$dir/cm.txt" 2>&1 || true
    end=$(date +%s.%N)
    cm_wall=$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.1f", e - s }')
    python3 "$here/audit_crates_compare.py" "$work/$dir/verigym.json" \
        "$work/$dir/mutants.out/outcomes.json" "$vg_wall" "$cm_wall" "$nv" "${shard:-all}" \
        "$plain_ms"
done
