#!/usr/bin/env python3
"""Writes the realistic-answer corpus of program_synthesis: answers in fenced ```dsl blocks with
explanations around them, as models write them, and near misses.

Same format and use as the other generate_*.py scripts (the shared helpers are in corpus.py); run
from the repository root with a built binary:

    python3 tests/data/realistic/generate_dsl.py target/debug/verigym

The script has its own interpreter of the language (Python's own `//` and `%` are the stated
floor division and remainder; every result is checked against the 64-bit range). It re-derives
every stored output from the record's program, and every expectation below comes from running
the candidate on the record's inputs with it, never from the verifier.
"""
import json
import os
import re

from corpus import records

PROBLEMS = [(1.0, 7), (4.0, 7), (6.5, 11), (9.0, 13)]  # (level, seed); indices 0 and 1 of each
LO, HI = -(2 ** 63), 2 ** 63 - 1
TOKEN = re.compile(r"\s*(?:(#[^\n]*)|(\d+)|([A-Za-z_]\w*)|(->|==|!=|<=|>=|[()+\-*/%<>,]))")
BIND = {"or": 1, "and": 2, "==": 4, "!=": 4, "<": 4, "<=": 4, ">": 4, ">=": 4,
        "+": 5, "-": 5, "*": 6, "/": 6, "%": 6}


class Fault(Exception):
    pass


def lex(text):
    out, at = [], 0
    text = text.rstrip()
    while at < len(text):
        m = TOKEN.match(text, at)
        if not m:
            raise SyntaxError(text[at:])
        at = m.end()
        if m.group(1):
            continue
        out.append(next(g for g in m.groups()[1:] if g is not None))
    return out


def parse(text):
    toks = lex(text)
    pos = [0]

    def peek():
        return toks[pos[0]] if pos[0] < len(toks) else ""

    def take(want=None):
        t = peek()
        if want is not None and t != want:
            raise SyntaxError(f"expected {want}, got {t}")
        pos[0] += 1
        return t

    def expr(lo):
        if peek() == "not" and lo <= 3:
            take()
            left = ("not", expr(3))
        else:
            left = operand()
        while peek() in BIND and BIND[peek()] >= lo:
            op = take()
            left = ("bin", op, left, expr(BIND[op] + 1))
        return left

    def operand():
        t = take()
        if t == "-":
            return ("neg", operand())
        if t == "(":
            e = expr(1)
            take(")")
            return e
        if t.isdigit():
            return ("lit", int(t))
        if peek() != "(":
            return ("name", t)
        take("(")
        params = []
        if t in ("map", "filter"):
            params = [take()]
            take("->")
        elif t in ("fold", "zip_with"):
            take("(")
            params = [take()]
            take(",")
            params.append(take())
            take(")")
            take("->")
        args = [expr(1)]
        while peek() == ",":
            take()
            args.append(expr(1))
        take(")")
        return ("call", t, params, args)

    e = expr(1)
    if pos[0] != len(toks):
        raise SyntaxError("trailing tokens")
    return e


def fit(n):
    if not LO <= n <= HI:
        raise Fault("overflow")
    return n


def ev(e, xs, env):
    kind = e[0]
    if kind == "lit":
        return e[1]
    if kind == "name":
        return list(xs) if e[1] == "xs" else env[e[1]]
    if kind == "neg":
        return fit(-ev(e[1], xs, env))
    if kind == "not":
        return not ev(e[1], xs, env)
    if kind == "bin":
        op, a, b = e[1], e[2], e[3]
        if op == "and":
            return ev(a, xs, env) and ev(b, xs, env)
        if op == "or":
            return ev(a, xs, env) or ev(b, xs, env)
        x, y = ev(a, xs, env), ev(b, xs, env)
        if op in "/%" and y == 0:
            raise Fault("division by zero")
        return {
            "+": lambda: fit(x + y), "-": lambda: fit(x - y), "*": lambda: fit(x * y),
            "/": lambda: fit(x // y), "%": lambda: x % y, "==": lambda: x == y,
            "!=": lambda: x != y, "<": lambda: x < y, "<=": lambda: x <= y,
            ">": lambda: x > y, ">=": lambda: x >= y,
        }[op]()
    _, f, ps, args = e
    bind = lambda *vs: {**env, **dict(zip(ps, vs))}
    if f == "map":
        return [ev(args[0], xs, bind(x)) for x in ev(args[1], xs, env)]
    if f == "filter":
        return [x for x in ev(args[1], xs, env) if ev(args[0], xs, bind(x))]
    if f == "fold":
        acc = ev(args[1], xs, env)
        for x in ev(args[2], xs, env):
            acc = ev(args[0], xs, bind(acc, x))
        return acc
    if f == "zip_with":
        return [ev(args[0], xs, bind(a, b)) for a, b in zip(ev(args[1], xs, env), ev(args[2], xs, env))]
    v = [ev(a, xs, env) for a in args[:1]]
    if f == "sort":
        return sorted(v[0])
    if f == "reverse":
        return v[0][::-1]
    if f in ("take", "drop"):
        n, l = max(v[0], 0), ev(args[1], xs, env)
        return l[:n] if f == "take" else l[n:]
    if f == "len":
        return len(v[0])
    if f == "sum":
        return fit(sum(v[0]))
    if f == "abs":
        return fit(abs(v[0]))
    if f in ("min", "max"):
        return (min if f == "min" else max)(v[0], ev(args[1], xs, env))
    if f == "if":
        return ev(args[1], xs, env) if v[0] else ev(args[2], xs, env)
    raise SyntaxError(f)


def right_everywhere(program, examples):
    """Whether the program gives every stored output, by this interpreter."""
    try:
        tree = parse(program)
        return all(ev(tree, ex["xs"], {}) == ex["output"] for ex in examples)
    except Fault:
        return False


def block(code, lang="dsl"):
    return f"```{lang}\n{code}\n```"


def rename(program):
    names = {"x": "n", "acc": "total", "a": "left", "b": "right"}
    return re.sub(r"\b(x|acc|a|b)(\d*)\b", lambda m: names[m.group(1)] + m.group(2), program)


def constant_mutants(program):
    """The program with one integer literal moved by one, each."""
    for m in re.finditer(r"\b\d+\b", program):
        for d in (1, -1):
            n = int(m.group()) + d
            if n >= 0:
                yield program[: m.start()] + str(n) + program[m.end():]


def table(shown):
    """The shown examples as an if-chain on len and sum (integer outputs only)."""
    lit = lambda n: f"(0 - {-n})" if n < 0 else str(n)
    text = "0"
    for ex in reversed(shown):
        text = f"if(len(xs) == {len(ex['xs'])} and sum(xs) == {lit(sum(ex['xs']))}, {lit(ex['output'])}, {text})"
    return text


def program_synthesis():
    for level, seed in PROBLEMS:
        for r in records("program_synthesis", level, seed):
            d = r["data"]
            p = d["program"]
            examples = d["shown"] + d["hidden"]
            assert right_everywhere(p, examples), p
            first = d["shown"][0]
            is_list = d["output"] == "list"
            equivalent = f"map(v -> v + 0, {p})" if is_list else f"0 + {p}"
            assert right_everywhere(equivalent, examples)
            split = p.replace(", ", ",\n    ")
            forms = [
                ("explained", "Looking at the examples, every output comes from the same few "
                 f"steps.\n\n{block(p)}\n\nOn xs = {first['xs']} this gives {first['output']}.", "correct"),
                ("heading_and_bullets", "### Solution\n\n- find the stages from the examples\n"
                 f"- check each example\n\n{block(rename(p))}\n", "correct"),
                ("multiline_with_comment", "My program:\n\n" + block(f"# one expression\n{split}"), "correct"),
                ("think_then_block", f"<think>The outputs depend on xs.</think>\nHere it is:\n{block(p)}", "correct"),
                ("upper_fence", f"Answer:\n{block(p, 'DSL')}", "correct"),
                ("inside_answer_tag", f"<answer>\n{block(p)}\n</answer>", "correct"),
                ("equivalent_program", f"A slightly longer but equal version:\n\n{block(equivalent)}", "correct"),
                ("trailing_comment", block(f"{p}  # matches every example"), "correct"),
                # Near misses.
                ("no_fence", f"The program is {p}", "no_answer"),
                ("python_fence", block(p, "python"), "no_answer"),
                ("unclosed_fence", f"```dsl\n{p}\n", "no_answer"),
                ("only_in_think", f"<think>{block(p)}</think>\nI am not sure.", "answer_only_in_think"),
                ("python_lambda", block(f"lambda xs: {p}"), "compile_error"),
                ("wrong_type", block(f"len({p})" if is_list else "sort(xs)"), "compile_error"),
                ("huge_literal", block(f"{p} + {'9' * 30}"), "forbidden"),
            ]
            for mutant in constant_mutants(p):
                if not right_everywhere(mutant, examples):
                    forms.append(("constant_off_by_one", f"I think this works:\n\n{block(mutant)}", "wrong_answer"))
                    forms.append(("hedge_last_wrong", f"{block(p)}\n\nor maybe\n\n{block(mutant)}", "wrong_answer"))
                    break
            if not is_list and not right_everywhere(table(d["shown"]), examples):
                forms.append(("table_of_examples", block(table(d["shown"])), "wrong_answer"))
            if not right_everywhere("reverse(xs)" if is_list else "sum(xs)", examples):
                forms.append(("guess", block("reverse(xs)" if is_list else "sum(xs)"), "wrong_answer"))
            for form, response, expect in forms:
                yield dict(level=level, seed=seed, index=r["index"], form=form, response=response, expect=expect)


ENVS = {"program_synthesis": program_synthesis}

for name in __import__("sys").argv[2:] or ENVS:
    with open(os.path.join("tests/data/realistic", f"{name}.jsonl"), "w") as f:
        for case in ENVS[name]():
            f.write(json.dumps(case, ensure_ascii=False) + "\n")
