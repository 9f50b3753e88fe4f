//! The lecture's §5.5 random-edit fix agent on the shipped crates, with and without the hidden
//! differential suite: for sampled crate problems (one bug each), every single-point edit of the
//! buggy function (the mutation engine's) is an answer. An agent that tries edits in random order
//! and declares success at the first that passes the verifier declares each passing edit with
//! equal chance, so the share of its declared fixes that are fake is, per task, fake / passing.
//! "Fake" means the edit passes the verifier but is not the fix: it fails the crate's tests or the
//! hidden suite under any of four further seeds (a far larger differential suite than one
//! problem's). Verifier "crate tests" is `repo_fix` before the hidden suite; "with hidden" is
//! `repo_fix` now. One line per crate, then the total; needs cargo and rustc.
//!
//! `cargo run --example repo_fix_crate_fakes -- [TASKS_PER_CRATE] [SEED]`

use std::path::Path;

use verigym::envs::repo_fix::{RepoFix, RepoFixParams};
use verigym::repo::krate::catalog::CrateCatalog;
use verigym::repo::mutate;
use verigym::{Env, EnvParams, Generator, Verdict};

/// The seeds beyond the problem's own that decide whether an edit is the fix.
const TRUTH_SEEDS: [u64; 4] = [0x5eed_0001, 0x5eed_0002, 0x5eed_0003, 0x5eed_0004];

/// Whether `v` failed only hidden tests (so the edit passes every one of the crate's own).
fn passes_crate_tests(v: &Verdict) -> bool {
    v.correct
        || v.detail
            .as_ref()
            .and_then(|d| d["failing"].as_array())
            .is_some_and(|f| {
                !f.is_empty()
                    && f.iter()
                        .all(|t| t.as_str().unwrap_or("").contains("__vg_hidden"))
            })
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let tasks: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(6);
    let seed: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1);
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("envs/crates");
    let names: Vec<&str> = verigym::envs::repo_fix::shipped_crates().collect();
    println!(
        "| crate | tasks | edits | pass crate tests | of those fake | fake share of declared, crate tests | pass with hidden | of those fake | fake share of declared, with hidden |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    let mut all = [0f64; 2];
    let mut all_tasks = [0usize; 2];
    for name in &names {
        let catalog: CrateCatalog = serde_json::from_str(
            &std::fs::read_to_string(root.join(name).join("catalog.json")).unwrap(),
        )
        .unwrap();
        let params = RepoFixParams {
            repo: format!("crate:{name}"),
            bugs: 1,
            min_failing: 1,
            max_failing: 64,
            ..RepoFixParams::at_level(2.0)
        };
        let g = Generator::new(&RepoFix, params, seed).unwrap();
        let mut seen = std::collections::BTreeSet::new();
        let (mut edits, mut pass_c, mut fake_c, mut pass_h, mut fake_h) = (0, 0, 0, 0, 0);
        let mut share = [0f64; 2];
        let mut declared = [0usize; 2];
        let mut done = 0;
        for i in 0..1000 {
            if done == tasks {
                break;
            }
            let p = g.problem(i);
            let k = p.data.krate.clone().unwrap();
            let Some(bug) = catalog
                .bugs
                .iter()
                .find(|b| b.span == k.span && b.file == k.file && b.replacement == k.replacement)
            else {
                continue;
            };
            if !seen.insert(bug.id.clone()) {
                continue;
            }
            done += 1;
            // The buggy function, inside the reference answer's wrapper (its `impl` block).
            let original =
                std::fs::read_to_string(root.join(name).join("source").join(&bug.file)).unwrap();
            let fn_text = &original[bug.item_span[0]..bug.item_span[1]];
            let code = p
                .answer
                .trim_start_matches("```rust\n")
                .trim_end_matches("```\n")
                .trim_end_matches("```");
            let at = code
                .find(fn_text)
                .expect("the reference holds the function's text");
            let rel = bug.span[0] - bug.item_span[0];
            let mut buggy = code.to_owned();
            buggy.replace_range(at + rel..at + rel + bug.original.len(), &bug.replacement);
            let analysis = mutate::analyze(&buggy, "answer.rs").unwrap();
            let answers: Vec<String> = analysis
                .mutants
                .iter()
                .map(|m| format!("```rust\n{}\n```\n", mutate::apply(&buggy, m)))
                .collect();
            let refs: Vec<&str> = answers.iter().map(String::as_str).collect();
            let now = RepoFix.verify_group(&p.data, &refs);
            let crate_ok: Vec<bool> = now.iter().map(passes_crate_tests).collect();
            // The truth, for the edits that pass the crate's tests: the hidden suite under four
            // more seeds as well.
            let candidates: Vec<usize> = (0..refs.len()).filter(|&j| crate_ok[j]).collect();
            let mut genuine: Vec<bool> = candidates.iter().map(|&j| now[j].correct).collect();
            for s in TRUTH_SEEDS {
                let mut data = p.data.clone();
                data.krate.as_mut().unwrap().hidden_seed = s;
                let subset: Vec<&str> = candidates.iter().map(|&j| refs[j]).collect();
                for (c, v) in genuine.iter_mut().zip(RepoFix.verify_group(&data, &subset)) {
                    *c &= v.correct;
                }
            }
            let t_pass_c = candidates.len();
            let t_fake_c = genuine.iter().filter(|g| !**g).count();
            let with: Vec<(usize, bool)> = candidates
                .iter()
                .zip(&genuine)
                .filter(|(j, _)| now[**j].correct)
                .map(|(j, g)| (*j, *g))
                .collect();
            let t_pass_h = with.len();
            let t_fake_h = with.iter().filter(|(_, g)| !g).count();
            edits += refs.len();
            pass_c += t_pass_c;
            fake_c += t_fake_c;
            pass_h += t_pass_h;
            fake_h += t_fake_h;
            for (k, (pass, fake)) in [(t_pass_c, t_fake_c), (t_pass_h, t_fake_h)]
                .into_iter()
                .enumerate()
            {
                if pass > 0 {
                    share[k] += fake as f64 / pass as f64;
                    declared[k] += 1;
                    all[k] += fake as f64 / pass as f64;
                    all_tasks[k] += 1;
                }
            }
            eprintln!(
                "{name} {} `{}`: {} edits, {t_pass_c} pass the crate's tests ({t_fake_c} fake), {t_pass_h} pass with hidden ({t_fake_h} fake)",
                bug.id,
                bug.function,
                refs.len()
            );
        }
        let pct = |k: usize| {
            if declared[k] == 0 {
                "—".to_owned()
            } else {
                format!("{:.1}%", 100.0 * share[k] / declared[k] as f64)
            }
        };
        println!(
            "| {name} | {done} | {edits} | {pass_c} | {fake_c} | {} | {pass_h} | {fake_h} | {} |",
            pct(0),
            pct(1)
        );
    }
    let pct = |k: usize| format!("{:.1}%", 100.0 * all[k] / all_tasks[k].max(1) as f64);
    println!("| all | | | | | {} | | | {} |", pct(0), pct(1));
    verigym::repo::krate::fixes::release_workspaces();
}
