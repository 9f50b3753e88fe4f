"""Live `verifiers` 0.4 rollouts, run as a user runs them: the `vf-eval` command in a subprocess,
offline, with the `null` harness (a plain chat program) on the local `subprocess` runtime and a
scripted model on loopback (`mock_model.py`); for episodes, `verigym serve` is the OpenEnv server.
Every reward verifiers records is checked against verigym's own judgement of the same replies.

The `null` harness runs its chat program with `uv` (which must be on PATH: here the virtualenv's
bin directory, as an activated virtualenv has it), and uv resolves that program's dependencies on
PyPI at every run (downloading them only once), so these tests need PyPI."""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from adapters import need
from mock_model import MockModel, text_of

need("verifiers.v1")  # which needs Python >= 3.11, as tomllib does

import tomllib  # noqa: E402

import verigym  # noqa: E402
import verigym.verifiers  # noqa: E402

VENV_BIN = Path(sys.executable).parent
README = Path(__file__).resolve().parents[2] / "README.md"


def readme_block(lang: str, containing: str) -> str:
    """The README's one fenced block in `lang` holding `containing`, unindented."""
    blocks = re.findall(rf"^( *)```{lang}\n(.*?)^\1```", README.read_text(), re.S | re.M)
    (block,) = [re.sub(rf"(?m)^{indent}", "", body) for indent, body in blocks if containing in body]
    return block


def with_values(argv: list[str], **values: str) -> list[str]:
    """argv with the values of some `--flag VALUE` pairs replaced (`client_base_url` names
    `--client.base-url`); each flag must be there."""
    argv = list(argv)
    for name, value in values.items():
        flag = "--" + name.replace("__", ".").replace("_", "-")
        argv[argv.index(flag) + 1] = value
    return argv


def vf_eval(tmp_path: Path, *args: str) -> list[dict]:
    """Runs `vf-eval ARGS` (without its live dashboard) and returns every trace it wrote."""
    exe = shutil.which("vf-eval", path=str(VENV_BIN))
    assert exe, "verifiers installs the vf-eval script"
    out = tmp_path / "runs"
    env = {**os.environ, "NO_COLOR": "1", "PATH": f"{VENV_BIN}{os.pathsep}{os.environ.get('PATH', '')}"}
    done = subprocess.run(
        [exe, *args, "--no-rich", "--output-dir", str(out)],
        capture_output=True, text=True, env=env, timeout=180,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    (written,) = out.glob("*/traces.jsonl")
    return [trace for line in written.read_text().splitlines() for trace in json.loads(line)["traces"]]


def said(trace: dict, role: str) -> list[str]:
    """The texts of a trace's messages of one role, in order."""
    return [text_of(node["message"]) for node in trace["nodes"] if node["message"]["role"] == role]


# --- single-turn: `vf-eval verigym-verifiers` ------------------------------------------------

# One run, two kinds of model turn: the even problems are answered right, the odd ones with one of
# four answers the verifier must refuse (one `vf-eval` run instead of two: each costs its start-up).
ENV, SIZE = "modarith", 8


def is_right(index: int) -> bool:
    return index % 2 == 0


def answering(answers: dict[str, tuple[int, str]]):
    """A model that answers the even problems right and the odd ones with a wrong value, a hedge
    holding the right one, the right one inside a think block, or the answer tags with nothing in
    them."""

    def policy(messages):
        index, answer = answers[text_of(next(m for m in messages if m["role"] == "user"))]
        if is_right(index):
            return f"<think>reduce after each step</think>\n<answer>{answer}</answer>"
        wrong = str((int(answer) + 1) % 101)
        return [
            f"<answer>{wrong}</answer>",
            f"<answer>{answer}</answer> or maybe <answer>{wrong}</answer>",
            f"<think><answer>{answer}</answer></think>",
            "<answer></answer>",
        ][index // 2 % 4]

    return policy


def readme_command() -> list[str]:
    """The README's `vf-eval verigym-verifiers` command, which the module docstring repeats."""
    block = readme_block("sh", "vf-eval verigym-verifiers")
    command = " ".join(block.replace("\\\n", " ").split())
    command = command[command.index("vf-eval verigym-verifiers"):]
    assert command in " ".join(verigym.verifiers.__doc__.replace("\\\n", " ").split())
    return shlex.split(command)


def test_vf_eval_by_its_id_pays_what_verigym_verify_says(tmp_path):
    ds = verigym.Dataset(ENV, size=SIZE, seed=0)
    answers = {ds[i]["prompt"]: (i, ds[i]["answer"]) for i in range(SIZE)}
    with MockModel(answering(answers)) as model:
        # The README's command, on fewer problems and with the mock's name and address.
        command = readme_command()
        assert with_values(command, env__taskset__env=ENV) == command
        args = with_values(command, env__taskset__size=str(SIZE), model="mock", client__base_url=model.base_url)
        traces = vf_eval(tmp_path, *args[1:])
        sent = {text_of(next(m for m in msgs if m["role"] == "user")): reply for msgs, reply in model.exchanges}
    assert sorted(t["task"]["data"]["id"] for t in traces) == sorted(ds[i]["id"] for i in range(SIZE))
    assert len(sent) == SIZE
    for trace in traces:
        i = trace["task"]["data"]["idx"]
        record = ds.jsonl(i).decode().rstrip("\n")
        assert trace["task"]["data"]["record"] == record
        (reply,) = said(trace, "assistant")
        assert reply == sent[ds[i]["prompt"]], "verifiers judged what the model said, unchanged"
        verdict = verigym.verify(record, reply)
        assert trace["ok"] and trace["stop_condition"] == "agent_completed"
        assert trace["rewards"]["verigym"]["score"] == verdict["score"] == (1.0 if is_right(i) else 0.0), reply
        assert trace["info"]["verigym"] == {k: verdict[k] for k in ("correct", "format_ok", "reason")}


# --- episodes: verifiers' OpenEnv taskset against `verigym serve` ---------------------------

# Low levels keep the episodes short: the null harness starts its chat program anew for every
# turn, about 2 s each on a loaded 2-core machine.
GUESS = {"env": "guess_number", "seed": 1, "level": 1}
COIN = {"env": "counterfeit_coin", "seed": 2, "level": 2}
RESETS = [GUESS, COIN]


def optimal(cli, reset: dict) -> dict:
    """verigym's optimal agent's transcript of the episode a reset opens."""
    args = ("--env", reset["env"], "--level", str(reset["level"]), "--seed", str(reset["seed"]), "-n", "1")
    return json.loads(cli("episode", "run", *args))


def wrong_answer(action: str) -> str:
    # A neighbouring number: a plausible final answer (in range, well formed) that is wrong.
    n = int(re.fullmatch(r"<answer>(\d+)</answer>", action).group(1))
    return f"<answer>{n - 1 if n > 1 else n + 1}</answer>"


def bisect(seen: list[str], acted: list[str]) -> str:
    """guess_number's optimal play, read off the observations: halve the interval left."""
    (top,) = map(int, re.findall(r"from 1 to (\d+)", seen[0]))
    lo, hi = 1, top
    for action, observation in zip(acted, seen[1:]):
        guess = int(re.search(r"\d+", action).group())
        if observation.startswith("Higher"):
            lo = guess + 1
        elif observation.startswith("Lower"):
            hi = guess - 1
        else:
            lo = hi = guess
    return f"<answer>{lo}</answer>" if lo == hi else f"<query>{(lo + hi) // 2}</query>"


def next_action(logged: dict, seen: list[str], acted: list[str], right: bool) -> str:
    """guess_number by bisection; counterfeit_coin by replaying verigym's optimal agent, checking
    each observation shown against that agent's log. Played wrong, the same moves end with a
    neighbouring number as the answer."""
    if seen[0] == logged["record"]["prompt"]:
        turns = logged["turns"]
        assert acted == [t["action"] for t in turns[: len(acted)]]
        assert seen[1:] == [t["observation"] for t in turns[: len(acted)]]
        action = turns[len(acted)]["action"]
    else:
        action = bisect(seen, acted)
    return action if right or not action.startswith("<answer>") else wrong_answer(action)


def playing(logged: dict, right: bool):
    """A model for the OpenEnv taskset, which shows each observation as JSON beside the action
    schema and takes the reply as the action."""

    def policy(messages):
        seen = [json.loads(text_of(m))["observation"]["text"] for m in messages if m["role"] == "user"]
        acted = [text_of(m) for m in messages if m["role"] == "assistant"]
        return next_action(logged, seen, acted, right)

    return policy


def post(url: str, body: dict) -> dict:
    request = urllib.request.Request(url, json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def replay(server: str, reset: dict, actions: list[str]):
    """The server's own account of the same actions, over its HTTP episode routes: the
    observations, the summed reward and the last step (with the verdict)."""
    result = post(f"http://{server}/openenv/reset", reset)
    episode = result["metadata"]["episode_id"]
    observations, total = [result["observation"]["text"]], 0.0
    for action in actions:
        result = post(f"http://{server}/openenv/step", {"episode_id": episode, "action": {"message": action}})
        observations.append(result["observation"]["text"])
        total += result["reward"] or 0.0
    return observations, total, result


def openenv_config(tmp_path: Path, server: str) -> Path:
    """The README's `openenv.toml`, pointed at this test's server."""
    text = readme_block("toml", 'id = "openenv"')
    assert tomllib.loads(text)["env"]["taskset"]["resets"] == RESETS
    config = tmp_path / "openenv.toml"
    config.write_text(text.replace("127.0.0.1:8000", server))
    return config


@pytest.mark.parametrize("right", [True, False], ids=["optimal", "wrong"])
def test_the_openenv_taskset_plays_verigym_serve_episodes_to_the_servers_verdict(tmp_path, server, cli, right):
    logged = optimal(cli, COIN)
    with MockModel(playing(logged, right)) as model:
        # The README's command.
        traces = vf_eval(
            tmp_path, "@", str(openenv_config(tmp_path, server)), "--model", "mock",
            "--client.base-url", model.base_url, "--no-push",
        )
    assert sorted(t["task"]["data"]["reset"]["env"] for t in traces) == ["counterfeit_coin", "guess_number"]
    for trace in traces:
        assert trace["ok"] and trace["stop_condition"] == "user_closed"
        actions = said(trace, "assistant")
        shown = [json.loads(text)["observation"]["text"] for text in said(trace, "user")]
        observations, total, last = replay(server, trace["task"]["data"]["reset"], actions)
        # The model saw the server's observations (all but the last, which ends the episode), and
        # verifiers' summed reward is the server's, 1 exactly when its verdict is correct.
        assert shown == observations[:-1]
        assert last["done"] and last["observation"]["verdict"]["correct"] is right
        assert trace["rewards"]["openenv_reward"]["score"] == total == (1.0 if right else 0.0)
        if trace["task"]["data"]["reset"] == COIN:
            assert len(actions) == len(logged["turns"])
        else:
            (enough,) = map(int, re.findall(r"(\d+) guesses always suffice", shown[0]))
            assert 1 < len(actions) <= enough + 1


def test_a_reply_that_parses_as_json_is_an_unpaid_turn_not_an_errored_rollout(tmp_path, server):
    # verifiers' parse_action JSON-decodes every reply: a bare number goes out as
    # {"message": 7} and an object as the whole action. verigym reads either as the model's turn
    # (its JSON text): an invalid turn that spends the turn, so the rollout runs to its budget and
    # is paid 0. An errored rollout would be dropped unscored, and a policy could learn to reply
    # in JSON to dodge a 0.
    replies = {"I am thinking": "7", "There are": '{"answer": "3"}'}

    def policy(messages):
        first = json.loads(text_of(next(m for m in messages if m["role"] == "user")))["observation"]["text"]
        return next(reply for start, reply in replies.items() if first.startswith(start))

    with MockModel(policy) as model:
        traces = vf_eval(
            tmp_path, "@", str(openenv_config(tmp_path, server)), "--model", "mock",
            "--client.base-url", model.base_url, "--no-push",
        )
    assert len(traces) == 2
    for trace in traces:
        assert trace["ok"] and not trace["errors"], trace["errors"]
        assert trace["rewards"]["openenv_reward"]["score"] == 0.0


# --- episodes: verifiers' NeMo Gym taskset against `verigym serve`'s `/nemo` routes ---------

ACT = {
    "type": "function",
    "name": "act",
    "description": "Take one turn of the episode: a <query>…</query> or the final <answer>…</answer>.",
    "parameters": {
        "type": "object",
        "properties": {"message": {"type": "string"}},
        "required": ["message"],
        "additionalProperties": False,
    },
}


def nemo_config(tmp_path: Path, server: str, rows: list[dict]) -> Path:
    # NeMo Gym rows: the Responses-API request (the record's prompt, the `act` tool) beside the
    # reset fields verigym's seed_session reads. A config file for the same reason as OpenEnv's:
    # NeMoGymConfig cannot be built from the id alone (its `dataset` has no default).
    dataset = tmp_path / "rows.jsonl"
    dataset.write_text("".join(json.dumps(row) + "\n" for row in rows))
    config = tmp_path / "nemo.toml"
    config.write_text(
        f'[env.taskset]\nid = "nemo-gym"\ndataset = "{dataset}"\n\n'
        f'[env.taskset.task]\nresources_url = "http://{server}/nemo"\n\n'
        '[env.agent.harness]\nid = "null"\n\n[env.agent.runtime]\ntype = "subprocess"\n'
    )
    return config


def nemo_row(cli, reset: dict) -> dict:
    prompt = optimal(cli, reset)["record"]["prompt"]
    return {"responses_create_params": {"input": [{"role": "user", "content": prompt}], "tools": [ACT]}, **reset}


def acting(logged: dict, right: bool, echo: bool = False):
    """A model for the NeMo Gym taskset: its turns are `act` tool calls. counterfeit_coin's answer
    goes through the tool too, then a closing message; guess_number's is the final message, which
    verigym's `verify` plays as the last turn. With `echo`, each tool call's message also carries
    the action as text, as chat models often do."""

    def policy(messages):
        results = [json.loads(text_of(m)) for m in messages if m["role"] == "tool"]
        if results and results[-1]["done"]:
            return "That was my answer."
        seen = [text_of(next(m for m in messages if m["role"] == "user"))] + [r["observation"] for r in results]
        acted = [
            json.loads(call["function"]["arguments"])["message"]
            for m in messages if m["role"] == "assistant" for call in m.get("tool_calls") or []
        ]
        action = next_action(logged, seen, acted, right)
        if action.startswith("<answer>") and seen[0] != logged["record"]["prompt"]:
            return action
        call = {"id": f"call_{len(acted)}", "type": "function",
                "function": {"name": "act", "arguments": json.dumps({"message": action})}}
        return {"content": action if echo else None, "tool_calls": [call]}

    return policy


def nemo_actions(trace: dict) -> list[str]:
    """The turns a NeMo rollout took: its `act` calls, then its final message if that answers."""
    calls = [
        json.loads(call["arguments"])["message"]
        for node in trace["nodes"] if node["message"]["role"] == "assistant"
        for call in node["message"].get("tool_calls") or []
    ]
    final = said(trace, "assistant")[-1]
    return calls + [final] if final.startswith("<answer>") else calls


@pytest.mark.parametrize("right", [True, False], ids=["optimal", "wrong"])
def test_the_nemo_gym_taskset_plays_verigym_serve_episodes_to_the_servers_verdict(tmp_path, server, cli, right):
    logged = optimal(cli, COIN)
    config = nemo_config(tmp_path, server, [nemo_row(cli, GUESS), nemo_row(cli, COIN)])
    with MockModel(acting(logged, right)) as model:
        traces = vf_eval(tmp_path, "@", str(config), "--model", "mock", "--client.base-url", model.base_url, "--no-push")
    assert len(traces) == 2
    for trace in traces:
        row = trace["task"]["data"]["row"]
        reset = {k: row[k] for k in ("env", "seed", "level")}
        assert trace["ok"] and trace["stop_condition"] == "agent_completed"
        verdict = trace["info"]["nemo_gym"]["verdict"]
        assert verdict["correct"] is right
        assert trace["rewards"]["nemo_gym"]["score"] == verdict["score"] == (1.0 if right else 0.0)
        # The same turns replayed on the server's OpenEnv routes end in the same verdict.
        _, total, last = replay(server, reset, nemo_actions(trace))
        assert last["done"] and last["observation"]["verdict"] == verdict and total == verdict["score"]
        if reset == COIN:
            # The same weighings as the optimal agent's; only the wrong model's answer differs.
            assert nemo_actions(trace)[:-1] == [t["action"] for t in logged["turns"]][:-1]


def test_nemo_verify_plays_only_the_final_message_as_the_last_turn(tmp_path, server, cli):
    # verifiers emits a message item for every assistant message with text, so a model that
    # writes its query beside each tool call leaves several; only the final one is the last turn.
    config = nemo_config(tmp_path, server, [nemo_row(cli, GUESS)])
    with MockModel(acting(optimal(cli, COIN), right=True, echo=True)) as model:
        (trace,) = vf_eval(tmp_path, "@", str(config), "--model", "mock", "--client.base-url", model.base_url, "--no-push")
    assert trace["rewards"]["nemo_gym"]["score"] == 1.0
