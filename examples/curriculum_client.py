"""A fake trainer for `verigym curriculum`: reads each batch of problems, answers with a made-up
model and sends one reward line per problem. From the repository root, with `verigym` on PATH
(or VERIGYM=target/release/verigym): python3 examples/curriculum_client.py"""
import json, math, os, random, subprocess, sys

BATCH, G, SKILL = 16, 8, 3.0  # batch as in the config (or --batch); SKILL: level solved half the time
cmd = [os.environ.get("VERIGYM", "verigym"), "curriculum", "--config", "envs/curriculum/example.toml", "--rounds", "20"]
proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
for _ in range(20):
    batch = [json.loads(proc.stdout.readline()) for _ in range(BATCH)]
    for problem in batch:
        p = 1 / (1 + math.exp(problem["meta"]["level"] - SKILL))  # the fake model's pass rate
        rewards = [1.0 if random.random() < p else 0.0 for _ in range(G)]
        proc.stdin.write(json.dumps({"id": problem["id"], "rewards": rewards}) + "\n")
    proc.stdin.flush()
    ack = json.loads(proc.stdout.readline())["ack"]  # the round is saved
    print("round", ack["round"], "levels:", sorted(p["meta"]["level"] for p in batch), file=sys.stderr)
proc.stdin.close()
proc.wait()
