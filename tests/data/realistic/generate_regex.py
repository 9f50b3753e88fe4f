#!/usr/bin/env python3
"""Writes the realistic-forms corpus of regex_synthesis.

Same format and use as generate_core.py (the shared helpers are in corpus.py); run from the
repository root with a built binary:

    python3 tests/data/realistic/generate_regex.py target/debug/verigym

Python's own `re` is the independent judge here: every stored label is re-checked with
`re.fullmatch`, every "correct" form is the rule itself or a rewrite that is equivalent by
construction (an atom `x+` as `xx*`, a class `[ab]` as `(?:a|b)`, anchors, groups), and every
"wrong_answer" form is refuted by a concrete string on which `re.fullmatch` says the form and the
rule disagree. Read the diff: every line's expectation is a claim about what is right, not a
recording of what the verifier happens to say.
"""
import itertools
import json
import os
import re
import sys

from corpus import records, tag

PROBLEMS = [(1.0, 7), (4.0, 7), (6.5, 11), (9.0, 13)]  # (level, seed); indices 0 and 1 of each


def stored(d):
    """Every stored string with its label."""
    for key, label in [("shown_positive", True), ("shown_negative", False),
                       ("hidden_positive", True), ("hidden_negative", False)]:
        for s in d[key]:
            yield s, label


def refutation(pattern, target, d):
    """A string on which `pattern` and the rule disagree: a stored one, else any up to length 7."""
    candidates = itertools.chain(
        (s for s, _ in stored(d)),
        ("".join(t) for n in range(8) for t in itertools.product(d["alphabet"], repeat=n)),
    )
    for s in candidates:
        if bool(re.fullmatch(pattern, s)) != bool(re.fullmatch(target, s)):
            return s
    return None


def rewrites(target, alphabet):
    """Rewrites of the rule that are equivalent by construction."""
    out = []
    classes = re.sub(r"\[([a-d]+)\]", lambda m: "(?:" + "|".join(m.group(1)) + ")", target)
    if classes != target:
        out.append(("class_as_alternation", classes))
    plus = re.sub(r"([a-d])\+", r"\1\1*", target)
    if plus != target:
        out.append(("plus_as_star", plus))
    optional = re.sub(r"([a-d])\?", r"(?:\1|)", target)
    if optional != target:
        out.append(("optional_as_alternation", optional))
    return out


def regex_synthesis():
    for level, seed in PROBLEMS:
        for r in records("regex_synthesis", level, seed):
            d = r["data"]
            x = r["answer"]
            for s, label in stored(d):
                assert bool(re.fullmatch(x, s)) == label, (x, s, label)
            letters = d["alphabet"]
            pos = ", ".join(f'"{s}"' for s in d["shown_positive"][:4])
            forms = [
                ("tag", tag(x), "correct"),
                ("anchored_tag", f"The pattern has to match whole strings.\n\n{tag(f'^(?:{x})$')}", "correct"),
                ("fenced_block_only",
                 f"Looking at the matching strings ({pos}, …), the rule is:\n\n```regex\n{x}\n```\n\n"
                 "It rejects every listed non-matching string.", "correct"),
                ("fenced_anchored_block",
                 f"## Pattern\n\n```regex\n^(?:{x})$\n```\n\nwhich is anchored on both ends.", "correct"),
                ("fence_in_tag", f"Here is my answer.\n<answer>\n```regex\n{x}\n```\n</answer>", "correct"),
                ("code_span_in_tag", tag(f"`{x}`"), "correct"),
                ("bold_in_tag", f"**Answer**\n\n{tag(f'**{x}**')}", "correct"),
                ("trailing_period", tag(f"{x}."), "correct"),
                ("the_answer_is", tag(f"The answer is `{x}`."), "correct"),
                ("js_slashes", tag(f"/^(?:{x})$/"), "correct"),
                ("boxed", f"So the regular expression is $\\boxed{{{x}}}$.", "correct"),
                ("think_then_answer", f"<think>Short strings first: {pos}.</think>\n{tag(x)}", "correct"),
                ("noncapturing_group", tag(f"(?:{x})"), "correct"),
                ("same_twice", f"{tag(x)}\n\nAgain: {tag(f'^(?:{x})$')}", "correct"),
                # Near misses.
                ("dot_star", tag(".*"), "wrong_answer"),
                ("any_letter_star", tag(f"[{letters}]*"), "wrong_answer"),
                ("empty_group", tag("()"), "wrong_answer"),
                ("unbalanced", tag(f"({x}"), "unparsable_answer"),
                ("backreference", tag(f"({x})\\1"), "unparsable_answer"),
                ("lookahead", tag(f"(?=[{letters}]){x}"), "unparsable_answer"),
                ("catastrophic_count", tag("(a{1000}){1000}"), "forbidden"),
                ("too_long", tag("|".join([x] * 200)), "forbidden"),
                ("no_marker", f"The regex is {x}", "no_answer"),
                ("text_fence_only", f"```text\n{x}\n```", "no_answer"),
                ("only_in_think", f"<think>```regex\n{x}\n```</think>", "answer_only_in_think"),
                ("two_candidates", f"{tag(x)} or maybe {tag('.*')}", "conflicting_answers"),
                ("or_inside_tag", tag(f"{x} or .*"), "unparsable_answer"),
                ("list_inside_tag", tag(f"{x}, (?:{x})"), "unparsable_answer"),
                ("spaced_out", tag(" ".join(x)), "unparsable_answer"),
            ]
            for label, form in rewrites(x, letters):
                forms.append((label, tag(form), "correct"))
            listed = "|".join(d["shown_positive"])
            wrong = [("shown_strings_listed", listed)]
            if "*" in x:
                wrong.append(("star_to_plus", x.replace("*", "+", 1)))
            if "+" in x:
                wrong.append(("plus_to_star", x.replace("+", "*", 1)))
            if "?" in x:
                wrong.append(("optional_dropped", x.replace("?", "", 1)))
            wrong.append(("substring_match", f".*(?:{x}).*"))
            for label, w in wrong:
                witness = refutation(w, x, d)
                if witness is not None:
                    forms.append((label, f"I think the rule is:\n\n{tag(w)}", "wrong_answer"))
            for form, response, expect in forms:
                # The `.*` and `[..]*` near misses are right only for a rule matching everything,
                # which the generator never draws; keep the corpus honest anyway.
                if expect == "wrong_answer" and form in ("dot_star", "any_letter_star", "empty_group"):
                    w = {"dot_star": ".*", "any_letter_star": f"[{letters}]*", "empty_group": "()"}[form]
                    assert refutation(w, x, d) is not None
                yield dict(level=level, seed=seed, index=r["index"], form=form, response=response, expect=expect)


ENVS = {"regex_synthesis": regex_synthesis}

for name in sys.argv[2:] or ENVS:
    with open(os.path.join("tests/data/realistic", f"{name}.jsonl"), "w") as f:
        for case in ENVS[name]():
            f.write(json.dumps(case, ensure_ascii=False) + "\n")
