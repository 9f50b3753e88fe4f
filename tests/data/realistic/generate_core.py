#!/usr/bin/env python3
"""Writes the realistic-forms corpus of modarith, sat and countdown (tests/data/realistic/*.jsonl).

Each line names a problem by (level, seed, index), which tests/realistic.rs regenerates through the
registry, a response written the way models and people write answers, and the reason a careful
grader gives it. Run from the repository root after an env version bump, with a built binary:

    python3 tests/data/realistic/generate_core.py target/debug/verigym

Read the diff: every line's expectation is a claim about what is right, not a recording of what
the verifier happens to say.
"""
import json

from corpus import records, tag

PROBLEMS = [(1.0, 7), (3.0, 7), (5.0, 11), (8.0, 13)]  # (level, seed); indices 0 and 1 of each




def protocol_forms(a):
    """Forms the core's normalisation reads for every env, each with a near miss beside it."""
    return [
        ("upper_tag", f"<ANSWER>{a}</ANSWER>", "correct"),
        ("title_tags_and_think", f"<Think>Let me work.</Think>\n<Answer>{a}</Answer>", "correct"),
        ("bold", tag(f"**{a}**"), "correct"),
        ("italic", tag(f"*{a}*"), "correct"),
        ("code_span", tag(f"`{a}`"), "correct"),
        ("fenced", tag(f"\n```\n{a}\n```\n"), "correct"),
        ("fenced_text", tag(f"```text\n{a}\n```"), "correct"),
        ("trailing_period", tag(f"{a}."), "correct"),
        ("bold_then_period", tag(f"**{a}**."), "correct"),
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


def modarith():
    for level, seed in PROBLEMS:
        for r in records("modarith", level, seed):
            a, p = r["answer"], r["data"]["modulus"]
            v = int(a)
            wrong = str((v + 1) % p)
            steps = [s["value"] for s in r["data"]["steps"]]
            chain = "\n".join(f"step {i}: {x}" for i, x in enumerate(steps, 1))
            forms = protocol_forms(a) + with_conflict(a, wrong) + [
                ("upper_x_equals", tag(f"X = {a}"), "correct"),
                ("x_equals_bold_value", tag(f"x = **{a}**"), "correct"),
                ("congruence", tag(f"x ≡ {a}"), "correct"),
                ("latex_equiv", tag(f"x \\equiv {a}"), "correct"),
                ("mod_in_parentheses", tag(f"{a} (mod {p})"), "correct"),
                ("mod_bare", tag(f"{a} mod {p}"), "correct"),
                ("modulo_word", tag(f"{a} modulo {p}"), "correct"),
                ("congruent_mod", tag(f"≡ {a} (mod {p})"), "correct"),
                ("x_congruent_mod_period", tag(f"x ≡ {a} (mod {p})."), "correct"),
                ("latex_pmod", tag(f"$x \\equiv {a} \\pmod{{{p}}}$"), "correct"),
                ("latex_bmod", tag(f"{a} \\bmod {p}"), "correct"),
                ("text_command", tag(f"\\text{{{a}}}"), "correct"),
                ("steps_after_think_tag", f"<think>{chain}</think>\n{tag(a)}", "correct"),
                ("bold_steps", "\n".join(f"**Step {i}:** {x}" for i, x in enumerate(steps, 1)) + f"\n{tag(a)}", "correct"),
                # Near misses: each form above with a wrong value, modulus or shape.
                ("bold_off_by_one", tag(f"**{wrong}**"), "wrong_answer"),
                ("congruence_off_by_one", tag(f"x ≡ {wrong} (mod {p})"), "wrong_answer"),
                ("other_modulus", tag(f"{a} (mod {p + 2})"), "wrong_answer"),
                ("pmod_other_modulus", tag(f"$x \\equiv {a} \\pmod{{{p + 1}}}$"), "wrong_answer"),
                ("congruent_but_unreduced", tag(f"x ≡ {v + p} (mod {p})"), "wrong_answer"),
                ("negative_congruent", tag(f"x ≡ -{p - v} (mod {p})"), "wrong_answer" if v else "correct"),
                ("two_values", tag(f"x = {a} or {wrong}"), "unparsable_answer"),
                ("two_values_listed", tag(f"{a}, {wrong}"), "unparsable_answer"),
                ("two_congruences", tag(f"x ≡ {a} ≡ {wrong}"), "unparsable_answer"),
                ("other_name", tag(f"y = {a}"), "unparsable_answer"),
                ("modulus_missing", tag(f"{a} (mod)"), "unparsable_answer"),
                ("mod_unclosed", tag(f"{a} (mod {p}"), "unparsable_answer"),
                ("bare_equals", tag(f"= {a}"), "unparsable_answer"),
                ("factorial_is_not_punctuation", tag(f"{a}!"), "unparsable_answer"),
            ]
            for form, response, expect in forms:
                yield dict(level=level, seed=seed, index=r["index"], form=form, response=response, expect=expect)


def satisfies(clauses, values):
    return all(any(values[abs(l) - 1] == (l > 0) for l in c) for c in clauses)


def sat():
    for level, seed in PROBLEMS:
        for r in records("sat", level, seed):
            a = r["answer"]
            plant = r["data"]["planted"]
            clauses = r["data"]["clauses"]
            n = len(plant)
            lits = lambda neg, vals: [("" if v else neg) + f"x{i}" for i, v in enumerate(vals, 1)]
            flip = next(i for i in range(n) if not satisfies(clauses, [v != (j == i) for j, v in enumerate(plant)]))
            flipped = [v != (j == flip) for j, v in enumerate(plant)]
            wrong = ", ".join(f"x{i}={int(v)}" for i, v in enumerate(flipped, 1))
            forms = protocol_forms(a) + with_conflict(a, wrong) + [
                ("literals_not_sign", tag(", ".join(lits("¬", plant))), "correct"),
                ("literals_tilde", tag(", ".join(lits("~", plant))), "correct"),
                ("literals_bang", tag(" ".join(lits("!", plant))), "correct"),
                ("literals_minus", tag(", ".join(lits("-", plant))), "correct"),
                ("literals_wedge", tag(" ∧ ".join(lits("¬", plant))), "correct"),
                ("literals_latex", tag("$" + " \\land ".join(l.replace("¬", "\\neg ") for l in lits("¬", plant)) + "$"), "correct"),
                ("literals_not_word", tag(" and ".join(lits("NOT ", plant))), "correct"),
                ("true_false", tag(", ".join(f"x{i} = {str(v).lower()}" for i, v in enumerate(plant, 1))), "correct"),
                ("capitalised_true_false", tag(", ".join(f"x{i} = {v}" for i, v in enumerate(plant, 1))), "correct"),
                ("t_f", tag(" ".join(f"x{i}={'T' if v else 'F'}" for i, v in enumerate(plant, 1))), "correct"),
                ("is_true", tag(", ".join(f"x{i} is {str(v).lower()}" for i, v in enumerate(plant, 1))), "correct"),
                ("arrows", tag(", ".join(f"x{i} → {int(v)}" for i, v in enumerate(plant, 1))), "correct"),
                ("bullets", tag("\n" + "\n".join(f"- x{i} = {int(v)}" for i, v in enumerate(plant, 1)) + "\n"), "correct"),
                ("star_bullets_bold", tag("\n".join(f"* **x{i}**: {str(v).lower()}" for i, v in enumerate(plant, 1))), "correct"),
                ("numbered", tag("\n".join(f"{i}. x{i} = {int(v)}" for i, v in enumerate(plant, 1))), "correct"),
                ("latex_subscripts", tag("$" + ", ".join(f"x_{{{i}}} = {int(v)}" for i, v in enumerate(plant, 1)) + "$"), "correct"),
                ("reversed_dimacs", tag(" ".join(str(i if v else -i) for i, v in reversed(list(enumerate(plant, 1)))) + " 0"), "correct"),
                # Near misses.
                ("one_flip_breaks_a_clause", tag(wrong), "wrong_answer"),
                ("literals_one_flip", tag(", ".join(lits("¬", flipped))), "wrong_answer"),
                ("literal_given_both", tag(", ".join(lits("¬", plant) + [("¬x1" if plant[0] else "x1")])), "unparsable_answer"),
                ("literal_given_twice", tag(", ".join(lits("~", plant) + [lits("~", plant)[0]])), "unparsable_answer"),
                ("literal_missing_variable", tag(", ".join(lits("¬", plant)[:-1])), "unparsable_answer"),
                ("literal_unknown_variable", tag(", ".join(lits("¬", plant) + [f"x{n + 1}"])), "unparsable_answer"),
                ("literal_unknown_name", tag(", ".join(lits("¬", plant) + ["y1"])), "unparsable_answer"),
                ("bullets_missing_variable", tag("\n".join(f"- x{i} = {int(v)}" for i, v in enumerate(plant[:-1], 1))), "unparsable_answer"),
                ("values_then_bare_literal", tag(", ".join([f"x{i}={int(v)}" for i, v in enumerate(plant[:-1], 1)] + [f"x{n}"])), "unparsable_answer"),
                ("negated_and_valued", tag(", ".join(["¬x1 = 0"] + lits("¬", plant)[1:])), "unparsable_answer"),
                ("dash_bullet_bare_literals", tag("\n".join(f"- x{i}" for i in range(1, n + 1))), "unparsable_answer"),
                ("maybe", tag(", ".join(["x1 = maybe"] + lits("¬", plant)[1:])), "unparsable_answer"),
                ("double_negation", tag(", ".join(["¬¬x1"] + lits("¬", plant)[1:])), "unparsable_answer"),
            ]
            for form, response, expect in forms:
                yield dict(level=level, seed=seed, index=r["index"], form=form, response=response, expect=expect)


def countdown():
    for level, seed in PROBLEMS:
        for r in records("countdown", level, seed):
            a = r["answer"]
            t = r["data"]["target"]
            nums = r["data"]["numbers"]
            absent = max(nums) + 1
            latex = a.replace("*", "\\times").replace("/", "\\div")
            forms = protocol_forms(a) + with_conflict(a, f"({a}) + {nums[0]}") + [
                ("claims_target", tag(f"{a} = {t}"), "correct"),
                ("claims_target_period", tag(f"{a} = {t}."), "correct"),
                ("bold_claim", tag(f"**{a} = {t}**"), "correct"),
                ("letter_x", tag(a.replace("*", "x")), "correct"),
                ("upper_x", tag(a.replace("*", "X")), "correct"),
                ("unicode_operators", tag(a.replace("*", "×").replace("/", "÷")), "correct"),
                ("middle_dot", tag(a.replace("*", "·")), "correct"),
                ("latex_times_div", tag(f"${latex} = {t}$"), "correct"),
                ("latex_cdot", tag(a.replace("*", "\\cdot")), "correct"),
                ("colon_division", tag(a.replace("/", ":")), "correct"),
                ("latex_left_right", tag(f"\\left({a}\\right) = {t}"), "correct"),
                ("display_math", tag(f"\\[{latex}\\]"), "correct"),
                ("no_spaces", tag(a.replace(" ", "")), "correct"),
                # Near misses.
                ("claims_wrong_target", tag(f"{a} = {t + 1}."), "wrong_answer"),
                ("letter_x_number_not_given", tag(f"({a}) x {absent} = {t}"), "wrong_answer"),
                ("latex_number_not_given", tag(f"$({latex}) \\times {absent} \\div {absent}$"), "wrong_answer"),
                ("bold_one_more_number", tag(f"**({a}) + {nums[0]}**"), "wrong_answer"),
                ("bare_target", tag(f"**{t}**"), "wrong_answer" if t not in nums else "correct"),
                ("two_candidates", tag(f"{a} or {t}"), "unparsable_answer"),
                ("power", tag(f"({a}) ** 1"), "unparsable_answer"),
                ("factorial", tag(f"({a})!"), "unparsable_answer"),
                ("chained_claims", tag(f"{a} = {t} = {t}"), "unparsable_answer"),
                ("unknown_command", tag(f"\\sqrt{{{a}}}"), "unparsable_answer"),
                ("frac_without_denominator", tag(f"\\frac{{{a}}}"), "unparsable_answer"),
            ]
            for form, response, expect in forms:
                yield dict(level=level, seed=seed, index=r["index"], form=form, response=response, expect=expect)


for name, cases in [("modarith", modarith), ("sat", sat), ("countdown", countdown)]:
    with open(f"tests/data/realistic/{name}.jsonl", "w") as f:
        for case in cases():
            f.write(json.dumps(case, ensure_ascii=False) + "\n")
