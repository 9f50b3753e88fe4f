//! What the `reach` and `misleading` knobs of `repo_fix` do to two baselines, one bug per
//! problem, failures shown:
//! - a name localizer, which reads only the prompt's failure list and guesses the buggy function
//!   as the one whose name the most failing tests' names contain (ties and no match shared out
//!   evenly): its expected hit rate over 1000 problems generated at each setting;
//! - the §5.5 random-edit agent, which is told the buggy function and never reads the prompt: its
//!   figures over the bugs each setting poses, from `verigym fix-agent --json` reports (one per
//!   shipped repo, `DIR/<repo>.json`). A knob that only picked bugs the agent already fakes or
//!   already fixes would show here.
//!
//! ```sh
//! for r in toy strings intervals calc ledger calendar grid search bits; do
//!     verigym fix-agent envs/repos/$r --verifier weak --json DIR/$r.json
//! done
//! cargo run --release --example repo_fix_knobs -- DIR
//! ```

use std::collections::BTreeMap;
use std::path::PathBuf;

use verigym::envs::repo_fix::{RepoFix, RepoFixParams, posable_bugs, repo_names};
use verigym::repo::agent::{AgentReport, Task};
use verigym::repo::mutate;
use verigym::{EnvParams, Generator};

/// Problems generated per setting for the localizer.
const SAMPLES: u64 = 1000;

/// The name localizer's expected hit on one problem: the functions whose short name the most
/// shown failing tests contain (the longest names among equals) share the guess; with no match
/// every function does.
fn localizer_hit(library: &str, shown: &[&str], buggy: &str) -> f64 {
    let short = |f: &str| f.rsplit("::").next().unwrap_or(f).to_owned();
    let functions: Vec<String> = mutate::analyze(library, "src/lib.rs")
        .expect("a generated library parses")
        .functions
        .iter()
        .map(|f| short(&f.name))
        .collect();
    let score = |f: &String| {
        (
            shown.iter().filter(|t| t.contains(f.as_str())).count(),
            f.len(),
        )
    };
    let best = functions.iter().map(score).max().unwrap_or((0, 0));
    let guesses: Vec<&String> = if best.0 == 0 {
        functions.iter().collect()
    } else {
        functions.iter().filter(|f| score(f) == best).collect()
    };
    let hits = guesses.iter().filter(|f| ***f == short(buggy)).count();
    hits as f64 / guesses.len().max(1) as f64
}

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
        "| reach | misleading | posable bugs | repos | name localizer hits | agent tasks | declared (weak) | fake share | genuine per task | single-edit fix exists |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|");
    for (reach, misleading) in [(1, false), (1, true), (2, false), (2, true), (3, false)] {
        let params = RepoFixParams {
            bugs: 1,
            min_failing: 1,
            max_failing: 1000,
            show_failures: true,
            reach,
            misleading,
            variation: 0,
            ..RepoFixParams::at_level(3.0)
        };
        let g = Generator::new(&RepoFix, params.clone(), 1).expect("every setting poses bugs");
        let hits: f64 = (0..SAMPLES)
            .map(|i| {
                let p = g.problem(i);
                let shown: Vec<&str> = p
                    .data
                    .failing
                    .iter()
                    .map(|f| f.test.as_str())
                    .filter(|t| p.prompt.contains(&format!("- `{t}`:")))
                    .collect();
                localizer_hit(&p.data.library, &shown, &p.data.bugs[0].function)
            })
            .sum();
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
            "| {reach} | {} | {} | {} | {:.1}% | {} | {:.1}% | {:.1}% | {:.1}% | {:.1}% |",
            if misleading { "yes" } else { "no" },
            posable.len(),
            repos.len(),
            100.0 * hits / SAMPLES as f64,
            joined.len(),
            100.0 * declared / n,
            100.0 * fake / declared,
            100.0 * (declared - fake) / n,
            100.0 * fixable / n,
        );
    }
}
