#!/usr/bin/env python3
"""Writes the realistic-forms corpus of the modular-algebra envs (modexp, crt, linear_mod,
det_mod).

Same format and use as generate_core.py (the shared helpers are in corpus.py); run from
the repository root with a built binary:

    python3 tests/data/realistic/generate_modalg.py target/debug/verigym

Read the diff: every line's expectation is a claim about what is right, not a recording of what
the verifier happens to say.
"""
import json
import os
import sys

from corpus import records, tag

PROBLEMS = [(1.0, 7), (4.0, 7), (6.5, 11), (9.0, 13)]  # (level, seed); indices 0 and 1 of each




def protocol_forms(a):
    """Forms the core's normalisation reads for every env (as in generate_core.py)."""
    return [
        ("upper_tag", f"<ANSWER>{a}</ANSWER>", "correct"),
        ("title_tags_and_think", f"<Think>Let me work.</Think>\n<Answer>{a}</Answer>", "correct"),
        ("bold", tag(f"**{a}**"), "correct"),
        ("code_span", tag(f"`{a}`"), "correct"),
        ("fenced", tag(f"\n```\n{a}\n```\n"), "correct"),
        ("trailing_period", tag(f"{a}."), "correct"),
        ("math_dollars", tag(f"${a}$"), "correct"),
        ("boxed_bold", f"So the answer is \\boxed{{**{a}**}}.", "correct"),
        ("prose_around", f"Working through it gives the result.\n\n**Final answer:** {tag(a)}", "correct"),
        ("answer_only_in_upper_think", f"<THINK>{tag(a)}</THINK>", "answer_only_in_think"),
        ("bold_empty", tag("**  **"), "empty_answer"),
        ("period_only", tag("."), "empty_answer"),
        ("unclosed_upper_tag", f"<ANSWER>{a}", "no_answer"),
    ]


def with_conflict(a, wrong):
    return [
        ("upper_case_hides_second_answer", f"{tag(a)}\n<ANSWER>{wrong}</ANSWER>", "conflicting_answers"),
        ("bold_and_box_disagree", f"{tag(f'**{a}**')} \\boxed{{{wrong}}}", "conflicting_answers"),
    ]


def modexp():
    for level, seed in PROBLEMS:
        for r in records("modexp", level, seed):
            d = r["data"]
            a, base, e, p = r["answer"], d["base"], d["exponent"], d["modulus"]
            v = int(a)
            wrong = str((v + 1) % p)
            chain = "\n".join(f"step {i}: {x}" for i, x in enumerate(d["squares"], 1))
            forms = protocol_forms(a) + with_conflict(a, wrong) + [
                ("x_equals", tag(f"x = {a}"), "correct"),
                ("mod_in_parentheses", tag(f"{a} (mod {p})"), "correct"),
                ("mod_bare", tag(f"{a} mod {p}"), "correct"),
                ("power_equals", tag(f"{base}^{e} = {a}"), "correct"),
                ("power_mod_equals", tag(f"{base}^{e} mod {p} = {a}"), "correct"),
                ("power_congruence", tag(f"{base}^{e} ≡ {a} (mod {p})"), "correct"),
                ("latex_power_congruence", tag(f"${base}^{{{e}}} \\equiv {a} \\pmod{{{p}}}$"), "correct"),
                ("latex_bmod", tag(f"${base}^{{{e}}} \\bmod {p} = {a}$"), "correct"),
                ("squares_in_think", f"<think>{chain}</think>\n{tag(a)}", "correct"),
                ("bold_squares", "\n".join(f"**Step {i}:** {x}" for i, x in enumerate(d["squares"], 1)) + f"\n{tag(a)}", "correct"),
                # Near misses.
                ("off_by_one", tag(wrong), "wrong_answer"),
                ("unreduced", tag(str(v + p)), "wrong_answer"),
                ("other_modulus", tag(f"{a} (mod {p + 2})"), "wrong_answer"),
                ("power_other_modulus", tag(f"{base}^{e} mod {p + 2} = {a}"), "wrong_answer"),
                ("power_wrong_value", tag(f"{base}^{e} = {wrong}"), "wrong_answer"),
                ("other_power", tag(f"{base}^{e + 1} = {a}"), "unparsable_answer"),
                ("power_only", tag(f"{base}^{e}"), "unparsable_answer"),
                ("two_values", tag(f"{a} or {wrong}"), "unparsable_answer"),
                ("decimal", tag(f"{a}.0"), "unparsable_answer"),
                ("other_name", tag(f"y = {a}"), "unparsable_answer"),
            ]
            if d["squares"] and d["squares"][-1] != v:
                forms.append(("last_square_instead", tag(str(d["squares"][-1])), "wrong_answer"))
            for form, response, expect in forms:
                yield dict(level=level, seed=seed, index=r["index"], form=form, response=response, expect=expect)


def crt():
    for level, seed in PROBLEMS:
        for r in records("crt", level, seed):
            d = r["data"]
            a, moduli, residues, partials = r["answer"], d["moduli"], d["residues"], d["partials"]
            x = int(a)
            big = 1
            for m in moduli:
                big *= m
            wrong = str((x + 1) % big)
            chain = "\n".join(f"step {k}: {v}" for k, v in enumerate(partials, 1))
            forms = protocol_forms(a) + with_conflict(a, wrong) + [
                ("x_equals", tag(f"x = {a}"), "correct"),
                ("congruence_mod_product", tag(f"x ≡ {a} (mod {big})"), "correct"),
                ("mod_bare", tag(f"{a} mod {big}"), "correct"),
                ("latex_pmod", tag(f"$x \\equiv {a} \\pmod{{{big}}}$"), "correct"),
                ("x_equals_bold", tag(f"x = **{a}**"), "correct"),
                ("steps_in_think", f"<think>{chain}</think>\n{tag(a)}", "correct"),
                ("steps_with_moduli", "\n".join(f"- step {k}: {v} (mod {prod})" for k, (v, prod) in enumerate(zip(partials, running_products(moduli)), 1)) + f"\n{tag(a)}", "correct"),
                # Near misses.
                ("off_by_one", tag(wrong), "wrong_answer"),
                ("plus_product", tag(str(x + big)), "wrong_answer"),
                ("negative_congruent", tag(f"-{big - x}"), "wrong_answer"),
                ("congruence_first_modulus", tag(f"x ≡ {a} (mod {moduli[0]})"), "wrong_answer"),
                ("other_modulus", tag(f"{a} (mod {big + 1})"), "wrong_answer"),
                ("general_solution", tag(f"{a} + {big}k"), "unparsable_answer"),
                ("two_values", tag(f"{a} or {x + big}"), "unparsable_answer"),
                ("listed_residues", tag(", ".join(map(str, residues))), "unparsable_answer"),
                ("other_name", tag(f"y = {a}"), "unparsable_answer"),
            ]
            if partials[-2] != x:
                forms.append(("all_but_last_congruence", tag(str(partials[-2])), "wrong_answer"))
            for form, response, expect in forms:
                yield dict(level=level, seed=seed, index=r["index"], form=form, response=response, expect=expect)


def running_products(moduli):
    out, acc = [], 1
    for m in moduli:
        acc *= m
        out.append(acc)
    return out


NAMES = ["x", "y", "z", "w", "u", "v"]


def linear_mod():
    for level, seed in PROBLEMS:
        for r in records("linear_mod", level, seed):
            d = r["data"]
            a, p, sol = r["answer"], d["modulus"], d["solution"]
            n = len(sol)
            names = NAMES[:n]
            pairs = lambda vals, fmt, sep=", ": sep.join(fmt(k, v) for k, v in zip(names, vals))
            eq = lambda k, v: f"{k} = {v}"
            bumped = sol[:-1] + [(sol[-1] + 1) % p]
            swapped = [sol[1], sol[0]] + sol[2:]
            tup = lambda vals: f"({', '.join(names)}) = ({', '.join(map(str, vals))})"
            forms = protocol_forms(a) + with_conflict(a, pairs(bumped, eq)) + [
                ("reversed_order", tag(", ".join(reversed([eq(k, v) for k, v in zip(names, sol)]))), "correct"),
                ("lines", tag(pairs(sol, eq, "\n")), "correct"),
                ("bullets", tag("\n" + pairs(sol, lambda k, v: f"- {k} = {v}", "\n") + "\n"), "correct"),
                ("numbered", tag("\n".join(f"{i}. {k} = {v}" for i, (k, v) in enumerate(zip(names, sol), 1))), "correct"),
                ("bold_names", tag(pairs(sol, lambda k, v: f"**{k}** = {v}")), "correct"),
                ("bold_values", tag(pairs(sol, lambda k, v: f"{k} = **{v}**")), "correct"),
                ("upper_case", tag(pairs(sol, lambda k, v: f"{k.upper()} = {v}")), "correct"),
                ("congruences", tag(pairs(sol, lambda k, v: f"{k} ≡ {v} (mod {p})")), "correct"),
                ("latex_pmod", tag("$" + pairs(sol, lambda k, v: f"{k} \\equiv {v} \\pmod{{{p}}}") + "$"), "correct"),
                ("semicolons_no_spaces", tag(pairs(sol, lambda k, v: f"{k}={v}", ";")), "correct"),
                ("and_before_last", tag(pairs(sol[:-1], eq) + f" and {names[-1]} = {sol[-1]}"), "correct"),
                ("tuple", tag(tup(sol)), "correct"),
                ("tuple_mod", tag(tup(sol).replace(") = (", ") ≡ (") + f" (mod {p})"), "correct"),
                ("colons", tag(pairs(sol, lambda k, v: f"{k}: {v}")), "correct"),
                # Near misses.
                ("last_off_by_one", tag(pairs(bumped, eq)), "wrong_answer"),
                ("first_unreduced", tag(pairs([sol[0] + p] + sol[1:], eq)), "wrong_answer"),
                ("tuple_off_by_one", tag(tup(bumped)), "wrong_answer"),
                ("other_modulus", tag(pairs(sol, lambda k, v: f"{k} ≡ {v} (mod {p + 2})")), "wrong_answer"),
                ("missing_last", tag(pairs(sol[:-1], eq)), "unparsable_answer"),
                ("repeated_first", tag(f"{a}, {names[0]} = {(sol[0] + 1) % p}"), "unparsable_answer"),
                ("unknown_name", tag(f"{a}, t = 0"), "unparsable_answer"),
                ("bare_values", tag(", ".join(map(str, sol))), "unparsable_answer"),
                ("two_values_for_one", tag(f"{a} or {(sol[-1] + 1) % p}"), "unparsable_answer"),
                ("chained", tag(f"{names[0]} = {names[1]} = {sol[1]}"), "unparsable_answer"),
                # Issue 31: a fixed lead-in ("The solution is") is read through; other prose is not.
                ("prose", tag(f"The solution is {a}"), "correct"),
                ("hedged_prose", tag(f"I think the solution is {a}"), "unparsable_answer"),
            ]
            if sol[0] != sol[1]:
                forms.append(("first_two_swapped", tag(pairs(swapped, eq)), "wrong_answer"))
            for form, response, expect in forms:
                yield dict(level=level, seed=seed, index=r["index"], form=form, response=response, expect=expect)


def program_trace():
    for level, seed in PROBLEMS:
        for r in records("program_trace", level, seed):
            d = r["data"]
            a, m, out = r["answer"], d["modulus"], d["output"]
            bumped = out[:-1] + [(out[-1] + 1) % m]
            j = lambda vals, sep=", ": sep.join(map(str, vals))
            chain = "\n".join(f"step {k}: {v}" for k, v in enumerate(out, 1))
            forms = protocol_forms(a) + with_conflict(a, j(bumped)) + [
                ("lines", tag("\n" + j(out, "\n") + "\n"), "correct"),
                ("spaces", tag(j(out, " ")), "correct"),
                ("brackets", tag(f"[{a}]"), "correct"),
                ("python_list_no_spaces", tag("[" + j(out, ",") + "]"), "correct"),
                ("output_block", tag("\n```\n" + j(out, "\n") + "\n```\n"), "correct"),
                ("steps_in_think", f"<think>{chain}</think>\n{tag(a)}", "correct"),
                # Near misses.
                ("last_off_by_one", tag(j(bumped)), "wrong_answer"),
                ("extra_value", tag(f"{a}, {out[-1]}"), "wrong_answer"),
                ("unreduced_last", tag(j(out[:-1] + [out[-1] + m])), "wrong_answer"),
                ("two_candidates", tag(f"{a} or {j(bumped)}"), "unparsable_answer"),
                ("named", tag(f"a = {a}"), "unparsable_answer"),
                ("unclosed_bracket", tag(f"[{a}"), "unparsable_answer"),
            ]
            forms += [
                ("output_label", tag(f"Output:\n{j(out, chr(10))}"), "correct"),
                ("bold_output_label", tag(f"**Output:** {a}"), "correct"),
                ("output_label_off_by_one", tag(f"Output: {j(bumped)}"), "wrong_answer"),
                ("variable_as_label", tag(f"a: {a}"), "unparsable_answer"),
            ]
            bullets = lambda vals: "\n".join(f"- {v}" for v in vals)
            if len(out) > 1:
                forms.append(("missing_last", tag(j(out[:-1])), "wrong_answer"))
                forms += [
                    # A bullet on every line of several is a bullet (values are never negative).
                    ("bullets", tag("\n" + bullets(out) + "\n"), "correct"),
                    ("labelled_bullets", tag("Output:\n" + bullets(out)), "correct"),
                    ("bullets_off_by_one", tag(bullets(bumped)), "wrong_answer"),
                    ("bullets_missing_last", tag(bullets(out[:-1])), "wrong_answer" if len(out) > 2 else "unparsable_answer"),
                    # A bullet on some lines only: the rest are not bulleted, so `- ` is a lone sign.
                    ("bullets_but_last", tag(bullets(out[:-1]) + f"\n{out[-1]}"), "unparsable_answer"),
                ]
            # One line: `- 7` could be −7 with a space, so it is not read as a bullet.
            forms.append(("lone_bullet", tag(f"- {a}"), "unparsable_answer"))
            for form, response, expect in forms:
                yield dict(level=level, seed=seed, index=r["index"], form=form, response=response, expect=expect)


def det_integer(m):
    """det(A) over the integers by cofactor expansion along the first row."""
    if len(m) == 1:
        return m[0][0]
    return sum((-1) ** j * m[0][j] * det_integer([row[:j] + row[j + 1:] for row in m[1:]]) for j in range(len(m)) if m[0][j])


def det_mod():
    for level, seed in PROBLEMS:
        for r in records("det_mod", level, seed):
            d = r["data"]
            a, p, m = r["answer"], d["modulus"], d["matrix"]
            v = int(a)
            wrong = str((v + 1) % p)
            integer = det_integer(m)
            assert integer % p == v, "the corpus recomputes the determinant"
            forms = protocol_forms(a) + with_conflict(a, wrong) + [
                ("mod_in_parentheses", tag(f"{a} (mod {p})"), "correct"),
                ("mod_bare", tag(f"{a} mod {p}"), "correct"),
                ("det_equals", tag(f"det(A) = {a}"), "correct"),
                ("det_space", tag(f"det A = {a}"), "correct"),
                ("det_bars", tag(f"|A| = {a}"), "correct"),
                ("det_congruence", tag(f"det(A) ≡ {a} (mod {p})"), "correct"),
                ("latex_det_pmod", tag(f"$\\det(A) \\equiv {a} \\pmod{{{p}}}$"), "correct"),
                ("det_mod_equals", tag(f"det(A) mod {p} = {a}"), "correct"),
                ("det_equals_bold", tag(f"det(A) = **{a}**"), "correct"),
                ("the_answer_is", tag(f"The answer is {a}"), "correct"),
                # Near misses.
                ("off_by_one", tag(wrong), "wrong_answer"),
                ("negative_residue", tag(f"-{p - v}"), "wrong_answer"),
                ("unreduced", tag(str(v + p)), "wrong_answer"),
                ("wrong_sign", tag(str(p - v)), "wrong_answer"),
                ("other_modulus", tag(f"{a} (mod {p + 2})"), "wrong_answer"),
                ("det_other_modulus", tag(f"det(A) mod {p + 2} = {a}"), "wrong_answer"),
                ("det_negative", tag(f"det(A) = -{p - v}"), "wrong_answer"),
                ("two_values", tag(f"{a} or {wrong}"), "unparsable_answer"),
                ("decimal", tag(f"{a}.0"), "unparsable_answer"),
                ("det_twice_related", tag(f"det(A) = = {a}"), "unparsable_answer"),
                ("other_name", tag(f"y = {a}"), "unparsable_answer"),
            ]
            if integer != v:
                forms.append(("integer_determinant", tag(str(integer)), "wrong_answer"))
            for form, response, expect in forms:
                yield dict(level=level, seed=seed, index=r["index"], form=form, response=response, expect=expect)


def bezout_pairs(a, b):
    """Every pair within the bounds, from Python's own modular inverse (not the extended
    Euclidean algorithm): x ≡ (a/g)^(-1) mod (b/g), then the x in [-b/g, b/g] of that class."""
    import math
    g = math.gcd(a, b)
    m = b // g
    x0 = pow(a // g, -1, m) if m > 1 else 0
    out = []
    for x in range(x0 - 2 * m, x0 + 2 * m + 1, m):
        if abs(x) <= m and (g - a * x) % b == 0:
            y = (g - a * x) // b
            if abs(y) <= a // g:
                out.append((x, y))
    return out


def bezout():
    for level, seed in PROBLEMS:
        for r in records("bezout", level, seed):
            d = r["data"]
            a, b = d["a"], d["b"]
            pairs = bezout_pairs(a, b)
            x, y = d["x"], d["y"]
            assert (x, y) in pairs, (a, b, pairs)
            ans = r["answer"]
            forms = protocol_forms(ans) + [
                ("reversed", tag(f"y = {y}, x = {x}"), "correct"),
                ("tuple", tag(f"(x, y) = ({x}, {y})"), "correct"),
                ("unicode_minus", tag(ans.replace("-", "−")), "correct"),
                ("and", tag(f"x = {x} and y = {y}"), "correct"),
                ("lines", tag(f"x = {x}\ny = {y}"), "correct"),
                ("bold_names", tag(f"**x** = {x}, **y** = {y}"), "correct"),
                # Near misses.
                ("signs_flipped", tag(f"x = {-x}, y = {-y}"), "wrong_answer"),
                ("bare_pair", tag(f"{x}, {y}"), "unparsable_answer"),
                ("x_only", tag(f"x = {x}"), "unparsable_answer"),
                ("two_values", tag(f"x = {x} or {x + 1}, y = {y}"), "unparsable_answer"),
                ("other_names", tag(f"s = {x}, t = {y}"), "unparsable_answer"),
            ]
            for other in pairs:
                if other != (x, y):
                    forms.append(("another_pair", tag(f"x = {other[0]}, y = {other[1]}"), "correct"))
            if (y, x) not in pairs:
                forms.append(("swapped", tag(f"x = {y}, y = {x}"), "wrong_answer"))
            for form, response, expect in forms:
                yield dict(level=level, seed=seed, index=r["index"], form=form, response=response, expect=expect)


ENVS = {"modexp": modexp, "crt": crt, "linear_mod": linear_mod, "det_mod": det_mod, "program_trace": program_trace, "bezout": bezout}

for name in sys.argv[2:] or ENVS:
    with open(os.path.join("tests/data/realistic", f"{name}.jsonl"), "w") as f:
        for case in ENVS[name]():
            f.write(json.dumps(case, ensure_ascii=False) + "\n")
