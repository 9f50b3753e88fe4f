"""``CurriculumDataset``: a curriculum served as a map-style dataset, drawn when read.

A trainer's data pipeline reads ahead of its rewards: a shuffle buffer (``datasets``), a
prefetched batch (Accelerate reads one batch ahead), worker processes. An iterable stream over a
curriculum is read by those, so what the trainer shows the model was drawn long before the
rewards that should have steered it. A map-style dataset is read by index instead: whatever order
a sampler picks, item ``i`` is drawn from the curriculum the first time it is asked for, so each
problem is drawn as late as the pipeline allows, and shuffling indices changes nothing.

Item ``i`` keeps its problem while that problem awaits its rewards, so the repeats of an index
(TRL's ``RepeatSampler`` asks each index ``num_generations`` times in a row, and again for each
of ``steps_per_generation * num_iterations`` batches) all get one problem. Once its rewards are
recorded (or it expired), asking for ``i`` again (the next epoch) draws a new problem.
"""

from __future__ import annotations

import collections
import operator
import os
import sys
from collections.abc import Sequence
from typing import Any, Callable, Optional

from ._native import Curriculum, Record, VerigymError

__all__ = ["CurriculumDataset"]

Row = Callable[[Record], Any]


def _where_to_fix() -> str:
    return (
        "read the dataset in the process that records the rewards: torch "
        "DataLoader(num_workers=0), TRL GRPOConfig(dataloader_num_workers=0), verl "
        "data.dataloader_num_workers=0; a Ray Data pipeline cannot serve a curriculum (it reads "
        "ahead in other processes): use verigym.Dataset there"
    )


class CurriculumDataset:
    """``size`` items drawn lazily from ``curriculum``: ``len(ds) == size`` and ``ds[i]`` is
    ``row(record)`` for the :class:`Record` drawn when ``i`` was first asked for (``row``
    defaults to ``Record.to_dict``: the record dict, equal to ``curriculum.next``'s). ``ds[i]`` asked again returns the same problem until its rewards are fed
    back (``curriculum.record``), then a new one.

    ``size`` is the length a sampler sees (an epoch); it does not bound how many problems are
    drawn. ``cache`` bounds how many items are remembered (oldest dropped first); it must exceed
    the distinct items in flight at once (a generation batch and the one read ahead).

    The curriculum is used here, in this process, never copied: asking for an item in another
    process (a ``DataLoader`` worker) or pickling the dataset raises ``VerigymError`` naming the
    setting to change, as does a multi-process ``torch.distributed`` run (each rank would draw
    its own problems for the same index).
    """

    def __init__(
        self,
        curriculum: Curriculum,
        size: int,
        *,
        row: Optional[Row] = None,
        cache: int = 8192,
    ) -> None:
        if not isinstance(curriculum, Curriculum):
            raise TypeError(f"curriculum: a verigym.Curriculum, not {type(curriculum).__name__}")
        for name, value, least in (("size", size, 1), ("cache", cache, 1)):
            if isinstance(value, bool) or not isinstance(value, int) or value < least:
                raise VerigymError(f"{name}={value!r}: allowed: an integer >= {least}")
        self.curriculum = curriculum
        self.size = size
        self.cache = cache
        self._row: Row = row if row is not None else Record.to_dict
        # index -> (problem id, row), least recently asked first.
        self._memo: collections.OrderedDict[int, tuple[str, Any]] = collections.OrderedDict()
        self._pid = os.getpid()
        self._checked_ranks = False
        self.draws = 0
        """Problems drawn from the curriculum so far."""

    def __len__(self) -> int:
        return self.size

    def _index(self, i: Any) -> int:
        try:
            i = operator.index(i)
        except TypeError:
            raise TypeError(f"CurriculumDataset indices must be integers, not {type(i).__name__}") from None
        if i < 0:
            i += self.size
        if not 0 <= i < self.size:
            raise IndexError(f"index {i} is out of range for a CurriculumDataset of size {self.size}")
        return i

    def _check_process(self) -> None:
        if os.getpid() != self._pid:
            raise VerigymError(
                f"CurriculumDataset: read in process {os.getpid()}, but its curriculum lives in "
                f"process {self._pid}, where the rewards are recorded; a copy here would never "
                f"see them. {_where_to_fix()}"
            )
        if not self._checked_ranks:
            dist = sys.modules.get("torch.distributed")
            if dist is not None and dist.is_available() and dist.is_initialized() and dist.get_world_size() > 1:
                raise VerigymError(
                    f"CurriculumDataset: torch.distributed runs {dist.get_world_size()} processes; "
                    "each would draw its own problems for the same index and record only its own "
                    "rewards. Serve a curriculum from a single process (one GPU), or use "
                    "verigym.Dataset / verigym.trl.dataset for multi-process training"
                )
            self._checked_ranks = True

    def _live(self, i: int) -> Optional[Any]:
        """The remembered row of item ``i`` if its problem still awaits its rewards."""
        entry = self._memo.get(i)
        if entry is None:
            return None
        problem_id, row = entry
        if problem_id not in self.curriculum:
            del self._memo[i]
            return None
        self._memo.move_to_end(i)
        return row

    def rows(self, indices: Sequence[Any]) -> list[Any]:
        """``[ds[i] for i in indices]`` with one ``curriculum.next`` call for every item not
        yet drawn (torch's ``DataLoader`` fetches a batch through ``__getitems__``, which is
        this)."""
        self._check_process()
        resolved = [self._index(i) for i in indices]
        out: list[Any] = [None] * len(resolved)
        missing: dict[int, list[int]] = {}
        for k, i in enumerate(resolved):
            if i in missing:
                missing[i].append(k)
                continue
            row = self._live(i)
            if row is None:
                missing[i] = [k]
            else:
                out[k] = row
        if missing:
            records = self.curriculum.next_records(len(missing))
            self.draws += len(records)
            for (i, positions), record in zip(missing.items(), records):
                row = self._row(record)
                self._memo[i] = (record.id, row)
                self._memo.move_to_end(i)
                for k in positions:
                    out[k] = row
            while len(self._memo) > self.cache:
                self._memo.popitem(last=False)
        return out

    def __getitem__(self, i: Any) -> Any:
        return self.rows([i])[0]

    def __getitems__(self, indices: Sequence[Any]) -> list[Any]:
        return self.rows(indices)

    def __iter__(self):
        for i in range(self.size):
            yield self[i]

    def __reduce__(self):
        raise VerigymError(
            "a CurriculumDataset cannot be pickled or copied: its curriculum must stay in the "
            f"process that records the rewards. {_where_to_fix()}"
        )

    def __repr__(self) -> str:
        return f"CurriculumDataset({self.curriculum!r}, size={self.size}, draws={self.draws})"
