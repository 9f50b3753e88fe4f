//! `verigym audit` on Cargo packages: each fixture crate under `tests/fixtures/crates/` (they
//! build offline) audited unchanged, one layout per test.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::support::tree;
use verigym::repo::RepoError;
use verigym::repo::audit::Status;
use verigym::repo::krate::{
    self, CrateMutant, CrateOptions, CrateReport, TANK_FLOOR, TANK_MULT, TestKind, audit_crate,
};
use verigym::repo::select::{ChangedLines, FileGlob, MutantFilter, Shard};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/crates")
        .join(name)
}

fn opts() -> CrateOptions {
    CrateOptions {
        // Small enough that the fixtures' endless-loop mutants time out in milliseconds.
        fuel: 1_000_000,
        ..CrateOptions::default()
    }
}

fn audit(name: &str, opts: &CrateOptions) -> CrateReport {
    audit_crate(&fixture(name), opts).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn statuses(r: &CrateReport) -> BTreeMap<String, Status> {
    r.mutants
        .iter()
        .map(|m| (m.report.mutant.id.clone(), m.report.status))
        .collect()
}

#[test]
fn multi_file_crate_with_path_inline_modules_and_both_kinds_of_tests() {
    let before = tree(&fixture("multi"));
    let r = audit("multi", &opts());
    assert_eq!(tree(&fixture("multi")), before, "the user's files changed");
    assert_eq!(
        r.files,
        ["src/lib.rs", "src/a.rs", "src/a/b.rs", "src/extra/p.rs"]
    );
    assert_eq!(r.const_fns_skipped, 1);
    assert!(
        r.mutants
            .iter()
            .all(|m| m.report.mutant.function != "twice")
    );
    // No mutant in test code: the unit tests start at `#[cfg(test)]`.
    let lib = std::fs::read_to_string(fixture("multi/src/lib.rs")).unwrap();
    let tests_line = lib.lines().position(|l| l == "#[cfg(test)]").unwrap() + 1;
    assert!(
        r.mutants
            .iter()
            .filter(|m| m.file == "src/lib.rs")
            .all(|m| m.report.mutant.line < tests_line)
    );
    // Unit and integration tests, the ignored one left out, the should_panic one counted.
    let targets: Vec<(&str, usize, usize)> = r
        .targets
        .iter()
        .map(|t| (t.target.as_str(), t.tests, t.ignored))
        .collect();
    assert_eq!(targets, [("lib", 1, 1), ("tests/api", 5, 0)]);
    assert!(r.tests.contains(&"[tests/api] odd_half_panics".to_owned()));
    assert_eq!(r.counts.unviable, 0, "{:#?}", r.mutants);
    let by = |file: &str, function: &str, status: Status| {
        r.mutants.iter().any(|m| {
            m.file == file && m.report.mutant.function == function && m.report.status == status
        })
    };
    assert!(by("src/a/b.rs", "max3", Status::Killed));
    assert!(by("src/lib.rs", "clamp", Status::Killed), "inline module");
    // `checked_half(0)`-style defaults no longer panic on an odd input: `#[should_panic]` fails.
    assert!(by("src/extra/p.rs", "checked_half", Status::Killed));
    // Removing `x /= 2` loops forever: fuel makes it a timeout.
    assert!(by("src/a.rs", "log2", Status::Timeout));
    // After the failed assert, `x / 2` is reached by no test.
    let unreached = r
        .mutants
        .iter()
        .find(|m| m.file == "src/extra/p.rs" && m.report.mutant.original == "/")
        .unwrap();
    assert_eq!(unreached.report.status, Status::Survived);
    assert_eq!(unreached.tests_run, 0);
    assert_eq!(
        unreached.report.reason.as_deref(),
        Some("no test reaches this code")
    );
    assert!(r.score > 0.5 && r.score < 1.0, "{}", r.score);
}

/// The tank of every mutant that ran: at least the floor, far below the 100 M ceiling; none for a
/// mutant no test reaches.
fn assert_sized(r: &CrateReport) {
    let ceiling = CrateOptions::default().fuel;
    for m in &r.mutants {
        let id = &m.report.mutant.id;
        match m.fuel {
            Some(f) => assert!(
                m.tests_run > 0 && (TANK_FLOOR..=ceiling / 10).contains(&f),
                "{id}: {f}"
            ),
            None => assert_eq!(m.tests_run, 0, "{id}"),
        }
    }
}

fn timeouts<'a>(r: &'a CrateReport, function: &str) -> Vec<&'a CrateMutant> {
    let found: Vec<&CrateMutant> = r
        .mutants
        .iter()
        .filter(|m| m.report.mutant.function == function && m.report.status == Status::Timeout)
        .collect();
    assert!(
        !found.is_empty(),
        "no timeout in {function}: {:#?}",
        r.mutants
    );
    found
}

/// Under the default 100 M ceiling each mutant run's tank is sized from its tests' baseline fuel,
/// so `log2`'s endless loop stops at the floor (2 M steps) instead of the ceiling, and every
/// verdict is the one a flat tank gives: `opts()`'s 1 M ceiling is below the floor, so there every
/// run gets exactly 1 M, as every run did before tanks were sized.
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow tier: `cargo test --features slow-tests` (CI runs it)"
)]
#[test]
fn a_looping_mutant_stops_at_a_tank_sized_from_the_baseline() {
    let out = tempfile::tempdir().unwrap();
    let dir = out.path().join("mutants.out");
    let sized = audit(
        "multi",
        &CrateOptions {
            mutants_out: Some(dir.clone()),
            ..CrateOptions::default()
        },
    );
    assert_eq!(statuses(&sized), statuses(&audit("multi", &opts())));
    assert_sized(&sized);
    // The fixture's tests are tiny (a few hundred steps): every tank is the floor.
    for t in &sized.targets {
        let used = t
            .fuel_used
            .unwrap_or_else(|| panic!("{}: unknown", t.target));
        assert!(
            used > 0 && used * TANK_MULT < TANK_FLOOR,
            "{}: {used}",
            t.target
        );
    }
    for m in timeouts(&sized, "log2") {
        assert_eq!(m.fuel, Some(TANK_FLOOR), "{}", m.report.mutant.id);
    }
    // The logs name the tank with the mutant, so a run can be repeated by hand.
    let logs: Vec<String> = std::fs::read_dir(dir.join("log"))
        .unwrap()
        .map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap())
        .collect();
    let tank = format!("VERIGYM_FUEL={TANK_FLOOR} ");
    assert!(logs.iter().any(|l| l.contains(&tank)), "{logs:#?}");
    // A dry tank is confirmed with one 20 × larger before the mutant is a timeout, so a run with
    // that tank follows a run with the floor, and only there; none has the ceiling.
    let again = format!("VERIGYM_FUEL={} ", TANK_FLOOR * TANK_MULT);
    assert!(logs.iter().any(|l| l.contains(&again)), "{logs:#?}");
    for l in logs.iter().filter(|l| l.contains(&again)) {
        assert!(l.find(&tank) < l.find(&again), "{l}");
    }
    assert!(!logs.iter().any(|l| l.contains("VERIGYM_FUEL=100000000")));
}

/// A heavy test's mutant runs get [`TANK_MULT`] × its baseline fuel, a light test's the floor,
/// and a `harness = false` target is measured as one process. A mutant's runs go cheapest
/// first, so the light runs come before the heavy one.
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow tier: `cargo test --features slow-tests` (CI runs it)"
)]
#[test]
fn the_tank_is_a_multiple_of_what_the_runs_tests_burned() {
    let r = audit("fuel", &CrateOptions::default());
    assert_eq!(statuses(&r), statuses(&audit("fuel", &opts())));
    assert_sized(&r);
    let used = |target: &str| {
        let t = r.targets.iter().find(|t| t.target == target).unwrap();
        t.fuel_used.unwrap_or_else(|| panic!("{target}: unknown"))
    };
    // `heavy` counts to 300,000: one step per iteration, plus the calls.
    let heavy = used("lib");
    assert!((300_000..301_000).contains(&heavy), "{heavy}");
    let whole = used("tests/whole");
    assert!((1_000..1_100).contains(&whole), "{whole}");
    assert!(
        r.targets
            .iter()
            .any(|t| t.target == "tests/whole" && !t.harness)
    );
    // `heavy` and the whole target reach `count_to`. The whole target burned less, so it runs
    // first (cheapest first) and times out on the floor's tank; the full matrix, in cargo's
    // order, runs `heavy` too, with 20 × its baseline.
    for m in timeouts(&r, "count_to") {
        assert_eq!(m.fuel, Some(TANK_FLOOR), "{}", m.report.mutant.id);
        assert_eq!(m.report.killed_by, ["[tests/whole] tests/whole"]);
    }
    let full = audit(
        "fuel",
        &CrateOptions {
            full_matrix: true,
            ..CrateOptions::default()
        },
    );
    assert_eq!(statuses(&r), statuses(&full));
    for m in timeouts(&full, "count_to") {
        assert_eq!(m.fuel, Some(TANK_MULT * heavy), "{}", m.report.mutant.id);
        assert!(
            m.report
                .killed_by
                .contains(&"[lib] tests::heavy".to_owned())
        );
    }
    // Only `light` reaches `log2` in the lib, and only the whole target calls `digits`.
    for m in timeouts(&r, "log2")
        .into_iter()
        .chain(timeouts(&r, "digits"))
    {
        assert_eq!(m.fuel, Some(TANK_FLOOR), "{}", m.report.mutant.id);
    }
    assert!(
        timeouts(&r, "digits")
            .iter()
            .all(|m| m.report.killed_by == ["[tests/whole] tests/whole"]),
        "{:#?}",
        r.mutants
    );
}

#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow tier: `cargo test --features slow-tests` (CI runs it)"
)]
#[test]
fn reach_selection_gives_the_full_matrix_verdicts() {
    let fast = audit("multi", &opts());
    let full = audit(
        "multi",
        &CrateOptions {
            full_matrix: true,
            ..opts()
        },
    );
    assert!(full.full_matrix);
    assert_eq!(statuses(&fast), statuses(&full));
    // The full matrix runs every test against every viable mutant.
    assert!(full.mutants.iter().all(|m| m.tests_run == full.tests.len()));
    assert!(fast.mutants.iter().any(|m| m.tests_run < fast.tests.len()));
}

#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow tier: `cargo test --features slow-tests` (CI runs it)"
)]
#[test]
fn unit_integration_suite_and_filter_choose_the_tests() {
    let unit = audit(
        "multi",
        &CrateOptions {
            tests: TestKind::Unit,
            ..opts()
        },
    );
    assert_eq!(unit.tests, ["[lib] tests::sum_adds"]);
    // `--suite` names a file relative to the crate, not the current directory.
    let suite = audit(
        "multi",
        &CrateOptions {
            suite: Some("tests/api.rs".into()),
            ..opts()
        },
    );
    assert!(suite.tests.iter().all(|t| t.starts_with("[tests/api] ")));
    let filtered = audit(
        "multi",
        &CrateOptions {
            test_filter: Some("clamp".into()),
            ..opts()
        },
    );
    assert_eq!(filtered.tests, ["[tests/api] clamps"]);
    let err = audit_crate(
        &fixture("multi"),
        &CrateOptions {
            suite: Some("tests/nope.rs".into()),
            ..opts()
        },
    )
    .unwrap_err();
    assert!(
        err.to_string().contains("its test targets are: api"),
        "{err}"
    );
}

#[test]
fn no_std_crate() {
    let r = audit("nostd", &opts());
    assert_eq!(r.counts.unviable, 0);
    assert!(r.counts.killed > 0);
}

#[test]
fn dev_dependency_by_path() {
    let r = audit("devdep", &opts());
    assert!(r.offline);
    assert_eq!(r.tests, ["[tests/sorting] sorts"]);
    assert!(r.counts.killed > 0, "{:?}", r.counts);
}

/// A dev-dependency on another version of the package itself (as itoa 1.0.19's pull itoa 1.0.18)
/// makes `-p NAME` ambiguous to cargo: the audit names the package with its version, and only
/// then (`devdep`'s arguments stay `-p devdep`).
#[test]
fn a_dependency_on_another_version_of_itself() {
    let r = audit("selfdep", &opts());
    assert_eq!(
        r.cargo_args[..2],
        ["-p", "selfdep@0.2.0"],
        "{:?}",
        r.cargo_args
    );
    assert_eq!(
        r.tests,
        [
            "[tests/agree] doubles_are_even",
            "[tests/agree] doubles_as_the_released_version_does"
        ]
    );
    assert!(r.counts.killed > 0, "{:?}", r.counts);
    assert_eq!(audit("devdep", &opts()).cargo_args[..2], ["-p", "devdep"]);
}

/// Mutating a fast path away (`closed_form` returns `None`) sends every call down the fallback:
/// the same results with 3 M loop steps where the baseline took a few, so the 2 M tank sized from
/// the baseline runs dry. Run again with the whole `--fuel`, the tests pass: the mutant is
/// missed (as cargo-mutants calls it), not a timeout. A truly endless loop still times out.
#[test]
fn an_equivalent_slow_path_is_never_a_timeout() {
    let r = audit("slowpath", &CrateOptions::default());
    let none = r
        .mutants
        .iter()
        .find(|m| {
            m.report.mutant.function == "closed_form" && m.report.mutant.replacement == "None"
        })
        .unwrap_or_else(|| panic!("no `None` mutant: {:#?}", r.mutants));
    assert_eq!(none.report.status, Status::Survived, "{none:#?}");
    assert_eq!(
        none.fuel,
        Some(TANK_FLOOR),
        "the first run's tank is still the sized one"
    );
    assert!(
        r.mutants.iter().all(|m| m.report.status != Status::Timeout),
        "{:#?}",
        r.mutants
    );
    // Under a ceiling below what the fallback needs, it is stuck as far as the audit can tell.
    let tight = audit(
        "slowpath",
        &CrateOptions {
            fuel: 2_500_000,
            filter: MutantFilter {
                function: Some(regex::Regex::new("^closed_form$").unwrap()),
                ..MutantFilter::default()
            },
            ..CrateOptions::default()
        },
    );
    let none = tight
        .mutants
        .iter()
        .find(|m| m.report.mutant.replacement == "None")
        .unwrap();
    assert_eq!(none.report.status, Status::Timeout, "{none:#?}");
    assert!(
        none.report
            .reason
            .as_deref()
            .is_some_and(|r| r.contains("ran out of fuel: a 2500000-step tank")),
        "{none:#?}"
    );
}

/// The package is built at opt-level 1 by default (its instrumentation inlined) and at the test
/// profile's own 0 on request; fuel counts steps, not time, so every verdict is the same.
#[test]
fn the_optimisation_level_changes_no_verdict() {
    let fast = audit("multi", &opts());
    assert_eq!(fast.opt_level, 1);
    let plain = audit(
        "multi",
        &CrateOptions {
            opt_level: 0,
            ..opts()
        },
    );
    assert_eq!(plain.opt_level, 0);
    assert_eq!(statuses(&fast), statuses(&plain));
    assert!(krate::render(&fast, false).contains("tests in 2 targets, opt-level 1)"));
}

/// The same on the compute-heavy fixture, under the default tank sizing, for its tightest loop.
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow tier: `cargo test --features slow-tests` (CI runs it)"
)]
#[test]
fn a_compute_heavy_crate_gets_the_same_verdicts_at_either_level() {
    let only_adler = || CrateOptions {
        filter: MutantFilter {
            function: Some(regex::Regex::new("^adler32$").unwrap()),
            ..MutantFilter::default()
        },
        ..CrateOptions::default()
    };
    let fast = audit("checksum", &only_adler());
    let plain = audit(
        "checksum",
        &CrateOptions {
            opt_level: 0,
            ..only_adler()
        },
    );
    assert!(fast.counts.viable >= 10, "{:?}", fast.counts);
    assert_eq!(statuses(&fast), statuses(&plain));
    assert_eq!(fast.targets[0].fuel_used, plain.targets[0].fuel_used);
}

/// A trait's default methods hold code like any function (cargo-mutants mutates them); they used
/// to be skipped, so a crate whose behaviour lives in its traits scored on nothing.
#[test]
fn trait_default_methods_are_mutated() {
    let r = audit("traitdefault", &opts());
    let in_fn = |name: &str| {
        r.mutants
            .iter()
            .filter(|m| m.report.mutant.function == name)
            .collect::<Vec<_>>()
    };
    for name in ["Polygon::angle_sum", "Polygon::has_more_sides_than"] {
        let found = in_fn(name);
        assert!(found.len() >= 3, "{name}: {:#?}", r.mutants);
        assert!(found.iter().all(|m| m.file == "src/lib.rs"), "{found:#?}");
    }
    // `angle_sum` replaced by 0, `-` by `+`, `>` by `>=`: each caught by the tests in shapes.rs.
    for (name, replacement) in [
        ("Polygon::angle_sum", "0"),
        ("Polygon::has_more_sides_than", ">="),
    ] {
        let m = in_fn(name)
            .into_iter()
            .find(|m| m.report.mutant.replacement.contains(replacement))
            .unwrap_or_else(|| panic!("{name} -> {replacement}: {:#?}", r.mutants));
        assert_eq!(m.report.status, Status::Killed, "{m:#?}");
    }
    // The required methods' impls are mutated as before.
    assert!(!in_fn("Square::sides").is_empty(), "{:#?}", r.mutants);
}

#[test]
fn features_add_code_and_tests() {
    let dec_killed = |r: &CrateReport| {
        r.mutants
            .iter()
            .filter(|m| m.report.mutant.function == "dec" && m.report.status == Status::Killed)
            .count()
    };
    let plain = audit("features", &opts());
    assert_eq!(dec_killed(&plain), 0);
    let extra = audit(
        "features",
        &CrateOptions {
            features: vec!["extra".into()],
            ..opts()
        },
    );
    assert!(extra.cargo_args.contains(&"extra".to_owned()));
    assert!(dec_killed(&extra) > 0);
    assert_eq!(extra.tests.len(), plain.tests.len() + 1);
}

#[test]
fn workspace_member_with_p() {
    let r = audit(
        "workspace",
        &CrateOptions {
            package: Some("wcore".into()),
            ..opts()
        },
    );
    assert_eq!(r.package, "wcore");
    assert_eq!(r.counts.survived, 0);
    let err = audit_crate(&fixture("workspace"), &opts()).unwrap_err();
    assert!(matches!(err, RepoError::Crate { .. }));
    assert!(err.to_string().contains("-p (wcore, wapp)"), "{err}");
}

/// Removing the `return` or `break` that leaves a loop makes the borrow checker object to code
/// outside the mutant's arm (a value moved in the previous iteration, a variable assigned
/// twice): the function's mutants are bisected, the removals unviable with the compiler's
/// message, every other mutant judged by the tests.
#[test]
fn a_removed_loop_exit_is_unviable_though_its_error_is_outside_its_arm() {
    let r = audit("loopexit", &opts());
    let unviable: BTreeSet<(&str, &str)> = r
        .mutants
        .iter()
        .filter(|m| m.report.status == Status::Unviable)
        .map(|m| {
            (
                m.report.mutant.function.as_str(),
                m.report.mutant.original.as_str(),
            )
        })
        .collect();
    let removed = |function: &str, original: &str| unviable.contains(&(function, original));
    assert!(removed("decode_first", "return Some(out);"), "{unviable:?}");
    assert!(removed("split_type", "break;"), "{unviable:?}");
    // Removing an assignment leaves a binding uninitialized: unviable too, and rightly.
    assert!(removed("split_type", "slash = i;"), "{unviable:?}");
    // The same in a trait impl, where no copy of the method can stand beside it, and in an
    // inherent method, where copies judge each removal alone.
    for function in ["Key::from_str", "Key::value_end"] {
        assert!(removed(function, "break;"), "{function}: {unviable:?}");
        let assignment = if function == "Key::from_str" {
            "at = i;"
        } else {
            "end = i;"
        };
        assert!(removed(function, assignment), "{function}: {unviable:?}");
    }
    // Each removal of a whole loop leaves its binding uninitialized; `from_str` cannot return
    // `Default::default()`, as `Result<Key, ()>` has none.
    let loops = unviable
        .iter()
        .filter(|(_, original)| original.starts_with("loop {"))
        .count();
    assert_eq!(loops, 3, "{unviable:?}");
    assert_eq!(unviable.len(), 12, "{unviable:?}");
    let reason = |original: &str| {
        r.mutants
            .iter()
            .find(|m| m.report.mutant.original == original)
            .and_then(|m| m.report.reason.clone())
            .unwrap_or_default()
    };
    assert!(reason("return Some(out);").contains("moved value: `iter`"));
    assert!(reason("break;").contains("assign twice"));
    // A path through the schemata runs the removed `break` and then another mutant's arm (the
    // match without its first arm), where the second assignment is reported: that mutant
    // builds alone and is judged, not taken for unviable.
    let arm_removal = r
        .mutants
        .iter()
        .find(|m| {
            m.report.mutant.function == "split_type"
                && m.report.mutant.original.starts_with("Some((_, c))")
        })
        .expect("the match arm's removal");
    assert_eq!(arm_removal.report.status, Status::Killed);
    // Nothing left out unjudged; every other mutant ran.
    assert_eq!(r.counts.skipped, 0);
    assert_eq!(
        r.counts.killed + r.counts.survived + r.counts.timeout + r.counts.unviable,
        r.counts.total
    );
    assert!(r.counts.killed > r.counts.total / 2, "{:?}", r.counts);
    assert!(r.timing.build_rounds > 1);
}

/// One build when nothing fails to compile.
#[test]
fn a_crate_whose_mutants_all_compile_is_built_once() {
    let r = audit("nostd", &opts());
    assert_eq!(r.counts.unviable, 0);
    assert_eq!(r.timing.build_rounds, 1);
}

#[test]
fn crate_with_a_build_script() {
    let r = audit("buildrs", &opts());
    assert_eq!(r.counts.killed, r.counts.total, "{:#?}", r.mutants);
}

#[test]
fn an_empty_suite_is_an_error() {
    let err = audit_crate(&fixture("empty"), &opts()).unwrap_err();
    assert!(matches!(err, RepoError::EmptySuite { .. }), "{err}");
}

#[test]
fn flaky_tests_are_reported_and_left_out() {
    let r = audit("flaky", &opts());
    assert_eq!(r.flaky_tests, ["[lib] tests::alternating"]);
    assert_eq!(r.tests, ["[lib] tests::steady"]);
    // Verdicts come from the steady test alone.
    assert!(r.mutants.iter().all(|m| {
        m.report
            .killed_by
            .iter()
            .all(|t| t == "[lib] tests::steady")
    }));
}

#[test]
fn compile_errors_point_at_the_users_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("src")).unwrap();
    std::fs::write(
        dir.path().join("Cargo.toml"),
        "[package]\nname = \"broken\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[workspace]\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("src/lib.rs"),
        "pub fn f(x: u32) -> u32 {\n    x + 1\n}\n\npub fn g() -> u32 {\n    \"no\"\n}\n",
    )
    .unwrap();
    let err = audit_crate(dir.path(), &opts()).unwrap_err();
    let text = err.to_string();
    assert!(matches!(err, RepoError::Compile { .. }), "{text}");
    assert!(text.contains("the crate does not compile"), "{text}");
    assert!(text.contains("src/lib.rs:6:"), "{text}");
    let user = dir.path().canonicalize().unwrap();
    assert!(
        text.contains(&*user.to_string_lossy()) || text.contains("--> src/lib.rs:6"),
        "{text}"
    );
    assert!(!text.contains("verigym-crate-"), "names the copy: {text}");
}

#[test]
fn the_cli_detects_a_crate_and_takes_cargo_flags() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_verigym"))
        .args([
            "audit",
            "--features",
            "extra",
            "--tests",
            "integration",
            "--fuel",
            "1000000",
        ])
        .arg(fixture("features"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains("verigym audit: crate features 0.1.0"),
        "{stdout}"
    );
    assert!(
        stdout.contains("2 tests in 1 targets, opt-level 1)"),
        "{stdout}"
    );
}

/// The mutants of `full` that `part` selected, with their verdicts: a narrowed audit must judge
/// each of its mutants exactly as the unselected audit did.
fn restricted(full: &CrateReport, part: &CrateReport) -> BTreeMap<String, Status> {
    let ids: BTreeSet<&str> = part
        .mutants
        .iter()
        .map(|m| m.report.mutant.id.as_str())
        .collect();
    statuses(full)
        .into_iter()
        .filter(|(id, _)| ids.contains(id.as_str()))
        .collect()
}

fn select(filter: MutantFilter) -> CrateOptions {
    CrateOptions { filter, ..opts() }
}

#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow tier: `cargo test --features slow-tests` (CI runs it)"
)]
#[test]
fn shards_files_and_functions_select_mutants_with_the_unselected_verdicts() {
    let full = audit("multi", &opts());
    assert_eq!(full.selection.filter, "all mutants");
    assert_eq!(full.selection.selected, full.mutants.len());
    assert!(full.counts.timeout > 0 && full.counts.survived > 0 && full.counts.killed > 0);

    // Two shards: disjoint, together every mutant, each verdict as in the full audit.
    let mut union = BTreeMap::new();
    for k in 0..2 {
        let part = audit(
            "multi",
            &select(MutantFilter {
                shard: Some(Shard { k, n: 2 }),
                ..MutantFilter::default()
            }),
        );
        assert_eq!(part.selection.found, full.mutants.len());
        assert_eq!(
            part.selection.selected + part.selection.other_shards,
            full.mutants.len()
        );
        assert_eq!(part.counts.total, part.mutants.len());
        assert!(!part.mutants.is_empty());
        assert_eq!(statuses(&part), restricted(&full, &part), "shard {k}/2");
        for (id, status) in statuses(&part) {
            assert!(union.insert(id, status).is_none(), "in both shards");
        }
    }
    assert_eq!(union, statuses(&full));

    // A file glob (package-relative, as cargo-mutants writes paths) and a function regex.
    let files = audit(
        "multi",
        &select(MutantFilter {
            files: vec![FileGlob::parse("--file", "src/a/*.rs").unwrap()],
            ..MutantFilter::default()
        }),
    );
    assert!(!files.mutants.is_empty());
    assert!(files.mutants.iter().all(|m| m.file == "src/a/b.rs"));
    assert_eq!(statuses(&files), restricted(&full, &files));
    let excluded = audit(
        "multi",
        &select(MutantFilter {
            exclude: vec![FileGlob::parse("--exclude", "lib.rs").unwrap()],
            function: Some(MutantFilter::function_regex("^(log2|clamp|max3)$").unwrap()),
            ..MutantFilter::default()
        }),
    );
    let functions: BTreeSet<&str> = excluded
        .mutants
        .iter()
        .map(|m| m.report.mutant.function.as_str())
        .collect();
    // `clamp` lives in an inline module of src/lib.rs: excluded with its file.
    assert_eq!(functions, BTreeSet::from(["log2", "max3"]));
    assert_eq!(statuses(&excluded), restricted(&full, &excluded));
    assert!(
        excluded.counts.timeout > 0,
        "log2's endless loop still times out"
    );
    assert!(
        krate::render(&excluded, false).contains(&format!(
            "selected {} of {} mutants",
            excluded.mutants.len(),
            full.mutants.len()
        )),
        "{}",
        krate::render(&excluded, false)
    );
}

#[test]
fn in_diff_selects_a_pull_requests_changed_lines() {
    // As `git diff` writes it from the package root: `src/a.rs`, line 4 changed.
    let diff = "diff --git a/src/a.rs b/src/a.rs\n--- a/src/a.rs\n+++ b/src/a.rs\n\
                @@ -3,3 +3,3 @@ pub mod b;\n pub fn is_even(x: u32) -> bool {\n-    x % 3 == 0\n\
                +    x % 2 == 0\n }\n";
    let changed = ChangedLines::parse("pr.diff", diff).unwrap();
    let r = audit(
        "multi",
        &select(MutantFilter {
            in_diff: Some(changed),
            ..MutantFilter::default()
        }),
    );
    assert!(!r.mutants.is_empty());
    assert!(
        r.mutants
            .iter()
            .all(|m| m.file == "src/a.rs" && m.report.mutant.function == "is_even"),
        "{:#?}",
        r.mutants
    );
    assert!(r.counts.killed > 0);
    let full = audit(
        "multi",
        &select(MutantFilter {
            function: Some(MutantFilter::function_regex("^is_even$").unwrap()),
            ..MutantFilter::default()
        }),
    );
    assert_eq!(statuses(&r), restricted(&full, &r));

    // A diff from a workspace root names files the package does not have: refused, not an
    // empty selection.
    let rooted = diff.replace("/src/a.rs", "/crates/multi/src/a.rs");
    let err = audit_crate(
        &fixture("multi"),
        &select(MutantFilter {
            in_diff: Some(ChangedLines::parse("pr.diff", &rooted).unwrap()),
            ..MutantFilter::default()
        }),
    )
    .unwrap_err();
    let text = err.to_string();
    assert!(matches!(err, RepoError::Selection(_)), "{text}");
    assert!(
        text.contains("--in-diff") && text.contains("crates/multi/src/a.rs"),
        "{text}"
    );
    assert!(text.contains("relative to the package directory"), "{text}");
    // A stale diff (its new side is not the source) is refused too.
    let stale = diff.replace("+    x % 2 == 0", "+    x % 4 == 0");
    let err = audit_crate(
        &fixture("multi"),
        &select(MutantFilter {
            in_diff: Some(ChangedLines::parse("pr.diff", &stale).unwrap()),
            ..MutantFilter::default()
        }),
    )
    .unwrap_err();
    assert!(err.to_string().contains("src/a.rs:4"), "{err}");
}

/// The selection flags reach the crate engine from the CLI; bad values name the flag.
#[test]
fn the_cli_takes_selection_flags_on_a_crate() {
    let run = |flags: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_verigym"))
            .arg("audit")
            .arg(fixture("multi"))
            .args(["--fuel", "1000000", "--progress", "off"])
            .args(flags)
            .output()
            .unwrap()
    };
    let out = run(&["--function", "^max3$", "--file", "src/**"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("selected "), "{stdout}");
    assert!(stdout.contains("--function ^max3$"), "{stdout}");
    let out = run(&["--shard", "2/2"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("--shard \"2/2\""), "{err}");
}
