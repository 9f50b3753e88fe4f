//! The JSON Schemas of every record, line and params type, generated from the Rust types.

use schemars::{JsonSchema, Schema, schema_for};

use crate::curriculum::{CurriculumConfig, CurriculumState};
use crate::episodes::{Rejudged, Step, Transcript};
use crate::eval::EvalReport;
use crate::grade::{Graded, ResponseLine, Summary};
use crate::probe::EnvProbeReport;
use crate::registry;
#[cfg(feature = "repo")]
use crate::repo::{
    agent::AgentReport, audit::AuditReport, catalog::BugCatalog, krate::catalog::CrateCatalog,
};
use crate::suite::{Manifest, SuiteSpec};
use verigym_core::record::Problem;
use verigym_core::verdict::Verdict;

/// Every schema, as (file name, schema), in a stable order.
pub fn all() -> Vec<(String, Schema)> {
    let mut out = vec![
        named::<Problem>("problem"),
        named::<Verdict>("verdict"),
        named::<ResponseLine>("response"),
        named::<Graded>("graded"),
        named::<Summary>("summary"),
        named::<EvalReport>("eval-report"),
        named::<Vec<EnvProbeReport>>("probe-report"),
        named::<SuiteSpec>("suite"),
        named::<Manifest>("suite-manifest"),
        named::<CurriculumConfig>("curriculum-config"),
        named::<CurriculumState>("curriculum-state"),
        named::<Transcript>("episode-transcript"),
        named::<Rejudged>("episode-rejudged"),
        named::<Step>("episode-step"),
    ];
    #[cfg(feature = "repo")]
    out.extend([
        named::<AuditReport>("audit-report"),
        named::<BugCatalog>("bug-catalog"),
        named::<CrateCatalog>("crate-catalog"),
        named::<AgentReport>("fix-agent-report"),
    ]);
    let interactive = crate::episodes::interactive().iter().map(|e| e.as_env());
    for env in registry::envs().iter().copied().chain(interactive) {
        out.push((
            format!("{}.params.schema.json", env.id()),
            env.params_schema(),
        ));
        out.push((
            format!("{}.problem.schema.json", env.id()),
            env.problem_schema(),
        ));
    }
    out
}

/// A schema rendered the way it is committed: pretty JSON with a trailing newline.
pub fn render(schema: &Schema) -> String {
    let mut text = serde_json::to_string_pretty(schema).expect("schemas serialize");
    text.push('\n');
    text
}

fn named<T: JsonSchema>(stem: &str) -> (String, Schema) {
    (format!("{stem}.schema.json"), schema_for!(T))
}
