"""`verigym serve`'s episodes driven by OpenEnv's own client over its websocket: the optimal
agent's actions, taken from `verigym episode run`, get the same observations and the same reward
over the wire, and OpenEnv's summed per-step reward is the episode's verdict."""

from __future__ import annotations

import json

import pytest

from adapters import need


@pytest.mark.parametrize(
    "env",
    [
        "guess_number",
        "counterfeit_coin",
        "hidden_polynomial",
        "hidden_parity",
        "find_max",
        "twenty_questions",
    ],
)
def test_an_openenv_client_replays_the_optimal_agent_for_the_same_reward(server, cli, env):
    openenv = need("openenv")
    logged = json.loads(
        cli("episode", "run", "--env", env, "--level", "4", "--seed", "2", "-n", "1")
    )
    client = openenv.GenericEnvClient(base_url=f"http://{server}/openenv").sync()
    with client:
        first = client.reset(env=env, level=4.0, seed=2)
        assert first.observation["text"] == logged["record"]["prompt"]
        assert not first.done
        total = 0.0
        for turn in logged["turns"]:
            result = client.step({"message": turn["action"]})
            assert result.observation["text"] == turn["observation"]
            total += result.reward or 0.0
        assert result.done
        assert total == logged["reward"] == 1.0
        assert result.observation["verdict"]["correct"] is True
        state = client.state()
        assert state["done"] is True and state["step_count"] == len(logged["turns"])


def test_a_step_after_the_end_or_before_a_reset_is_a_server_error_not_a_reward(server):
    openenv = need("openenv")
    client = openenv.GenericEnvClient(base_url=f"http://{server}/openenv").sync()
    with client:
        with pytest.raises(RuntimeError, match="reset first"):
            client.step({"message": "<answer>1</answer>"})
        client.reset(env="guess_number", seed=1)
        done = client.step({"message": "<answer>1</answer>"})
        assert done.done
        with pytest.raises(RuntimeError, match="over"):
            client.step({"message": "<answer>1</answer>"})
        # An action not in the {"message": text} form is still the model's turn (its JSON text):
        # an invalid turn that spends the turn and pays nothing, not an error a trainer drops.
        client.reset(env="guess_number")
        odd = client.step({"text": "wrong field"})
        assert not odd.done and (odd.reward or 0.0) == 0.0
        assert odd.observation["turn"] == 1
