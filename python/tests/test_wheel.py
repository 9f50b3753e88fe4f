"""What `pip install verigym-*.whl` puts in place: one abi3 wheel for every CPython from 3.9, with
the typing stubs and the top-level module `vf-eval` resolves. CI installs the package from the
wheel maturin builds, so these read the installed distribution's own metadata."""

from __future__ import annotations

import importlib.metadata
import sys

import verigym
import verigym._native


def dist():
    return importlib.metadata.distribution("verigym")


def test_the_wheel_is_tagged_for_the_stable_abi():
    tags = [line.split(":", 1)[1].strip() for line in dist().read_text("WHEEL").splitlines() if line.startswith("Tag:")]
    assert tags, "the installed verigym has no wheel tag"
    assert all(t.startswith("cp39-abi3-") for t in tags), tags


def test_the_extension_is_the_stable_abi_build():
    if sys.platform.startswith("linux"):
        assert verigym._native.__file__.endswith("_native.abi3.so"), verigym._native.__file__


def test_the_wheel_carries_the_stubs_and_the_vf_eval_module():
    files = {str(f).replace("\\", "/") for f in dist().files}
    for needed in ("verigym/py.typed", "verigym/_native.pyi", "verigym/__init__.py", "verigym_verifiers/__init__.py"):
        assert needed in files, f"{needed} is not in the wheel"
    assert dist().version == verigym.__version__
