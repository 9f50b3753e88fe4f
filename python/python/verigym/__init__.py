"""verigym: endless, seeded, difficulty-controlled reasoning problems, each with an exact verifier.

The core is Rust; this package is a thin layer over it. Records are dicts equal to the JSON lines
``verigym generate`` writes, verdicts are dicts equal to what ``verigym verify`` writes, and the
curriculum is the library's own, in-process.

Quickstart::

    import verigym
    ds = verigym.Dataset("modarith", size=1000, seed=0, level=3)
    record = ds[0]
    print(record["prompt"])
    verdict = verigym.verify(record, "<answer>" + record["answer"] + "</answer>")
    assert verdict["correct"]

``CurriculumDataset`` serves a ``Curriculum`` as a map-style (torch-style) dataset drawn as it is
read, so what a trainer's data pipeline serves follows the rewards fed back.

Trainer adapters live in submodules that import their library only when used:
``verigym.trl``, ``verigym.verl``, ``verigym.hf`` (Hugging Face ``datasets``), ``verigym.ray``
and ``verigym.verifiers``.
"""

import atexit as _atexit
import collections.abc as _abc

from ._native import _release_workspaces
from ._served import CurriculumDataset
from ._native import (
    Curriculum,
    Dataset,
    Record,
    Suite,
    VerigymError,
    __version__,
    envs,
    eval,
    pass_at_k,
    scores,
    verify,
    verify_group,
    verify_columns,
    verify_many,
)

# A Record reads like the record dict; register it so `isinstance(r, Mapping)` code accepts it.
_abc.Mapping.register(Record)

# `repo_fix` verdicts on real crates keep a working copy of each crate for the process's life;
# remove them when the interpreter exits (a killed process leaves them for the next to sweep).
_atexit.register(_release_workspaces)

__all__ = [
    "Curriculum",
    "CurriculumDataset",
    "Dataset",
    "Record",
    "Suite",
    "VerigymError",
    "__version__",
    "envs",
    "eval",
    "pass_at_k",
    "scores",
    "verify",
    "verify_group",
    "verify_columns",
    "verify_many",
]
