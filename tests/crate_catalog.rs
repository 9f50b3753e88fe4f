//! `verigym catalog` on Cargo packages: a fixture crate's catalog is exact for the source copy
//! it ships with, bad inputs are refused by field, a failed build leaves nothing behind, and the
//! shipped corpus under `envs/crates/` loads and rebuilds byte for byte.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::support::tree;
use verigym::repo::krate::CrateOptions;
use verigym::repo::krate::catalog::{self, CATALOG_JSON, CrateCatalog, SOURCE_DIR};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn fixture(name: &str) -> PathBuf {
    root().join("tests/fixtures/crates").join(name)
}

fn opts() -> CrateOptions {
    CrateOptions {
        // As in tests/audit_crates.rs: the fixtures' endless-loop mutants stop in milliseconds.
        fuel: 1_000_000,
        ..CrateOptions::default()
    }
}

#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow tier: `cargo test --features slow-tests` (CI runs it)"
)]
#[test]
fn a_fixture_crate_catalog_is_exact_for_the_source_it_ships_with() {
    let scratch = tempfile::tempdir().unwrap();
    let out = scratch.path().join("multi");
    let built = catalog::build(&fixture("multi"), &out, &opts()).unwrap();
    let c = &built.catalog;
    // Only what building and testing needs, and a workspace of its own.
    let files: Vec<String> = tree(&out.join(SOURCE_DIR)).into_keys().collect();
    let mut expected = vec![
        "Cargo.toml",
        "src/a.rs",
        "src/a/b.rs",
        "src/extra/p.rs",
        "src/lib.rs",
        "tests/api.rs",
    ];
    expected.sort();
    assert_eq!(files, expected);
    assert_eq!(
        std::fs::read_to_string(out.join(SOURCE_DIR).join("Cargo.toml")).unwrap(),
        std::fs::read_to_string(fixture("multi/Cargo.toml")).unwrap(),
        "a manifest with its own [workspace] is copied unchanged"
    );
    // The file on disk is what `build` returned, and `load` reads it back.
    let text = std::fs::read_to_string(out.join(CATALOG_JSON)).unwrap();
    assert_eq!(text, catalog::to_json(c));
    assert_eq!(&catalog::load(&out).unwrap(), c);
    assert_eq!(
        c.source_sha256,
        catalog::source_sha256(&out.join(SOURCE_DIR)).unwrap()
    );
    assert_eq!(c.format, catalog::CATALOG_FORMAT);
    assert_eq!((c.package.as_str(), c.version.as_str()), ("multi", "0.1.0"));
    assert!(!c.bugs.is_empty() && c.bugs.len() <= built.killed);
    let reaches: BTreeMap<&str, &Vec<String>> = c
        .tests
        .iter()
        .map(|t| (t.name.as_str(), &t.reaches))
        .collect();
    for b in &c.bugs {
        let source = std::fs::read_to_string(out.join(SOURCE_DIR).join(&b.file)).unwrap();
        assert_eq!(source[b.span[0]..b.span[1]], b.original, "{}", b.id);
        let item = &source[b.item_span[0]..b.item_span[1]];
        assert!(item.ends_with('}'), "{}: {item}", b.id);
        let name = b.function.rsplit("::").next().unwrap();
        assert!(item.contains(&format!("fn {name}")), "{}: {item}", b.id);
        assert!(!b.failing.is_empty(), "{}", b.id);
        for f in &b.failing {
            assert!(!f.message.is_empty() && f.message != "failed", "{}", b.id);
            // A test fails under a bug only if it ran the bug's function: reach is exact
            // enough to see that.
            let key = format!("{}#{}", b.file, b.function);
            assert!(
                reaches[f.test.as_str()].contains(&key),
                "{}: {} fails but does not reach {key}",
                b.id,
                f.test
            );
        }
    }
    // Test code and `const fn`s hold no bugs.
    assert!(c.bugs.iter().all(|b| b.function != "twice"));
    assert!(c.bugs.iter().all(|b| !b.function.starts_with("tests")));
    // Every file of the library has bugs, but for `#[path]`'s `p.rs`: its only test is
    // `#[should_panic]`, and a should-panic test that returns fails with no panic message.
    for file in ["src/lib.rs", "src/a.rs", "src/a/b.rs"] {
        assert!(c.bugs.iter().any(|b| b.file == file), "{file}");
    }
    assert!(c.bugs.iter().all(|b| b.file != "src/extra/p.rs"));
    assert!(
        built.left_out["a test failed without a panic message"] > 0,
        "{:?}",
        built.left_out
    );
    assert_eq!(
        built.left_out.values().sum::<usize>() + c.bugs.len(),
        built.killed,
        "every kill is a bug or left out for a reason"
    );

    // A hand-edited catalog is caught.
    let tampered = |edit: &dyn Fn(&mut CrateCatalog)| {
        let mut t = c.clone();
        edit(&mut t);
        std::fs::write(out.join(CATALOG_JSON), catalog::to_json(&t)).unwrap();
        catalog::load(&out).unwrap_err().to_string()
    };
    let e = tampered(&|t| t.bugs[0].original.push('x'));
    assert!(e.contains("is not the text at span"), "{e}");
    let e = tampered(&|t| t.bugs[0].span[1] = 1 << 20);
    assert!(e.contains("is not a character range"), "{e}");
    let e = tampered(&|t| t.format = catalog::CATALOG_FORMAT + 1);
    assert!(e.contains("reads catalog format 1 only"), "{e}");
}

#[test]
fn packages_that_cannot_build_alone_and_bad_catalog_directories_are_refused() {
    let scratch = tempfile::tempdir().unwrap();
    // Workspace inheritance, named by field.
    let ws = scratch.path().join("ws");
    std::fs::create_dir_all(ws.join("m/src")).unwrap();
    std::fs::write(
        ws.join("Cargo.toml"),
        "[workspace]\nmembers = [\"m\"]\nresolver = \"2\"\n\n[workspace.package]\nversion = \"0.3.0\"\n",
    )
    .unwrap();
    std::fs::write(
        ws.join("m/Cargo.toml"),
        "[package]\nname = \"m\"\nversion.workspace = true\nedition = \"2021\"\n",
    )
    .unwrap();
    std::fs::write(ws.join("m/src/lib.rs"), "pub fn f() -> u8 { 1 }\n").unwrap();
    let out = scratch.path().join("out");
    let e = catalog::build(
        &ws,
        &out,
        &CrateOptions {
            package: Some("m".into()),
            ..opts()
        },
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("`package.version.workspace`"), "{e}");
    assert!(
        e.contains("m/Cargo.toml"),
        "the error names the manifest: {e}"
    );
    // A path dependency.
    let e = catalog::build(&fixture("devdep"), &out, &opts())
        .unwrap_err()
        .to_string();
    assert!(e.contains("`dev-dependencies.helper.path`"), "{e}");
    // The catalog inside the package.
    let e = catalog::build(&fixture("multi"), &fixture("multi/catalog"), &opts())
        .unwrap_err()
        .to_string();
    assert!(e.contains("inside the package"), "{e}");
    assert!(!fixture("multi/catalog").exists());
    // A directory that is neither empty nor a catalog.
    std::fs::create_dir_all(&out).unwrap();
    std::fs::write(out.join("keep.txt"), "mine").unwrap();
    let e = catalog::build(&fixture("multi"), &out, &opts())
        .unwrap_err()
        .to_string();
    assert!(e.contains("not empty and not a catalog"), "{e}");
    assert_eq!(
        std::fs::read_to_string(out.join("keep.txt")).unwrap(),
        "mine"
    );
    // Nothing was left beside it.
    let names: Vec<String> = std::fs::read_dir(scratch.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
}

#[test]
fn a_failed_build_leaves_the_previous_catalog_and_no_partial_one() {
    let scratch = tempfile::tempdir().unwrap();
    let pkg = scratch.path().join("pkg");
    std::fs::create_dir_all(pkg.join("src")).unwrap();
    std::fs::write(
        pkg.join("Cargo.toml"),
        "[package]\nname = \"pkg\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[workspace]\n",
    )
    .unwrap();
    std::fs::write(
        pkg.join("src/lib.rs"),
        "pub fn one() -> u32 { 1 }\n\n#[test]\nfn wrong() { assert_eq!(one(), 2); }\n",
    )
    .unwrap();
    // A previous catalog (of another crate, which does not matter here) at the target.
    let out = scratch.path().join("cat");
    std::fs::create_dir_all(out.join(SOURCE_DIR)).unwrap();
    std::fs::write(out.join(CATALOG_JSON), "{}\n").unwrap();
    std::fs::write(out.join(SOURCE_DIR).join("x"), "old").unwrap();
    let before = tree(&out);
    let e = catalog::build(&pkg, &out, &opts()).unwrap_err().to_string();
    assert!(e.contains("fails suite") && e.contains("wrong"), "{e}");
    assert_eq!(tree(&out), before, "the previous catalog is untouched");
    let mut names: Vec<String> = std::fs::read_dir(scratch.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["cat", "pkg"], "no partial catalog beside it");
}

#[test]
fn the_cli_needs_a_directory_for_a_crate_and_refuses_crate_flags_on_a_mini_repo() {
    let run = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_verigym"))
            .args(args)
            .output()
            .unwrap();
        (out.status.code(), String::from_utf8(out.stderr).unwrap())
    };
    let multi = fixture("multi");
    let (code, err) = run(&["catalog", multi.to_str().unwrap()]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("--out DIR is required for a Cargo package"),
        "{err}"
    );
    let (code, err) = run(&["catalog", multi.to_str().unwrap(), "--out", "-"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("not a stream"), "{err}");
    let toy = root().join("envs/repos/toy");
    let (code, err) = run(&["catalog", toy.to_str().unwrap(), "--features", "x"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("--features: only for a Cargo package"),
        "{err}"
    );
}

/// The shipped catalog directories, by name.
fn shipped() -> Vec<(String, PathBuf)> {
    let dir = root().join("envs/crates");
    let mut out: Vec<(String, PathBuf)> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .map(|p| (p.file_name().unwrap().to_string_lossy().into_owned(), p))
        .collect();
    out.sort();
    out
}

#[test]
fn every_shipped_catalog_loads_matches_its_source_and_is_documented() {
    let shipped = shipped();
    assert!(shipped.len() >= 5, "{shipped:?}");
    let readme = std::fs::read_to_string(root().join("envs/crates/README.md")).unwrap();
    let rebuild = std::fs::read_to_string(root().join("envs/crates/rebuild.sh")).unwrap();
    for (name, dir) in &shipped {
        let c = catalog::load(dir).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(&c.package, name);
        assert_eq!(
            c.source_sha256,
            catalog::source_sha256(&dir.join(SOURCE_DIR)).unwrap(),
            "{name}: the source changed since its catalog was built"
        );
        assert!(c.bugs.len() >= 30, "{name}: {} bugs", c.bugs.len());
        assert!(
            readme.contains(&format!("`{name}` {}", c.version)),
            "{name} {} is not in envs/crates/README.md",
            c.version
        );
        assert!(
            rebuild.contains(name),
            "{name} is not rebuilt by rebuild.sh"
        );
        let licences = std::fs::read_dir(dir.join(SOURCE_DIR))
            .unwrap()
            .filter(|e| {
                let n = e.as_ref().unwrap().file_name();
                n.to_string_lossy()
                    .to_ascii_uppercase()
                    .starts_with("LICENSE")
            })
            .count();
        assert!(licences > 0, "{name}: no licence file in its source");
    }
}

/// Rebuilds a shipped catalog from its shipped source; panics unless it is byte for byte the
/// committed one (`envs/crates/rebuild.sh` rebuilds them after a change that moves them).
fn check_rebuild(name: &str, dir: &Path) {
    let scratch = tempfile::tempdir().unwrap();
    let out = scratch.path().join(name);
    // The options `rebuild.sh` uses: the defaults.
    catalog::build(&dir.join(SOURCE_DIR), &out, &CrateOptions::default())
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    let fresh = std::fs::read_to_string(out.join(CATALOG_JSON)).unwrap();
    let committed = std::fs::read_to_string(dir.join(CATALOG_JSON)).unwrap();
    assert!(
        fresh == committed,
        "{name}: the committed catalog is stale; run envs/crates/rebuild.sh"
    );
    assert_eq!(
        tree(&out.join(SOURCE_DIR)),
        tree(&dir.join(SOURCE_DIR)),
        "{name}: the source copy of the shipped source differs from it"
    );
}

#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow tier: `cargo test --features slow-tests` (CI runs it)"
)]
#[test]
fn the_smallest_shipped_catalog_rebuilds_byte_for_byte() {
    // Smallest by catalog size, a fair proxy for the audit's runs (bugs × tests); the others
    // take minutes, so the full check below is ignored.
    let (name, dir) = shipped()
        .into_iter()
        .min_by_key(|(_, d)| std::fs::metadata(d.join(CATALOG_JSON)).unwrap().len())
        .unwrap();
    check_rebuild(&name, &dir);
}

#[test]
#[ignore = "minutes: a full-matrix audit of every shipped crate"]
fn every_shipped_catalog_rebuilds_byte_for_byte() {
    for (name, dir) in shipped() {
        check_rebuild(&name, &dir);
    }
}
