#!/usr/bin/env python3
"""Writes the layout forms of issue 31 (tests/data/realistic/layouts/<env>.jsonl): tables with
header rows, LaTeX matrices, heading lines, sentences of a fixed shape, numbered lists, glosses
after a name and one-line grids, for the 21 tagged single-turn envs, each beside near misses.

tests/realistic.rs judges these files like the `<env>.jsonl` beside this script. Run from the
repository root with a built binary:

    python3 tests/data/realistic/generate_layouts.py target/debug/verigym

Read the diff: every line's expectation is a claim about what a careful grader says, not a
recording of what the verifier happens to say.
"""
import json
import os

from corpus import records, tag

PROBLEMS = [(3.0, 7), (6.0, 11)]  # (level, seed); indices 0 and 1 of each
OUT = "tests/data/realistic/layouts"

# Correct forms the verifiers read before issue 31 (judged with the binary of main a03d7a0): left
# out, so every correct line here is a form that was refused. Their near misses stay as guards.
READ_BEFORE = set([('crt', 'x_congruent_mod'), ('crt', 'x_equals'), ('cryptarithm', 'arrows'), ('cryptarithm', 'table_header'), ('graph_coloring', 'arrows'), ('graph_coloring', 'table_header'), ('graph_coloring', 'vertex_words'), ('hanoi', 'numbered_arrows'), ('knapsack', 'items_word'), ('knapsack', 'numbered_items'), ('knapsack', 'set_braces'), ('knapsack', 'the_items_are'), ('knights_knaves', 'gloss_in_parentheses'), ('knights_knaves', 'grouped'), ('knights_knaves', 'numbered_sentences'), ('knights_knaves', 'table_header'), ('linear_mod', 'congruences'), ('linear_mod', 'numbered'), ('linear_mod', 'tuple'), ('maze', 'numbered_words'), ('modarith', 'x_congruent_mod'), ('modarith', 'x_equals'), ('modexp', 'x_congruent_mod'), ('modexp', 'x_equals'), ('sat', 'numbered'), ('shortest_path', 'cost_in_parentheses'), ('shortest_path', 'path_and_cost_lines'), ('shortest_path', 'the_path_is'), ('topo_order', 'arrows'), ('topo_order', 'numbered_tasks'), ('topo_order', 'the_order_is'), ('water_jugs', 'numbered_sentences'), ('zebra', 'table_header'),
    ('hanoi', 'lead_in_bold_final_answer'), ('maze', 'lead_in_bold_final_answer'),
    ('program_trace', 'lead_in_bold_final_answer'), ('water_jugs', 'lead_in_bold_final_answer')])

# Correct forms still refused (issue 31, left open): not written, so the corpus states only what
# holds. Their near misses stay as guards.
STILL_REFUSED = {
    ("shortest_path", "numbered_vertices"),
    # `1: red, Brit, dog` is refused on purpose (zebra's tests): a bare number may not name a house.
    ("zebra", "numbered_houses"),
}


def sentences(a, wrong):
    """A value stated in a sentence of a fixed shape, and the hedges that must not pass."""
    return [
        ("the_answer_is", tag(f"The answer is {a}"), "correct"),
        ("the_answer_is_period", tag(f"The answer is {a}."), "correct"),
        ("the_final_answer_is_bold", tag(f"The final answer is **{a}**."), "correct"),
        ("the_answer_is_colon", tag(f"The answer is: {a}"), "correct"),
        ("bold_answer_label", tag(f"**Answer:** {a}"), "correct"),
        ("the_answer_is_wrong", tag(f"The answer is {wrong}"), "wrong_answer"),
        ("the_answer_is_not", tag(f"The answer is {a}, not {wrong}"), "unparsable_answer"),
        ("the_answer_is_either", tag(f"The answer is {a} or {wrong}"), "unparsable_answer"),
        ("the_answer_is_twice", tag(f"The answer is {a}. The answer is {wrong}."), "unparsable_answer"),
        ("the_answer_is_maybe", tag(f"The answer is probably {a}"), "unparsable_answer"),
    ]


def md_table(header, rows):
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join(":---:" if i else "---" for i in range(len(header))) + "|"]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def numbered(items):
    return "\n".join(f"{i}. {x}" for i, x in enumerate(items, 1))


# ---- arithmetic ---------------------------------------------------------------------------------

def modular(env, modulus):
    for level, seed in PROBLEMS:
        for r in records(env, level, seed):
            a = r["answer"]
            p = modulus(r["data"])
            wrong = str((int(a) + 1) % p)
            forms = sentences(a, wrong) + [
                ("the_answer_is_congruence", tag(f"The answer is x ≡ {a} (mod {p})"), "correct"),
                ("x_congruent_mod", tag(f"x ≡ {a} (mod {p})"), "correct"),
                ("x_equals", tag(f"x = {a}"), "correct"),
                ("x_congruent_wrong", tag(f"x ≡ {wrong} (mod {p})"), "wrong_answer"),
            ]
            yield from cases(level, seed, r, forms)


def linear_mod():
    for level, seed in PROBLEMS:
        for r in records("linear_mod", level, seed):
            a, p = r["answer"], r["data"]["modulus"]
            pairs = [s.split(" = ") for s in a.split(", ")]
            names = [n for n, _ in pairs]
            vals = [v for _, v in pairs]
            bad = [str((int(vals[0]) + 1) % p)] + vals[1:]
            tup = lambda vs: f"({', '.join(names)}) = ({', '.join(vs)})"
            forms = [
                ("table_header", tag(md_table(["Unknown", "Value"], zip(names, vals))), "correct"),
                ("tuple", tag(tup(vals)), "correct"),
                ("numbered", tag(numbered(f"{n} = {v}" for n, v in zip(names, vals))), "correct"),
                ("the_solution_is", tag(f"The solution is {a}."), "correct"),
                ("congruences", tag(", ".join(f"{n} ≡ {v} (mod {p})" for n, v in zip(names, vals))), "correct"),
                ("table_header_wrong", tag(md_table(["Unknown", "Value"], zip(names, bad))), "wrong_answer"),
                ("tuple_wrong", tag(tup(bad)), "wrong_answer"),
                ("numbered_wrong", tag(numbered(f"{n} = {v}" for n, v in zip(names, bad))), "wrong_answer"),
                ("the_solution_is_wrong", tag("The solution is " + ", ".join(f"{n} = {v}" for n, v in zip(names, bad)) + "."), "wrong_answer"),
                ("tuple_short", tag(f"({', '.join(names)}) = ({', '.join(vals[:-1])})"), "unparsable_answer"),
            ]
            yield from cases(level, seed, r, forms)


def program_trace():
    for level, seed in PROBLEMS:
        for r in records("program_trace", level, seed):
            a = r["answer"]
            vals = a.split(", ")
            bad = [str(int(vals[0]) + 1)] + vals[1:]
            forms = [
                ("the_program_prints", tag(f"The program prints {a}."), "correct"),
                ("the_output_is", tag(f"The output is {a}"), "correct"),
                ("numbered", tag(numbered(vals)), "correct"),
                ("table_header", tag(md_table(["#", "Printed"], enumerate(vals, 1))), "correct"),
                ("the_program_prints_wrong", tag(f"The program prints {', '.join(bad)}."), "wrong_answer"),
                ("numbered_wrong", tag(numbered(bad)), "wrong_answer"),
                ("table_header_wrong", tag(md_table(["#", "Printed"], enumerate(bad, 1))), "wrong_answer"),
                ("numbered_out_of_order", tag("\n".join(f"{i}. {v}" for i, v in reversed(list(enumerate(vals, 1))))), "unparsable_answer" if len(vals) > 1 else "correct"),
            ]
            yield from cases(level, seed, r, forms)


# ---- logic --------------------------------------------------------------------------------------

def grid_forms(grid, bad, given_row_digits=True):
    n = len(grid)
    s = lambda row, sep=" ": sep.join(str(d) for d in row)
    rows = lambda g: "\n".join(s(row) for row in g)
    bmatrix = lambda g, env="bmatrix": f"\\begin{{{env}}}\n" + " \\\\\n".join(s(row, " & ") for row in g) + f"\n\\end{{{env}}}"
    array = lambda g: "\\begin{array}{" + "c" * n + "}\n" + " \\\\\n".join(s(row, " & ") for row in g) + "\n\\end{array}"
    header_table = lambda g: md_table([f"C{j}" for j in range(1, n + 1)], g)
    labelled_table = lambda g: md_table([""] + [f"C{j}" for j in range(1, n + 1)], ([f"R{i}"] + list(row) for i, row in enumerate(g, 1)))
    numbered_table = lambda g: md_table(["Row"] + [str(j) for j in range(1, n + 1)], ([f"**{i}**"] + list(row) for i, row in enumerate(g, 1)))
    forms = []
    for suffix, g, expect in [("", grid, "correct"), ("_wrong", bad, "wrong_answer")]:
        forms += [
            ("table_header" + suffix, tag(header_table(g)), expect),
            ("table_row_and_column_labels" + suffix, tag(labelled_table(g)), expect),
            ("table_numbered_header" + suffix, tag(numbered_table(g)), expect),
            ("boxed_bmatrix" + suffix, f"The completed grid is\n\\boxed{{{bmatrix(g)}}}", expect),
            ("boxed_pmatrix_inline" + suffix, f"$$\\boxed{{{bmatrix(g, 'pmatrix')}}}$$", expect),
            ("boxed_array" + suffix, f"\\boxed{{{array(g)}}}", expect),
            ("tag_bmatrix_dollars" + suffix, tag(f"$${bmatrix(g)}$$"), expect),
            ("heading_completed_grid" + suffix, tag(f"Completed grid:\n{rows(g)}"), expect),
            ("heading_solution_bold" + suffix, tag(f"**Solution:**\n\n{rows(g)}"), expect),
            ("heading_sentence" + suffix, tag(f"The completed grid is:\n{rows(g)}"), expect),
            ("one_line_slashes" + suffix, tag(" / ".join(s(row, "") for row in g)), expect),
            ("one_line_semicolons" + suffix, tag("; ".join(s(row) for row in g)), expect),
        ]
    forms += [
        ("table_header_row_missing", tag(header_table(grid[:-1])), "unparsable_answer"),
        # A "header" of digits that are not the column numbers is a second first row.
        ("table_header_is_another_row", tag(md_table([str(d) for d in bad[0]], grid)), "unparsable_answer"),
        ("table_row_labels_out_of_order", tag(md_table([""] + [f"C{j}" for j in range(1, n + 1)], ([f"R{n + 1 - i}"] + list(row) for i, row in enumerate(grid, 1)))), "unparsable_answer"),
        ("bmatrix_row_missing", f"\\boxed{{{bmatrix(grid[:-1])}}}", "unparsable_answer"),
        ("one_line_row_missing", tag(" / ".join(s(row, "") for row in grid[:-1])), "unparsable_answer"),
        ("heading_then_two_grids", tag(f"Completed grid:\n{rows(grid)}\n\nOr:\n{rows(bad)}"), "unparsable_answer"),
    ]
    return forms


def swap_first_row(sol):
    bad = [list(row) for row in sol]
    row = bad[0]
    j = next(j for j in range(1, len(row)) if row[j] != row[0])
    row[0], row[j] = row[j], row[0]
    return bad


def grid_env(env):
    for level, seed in PROBLEMS:
        for r in records(env, level, seed):
            sol = solution_grid(env, r)
            yield from cases(level, seed, r, grid_forms(sol, swap_first_row(sol)))


def solution_grid(env, r):
    sol = r["data"]["solution"]
    if isinstance(sol[0], list):
        return sol
    n = r["data"]["size"]
    return [sol[i * n:(i + 1) * n] for i in range(n)]


def knights_knaves():
    for level, seed in PROBLEMS:
        for r in records("knights_knaves", level, seed):
            pairs = [s.split(": ") for s in r["answer"].split(", ")]
            flip = {"knight": "knave", "knave": "knight"}
            bad = [(pairs[0][0], flip[pairs[0][1]])] + pairs[1:]
            art = lambda role: "a " + role
            forms = []
            for suffix, ps, expect in [("", pairs, "correct"), ("_wrong", bad, "wrong_answer")]:
                knights = [n for n, role in ps if role == "knight"]
                knaves = [n for n, role in ps if role == "knave"]
                forms += [
                    ("table_header" + suffix, tag(md_table(["Inhabitant", "Role"], ps)), expect),
                    ("gloss_in_parentheses" + suffix, tag(", ".join(f"{n} ({role})" for n, role in ps)), expect),
                    ("gloss_after_role" + suffix, tag("\n".join(f"- {n}: {role} ({'truth-teller' if role == 'knight' else 'liar'})" for n, role in ps)), expect),
                    ("numbered_sentences" + suffix, tag(numbered(f"{n} is {art(role)}." for n, role in ps)), expect),
                    ("grouped" + suffix, tag(f"Knights: {', '.join(knights) or 'none'}; Knaves: {', '.join(knaves) or 'none'}"), expect),
                ]
            forms += [
                ("gloss_two_roles", tag(", ".join([f"{pairs[0][0]} (knight or knave)"] + [f"{n} ({role})" for n, role in pairs[1:]])), "unparsable_answer"),
                ("table_header_person_missing", tag(md_table(["Inhabitant", "Role"], pairs[1:])), "unparsable_answer"),
            ]
            yield from cases(level, seed, r, forms)


def zebra():
    for level, seed in PROBLEMS:
        for r in records("zebra", level, seed):
            if r["data"].get("mode", "grid") != "grid" and "House 1" not in r["answer"]:
                continue
            lines = r["answer"].splitlines()
            houses = [l.split(": ", 1)[1].split(", ") for l in lines]
            attrs = [a.capitalize() for a in attribute_names(r)]
            bad = [list(h) for h in houses]
            bad[0][0], bad[1][0] = bad[1][0], bad[0][0]
            forms = []
            for suffix, hs, expect in [("", houses, "correct"), ("_wrong", bad, "wrong_answer")]:
                forms += [
                    ("table_header" + suffix, tag(md_table(["House"] + attrs, ([i] + h for i, h in enumerate(hs, 1)))), expect),
                    ("gloss_after_house" + suffix, tag("\n".join(f"House {i}{' (leftmost)' if i == 1 else ''}: {', '.join(h)}" for i, h in enumerate(hs, 1))), expect),
                    ("heading_then_rows" + suffix, tag("Solution:\n" + "\n".join(f"House {i}: {', '.join(h)}" for i, h in enumerate(hs, 1))), expect),
                    ("numbered_houses" + suffix, tag(numbered(", ".join(h) for h in hs)), expect),
                ]
            forms += [
                ("table_header_house_missing", tag(md_table(["House"] + attrs, ([i] + h for i, h in enumerate(houses[:-1], 1)))), "unparsable_answer"),
            ]
            yield from cases(level, seed, r, forms)


def attribute_names(r):
    return [a["kind"] for a in r["data"]["attributes"]]


def sat():
    for level, seed in PROBLEMS:
        for r in records("sat", level, seed):
            plant, clauses = r["data"]["planted"], r["data"]["clauses"]
            n = len(plant)
            ok = lambda vals: all(any(vals[abs(l) - 1] == (l > 0) for l in c) for c in clauses)
            flip = next(i for i in range(n) if not ok([v != (j == i) for j, v in enumerate(plant)]))
            bad = [v != (j == flip) for j, v in enumerate(plant)]
            forms = []
            for suffix, vals, expect in [("", plant, "correct"), ("_wrong", bad, "wrong_answer")]:
                assign = ", ".join(f"x{i}={int(v)}" for i, v in enumerate(vals, 1))
                forms += [
                    ("table_header" + suffix, tag(md_table(["Variable", "Value"], ((f"x{i}", int(v)) for i, v in enumerate(vals, 1)))), expect),
                    ("table_true_false" + suffix, tag(md_table(["Variable", "Value"], ((f"x{i}", "True" if v else "False") for i, v in enumerate(vals, 1)))), expect),
                    ("the_assignment_is" + suffix, tag(f"The satisfying assignment is {assign}."), expect),
                    ("numbered" + suffix, tag(numbered(f"x{i} = {int(v)}" for i, v in enumerate(vals, 1))), expect),
                ]
            forms += [
                ("table_header_variable_missing", tag(md_table(["Variable", "Value"], ((f"x{i}", int(v)) for i, v in enumerate(plant[:-1], 1)))), "unparsable_answer"),
            ]
            yield from cases(level, seed, r, forms)


def graph_coloring():
    for level, seed in PROBLEMS:
        for r in records("graph_coloring", level, seed):
            col = r["data"]["planted"]
            u, v = r["data"]["edges"][0]
            bad = list(col)
            bad[v - 1] = col[u - 1]
            forms = []
            for suffix, cs, expect in [("", col, "correct"), ("_wrong", bad, "wrong_answer")]:
                forms += [
                    ("table_header" + suffix, tag(md_table(["Vertex", "Color"], enumerate(cs, 1))), expect),
                    ("vertex_words" + suffix, tag("\n".join(f"Vertex {i}: color {c}" for i, c in enumerate(cs, 1))), expect),
                    ("the_coloring_is" + suffix, tag("The coloring is " + ", ".join(f"{i}: {c}" for i, c in enumerate(cs, 1)) + "."), expect),
                    ("arrows" + suffix, tag(", ".join(f"{i} → {c}" for i, c in enumerate(cs, 1))), expect),
                ]
            forms += [
                ("table_header_vertex_missing", tag(md_table(["Vertex", "Color"], list(enumerate(col, 1))[:-1])), "wrong_answer"),
            ]
            yield from cases(level, seed, r, forms)


def countdown():
    for level, seed in PROBLEMS:
        for r in records("countdown", level, seed):
            a, t, nums = r["answer"], r["data"]["target"], r["data"]["numbers"]
            wrong = f"({a}) + {nums[0]}"
            forms = sentences(a, wrong) + [
                ("square_brackets", tag(f"[{a}]"), "correct"),
                ("square_brackets_claim", tag(f"[{a}] = {t}"), "correct"),
                ("the_expression_is", tag(f"The expression is {a} = {t}."), "correct"),
                ("square_brackets_wrong", tag(f"[{a}] + {nums[0]}"), "wrong_answer"),
                ("unbalanced_square_bracket", tag(f"[{a}"), "unparsable_answer"),
                ("mismatched_brackets", tag(f"[{a})"), "unparsable_answer"),
            ]
            yield from cases(level, seed, r, forms)


def cryptarithm():
    for level, seed in PROBLEMS:
        for r in records("cryptarithm", level, seed):
            pairs = [s.split("=") for s in r["answer"].split(", ")]
            bad = [list(p) for p in pairs]
            bad[0][1], bad[1][1] = bad[1][1], bad[0][1]
            forms = []
            for suffix, ps, expect in [("", pairs, "correct"), ("_wrong", bad, "wrong_answer")]:
                forms += [
                    ("table_header" + suffix, tag(md_table(["Letter", "Digit"], ps)), expect),
                    ("numbered" + suffix, tag(numbered(f"{l} = {d}" for l, d in ps)), expect),
                    ("the_solution_is" + suffix, tag("The solution is " + ", ".join(f"{l} = {d}" for l, d in ps) + "."), expect),
                    ("arrows" + suffix, tag(", ".join(f"{l} → {d}" for l, d in ps)), expect),
                ]
            forms += [
                ("table_header_letter_missing", tag(md_table(["Letter", "Digit"], pairs[:-1])), "wrong_answer"),
            ]
            yield from cases(level, seed, r, forms)


# ---- planning -----------------------------------------------------------------------------------

def water_jugs():
    for level, seed in PROBLEMS:
        for r in records("water_jugs", level, seed):
            moves = r["answer"].split(", ")
            words = [jug_words(m) for m in moves]
            forms = []
            for suffix, ms, ws, expect in [("", moves, words, "correct"), ("_wrong", moves[:-1], words[:-1], "wrong_answer")]:
                forms += [
                    ("table_header" + suffix, tag(md_table(["Step", "Move"], enumerate(ms, 1))), expect),
                    ("numbered_sentences" + suffix, tag(numbered(w + "." for w in ws)), expect),
                    ("the_plan_is" + suffix, tag(f"The plan is {', '.join(ms)}."), expect),
                ]
            yield from cases(level, seed, r, forms)


def jug_words(m):
    parts = m.split()
    if parts[0] == "pour":
        return f"Pour jug {parts[1]} into jug {parts[2]}"
    return f"{parts[0].capitalize()} jug {parts[1]}"


def hanoi():
    for level, seed in PROBLEMS:
        for r in records("hanoi", level, seed):
            moves = [m.split(" -> ") for m in r["answer"].split(", ")]
            forms = []
            for suffix, ms, expect in [("", moves, "correct"), ("_wrong", moves[:-1], "wrong_answer")]:
                forms += [
                    ("table_from_to" + suffix, tag(md_table(["Move", "From", "To"], ([i, f, t] for i, (f, t) in enumerate(ms, 1)))), expect),
                    ("numbered_sentences" + suffix, tag(numbered(f"Move the top disk from peg {f} to peg {t}." for f, t in ms)), expect),
                    ("numbered_arrows" + suffix, tag(numbered(f"{f} → {t}" for f, t in ms)), expect),
                ]
            yield from cases(level, seed, r, forms)


def maze():
    names = {"U": "Up", "D": "Down", "L": "Left", "R": "Right"}
    for level, seed in PROBLEMS:
        for r in records("maze", level, seed):
            path = r["answer"]
            forms = []
            for suffix, p, expect in [("", path, "correct"), ("_wrong", path[:-1], "wrong_answer")]:
                forms += [
                    ("numbered_words" + suffix, tag(numbered(names[c] for c in p)), expect),
                    ("table_header" + suffix, tag(md_table(["Step", "Move"], enumerate(p, 1))), expect),
                    ("the_path_is" + suffix, tag(f"The path is {p}."), expect),
                ]
            yield from cases(level, seed, r, forms)


# ---- algorithms ---------------------------------------------------------------------------------

def shortest_path():
    for level, seed in PROBLEMS:
        for r in records("shortest_path", level, seed):
            path, cost = r["data"]["path"], r["data"]["cost"]
            arrow = " → ".join(map(str, path))
            forms = []
            for suffix, c, expect in [("", cost, "correct"), ("_wrong", cost + 1, "wrong_answer")]:
                forms += [
                    ("the_path_is" + suffix, tag(f"The shortest path is {arrow} with total cost {c}."), expect),
                    ("path_and_cost_lines" + suffix, tag(f"Path: {arrow}\nCost: {c}"), expect),
                    ("cost_in_parentheses" + suffix, tag(f"{arrow} (cost {c})"), expect),
                    ("numbered_vertices" + suffix, tag(numbered(map(str, path)) + f"\nTotal cost: {c}"), expect),
                ]
            yield from cases(level, seed, r, forms)


def knapsack():
    for level, seed in PROBLEMS:
        for r in records("knapsack", level, seed):
            items = [int(x) for x in r["answer"].split(", ")]
            forms = []
            for suffix, its, expect in [("", items, "correct"), ("_wrong", items[:-1], "wrong_answer")]:
                lst = ", ".join(map(str, its))
                forms += [
                    ("items_word" + suffix, tag(f"Items {lst}"), expect),
                    ("set_braces" + suffix, tag(f"{{{lst}}}"), expect),
                    ("the_items_are" + suffix, tag(f"The chosen items are {lst}."), expect),
                    ("numbered_items" + suffix, tag(numbered(f"Item {i}" for i in its)), expect),
                    ("table_header" + suffix, tag(md_table(["Item", "Weight", "Value"], ([i, r["data"]["weights"][i - 1], r["data"]["values"][i - 1]] for i in its))), expect),
                ]
            yield from cases(level, seed, r, forms)


def topo_order():
    for level, seed in PROBLEMS:
        for r in records("topo_order", level, seed):
            order = [int(x) for x in r["answer"].split(", ")]
            forms = []
            for suffix, o, expect in [("", order, "correct"), ("_wrong", order[::-1], "wrong_answer")]:
                forms += [
                    ("arrows" + suffix, tag(" → ".join(map(str, o))), expect),
                    ("the_order_is" + suffix, tag(f"The order is {', '.join(map(str, o))}."), expect),
                    ("numbered_tasks" + suffix, tag(numbered(f"Task {t}" for t in o)), expect),
                    ("table_header" + suffix, tag(md_table(["Position", "Task"], enumerate(o, 1))), expect),
                ]
            yield from cases(level, seed, r, forms)


# Envs whose forms above already state the value in a sentence (`sentences`).
SENTENCE_ENVS = {"modarith", "modexp", "crt", "countdown"}


def lead_ins(a):
    """The fixed lead-ins every env reads through, and a hedge in the same place."""
    return [
        ("lead_in_the_answer_is", tag(f"The answer is:\n{a}"), "correct"),
        ("lead_in_bold_final_answer", tag(f"**Final answer:** {a}"), "correct"),
        ("lead_in_hedged", tag(f"The answer is probably {a}"), "unparsable_answer"),
        ("lead_in_then_other_words", tag(f"I think the answer is {a}"), "unparsable_answer"),
    ]


def cases(level, seed, r, forms):
    if r["env"] not in SENTENCE_ENVS:
        forms = forms + lead_ins(r["answer"])
    for form, response, expect in forms:
        yield dict(level=level, seed=seed, index=r["index"], form=form, response=response, expect=expect)


ENVS = {
    "modarith": lambda: modular("modarith", lambda d: d["modulus"]),
    "modexp": lambda: modular("modexp", lambda d: d["modulus"]),
    "crt": lambda: modular("crt", lambda d: prod(d["moduli"])),
    "linear_mod": linear_mod,
    "det_mod": lambda: modular("det_mod", lambda d: d["modulus"]),
    "program_trace": program_trace,
    "knights_knaves": knights_knaves,
    "zebra": zebra,
    "sudoku": lambda: grid_env("sudoku"),
    "futoshiki": lambda: grid_env("futoshiki"),
    "binairo": lambda: grid_env("binairo"),
    "sat": sat,
    "graph_coloring": graph_coloring,
    "countdown": countdown,
    "cryptarithm": cryptarithm,
    "water_jugs": water_jugs,
    "hanoi": hanoi,
    "maze": maze,
    "shortest_path": shortest_path,
    "knapsack": knapsack,
    "topo_order": topo_order,
}


def prod(xs):
    out = 1
    for x in xs:
        out *= x
    return out


if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    for name, make in ENVS.items():
        with open(f"{OUT}/{name}.jsonl", "w") as f:
            for case in make():
                if case["expect"] == "correct" and (name, case["form"]) in READ_BEFORE:
                    continue
                if (name, case["form"].removesuffix("_wrong")) in STILL_REFUSED:
                    continue
                f.write(json.dumps(case, ensure_ascii=False) + "\n")
