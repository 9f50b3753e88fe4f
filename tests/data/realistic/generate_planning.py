#!/usr/bin/env python3
"""Writes the realistic-forms corpus of the planning envs (water_jugs, hanoi, maze).

Each line names a problem by (level, seed, index), which tests/realistic.rs regenerates through the
registry, a response written the way models and people write plans, and the reason a careful
grader gives it. Run from the repository root after an env version bump, with a built binary:

    python3 tests/data/realistic/generate_planning.py target/debug/verigym [env ...]

Read the diff: every line's expectation is a claim about what is right, not a recording of what
the verifier happens to say.
"""
import json
import sys

from corpus import records, tag

ENVS = sys.argv[2:] or ["water_jugs", "hanoi", "maze"]
PROBLEMS = [(1.0, 7), (4.0, 7), (8.0, 13)]  # (level, seed); indices 0 and 1 of each




def jugs_forms(rec):
    moves = rec["answer"].split(", ")
    k = len(rec["data"]["capacities"])
    missing = chr(ord("A") + k)

    def verbose(m):
        w = m.split()
        if w[0] == "pour":
            return f"Pour from {w[1]} into {w[2]}"
        return f"{w[0].capitalize()} jug {w[1]}"

    def arrow(m):
        w = m.split()
        return f"{w[1]} → {w[2]}" if w[0] == "pour" else m

    head = moves[:-1]
    caps = rec["data"]["capacities"]
    states, state = [], [0] * k
    for m in moves:
        w = m.split()
        x = ord(w[1]) - ord("A")
        if w[0] == "fill":
            state[x] = caps[x]
        elif w[0] == "empty":
            state[x] = 0
        else:
            y = ord(w[2]) - ord("A")
            amount = min(state[x], caps[y] - state[y])
            state[x] -= amount
            state[y] += amount
        states.append(list(state))
    shown = lambda s, sep=", ": sep.join(map(str, s))
    misstated = states[:-1] + [[states[-1][0] + 1] + states[-1][1:]]
    oxford = lambda ms: ", ".join(ms[:-1]) + ", and " + ms[-1] if len(ms) > 1 else ", ".join(ms)
    return [
        ("numbered_verbose", tag("\n".join(f"{i}. {verbose(m)}" for i, m in enumerate(moves, 1))), "correct"),
        ("step_labels_bold", tag("\n".join(f"**Step {i}:** {m}" for i, m in enumerate(moves, 1))), "correct"),
        ("bare_arrows", tag(", ".join(arrow(m) for m in moves)), "correct"),
        ("json_list", tag(json.dumps(moves)), "correct"),
        ("bullets_in_fence", tag("\n```\n" + "\n".join(f"- {m}" for m in moves) + "\n```\n"), "correct"),
        ("prose_then_tag", f"I will fill and pour until the amount appears.\n\n{tag(', '.join(moves))}", "correct"),
        ("upper_case", tag(", ".join(moves).upper()), "correct"),
        ("plan_label", tag("Plan: " + ", ".join(moves)), "correct"),
        ("bold_label_own_line", tag("**Moves:**\n" + "\n".join(f"{i}. {m}" for i, m in enumerate(moves, 1))), "correct"),
        ("oxford_and", tag(oxford(moves)), "correct"),
        ("states_after_arrows", tag("\n".join(
            f"{i}. {verbose(m)} → ({shown(st)})" for i, (m, st) in enumerate(zip(moves, states), 1))), "correct"),
        ("states_slashes", tag(", ".join(f"{m} ({shown(st, '/')})" for m, st in zip(moves, states))), "correct"),
        ("states_colons", tag("\n".join(f"{m.capitalize()}: ({shown(st)})" for m, st in zip(moves, states))), "correct"),
        ("last_move_dropped", tag(", ".join(head) or "fill A, empty A"), "wrong_answer"),
        ("wasted_fill_first", tag("fill A, fill A, " + ", ".join(moves)), "wrong_answer"),
        ("unknown_jug", tag(f"fill {missing}, " + ", ".join(moves)), "wrong_answer"),
        ("pour_into_itself", tag(", ".join(head + ["pour A A"])), "wrong_answer"),
        ("amounts_annotated", tag(", ".join(f"{m} (5 litres)" for m in moves)), "unparsable_answer"),
        ("state_misstated_last", tag("\n".join(
            f"{i}. {verbose(m)} → ({shown(st)})" for i, (m, st) in enumerate(zip(moves, misstated), 1))), "wrong_answer"),
        ("states_one_jug_short", tag(", ".join(f"{m} ({shown(st[:-1])})" for m, st in zip(moves, states))), "unparsable_answer"),
        ("plan_label_last_dropped", tag("Plan: " + (", ".join(head) or "fill A, empty A")), "wrong_answer"),
        ("verb_as_label", tag("Fill: " + ", ".join(moves)), "unparsable_answer"),
    ] + [
        # `and` only before the last move: before a middle one it is no separator.
        ("and_before_middle_move", tag(moves[0] + ", and " + ", ".join(moves[1:])), "unparsable_answer"),
    ] * (len(moves) > 2) + [
        ("hedged_last_move", tag(", ".join(head + [moves[-1] + " or empty A"])), "unparsable_answer"),
        ("answer_only_in_think", f"<think>{tag(', '.join(moves))}</think>", "answer_only_in_think"),
    ]


def hanoi_forms(rec):
    moves = [tuple(int(x) for x in m.split(" -> ")) for m in rec["answer"].split(", ")]
    pegs = rec["data"]["pegs"]
    at = list(rec["data"]["start"])  # peg of each disk, smallest first
    disks = []
    for f, t in moves:
        d = at.index(f)
        disks.append(d + 1)
        at[d] = t
    L = "ABCD"
    arrows = lambda ms: ", ".join(f"{f} -> {t}" for f, t in ms)
    f0, t0 = moves[0]
    return [
        ("letters", tag(", ".join(f"{L[f - 1]} {L[t - 1]}" for f, t in moves)), "correct"),
        ("letter_arrows", tag(", ".join(f"{L[f - 1]}→{L[t - 1]}" for f, t in moves)), "correct"),
        ("verbose_with_disks", tag("\n".join(
            f"{i}. Move disk {d} from peg {f} to peg {t}" for i, ((f, t), d) in enumerate(zip(moves, disks), 1))), "correct"),
        ("move_labels_bold", tag("\n".join(f"**Move {i}:** {f} → {t}" for i, (f, t) in enumerate(moves, 1))), "correct"),
        ("tuples", tag("[" + ", ".join(f"({f}, {t})" for f, t in moves) + "]"), "correct"),
        ("one_per_line_fenced", tag("\n```\n" + "\n".join(f"{f} {t}" for f, t in moves) + "\n```\n"), "correct"),
        ("prose_then_tag", f"Move the small disks out of the way first.\n\n{tag(arrows(moves))}", "correct"),
        ("top_disk_of_peg", tag("\n".join(f"Move the top disk of peg {f} onto peg {t}" for f, t in moves)), "correct"),
        ("json_pairs", tag(json.dumps([[f, t] for f, t in moves])), "correct"),
        ("bracket_pairs_bare", tag(", ".join(f"[{f}, {t}]" for f, t in moves)), "correct"),
        ("moves_label", tag("Moves: " + arrows(moves)), "correct"),
        ("oxford_and", tag(", ".join(f"{f} -> {t}" for f, t in moves[:-1]) + ", and " + "{} -> {}".format(*moves[-1])
                           if len(moves) > 1 else arrows(moves)), "correct"),
        ("last_move_dropped", tag(arrows(moves[:-1]) or f"{f0} -> {t0}, {t0} -> {f0}"), "wrong_answer"),
        ("move_and_undo_first", tag(f"{f0} -> {t0}, {t0} -> {f0}, " + arrows(moves)), "wrong_answer"),
        ("wrong_disk_named", tag("\n".join(
            f"Move disk {d + (1 if i == 0 else 0)} from {f} to {t}" for i, ((f, t), d) in enumerate(zip(moves, disks)))), "wrong_answer"),
        ("peg_out_of_range", tag(arrows(moves) + f", 1 -> {pegs + 1}"), "wrong_answer"),
        ("top_disk_of_peg_last_dropped", tag("\n".join(
            f"Move the top disk of peg {f} onto peg {t}" for f, t in moves[:-1]) or f"{f0} -> {t0}, {t0} -> {f0}"), "wrong_answer"),
        ("json_pairs_peg_out_of_range", tag(json.dumps([[f, t] for f, t in moves] + [[1, pegs + 1]])), "wrong_answer"),
        ("json_triple_first", tag(json.dumps([[f0, t0, f0]] + [[f, t] for f, t in moves[1:]])), "unparsable_answer"),
        ("moves_label_twice", tag("Moves: " + arrows(moves) + "\nMoves: " + arrows(moves)), "unparsable_answer"),
        ("dash_pairs", tag(", ".join(f"{f}-{t}" for f, t in moves)), "unparsable_answer"),
        ("hedged_first_move", tag(f"{f0} -> {t0} or {t0} -> {f0}, " + arrows(moves[1:])), "unparsable_answer"),
        ("answer_only_in_think", f"<think>{tag(arrows(moves))}</think>", "answer_only_in_think"),
    ]


def maze_forms(rec):
    a = rec["answer"]
    d = rec["data"]
    delta = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
    words = {"U": "up", "D": "down", "L": "left", "R": "right"}
    arrows = {"U": "↑", "D": "↓", "L": "←", "R": "→"}
    back = {"U": "D", "D": "U", "L": "R", "R": "L"}
    r, c = d["start"]
    squares = []
    for m in a:
        r, c = r + delta[m][0], c + delta[m][1]
        squares.append((r, c))
    start = tuple(d["start"])
    pairs = lambda sq, sep=", ": sep.join(f"({x}, {y})" for x, y in sq)
    return [
        ("words", tag(", ".join(words[m] for m in a)), "correct"),
        ("capital_words_lines", tag("\n".join(words[m].capitalize() for m in a)), "correct"),
        ("arrows", tag(" ".join(arrows[m] for m in a)), "correct"),
        ("spaced_letters", tag(" ".join(a)), "correct"),
        ("squares", tag(pairs(squares)), "correct"),
        ("squares_from_start_arrows", tag(pairs([start] + squares, " → ")), "correct"),
        ("bold_string_in_prose", f"Following the corridor:\n\n<answer>**{a}**</answer>", "correct"),
        ("moves_label", tag(f"Moves: {a}"), "correct"),
        ("path_label_bold", tag(f"**Path:** {a}"), "correct"),
        ("squares_label_own_line", tag("Path:\n" + pairs(squares)), "correct"),
        ("counted", tag(f"{a} ({len(a)} moves)"), "correct"),
        ("oxford_words", tag(", ".join(words[m] for m in a[:-1]) + ", and " + words[a[-1]] if len(a) > 1 else a), "correct"),
        ("last_move_dropped", tag(a[:-1] or back[a[0]]), "wrong_answer"),
        ("detour_first", tag(a[0] + back[a[0]] + a), "wrong_answer"),
        ("squares_skip_one", tag(pairs(squares[:0] + squares[1:])), "wrong_answer"),
        ("into_the_border", tag("U" * d["start"][0]), "wrong_answer"),
        ("count_one_more", tag(f"{a} ({len(a) + 1} moves)"), "wrong_answer"),
        ("counted_last_dropped", tag(f"{a[:-1] or back[a[0]]} ({max(len(a) - 1, 1)} moves)"), "wrong_answer"),
        ("move_word_label", tag(f"Down: {a}"), "unparsable_answer"),
        ("count_without_word", tag(f"{a} ({len(a)})"), "unparsable_answer"),
        ("counted_moves", tag(f"{a[0]}{len(a)}"), "unparsable_answer"),
        ("mixed_letters_arrows", tag(a[0] + arrows[a[0]]), "unparsable_answer"),
        ("answer_only_in_think", f"<think>{tag(a)}</think>", "answer_only_in_think"),
    ]


FORMS = {"water_jugs": jugs_forms, "hanoi": hanoi_forms, "maze": maze_forms}


def main():
    for env in ENVS:
        lines = []
        for level, seed in PROBLEMS:
            for index, rec in enumerate(records(env, level, seed)):
                for form, response, expect in FORMS[env](rec):
                    lines.append(json.dumps({
                        "level": level, "seed": seed, "index": index, "form": form,
                        "response": response, "expect": expect,
                    }, ensure_ascii=False))
        with open(f"tests/data/realistic/{env}.jsonl", "w") as f:
            f.write("\n".join(lines) + "\n")


main()
