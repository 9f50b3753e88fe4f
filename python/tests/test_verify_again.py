"""A record judged again (a GRPO group graded one response per call) is judged the same, and a
record changed in any way, its id kept, is judged as what it now says: what any cache of loaded
problems keyed by record id would have to keep true."""

from __future__ import annotations

import copy
import json

import pytest

import verigym


def answer(record):
    return f"<answer>{record['answer']}</answer>"


def test_a_dict_judged_again_is_judged_the_same():
    ds = verigym.Dataset("countdown", size=3, seed=11)
    d = ds[0]
    first = verigym.verify(d, answer(d))
    assert first["correct"]
    for _ in range(3):
        assert verigym.verify(d, answer(d)) == first
        assert verigym.verify(copy.deepcopy(d), "<answer>1</answer>") == verigym.verify(ds.record(0), "<answer>1</answer>")


def test_a_tampered_dict_with_a_kept_id_is_judged_by_its_own_data():
    ds = verigym.Dataset("modarith", size=2, seed=4)
    d, other = ds[0], ds[1]
    assert d["answer"] != other["answer"]
    verigym.verify(d, answer(d))  # kept
    forged = dict(other, id=d["id"])
    reference = verigym.verify(json.dumps(forged), answer(other))
    assert verigym.verify(forged, answer(other)) == reference and reference["correct"]
    assert not verigym.verify(forged, answer(d))["correct"]
    # Changed in place, after it was kept: the change counts.
    d2 = ds[0]
    verigym.verify(d2, answer(d2))
    d2["data"] = copy.deepcopy(other["data"])
    d2["answer"] = other["answer"]
    assert verigym.verify(d2, answer(other)) == verigym.verify(json.dumps(d2), answer(other))
    # A value of another type is not the same record: 0.0 for 0 is refused as it was the first
    # time, not matched to the kept problem.
    d3 = ds[0]
    verigym.verify(d3, answer(d3))
    d3["index"] = float(d3["index"])
    with pytest.raises(verigym.VerigymError, match="expected u64"):
        verigym.verify(d3, answer(d3))
    d4 = ds[0]
    d4["meta"] = dict(d4["meta"], difficulty=True if d4["meta"]["difficulty"] == 1 else d4["meta"]["difficulty"] + 0.5)
    with pytest.raises(verigym.VerigymError):
        verigym.verify(d4, answer(d4))


def test_json_lines_and_groups_are_kept_by_their_text():
    ds = verigym.Dataset("sat", size=2, seed=2)
    line = ds.jsonl(0).decode()
    rec = ds[0]
    assert verigym.verify(line, answer(rec)) == verigym.verify(line, answer(rec)) == verigym.verify(ds.record(0), answer(rec))
    # Another text is another record, loaded as it reads.
    other = verigym.Dataset("sat", size=2, seed=2)[1]
    forged = line.replace(json.dumps(rec["data"], separators=(",", ":")), json.dumps(other["data"], separators=(",", ":")))
    assert forged != line
    assert verigym.verify(forged, answer(other)) == verigym.verify(json.loads(forged), answer(other))
    assert verigym.verify(forged, answer(other))["correct"] != verigym.verify(line, answer(other))["correct"]
    responses = [answer(rec), "no", answer(rec)]
    assert verigym.verify_group(rec, responses) == verigym.verify_group(line, responses) == verigym.verify_many([ds.record(0)] * 3, responses)


def test_verl_compute_score_per_response_uses_it():
    import verigym.verl

    rec = verigym.Dataset("modarith", size=1, seed=8)[0]
    extra = {"record": json.dumps(rec), "index": 0}
    scores = [verigym.verl.compute_score("verigym/modarith", r, rec["answer"], dict(extra))["score"]
              for r in [answer(rec), "<answer>x</answer>"] * 4]
    assert scores == [1.0, 0.0] * 4
