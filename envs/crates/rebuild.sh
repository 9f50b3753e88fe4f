#!/bin/sh
# Rebuilds every shipped crate catalog from its shipped source, in place: a full-matrix audit of
# envs/crates/<name>/source each, with `verigym catalog`'s defaults (which the rebuild test in
# tests/crate_catalog.rs uses too). Run from anywhere; VERIGYM overrides the binary.
set -eu
cd "$(dirname "$0")/../.."
if [ -z "${VERIGYM:-}" ]; then
    cargo build --release --quiet
    VERIGYM=target/release/verigym
fi
for name in heck ms-converter shlex thunderdome unit-prefix; do
    "$VERIGYM" catalog "envs/crates/$name/source" --out "envs/crates/$name"
done
