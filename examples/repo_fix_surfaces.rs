//! Counts distinct `repo_fix` problems (repo surface + bug) by sampling: generates N problems at a
//! level, hashes each one's buggy library and hidden suite, and counts collisions. With c
//! collisions among N draws the collision probability per pair is about c / (N(N-1)/2), and the
//! number of distinct problems is at least its inverse (a non-uniform draw only collides more);
//! for c = 0 the one-sided 95% Poisson bound (c ≤ 3.0 expected) gives M ≥ N(N-1)/6.
//!
//! `cargo run --release --example repo_fix_surfaces -- [LEVEL] [N] [SEED] [VARIATION]` (defaults
//! 5, 3000, 1, and the level's variation).

use std::collections::BTreeMap;
use std::time::Instant;

use sha2::{Digest, Sha256};
use verigym::envs::repo_fix::{RepoFix, RepoFixParams};
use verigym::{EnvParams, Generator};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let level: f64 = args
        .first()
        .map_or(5.0, |a| a.parse().expect("LEVEL is a number"));
    let n: u64 = args
        .get(1)
        .map_or(3000, |a| a.parse().expect("N is a count"));
    let seed: u64 = args
        .get(2)
        .map_or(1, |a| a.parse().expect("SEED is a number"));
    let mut params = RepoFixParams::at_level(level);
    if let Some(v) = args.get(3) {
        params.variation = v.parse().expect("VARIATION is 0 to 3");
    }
    let g = Generator::new(&RepoFix, params.clone(), seed).expect("level params are valid");
    let start = Instant::now();
    let mut seen: BTreeMap<[u8; 32], u64> = BTreeMap::new();
    for i in 0..n {
        let p = g.problem(i);
        let mut h = Sha256::new();
        h.update(p.data.library.as_bytes());
        h.update([0]);
        h.update(p.data.suite.as_bytes());
        *seen.entry(h.finalize().into()).or_default() += 1;
    }
    let elapsed = start.elapsed();
    let pairs = (n as f64) * (n as f64 - 1.0) / 2.0;
    let report = |what: &str, distinct: usize| {
        let collisions = n - distinct as u64;
        let bound = if collisions == 0 {
            format!(
                "≥ {:.3e} (95%: no collision among {pairs:.3e} pairs)",
                pairs / 3.0
            )
        } else {
            format!(
                "≈ {:.3e} (capture–recapture: {collisions} collisions)",
                pairs / collisions as f64
            )
        };
        println!("{what}: {distinct} distinct of {n}; distinct available {bound}");
    };
    println!(
        "repo_fix level {level} (variation {}, {} bug(s)), seed {seed}: {n} problems in {:.1} s ({:.2} ms each)",
        params.variation,
        params.bugs,
        elapsed.as_secs_f64(),
        elapsed.as_secs_f64() * 1000.0 / n as f64
    );
    report("(surface, bug) pairs", seen.len());
}
