#!/usr/bin/env python3
"""Writes the realistic-forms corpus of the game envs (nim, tictactoe).

Same format and use as generate_core.py (the shared helpers are in corpus.py); run from
the repository root with a built binary:

    python3 tests/data/realistic/generate_games.py target/debug/verigym

Read the diff: every line's expectation is a claim about what is right, not a recording of what
the verifier happens to say. Which moves win is worked out here, from the record's piles and rule
by this script's own game search, not read from the record.
"""
import functools
import json
import os
import sys

from corpus import records, tag

PROBLEMS = [(1.0, 7), (4.0, 7), (6.5, 11), (9.0, 13)]  # (level, seed); indices 0 and 1 of each


def legal(takes, pile, t):
    if t < 1 or t > pile:
        return False
    if takes["kind"] == "any":
        return True
    if takes["kind"] == "up_to":
        return t <= takes["max"]
    return t in takes["sizes"]


def winning(piles, takes):
    """Every winning move (pile, take), 1-based, by plain game search over sorted positions."""

    @functools.lru_cache(maxsize=None)
    def wins(position):
        for i, p in enumerate(position):
            for t in range(1, p + 1):
                if legal(takes, p, t):
                    after = list(position)
                    after[i] -= t
                    if not wins(tuple(sorted(after))):
                        return True
        return False

    out = []
    for i, p in enumerate(piles):
        for t in range(1, p + 1):
            if legal(takes, p, t):
                after = list(piles)
                after[i] -= t
                if not wins(tuple(sorted(after))):
                    out.append((i + 1, t))
    return out


def protocol_forms(a):
    """Forms the core's normalisation reads for every env (as in generate_core.py)."""
    return [
        ("upper_tag", f"<ANSWER>{a}</ANSWER>", "correct"),
        ("title_tags_and_think", f"<Think>Let me work.</Think>\n<Answer>{a}</Answer>", "correct"),
        ("bold", tag(f"**{a}**"), "correct"),
        ("code_span", tag(f"`{a}`"), "correct"),
        ("fenced", tag(f"\n```\n{a}\n```\n"), "correct"),
        ("trailing_period", tag(f"{a}."), "correct"),
        ("boxed_bold", f"So the answer is \\boxed{{**{a}**}}.", "correct"),
        ("prose_around", f"Working through it gives the result.\n\n**Final answer:** {tag(a)}", "correct"),
        ("answer_only_in_upper_think", f"<THINK>{tag(a)}</THINK>", "answer_only_in_think"),
        ("bold_empty", tag("**  **"), "empty_answer"),
        ("period_only", tag("."), "empty_answer"),
        ("unclosed_upper_tag", f"<ANSWER>{a}", "no_answer"),
    ]


def nim():
    for level, seed in PROBLEMS:
        for r in records("nim", level, seed):
            d = r["data"]
            piles, takes, a = d["piles"], d["takes"], r["answer"]
            wins = winning(piles, takes)
            k, t = wins[0]
            n = len(piles)
            losing = [
                (pk, pt)
                for pk in range(1, n + 1)
                for pt in range(1, piles[pk - 1] + 1)
                if legal(takes, piles[pk - 1], pt) and (pk, pt) not in wins
            ]
            unit = "stone" if t == 1 else "stones"
            forms = protocol_forms(a) + [
                ("sentence", tag(f"Take {t} {unit} from pile {k}."), "correct"),
                ("remove", tag(f"remove {t} from pile {k}"), "correct"),
                ("pile_first", tag(f"Pile {k}: take {t}"), "correct"),
                ("pile_first_comma_stones", tag(f"pile {k}, remove {t} {unit}"), "correct"),
                ("bold_pile", tag(f"**Pile {k}**: take {t}"), "correct"),
                ("upper_case", tag(a.upper()), "correct"),
                ("final_answer_lead_in", tag(f"The answer is take {t} from pile {k}"), "correct"),
                ("reasoning_in_think", f"<think>The Grundy values XOR to a nonzero value, so I can win.</think>\n{tag(a)}", "correct"),
                # Near misses.
                ("no_pile", tag(f"take {t}"), "unparsable_answer"),
                ("no_amount", tag(f"pile {k}"), "unparsable_answer"),
                ("amount_in_words", tag(f"take {['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'][t] if t < 10 else 'many'} from pile {k}"), "unparsable_answer"),
                ("tuple", tag(f"({k}, {t})"), "unparsable_answer"),
                ("two_moves", tag(f"{a} or take 1 from pile {k % n + 1}"), "unparsable_answer"),
                ("hedged", tag(f"maybe take {t} from pile {k}"), "unparsable_answer"),
                ("pile_past_the_last", tag(f"take {t} from pile {n + 1}"), "wrong_answer"),
                ("more_than_the_pile", tag(f"take {piles[k - 1] + 1} from pile {k}"), "wrong_answer"),
                ("zero_stones", tag(f"take 0 from pile {k}"), "wrong_answer"),
            ]
            if len(wins) > 1:
                ok, ot = wins[1]
                forms.append(("another_winning_move", tag(f"take {ot} from pile {ok}"), "correct"))
                forms.append(("conflicting_winners", f"{tag(a)}\n<answer>take {ot} from pile {ok}</answer>", "correct"))
            if losing:
                lk, lt = losing[0]
                forms.append(("a_losing_move", tag(f"take {lt} from pile {lk}"), "wrong_answer"))
                forms.append(("right_then_losing", f"{tag(a)}\n<ANSWER>take {lt} from pile {lk}</ANSWER>", "conflicting_answers"))
            if takes["kind"] != "any":
                illegal = next(x for x in range(1, 64) if not legal(takes, 63, x))
                if illegal <= piles[k - 1]:
                    forms.append(("an_amount_the_rule_forbids", tag(f"take {illegal} from pile {k}"), "wrong_answer"))
            for form, response, expect in forms:
                yield dict(level=level, seed=seed, index=r["index"], form=form, response=response, expect=expect)


LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def ttt_best(board, me):
    """The best cells (1-based) for `me` to move, by plain minimax."""
    them = "O" if me == "X" else "X"

    def won(b, m):
        return any(all(b[i] == m for i in line) for line in LINES)

    def value(b, me, them):
        best = None
        for i in range(9):
            if b[i] == ".":
                b[i] = me
                v = 1 if won(b, me) else -value(b, them, me)
                b[i] = "."
                best = v if best is None else max(best, v)
        return 0 if best is None else best

    b = list(board)
    top = value(b, me, them)
    out = []
    for i in range(9):
        if b[i] == ".":
            b[i] = me
            v = 1 if won(b, me) else -value(b, them, me)
            b[i] = "."
            if v == top:
                out.append(i + 1)
    return out


def tictactoe():
    for level, seed in PROBLEMS:
        for r in records("tictactoe", level, seed):
            d = r["data"]
            board, me, a = d["board"], d["to_move"], r["answer"]
            best = ttt_best(board, me)
            empty = [i + 1 for i, c in enumerate(board) if c == "."]
            marked = [i + 1 for i, c in enumerate(board) if c != "."]
            mistakes = [c for c in empty if c not in best]
            forms = protocol_forms(a) + [
                ("cell_word", tag(f"cell {a}"), "correct"),
                ("cell_sentence", tag(f"Cell {a}."), "correct"),
                ("square_word", tag(f"square {a}"), "correct"),
                ("position_word", tag(f"Position {a}"), "correct"),
                ("final_answer_lead_in", tag(f"The answer is {a}"), "correct"),
                ("reasoning_in_think", f"<think>I must block the open line first.</think>\n{tag(a)}", "correct"),
                # Near misses.
                ("a_marked_cell", tag(str(marked[0])), "wrong_answer"),
                ("cell_zero", tag("0"), "wrong_answer"),
                ("cell_ten", tag("10"), "wrong_answer"),
                ("two_cells", tag(f"{a} or {empty[-1]}"), "unparsable_answer"),
                ("a_word", tag("the center"), "unparsable_answer"),
                ("row_and_column", tag("row 2, column 2"), "unparsable_answer"),
                ("hedged", tag(f"probably {a}"), "unparsable_answer"),
                ("mark_and_cell", tag(f"{me} at {a}"), "unparsable_answer"),
            ]
            if len(best) > 1:
                forms.append(("another_best_move", tag(str(best[1])), "correct"))
            if mistakes:
                forms.append(("a_mistake", tag(str(mistakes[0])), "wrong_answer"))
                forms.append(("right_then_mistake", f"{tag(a)}\n<ANSWER>{mistakes[0]}</ANSWER>", "conflicting_answers"))
            for form, response, expect in forms:
                yield dict(level=level, seed=seed, index=r["index"], form=form, response=response, expect=expect)


ENVS = {"nim": nim, "tictactoe": tictactoe}

for name in sys.argv[2:] or ENVS:
    with open(os.path.join("tests/data/realistic", f"{name}.jsonl"), "w") as f:
        for case in ENVS[name]():
            f.write(json.dumps(case, ensure_ascii=False) + "\n")
