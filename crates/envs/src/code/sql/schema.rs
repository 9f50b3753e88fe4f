//! The `sql` schema: the three themes (the same shape under different names), the cell values a
//! record stores, and the `CREATE TABLE` text the prompt shows and the sandbox runs.
//!
//! Every problem has three tables in one shape: a *group* table (`id`, `name`, a city column), a
//! *member* table (`id`, `name`, a nullable key to a group, an integer value) and an *event* table
//! (`id`, a non-null key to a member, an integer quantity). A theme only names them, so a query
//! that is right under one theme is right under the others with the names swapped.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// One cell of a table or of a result: NULL, an integer or text. Generated data has no reals, so
/// every expected value is exact.
#[derive(
    Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(untagged)]
pub enum Value {
    /// SQL NULL.
    Null,
    /// A 64-bit integer.
    Int(i64),
    /// Text.
    Text(String),
}

impl Value {
    /// The value as an SQL literal: `NULL`, `42` or `'text'` (quotes doubled).
    pub fn literal(&self) -> String {
        match self {
            Value::Null => "NULL".to_owned(),
            Value::Int(n) => n.to_string(),
            Value::Text(s) => format!("'{}'", s.replace('\'', "''")),
        }
    }

    /// The integer, if this is one.
    pub fn int(&self) -> Option<i64> {
        match self {
            Value::Int(n) => Some(*n),
            _ => None,
        }
    }
}

/// One row of a table or result.
pub type Row = Vec<Value>;

/// The names a problem's tables and columns go by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Theme {
    /// `departments`, `employees` (salary), `assignments` (hours).
    Company,
    /// `stores`, `clerks` (wage), `sales` (amount).
    Shop,
    /// `schools`, `students` (points), `exams` (score).
    School,
}

/// Every theme, in the order the generator draws from.
pub const THEMES: [Theme; 3] = [Theme::Company, Theme::Shop, Theme::School];

/// The identifiers and nouns of a theme.
#[derive(Clone, Copy, Debug)]
pub struct Names {
    /// The group table.
    pub group: &'static str,
    /// The group table's city column.
    pub city: &'static str,
    /// The member table.
    pub member: &'static str,
    /// The member table's key to a group.
    pub member_fk: &'static str,
    /// The member table's integer value.
    pub value: &'static str,
    /// The event table.
    pub event: &'static str,
    /// The event table's key to a member.
    pub event_fk: &'static str,
    /// The event table's integer quantity.
    pub qty: &'static str,
    /// A group, in words.
    pub group_noun: &'static str,
    /// A member, in words.
    pub member_noun: &'static str,
    /// An event, in words.
    pub event_noun: &'static str,
    /// The group names the generator draws.
    pub group_names: &'static [&'static str],
}

const FIRST_NAMES: [&str; 16] = [
    "Ada", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hana", "Ivo", "Jade", "Kai", "Lena",
    "Milo", "Nora", "Omar", "Pia",
];

/// The member names the generator draws (every theme's members are people).
pub fn member_names() -> &'static [&'static str] {
    &FIRST_NAMES
}

/// The cities (towns) the generator draws.
pub const CITIES: [&str; 5] = ["Avon", "Brest", "Cork", "Derby", "Essen"];

impl Theme {
    /// The theme's identifiers and nouns.
    pub fn names(self) -> Names {
        match self {
            Theme::Company => Names {
                group: "departments",
                city: "city",
                member: "employees",
                member_fk: "dept_id",
                value: "salary",
                event: "assignments",
                event_fk: "employee_id",
                qty: "hours",
                group_noun: "department",
                member_noun: "employee",
                event_noun: "assignment",
                group_names: &["Sales", "Research", "Legal", "Support", "Design", "Finance"],
            },
            Theme::Shop => Names {
                group: "stores",
                city: "city",
                member: "clerks",
                member_fk: "store_id",
                value: "wage",
                event: "sales",
                event_fk: "clerk_id",
                qty: "amount",
                group_noun: "store",
                member_noun: "clerk",
                event_noun: "sale",
                group_names: &["North", "Central", "Harbour", "Market", "Station", "Park"],
            },
            Theme::School => Names {
                group: "schools",
                city: "town",
                member: "students",
                member_fk: "school_id",
                value: "points",
                event: "exams",
                event_fk: "student_id",
                qty: "score",
                group_noun: "school",
                member_noun: "student",
                event_noun: "exam",
                group_names: &[
                    "Oakwood",
                    "Riverside",
                    "Hillcrest",
                    "Lakeside",
                    "Elm",
                    "Westfield",
                ],
            },
        }
    }

    /// The three table names, in the record's order (group, member, event).
    pub fn tables(self) -> [&'static str; 3] {
        let n = self.names();
        [n.group, n.member, n.event]
    }

    /// The `CREATE TABLE` statements, one per table, in the record's order.
    pub fn ddl(self) -> [String; 3] {
        let n = self.names();
        [
            format!(
                "CREATE TABLE {} (\n  id INTEGER PRIMARY KEY,\n  name TEXT NOT NULL,\n  {} TEXT NOT NULL\n);",
                n.group, n.city
            ),
            format!(
                "CREATE TABLE {} (\n  id INTEGER PRIMARY KEY,\n  name TEXT NOT NULL,\n  {} INTEGER REFERENCES {}(id),\n  {} INTEGER NOT NULL\n);",
                n.member, n.member_fk, n.group, n.value
            ),
            format!(
                "CREATE TABLE {} (\n  id INTEGER PRIMARY KEY,\n  {} INTEGER NOT NULL REFERENCES {}(id),\n  {} INTEGER NOT NULL\n);",
                n.event, n.event_fk, n.member, n.qty
            ),
        ]
    }

    /// The column names of each table, in the record's order.
    pub fn columns(self) -> [[&'static str; 4]; 3] {
        let n = self.names();
        [
            ["id", "name", n.city, ""],
            ["id", "name", n.member_fk, n.value],
            ["id", n.event_fk, n.qty, ""],
        ]
    }
}

/// How many columns each table has, in the record's order.
pub const WIDTHS: [usize; 3] = [3, 4, 3];
