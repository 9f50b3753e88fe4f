"""Env params, one rule for every Python entry point: ``params={...}`` or keywords, and an env
param named like an argument of the entry point (sudoku's ``size``) through ``params=`` only,
refused by name when given as a keyword beside that argument. Checked for every param of every
registered env."""

from __future__ import annotations

import importlib
import inspect
import json
import sys

import pytest

import verigym
import verigym.hf
import verigym.trl
import verigym.verl
from adapters import need

ENVS = verigym.envs()


def _records_trl(env, params):
    need("datasets")
    return [json.loads(r) for r in verigym.trl.dataset(env, 1, 0, params=params)["record"]]


def _records_verl(env, params):
    need("pyarrow")
    return [json.loads(e["record"]) for e in verigym.verl.table(env, 1, 0, params=params).column("extra_info").to_pylist()]


def _records_export(env, params, tmp_path):
    pq = need("pyarrow.parquet")
    path = tmp_path / f"{env}.parquet"
    verigym.verl.export(path, env, 1, 0, params=params)
    return [json.loads(e["record"]) for e in pq.read_table(path).column("extra_info").to_pylist()]


def _records_hf(env, params):
    need("datasets")
    return [json.loads(r) for r in verigym.hf.dataset(env, 1, 0, params=params)["record"]]


def _records_stream(env, params):
    need("datasets")
    return [json.loads(r["record"]) for r in verigym.hf.stream(env, 0, params=params).take(1)]


@pytest.fixture(scope="module", autouse=True)
def _ray_shut_down_after():
    """The ray entry point starts a local Ray; test_ray.py starts its own, so stop this one."""
    yield
    ray = sys.modules.get("ray")
    if ray is not None and ray.is_initialized():
        ray.shutdown()


def _records_ray(env, params):
    ray = need("ray")
    import verigym.ray

    if not ray.is_initialized():
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)

    return [json.loads(r["record"]) for r in verigym.ray.dataset(env, 1, 0, params=params).take(1)]


ENTRY_POINTS = {
    "Dataset": lambda env, params, tmp: [verigym.Dataset(env, 1, params=params)[0]],
    "trl.dataset": lambda env, params, tmp: _records_trl(env, params),
    "verl.table": lambda env, params, tmp: _records_verl(env, params),
    "verl.export": lambda env, params, tmp: _records_export(env, params, tmp),
    "hf.dataset": lambda env, params, tmp: _records_hf(env, params),
    "hf.stream": lambda env, params, tmp: _records_stream(env, params),
    "ray.dataset": lambda env, params, tmp: _records_ray(env, params),
}


@pytest.mark.parametrize("entry", sorted(ENTRY_POINTS))
@pytest.mark.parametrize("env", [e["id"] for e in ENVS])
def test_every_entry_point_takes_every_param_of_every_env(entry, env, tmp_path):
    info = next(e for e in ENVS if e["id"] == env)
    params = info["default_params"]
    assert set(params) == {p["name"] for p in info["params"]}
    records = ENTRY_POINTS[entry](env, params, tmp_path)
    assert len(records) == 1 and records[0]["params"] == params
    assert records[0] == verigym.Dataset(env, 1, params=params)[0]


DATASET_ARGUMENTS = ("size", "seed", "level")


@pytest.mark.parametrize("env", [e["id"] for e in ENVS])
def test_keywords_and_params_agree_name_by_name(env):
    info = next(e for e in ENVS if e["id"] == env)
    for name, value in info["default_params"].items():
        by_mapping = verigym.Dataset(env, 2, params={name: value})
        assert by_mapping.params[name] == value
        if name in DATASET_ARGUMENTS:
            # A keyword of that name is the Dataset's own argument, as documented.
            continue
        by_keyword = verigym.Dataset(env, 2, **{name: value})
        assert by_keyword.params == by_mapping.params
        assert by_keyword.jsonl(1) == by_mapping.jsonl(1)
        # Both ways at once is refused, naming the param.
        with pytest.raises(verigym.VerigymError, match=f"`{name}` is given twice"):
            verigym.Dataset(env, 2, params={name: value}, **{name: value})


def _arguments(fn):
    return [p.name for p in inspect.signature(fn).parameters.values()
            if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY) and p.name != "params"]


def _python_entry_points():
    ray_adapter = importlib.import_module("verigym.ray")  # imports ray only when used
    return [verigym.trl.dataset, verigym.verl.table, verigym.verl.export, verigym.hf.dataset, verigym.hf.stream,
            ray_adapter.dataset]


def test_a_param_named_like_an_argument_is_refused_beside_it_and_pointed_to_params():
    colliding = {
        (e["id"], name, value)
        for e in ENVS
        for name, value in e["default_params"].items()
        if name in DATASET_ARGUMENTS
        or any(name in _arguments(fn) for fn in _python_entry_points())
    }
    # Today that is `size`, of sudoku, futoshiki and binairo; the test covers whatever it is.
    assert {(env, name) for env, name, _ in colliding} >= {("sudoku", "size"), ("futoshiki", "size"), ("binairo", "size")}
    for env, name, value in sorted(colliding):
        if name in DATASET_ARGUMENTS:
            positional = [2, 0, None][: DATASET_ARGUMENTS.index(name) + 1]
            with pytest.raises(TypeError, match=rf"`{name}` is given twice.*params=\{{'{name}': {value!r}\}}"):
                verigym.Dataset(env, *positional, **{name: value})
            assert verigym.Dataset(env, *positional, params={name: value}).params[name] == value
        for fn in _python_entry_points():
            arguments = _arguments(fn)
            if name not in arguments:
                continue
            k = arguments.index(name)
            positional = {"path": "unused.parquet", "env": env, "size": 1, "n": 1, "seed": 0, "level": None}
            args = [positional[a] for a in arguments[: k + 1]]
            with pytest.raises(TypeError, match=rf"`{name}` is given twice.*params=\{{'{name}': {value!r}\}}"):
                fn(*args, **{name: value})


def test_params_must_be_a_mapping_of_names():
    with pytest.raises(TypeError, match="params= takes a mapping"):
        verigym.Dataset("modarith", 1, params=[("steps", 3)])
    with pytest.raises(TypeError, match="params= keys are env param names"):
        verigym.Dataset("modarith", 1, params={3: 3})
    with pytest.raises(TypeError, match="params= takes a mapping"):
        verigym.hf.dataset("modarith", 1, params="steps=3")
    with pytest.raises(verigym.VerigymError, match="`steps` is given twice"):
        verigym.trl.dataset("modarith", 1, params={"steps": 3}, steps=4)
    # An unknown param is the library's error, naming it, whichever way it came.
    with pytest.raises(verigym.VerigymError, match="bogus"):
        verigym.Dataset("modarith", 1, params={"bogus": 1})
    with pytest.raises(verigym.VerigymError, match="bogus"):
        verigym.Dataset("modarith", 1, bogus=1)
    with pytest.raises(TypeError, match="size=-1"):
        verigym.Dataset("modarith", -1)
    with pytest.raises(TypeError, match="seed=True"):
        verigym.Dataset("modarith", 1, True)
    with pytest.raises(TypeError, match="at most 3 more positional"):
        verigym.Dataset("modarith", 1, 0, None, {"steps": 3})
