//! Several bugs on a real crate (`bugs` = 2 or 3 on each shipped catalog in `envs/crates/`): for
//! sampled problems, whether the reference passes, whether the bugs left as they are fail exactly
//! the tests the prompt lists (the union of each bug's catalogued failures, which the generator
//! relies on by posing only bugs no test runs two of), and whether an answer that fixes every bug
//! but one earns anything. One line per (crate, bugs); needs cargo and rustc.
//!
//! `cargo run --release --example repo_fix_crate_bugs -- [PROBLEMS] [SEED]`

use std::path::Path;
use std::time::Instant;

use quote::ToTokens;
use verigym::envs::repo_fix::{RepoFix, RepoFixParams};
use verigym::{Env, EnvParams, Generator};

/// The items of a ```rust block's code (or of the record's `library`), one per buggy function, in
/// the record's bug order: `impl T { fn … }` or `fn …`.
fn items(code: &str) -> Vec<String> {
    let code = code.trim_start_matches("```rust\n").trim_end_matches("```");
    syn::parse_file(code)
        .expect("a generated block parses")
        .items
        .iter()
        .map(|i| i.to_token_stream().to_string())
        .collect()
}

fn block(items: &[String]) -> String {
    format!("```rust\n{}\n```", items.join("\n"))
}

fn main() {
    let mut args = std::env::args().skip(1);
    let problems: u64 = args.next().map_or(10, |a| a.parse().expect("PROBLEMS"));
    let seed: u64 = args.next().map_or(1, |a| a.parse().expect("SEED"));
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("envs/crates");
    let names: Vec<&str> = verigym::envs::repo_fix::shipped_crates().collect();
    println!(
        "| crate | bugs | problems | reference passes | unchanged fail exactly the listed tests | all but one fixed: rewarded | median s per group |"
    );
    println!("|---|---|---|---|---|---|---|");
    for name in &names {
        for bugs in 2..=3 {
            let params = RepoFixParams {
                repo: format!("path:{}", root.join(name).display()),
                bugs,
                ..RepoFixParams::at_level(2.0)
            };
            let g = match Generator::new(&RepoFix, params, seed) {
                Ok(g) => g,
                Err(e) => {
                    // The reason is the param error: no such bugs in different files.
                    eprintln!("{name}, bugs = {bugs}: {e}");
                    println!("| {name} | {bugs} | not posable | | | | |");
                    continue;
                }
            };
            let (mut passed, mut exact, mut partial, mut rewarded) = (0, 0, 0, 0);
            let mut walls = Vec::new();
            for i in 0..problems {
                let p = g.problem(i);
                let reference = items(&p.answer);
                let buggy = items(&p.data.library);
                assert_eq!(
                    (reference.len(), buggy.len()),
                    (bugs as usize, bugs as usize)
                );
                let mut answers = vec![p.answer.clone(), block(&buggy)];
                for k in 0..reference.len() {
                    let mut one_left = reference.clone();
                    one_left[k] = buggy[k].clone();
                    answers.push(block(&one_left));
                }
                let refs: Vec<&str> = answers.iter().map(String::as_str).collect();
                let start = Instant::now();
                let v = RepoFix.verify_group(&p.data, &refs);
                walls.push(start.elapsed().as_secs_f64());
                passed += usize::from(v[0].correct);
                let mut failing: Vec<String> = v[1]
                    .detail
                    .as_ref()
                    .and_then(|d| d["failing"].as_array().cloned())
                    .unwrap_or_default()
                    .iter()
                    .filter_map(|t| t.as_str().map(str::to_owned))
                    .collect();
                failing.sort();
                let listed: Vec<String> = p.data.failing.iter().map(|f| f.test.clone()).collect();
                exact += usize::from(!v[1].correct && failing == listed);
                for w in &v[2..] {
                    partial += 1;
                    rewarded += usize::from(w.score > 0.0);
                }
            }
            walls.sort_by(f64::total_cmp);
            let median = walls.get(walls.len() / 2).copied().unwrap_or(0.0);
            println!(
                "| {name} | {bugs} | {problems} | {passed} | {exact} | {rewarded} of {partial} | {median:.2} |"
            );
        }
    }
}
