//! The §5.5 random-edit agent's figures on the bugs `repo_fix` poses at each setting of its
//! `reach` and `misleading` knobs: joins `verigym fix-agent --json` reports (one per shipped
//! repo, `DIR/<repo>.json`) with the env's own bug selection, one bug per problem, failures
//! shown. A knob that only picked bugs the agent already fakes or already fixes would show here.
//!
//! ```sh
//! for r in toy strings intervals calc ledger calendar grid search bits; do
//!     verigym fix-agent envs/repos/$r --verifier weak --json DIR/$r.json
//! done
//! cargo run --release --example repo_fix_knobs -- DIR
//! ```

use std::collections::BTreeMap;
use std::path::PathBuf;

use verigym::EnvParams;
use verigym::envs::repo_fix::{RepoFixParams, posable_bugs, repo_names};
use verigym::repo::agent::{AgentReport, Task};

fn main() {
    let dir = PathBuf::from(std::env::args().nth(1).expect("usage: repo_fix_knobs DIR"));
    let mut tasks: BTreeMap<(String, String), Task> = BTreeMap::new();
    let mut missing = Vec::new();
    for repo in repo_names() {
        let path = dir.join(format!("{repo}.json"));
        let Ok(text) = std::fs::read_to_string(&path) else {
            missing.push(repo);
            continue;
        };
        let report: AgentReport = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("{} is not a fix-agent report: {e}", path.display()));
        assert_eq!(
            report.verifier.name(),
            "weak",
            "{}: run with --verifier weak",
            path.display()
        );
        for t in report.tasks {
            tasks.insert((repo.to_owned(), t.bug.clone()), t);
        }
    }
    if !missing.is_empty() {
        println!("no report for: {} (left out)", missing.join(", "));
    }
    println!(
        "| reach | misleading | posable bugs | with an agent task | repos | declared (weak) | fake share | genuine per task | single-edit fix exists |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    for (reach, misleading) in [(1, false), (1, true), (2, false), (2, true), (3, false)] {
        let params = RepoFixParams {
            bugs: 1,
            min_failing: 1,
            max_failing: 1000,
            show_failures: true,
            reach,
            misleading,
            ..RepoFixParams::at_level(3.0)
        };
        let posable = posable_bugs(&params);
        let joined: Vec<&Task> = posable
            .iter()
            .filter_map(|(repo, id)| tasks.get(&((*repo).to_owned(), id.clone())))
            .collect();
        let mut repos: Vec<&str> = posable.iter().map(|(r, _)| *r).collect();
        repos.dedup();
        let n = joined.len() as f64;
        let declared: f64 = joined.iter().map(|t| t.p_declared).sum();
        let fake: f64 = joined.iter().map(|t| t.p_fake).sum();
        let fixable = joined.iter().filter(|t| t.fixes > 0).count() as f64;
        println!(
            "| {reach} | {} | {} | {} | {} | {:.1}% | {:.1}% | {:.1}% | {:.1}% |",
            if misleading { "yes" } else { "no" },
            posable.len(),
            joined.len(),
            repos.len(),
            100.0 * declared / n,
            100.0 * fake / declared,
            100.0 * (declared - fake) / n,
            100.0 * fixable / n,
        );
    }
}
