#!/usr/bin/env python3
"""Writes the realistic-forms corpus of futoshiki, binairo and cryptarithm (tests/data/realistic/).

Each line names a problem by (level, seed, index), which tests/realistic.rs regenerates through the
registry, a response written the way models and people write answers, and the reason a careful
grader gives it. Run from the repository root after an env version bump, with a built binary:

    python3 tests/data/realistic/generate_constraint.py target/debug/verigym [ENV ...]

Read the diff: every line's expectation is a claim about what is right, not a recording of what
the verifier happens to say.
"""
import json
import sys

from corpus import records, tag

ONLY = sys.argv[2:]
PROBLEMS = [(1.0, 7), (5.0, 11), (9.0, 13)]  # (level, seed); index 0 of each


def record(env, level, seed):
    return records(env, level, seed, n=1)[0]



def protocol_forms(a, wrong):
    """Forms the core's extraction and normalisation read for every env, and its hacks."""
    return [
        ("upper_tag", f"<ANSWER>{a}</ANSWER>", "correct"),
        ("title_tags_and_think", f"<Think>Let me work.</Think>\n<Answer>{a}</Answer>", "correct"),
        ("fenced", tag(f"\n```\n{a}\n```\n"), "correct"),
        ("boxed", f"So the answer is \\boxed{{{a}}}", "correct"),
        ("prose_around", f"Working through it gives the result.\n\n**Final answer:** {tag(a)}", "correct"),
        ("answer_only_in_think", f"<think>{tag(a)}</think>", "answer_only_in_think"),
        ("empty", tag("  "), "empty_answer"),
        ("no_tag", a, "no_answer"),
        ("two_answers_disagree", f"{tag(a)}\n{tag(wrong)}", "conflicting_answers"),
    ]


def rows(grid, sep=" "):
    return "\n".join(sep.join(str(d) for d in row) for row in grid)


def table(grid):
    lines = []
    for r, row in enumerate(grid):
        lines.append("| " + " | ".join(str(d) for d in row) + " |")
        if r == 0:
            lines.append("|" + "---|" * len(row))
    return "\n".join(lines)


def grid_env(env, blank):
    for level, seed in PROBLEMS:
        r = record(env, level, seed)
        sol, n = r["data"]["solution"], r["data"]["size"]
        a = r["answer"]
        swapped = [list(row) for row in sol]
        if env == "binairo":  # neighbours may be equal: flip one cell instead of a swap
            swapped[0][0] = 1 - swapped[0][0]
        else:
            swapped[0][0], swapped[0][1] = swapped[0][1], swapped[0][0]
        wrong = rows(swapped)
        forms = protocol_forms(a, wrong) + [
            ("packed_rows", tag(rows(sol, "")), "correct"),
            ("comma_rows", tag(rows(sol, ", ")), "correct"),
            ("nested_list", tag("[" + ", ".join("[" + ", ".join(map(str, row)) + "]" for row in sol) + "]"), "correct"),
            ("row_labels", tag("\n".join(f"Row {i + 1}: " + " ".join(map(str, row)) for i, row in enumerate(sol))), "correct"),
            ("markdown_table", tag("\n" + table(sol) + "\n"), "correct"),
            ("pipes", tag(rows(sol, " | ")), "correct"),
            ("full_stop", tag(a + "."), "correct"),
            ("bulleted_rows", tag("\n".join("- " + " ".join(map(str, row)) for row in sol)), "correct"),
            ("numbered_rows", tag("\n".join(f"{i + 1}. " + " ".join(map(str, row)) for i, row in enumerate(sol))), "correct"),
            ("numbered_rows_parens_packed", tag("\n".join(f"{i + 1}) " + "".join(map(str, row)) for i, row in enumerate(sol))), "correct"),
            # Near misses.
            ("bulleted_rows_wrong" if env == "futoshiki" else "bulleted_rows_cell_flipped",
             tag("\n".join("- " + " ".join(map(str, row)) for row in swapped)), "wrong_answer"),
            ("numbered_rows_wrong" if env == "futoshiki" else "numbered_rows_cell_flipped",
             tag("\n".join(f"{i + 1}. " + " ".join(map(str, row)) for i, row in enumerate(swapped))), "wrong_answer"),
            # Numbering must count the rows in order, and markers go on every row or on none.
            ("numbered_rows_out_of_order", tag("\n".join(f"{[2, 1][i] if i < 2 else i + 1}. " + " ".join(map(str, row))
                                                         for i, row in enumerate(sol))), "unparsable_answer"),
            ("numbered_rows_reordered", tag("\n".join(f"{i + 1}. " + " ".join(map(str, sol[i])) for i in [1, 0] + list(range(2, n)))),
             "unparsable_answer"),
            ("bullet_on_first_row_only", tag("- " + rows(sol)), "unparsable_answer"),
            ("two_cells_swapped" if env == "futoshiki" else "one_cell_flipped", tag(wrong), "wrong_answer"),
            ("markdown_table_cells_swapped" if env == "futoshiki" else "markdown_table_cell_flipped", tag(table(swapped)), "wrong_answer"),
            ("givens_only_dots", tag(rows([["." if d == blank else d for d in row] for row in r["data"]["givens"]])), "unparsable_answer"),
            ("row_missing", tag(rows(sol[:-1])), "unparsable_answer"),
            ("row_labels_out_of_order", tag("\n".join(f"Row {n - i}: " + " ".join(map(str, row)) for i, row in enumerate(sol))), "unparsable_answer"),
            ("one_flat_row", tag(" ".join(str(d) for row in sol for d in row)), "unparsable_answer"),
            # Issue 31: a fixed lead-in ("The grid is") is read through; other prose is not.
            ("prose_in_answer", tag(f"The grid is\n{a}"), "correct"),
            ("hedged_prose_in_answer", tag(f"I think the grid is\n{a}"), "unparsable_answer"),
        ]
        if env == "futoshiki":
            forms.append(("signs_left_in", tag(" < ".join(map(str, sol[0])) + "\n" + rows(sol[1:])), "unparsable_answer"))
            forms.append(("reflected_digits", tag(rows([[n + 1 - d for d in row] for row in sol])), "wrong_answer"))
        else:
            forms.append(("complemented", tag(rows([[1 - d for d in row] for row in sol])), "wrong_answer"))
        for form, response, expect in forms:
            yield dict(level=level, seed=seed, index=0, form=form, response=response, expect=expect)


def cryptarithm():
    for level, seed in PROBLEMS:
        r = record("cryptarithm", level, seed)
        sol = r["data"]["solution"]
        pairs = sorted(sol.items())
        a = r["answer"]
        join = lambda ps, link=" = ", sep=", ": sep.join(f"{l}{link}{d}" for l, d in ps)
        traded = list(pairs)
        traded[0], traded[1] = (traded[0][0], traded[1][1]), (traded[1][0], traded[0][1])
        wrong = join(traded)
        words = r["data"]["addends"] + [r["data"]["result"]]
        value = lambda w: "".join(str(sol[c]) for c in w)
        forms = protocol_forms(a, wrong) + [
            ("spaced_equals", tag(join(pairs)), "correct"),
            ("reversed_order", tag(join(reversed(pairs))), "correct"),
            ("one_per_line", tag(join(pairs, "=", "\n")), "correct"),
            ("bullets", tag("\n" + "\n".join(f"- {l} = {d}" for l, d in pairs) + "\n"), "correct"),
            ("colons", tag(join(pairs, ": ")), "correct"),
            ("arrows", tag(join(pairs, " → ")), "correct"),
            ("is_words", tag(join(pairs, " is ")), "correct"),
            ("lowercase", tag(join([(l.lower(), d) for l, d in pairs], "=")), "correct"),
            ("json_object", tag("{" + ", ".join(f'"{l}": {d}' for l, d in pairs) + "}"), "correct"),
            ("markdown_table", tag("\n| Letter | Digit |\n|---|---|\n" + "\n".join(f"| {l} | {d} |" for l, d in pairs) + "\n"), "correct"),
            ("bold_letters", tag(", ".join(f"**{l}** = {d}" for l, d in pairs)), "correct"),
            ("full_stop", tag(a + "."), "correct"),
            ("and_joined", tag(join(pairs, "=", " and ")), "correct"),
            ("oxford_and", tag(join(pairs[:-1]) + f", and {pairs[-1][0]} = {pairs[-1][1]}"), "correct"),
            # Near misses.
            ("two_letters_trade_digits", tag(wrong), "wrong_answer"),
            ("oxford_and_traded", tag(join(traded[:-1]) + f", and {traded[-1][0]} = {traded[-1][1]}"), "wrong_answer"),
            ("and_joined_one_missing", tag(join(pairs[1:], "=", " and ")), "wrong_answer"),
            ("trailing_and", tag(join(pairs) + " and"), "unparsable_answer"),
            ("and_twice", tag(join(pairs[:-1]) + f" and and {pairs[-1][0]} = {pairs[-1][1]}"), "unparsable_answer"),
            ("one_letter_missing", tag(join(pairs[1:])), "wrong_answer"),
            ("one_letter_twice", tag(join(pairs + [pairs[0]])), "wrong_answer"),
            ("two_letters_one_digit", tag(join([pairs[0], (pairs[1][0], pairs[0][1])] + pairs[2:])), "wrong_answer"),
            ("digit_ten", tag(join([(pairs[0][0], 10)] + pairs[1:])), "wrong_answer"),
            ("words_as_numbers", tag(", ".join(f"{w} = {value(w)}" for w in words)), "unparsable_answer"),
            ("substituted_sum", tag(" + ".join(value(w) for w in words[:-1]) + " = " + value(words[-1])), "unparsable_answer"),
            ("two_candidates", tag(f"{a} or {pairs[0][1]}"), "unparsable_answer"),
            ("spelled_digit", tag(join([(pairs[0][0], "nine")] + pairs[1:])), "unparsable_answer"),
        ]
        for form, response, expect in forms:
            yield dict(level=level, seed=seed, index=0, form=form, response=response, expect=expect)


ENVS = {"futoshiki": lambda: grid_env("futoshiki", 0),
        "binairo": lambda: grid_env("binairo", None),
        "cryptarithm": cryptarithm}

for name, cases in ENVS.items():
    if ONLY and name not in ONLY:
        continue
    with open(f"tests/data/realistic/{name}.jsonl", "w") as f:
        for case in cases():
            f.write(json.dumps(case, ensure_ascii=False) + "\n")
