//! `sql`: the stored result of every database is re-derived by a plain Rust evaluation of the
//! question (no SQLite) over 1,100 problems of every level; every plausible wrong query the
//! generator knows is refused whenever it differs on a stored database, and how many slip
//! through is measured on fresh databases (the strong-vs-weak figure of BENCHMARKS.md); each
//! sandbox attack class is refused with its reason; no input panics.

use std::cmp::Reverse;
use std::collections::BTreeSet;
use std::path::Path;

use proptest::prelude::*;
use serde_json::Map;
use verigym::envs::sql::db::{self, Database, Twists};
use verigym::envs::sql::sandbox::Sandbox;
use verigym::envs::sql::{Question, Row, Sql, SqlData, SqlParams, Value, refutations};
use verigym::{Env, EnvParams, Generator, ProblemRng, Reason, Verdict, registry};

use crate::support::{check_golden, check_hashes, jsonl, one_per_level};

fn params() -> impl Strategy<Value = SqlParams> {
    (0.0..=10.0f64).prop_map(SqlParams::at_level)
}

fn problem(params: &SqlParams, seed: u64, index: u64) -> (SqlData, String) {
    let p = Generator::new(&Sql, params.clone(), seed)
        .unwrap()
        .problem(index);
    (p.data, p.answer)
}

fn block(query: &str) -> String {
    format!("```sql\n{query}\n```")
}

fn judge(data: &SqlData, query: &str) -> Verdict {
    Sql.verify(data, &block(query))
}

// ---- The independent evaluation: the question's words, read over the stored rows in Rust. ----

fn int(v: &Value) -> i64 {
    v.int().expect("an integer cell")
}

fn text(v: &Value) -> &str {
    match v {
        Value::Text(s) => s,
        other => panic!("not text: {other:?}"),
    }
}

/// The right result of `question` on `db`, and whether its order is fixed.
fn evaluate(question: &Question, db: &Database) -> (Vec<Row>, bool) {
    let (g, m, e) = (&db.groups, &db.members, &db.events);
    let members_of = |gid: &Value| m.iter().filter(move |r| r[2] == *gid).collect::<Vec<_>>();
    let by_value_name_id = |a: &&Row, b: &&Row| {
        (Reverse(int(&a[3])), text(&a[1]).as_bytes(), int(&a[0])).cmp(&(
            Reverse(int(&b[3])),
            text(&b[1]).as_bytes(),
            int(&b[0]),
        ))
    };
    let id_name = |r: &Row| vec![r[0].clone(), r[1].clone()];
    match question {
        Question::ValueAbove { threshold } => {
            let mut rows: Vec<&Row> = m.iter().filter(|r| int(&r[3]) > *threshold).collect();
            rows.sort_by(by_value_name_id);
            (rows.into_iter().map(id_name).collect(), true)
        }
        Question::InCity { city } => (
            g.iter()
                .filter(|r| text(&r[2]) == city)
                .map(|r| vec![r[1].clone()])
                .collect(),
            false,
        ),
        Question::CountAtLeast { threshold } => (
            vec![vec![Value::Int(
                m.iter().filter(|r| int(&r[3]) >= *threshold).count() as i64,
            )]],
            false,
        ),
        Question::TopK { k } => {
            let mut rows: Vec<&Row> = m.iter().collect();
            rows.sort_by(by_value_name_id);
            rows.truncate(*k as usize);
            (
                rows.into_iter()
                    .map(|r| vec![r[0].clone(), r[1].clone(), r[3].clone()])
                    .collect(),
                true,
            )
        }
        Question::MembersInCity { city } => (
            m.iter()
                .filter(|r| g.iter().any(|gr| gr[0] == r[2] && text(&gr[2]) == city))
                .map(id_name)
                .collect(),
            false,
        ),
        Question::CountPerGroup => (
            g.iter()
                .filter_map(|gr| {
                    let n = members_of(&gr[0]).len();
                    (n > 0).then(|| vec![gr[1].clone(), Value::Int(n as i64)])
                })
                .collect(),
            false,
        ),
        Question::TotalAbove { threshold } => (
            g.iter()
                .filter_map(|gr| {
                    let ms = members_of(&gr[0]);
                    let sum: i64 = ms.iter().map(|r| int(&r[3])).sum();
                    (!ms.is_empty() && sum > *threshold)
                        .then(|| vec![gr[0].clone(), Value::Int(sum)])
                })
                .collect(),
            false,
        ),
        Question::EventTotals => {
            let mut rows: Vec<(i64, i64, Row)> = m
                .iter()
                .filter_map(|r| {
                    let es: Vec<&Row> = e.iter().filter(|er| er[1] == r[0]).collect();
                    let sum: i64 = es.iter().map(|er| int(&er[2])).sum();
                    (!es.is_empty()).then(|| {
                        (
                            sum,
                            int(&r[0]),
                            vec![r[0].clone(), r[1].clone(), Value::Int(sum)],
                        )
                    })
                })
                .collect();
            rows.sort_by_key(|(sum, id, _)| (Reverse(*sum), *id));
            (rows.into_iter().map(|(_, _, r)| r).collect(), true)
        }
        Question::WithoutEvents => (
            m.iter()
                .filter(|r| !e.iter().any(|er| er[1] == r[0]))
                .map(id_name)
                .collect(),
            false,
        ),
        Question::CountPerGroupWithZero => (
            g.iter()
                .map(|gr| vec![gr[1].clone(), Value::Int(members_of(&gr[0]).len() as i64)])
                .collect(),
            false,
        ),
        Question::AboveGroupAverage => (
            m.iter()
                .filter(|r| {
                    if r[2] == Value::Null {
                        return false;
                    }
                    let peers = members_of(&r[2]);
                    let sum: i64 = peers.iter().map(|p| int(&p[3])).sum();
                    int(&r[3]) * peers.len() as i64 > sum
                })
                .map(id_name)
                .collect(),
            false,
        ),
        Question::CitiesWithValueAbove { threshold } => {
            let cities: BTreeSet<&str> = g
                .iter()
                .filter(|gr| members_of(&gr[0]).iter().any(|r| int(&r[3]) > *threshold))
                .map(|gr| text(&gr[2]))
                .collect();
            (
                cities
                    .into_iter()
                    .map(|c| vec![Value::Text(c.to_owned())])
                    .collect(),
                false,
            )
        }
        Question::TopPerGroup => (
            g.iter()
                .filter_map(|gr| {
                    let best = members_of(&gr[0])
                        .into_iter()
                        .max_by_key(|r| (int(&r[3]), Reverse(int(&r[0]))))?;
                    Some(vec![gr[0].clone(), best[1].clone(), best[3].clone()])
                })
                .collect(),
            false,
        ),
        Question::DenseRank => {
            let values: BTreeSet<Reverse<i64>> = m.iter().map(|r| Reverse(int(&r[3]))).collect();
            let values: Vec<i64> = values.into_iter().map(|Reverse(v)| v).collect();
            let mut rows: Vec<(i64, i64, Row)> = m
                .iter()
                .map(|r| {
                    let rank = values.iter().position(|&v| v == int(&r[3])).unwrap() as i64 + 1;
                    (
                        rank,
                        int(&r[0]),
                        vec![r[0].clone(), r[1].clone(), Value::Int(rank)],
                    )
                })
                .collect();
            rows.sort_by_key(|(rank, id, _)| (*rank, *id));
            (rows.into_iter().map(|(_, _, r)| r).collect(), true)
        }
        Question::AboveAverageTotal => {
            let totals: Vec<(&Row, i64)> = g
                .iter()
                .filter_map(|gr| {
                    let ms = members_of(&gr[0]);
                    (!ms.is_empty()).then(|| (gr, ms.iter().map(|r| int(&r[3])).sum()))
                })
                .collect();
            let all: i64 = totals.iter().map(|(_, t)| t).sum();
            let n = totals.len() as i64;
            (
                totals
                    .iter()
                    .filter(|(_, t)| t * n > all)
                    .map(|(gr, t)| vec![gr[0].clone(), gr[1].clone(), Value::Int(*t)])
                    .collect(),
                false,
            )
        }
    }
}

fn sorted(mut rows: Vec<Row>) -> Vec<Row> {
    rows.sort();
    rows
}

/// Whether two results are the same answer (as lists when ordered, else as multisets).
fn agree(a: &[Row], b: &[Row], ordered: bool) -> bool {
    if ordered {
        a == b
    } else {
        sorted(a.to_vec()) == sorted(b.to_vec())
    }
}

/// Fresh databases for a problem, drawn by the env's own drawing code but from a test seed: the
/// databases a query that only fits the stored ones would meet next.
fn fresh_databases(data: &SqlData, seed: u64, n: usize) -> Vec<Database> {
    let mut rng = ProblemRng::from_test_seed(seed);
    let rows = data.databases[0].members.len();
    (0..n)
        .map(|_| {
            let twists = Twists::random(
                &mut rng,
                data.question.value_threshold(),
                data.question.city().map(str::to_owned),
            );
            db::draw(&mut rng, data.theme, rows, &twists)
        })
        .collect()
}

/// 1,100 problems (100 per level): every stored result is the Rust evaluation's; the reference
/// answer verifies; every mutant that differs from the evaluation on a stored database is
/// refused. Mutants that pass every stored database are then run on 6 fresh databases per
/// problem: the figure printed is how many truly wrong mutants slip through (the fake-fix rate).
#[test]
fn stored_results_match_an_independent_evaluation_and_mutants_fail() {
    let (mut problems, mut databases) = (0, 0);
    let (mut wrong, mut pass_shown, mut pass_all, mut escaped) = (0, 0, 0, 0);
    let mut escapes = std::collections::BTreeMap::<&str, usize>::new();
    for level in 0..=10u32 {
        let generator = Generator::new(&Sql, SqlParams::at_level(f64::from(level)), 2026).unwrap();
        for index in 0..100 {
            let p = generator.problem(index);
            let data = &p.data;
            assert_eq!(
                data.question.tier(),
                SqlParams::at_level(f64::from(level)).tier
            );
            for (i, db) in data.databases.iter().enumerate() {
                let (rows, ordered) = evaluate(&data.question, db);
                assert_eq!(ordered, data.ordered);
                assert!(
                    agree(&rows, &data.expected[i], ordered),
                    "level {level} index {index} database {i}: {:?}\nstored {:?}\nevaluated {rows:?}",
                    data.question,
                    data.expected[i]
                );
                databases += 1;
            }
            assert!(
                Sql.verify(data, &p.answer).correct,
                "level {level} index {index}"
            );
            // Every mutant, on the stored databases and on fresh ones.
            let fresh = fresh_databases(data, 1000 * u64::from(level) + index, 6);
            let fresh_box = Sandbox::new(data.theme, &fresh).unwrap();
            let mut mutants = data.question.mutants(data.theme);
            mutants.push((
                "shown_result_literal",
                verigym::envs::sql::refutations_literal(&data.expected[0], data.columns.len()),
            ));
            for (name, query) in mutants {
                let differs_on = |dbs: &[Database], sandbox: &Sandbox, i: usize| {
                    let (want, _) = evaluate(&data.question, &dbs[i]);
                    match sandbox.run(i, &query) {
                        Ok((w, rows)) => {
                            w != data.columns.len() || !agree(&rows, &want, data.ordered)
                        }
                        Err(_) => true,
                    }
                };
                let stored_box = Sandbox::new(data.theme, &data.databases).unwrap();
                let on_stored: Vec<bool> = (0..data.databases.len())
                    .map(|i| differs_on(&data.databases, &stored_box, i))
                    .collect();
                let on_fresh = (0..fresh.len()).any(|i| differs_on(&fresh, &fresh_box, i));
                let verdict = judge(data, &query);
                assert_eq!(
                    verdict.correct,
                    !on_stored.contains(&true),
                    "level {level} index {index} mutant {name}: {verdict:?}"
                );
                if on_stored.contains(&true) || on_fresh {
                    wrong += 1;
                    pass_shown += usize::from(!on_stored[0]);
                    pass_all += usize::from(verdict.correct);
                    escaped += usize::from(verdict.correct && on_fresh);
                    if verdict.correct {
                        *escapes.entry(name).or_default() += 1;
                    }
                }
            }
            problems += 1;
        }
    }
    println!(
        "sql: {problems} problems, {databases} databases re-evaluated without SQLite; {wrong} \
         wrong mutants: {pass_shown} pass the shown database ({:.1}%), {pass_all} pass shown + \
         hidden ({:.1}%), {escaped} of those fail on fresh databases; by mutant: {escapes:?}",
        100.0 * pass_shown as f64 / wrong as f64,
        100.0 * pass_all as f64 / wrong as f64,
    );
    assert!(problems >= 1000);
    assert!(
        pass_all * 50 <= wrong,
        "more than 2% of wrong mutants pass every database"
    );
}

// ---- Attacks: each class refused with its reason. ----

fn level(level: f64, index: u64) -> (SqlData, String) {
    problem(&SqlParams::at_level(level), 9, index)
}

#[test]
fn sandbox_attacks_are_refused_with_their_reason() {
    let (data, answer) = level(5.0, 0);
    let n = data.theme.names();
    let (m, g) = (n.member, n.group);
    let reference = &data.reference;
    let cases: Vec<(String, Reason)> = vec![
        ("SELECT name FROM sqlite_master".into(), Reason::Forbidden),
        ("SELECT sql FROM sqlite_schema".into(), Reason::Forbidden),
        ("SELECT * FROM sqlite_temp_master".into(), Reason::Forbidden),
        (format!("SELECT name FROM pragma_table_info('{m}')"), Reason::Forbidden),
        ("SELECT * FROM pragma_database_list".into(), Reason::Forbidden),
        ("SELECT value FROM json_each('[1,2]')".into(), Reason::Forbidden),
        (format!("PRAGMA table_info({m})"), Reason::Forbidden),
        ("PRAGMA query_only = 0".into(), Reason::Forbidden),
        ("ATTACH DATABASE ':memory:' AS x".into(), Reason::Forbidden),
        (format!("DELETE FROM {m}"), Reason::Forbidden),
        (format!("INSERT INTO {g} VALUES (999, 'X', 'Y')"), Reason::Forbidden),
        (format!("UPDATE {m} SET name = 'x'"), Reason::Forbidden),
        (format!("DROP TABLE {m}"), Reason::Forbidden),
        ("CREATE TEMP TABLE t AS SELECT 1".into(), Reason::Forbidden),
        ("CREATE TEMP VIEW v AS SELECT 1".into(), Reason::Forbidden),
        ("BEGIN".into(), Reason::Forbidden),
        ("VACUUM INTO '/tmp/verigym-sql-attack.db'".into(), Reason::Forbidden),
        ("ANALYZE".into(), Reason::Forbidden),
        (format!("EXPLAIN {reference}"), Reason::Forbidden),
        (format!("EXPLAIN QUERY PLAN {reference}"), Reason::Forbidden),
        ("SELECT load_extension('/tmp/evil')".into(), Reason::Forbidden),
        ("SELECT zeroblob(1000000000)".into(), Reason::Forbidden),
        ("SELECT randomblob(1000000000)".into(), Reason::Forbidden),
        ("SELECT printf('%.*c', 1000000000, 'x')".into(), Reason::Forbidden),
        ("SELECT format('%0999999999d', 1)".into(), Reason::Forbidden),
        ("SELECT hex(zeroblob(100))".into(), Reason::Forbidden),
        (format!("SELECT * FROM ({reference}) ORDER BY random()"), Reason::Forbidden),
        ("SELECT random()".into(), Reason::Forbidden),
        ("SELECT datetime('now')".into(), Reason::Forbidden),
        ("SELECT CURRENT_TIMESTAMP".into(), Reason::Forbidden),
        ("SELECT sqlite_version()".into(), Reason::Forbidden),
        ("SELECT changes()".into(), Reason::Forbidden),
        // Several statements, however dressed.
        (format!("{reference}; DROP TABLE {m}"), Reason::Forbidden),
        (format!("{reference};\nSELECT 1;"), Reason::Forbidden),
        (format!("{reference} /* the end */; DELETE FROM {m} -- */"), Reason::Forbidden),
        (format!("{reference} -- ; DROP TABLE {m}\n; SELECT 1"), Reason::Forbidden),
        // Endless or huge work.
        (
            "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT n FROM r WHERE n < 0"
                .into(),
            Reason::Timeout,
        ),
        (
            format!("SELECT COUNT(*) FROM {m} a, {m} b, {m} c, {m} d, {m} e, {m} f, {m} h"),
            Reason::Timeout,
        ),
        (
            "WITH RECURSIVE r(s) AS (SELECT 'ab' UNION ALL SELECT s || s FROM r) SELECT max(length(s)) FROM r"
                .into(),
            Reason::Forbidden,
        ),
        // Not SQL, or not one statement.
        ("SELEC name FROM x".into(), Reason::CompileError),
        ("SELECT nosuchcolumn FROM nosuchtable".into(), Reason::CompileError),
        ("-- only a comment".into(), Reason::CompileError),
        (format!("SELECT 1\0; DROP TABLE {m}"), Reason::CompileError),
        (format!("SELECT '{}'", "x".repeat(20_000)), Reason::Forbidden),
        // Too many rows.
        (
            "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT n FROM r".into(),
            Reason::WrongAnswer,
        ),
    ];
    for (query, reason) in &cases {
        let v = judge(&data, query);
        assert_eq!(v.reason, *reason, "{query}: {v:?}");
        assert_eq!(v.score, 0.0);
    }
    // Nothing an attack tried changed the cached databases.
    assert!(Sql.verify(&data, &answer).correct);
    assert!(!Path::new("/tmp/verigym-sql-attack.db").exists());
}

/// Queries that fit the shown rows only: the shown result as a literal table, the shown ids
/// hard-coded, a CASE on shown values; all right on the shown database, all refused.
#[test]
fn queries_fitted_to_the_shown_rows_fail_on_hidden_databases() {
    let mut checked = 0;
    for index in 0..20 {
        for lvl in [1.0, 4.0, 7.0, 10.0] {
            let (data, _) = level(lvl, index);
            let shown = &data.expected[0];
            let literal = verigym::envs::sql::refutations_literal(shown, data.columns.len());
            let differs = data.expected.iter().any(|e| !agree(e, shown, data.ordered));
            let v = judge(&data, &literal);
            assert_eq!(v.correct, !differs, "{literal}: {v:?}");
            assert!(
                differs,
                "level {lvl} index {index}: every database gives the shown result"
            );
            let detail = v.detail.unwrap();
            assert!(
                detail["passed"].as_u64().unwrap() >= 1,
                "the literal passes the shown database"
            );
            // The reference with the shown ids hard-coded, where the result starts with ids.
            if data.columns[0].ends_with("'s id") && !shown.is_empty() {
                let ids: Vec<String> = shown.iter().map(|r| r[0].literal()).collect();
                let q = format!(
                    "SELECT * FROM ({}) WHERE id IN ({})",
                    data.reference,
                    ids.join(", ")
                );
                let fits = data.databases.iter().zip(&data.expected).all(|(db, e)| {
                    let keep: Vec<Row> = e
                        .iter()
                        .filter(|r| ids.contains(&r[0].literal()))
                        .cloned()
                        .collect();
                    let _ = db;
                    agree(&keep, e, data.ordered)
                });
                assert_eq!(judge(&data, &q).correct, fits, "{q}");
                // The same through a CASE on the shown ids.
                let q = format!(
                    "SELECT * FROM ({}) WHERE CASE id {} ELSE 0 END",
                    data.reference,
                    ids.iter()
                        .map(|i| format!("WHEN {i} THEN 1"))
                        .collect::<Vec<_>>()
                        .join(" ")
                );
                assert_eq!(judge(&data, &q).correct, fits, "{q}");
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 80);
}

/// ORDER BY: absent where order matters, it fails when the stored order differs from the
/// table's; present where order does not matter, it is right.
#[test]
fn order_by_is_judged_as_the_question_states() {
    let (mut ordered, mut unordered) = (0, 0);
    for index in 0..60 {
        for lvl in [0.0, 3.0, 6.0, 9.0] {
            let (data, _) = level(lvl, index);
            if data.ordered {
                // Reversed order: wrong unless the result is a palindrome in order.
                let q = format!("SELECT * FROM ({}) ORDER BY 1 DESC", data.reference);
                let expect = data.expected.iter().all(|e| {
                    let mut by_first = e.clone();
                    by_first.sort_by(|a, b| b[0].cmp(&a[0]));
                    by_first == *e
                });
                let v = judge(&data, &q);
                assert!(v.correct == expect || !v.correct, "{q}: {v:?}");
                if !expect {
                    assert!(!v.correct, "{q}");
                    ordered += 1;
                }
            } else {
                for order in ["1", "1 DESC", "2 DESC, 1"] {
                    let q = format!("SELECT * FROM ({}) ORDER BY {order}", data.reference);
                    let q = if data.columns.len() == 1 && order.contains('2') {
                        format!("SELECT * FROM ({}) ORDER BY 1 DESC", data.reference)
                    } else {
                        q
                    };
                    assert!(judge(&data, &q).correct, "{q}");
                }
                unordered += 1;
            }
        }
    }
    assert!(ordered > 10 && unordered > 10, "{ordered} {unordered}");
}

// ---- Properties. ----

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn the_reference_verifies(params in params(), seed: u64, index in 0u64..1 << 40) {
        let (data, answer) = problem(&params, seed, index);
        let v = Sql.verify(&data, &answer);
        prop_assert!(v.correct && v.score == 1.0, "{:?}", v);
        let v = Sql.verify(&data, &format!("Here it is:\n\n{answer}\n\nIt reads all three tables."));
        prop_assert!(v.correct, "{:?}", v);
    }

    #[test]
    fn a_refuted_mutant_never_verifies(params in params(), seed: u64, index in 0u64..1 << 20) {
        let (data, _) = problem(&params, seed, index);
        let sandbox = Sandbox::new(data.theme, &data.databases).unwrap();
        let refs = refutations(data.theme, &data.question, &sandbox, &data.expected, data.columns.len(), data.ordered);
        for r in refs {
            let v = judge(&data, &r.query);
            prop_assert_eq!(v.correct, r.refuted_on.is_empty(), "{}: {:?}", r.name, v);
        }
    }

    #[test]
    fn arbitrary_text_never_panics(params in params(), text in "(?s).{0,300}") {
        let (data, _) = problem(&params, 1, 0);
        for response in [text.clone(), block(&text), format!("```sql\nSELECT {text}\n```")] {
            let v = Sql.verify(&data, &response);
            prop_assert!((0.0..=1.0).contains(&v.score) && !v.message.is_empty());
            prop_assert!(v.score == 0.0 || v.correct);
        }
    }

    #[test]
    fn sql_shaped_noise_never_panics(params in params(), words in proptest::collection::vec(
        prop_oneof![
            Just("SELECT"), Just("*"), Just("FROM"), Just("WHERE"), Just("("), Just(")"), Just(","),
            Just("WITH RECURSIVE r(n) AS"), Just("UNION ALL"), Just("JOIN"), Just("ON"), Just("1"),
            Just("id"), Just("name"), Just("employees"), Just("stores"), Just("exams"), Just(";"),
            Just("'"), Just("--"), Just("/*"), Just("*/"), Just("GROUP BY"), Just("OVER ()"),
            Just("count(*)"), Just("sum(id)"), Just("ORDER BY"), Just("LIMIT"), Just("NULL"),
        ], 0..40)) {
        let (data, _) = problem(&params, 2, 0);
        let v = judge(&data, &words.join(" "));
        prop_assert!((0.0..=1.0).contains(&v.score) && !v.message.is_empty());
    }

    #[test]
    fn every_probe_form_is_judged_as_labelled(params in params(), seed: u64, index in 0u64..1 << 20) {
        let (data, answer) = problem(&params, seed, index);
        // Probe answers of a code env are whole responses: judged as they are.
        let probes = Sql.probe_answers(&data, &answer, "");
        prop_assert!(!probes.realistic.is_empty() && probes.near_miss.len() > 15);
        for (family, form) in probes.equivalent.iter().chain(&probes.realistic) {
            let v = Sql.verify(&data, form);
            prop_assert!(v.correct, "{}: {} -> {:?}", family, form, v);
        }
        for (family, form) in &probes.near_miss {
            let v = Sql.verify(&data, form);
            prop_assert!(!v.correct && v.score == 0.0, "{}: {} -> {:?}", family, form, v);
        }
    }
}

// ---- Goldens, hashes, records. ----

#[test]
fn golden_sql_defaults_seed_42() {
    check_golden("sql-default-s42.jsonl", &jsonl("sql", None, &[], 42, 0, 3));
}

#[test]
fn golden_sql_levels_seed_1() {
    check_golden("sql-levels-s1.jsonl", &one_per_level("sql", 1));
}

/// SHA-256 of the first 100 problems. A change means generated bytes changed: bump the version.
#[test]
fn pinned_hashes_of_first_hundred() {
    check_hashes(
        "sql",
        100,
        &[
            (
                None,
                0,
                "4e9e8eab3ee27aeba50b301dec38968e28c206a09363d3c54cc0ae9ba34be404",
            ),
            (
                Some(0.0),
                7,
                "3ec0cf5b93a806fb7e29a50a024c31aecd57953fb915e56a13f8228aa8258901",
            ),
            (
                Some(10.0),
                7,
                "4066f6e74fbca7dc4276c71661e998ab9c3eef069d30ad8fcaf8522ab9508107",
            ),
        ],
    );
}

/// A record whose data breaks an invariant is judged a verifier error.
#[test]
fn a_tampered_record_is_a_verifier_error() {
    for (pointer, needle) in [
        ("/data/reference", "reference query"),
        ("/data/databases/0/members/0/0", "FOREIGN KEY"),
        ("/data/databases/1/members/0/2", "FOREIGN KEY"),
        ("/data/ordered", "does not fit"),
    ] {
        let v = crate::support::verdict_on_tampered_record("sql", pointer);
        assert_eq!(v.reason, Reason::VerifierError, "{pointer}: {v:?}");
        assert!(v.message.contains(needle), "{pointer}: {}", v.message);
    }
    // A stored result changed: the reference no longer gives it.
    let env = registry::find("sql").unwrap();
    let g = env.generator(Some(5.0), &Map::new(), 3).unwrap();
    let record = serde_json::to_value(g.record(0)).unwrap();
    let answer = record["answer"].as_str().unwrap().to_owned();
    for (pointer, value, needle) in [
        (
            "/data/expected/1",
            serde_json::json!([[1, 2, 3]]),
            "stored result",
        ),
        (
            "/data/databases/1/members/0/1",
            serde_json::json!(5),
            "malformed row",
        ),
        (
            "/data/ordered",
            serde_json::json!(!record["data"]["ordered"].as_bool().unwrap()),
            "order rule",
        ),
    ] {
        let mut record = record.clone();
        *record.pointer_mut(pointer).unwrap() = value;
        let v = env
            .load_problem(&record.to_string())
            .unwrap()
            .verify(&answer);
        assert_eq!(v.reason, Reason::VerifierError, "{pointer}: {v:?}");
        assert!(v.message.contains(needle), "{pointer}: {}", v.message);
    }
}

// The realistic corpus (tests/data/realistic/sql.jsonl, by generate_sql.py) is judged line by
// line in `realistic.rs`, with every other env's.

#[test]
fn params_validate_with_field_names() {
    let err = SqlParams {
        tier: 4,
        ..SqlParams::default()
    }
    .validate()
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid value for `tier`: 4; allowed: 0 to 3"
    );
    let err = SqlParams {
        hidden: 0,
        ..SqlParams::default()
    }
    .validate()
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid value for `hidden`: 0; allowed: 1 to 8"
    );
}
