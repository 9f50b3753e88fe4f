//! `ARCHITECTURE.md` names every crate of the workspace and every top-level module of each, and
//! stays short enough to read in one sitting.

use std::fs;
use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn architecture() -> String {
    fs::read_to_string(root().join("ARCHITECTURE.md")).unwrap()
}

/// The text under the `### ` heading that starts with `heading`, up to the next heading.
fn section<'a>(doc: &'a str, heading: &str) -> Option<&'a str> {
    let start = doc.find(&format!("\n### {heading}"))? + 1;
    let body = &doc[start..];
    let end = body[4..]
        .find("\n## ")
        .into_iter()
        .chain(body[4..].find("\n### "))
        .min()
        .map_or(body.len(), |e| e + 4);
    Some(&body[..end])
}

/// The file and directory names under `dir`, as a module map names them (`x.rs`, `x/`).
fn entries(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            let name = e.file_name().to_string_lossy().into_owned();
            if e.file_type().unwrap().is_dir() {
                format!("{name}/")
            } else {
                name
            }
        })
        .filter(|n| n.ends_with(".rs") || n.ends_with('/'))
        .filter(|n| n != "lib.rs" && n != "mod.rs")
        .collect();
    names.sort();
    names
}

/// Whether `text` names `entry` in backticks, as `x.rs`, `x/` or plain `x`.
fn names(text: &str, entry: &str) -> bool {
    let stem = entry.trim_end_matches('/').trim_end_matches(".rs");
    [
        format!("`{entry}`"),
        format!("`{stem}`"),
        format!("`{stem}/"),
    ]
    .iter()
    .any(|form| text.contains(form.as_str()))
}

fn package_name(manifest: &Path) -> String {
    let text = fs::read_to_string(manifest).unwrap();
    let table: toml::Table = text.parse().unwrap();
    table["package"]["name"].as_str().unwrap().to_owned()
}

#[test]
fn every_crate_and_its_top_level_modules_are_on_the_map() {
    let doc = architecture();
    let mut missing = Vec::new();
    for dir in fs::read_dir(root().join("crates")).unwrap() {
        let dir = dir.unwrap().path();
        let name = package_name(&dir.join("Cargo.toml"));
        let folder = dir.file_name().unwrap().to_string_lossy().into_owned();
        let Some(text) = section(&doc, &format!("`{name}` (`crates/{folder}/`)")) else {
            missing.push(format!("no `### `{name}` (`crates/{folder}/`)` section"));
            continue;
        };
        for entry in entries(&dir.join("src")) {
            if !names(text, &entry) {
                missing.push(format!("{name}: {entry}"));
            }
        }
        // The env crate's folders are families; each env in them is named too.
        if name == "verigym-envs" {
            for family in entries(&dir.join("src"))
                .iter()
                .filter(|e| e.ends_with('/'))
            {
                for entry in entries(&dir.join("src").join(family)) {
                    if !names(text, &entry) {
                        missing.push(format!("{name}: {family}{entry}"));
                    }
                }
            }
        }
    }
    let cli = section(&doc, "`verigym-cli`").expect("a `### `verigym-cli`` section");
    for entry in entries(&root().join("src/cli")) {
        if !names(cli, &entry) {
            missing.push(format!("verigym-cli: src/cli/{entry}"));
        }
    }
    for outside in ["python/", "envs/", "schemas/", "fuzz/", ".ci/run"] {
        if !doc.contains(&format!("`{outside}")) {
            missing.push(outside.to_owned());
        }
    }
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md does not name: {missing:#?}"
    );
}

#[test]
fn every_workspace_member_is_a_crate_on_the_map() {
    let doc = architecture();
    let manifest: toml::Table = fs::read_to_string(root().join("Cargo.toml"))
        .unwrap()
        .parse()
        .unwrap();
    for member in manifest["workspace"]["members"].as_array().unwrap() {
        let member = member.as_str().unwrap();
        let name = package_name(&root().join(member).join("Cargo.toml"));
        assert!(
            doc.contains(&format!("`{name}`")) || doc.contains(&format!("`{member}/`")),
            "ARCHITECTURE.md does not name the workspace member {member} ({name})"
        );
    }
}

#[test]
fn the_map_is_short() {
    let words = architecture().split_whitespace().count();
    assert!(
        words <= 3000,
        "ARCHITECTURE.md has {words} words; keep it at most 3,000"
    );
}
