//! Type-checking bugs alone. The audit builds every mutant beside the original code, where the
//! original arm can pin a type the mutant leaves open or keep a variable used that the mutant
//! drops (an error under `#![deny(warnings)]`), so a mutant that builds in the schemata may not
//! build as the only change. `repo_fix` injects a bug as the only change, so a catalog keeps a
//! bug only if `cargo check` of the crate with that bug alone passes, in the test profile (test
//! code included, as the tests are built).
//!
//! Checks go in groups: bugs in different functions with disjoint spans are applied together,
//! and a group that fails is split in halves until each failing bug stands alone. A group that
//! passes counts as a pass for each of its bugs: type inference and borrow checking are per
//! function body, and the operators only remove uses of other items or swap an operator or a
//! method for its twin, so code left unused alone is unused in the group too. (The one blind
//! spot: a method swap onto a twin the crate defines itself, `max` for `min`, whose only other
//! use another bug of the group removes.)

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use crate::RepoError;
use crate::krate::package;
use verigym_core::progress::Progress;

/// One edit to check.
#[derive(Clone, Debug)]
pub(crate) struct Edit {
    /// The file, relative to the package directory.
    pub file: String,
    /// The function item's byte range (edits in one item never share a group).
    pub item: [usize; 2],
    /// The byte range replaced.
    pub span: [usize; 2],
    /// The replacement.
    pub replacement: String,
}

/// A scratch copy of the package that edits are applied to and checked in.
struct Scratch {
    _dir: tempfile::TempDir,
    package: PathBuf,
    target: PathBuf,
    args: Vec<String>,
    offline: bool,
    originals: BTreeMap<String, String>,
    /// Every written file gets a later modification time than the one before, so cargo never
    /// takes a changed file for fresh on a file system with coarse timestamps.
    tick: u64,
    started: SystemTime,
    checks: usize,
}

impl Scratch {
    fn new(source: &Path, args: &[String], offline: bool) -> Result<Self, RepoError> {
        let dir = crate::sandbox::private_dir("alone")?;
        let package = dir.path().join("src");
        package::copy_dir(source, &package)?;
        Ok(Self {
            target: dir.path().join("target"),
            _dir: dir,
            package,
            args: args.to_vec(),
            offline,
            originals: BTreeMap::new(),
            tick: 0,
            started: SystemTime::now(),
            checks: 0,
        })
    }

    fn write(&mut self, rel: &str, text: &str) -> Result<(), RepoError> {
        let path = self.package.join(rel);
        std::fs::write(&path, text)
            .map_err(RepoError::io(format!("cannot write {}", path.display())))?;
        self.tick += 1;
        let when = self.started + Duration::from_secs(self.tick);
        std::fs::File::options()
            .write(true)
            .open(&path)
            .and_then(|f| f.set_modified(when))
            .map_err(RepoError::io(format!("cannot touch {}", path.display())))
    }

    fn original(&mut self, rel: &str) -> Result<String, RepoError> {
        if let Some(text) = self.originals.get(rel) {
            return Ok(text.clone());
        }
        let path = self.package.join(rel);
        let text = std::fs::read_to_string(&path)
            .map_err(RepoError::io(format!("cannot read {}", path.display())))?;
        self.originals.insert(rel.to_owned(), text.clone());
        Ok(text)
    }

    /// `cargo check` with `edits` applied; the files are restored afterwards.
    fn passes(&mut self, edits: &[&Edit]) -> Result<bool, RepoError> {
        let mut by_file: BTreeMap<&str, Vec<&Edit>> = BTreeMap::new();
        for e in edits {
            by_file.entry(e.file.as_str()).or_default().push(e);
        }
        for (file, mut es) in by_file.clone() {
            let mut text = self.original(file)?;
            // Back to front, so earlier spans stay valid.
            es.sort_by_key(|e| std::cmp::Reverse(e.span[0]));
            for e in es {
                text.replace_range(e.span[0]..e.span[1], &e.replacement);
            }
            self.write(file, &text)?;
        }
        let ok = self.cargo_check()?;
        for file in by_file.keys() {
            let text = self.original(file)?;
            self.write(file, &text)?;
        }
        Ok(ok)
    }

    fn cargo_check(&mut self) -> Result<bool, RepoError> {
        self.checks += 1;
        let mut cmd = package::cargo();
        cmd.args([
            "check",
            "--profile",
            "test",
            "--quiet",
            "--message-format=short",
            "--manifest-path",
        ])
        .arg(self.package.join("Cargo.toml"))
        .args(&self.args)
        .env("CARGO_TARGET_DIR", &self.target)
        .env("CARGO_TERM_COLOR", "never")
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null());
        if self.offline {
            cmd.arg("--offline");
        }
        let status = cmd
            .status()
            .map_err(RepoError::io("cannot run `cargo check`"))?;
        Ok(status.success())
    }
}

/// Whether each edit compiles alone in the package at `source` (built with cargo `args`, as the
/// audit built it), in order, and how many `cargo check` runs that took. Errors when the
/// unedited package does not check.
pub(crate) fn check(
    source: &Path,
    args: &[String],
    offline: bool,
    edits: &[Edit],
    progress: &dyn Progress,
) -> Result<(Vec<bool>, usize), RepoError> {
    let mut s = Scratch::new(source, args, offline)?;
    if !s.passes(&[])? {
        return Err(RepoError::Compile {
            suite: source.display().to_string(),
            message: format!(
                "`cargo check --profile test {}` fails on the unmutated copy",
                args.join(" ")
            ),
        });
    }
    let groups = groups(edits);
    progress.start(edits.len() as u64, "catalog: bugs checked alone");
    let mut ok = vec![false; edits.len()];
    for g in groups {
        judge(&mut s, edits, &g, &mut ok)?;
        progress.inc(g.len() as u64);
    }
    progress.finish();
    Ok((ok, s.checks))
}

/// Marks the edits of `group` (indices into `edits`) that compile alone, halving failing groups.
fn judge(
    s: &mut Scratch,
    edits: &[Edit],
    group: &[usize],
    ok: &mut [bool],
) -> Result<(), RepoError> {
    let these: Vec<&Edit> = group.iter().map(|&i| &edits[i]).collect();
    if s.passes(&these)? {
        for &i in group {
            ok[i] = true;
        }
        return Ok(());
    }
    if group.len() > 1 {
        let (a, b) = group.split_at(group.len() / 2);
        judge(s, edits, a, ok)?;
        judge(s, edits, b, ok)?;
    }
    Ok(())
}

/// First-fit groups of edit indices: no two edits of one group in overlapping function items
/// (nested functions overlap their outer one) or with overlapping spans.
fn groups(edits: &[Edit]) -> Vec<Vec<usize>> {
    let overlap = |a: [usize; 2], b: [usize; 2]| a[0] < b[1] && b[0] < a[1];
    let mut out: Vec<Vec<usize>> = Vec::new();
    for (i, e) in edits.iter().enumerate() {
        let fits = |g: &Vec<usize>| {
            g.iter().all(|&j| {
                let f = &edits[j];
                f.file != e.file || !(overlap(f.item, e.item) || overlap(f.span, e.span))
            })
        };
        match out.iter_mut().find(|g| fits(g)) {
            Some(g) => g.push(i),
            None => out.push(vec![i]),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edit(file: &str, item: [usize; 2], span: [usize; 2]) -> Edit {
        Edit {
            file: file.into(),
            item,
            span,
            replacement: String::new(),
        }
    }

    #[test]
    fn groups_never_hold_two_edits_of_one_function_or_of_nested_ones() {
        let edits = [
            edit("src/lib.rs", [0, 100], [10, 12]),
            edit("src/lib.rs", [0, 100], [20, 22]),
            edit("src/lib.rs", [200, 300], [210, 212]),
            // A function nested in the first: its item overlaps the first's.
            edit("src/lib.rs", [50, 80], [60, 62]),
            // Same offsets in another file: independent.
            edit("src/a.rs", [0, 100], [10, 12]),
        ];
        assert_eq!(groups(&edits), [vec![0, 2, 4], vec![1], vec![3]]);
    }
}
