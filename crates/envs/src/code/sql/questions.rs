//! The `sql` questions: each kind's words, result columns, whether order matters, reference
//! query, and the plausible wrong queries (mutants) the hidden databases must refute.
//!
//! Tiers follow the issue: 0 single-table filters, counts and orderings; 1 joins, GROUP BY,
//! HAVING and aggregates; 2 subqueries, anti-joins, DISTINCT and LEFT JOIN with NULLs; 3 window
//! functions and CTEs. Mutants are the slips a model makes: `>` for `>=`, a dropped or inverted
//! predicate, INNER for LEFT JOIN, `COUNT(*)` for `COUNT(col)`, a missing DISTINCT, grouping by
//! a name that repeats, a wrong tie-break, a missing or reversed ORDER BY.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::db::Database;
use super::schema::{Theme, Value};
use verigym_core::rng::ProblemRng;

/// The question a problem asks, with its parameters. The words, the reference query and the
/// mutants are functions of it and the theme.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Question {
    /// Tier 0: members with value > threshold, by value descending, then name, then id.
    ValueAbove {
        /// The threshold.
        threshold: i64,
    },
    /// Tier 0: names of the groups in a city (a bag: repeated names repeat).
    InCity {
        /// The city.
        city: String,
    },
    /// Tier 0: how many members have value ≥ threshold.
    CountAtLeast {
        /// The threshold.
        threshold: i64,
    },
    /// Tier 0: the k members with the highest value, by value descending, then name, then id.
    TopK {
        /// How many rows.
        k: u32,
    },
    /// Tier 1: members whose group is in a city.
    MembersInCity {
        /// The city.
        city: String,
    },
    /// Tier 1: per group with members, its name and member count.
    CountPerGroup,
    /// Tier 1: groups whose members' values sum to more than the threshold, with the sum.
    TotalAbove {
        /// The threshold.
        threshold: i64,
    },
    /// Tier 1: per member with events, the total quantity, by total descending, then id.
    EventTotals,
    /// Tier 2: members with no events (an anti-join).
    WithoutEvents,
    /// Tier 2: every group's name and member count, 0 included (a LEFT JOIN).
    CountPerGroupWithZero,
    /// Tier 2: members above their own group's average value (a correlated subquery).
    AboveGroupAverage,
    /// Tier 2: the distinct cities with a group holding a member whose value > threshold.
    CitiesWithValueAbove {
        /// The threshold.
        threshold: i64,
    },
    /// Tier 3: per group, its member with the highest value, ties to the smallest id
    /// (ROW_NUMBER over a partition).
    TopPerGroup,
    /// Tier 3: every member's dense rank by value, by rank then id.
    DenseRank,
    /// Tier 3: groups whose total value is above the average group total (a CTE).
    AboveAverageTotal,
}

/// The highest tier.
pub const TIER_MAX: u32 = 3;

/// The question kinds of each tier, by name, in the order the generator draws from.
pub const KINDS: [&[&str]; 4] = [
    &["value_above", "in_city", "count_at_least", "top_k"],
    &[
        "members_in_city",
        "count_per_group",
        "total_above",
        "event_totals",
    ],
    &[
        "without_events",
        "count_per_group_with_zero",
        "above_group_average",
        "cities_with_value_above",
    ],
    &["top_per_group", "dense_rank", "above_average_total"],
];

/// A threshold from the shown members' values: a random one of the distinct values below the
/// largest, so that the shown result is rarely empty and its boundary row is shown.
fn some_value(rng: &mut ProblemRng, db: &Database) -> i64 {
    let mut values: Vec<i64> = db.members.iter().filter_map(|m| m[3].int()).collect();
    values.sort_unstable();
    values.dedup();
    if values.len() > 1 {
        values.pop();
    }
    values
        .get(rng.index(values.len().max(1)))
        .copied()
        .unwrap_or(30)
}

/// The city of a random group of `db`.
fn some_city(rng: &mut ProblemRng, db: &Database) -> String {
    match &db.groups[rng.index(db.groups.len())][2] {
        Value::Text(c) => c.clone(),
        _ => "Avon".to_owned(),
    }
}

/// Each group's total member value, for the groups that have members, in group order.
pub fn group_totals(db: &Database) -> Vec<i64> {
    db.groups
        .iter()
        .filter_map(|g| {
            let mut sum = None;
            for m in &db.members {
                if m[2] == g[0] {
                    *sum.get_or_insert(0) += m[3].int().unwrap_or(0);
                }
            }
            sum
        })
        .collect()
}

/// Draws a question of `tier` whose parameters come from the shown database.
pub fn pick(rng: &mut ProblemRng, tier: u32, shown: &Database) -> Question {
    let kinds = KINDS[tier.min(TIER_MAX) as usize];
    match kinds[rng.index(kinds.len())] {
        "value_above" => Question::ValueAbove {
            threshold: some_value(rng, shown),
        },
        "in_city" => Question::InCity {
            city: some_city(rng, shown),
        },
        "count_at_least" => Question::CountAtLeast {
            threshold: some_value(rng, shown),
        },
        "top_k" => Question::TopK {
            k: rng.in_range(2, (shown.members.len() as u64 - 1).clamp(2, 5)) as u32,
        },
        "members_in_city" => Question::MembersInCity {
            city: some_city(rng, shown),
        },
        "count_per_group" => Question::CountPerGroup,
        "total_above" => {
            let totals = group_totals(shown);
            let threshold = if totals.is_empty() {
                100
            } else {
                totals[rng.index(totals.len())]
            };
            Question::TotalAbove { threshold }
        }
        "event_totals" => Question::EventTotals,
        "without_events" => Question::WithoutEvents,
        "count_per_group_with_zero" => Question::CountPerGroupWithZero,
        "above_group_average" => Question::AboveGroupAverage,
        "cities_with_value_above" => Question::CitiesWithValueAbove {
            threshold: some_value(rng, shown),
        },
        "top_per_group" => Question::TopPerGroup,
        "dense_rank" => Question::DenseRank,
        _ => Question::AboveAverageTotal,
    }
}

impl Question {
    /// The tier (0–3) the question belongs to.
    pub fn tier(&self) -> u32 {
        match self {
            Question::ValueAbove { .. }
            | Question::InCity { .. }
            | Question::CountAtLeast { .. }
            | Question::TopK { .. } => 0,
            Question::MembersInCity { .. }
            | Question::CountPerGroup
            | Question::TotalAbove { .. }
            | Question::EventTotals => 1,
            Question::WithoutEvents
            | Question::CountPerGroupWithZero
            | Question::AboveGroupAverage
            | Question::CitiesWithValueAbove { .. } => 2,
            Question::TopPerGroup | Question::DenseRank | Question::AboveAverageTotal => 3,
        }
    }

    /// Whether the result's row order is part of the answer.
    pub fn ordered(&self) -> bool {
        matches!(
            self,
            Question::ValueAbove { .. }
                | Question::TopK { .. }
                | Question::EventTotals
                | Question::DenseRank
        )
    }

    /// The member-value threshold hidden databases plant rows at, if the question has one.
    pub fn value_threshold(&self) -> Option<i64> {
        match self {
            Question::ValueAbove { threshold }
            | Question::CountAtLeast { threshold }
            | Question::CitiesWithValueAbove { threshold } => Some(*threshold),
            _ => None,
        }
    }

    /// The city hidden databases plant, if the question has one.
    pub fn city(&self) -> Option<&str> {
        match self {
            Question::InCity { city } | Question::MembersInCity { city } => Some(city),
            _ => None,
        }
    }

    /// The question in words, and the result's columns in order.
    pub fn words(&self, theme: Theme) -> (String, Vec<String>) {
        let n = theme.names();
        let (g, m, e, v, q, c) = (
            n.group_noun,
            n.member_noun,
            n.event_noun,
            n.value,
            n.qty,
            n.city,
        );
        let s = |cols: &[&str]| cols.iter().map(|c| (*c).to_owned()).collect::<Vec<_>>();
        match self {
            Question::ValueAbove { threshold } => (
                format!(
                    "List every {m} whose {v} is greater than {threshold}, ordered by {v} from \
                     highest to lowest, then by name, then by id."
                ),
                s(&[&format!("the {m}'s id"), &format!("the {m}'s name")]),
            ),
            Question::InCity { city } => (
                format!(
                    "List the name of every {g} whose {c} is '{city}': one row per {g}, so a \
                     name two {g}s share appears twice."
                ),
                s(&[&format!("the {g}'s name")]),
            ),
            Question::CountAtLeast { threshold } => (
                format!("How many {m}s have a {v} of at least {threshold}? One row: the count."),
                s(&["the count"]),
            ),
            Question::TopK { k } => (
                format!(
                    "List the {k} {m}s with the highest {v}, from highest to lowest; among equal \
                     {v}s by name, then by id. Exactly {k} rows."
                ),
                s(&[
                    &format!("the {m}'s id"),
                    &format!("the {m}'s name"),
                    &format!("the {m}'s {v}"),
                ]),
            ),
            Question::MembersInCity { city } => (
                format!(
                    "List every {m} whose {g} has {c} '{city}' ({m}s with no {g} are not listed)."
                ),
                s(&[&format!("the {m}'s id"), &format!("the {m}'s name")]),
            ),
            Question::CountPerGroup => (
                format!(
                    "For each {g} that has at least one {m}, give its name and how many {m}s it \
                     has. Each {g} is its own row, even when two {g}s share a name."
                ),
                s(&[&format!("the {g}'s name"), &format!("its number of {m}s")]),
            ),
            Question::TotalAbove { threshold } => (
                format!(
                    "For each {g} whose {m}s' {v}s add up to more than {threshold}, give the {g}'s \
                     id and that sum ({g}s with no {m}s are not listed)."
                ),
                s(&[
                    &format!("the {g}'s id"),
                    &format!("the sum of its {m}s' {v}s"),
                ]),
            ),
            Question::EventTotals => (
                format!(
                    "For each {m} with at least one {e}, give the {m}'s id, name and the total \
                     {q} of their {e}s, ordered by that total from highest to lowest, then by id."
                ),
                s(&[
                    &format!("the {m}'s id"),
                    &format!("the {m}'s name"),
                    &format!("the total {q}"),
                ]),
            ),
            Question::WithoutEvents => (
                format!("List every {m} who has no {e}s."),
                s(&[&format!("the {m}'s id"), &format!("the {m}'s name")]),
            ),
            Question::CountPerGroupWithZero => (
                format!(
                    "For every {g}, give its name and how many {m}s it has (0 when it has none). \
                     Each {g} is its own row, even when two {g}s share a name."
                ),
                s(&[&format!("the {g}'s name"), &format!("its number of {m}s")]),
            ),
            Question::AboveGroupAverage => (
                format!(
                    "List every {m} whose {v} is greater than the average {v} of the {m}s of their \
                     own {g} ({m}s with no {g} are not listed)."
                ),
                s(&[&format!("the {m}'s id"), &format!("the {m}'s name")]),
            ),
            Question::CitiesWithValueAbove { threshold } => (
                format!(
                    "List each {c}, once, that has a {g} with at least one {m} whose {v} is \
                     greater than {threshold}."
                ),
                s(&[&format!("the {c}")]),
            ),
            Question::TopPerGroup => (
                format!(
                    "For each {g} that has at least one {m}, give the {g}'s id, the name of its \
                     {m} with the highest {v}, and that {v}. When several of its {m}s share the \
                     highest {v}, take the one with the smallest id. {m}s with no {g} are \
                     ignored."
                ),
                s(&[
                    &format!("the {g}'s id"),
                    &format!("the {m}'s name"),
                    &format!("the {m}'s {v}"),
                ]),
            ),
            Question::DenseRank => (
                format!(
                    "Rank every {m} by {v}: the highest {v} has rank 1, equal {v}s share a rank, \
                     and ranks leave no gaps (1, 1, 2). Give each {m}'s id, name and rank, \
                     ordered by rank, then by id."
                ),
                s(&[
                    &format!("the {m}'s id"),
                    &format!("the {m}'s name"),
                    "the rank",
                ]),
            ),
            Question::AboveAverageTotal => (
                format!(
                    "Each {g} with at least one {m} has a total: the sum of its {m}s' {v}s ({g}s \
                     with no {m}s have none and do not count). List every {g} whose total is \
                     greater than the average of those totals."
                ),
                s(&[
                    &format!("the {g}'s id"),
                    &format!("the {g}'s name"),
                    "its total",
                ]),
            ),
        }
    }

    /// The reference query.
    pub fn reference(&self, theme: Theme) -> String {
        self.queries(theme).0
    }

    /// Plausible wrong queries, each with its name. Some may be equivalent to the reference on
    /// a given database; the generator's hidden databases refute every one that differs on any
    /// candidate it drew.
    pub fn mutants(&self, theme: Theme) -> Vec<(&'static str, String)> {
        self.queries(theme).1
    }

    fn queries(&self, theme: Theme) -> (String, Vec<(&'static str, String)>) {
        let n = theme.names();
        let (gt, mt, et) = (n.group, n.member, n.event);
        let (fk, v, efk, q, c) = (n.member_fk, n.value, n.event_fk, n.qty, n.city);
        match self {
            Question::ValueAbove { threshold: t } => {
                let base = |op: &str, order: &str| {
                    format!("SELECT id, name\nFROM {mt}\nWHERE {v} {op} {t}{order}")
                };
                let by = format!("\nORDER BY {v} DESC, name, id");
                (
                    base(">", &by),
                    vec![
                        ("greater_or_equal", base(">=", &by)),
                        (
                            "tie_break_by_id",
                            base(">", &format!("\nORDER BY {v} DESC, id")),
                        ),
                        ("ascending", base(">", &format!("\nORDER BY {v}, name, id"))),
                        ("no_order_by", base(">", "")),
                    ],
                )
            }
            Question::InCity { city } => {
                let lit = Value::Text(city.clone()).literal();
                (
                    format!("SELECT name\nFROM {gt}\nWHERE {c} = {lit}"),
                    vec![
                        (
                            "distinct",
                            format!("SELECT DISTINCT name\nFROM {gt}\nWHERE {c} = {lit}"),
                        ),
                        (
                            "other_cities",
                            format!("SELECT name\nFROM {gt}\nWHERE {c} <> {lit}"),
                        ),
                        ("no_filter", format!("SELECT name\nFROM {gt}")),
                    ],
                )
            }
            Question::CountAtLeast { threshold: t } => {
                let base =
                    |what: &str, op: &str| format!("SELECT {what}\nFROM {mt}\nWHERE {v} {op} {t}");
                (
                    base("COUNT(*)", ">="),
                    vec![
                        ("strictly_greater", base("COUNT(*)", ">")),
                        ("distinct_names", base("COUNT(DISTINCT name)", ">=")),
                        ("at_most", base("COUNT(*)", "<=")),
                    ],
                )
            }
            Question::TopK { k } => {
                let base = |order: &str, k: u32| {
                    format!("SELECT id, name, {v}\nFROM {mt}\nORDER BY {order}\nLIMIT {k}")
                };
                let by = format!("{v} DESC, name, id");
                (
                    base(&by, *k),
                    vec![
                        ("tie_break_by_id", base(&format!("{v} DESC, id"), *k)),
                        ("one_more_row", base(&by, k + 1)),
                        ("lowest", base(&format!("{v}, name, id"), *k)),
                    ],
                )
            }
            Question::MembersInCity { city } => {
                let lit = Value::Text(city.clone()).literal();
                (
                    format!(
                        "SELECT m.id, m.name\nFROM {mt} m\nJOIN {gt} g ON m.{fk} = g.id\nWHERE g.{c} = {lit}"
                    ),
                    vec![
                        (
                            "keeps_members_without_group",
                            format!(
                                "SELECT m.id, m.name\nFROM {mt} m\nLEFT JOIN {gt} g ON m.{fk} = g.id\nWHERE g.{c} = {lit} OR g.id IS NULL"
                            ),
                        ),
                        (
                            "other_cities",
                            format!(
                                "SELECT m.id, m.name\nFROM {mt} m\nJOIN {gt} g ON m.{fk} = g.id\nWHERE g.{c} <> {lit}"
                            ),
                        ),
                        (
                            "no_filter",
                            format!(
                                "SELECT m.id, m.name\nFROM {mt} m\nJOIN {gt} g ON m.{fk} = g.id"
                            ),
                        ),
                    ],
                )
            }
            Question::CountPerGroup => {
                let base = |join: &str, count: &str, by: &str| {
                    format!(
                        "SELECT g.name, {count}\nFROM {gt} g\n{join} {mt} m ON m.{fk} = g.id\nGROUP BY {by}"
                    )
                };
                (
                    base("JOIN", "COUNT(*)", "g.id"),
                    vec![
                        ("group_by_name", base("JOIN", "COUNT(*)", "g.name")),
                        ("left_join", base("LEFT JOIN", "COUNT(*)", "g.id")),
                        (
                            "distinct_names",
                            base("JOIN", "COUNT(DISTINCT m.name)", "g.id"),
                        ),
                    ],
                )
            }
            Question::TotalAbove { threshold: t } => {
                let base = |agg: &str, filter: &str, having: &str| {
                    format!(
                        "SELECT g.id, {agg}(m.{v})\nFROM {gt} g\nJOIN {mt} m ON m.{fk} = g.id{filter}\nGROUP BY g.id{having}"
                    )
                };
                (
                    base("SUM", "", &format!("\nHAVING SUM(m.{v}) > {t}")),
                    vec![
                        (
                            "at_least",
                            base("SUM", "", &format!("\nHAVING SUM(m.{v}) >= {t}")),
                        ),
                        (
                            "filters_rows_not_groups",
                            base("SUM", &format!("\nWHERE m.{v} > {t}"), ""),
                        ),
                        (
                            "max_not_sum",
                            base("MAX", "", &format!("\nHAVING MAX(m.{v}) > {t}")),
                        ),
                    ],
                )
            }
            Question::EventTotals => {
                let base = |agg: &str, by: &str, order: &str| {
                    format!(
                        "SELECT m.id, m.name, {agg} AS total\nFROM {mt} m\nJOIN {et} e ON e.{efk} = m.id\nGROUP BY {by}{order}"
                    )
                };
                let sum = format!("SUM(e.{q})");
                let order = "\nORDER BY total DESC, m.id";
                (
                    base(&sum, "m.id", order),
                    vec![
                        ("count_not_sum", base("COUNT(*)", "m.id", order)),
                        ("group_by_name", base(&sum, "m.name", order)),
                        ("ascending", base(&sum, "m.id", "\nORDER BY total, m.id")),
                        ("no_order_by", base(&sum, "m.id", "")),
                    ],
                )
            }
            Question::WithoutEvents => (
                format!(
                    "SELECT m.id, m.name\nFROM {mt} m\nWHERE NOT EXISTS (SELECT 1 FROM {et} e WHERE e.{efk} = m.id)"
                ),
                vec![
                    (
                        "exists",
                        format!(
                            "SELECT m.id, m.name\nFROM {mt} m\nWHERE EXISTS (SELECT 1 FROM {et} e WHERE e.{efk} = m.id)"
                        ),
                    ),
                    (
                        "wrong_key",
                        format!(
                            "SELECT m.id, m.name\nFROM {mt} m\nWHERE m.id NOT IN (SELECT id FROM {et})"
                        ),
                    ),
                    (
                        "by_name",
                        format!(
                            "SELECT m.id, m.name\nFROM {mt} m\nWHERE m.name NOT IN (SELECT m2.name FROM {mt} m2 JOIN {et} e ON e.{efk} = m2.id)"
                        ),
                    ),
                ],
            ),
            Question::CountPerGroupWithZero => {
                let base = |join: &str, count: &str, by: &str| {
                    format!(
                        "SELECT g.name, {count}\nFROM {gt} g\n{join} {mt} m ON m.{fk} = g.id\nGROUP BY {by}"
                    )
                };
                (
                    base("LEFT JOIN", "COUNT(m.id)", "g.id"),
                    vec![
                        ("count_star", base("LEFT JOIN", "COUNT(*)", "g.id")),
                        ("inner_join", base("JOIN", "COUNT(m.id)", "g.id")),
                        ("group_by_name", base("LEFT JOIN", "COUNT(m.id)", "g.name")),
                    ],
                )
            }
            Question::AboveGroupAverage => {
                let own = format!("(SELECT AVG(m2.{v}) FROM {mt} m2 WHERE m2.{fk} = m.{fk})");
                let base = |cond: String| format!("SELECT m.id, m.name\nFROM {mt} m\nWHERE {cond}");
                (
                    base(format!("m.{v} > {own}")),
                    vec![
                        (
                            "overall_average",
                            base(format!("m.{v} > (SELECT AVG({v}) FROM {mt})")),
                        ),
                        ("at_least", base(format!("m.{v} >= {own}"))),
                        (
                            "keeps_members_without_group",
                            base(format!("m.{fk} IS NULL OR m.{v} > {own}")),
                        ),
                    ],
                )
            }
            Question::CitiesWithValueAbove { threshold: t } => {
                let base = |distinct: &str, op: &str| {
                    format!(
                        "SELECT {distinct}g.{c}\nFROM {gt} g\nJOIN {mt} m ON m.{fk} = g.id\nWHERE m.{v} {op} {t}"
                    )
                };
                (
                    base("DISTINCT ", ">"),
                    vec![
                        ("no_distinct", base("", ">")),
                        ("at_least", base("DISTINCT ", ">=")),
                        ("every_city", format!("SELECT DISTINCT {c}\nFROM {gt}")),
                    ],
                )
            }
            Question::TopPerGroup => {
                let base = |rank: &str, order: &str, filter: &str| {
                    format!(
                        "SELECT {fk}, name, {v}\nFROM (\n  SELECT m.{fk}, m.name, m.{v},\n         {rank}() OVER (PARTITION BY m.{fk} ORDER BY {order}) AS rn\n  FROM {mt} m{filter}\n)\nWHERE rn = 1"
                    )
                };
                let by = format!("m.{v} DESC, m.id");
                let nonnull = format!("\n  WHERE m.{fk} IS NOT NULL");
                (
                    base("ROW_NUMBER", &by, &nonnull),
                    vec![
                        ("rank_keeps_ties", base("RANK", &by, &nonnull)),
                        (
                            "lowest",
                            base("ROW_NUMBER", &format!("m.{v}, m.id"), &nonnull),
                        ),
                        ("keeps_null_group", base("ROW_NUMBER", &by, "")),
                        (
                            "largest_id",
                            base("ROW_NUMBER", &format!("m.{v} DESC, m.id DESC"), &nonnull),
                        ),
                    ],
                )
            }
            Question::DenseRank => {
                let base = |rank: &str, order: &str| {
                    format!("SELECT id, name, {rank} AS r\nFROM {mt}{order}")
                };
                let dense = format!("DENSE_RANK() OVER (ORDER BY {v} DESC)");
                let order = "\nORDER BY r, id";
                (
                    base(&dense, order),
                    vec![
                        (
                            "rank_with_gaps",
                            base(&format!("RANK() OVER (ORDER BY {v} DESC)"), order),
                        ),
                        (
                            "row_number",
                            base(&format!("ROW_NUMBER() OVER (ORDER BY {v} DESC, id)"), order),
                        ),
                        (
                            "ascending",
                            base(&format!("DENSE_RANK() OVER (ORDER BY {v})"), order),
                        ),
                        ("no_order_by", base(&dense, "")),
                    ],
                )
            }
            Question::AboveAverageTotal => {
                let totals = format!(
                    "WITH totals AS (\n  SELECT g.id, g.name, SUM(m.{v}) AS total\n  FROM {gt} g\n  JOIN {mt} m ON m.{fk} = g.id\n  GROUP BY g.id\n)\nSELECT id, name, total\nFROM totals\n"
                );
                (
                    format!("{totals}WHERE total > (SELECT AVG(total) FROM totals)"),
                    vec![
                        (
                            "at_least",
                            format!("{totals}WHERE total >= (SELECT AVG(total) FROM totals)"),
                        ),
                        (
                            "zero_totals_averaged",
                            format!(
                                "{totals}WHERE total > (SELECT AVG(t) FROM (SELECT COALESCE(SUM(m.{v}), 0) AS t FROM {gt} g LEFT JOIN {mt} m ON m.{fk} = g.id GROUP BY g.id))"
                            ),
                        ),
                        (
                            "member_average",
                            format!("{totals}WHERE total > (SELECT AVG({v}) FROM {mt})"),
                        ),
                    ],
                )
            }
        }
    }
}
