//! How the `sql` generator picks its hidden databases: it draws a pool of twisted candidates,
//! runs the reference and every mutant (plus the shown result as a literal `VALUES` table) on
//! each, and keeps, greedily, candidates until every mutant that differs from the reference on
//! any candidate differs on a kept database; then it tops the kept set up to `hidden`.

use super::SqlData;
use super::db::{self, Database, Twists};
use super::params::SqlParams;
use super::questions::{self, Question};
use super::sandbox::Sandbox;
use super::schema::{Row, THEMES, Theme};
use super::verify::same_result;
use verigym_core::rng::ProblemRng;

/// Candidate hidden databases drawn per problem.
pub const POOL: usize = 12;
/// Further candidates drawn, at most, while every candidate gives the shown result.
const EXTRA_MAX: usize = 40;
/// The name of the mutant that returns the shown result as a literal table.
pub const LITERAL: &str = "shown_result_literal";

/// A plausible wrong query and the databases (by index) on which it gives a different result
/// than the reference or fails.
#[derive(Clone, Debug)]
pub struct Refutation {
    /// The mutant's name.
    pub name: &'static str,
    /// Its SQL.
    pub query: String,
    /// The databases where it is refuted.
    pub refuted_on: Vec<usize>,
}

/// The shown result as a literal table: the query that only fits the shown rows.
pub fn literal_query(rows: &[Row], width: usize) -> String {
    if rows.is_empty() {
        let cols: Vec<String> = (1..=width).map(|i| i.to_string()).collect();
        return format!("SELECT {} WHERE 0", cols.join(", "));
    }
    let tuples: Vec<String> = rows
        .iter()
        .map(|r| {
            let cells: Vec<String> = r.iter().map(|v| v.literal()).collect();
            format!("({})", cells.join(", "))
        })
        .collect();
    format!("SELECT * FROM (VALUES {})", tuples.join(", "))
}

/// Every mutant of `question` (and the shown-result literal) with the databases among
/// `databases` that refute it, given the reference results there.
pub fn refutations(
    theme: Theme,
    question: &Question,
    sandbox: &Sandbox,
    expected: &[Vec<Row>],
    columns: usize,
    ordered: bool,
) -> Vec<Refutation> {
    let mut mutants = question.mutants(theme);
    mutants.push((LITERAL, literal_query(&expected[0], columns)));
    mutants
        .into_iter()
        .map(|(name, query)| {
            let refuted_on = (0..sandbox.len())
                .filter(|&i| match sandbox.run(i, &query) {
                    Ok((width, rows)) => !same_result(&expected[i], width, &rows, columns, ordered),
                    Err(_) => true,
                })
                .collect();
            Refutation {
                name,
                query,
                refuted_on,
            }
        })
        .collect()
}

/// Generates a whole problem's data (see the module doc).
pub fn generate(params: &SqlParams, rng: &mut ProblemRng) -> SqlData {
    let theme = *rng.choose(&THEMES);
    let rows = params.rows as usize;
    let shown_twists = Twists {
        small: false,
        ties: false,
        tiny: false,
        equal_group: false,
        ..Twists::random(rng, None, None)
    };
    let shown = db::draw(rng, theme, rows, &shown_twists);
    let question = questions::pick(rng, params.tier, &shown);
    let city = question.city().map(str::to_owned);
    let mut candidates = vec![shown];
    for _ in 0..POOL {
        let twists = Twists::random(rng, question.value_threshold(), city.clone());
        candidates.push(db::draw(rng, theme, rows, &twists));
    }
    let reference = question.reference(theme);
    let (_, columns) = question.words(theme);
    let ordered = question.ordered();
    // Until some candidate's result differs from the shown one (so that the shown result
    // written out as a literal table fails), draw smaller candidates of varied sizes.
    let mut extra = 0;
    let (expected, refutations) = loop {
        let sandbox =
            Sandbox::new(theme, &candidates).expect("an in-memory SQLite database builds");
        let expected: Vec<Vec<Row>> = (0..candidates.len())
            .map(|i| {
                sandbox
                    .run(i, &reference)
                    .unwrap_or_else(|f| panic!("the reference query fails: {reference}: {f:?}"))
                    .1
            })
            .collect();
        let refutations = refutations(
            theme,
            &question,
            &sandbox,
            &expected,
            columns.len(),
            ordered,
        );
        let literal_refuted = refutations
            .iter()
            .any(|r| r.name == LITERAL && !r.refuted_on.is_empty());
        if literal_refuted || extra == EXTRA_MAX {
            break (expected, refutations);
        }
        extra += 1;
        let twists = Twists {
            small: true,
            ..Twists::random(rng, question.value_threshold(), city.clone())
        };
        let size = rng.in_range(3, rows as u64 * 2) as usize;
        candidates.push(db::draw(rng, theme, size, &twists));
    };

    // Greedy cover: the shown database first, then the candidate refuting most open mutants.
    let mut kept = vec![0];
    let mut open: Vec<&Refutation> = refutations
        .iter()
        .filter(|r| !r.refuted_on.contains(&0) && !r.refuted_on.is_empty())
        .collect();
    while !open.is_empty() {
        let best = (1..candidates.len())
            .filter(|i| !kept.contains(i))
            .max_by_key(|&i| {
                (
                    open.iter().filter(|r| r.refuted_on.contains(&i)).count(),
                    std::cmp::Reverse(i),
                )
            })
            .expect("an open mutant is refuted by some candidate");
        kept.push(best);
        open.retain(|r| !r.refuted_on.contains(&best));
    }
    for i in 1..candidates.len() {
        if kept.len() > params.hidden as usize {
            break;
        }
        if !kept.contains(&i) {
            kept.push(i);
        }
    }
    let databases: Vec<Database> = kept.iter().map(|&i| candidates[i].clone()).collect();
    let expected = kept.iter().map(|&i| expected[i].clone()).collect();
    SqlData {
        theme,
        reference,
        columns,
        ordered,
        question,
        databases,
        expected,
    }
}
