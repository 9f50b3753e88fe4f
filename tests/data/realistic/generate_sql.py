"""The realistic corpus of the `sql` env: replies a model would write, judged as labelled.

Run as `python3 tests/data/realistic/generate_sql.py target/debug/verigym`. For every problem it
writes its OWN query for the question (a different formulation from the env's reference: IN
instead of a join, NOT EXISTS instead of ROW_NUMBER, a LEFT JOIN anti-join, a correlated count
for DENSE_RANK), checks with Python's sqlite3 that it gives the stored result on every database
(the shown and the hidden ones), and wraps it the ways replies come: prose around it, a heading,
a draft block before the final one, a think block, a `;` and comments, an upper-case fence. The
near misses are replies a grader refuses: no fenced block, a ```sqlite fence (only ```sql is
read), a second statement, a read of sqlite_master, a syntax error, the shown result as a
literal table (only where a hidden database's result differs), a `>=`-for-`>` slip (only where a
database tells them apart), and a block only inside the think block.
"""
import json
import os
import sqlite3
import sys

from corpus import records

PROBLEMS = [(0, 11), (2, 12), (3, 13), (4, 14), (5, 15), (6, 16), (7, 17), (8, 18), (9, 19), (10, 20)]

THEMES = {
    "company": dict(G="departments", city="city", M="employees", fk="dept_id", v="salary",
                    E="assignments", efk="employee_id", q="hours"),
    "shop": dict(G="stores", city="city", M="clerks", fk="store_id", v="wage",
                 E="sales", efk="clerk_id", q="amount"),
    "school": dict(G="schools", city="town", M="students", fk="school_id", v="points",
                   E="exams", efk="student_id", q="score"),
}


def lit(s):
    return "'" + s.replace("'", "''") + "'"


def own_query(question, n):
    """This script's own query for the question (not the env's reference)."""
    kind = question["kind"]
    t = question.get("threshold")
    G, M, E, fk, v, efk, q, city = n["G"], n["M"], n["E"], n["fk"], n["v"], n["efk"], n["q"], n["city"]
    if kind == "value_above":
        return f"SELECT id, name FROM {M} WHERE NOT ({v} <= {t}) ORDER BY {v} DESC, name ASC, id ASC"
    if kind == "in_city":
        return f"SELECT g.name FROM {G} AS g WHERE g.{city} IN ({lit(question['city'])})"
    if kind == "count_at_least":
        return f"SELECT SUM(CASE WHEN {v} >= {t} THEN 1 ELSE 0 END) AS n FROM {M}"
    if kind == "top_k":
        return (f"SELECT id, name, {v} FROM (SELECT id, name, {v}, ROW_NUMBER() OVER "
                f"(ORDER BY {v} DESC, name, id) AS rn FROM {M}) WHERE rn <= {question['k']} ORDER BY rn")
    if kind == "members_in_city":
        return f"SELECT id, name FROM {M} WHERE {fk} IN (SELECT id FROM {G} WHERE {city} = {lit(question['city'])})"
    if kind == "count_per_group":
        return (f"SELECT g.name, (SELECT COUNT(*) FROM {M} m WHERE m.{fk} = g.id) AS n FROM {G} g "
                f"WHERE EXISTS (SELECT 1 FROM {M} m WHERE m.{fk} = g.id)")
    if kind == "total_above":
        return (f"SELECT * FROM (SELECT {fk}, SUM({v}) AS s FROM {M} WHERE {fk} IS NOT NULL "
                f"GROUP BY {fk}) WHERE s > {t}")
    if kind == "event_totals":
        return (f"SELECT m.id, m.name, t.total FROM {M} m JOIN (SELECT {efk}, SUM({q}) AS total "
                f"FROM {E} GROUP BY {efk}) t ON t.{efk} = m.id ORDER BY t.total DESC, m.id")
    if kind == "without_events":
        return f"SELECT m.id, m.name FROM {M} m LEFT JOIN {E} e ON e.{efk} = m.id WHERE e.id IS NULL"
    if kind == "count_per_group_with_zero":
        return f"SELECT g.name, (SELECT COUNT(*) FROM {M} m WHERE m.{fk} = g.id) FROM {G} g"
    if kind == "above_group_average":
        return (f"SELECT m.id, m.name FROM {M} m JOIN (SELECT {fk}, AVG({v}) AS a FROM {M} "
                f"WHERE {fk} IS NOT NULL GROUP BY {fk}) x ON x.{fk} = m.{fk} WHERE m.{v} > x.a")
    if kind == "cities_with_value_above":
        return f"SELECT {city} FROM {G} WHERE id IN (SELECT {fk} FROM {M} WHERE {v} > {t}) GROUP BY {city}"
    if kind == "top_per_group":
        return (f"SELECT m.{fk}, m.name, m.{v} FROM {M} m WHERE m.{fk} IS NOT NULL AND NOT EXISTS "
                f"(SELECT 1 FROM {M} o WHERE o.{fk} = m.{fk} AND (o.{v} > m.{v} OR (o.{v} = m.{v} AND o.id < m.id)))")
    if kind == "dense_rank":
        return (f"SELECT m.id, m.name, (SELECT COUNT(DISTINCT o.{v}) FROM {M} o WHERE o.{v} > m.{v}) + 1 AS r "
                f"FROM {M} m ORDER BY r, m.id")
    if kind == "above_average_total":
        return (f"SELECT g.id, g.name, SUM(m.{v}) FROM {G} g JOIN {M} m ON m.{fk} = g.id GROUP BY g.id "
                f"HAVING SUM(m.{v}) * (SELECT COUNT(DISTINCT {fk}) FROM {M} WHERE {fk} IS NOT NULL) > "
                f"(SELECT SUM({v}) FROM {M} WHERE {fk} IS NOT NULL)")
    raise ValueError(kind)


def run(n, db, query):
    con = sqlite3.connect(":memory:")
    con.execute(f"CREATE TABLE {n['G']} (id INTEGER PRIMARY KEY, name TEXT NOT NULL, {n['city']} TEXT NOT NULL)")
    con.execute(f"CREATE TABLE {n['M']} (id INTEGER PRIMARY KEY, name TEXT NOT NULL, {n['fk']} INTEGER, {n['v']} INTEGER NOT NULL)")
    con.execute(f"CREATE TABLE {n['E']} (id INTEGER PRIMARY KEY, {n['efk']} INTEGER NOT NULL, {n['q']} INTEGER NOT NULL)")
    for table, rows in ((n["G"], db["groups"]), (n["M"], db["members"]), (n["E"], db["events"])):
        for row in rows:
            con.execute(f"INSERT INTO {table} VALUES ({', '.join('?' * len(row))})", row)
    out = [list(r) for r in con.execute(query).fetchall()]
    con.close()
    return out


def same(a, b, ordered):
    if ordered:
        return a == b
    key = lambda r: json.dumps(r)
    return sorted(a, key=key) == sorted(b, key=key)


def cases():
    for level, seed in PROBLEMS:
        for r in records("sql", level, seed):
            d = r["data"]
            n = THEMES[d["theme"]]
            ordered = d["ordered"]
            mine = own_query(d["question"], n)
            for db, want in zip(d["databases"], d["expected"]):
                got = run(n, db, mine)
                assert same(got, want, ordered), (d["question"], mine, got, want)
            fence = lambda body, info="sql": f"```{info}\n{body}\n```"
            forms = [
                ("own_query_explained", f"I join nothing I don't need and read every row, not just the sample.\n\n{fence(mine)}\n\nThis gives the requested columns.", "correct"),
                ("own_query_heading", f"### Query\n\n{fence(mine + ';')}\n", "correct"),
                ("own_query_upper_fence", fence(mine, "SQL"), "correct"),
                ("draft_then_final", f"Draft:\n{fence('SELECT *')}\nThat returns too much; final answer:\n{fence(mine)}", "correct"),
                ("think_then_block", f"<think>Watch the NULL keys and ties.</think>\n{fence(mine)}", "correct"),
                ("reference_with_comments", fence("-- answer\n" + d["reference"] + "; -- end"), "correct"),
                ("reference_in_answer_tag", "<answer>\n" + r["answer"] + "\n</answer>", "correct"),
                # Near misses.
                ("no_block", f"The query is: {mine}", "no_answer"),
                ("sqlite_fence", fence(mine, "sqlite"), "no_answer"),
                ("only_in_think", f"<think>{fence(mine)}</think>\nDone.", "answer_only_in_think"),
                ("two_statements", fence(mine + ";\nSELECT 1;"), "forbidden"),
                ("reads_schema", fence("SELECT name FROM sqlite_master"), "forbidden"),
                ("syntax_error", fence(mine.replace("SELECT", "SELEC", 1)), "compile_error"),
            ]
            shown = d["expected"][0]
            if any(not same(e, shown, ordered) for e in d["expected"][1:]):
                width = len(d["columns"])
                if shown:
                    values = ", ".join("(" + ", ".join("NULL" if x is None else (lit(x) if isinstance(x, str) else str(x)) for x in row) + ")" for row in shown)
                    literal = f"SELECT * FROM (VALUES {values})"
                else:
                    literal = "SELECT " + ", ".join(str(i + 1) for i in range(width)) + " WHERE 0"
                forms.append(("shown_result_literal", fence(literal), "wrong_answer"))
            if ">" in mine and "threshold" in d["question"]:
                slip = mine.replace(f"<= {d['question']['threshold']}", f"< {d['question']['threshold']}").replace(
                    f"> {d['question']['threshold']}", f">= {d['question']['threshold']}")
                if slip != mine and any(not same(run(n, db, slip), want, ordered) for db, want in zip(d["databases"], d["expected"])):
                    forms.append(("boundary_slip", fence(slip), "wrong_answer"))
            for form, response, expect in forms:
                yield dict(level=level, seed=seed, index=r["index"], form=form, response=response, expect=expect)


with open(os.path.join("tests/data/realistic", "sql.jsonl"), "w") as f:
    for case in cases():
        f.write(json.dumps(case, ensure_ascii=False) + "\n")
