//! The crate catalogs shipped in `envs/crates/`, compiled into the binary and named
//! `crate:NAME`: each one's `catalog.json` and every file of its `source/` (the list in
//! `files.rs`, generated and checked by a test).
//!
//! Generation and verification read a catalog's source from disk (cargo builds it), so the
//! embedded source is written once into a content-addressed cache directory,
//! `<cache>/crates/<source SHA-256>/`, and checked against that hash before every use: a
//! directory whose files hash otherwise (edited, truncated by a crash, replaced by a link) is
//! set aside and written again, and one that cannot be is refused, never judged on. It is written
//! whole into a temporary sibling, then renamed into place; a writer that loses the race to
//! another uses the winner's (after the same check). So the files need no fsync: a directory a
//! crash left short fails the hash and is rewritten.

use std::path::{Path, PathBuf};

use verigym_repo::krate::catalog::{files_sha256, source_sha256};

mod files;

/// The prefix of a `repo` value that names a shipped crate catalog.
pub const CRATE_PREFIX: &str = "crate:";

/// The environment variable naming verigym's cache directory; unset or empty, it is
/// `$XDG_CACHE_HOME/verigym`, else `$HOME/.cache/verigym`, else `verigym` in the temp directory.
pub const CACHE_DIR_ENV: &str = "VERIGYM_CACHE_DIR";

/// How many times a cache directory is checked and (re)written before it is refused: a directory
/// that another process replaces between two checks gets a few chances, one that never reads back
/// right is refused.
const ATTEMPTS: usize = 4;

/// One shipped catalog, as compiled in.
#[derive(Debug)]
pub struct Shipped {
    /// Its name: the directory under `envs/crates/`.
    pub name: &'static str,
    /// `catalog.json`.
    pub catalog: &'static str,
    /// `hidden.json`, the hidden differential suite's survey, when the directory has one.
    pub hidden: Option<&'static str>,
    /// Every file of `source/`: its `/`-separated path there and its bytes.
    pub source: &'static [(&'static str, &'static [u8])],
}

impl Shipped {
    /// The SHA-256 of the embedded source, as [`source_sha256`] hashes a directory holding it.
    pub fn sha256(&self) -> String {
        files_sha256(self.source.iter().map(|&(path, bytes)| (path, bytes)))
    }
}

/// The names of the shipped crate catalogs.
pub fn names() -> impl Iterator<Item = &'static str> {
    files::SHIPPED.iter().map(|s| s.name)
}

/// The shipped catalog named `name`.
pub fn find(name: &str) -> Option<&'static Shipped> {
    files::SHIPPED.iter().find(|s| s.name == name)
}

/// Verigym's cache directory (see [`CACHE_DIR_ENV`]), made absolute so that what is found there
/// does not depend on a later change of directory.
pub fn cache_dir() -> PathBuf {
    let var = |name: &str| {
        std::env::var_os(name)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    let dir = var(CACHE_DIR_ENV)
        .or_else(|| {
            // The XDG spec ignores a relative `XDG_CACHE_HOME`.
            var("XDG_CACHE_HOME")
                .filter(|d| d.is_absolute())
                .map(|d| d.join("verigym"))
        })
        .or_else(|| {
            var("HOME")
                .filter(|d| d.is_absolute())
                .map(|d| d.join(".cache").join("verigym"))
        })
        .unwrap_or_else(|| std::env::temp_dir().join("verigym"));
    std::path::absolute(&dir).unwrap_or(dir)
}

/// The directory holding `s`'s source, checked against its hash: in the cache directory, written
/// there first when missing or wrong. `Err` says why it cannot be had.
pub fn source_dir(s: &Shipped) -> Result<PathBuf, String> {
    materialize(s, &cache_dir().join("crates"))
}

/// [`source_dir`] under `crates`, the cache's directory of crate sources.
fn materialize(s: &Shipped, crates: &Path) -> Result<PathBuf, String> {
    let hash = s.sha256();
    let dir = crates.join(&hash);
    let mut last = String::new();
    for _ in 0..ATTEMPTS {
        match state(&dir, &hash) {
            State::Good => return Ok(dir),
            State::Missing => {}
            State::Wrong(why) => {
                set_aside(crates, &dir).map_err(|e| {
                    format!(
                        "the cached source of `{}` at {} is wrong ({why}) and cannot be removed: \
                         {e}",
                        s.name,
                        dir.display()
                    )
                })?;
                last = why;
            }
        }
        install(s, crates, &dir)
            .map_err(|e| format!("cannot write the source of `{}`: {e}", s.name))?;
    }
    Err(format!(
        "the cached source of `{}` at {} does not read back as written ({last}); another process \
         keeps changing it",
        s.name,
        dir.display()
    ))
}

/// What a cache directory holds.
enum State {
    /// Nothing.
    Missing,
    /// A directory of exactly the expected files.
    Good,
    /// Anything else, and why.
    Wrong(String),
}

fn state(dir: &Path, hash: &str) -> State {
    match std::fs::symlink_metadata(dir) {
        // No such path, or a file where a parent directory should be (which writing reports).
        Err(e)
            if matches!(
                e.kind(),
                std::io::ErrorKind::NotFound | std::io::ErrorKind::NotADirectory
            ) =>
        {
            State::Missing
        }
        Err(e) => State::Wrong(format!("cannot stat it: {e}")),
        Ok(m) if !m.is_dir() => State::Wrong("not a directory".into()),
        Ok(_) => match source_sha256(dir) {
            Ok(h) if h == hash => State::Good,
            Ok(h) => State::Wrong(format!("its files have SHA-256 {h}")),
            Err(e) => State::Wrong(e.to_string()),
        },
    }
}

/// Moves what is at `dir` out of the way and removes it; already gone is fine.
fn set_aside(crates: &Path, dir: &Path) -> std::io::Result<()> {
    let aside = tempfile::Builder::new()
        .prefix(".stale-")
        .tempdir_in(crates)?;
    match std::fs::rename(dir, aside.path().join("old")) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e),
        // Dropping `aside` removes it and what was moved into it.
        _ => Ok(()),
    }
}

/// Writes `s`'s source into a temporary sibling of `dir` and renames it to `dir`. Losing the race
/// to another writer is not an error: the caller checks what is there.
fn install(s: &Shipped, crates: &Path, dir: &Path) -> Result<(), String> {
    std::fs::create_dir_all(crates).map_err(|e| {
        format!(
            "cannot create {} (set {CACHE_DIR_ENV} to a writable directory): {e}",
            crates.display()
        )
    })?;
    let temp = tempfile::Builder::new()
        .prefix(".partial-")
        .tempdir_in(crates)
        .map_err(|e| format!("cannot create a directory in {}: {e}", crates.display()))?;
    for (rel, bytes) in s.source {
        let path = temp.path().join(rel);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
        }
        std::fs::write(&path, bytes)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    match std::fs::rename(temp.path(), dir) {
        Ok(()) => {
            let _kept: PathBuf = temp.keep();
            Ok(())
        }
        // Another writer's directory is there (a rename onto a non-empty directory fails).
        Err(_) if std::fs::symlink_metadata(dir).is_ok() => Ok(()),
        Err(e) => Err(format!("cannot rename into {}: {e}", dir.display())),
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;
    use std::fmt::Write as _;

    use super::*;

    /// The workspace root, where `envs/crates/` is.
    fn root() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
    }

    /// Every regular file under `dir`, as `/`-separated relative paths.
    fn walk(dir: &Path, prefix: &str, out: &mut Vec<String>) {
        for e in std::fs::read_dir(dir.join(prefix)).unwrap() {
            let e = e.unwrap();
            let name = e.file_name().into_string().unwrap();
            let rel = if prefix.is_empty() {
                name
            } else {
                format!("{prefix}/{name}")
            };
            let kind = e.file_type().unwrap();
            if kind.is_dir() {
                walk(dir, &rel, out);
            } else {
                assert!(kind.is_file(), "{rel}: only regular files are embedded");
                out.push(rel);
            }
        }
    }

    /// The catalog directories under `envs/crates/` and their source files, sorted.
    fn on_disk() -> BTreeMap<String, Vec<String>> {
        let crates = root().join("envs/crates");
        let mut out = BTreeMap::new();
        for e in std::fs::read_dir(&crates).unwrap() {
            let e = e.unwrap();
            if !e.path().join("catalog.json").is_file() {
                continue;
            }
            let mut files = Vec::new();
            walk(&e.path().join("source"), "", &mut files);
            files.sort();
            out.insert(e.file_name().into_string().unwrap(), files);
        }
        out
    }

    /// `files.rs` as it should read for `crates`.
    fn render(crates: &BTreeMap<String, Vec<String>>) -> String {
        let mut out = String::from(
            "// @generated by `VERIGYM_BLESS=1 cargo test --lib shipped::tests::embedded`: every \
             file of each\n// catalog directory under `envs/crates/` (its `catalog.json` and all \
             of `source/`). A test fails\n// when this list is stale. (A file removed from \
             `source/` stops the build: delete its line.)\n\nuse super::Shipped;\n\n/// The \
             shipped crate catalogs, by name.\n#[rustfmt::skip]\npub(super) const SHIPPED: \
             &[Shipped] = &[\n",
        );
        let at = "../../../../../../envs/crates";
        for (name, files) in crates {
            writeln!(out, "    Shipped {{").unwrap();
            writeln!(out, "        name: {name:?},").unwrap();
            writeln!(
                out,
                "        catalog: include_str!(\"{at}/{name}/catalog.json\"),"
            )
            .unwrap();
            if root()
                .join("envs/crates")
                .join(name)
                .join("hidden.json")
                .is_file()
            {
                writeln!(
                    out,
                    "        hidden: Some(include_str!(\"{at}/{name}/hidden.json\")),"
                )
                .unwrap();
            } else {
                writeln!(out, "        hidden: None,").unwrap();
            }
            writeln!(out, "        source: &[").unwrap();
            for f in files {
                writeln!(
                    out,
                    "            ({f:?}, include_bytes!(\"{at}/{name}/source/{f}\")),"
                )
                .unwrap();
            }
            writeln!(out, "        ],").unwrap();
            writeln!(out, "    }},").unwrap();
        }
        out.push_str("];\n");
        out
    }

    #[test]
    fn embedded_list_is_every_file_of_envs_crates() {
        let disk = on_disk();
        assert!(disk.contains_key("heck"), "{disk:?}");
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/code/repo_fix/shipped/files.rs");
        let expected = render(&disk);
        if std::env::var_os("VERIGYM_BLESS").is_some() {
            std::fs::write(&path, &expected).unwrap();
        }
        assert!(
            std::fs::read_to_string(&path).unwrap() == expected,
            "{} is stale: regenerate it with `VERIGYM_BLESS=1 cargo test --lib \
             shipped::tests::embedded`",
            path.display()
        );
        // And what this build embeds is those files, byte for byte.
        let embedded: BTreeMap<String, Vec<String>> = files::SHIPPED
            .iter()
            .map(|s| {
                let files = s.source.iter().map(|(f, _)| f.to_string()).collect();
                (s.name.to_owned(), files)
            })
            .collect();
        assert_eq!(embedded, disk, "rebuild after regenerating the list");
        for s in files::SHIPPED {
            let dir = root().join("envs/crates").join(s.name);
            let catalog = std::fs::read_to_string(dir.join("catalog.json")).unwrap();
            assert!(s.catalog == catalog, "{}: catalog.json differs", s.name);
            for (f, bytes) in s.source {
                let disk = std::fs::read(dir.join("source").join(f)).unwrap();
                assert!(*bytes == disk.as_slice(), "{}: {f} differs", s.name);
            }
        }
    }

    #[test]
    fn each_embedded_source_has_its_catalogs_hash() {
        for s in files::SHIPPED {
            let catalog: serde_json::Value = serde_json::from_str(s.catalog).unwrap();
            assert_eq!(
                catalog["source_sha256"].as_str(),
                Some(s.sha256().as_str()),
                "{}",
                s.name
            );
            let disk = source_sha256(&root().join("envs/crates").join(s.name).join("source"));
            assert_eq!(disk.unwrap(), s.sha256(), "{}", s.name);
        }
        let names: Vec<&str> = names().collect();
        assert_eq!(
            names,
            [
                "heck",
                "ms-converter",
                "shlex",
                "thunderdome",
                "unit-prefix"
            ]
        );
        assert!(find("heck").is_some() && find("nope").is_none());
    }

    #[test]
    fn the_cache_is_written_once_checked_and_a_wrong_one_rewritten() {
        let s = find("unit-prefix").unwrap();
        let tmp = tempfile::tempdir().unwrap();
        let crates = tmp.path().join("crates");
        let dir = materialize(s, &crates).unwrap();
        assert_eq!(dir, crates.join(s.sha256()));
        assert_eq!(source_sha256(&dir).unwrap(), s.sha256());
        let leftovers = || {
            let mut names: Vec<String> = std::fs::read_dir(&crates)
                .unwrap()
                .map(|e| e.unwrap().file_name().into_string().unwrap())
                .collect();
            names.sort();
            names
        };
        assert_eq!(leftovers(), [s.sha256()], "no temporary directory is left");
        // A second use finds it as written and leaves it alone.
        let lib = dir.join("src/lib.rs");
        let modified = std::fs::metadata(&lib).unwrap().modified().unwrap();
        assert_eq!(materialize(s, &crates).unwrap(), dir);
        assert_eq!(
            std::fs::metadata(&lib).unwrap().modified().unwrap(),
            modified
        );

        // Edited, extended, cut short or replaced by a file: each is rewritten.
        let original = std::fs::read(&lib).unwrap();
        let wrongs: [&dyn Fn(); 4] = [
            &|| std::fs::write(&lib, b"pub fn f() {}\n").unwrap(),
            &|| std::fs::write(dir.join("src/extra.rs"), b"").unwrap(),
            &|| std::fs::remove_file(dir.join("README.md")).unwrap(),
            &|| {
                std::fs::remove_dir_all(&dir).unwrap();
                std::fs::write(&dir, b"").unwrap();
            },
        ];
        for wrong in wrongs {
            wrong();
            assert_ne!(source_sha256(&dir).ok(), Some(s.sha256()));
            assert_eq!(materialize(s, &crates).unwrap(), dir);
            assert_eq!(source_sha256(&dir).unwrap(), s.sha256());
            assert_eq!(std::fs::read(&lib).unwrap(), original);
            assert_eq!(leftovers(), [s.sha256()]);
        }
    }

    #[test]
    fn writers_racing_for_one_cache_directory_all_get_the_right_source() {
        let s = find("unit-prefix").unwrap();
        let tmp = tempfile::tempdir().unwrap();
        let crates = tmp.path().join("crates");
        let dirs: Vec<PathBuf> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..4)
                .map(|_| scope.spawn(|| materialize(s, &crates).unwrap()))
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        for d in &dirs {
            assert_eq!(d, &crates.join(s.sha256()));
        }
        assert_eq!(source_sha256(&dirs[0]).unwrap(), s.sha256());
        assert_eq!(std::fs::read_dir(&crates).unwrap().count(), 1);
    }

    #[test]
    fn a_cache_that_cannot_be_written_is_an_error_naming_the_directory() {
        let s = find("unit-prefix").unwrap();
        let tmp = tempfile::tempdir().unwrap();
        let file = tmp.path().join("file");
        std::fs::write(&file, b"").unwrap();
        let e = materialize(s, &file.join("crates")).unwrap_err();
        assert!(
            e.contains("cannot create") && e.contains(CACHE_DIR_ENV),
            "{e}"
        );
    }
}
