//! The working copy of an agentic episode on a real crate (`crate:NAME` or `path:DIR`): the
//! crate's readable files, its buggy functions as replaced so far (each held to the single-turn
//! crate rules), the crate's own tests run on that state through the verifier's sealed build, and
//! the state's verdict from the env's own `verify`.
//!
//! The model reads the package's `src/**` and `tests/**` as the catalog's source holds them,
//! regular files only, named exactly as listed; never the catalog beside the source, whose hidden
//! survey and bug list would give the answer away. The hidden differential suite exists only in
//! the verifier's build of a submission, so no tool can build, run or show it.

use std::path::Path;

use verigym_core::env::Env;
use verigym_core::extract::Rejection;
use verigym_core::verdict::{Reason, Verdict};
use verigym_repo::RepoError;
use verigym_repo::krate::fixes::{self, CRATE_RUN_LIMITS, FixRun, FixTarget, Replacement};
use verigym_repo::mutate;

use super::answer::{self, Fix};
use super::real_crate::{self, CrateRef, Prepared};
use super::workbench::{item_code, put, report};
use super::{RepoFix, RepoFixData};

/// The folders of the package a model may read, as listed.
const READABLE: [&str; 2] = ["src", "tests"];

/// The most files listed: a catalog's source is a crate, not a file tree to exhaust.
const MAX_FILES: usize = 500;

/// The deepest folder listed under a readable folder.
const MAX_DEPTH: usize = 8;

/// The largest file shown, in bytes.
const MAX_SHOWN: u64 = 256 * 1024;

/// One crate problem being worked on.
pub(super) struct CrateBench {
    data: RepoFixData,
    krate: CrateRef,
    prepared: Prepared,
    /// The buggy functions' full names, in the record's bug order (a fix's file is its index).
    names: Vec<String>,
    /// Each buggy file's functions as found in it alone.
    functions: Vec<Vec<mutate::FnInfo>>,
    /// The readable files, `/`-separated paths in the package, sorted.
    files: Vec<String>,
    /// The replaced buggy functions, sorted by name, one fix each.
    fixes: Vec<Fix>,
}

impl CrateBench {
    /// Opens a crate record: its catalog loads, its source is the one the record names, and each
    /// buggy function it names is in its buggy file.
    pub(super) fn open(data: RepoFixData) -> Result<Self, String> {
        let Some(krate) = data.krate.clone() else {
            return Err("record: data.krate is missing; a crate record names its crate".into());
        };
        let prepared =
            real_crate::prepare(&data, &krate).map_err(|e| format!("record: data.krate: {e}"))?;
        let names: Vec<String> = data.bugs.iter().map(|b| b.function.clone()).collect();
        let mut functions = Vec::with_capacity(names.len());
        for ((file, buggy), name) in prepared.buggy_files.iter().zip(&names) {
            let found = fixes::functions(buggy, file)
                .map_err(|e| format!("record: the buggy file `{file}`: {e}"))?;
            if !found.iter().any(|f| f.name == *name) {
                return Err(format!(
                    "record: data.bugs names `{name}`, which is not a function of `{file}`"
                ));
            }
            functions.push(found);
        }
        let files = readable(&prepared.loaded.source_dir)?;
        Ok(CrateBench {
            data,
            krate,
            prepared,
            names,
            functions,
            files,
            fixes: Vec::new(),
        })
    }

    pub(super) fn data(&self) -> &RepoFixData {
        &self.data
    }

    /// What `replace_function` may replace, for the prompt.
    pub(super) fn replaceable(&self) -> String {
        let each: Vec<String> = self
            .names
            .iter()
            .zip(&self.prepared.buggy_files)
            .map(|(name, (file, _))| format!("`{name}` in {file}"))
            .collect();
        format!("a buggy function ({})", each.join(", "))
    }

    pub(super) fn files(&self) -> Vec<String> {
        self.files.clone()
    }

    /// A listed file as it stands: a buggy file with the bug and the replacements in it, any
    /// other as the source holds it. `Err` says why it is not shown.
    pub(super) fn read(&self, path: &str) -> Result<String, String> {
        if !self.files.iter().any(|f| f == path) {
            return Err("no such file".into());
        }
        if let Some(k) = self
            .prepared
            .buggy_files
            .iter()
            .position(|(f, _)| f == path)
        {
            return Ok(self.current(k));
        }
        let full = self.prepared.loaded.source_dir.join(path);
        // Listed as a regular file; checked again, so a link put there since is not followed.
        let meta = std::fs::symlink_metadata(&full).map_err(|e| format!("cannot read it: {e}"))?;
        if !meta.file_type().is_file() {
            return Err("not a regular file".into());
        }
        if meta.len() > MAX_SHOWN {
            return Err(format!(
                "it holds {} bytes; files over {MAX_SHOWN} are not shown",
                meta.len()
            ));
        }
        std::fs::read_to_string(&full).map_err(|_| "not UTF-8 text".into())
    }

    /// Buggy file `k` with each replaced function's body spliced in, as the build compiles it
    /// (the file's own signatures and doc comments stay).
    fn current(&self, k: usize) -> String {
        let mut text = self.prepared.buggy_files[k].1.clone();
        let mut bodies: Vec<(std::ops::Range<usize>, &str)> = self
            .fixes
            .iter()
            .filter(|fix| self.file_of(&fix.function) == Some(k))
            .filter_map(|fix| {
                let f = self.functions[k].iter().find(|f| f.name == fix.function)?;
                let (_, range) = mutate::variant_body(&fix.item).ok()?;
                Some((f.body.clone(), &fix.item[range]))
            })
            .collect();
        bodies.sort_by_key(|(at, _)| std::cmp::Reverse(at.start));
        for (at, body) in bodies {
            text.replace_range(at, body);
        }
        text
    }

    fn file_of(&self, function: &str) -> Option<usize> {
        self.names.iter().position(|n| n == function)
    }

    fn names(&self) -> Vec<&str> {
        self.names.iter().map(String::as_str).collect()
    }

    /// Reads `text`'s last ```rust block as one function replacing a buggy function, held to the
    /// answer policy and the crate rule (only a buggy function may change).
    pub(super) fn replace(&mut self, text: &str) -> Result<String, Rejection> {
        let mut fixes = self.read_fixes(text)?;
        if fixes.len() != 1 {
            return Err(Rejection::new(
                Reason::UnparsableAnswer,
                format!(
                    "replace_function takes one `fn` item; the block holds {}",
                    fixes.len()
                ),
            ));
        }
        let fix = fixes.remove(0);
        let names = self.names();
        match real_crate::buggy_file_of(
            &fix,
            &names,
            &self.prepared.library,
            &self.prepared.functions,
        ) {
            Ok(Some(_)) => {}
            Ok(None) => {
                return Err(Rejection::new(
                    Reason::WrongAnswer,
                    format!(
                        "`{}` has no bug and the block leaves it as it is; only {} may be \
                         replaced",
                        fix.function,
                        real_crate::listed(&names)
                    ),
                ));
            }
            Err(why) => return Err(Rejection::new(Reason::WrongAnswer, why)),
        }
        let name = fix.function.clone();
        self.put(vec![fix]);
        Ok(name)
    }

    /// Reads a final answer's functions as the single-turn verifier reads them and puts the
    /// buggy functions' fixes into the state; a changed function without a bug is the
    /// single-turn verdict on it.
    pub(super) fn apply_answer(&mut self, response: &str) -> Result<(), Box<Verdict>> {
        let names = self.names();
        let fixes = self
            .read_answer(response)
            .map_err(|r| Box::new(Verdict::from(r)))?;
        let mut kept = Vec::new();
        for fix in fixes {
            match real_crate::buggy_file_of(
                &fix,
                &names,
                &self.prepared.library,
                &self.prepared.functions,
            ) {
                Ok(Some(_)) => kept.push(fix),
                Ok(None) => {}
                Err(why) => return Err(Box::new(Verdict::wrong(why))),
            }
        }
        self.put(kept);
        Ok(())
    }

    /// A final answer's functions, read as the single-turn verifier reads a crate answer.
    fn read_answer(&self, response: &str) -> Result<Vec<Fix>, Rejection> {
        answer::read_spread(
            response,
            &self.prepared.library,
            &self.prepared.functions,
            &self.names(),
            self.prepared.loaded.linked(),
        )
    }

    fn read_fixes(&self, text: &str) -> Result<Vec<Fix>, Rejection> {
        answer::read(
            text,
            &self.prepared.library,
            &self.prepared.functions,
            self.prepared.loaded.linked(),
        )
    }

    fn put(&mut self, fixes: Vec<Fix>) {
        put(&mut self.fixes, fixes);
    }

    pub(super) fn replaced(&self) -> Vec<&str> {
        self.fixes.iter().map(|f| f.function.as_str()).collect()
    }

    pub(super) fn reset(&mut self) {
        self.fixes.clear();
    }

    /// The state as a single-turn answer: every buggy function in one ```rust block, in the
    /// record's bug order, replaced or as the bug left it (a crate answer gives each of them).
    pub(super) fn answer(&self) -> String {
        let mut code = String::new();
        for name in &self.names {
            match self.fixes.iter().find(|f| f.function == *name) {
                Some(fix) => code.push_str(&item_code(&fix.function, &fix.item)),
                None => {
                    let block = super::answer_block(
                        &self.prepared.library,
                        &self.prepared.functions,
                        &[name.as_str()],
                    );
                    code.push_str(unfenced(&block));
                }
            }
        }
        format!("```rust\n{code}```")
    }

    /// Each buggy function `response` gives, as a ```rust block of its own.
    pub(super) fn blocks(&self, response: &str) -> Result<Vec<String>, Rejection> {
        let names = self.names();
        let fixes = self.read_answer(response)?;
        Ok(fixes
            .into_iter()
            .filter(|f| names.contains(&f.function.as_str()))
            .map(|f| format!("```rust\n{}```", item_code(&f.function, &f.item)))
            .collect())
    }

    pub(super) fn verdict(&self) -> Verdict {
        RepoFix.verify(&self.data, &self.answer())
    }

    /// Builds the crate as it stands in the verifier's working copy (the same sealed build,
    /// limits and cached target directory, without the hidden suite) and runs the crate's own
    /// tests, every one of them, telling each outcome in the record's order.
    pub(super) fn run_tests(&mut self) -> String {
        let replacements: Vec<Replacement> = self
            .fixes
            .iter()
            .filter_map(|f| {
                Some(Replacement {
                    file: self.file_of(&f.function)?,
                    function: f.function.clone(),
                    item: f.item.clone(),
                })
            })
            .collect();
        let files = self.prepared.files();
        let target = FixTarget {
            source_dir: &self.prepared.loaded.source_dir,
            files: &files,
            cargo_args: &self.krate.cargo_args,
            tests: &self.data.tests,
            hidden: None,
            every_test: true,
        };
        let header = format!(
            "running {} tests of the crate (its own; the hidden suite is stronger)\n",
            self.data.tests.len()
        );
        match fixes::judge(&target, &[replacements]) {
            Ok(mut runs) => match runs.pop() {
                Some(FixRun::Ran(run)) => {
                    report(&header, &self.data.tests, &run, &CRATE_RUN_LIMITS)
                }
                Some(FixRun::DoesNotCompile(why)) => {
                    format!(
                        "The code does not compile: {}",
                        real_crate::audit_line(&why)
                    )
                }
                None => "The tests could not be run.".to_owned(),
            },
            Err(RepoError::Compile { message, .. }) => format!(
                "The code does not compile: {}",
                real_crate::audit_line(&message)
            ),
            Err(RepoError::CompilerLimit(why)) => {
                format!("The code cannot be compiled within the compiler's limits: {why}")
            }
            Err(e) => format!("The tests could not be run: {e}"),
        }
    }
}

/// A ```rust block's code.
fn unfenced(block: &str) -> &str {
    block
        .trim_start_matches("```rust\n")
        .trim_end_matches("```")
}

/// The readable files of the package at `dir`: regular files under its readable folders, never a
/// symbolic link (listed or followed), `/`-separated and sorted.
fn readable(dir: &Path) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    for top in READABLE {
        walk(dir, top, 0, &mut out)?;
    }
    out.sort();
    Ok(out)
}

fn walk(dir: &Path, rel: &str, depth: usize, out: &mut Vec<String>) -> Result<(), String> {
    let path = dir.join(rel);
    let Ok(meta) = std::fs::symlink_metadata(&path) else {
        return Ok(());
    };
    if meta.file_type().is_file() {
        if out.len() >= MAX_FILES {
            return Err(format!(
                "the crate's source has more than {MAX_FILES} readable files"
            ));
        }
        out.push(rel.to_owned());
        return Ok(());
    }
    if !meta.file_type().is_dir() || depth > MAX_DEPTH {
        return Ok(());
    }
    let entries =
        std::fs::read_dir(&path).map_err(|e| format!("cannot list {}: {e}", path.display()))?;
    let mut names: Vec<String> = entries
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .collect();
    names.sort();
    for name in names {
        walk(dir, &format!("{rel}/{name}"), depth + 1, out)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Only regular files under `src` and `tests` are listed: links (to files or folders, inside
    /// or outside the package) and everything beside the readable folders are not.
    #[cfg(unix)]
    #[test]
    fn only_regular_files_of_the_readable_folders_are_listed() {
        let tmp = tempfile::tempdir().unwrap();
        let pkg = tmp.path().join("pkg");
        for d in ["src/inner", "tests", "benches"] {
            std::fs::create_dir_all(pkg.join(d)).unwrap();
        }
        for f in [
            "Cargo.toml",
            "src/lib.rs",
            "src/inner/a.rs",
            "tests/t.rs",
            "benches/b.rs",
        ] {
            std::fs::write(pkg.join(f), "// x\n").unwrap();
        }
        std::fs::write(tmp.path().join("hidden.json"), "{}").unwrap();
        use std::os::unix::fs::symlink as link;
        link(tmp.path().join("hidden.json"), pkg.join("src/hidden.json")).unwrap();
        link(pkg.join("src/lib.rs"), pkg.join("src/again.rs")).unwrap();
        link(tmp.path(), pkg.join("tests/up")).unwrap();
        assert_eq!(
            readable(&pkg).unwrap(),
            ["src/inner/a.rs", "src/lib.rs", "tests/t.rs"]
        );
    }
}
