//! A catalog's copy of a package: only what building and testing it needs (the manifest, the lock
//! file, the build script, `src/`, `tests/`, the files of targets the manifest declares, and the
//! licence and readme files), standalone, so that `repo_fix` can build it alone in any directory.
//!
//! Standalone means: nothing inherited from a workspace (`*.workspace = true`), no path
//! dependency or path patch (the copy holds one package), and a `[workspace]` table of its own,
//! appended when the manifest has none, so cargo never takes a directory above the copy for its
//! workspace. Hidden files, `target/` and VCS folders are never copied.

use std::path::{Component, Path};

use crate::RepoError;

/// The manifest's own text and parsed form.
pub(crate) struct Manifest {
    /// The file.
    pub path: std::path::PathBuf,
    /// Its text.
    pub text: String,
    /// Its table.
    pub doc: toml::Table,
}

/// Reads `dir/Cargo.toml`.
pub(crate) fn manifest(dir: &Path) -> Result<Manifest, RepoError> {
    let path = dir.join("Cargo.toml");
    let text = std::fs::read_to_string(&path)
        .map_err(RepoError::io(format!("cannot read {}", path.display())))?;
    let doc = text.parse::<toml::Table>().map_err(|e| RepoError::Crate {
        path: path.display().to_string(),
        problem: format!("not a valid Cargo.toml: {e}"),
    })?;
    Ok(Manifest { path, text, doc })
}

/// The dependency tables of a manifest, by their dotted names: `dependencies`,
/// `dev-dependencies`, `build-dependencies` (and their old `_` spellings), at the top and under
/// every `target.<cfg>`.
fn dependency_tables(doc: &toml::Table) -> Vec<(String, &toml::Table)> {
    const KINDS: [&str; 5] = [
        "dependencies",
        "dev-dependencies",
        "dev_dependencies",
        "build-dependencies",
        "build_dependencies",
    ];
    fn from<'a>(prefix: &str, t: &'a toml::Table, out: &mut Vec<(String, &'a toml::Table)>) {
        for kind in KINDS {
            if let Some(deps) = t.get(kind).and_then(toml::Value::as_table) {
                out.push((format!("{prefix}{kind}"), deps));
            }
        }
    }
    let mut out = Vec::new();
    from("", doc, &mut out);
    if let Some(targets) = doc.get("target").and_then(toml::Value::as_table) {
        for (cfg, t) in targets {
            if let Some(t) = t.as_table() {
                from(&format!("target.{cfg}."), t, &mut out);
            }
        }
    }
    out
}

/// Refuses a package whose copy could not build alone, naming the manifest field.
pub(crate) fn check_standalone(m: &Manifest) -> Result<(), RepoError> {
    let refuse = |field: String, why: &str| RepoError::Crate {
        path: m.path.display().to_string(),
        problem: format!(
            "`{field}`: {why}; a catalog's source is built alone, outside any workspace, so the \
             package must not inherit from a workspace or depend on other local packages"
        ),
    };
    let inherits = |v: &toml::Value| {
        v.as_table()
            .and_then(|t| t.get("workspace"))
            .and_then(toml::Value::as_bool)
            == Some(true)
    };
    if let Some(package) = m.doc.get("package").and_then(toml::Value::as_table) {
        for (key, value) in package {
            if key == "workspace" {
                return Err(refuse(
                    "package.workspace".into(),
                    "the package names its workspace",
                ));
            }
            if inherits(value) {
                return Err(refuse(
                    format!("package.{key}.workspace"),
                    "inherited from the workspace; write the value itself",
                ));
            }
        }
    }
    if m.doc.get("lints").is_some_and(inherits) {
        return Err(refuse(
            "lints.workspace".into(),
            "lints inherited from the workspace; write them in the package",
        ));
    }
    for (table, deps) in dependency_tables(&m.doc) {
        for (name, dep) in deps {
            if inherits(dep) {
                return Err(refuse(
                    format!("{table}.{name}.workspace"),
                    "a dependency inherited from the workspace; give its version",
                ));
            }
            if dep.as_table().is_some_and(|t| t.contains_key("path")) {
                return Err(refuse(
                    format!("{table}.{name}.path"),
                    "a path dependency, which the copy would not hold",
                ));
            }
        }
    }
    for section in ["patch", "replace"] {
        let Some(t) = m.doc.get(section).and_then(toml::Value::as_table) else {
            continue;
        };
        // `[patch.<registry>.<name>]` nests one level deeper than `[replace."<spec>"]`.
        let mut entries: Vec<(String, &toml::Value)> = Vec::new();
        for (k, v) in t {
            match (section, v.as_table()) {
                ("patch", Some(inner)) => {
                    entries.extend(inner.iter().map(|(n, d)| (format!("{section}.{k}.{n}"), d)))
                }
                _ => entries.push((format!("{section}.{k}"), v)),
            }
        }
        for (field, v) in entries {
            if v.as_table().is_some_and(|t| t.contains_key("path")) {
                return Err(refuse(
                    format!("{field}.path"),
                    "a path patch, which the copy would not hold",
                ));
            }
        }
    }
    if let Some(ws) = m.doc.get("workspace").and_then(toml::Value::as_table) {
        for key in ["members", "default-members"] {
            let others = ws
                .get(key)
                .and_then(toml::Value::as_array)
                .is_some_and(|a| a.iter().any(|v| v.as_str() != Some(".")));
            if others {
                return Err(refuse(
                    format!("workspace.{key}"),
                    "the package's workspace has other members, which the copy would not hold",
                ));
            }
        }
    }
    Ok(())
}

/// Whether a file at the package root is a licence or readme file, which a copy keeps
/// (`LICENSE-MIT`, `COPYING`, `README.md`, in any case).
fn is_notice(name: &str) -> bool {
    let upper = name.to_ascii_uppercase();
    ["LICENSE", "LICENCE", "COPYING", "README"]
        .iter()
        .any(|p| upper.starts_with(p))
}

/// Copies the package at `dir` (whose manifest is `m`, checked standalone) into `into`, which
/// must not exist yet.
pub(crate) fn copy(dir: &Path, m: &Manifest, into: &Path) -> Result<(), RepoError> {
    std::fs::create_dir_all(into)
        .map_err(RepoError::io(format!("cannot create {}", into.display())))?;
    let mut text = m.text.clone();
    if !m.doc.contains_key("workspace") {
        if !text.ends_with('\n') {
            text.push('\n');
        }
        text.push_str(
            "\n# Added by `verigym catalog`: this copy is a workspace of its own, so it builds \
             alone in any directory.\n[workspace]\n",
        );
    }
    write(&into.join("Cargo.toml"), text.as_bytes())?;
    // (path, whether the build needs it): a build script or target outside the package cannot
    // be copied, a readme or licence there (`readme = "../README.md"`) is only left behind.
    let mut files: Vec<(String, bool)> = vec![("Cargo.lock".into(), false)];
    let package = m.doc.get("package").and_then(toml::Value::as_table);
    match package.and_then(|p| p.get("build")) {
        Some(toml::Value::String(path)) => files.push((path.clone(), true)),
        Some(toml::Value::Boolean(false)) => {}
        _ => files.push(("build.rs".into(), false)),
    }
    for key in ["readme", "license-file"] {
        if let Some(path) = package
            .and_then(|p| p.get(key))
            .and_then(toml::Value::as_str)
        {
            files.push((path.to_owned(), false));
        }
    }
    // Targets the manifest declares must exist for cargo to read it, even those never built
    // (benches, examples): their files come along; undeclared ones are left behind.
    let targets = |kind: &str| -> Vec<&toml::Table> {
        match m.doc.get(kind) {
            Some(toml::Value::Table(t)) => vec![t],
            Some(toml::Value::Array(a)) => a.iter().filter_map(toml::Value::as_table).collect(),
            _ => Vec::new(),
        }
    };
    for (kind, default_dir) in [
        ("lib", "src"),
        ("bin", "src/bin"),
        ("test", "tests"),
        ("bench", "benches"),
        ("example", "examples"),
    ] {
        for t in targets(kind) {
            match (t.get("path").and_then(toml::Value::as_str), t.get("name")) {
                (Some(path), _) => files.push((path.to_owned(), true)),
                (None, Some(toml::Value::String(name))) if kind != "lib" => {
                    files.push((format!("{default_dir}/{name}.rs"), false));
                    files.push((format!("{default_dir}/{name}/main.rs"), false));
                }
                _ => {}
            }
        }
    }
    let entries =
        std::fs::read_dir(dir).map_err(RepoError::io(format!("cannot read {}", dir.display())))?;
    for entry in entries {
        let entry = entry.map_err(RepoError::io(format!("cannot read {}", dir.display())))?;
        if let Some(name) = entry.file_name().to_str()
            && is_notice(name)
        {
            files.push((name.to_owned(), false));
        }
    }
    files.sort();
    files.dedup();
    for (rel, needed) in &files {
        let Some(rel) = inside(rel) else {
            if !needed {
                continue;
            }
            return Err(RepoError::Crate {
                path: m.path.display().to_string(),
                problem: format!(
                    "the manifest names `{rel}`, outside the package; a catalog's source holds \
                     the package directory only"
                ),
            });
        };
        let from = dir.join(&rel);
        if from.is_file() {
            copy_file(&from, &into.join(&rel))?;
        } else if from.is_dir() && is_notice(&rel) {
            copy_tree(&from, &into.join(&rel))?;
        }
    }
    for sub in ["src", "tests"] {
        if dir.join(sub).is_dir() {
            copy_tree(&dir.join(sub), &into.join(sub))?;
        }
    }
    Ok(())
}

/// `rel` as a clean relative path when it stays inside the package (`./a/b` → `a/b`).
fn inside(rel: &str) -> Option<String> {
    let mut parts = Vec::new();
    for c in Path::new(rel).components() {
        match c {
            Component::Normal(p) => parts.push(p.to_str()?.to_owned()),
            Component::CurDir => {}
            _ => return None,
        }
    }
    (!parts.is_empty()).then(|| parts.join("/"))
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), RepoError> {
    use std::io::Write;
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)
            .map_err(RepoError::io(format!("cannot create {}", parent.display())))?;
    }
    // Synced, because the directory is renamed into place afterwards: a crash must not leave a
    // catalog whose files are empty.
    let mut f = std::fs::File::create(path)
        .map_err(RepoError::io(format!("cannot create {}", path.display())))?;
    f.write_all(bytes)
        .and_then(|()| f.sync_all())
        .map_err(RepoError::io(format!("cannot write {}", path.display())))
}

fn copy_file(from: &Path, to: &Path) -> Result<(), RepoError> {
    let bytes =
        std::fs::read(from).map_err(RepoError::io(format!("cannot read {}", from.display())))?;
    write(to, &bytes)
}

/// Copies a directory's regular files and subdirectories, hidden names and `target` left out.
/// A link to a file is copied as the file; a link to a directory is refused (it could loop, and
/// a catalog's source is hashed as plain files).
fn copy_tree(from: &Path, to: &Path) -> Result<(), RepoError> {
    let entries = std::fs::read_dir(from)
        .map_err(RepoError::io(format!("cannot read {}", from.display())))?;
    let mut names: Vec<_> = entries
        .map(|e| e.map(|e| e.file_name()))
        .collect::<Result<_, _>>()
        .map_err(RepoError::io(format!("cannot read {}", from.display())))?;
    names.sort();
    for name in names {
        let text = name.to_string_lossy();
        if text.starts_with('.') || text == "target" {
            continue;
        }
        let path = from.join(&name);
        let link = std::fs::symlink_metadata(&path)
            .map_err(RepoError::io(format!("cannot stat {}", path.display())))?
            .file_type()
            .is_symlink();
        if path.is_dir() {
            if link {
                return Err(RepoError::Crate {
                    path: path.display().to_string(),
                    problem: "a link to a directory; a catalog's source copies plain files only"
                        .into(),
                });
            }
            copy_tree(&path, &to.join(&name))?;
        } else if path.is_file() {
            copy_file(&path, &to.join(&name))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn manifest_of(text: &str) -> Manifest {
        Manifest {
            path: "Cargo.toml".into(),
            text: text.into(),
            doc: text.parse().unwrap(),
        }
    }

    fn refusal(text: &str) -> String {
        check_standalone(&manifest_of(text))
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn workspace_inheritance_and_local_packages_are_refused_by_field() {
        let head = "[package]\nname = \"x\"\nversion = \"0.1.0\"\n";
        assert!(check_standalone(&manifest_of(head)).is_ok());
        for (extra, field) in [
            ("edition.workspace = true\n", "`package.edition.workspace`"),
            ("workspace = \"..\"\n", "`package.workspace`"),
            ("[lints]\nworkspace = true\n", "`lints.workspace`"),
            (
                "[dependencies]\nserde = { workspace = true }\n",
                "`dependencies.serde.workspace`",
            ),
            (
                "[dev-dependencies]\nhelper = { path = \"../helper\" }\n",
                "`dev-dependencies.helper.path`",
            ),
            (
                "[target.'cfg(unix)'.build-dependencies]\ncc = { path = \"cc\" }\n",
                "`target.cfg(unix).build-dependencies.cc.path`",
            ),
            (
                "[patch.crates-io]\nfoo = { path = \"foo\" }\n",
                "`patch.crates-io.foo.path`",
            ),
            ("[workspace]\nmembers = [\"fuzz\"]\n", "`workspace.members`"),
        ] {
            // `package.*` keys follow `[package]`; tables stand alone after it.
            let e = refusal(&format!("{head}{extra}"));
            assert!(e.contains(field), "{field}: {e}");
            assert!(e.starts_with("Cargo.toml: "), "{e}");
        }
        // A workspace of its own, registry dependencies and `members = ["."]` are fine.
        assert!(
            check_standalone(&manifest_of(&format!(
                "{head}[dependencies]\nserde = \"1\"\n[workspace]\nmembers = [\".\"]\n"
            )))
            .is_ok()
        );
    }

    #[test]
    fn the_copy_keeps_what_builds_and_tests_and_gets_a_workspace_of_its_own() {
        let pkg = tempfile::tempdir().unwrap();
        let p = pkg.path();
        let text = "[package]\nname = \"x\"\nversion = \"0.1.0\"\nbuild = \"gen.rs\"\n\n\
                    [[bench]]\nname = \"speed\"\n\n[[example]]\nname = \"demo\"\npath = \"ex/demo.rs\"\n";
        for (file, body) in [
            ("Cargo.toml", text),
            ("Cargo.lock", "# lock\n"),
            ("gen.rs", "fn main() {}\n"),
            ("build.rs", "not the build script\n"),
            ("src/lib.rs", "pub fn f() {}\n"),
            ("src/.hidden", "x"),
            ("src/a/b.rs", "pub fn g() {}\n"),
            ("tests/t.rs", "#[test] fn t() {}\n"),
            ("benches/speed.rs", "fn main() {}\n"),
            ("benches/other.rs", "fn main() {}\n"),
            ("ex/demo.rs", "fn main() {}\n"),
            ("examples/undeclared.rs", "fn main() {}\n"),
            ("LICENSE-MIT", "mit\n"),
            ("README.md", "readme\n"),
            ("notes.txt", "not needed\n"),
            (".gitignore", "target\n"),
            ("target/debug/x", "built\n"),
        ] {
            std::fs::create_dir_all(p.join(file).parent().unwrap()).unwrap();
            std::fs::write(p.join(file), body).unwrap();
        }
        let out = tempfile::tempdir().unwrap();
        let into = out.path().join("source");
        copy(p, &manifest(p).unwrap(), &into).unwrap();
        let mut got = Vec::new();
        list(&into, "", &mut got);
        got.sort();
        assert_eq!(
            got,
            [
                "Cargo.lock",
                "Cargo.toml",
                "LICENSE-MIT",
                "README.md",
                "benches/speed.rs",
                "ex/demo.rs",
                "gen.rs",
                "src/a/b.rs",
                "src/lib.rs",
                "tests/t.rs",
            ]
        );
        let copied = std::fs::read_to_string(into.join("Cargo.toml")).unwrap();
        assert!(copied.starts_with(text), "the manifest is kept as written");
        assert!(copied.ends_with("\n[workspace]\n"), "{copied}");
        // A manifest with a workspace of its own is copied unchanged.
        std::fs::write(p.join("Cargo.toml"), format!("{text}[workspace]\n")).unwrap();
        let again = out.path().join("again");
        copy(p, &manifest(p).unwrap(), &again).unwrap();
        assert_eq!(
            std::fs::read_to_string(again.join("Cargo.toml")).unwrap(),
            format!("{text}[workspace]\n")
        );
    }

    #[test]
    fn a_target_outside_the_package_is_refused_and_a_readme_there_left_behind() {
        let pkg = tempfile::tempdir().unwrap();
        let head = "[package]\nname = \"x\"\nversion = \"0.1.0\"\nreadme = \"../README.md\"\n";
        std::fs::create_dir_all(pkg.path().join("src")).unwrap();
        std::fs::write(pkg.path().join("src/lib.rs"), "").unwrap();
        std::fs::write(pkg.path().join("Cargo.toml"), head).unwrap();
        let out = tempfile::tempdir().unwrap();
        copy(
            pkg.path(),
            &manifest(pkg.path()).unwrap(),
            &out.path().join("a"),
        )
        .unwrap();
        std::fs::write(
            pkg.path().join("Cargo.toml"),
            format!("{head}[[test]]\nname = \"t\"\npath = \"../t.rs\"\n"),
        )
        .unwrap();
        let e = copy(
            pkg.path(),
            &manifest(pkg.path()).unwrap(),
            &out.path().join("b"),
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("`../t.rs`, outside the package"), "{e}");
    }

    fn list(dir: &Path, prefix: &str, out: &mut Vec<String>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let e = e.unwrap();
            let name = e.file_name().into_string().unwrap();
            let rel = if prefix.is_empty() {
                name
            } else {
                format!("{prefix}/{name}")
            };
            if e.file_type().unwrap().is_dir() {
                list(&e.path(), &rel, out);
            } else {
                out.push(rel);
            }
        }
    }
}
