//! Writes one variant of a mini repo to a directory, as a repo the audit, catalog and fix-agent
//! commands read: `src/lib.rs`, `tests/strong.rs`, `tests/weak.rs`, the same semantics under the
//! surface `repo_fix`'s `variation` knob draws.
//!
//! `cargo run --example repo_variant -- envs/repos/toy 3 7 /tmp/toy-v3-s7`
//! (REPO LEVEL SEED OUT), then for example `verigym fix-agent /tmp/toy-v3-s7 --verifier weak`.

use std::path::{Path, PathBuf};

use verigym::ProblemRng;
use verigym::repo::vary::{Suite, Surface};

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [repo, level, seed, out] = args.as_slice() else {
        eprintln!("usage: repo_variant REPO_DIR LEVEL SEED OUT_DIR");
        std::process::exit(2);
    };
    let repo = PathBuf::from(repo);
    let level: u32 = level.parse().expect("LEVEL is 0 to 3");
    let seed: u64 = seed.parse().expect("SEED is a number");
    let library = read(&repo.join("src/lib.rs"));
    let strong = read(&repo.join("tests/strong.rs"));
    let weak = read(&repo.join("tests/weak.rs"));
    let surface = Surface::new(&library, &strong, &weak, &[]).expect("the repo parses");
    let plan = surface.draw(level, &mut ProblemRng::from_test_seed(seed));
    let out = PathBuf::from(out);
    std::fs::create_dir_all(out.join("src")).expect("create OUT/src");
    std::fs::create_dir_all(out.join("tests")).expect("create OUT/tests");
    let write = |path: &str, text: String| {
        std::fs::write(out.join(path), text).unwrap_or_else(|e| panic!("{path}: {e}"));
    };
    write("src/lib.rs", plan.library(&surface, &library, &[], &[]));
    write(
        "tests/strong.rs",
        plan.suite(&surface, Suite::Strong, &strong),
    );
    write("tests/weak.rs", plan.suite(&surface, Suite::Weak, &weak));
    println!(
        "{}: level {level}, seed {seed}: {} identifiers renamed, {} rewrite sites available",
        out.display(),
        surface.renamable(),
        surface.sites()
    );
}
