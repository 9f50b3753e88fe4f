"""The README's Python recipes that are complete programs, run as written."""

from __future__ import annotations

import re
from pathlib import Path

from adapters import need

README = Path(__file__).resolve().parents[2] / "README.md"


def python_block(containing: str) -> str:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(), re.S)
    (block,) = [b for b in blocks if containing in b]
    return block


def test_the_params_and_curriculum_recipe_runs():
    need("datasets")
    scope: dict = {}
    exec(compile(python_block("verigym.CurriculumDataset(cur, size=1_000)"), "README.md", "exec"), scope)
    sudoku, cur, train, served, first = (scope[k] for k in ("sudoku", "cur", "train", "served", "first"))
    assert len(sudoku) == 100 and sudoku.params["size"] == 4 and sudoku[0]["params"]["size"] == 4
    assert len(train) == 100_000 and len(served) == 1_000
    # The comments' claims: item 0 was drawn when read, and is a new one after its rewards.
    assert first["id"] not in cur
    again = served[0]
    assert again["id"] != first["id"] and again["id"] in cur
    assert served[0]["id"] == again["id"]
    assert cur.telemetry()["samples"] == 2
