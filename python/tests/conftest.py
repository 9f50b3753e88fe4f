"""Shared fixtures: the `verigym` CLI the bindings are compared against, byte for byte."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def _build_cli() -> Path:
    """Builds the CLI with cargo (debug profile) and returns the executable's path."""
    out = subprocess.run(
        ["cargo", "build", "--quiet", "--bin", "verigym", "--message-format=json"],
        cwd=REPO,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    for line in out.splitlines():
        msg = json.loads(line)
        if msg.get("reason") == "compiler-artifact" and msg.get("executable"):
            return Path(msg["executable"])
    raise RuntimeError("cargo built no verigym executable")


@pytest.fixture(scope="session")
def cli_path() -> Path:
    """$VERIGYM_BIN if set (CI sets it), else the binary cargo builds from this checkout."""
    given = os.environ.get("VERIGYM_BIN")
    path = Path(given) if given else _build_cli()
    assert path.is_file(), f"VERIGYM_BIN={given} is not a file"
    return path


@pytest.fixture(scope="session")
def cli(cli_path):
    """Runs the CLI and returns its stdout as bytes; fails the test on a non-zero exit."""

    def run(*args: str, input: bytes | None = None) -> bytes:
        done = subprocess.run([str(cli_path), *args], input=input, capture_output=True)
        assert done.returncode == 0, done.stderr.decode()
        return done.stdout

    return run


def jsonl(path: Path, rows) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


@pytest.fixture()
def server(cli_path):
    """`verigym serve` on a free loopback port; yields its `host:port`."""
    proc = subprocess.Popen(
        [str(cli_path), "serve", "--addr", "127.0.0.1:0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    try:
        line = proc.stdout.readline()
        yield json.loads(line)["listening"]
    finally:
        proc.terminate()
        proc.wait(timeout=30)
