#!/usr/bin/env python3
"""Writes the realistic-forms corpus of shortest_path, knapsack and topo_order
(tests/data/realistic/*.jsonl), in the format tests/realistic.rs reads.

Run from the repository root after an env version bump, with a built binary:

    python3 tests/data/realistic/generate_algorithms.py target/debug/verigym

Every expectation is computed here, independently of the Rust verifier (this script's own
Dijkstra, knapsack DP and dependency check), so the corpus is a claim about what is right.
"""
import heapq
import json

from corpus import records, tag

PROBLEMS = [(1.0, 7), (4.0, 7), (6.0, 11), (9.0, 13)]  # (level, seed); indices 0 and 1 of each




def protocol_forms(a):
    """Forms the core's normalisation reads for every env, each with a near miss beside it."""
    return [
        ("upper_tag", f"<ANSWER>{a}</ANSWER>", "correct"),
        ("title_tags_and_think", f"<Think>Let me work.</Think>\n<Answer>{a}</Answer>", "correct"),
        ("bold", tag(f"**{a}**"), "correct"),
        ("fenced", tag(f"\n```\n{a}\n```\n"), "correct"),
        ("trailing_period", tag(f"{a}."), "correct"),
        ("boxed", f"So the answer is \\boxed{{{a}}}.", "correct"),
        ("prose_around", f"Working through it gives the result.\n\n**Final answer:** {tag(a)}", "correct"),
        ("answer_only_in_think", f"<think>{tag(a)}</think>", "answer_only_in_think"),
        ("bold_empty", tag("**  **"), "empty_answer"),
        ("unclosed_tag", f"<answer>{a}", "no_answer"),
    ]


def arcs(d):
    out = {}
    for u, v, w in d["edges"]:
        out[(u, v)] = w
        if not d["directed"]:
            out[(v, u)] = w
    return out


def dijkstra(d):
    a = arcs(d)
    dist = {d["source"]: 0}
    heap = [(0, d["source"])]
    while heap:
        du, u = heapq.heappop(heap)
        if du > dist.get(u, 1 << 60):
            continue
        for (x, y), w in a.items():
            if x == u and du + w < dist.get(y, 1 << 60):
                dist[y] = du + w
                heapq.heappush(heap, (du + w, y))
    return dist


def path_cost(d, path):
    a = arcs(d)
    if path[0] != d["source"] or path[-1] != d["target"] or len(set(path)) != len(path):
        return None
    try:
        return sum(a[(x, y)] for x, y in zip(path, path[1:]))
    except KeyError:
        return None


def shortest_path():
    for level, seed in PROBLEMS:
        for r in records("shortest_path", level, seed):
            d = r["data"]
            p, s, t = d["path"], d["source"], d["target"]
            best = dijkstra(d)[t]
            assert path_cost(d, p) == best == d["cost"]
            arrows = " -> ".join(map(str, p))
            a = r["answer"]
            forms = protocol_forms(a) + [
                ("labelled_lines", tag(f"Path: {' → '.join(map(str, p))}\nCost: {best}"), "correct"),
                ("comma_list_cost_in_parentheses", tag(f"{', '.join(map(str, p))} (total cost {best})"), "correct"),
                ("sentence", tag(f"The shortest path is {arrows} with a total cost of {best}."), "correct"),
                ("bold_labels_v_prefix", tag(f"**Path:** {' -> '.join(f'v{v}' for v in p)}\n**Total cost:** {best}"), "correct"),
                ("brackets_equals", tag(f"[{', '.join(map(str, p))}]; total cost = {best}"), "correct"),
                ("dash_path_length", tag(f"{'-'.join(map(str, p))}, length {best}"), "correct"),
                ("cost_first", tag(f"Cost: {best}\nPath: {arrows}"), "correct"),
                # Near misses.
                ("no_cost", tag(arrows), "unparsable_answer"),
                ("cost_off_by_one", tag(f"{arrows}; cost {best + 1}"), "wrong_answer"),
                ("hedged_cost", tag(f"{arrows}; cost {best} or {best + 1}"), "unparsable_answer"),
                ("two_paths", tag(f"{arrows} or {s} -> {t}; cost {best}"), "unparsable_answer"),
                ("stops_short", tag(f"{' -> '.join(map(str, p[:-1]))}; cost {best}"), "wrong_answer"),
                ("reversed", tag(f"{' -> '.join(map(str, reversed(p)))}; cost {best}"), "wrong_answer"),
                ("bare_cost", tag(f"{best}"), "unparsable_answer"),
            ]
            # The cost shown as the sum of the edge costs: the total is judged, and the terms must
            # add up to it.
            terms = [arcs(d)[(u, v)] for u, v in zip(p, p[1:])]
            if len(terms) > 1:
                shown = " + ".join(map(str, terms))
                forms += [
                    ("cost_as_sum", tag(f"{arrows}; cost {shown} = {best}"), "correct"),
                    ("labelled_cost_as_sum", tag(f"Path: {arrows}\nTotal cost: {shown} = {best}"), "correct"),
                    ("cost_as_sum_not_adding_up", tag(f"{arrows}; cost {shown} = {best + 1}"), "wrong_answer"),
                    ("cost_as_true_sum_off_by_one", tag(
                        f"{arrows}; cost {' + '.join(map(str, terms[:-1] + [terms[-1] + 1]))} = {best + 1}"), "wrong_answer"),
                    ("cost_as_sum_without_total", tag(f"{arrows}; cost {shown}"), "unparsable_answer"),
                ]
            direct = path_cost(d, [s, t])
            forms.append(("direct_hop", tag(f"{s} -> {t}; cost {direct if direct is not None else best}"),
                          "correct" if direct == best else "wrong_answer"))
            for form, response, expect in forms:
                yield dict(level=level, seed=seed, index=r["index"], form=form, response=response, expect=expect)


def knapsack_optimum(d):
    best = [0] * (d["capacity"] + 1)
    for w, v in zip(d["weights"], d["values"]):
        for x in range(d["capacity"], w - 1, -1):
            best[x] = max(best[x], best[x - w] + v)
    return best[-1]


def knapsack():
    for level, seed in PROBLEMS:
        for r in records("knapsack", level, seed):
            d = r["data"]
            c = d["chosen"]
            best = knapsack_optimum(d)
            weight = sum(d["weights"][i - 1] for i in c)
            assert sum(d["values"][i - 1] for i in c) == best == d["optimum"] and weight <= d["capacity"]
            a = r["answer"]
            n = len(d["weights"])
            spaced = " ".join(map(str, c))
            forms = protocol_forms(a) + [
                ("reversed", tag(", ".join(map(str, reversed(c)))), "correct"),
                ("spaces", tag(spaced), "correct"),
                ("brackets", tag(f"[{a}]"), "correct"),
                ("set_braces", tag(f"{{{a}}}"), "correct"),
                ("labelled_with_value", tag(f"Selected items: {a}\nTotal value: {best}"), "correct"),
                ("item_words_totals", tag(f"{', '.join(f'item {i}' for i in c)} (total value {best}, total weight {weight})"), "correct"),
                ("bullets", tag("\n".join(f"- Item {i}" for i in c) + f"\n\nTotal value: {best}"), "correct"),
                ("sentence", tag(f"Take items {a} with a total value of {best}."), "correct"),
                # Near misses.
                ("wrong_value", tag(f"{a}; value {best + 1}"), "wrong_answer"),
                ("hedged_value", tag(f"{a}; value {best} or {best - 1}"), "unparsable_answer"),
                ("item_twice", tag(f"{a}, {c[0]}"), "wrong_answer"),
                ("no_such_item", tag(f"{a}, {n + 1}"), "wrong_answer"),
                ("everything", tag(", ".join(map(str, range(1, n + 1)))), "wrong_answer"),
                # A bare number reads as one item: right only if that item alone is optimal.
                ("value_only", tag(f"{best}"),
                 "correct" if best <= n and d["values"][best - 1] == best else "wrong_answer"),
                ("per_item_annotations", tag("\n".join(f"item {i} (weight {d['weights'][i - 1]}, value {d['values'][i - 1]})" for i in c)), "unparsable_answer"),
            ]
            if len(c) > 1:
                forms.append(("one_dropped", tag(", ".join(map(str, c[1:]))), "wrong_answer"))
            if len(c) > 2:
                oxford = ", ".join(map(str, c[:-1])) + f", and {c[-1]}"
                forms += [
                    ("oxford_comma", tag(oxford), "correct"),
                    ("oxford_comma_labelled_value", tag(f"Items: {oxford}; total value: {best}"), "correct"),
                    ("oxford_comma_one_dropped", tag(", ".join(map(str, c[1:-1])) + f", and {c[-1]}"), "wrong_answer"),
                    ("oxford_and_doubled", tag(", ".join(map(str, c[:-1])) + f", and, {c[-1]}"), "unparsable_answer"),
                ]
            for form, response, expect in forms:
                yield dict(level=level, seed=seed, index=r["index"], form=form, response=response, expect=expect)


def topo_valid(d, order):
    pos = {t: i for i, t in enumerate(order)}
    return sorted(order) == list(range(1, d["tasks"] + 1)) and all(pos[a] < pos[b] for a, b in d["dependencies"])


def topo_order():
    for level, seed in PROBLEMS:
        for r in records("topo_order", level, seed):
            d = r["data"]
            o = d["order"]
            assert topo_valid(d, o)
            a = r["answer"]
            n = d["tasks"]
            a0, b0 = d["dependencies"][0]
            swapped = [b0 if t == a0 else a0 if t == b0 else t for t in o]
            rev = list(reversed(o))
            forms = protocol_forms(a) + [
                ("arrows", tag(" -> ".join(map(str, o))), "correct"),
                ("labelled_unicode_arrows", tag("Order: " + " → ".join(map(str, o))), "correct"),
                ("brackets", tag(f"[{a}]"), "correct"),
                ("t_prefix", tag(", ".join(f"T{t}" for t in o)), "correct"),
                ("task_words", tag(", ".join(f"Task {t}" for t in o)), "correct"),
                ("numbered_lines", tag("\n".join(f"{i + 1}. {t}" for i, t in enumerate(o))), "correct"),
                ("bullets", tag("\n".join(f"- {t}" for t in o)), "correct"),
                ("sentence", tag(f"The topological order is {a}."), "correct"),
                # Near misses.
                ("dependency_broken", tag(", ".join(map(str, swapped))), "wrong_answer"),
                ("reversed", tag(", ".join(map(str, rev))), "correct" if topo_valid(d, rev) else "wrong_answer"),
                ("last_missing", tag(", ".join(map(str, o[:-1]))), "wrong_answer"),
                ("repeated", tag(f"{a}, {o[0]}"), "wrong_answer"),
                ("two_orders", tag(f"{a} or {', '.join(map(str, swapped))}"), "unparsable_answer"),
                ("identity", tag(", ".join(map(str, range(1, n + 1)))),
                 "correct" if topo_valid(d, list(range(1, n + 1))) else "wrong_answer"),
                ("oxford_comma", tag(", ".join(map(str, o[:-1])) + f", and {o[-1]}"), "correct"),
                ("and_before_last", tag("Order: " + ", ".join(map(str, o[:-1])) + f" and {o[-1]}"), "correct"),
                ("oxford_comma_dependency_broken", tag(", ".join(map(str, swapped[:-1])) + f", and {swapped[-1]}"),
                 "wrong_answer"),
                # Beside arrows, `and` could mean "either order": no separator there.
                ("arrows_and_last", tag(" -> ".join(map(str, o[:-1])) + f" and {o[-1]}"), "unparsable_answer"),
                ("oxford_comma_trailing_and", tag(", ".join(map(str, o)) + ", and"), "unparsable_answer"),
            ]
            for form, response, expect in forms:
                yield dict(level=level, seed=seed, index=r["index"], form=form, response=response, expect=expect)


def mst_weight(d):
    """Prim's algorithm with a heap, written here: the weight the corpus expects."""
    adj = {v: [] for v in range(1, d["vertices"] + 1)}
    for u, v, w in d["edges"]:
        adj[u].append((w, v))
        adj[v].append((w, u))
    seen, total, heap = {1}, 0, list(adj[1])
    heapq.heapify(heap)
    while heap:
        w, v = heapq.heappop(heap)
        if v in seen:
            continue
        seen.add(v)
        total += w
        for edge in adj[v]:
            heapq.heappush(heap, edge)
    assert len(seen) == d["vertices"]
    return total


def min_spanning_tree():
    for level, seed in PROBLEMS:
        for r in records("min_spanning_tree", level, seed):
            d = r["data"]
            w = mst_weight(d)
            a = str(w)
            weights = sorted(e[2] for e in d["edges"])
            lightest = sum(weights[: d["vertices"] - 1])
            every = sum(weights)
            forms = protocol_forms(a) + [
                ("weight_label", tag(f"weight {a}"), "correct"),
                ("total_weight_colon", tag(f"Total weight: {a}"), "correct"),
                ("total_weight_equals", tag(f"total weight = {a}"), "correct"),
                ("sentence", tag(f"The total weight is {a}."), "correct"),
                ("mst_weight", tag(f"MST weight = {a}"), "correct"),
                ("bold_label", tag(f"**Total weight:** {a}"), "correct"),
                ("edges_in_think", f"<think>Take the lightest edges that join two parts.</think>\n{tag(a)}", "correct"),
                # Near misses.
                ("plus_one", tag(str(w + 1)), "wrong_answer"),
                ("two_values", tag(f"{a} or {w + 1}"), "unparsable_answer"),
                ("unadded_sum", tag(" + ".join(map(str, weights[: d["vertices"] - 1]))), "unparsable_answer"),
                ("decimal", tag(f"{a}.0"), "unparsable_answer"),
                ("edge_list", tag("1-2, 2-3"), "unparsable_answer"),
                ("hedged", tag(f"about {a}"), "unparsable_answer"),
            ]
            if lightest != w:
                forms.append(("lightest_edges_without_cycle_check", tag(str(lightest)), "wrong_answer"))
            if every != w:
                forms.append(("every_edge", tag(str(every)), "wrong_answer"))
            for form, response, expect in forms:
                yield dict(level=level, seed=seed, index=r["index"], form=form, response=response, expect=expect)


ENVS = {"shortest_path": shortest_path, "knapsack": knapsack, "topo_order": topo_order, "min_spanning_tree": min_spanning_tree}

for name, cases in ENVS.items():
    with open(f"tests/data/realistic/{name}.jsonl", "w") as f:
        for case in cases():
            f.write(json.dumps(case, ensure_ascii=False) + "\n")
