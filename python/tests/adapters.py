"""Imports an adapter's library: skipped where it is not installed, except in CI, which installs
every one it tests (VERIGYM_REQUIRE_ADAPTERS=1) and so must fail rather than skip."""

from __future__ import annotations

import importlib
import os

import pytest


def need(module: str):
    if os.environ.get("VERIGYM_REQUIRE_ADAPTERS") == "1":
        return importlib.import_module(module)
    return pytest.importorskip(module)
