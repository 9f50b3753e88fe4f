"""What every realistic-corpus script shares: the binary, problems from it, and the answer tag.

The `generate_*.py` scripts beside this file import it (they are run as
`python3 tests/data/realistic/generate_<group>.py target/debug/verigym`, so this directory is on
the import path).
"""
import json
import subprocess
import sys

BIN = sys.argv[1] if len(sys.argv) > 1 else "target/debug/verigym"


def records(env, level, seed, n=2):
    """Problems 0..n of (env, level, seed), as the CLI writes them."""
    out = subprocess.run(
        [BIN, "generate", "--env", env, "--difficulty", str(level), "--seed", str(seed), "-n", str(n)],
        check=True, capture_output=True, text=True,
    ).stdout
    return [json.loads(line) for line in out.splitlines()]


def tag(body):
    return f"<answer>{body}</answer>"
