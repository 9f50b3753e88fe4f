"""The core API equals the CLI: records byte for byte, verdicts field for field."""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys

import pytest

import verigym
from conftest import jsonl

ENVS = [e["id"] for e in verigym.envs()]


def compact(value) -> str:
    """JSON as serde_json writes it: no spaces, non-ASCII kept."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def test_envs_describe_every_registered_env(cli):
    infos = verigym.envs()
    assert {"modarith", "repo_fix", "sudoku"} <= set(ENVS)
    listed = cli("list").decode()
    for info in infos:
        assert info["id"] in listed
        assert info["version"] >= 1 and info["summary"]
        names = [p["name"] for p in info["params"]]
        assert set(names) == set(info["default_params"]), info["id"]
    modarith = next(i for i in infos if i["id"] == "modarith")
    assert modarith["answer_format"] == "tagged"
    assert next(i for i in infos if i["id"] == "repo_fix")["answer_format"] == "code_block:rust"
    steps = next(p for p in modarith["params"] if p["name"] == "steps")
    assert steps["default"] == modarith["default_params"]["steps"] and steps["description"]


@pytest.mark.parametrize("env", ENVS)
def test_records_are_the_cli_bytes(cli, env):
    n = 4 if env == "repo_fix" else 12
    lines = cli("generate", "--env", env, "--seed", "7", "--difficulty", "3", "-n", str(n))
    lines = lines.decode().splitlines(keepends=True)
    ds = verigym.Dataset(env, size=n, seed=7, level=3)
    assert len(ds) == n == len(lines)
    for i, line in enumerate(lines):
        assert ds.jsonl(i) == line.encode()
        record = ds[i]
        assert record == json.loads(line)
        assert list(record) == list(json.loads(line)), "key order"
        assert compact(record) + "\n" == line
    assert ds.to_jsonl() == "".join(lines).encode()
    columns = ds.columns()
    assert [c + "\n" for c in columns["record"]] == lines
    assert columns["id"] == [json.loads(line)["id"] for line in lines]
    assert columns["index"] == list(range(n))


def test_params_and_start_match_the_cli(cli):
    out = cli(
        "generate", "--env", "modarith", "--seed", "3", "--start", "100", "-n", "5",
        "--param", "steps=5", "--param", "ops=add,mul", "--param", "style=words",
    ).decode().splitlines(keepends=True)
    ds = verigym.Dataset("modarith", seed=3, steps=5, ops=["add", "mul"], style="words")
    assert [ds.jsonl(100 + i).decode() for i in range(5)] == out
    assert ds.to_jsonl(100, 105).decode() == "".join(out)
    assert ds.params["steps"] == 5 and ds.params["style"] == "words"
    assert ds.size is None and ds.seed == 3 and ds.level is None and ds.env == "modarith"


def test_indexing_slicing_and_iteration():
    ds = verigym.Dataset("modarith", size=3000, seed=1)
    every = [json.loads(line) for line in ds.to_jsonl().decode().splitlines()]
    assert list(ds) == every  # crosses several parallel chunks
    assert ds[-1] == every[-1] and ds[-3000] == every[0]
    assert ds[10:20] == every[10:20]
    assert ds[::-7] == every[::-7]
    assert ds[-5:] == every[-5:]
    assert ds[2990:5000] == every[2990:]
    assert ds[5:2] == []
    for bad in (3000, -3001):
        with pytest.raises(IndexError):
            ds[bad]
    with pytest.raises(TypeError):
        ds["0"]


def test_endless_dataset():
    ds = verigym.Dataset("sat", seed=5)
    with pytest.raises(TypeError):
        len(ds)
    with pytest.raises(IndexError):
        ds[-1]
    with pytest.raises(IndexError):
        ds[5:]
    first = list(itertools.islice(iter(ds), 1030))
    assert first[1029] == ds[1029] and first[:3] == ds[0:3]
    assert ds[10**12]["index"] == 10**12
    assert ds[4:10:3] == [ds[4], ds[7]]
    with pytest.raises(ValueError):
        ds.to_jsonl()


def test_bad_construction_names_the_problem():
    with pytest.raises(verigym.VerigymError, match="unknown env `nope`.*modarith"):
        verigym.Dataset("nope")
    with pytest.raises(verigym.VerigymError, match="steps"):
        verigym.Dataset("modarith", steps=0)
    with pytest.raises(verigym.VerigymError, match="level|difficulty"):
        verigym.Dataset("modarith", level=11)
    assert issubclass(verigym.VerigymError, ValueError)


def responses_for(record):
    """Right, wrong, malformed and hacking responses to one record: tagged answers, or for a
    code-block env (`sql`, `program_synthesis`: its answer is a fenced block) blocks on lines of
    their own, where the last block outside thinking counts."""
    answer = record["answer"]
    if answer.startswith("```"):
        lang = answer.split("\n", 1)[0][3:]
        return [
            f"The query:\n\n{answer}\n",
            f"<think>work</think>\n{answer}",
            f"```{lang}\ndefinitely wrong\n```",
            f"<think>\n{answer}\n</think>",
            "no answer here",
            f"{answer}\n\nOr rather:\n\n```{lang}\nx{answer[len(lang) + 4:]}",
            f"<answer>\n{answer}\n</answer>",
            "",
        ]
    return [
        f"<answer>{answer}</answer>",
        f"<think>work</think>\n<answer>{answer}</answer>",
        "<answer>definitely wrong</answer>",
        f"<think><answer>{answer}</answer></think>",
        "no answer here",
        f"<answer>{answer}</answer><answer>x{answer}</answer>",
        f"\\boxed{{{answer}}}",
        "",
    ]


@pytest.mark.parametrize("env", [e for e in ENVS if e != "repo_fix"])
def test_verdicts_equal_the_cli(cli, tmp_path, env):
    ds = verigym.Dataset(env, size=6, seed=11, level=4)
    records = list(ds)
    problems = tmp_path / "problems.jsonl"
    problems.write_bytes(ds.to_jsonl())
    pairs = [(r, resp) for r in records for resp in responses_for(r)]
    responses = jsonl(tmp_path / "responses.jsonl", [{"id": r["id"], "response": s} for r, s in pairs])
    graded = [json.loads(line) for line in cli("verify", "--problems", str(problems), "--responses", str(responses)).decode().splitlines()]
    expected = [g["verdict"] for g in graded]
    assert [verigym.verify(r, s) for r, s in pairs] == expected
    # The same verdicts from every input form and entry point.
    assert verigym.verify_many([r for r, _ in pairs], [s for _, s in pairs]) == expected
    lines = [ds.jsonl(i).decode() for i in range(len(records))]
    by_text = [lines[r["index"]] for r, _ in pairs]
    assert verigym.verify_many(by_text, [s for _, s in pairs]) == expected
    assert verigym.verify_many([t.encode() for t in by_text], [s for _, s in pairs]) == expected
    assert verigym.scores([r for r, _ in pairs], [s for _, s in pairs]) == [v["score"] for v in expected]
    # Records held in Rust, and (dataset, index) handles: judged from the generator, no JSON.
    held = ds.records()
    answers = [s for _, s in pairs]
    indices = [r["index"] for r, _ in pairs]
    assert [verigym.verify(held[i], s) for i, s in zip(indices, answers)] == expected
    assert verigym.verify_many([held[i] for i in indices], answers) == expected
    assert verigym.verify_many([ds.record(i) for i in indices], answers) == expected
    assert ds.verify_many(indices, answers) == expected
    assert ds.verify_many([i - len(ds) for i in indices], answers) == expected
    assert ds.scores(indices, answers) == [v["score"] for v in expected]
    columns = ds.verify_columns(indices, answers)
    assert columns["reason"] == [v["reason"] for v in expected]
    assert columns["id"] == [r["id"] for r, _ in pairs]
    per = len(responses_for(records[0]))
    for j, record in enumerate(records):
        group = [s for _, s in pairs[j * per:(j + 1) * per]]
        assert verigym.verify_group(record, group) == expected[j * per:(j + 1) * per]
    assert any(v["correct"] for v in expected) and not all(v["correct"] for v in expected)


def test_verify_reports_bad_records_and_lengths():
    record = verigym.Dataset("modarith", size=1)[0]
    with pytest.raises(ValueError, match="differ in length"):
        verigym.verify_many([record], [])
    stale = dict(record, env_version=record["env_version"] + 1)
    with pytest.raises(verigym.VerigymError, match="records\\[1\\].*v"):
        verigym.verify_many([record, stale], ["a", "b"])
    with pytest.raises(verigym.VerigymError, match="unknown env"):
        verigym.verify(dict(record, env="nope"), "x")
    with pytest.raises(verigym.VerigymError, match="malformed"):
        verigym.verify(dict(record, extra=1), "x")
    with pytest.raises(TypeError, match="records\\[0\\]"):
        verigym.verify_many([42], ["x"])
    with pytest.raises(TypeError):
        verigym.verify(record, 42)


def test_verify_many_shares_repeated_records():
    ds = verigym.Dataset("countdown", size=50, seed=2)
    records = [r for r in ds for _ in range(8)]
    responses = [f"<answer>{r['answer']}</answer>" if k % 2 else "<answer>1</answer>" for k, r in enumerate(records)]
    verdicts = verigym.verify_many(records, responses)
    assert [v["correct"] for v in verdicts] == [bool(k % 2) for k in range(len(records))]


def test_eval_equals_the_cli(cli, tmp_path):
    ds = verigym.Dataset("modarith", size=20, seed=4, level=2)
    records = list(ds)
    answers = [[f"<answer>{r['answer']}</answer>" if (i + j) % 3 else "<answer>0</answer>" for j in range(4)] for i, r in enumerate(records)]
    problems = tmp_path / "p.jsonl"
    problems.write_bytes(ds.to_jsonl())
    responses = jsonl(tmp_path / "r.jsonl", [{"id": r["id"], "responses": a} for r, a in zip(records, answers)])
    report_path = tmp_path / "report.json"
    cli("eval", "--problems", str(problems), "--responses", str(responses), "--k", "1,2,4", "--json", str(report_path))
    expected = json.loads(report_path.read_text())
    assert verigym.eval(records, answers, k=[1, 2, 4]) == expected
    assert verigym.pass_at_k(4, 2, 1) == 0.5 and verigym.pass_at_k(4, 0, 5) is None
    one = verigym.eval(records[:1], [answers[0][0]])
    assert one["overall"]["responses"] == 1


def test_suite_build_and_check(cli, tmp_path):
    suite = verigym.Suite("standard-v8")
    assert suite.name == "standard-v8" and suite.spec["entries"]
    manifest = suite.build(tmp_path / "py")
    cli("suite", "build", "standard-v8", "--out", str(tmp_path / "cli"))
    for f in manifest["files"]:
        assert (tmp_path / "py" / f["path"]).read_bytes() == (tmp_path / "cli" / f["path"]).read_bytes()
    assert (tmp_path / "py" / "manifest.json").read_bytes() == (tmp_path / "cli" / "manifest.json").read_bytes()
    assert verigym.Suite.check(tmp_path / "py")["sha256"] == manifest["sha256"]
    files = suite.files()
    assert [(p, e) for p, e, _ in files] == [(f["path"], f["env"]) for f in manifest["files"]]
    tampered = tmp_path / "py" / manifest["files"][0]["path"]
    tampered.write_bytes(tampered.read_bytes().replace(b"\"seed\"", b"\"seeds\"", 1))
    with pytest.raises(verigym.VerigymError, match=manifest["files"][0]["path"]):
        verigym.Suite.check(tmp_path / "py")
    small = verigym.Suite.from_toml('name = "tiny"\nversion = 1\n[[entries]]\nenv = "sat"\nseed = 1\ncount = 3\n')
    assert small.build()["files"][0]["count"] == 3
    assert verigym.Suite.from_dict(small.spec).spec == small.spec
    with pytest.raises(verigym.VerigymError):
        verigym.Suite("no-such-suite")


def test_a_crate_verdict_leaves_no_working_copy_in_the_temp_dir(tmp_path):
    """`repo_fix` on a real crate keeps a working copy of the crate for the process's life; the
    package removes it when the interpreter exits, so a training job's workers do not fill the
    temp dir."""
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    code = (
        "import verigym\n"
        "ds = verigym.Dataset('repo_fix', size=1, seed=0, level=2, repo='crate:heck')\n"
        "r = ds[0]\n"
        "assert verigym.verify(r, r['answer'])['correct']\n"
    )
    env = dict(os.environ, TMPDIR=str(scratch), VERIGYM_CACHE_DIR=str(tmp_path / "cache"))
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert [p.name for p in scratch.iterdir() if p.name.startswith("verigym-")] == []
