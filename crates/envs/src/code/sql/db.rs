//! The `sql` databases: their rows as a record stores them, and how the generator draws them,
//! the shown one plainly and each hidden candidate with twists aimed at plausible wrong queries
//! (values at the question's threshold, NULL keys, repeated names, groups without members,
//! ties, fewer rows, the question's city on several groups).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::schema::{CITIES, Row, Theme, Value, member_names};
use verigym_core::rng::ProblemRng;

/// One database: the rows of the three tables.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Database {
    /// The group table's rows: `id`, `name`, city.
    pub groups: Vec<Row>,
    /// The member table's rows: `id`, `name`, group key (or NULL), value.
    pub members: Vec<Row>,
    /// The event table's rows: `id`, member key, quantity.
    pub events: Vec<Row>,
}

impl Database {
    /// The three tables in the record's order (group, member, event).
    pub fn tables(&self) -> [&[Row]; 3] {
        [&self.groups, &self.members, &self.events]
    }
}

/// What a candidate database is bent towards.
#[derive(Clone, Debug, Default)]
pub struct Twists {
    /// Members with exactly this value (and one more and one less): the `>` / `>=` boundary.
    pub boundary: Option<i64>,
    /// Groups in this city.
    pub city: Option<String>,
    /// Two groups share a name, and two members share one.
    pub duplicate_names: bool,
    /// Many members without a group (NULL key).
    pub nulls: bool,
    /// A group no member belongs to.
    pub empty_group: bool,
    /// Few distinct values, so orderings and ranks tie.
    pub ties: bool,
    /// About half the rows.
    pub small: bool,
    /// Three members only: groups of one member, one group holding all (an average equal to a
    /// value, a total equal to the average of totals).
    pub tiny: bool,
    /// Every member of one group has one value (each equals the group's average).
    pub equal_group: bool,
}

impl Twists {
    /// Twists drawn at random (each with even odds), keeping the question's threshold and city.
    pub fn random(rng: &mut ProblemRng, boundary: Option<i64>, city: Option<String>) -> Self {
        Twists {
            boundary: boundary.filter(|_| rng.chance(2, 3)),
            city,
            duplicate_names: rng.chance(1, 2),
            nulls: rng.chance(1, 2),
            empty_group: rng.chance(1, 2),
            ties: rng.chance(1, 2),
            small: rng.chance(1, 3),
            tiny: rng.chance(1, 5),
            equal_group: rng.chance(1, 3),
        }
    }
}

/// The smallest member value drawn.
pub const VALUE_MIN: i64 = 10;
/// The largest member value drawn.
pub const VALUE_MAX: i64 = 60;
/// The largest event quantity drawn.
pub const QTY_MAX: u64 = 20;

/// Ids that are not simply 1, 2, 3: a start from 1 to 20 and a step from 1 to 3, so that
/// positions and ids differ.
fn ids(rng: &mut ProblemRng, n: usize) -> Vec<i64> {
    let start = rng.in_range(1, 20) as i64;
    let step = rng.in_range(1, 3) as i64;
    (0..n as i64).map(|i| start + i * step).collect()
}

/// A database with `rows` members (before twists), drawn from `rng`.
pub fn draw(rng: &mut ProblemRng, theme: Theme, rows: usize, twists: &Twists) -> Database {
    let names = theme.names();
    let n_members = if twists.tiny {
        3
    } else if twists.small {
        (rows / 2).max(3)
    } else {
        rows
    };
    let n_groups = (2 + n_members / 4).min(names.group_names.len());

    // Groups: distinct names unless twisted, cities drawn, the question's city on one or two.
    let mut group_names: Vec<&str> = names.group_names.to_vec();
    rng.shuffle(&mut group_names);
    let group_ids = ids(rng, n_groups);
    let mut groups: Vec<Row> = group_ids
        .iter()
        .zip(&group_names)
        .map(|(&id, &name)| {
            let city = *rng.choose(&CITIES);
            vec![
                Value::Int(id),
                Value::Text(name.to_owned()),
                Value::Text(city.to_owned()),
            ]
        })
        .collect();
    let mut in_city = None;
    if let Some(city) = &twists.city {
        let planted = 1 + rng.index(2);
        for _ in 0..planted {
            let g = rng.index(groups.len());
            groups[g][2] = Value::Text(city.clone());
            in_city = Some(g);
        }
    }
    if twists.duplicate_names && groups.len() >= 2 {
        // Two groups of one name in one city (the question's, when it has one): a DISTINCT
        // or a GROUP BY name merges them.
        let a = in_city.unwrap_or_else(|| rng.index(groups.len()));
        let b = rng.index(groups.len());
        if a != b {
            groups[b][1] = groups[a][1].clone();
            groups[b][2] = groups[a][2].clone();
        }
    }

    // Members: keys into the groups (some NULL; one group left empty if twisted), values.
    let usable = if twists.empty_group && n_groups >= 2 {
        n_groups - 1
    } else {
        n_groups
    };
    let (lo, hi) = if twists.ties {
        let lo = rng.in_range(VALUE_MIN as u64, VALUE_MAX as u64 - 3) as i64;
        (lo, lo + 3)
    } else {
        (VALUE_MIN, VALUE_MAX)
    };
    let null_odds = if twists.nulls { 3 } else { 10 };
    let member_ids = ids(rng, n_members);
    let mut members: Vec<Row> = member_ids
        .iter()
        .map(|&id| {
            let name = *rng.choose(member_names());
            let key = if rng.chance(1, null_odds) {
                Value::Null
            } else {
                groups[rng.index(usable)][0].clone()
            };
            let value = rng.in_range(lo as u64, hi as u64) as i64;
            vec![
                Value::Int(id),
                Value::Text(name.to_owned()),
                key,
                Value::Int(value),
            ]
        })
        .collect();
    if let Some(t) = twists.boundary {
        for v in [t, t, t + 1, t - 1] {
            let m = rng.index(members.len());
            members[m][3] = Value::Int(v);
        }
    }
    if twists.equal_group {
        let key = groups[rng.index(usable)][0].clone();
        let value = Value::Int(rng.in_range(lo as u64, hi as u64) as i64);
        for m in members.iter_mut().filter(|m| m[2] == key) {
            m[3] = value.clone();
        }
    }
    if twists.duplicate_names && members.len() >= 2 {
        let (a, b) = (rng.index(members.len()), rng.index(members.len()));
        if a != b {
            members[b][1] = members[a][1].clone();
        }
    }

    // Events: on about two thirds of the members, so some have none.
    let active = (n_members * 2 / 3).max(1);
    let mut order: Vec<usize> = (0..n_members).collect();
    rng.shuffle(&mut order);
    order.truncate(active);
    let event_ids = ids(rng, n_members);
    let events = event_ids
        .iter()
        .map(|&id| {
            let member = &members[order[rng.index(order.len())]];
            vec![
                Value::Int(id),
                member[0].clone(),
                Value::Int(rng.in_range(1, QTY_MAX) as i64),
            ]
        })
        .collect();
    Database {
        groups,
        members,
        events,
    }
}
