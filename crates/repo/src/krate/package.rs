//! Reading a Cargo package with `cargo metadata` and copying it (with its workspace) to a private
//! directory, where the audit may rewrite its sources without touching the user's files.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use super::super::RepoError;

/// The package to audit, as `cargo metadata` describes it.
#[derive(Clone, Debug)]
pub(crate) struct Package {
    /// The package's name.
    pub name: String,
    /// Its version.
    pub version: String,
    /// The directory holding its `Cargo.toml`.
    pub dir: PathBuf,
    /// The workspace root.
    pub workspace_root: PathBuf,
    /// The library target's root file (`src/lib.rs` or `[lib] path`).
    pub lib_root: PathBuf,
    /// The integration test targets: (name, source file), in metadata order.
    pub tests: Vec<(String, PathBuf)>,
    /// Targets declared with `harness = false`: `lib`, or `tests/<name>` for a `[[test]]`.
    pub no_harness: BTreeSet<String>,
    /// Directories of path dependencies outside the workspace, which the copy links to.
    pub outside: Vec<PathBuf>,
}

/// The `cargo` to run: `$CARGO` when set (as under `cargo run`), else `cargo` on `PATH`.
pub(crate) fn cargo() -> Command {
    Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
}

/// Reads the package at `path` (a directory holding `Cargo.toml`); `member` picks a workspace
/// member as `-p` does.
pub(crate) fn read(path: &Path, member: Option<&str>) -> Result<Package, RepoError> {
    let manifest = path.join("Cargo.toml");
    if !manifest.is_file() {
        return Err(RepoError::Crate {
            path: path.display().to_string(),
            problem: "no Cargo.toml".into(),
        });
    }
    let out = cargo()
        .args([
            "metadata",
            "--format-version",
            "1",
            "--no-deps",
            "--manifest-path",
        ])
        .arg(&manifest)
        .output()
        .map_err(RepoError::io("cannot run `cargo metadata`"))?;
    if !out.status.success() {
        return Err(RepoError::Crate {
            path: manifest.display().to_string(),
            problem: format!(
                "`cargo metadata` failed: {}",
                String::from_utf8_lossy(&out.stderr).trim()
            ),
        });
    }
    let meta: serde_json::Value =
        serde_json::from_slice(&out.stdout).map_err(|e| RepoError::Crate {
            path: manifest.display().to_string(),
            problem: format!("`cargo metadata` printed invalid JSON: {e}"),
        })?;
    let packages = meta["packages"].as_array().cloned().unwrap_or_default();
    let canonical = manifest.canonicalize().unwrap_or(manifest.clone());
    let pkg = match member {
        Some(name) => packages.iter().find(|p| p["name"] == name).ok_or_else(|| {
            let names: Vec<&str> = packages.iter().filter_map(|p| p["name"].as_str()).collect();
            RepoError::Crate {
                path: manifest.display().to_string(),
                problem: format!(
                    "-p {name}: no such package in the workspace; its members are {}",
                    names.join(", ")
                ),
            }
        })?,
        None => packages
            .iter()
            .find(|p| {
                p["manifest_path"]
                    .as_str()
                    .and_then(|m| Path::new(m).canonicalize().ok())
                    .is_some_and(|m| m == canonical)
            })
            .ok_or_else(|| {
                let names: Vec<&str> = packages.iter().filter_map(|p| p["name"].as_str()).collect();
                RepoError::Crate {
                    path: manifest.display().to_string(),
                    problem: format!(
                        "a virtual workspace manifest; choose a member with -p ({})",
                        names.join(", ")
                    ),
                }
            })?,
    };
    let text = |v: &serde_json::Value| v.as_str().unwrap_or_default().to_owned();
    let dir = PathBuf::from(text(&pkg["manifest_path"]))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default();
    let targets = pkg["targets"].as_array().cloned().unwrap_or_default();
    let has_kind = |t: &serde_json::Value, k: &str| {
        t["kind"]
            .as_array()
            .is_some_and(|ks| ks.iter().any(|x| x == k))
    };
    let lib = targets
        .iter()
        .find(|t| {
            ["lib", "rlib", "dylib", "cdylib", "staticlib"]
                .iter()
                .any(|k| has_kind(t, k))
        })
        .ok_or_else(|| RepoError::Crate {
            path: dir.display().to_string(),
            problem: "the package has no library target; verigym audits library crates".into(),
        })?;
    let tests = targets
        .iter()
        .filter(|t| has_kind(t, "test"))
        .map(|t| (text(&t["name"]), PathBuf::from(text(&t["src_path"]))))
        .collect();
    let workspace_root = PathBuf::from(text(&meta["workspace_root"]));
    // Path dependencies outside the workspace are linked into the copy, at the same relative
    // place, so the copied manifests resolve them unchanged.
    let mut outside = Vec::new();
    for p in &packages {
        for dep in p["dependencies"].as_array().into_iter().flatten() {
            if let Some(dep_path) = dep["path"].as_str() {
                let dep_path = PathBuf::from(dep_path);
                if !dep_path.starts_with(&workspace_root) && !outside.contains(&dep_path) {
                    outside.push(dep_path);
                }
            }
        }
    }
    Ok(Package {
        name: text(&pkg["name"]),
        version: text(&pkg["version"]),
        lib_root: PathBuf::from(text(&lib["src_path"])),
        tests,
        no_harness: no_harness(&dir.join("Cargo.toml")),
        dir,
        workspace_root,
        outside,
    })
}

/// Targets declared `harness = false` in the manifest (`cargo metadata` does not say): the names
/// of `[[test]]` entries, and `lib` for `[lib]`.
fn no_harness(manifest: &Path) -> BTreeSet<String> {
    let Ok(text) = std::fs::read_to_string(manifest) else {
        return BTreeSet::new();
    };
    let Ok(doc) = text.parse::<toml::Table>() else {
        return BTreeSet::new();
    };
    let off = |t: &toml::Value| t.get("harness").and_then(toml::Value::as_bool) == Some(false);
    let mut out = BTreeSet::new();
    if doc.get("lib").is_some_and(off) {
        out.insert("lib".to_owned());
    }
    for t in doc
        .get("test")
        .and_then(toml::Value::as_array)
        .into_iter()
        .flatten()
    {
        if off(t)
            && let Some(name) = t.get("name").and_then(toml::Value::as_str)
        {
            out.insert(format!("tests/{name}"));
        }
    }
    out
}

/// A copy of the package's workspace under `into`, and where the package landed in it.
#[derive(Clone, Debug)]
pub(crate) struct Copy {
    /// The copied workspace root.
    pub workspace_root: PathBuf,
    /// The copied package directory.
    pub package_dir: PathBuf,
}

impl Copy {
    /// The copy of an original path inside the workspace (unchanged when outside it).
    pub fn map(&self, pkg: &Package, original: &Path) -> PathBuf {
        match original.strip_prefix(&pkg.workspace_root) {
            Ok(rel) => self.workspace_root.join(rel),
            Err(_) => original.to_path_buf(),
        }
    }
}

/// Copies the workspace of `pkg` into `into` (skipping `target/` and VCS folders), placed so
/// that every outside path dependency has the same relative path from it, which is a symlink to
/// the original (read only: the audit never writes there).
pub(crate) fn copy(pkg: &Package, into: &Path) -> Result<Copy, RepoError> {
    // The common ancestor of the workspace and every outside dependency is mirrored under `into`.
    let mut base = pkg.workspace_root.clone();
    for o in &pkg.outside {
        while !o.starts_with(&base) {
            if !base.pop() {
                break;
            }
        }
    }
    let place = |p: &Path| into.join(p.strip_prefix(&base).unwrap_or(p));
    let workspace_root = place(&pkg.workspace_root);
    copy_dir(&pkg.workspace_root, &workspace_root)?;
    for o in &pkg.outside {
        let link = place(o);
        if link.exists() {
            continue;
        }
        if let Some(parent) = link.parent() {
            std::fs::create_dir_all(parent)
                .map_err(RepoError::io(format!("cannot create {}", parent.display())))?;
        }
        std::os::unix::fs::symlink(o, &link)
            .map_err(RepoError::io(format!("cannot link {}", link.display())))?;
    }
    let package_dir = match pkg.dir.strip_prefix(&pkg.workspace_root) {
        Ok(rel) => workspace_root.join(rel),
        Err(_) => workspace_root.clone(),
    };
    Ok(Copy {
        workspace_root,
        package_dir,
    })
}

/// Copies `from` into `to`, symlinks as symlinks, leaving out version-control and build
/// directories (`.git`, `target`, `mutants.out`, …).
pub(crate) fn copy_dir(from: &Path, to: &Path) -> Result<(), RepoError> {
    std::fs::create_dir_all(to)
        .map_err(RepoError::io(format!("cannot create {}", to.display())))?;
    let entries = std::fs::read_dir(from)
        .map_err(RepoError::io(format!("cannot read {}", from.display())))?;
    for entry in entries {
        let entry = entry.map_err(RepoError::io(format!("cannot read {}", from.display())))?;
        let name = entry.file_name();
        if [
            ".git",
            ".hg",
            ".jj",
            "target",
            "mutants.out",
            "mutants.out.old",
        ]
        .iter()
        .any(|skip| name == *skip)
        {
            continue;
        }
        let kind = entry.file_type().map_err(RepoError::io(format!(
            "cannot stat {}",
            entry.path().display()
        )))?;
        let dest = to.join(&name);
        if kind.is_dir() {
            copy_dir(&entry.path(), &dest)?;
        } else if kind.is_symlink() {
            let target = std::fs::read_link(entry.path()).map_err(RepoError::io(format!(
                "cannot read {}",
                entry.path().display()
            )))?;
            std::os::unix::fs::symlink(target, &dest)
                .map_err(RepoError::io(format!("cannot link {}", dest.display())))?;
        } else {
            std::fs::copy(entry.path(), &dest).map_err(RepoError::io(format!(
                "cannot copy {}",
                entry.path().display()
            )))?;
        }
    }
    Ok(())
}
