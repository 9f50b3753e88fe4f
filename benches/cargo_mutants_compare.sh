#!/usr/bin/env bash
# Measure a mini-repo's test suite with cargo-mutants, the reference our own audit is compared with.
#
# Usage: benches/cargo_mutants_compare.sh <repo-dir> [strong|weak|FILE] [--keep DIR] [-- EXTRA...]
#
# Builds the repo as a throw-away cargo package in a temp dir (Cargo.toml + src/lib.rs = the library
# followed by `#[cfg(test)] mod suite { use super::*; <suite> }`), runs
# `cargo mutants --no-shuffle -j 1` on it, and prints the killed / survived / timeout / unviable
# counts, the mutation score, the wall time and the time per mutant. Survivors are listed.
# EXTRA arguments go to cargo-mutants unchanged. `--keep DIR` copies mutants.out/ to DIR.
# The test timeout is CM_TIMEOUT seconds (default 3; every suite test takes under 10 ms, and
# cargo-mutants' own default of at least 20 s makes each looping mutant cost 20 s).
# Skips itself (exit 0) when cargo-mutants is not installed.
set -euo pipefail

usage() {
    sed -n '4p' "$0" | sed 's/^# //' >&2
    exit 2
}

[ $# -ge 1 ] || usage
repo=$1
shift
suite=strong
if [ $# -ge 1 ] && [ "$1" != "--keep" ] && [ "$1" != "--" ]; then
    suite=$1
    shift
fi
keep=""
extra=()
while [ $# -gt 0 ]; do
    case $1 in
    --keep)
        keep=$2
        shift 2
        ;;
    --)
        shift
        extra=("$@")
        break
        ;;
    *) usage ;;
    esac
done

export PATH="$PATH:${CARGO_HOME:-$HOME/.cargo}/bin"
if ! cargo mutants --version >/dev/null 2>&1; then
    echo "cargo_mutants_compare: skipped: cargo-mutants is not installed" \
        "(install it with: cargo install cargo-mutants --locked)"
    exit 0
fi

[ -f "$repo/src/lib.rs" ] || {
    echo "cargo_mutants_compare: $repo/src/lib.rs not found" >&2
    exit 2
}
case $suite in
strong | weak) suite_file=$repo/tests/$suite.rs ;;
*) suite_file=$suite ;;
esac
[ -f "$suite_file" ] || {
    echo "cargo_mutants_compare: suite $suite_file not found" >&2
    exit 2
}

name=$(basename "$(cd "$repo" && pwd)" | tr -c 'a-zA-Z0-9_\n' '_')
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cm_compare.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
pkg=$tmp/$name
mkdir -p "$pkg/src"
cat >"$pkg/Cargo.toml" <<TOML
[package]
name = "$name"
version = "0.0.0"
edition = "2021"
publish = false

[workspace]
TOML
{
    cat "$repo/src/lib.rs"
    echo
    echo '#[cfg(test)]'
    echo 'mod suite {'
    echo 'use super::*;'
    cat "$suite_file"
    echo '}'
} >"$pkg/src/lib.rs"

echo "cargo_mutants_compare: $name, suite $(basename "$suite_file"), $(cargo mutants --version)"
start=$(date +%s.%N)
set +e
RUST_BACKTRACE=0 cargo mutants --no-shuffle -j 1 --timeout "${CM_TIMEOUT:-3}" \
    --dir "$pkg" --output "$tmp" "${extra[@]}" \
    >"$tmp/log.txt" 2>&1
status=$?
set -e
end=$(date +%s.%N)
out=$tmp/mutants.out
if [ ! -f "$out/outcomes.json" ]; then
    echo "cargo_mutants_compare: cargo-mutants failed (exit $status):" >&2
    tail -n 30 "$tmp/log.txt" >&2
    exit 1
fi

count() { if [ -f "$out/$1.txt" ]; then grep -c . "$out/$1.txt" || true; else echo 0; fi; }
caught=$(count caught)
missed=$(count missed)
timeout=$(count timeout)
unviable=$(count unviable)
total=$((caught + missed + timeout + unviable))
viable=$((caught + missed + timeout))
awk -v c="$caught" -v m="$missed" -v t="$timeout" -v u="$unviable" -v n="$total" \
    -v v="$viable" -v s="$start" -v e="$end" 'BEGIN {
    wall = e - s
    printf "mutants:  %d (killed %d, survived %d, timeout %d, unviable %d)\n", n, c, m, t, u
    if (v > 0) {
        printf "score:    %.3f = (killed + timeout) / viable = %d/%d\n", (c + t) / v, c + t, v
        printf "          %.3f = killed / (killed + survived) = %d/%d\n", c / (c + m), c, c + m
    }
    printf "wall:     %.1f s (baseline included)\n", wall
    if (n > 0) printf "per mutant: %.3f s\n", wall / n
}'
if [ "$missed" -gt 0 ]; then
    echo "survivors:"
    sed 's/^/  /' "$out/missed.txt"
fi
if [ -n "$keep" ]; then
    mkdir -p "$keep"
    cp -r "$out/." "$keep/"
    echo "kept: $keep"
fi
