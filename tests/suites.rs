//! Suites: the shipped benchmark is frozen, builds are byte-exact, and tampering is caught.

use verigym::registry::EnvSet;
use verigym::suite::{self, SuiteSpec};

/// (suite, version, fingerprint). A change that alters a shipped suite's bytes must ship as a new
/// suite version in a new file, never by editing this line.
const PINNED: &[(&str, u32, &str)] = &[
    (
        "standard-v1",
        1,
        "575247f7acc28995e755255d3269489136f4d36954cc991224dcac5b0b0f9553",
    ),
    (
        "standard-v2",
        2,
        "47fdc02fc491f46fdb83384beff35092a66e48ec78a4bf111e2313f34726c5e4",
    ),
    (
        "standard-v3",
        3,
        "e8700f9148fcbe1202b8108e4b562c1062f5f4c8abcb16dbbb3d7ec7c7eb21a7",
    ),
    (
        "standard-v4",
        4,
        "69ac24c811e8dfa1ef9482fa1e83f1f1970c7a4e2eb938c6c6bb0a15db825f6d",
    ),
    (
        "standard-v5",
        5,
        "30be76c0c1f2cb1ab2d4d5ce23fc49611a1d62f214c03fc2e861a6614c65877d",
    ),
    (
        "standard-v6",
        6,
        "4709b3aae5d8e7b85d3cacaf4dc30da6258e0297687120b5b2cac9be92a4da29",
    ),
    (
        "standard-v7",
        7,
        "9dcef1a199223573ee96f767bb1d06d4294b6d6137fd2737d8c023d293062de8",
    ),
    (
        "standard-v8",
        8,
        "b19ca565c0956752460eb462927d203ee643859e17c15058d4f1a3c4b11439f0",
    ),
    (
        "standard-v9",
        9,
        "794b9ee57358c0722c0af16f3fcb3042afde25005024ca31f23ad2cafddb06e2",
    ),
    (
        "standard-v10",
        10,
        "8f6a8cf8dd72e8a58998e3bd57a5b777801bc024c975926de2afa91a1aa45597",
    ),
];

/// A fresh directory, removed when the value drops.
fn scratch(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("verigym-suite-{name}-"))
        .tempdir()
        .unwrap()
}

/// A shipped suite is either rebuilt to its pinned fingerprint, or, when this build's envs have
/// moved past the versions the suite pins, refused with a message naming them: never a silent
/// pass, and never a different benchmark under the old name.
#[test]
fn shipped_suites_are_frozen() {
    let mut rebuilt = 0;
    for &(name, version, fingerprint) in PINNED {
        let spec = SuiteSpec::load(name, &EnvSet::shipped()).unwrap();
        assert_eq!(spec.version, version, "{name}");
        assert!(!spec.env_versions.is_empty(), "{name} pins no env versions");
        let moved: Vec<&String> = spec
            .env_versions
            .iter()
            .filter(|(env, v)| verigym::registry::find(env).unwrap().version() != **v)
            .map(|(env, _)| env)
            .collect();
        match spec.build(&EnvSet::shipped()) {
            Ok(built) => {
                assert!(moved.is_empty(), "{name} built though {moved:?} moved on");
                assert_eq!(
                    built.manifest.sha256, fingerprint,
                    "{name} changed: bump its version instead"
                );
                rebuilt += 1;
            }
            Err(e) => {
                let e = e.to_string();
                assert!(!moved.is_empty(), "{name}: {e}");
                assert!(e.contains(&format!("{name} was frozen with")), "{e}");
                for env in moved {
                    assert!(e.contains(env.as_str()), "{e} does not name {env}");
                }
            }
        }
    }
    // The newest suite always builds here: it is the benchmark of this release.
    assert!(
        rebuilt >= 1,
        "no shipped suite builds with this release's envs"
    );
    let newest = PINNED.last().unwrap().0;
    assert!(
        SuiteSpec::load(newest, &EnvSet::shipped())
            .unwrap()
            .check_env_versions(&EnvSet::shipped())
            .is_ok()
    );
    assert_eq!(
        PINNED.len(),
        suite::SHIPPED.len(),
        "pin every shipped suite"
    );
}

#[test]
fn the_newest_standard_covers_every_registered_env_at_three_levels() {
    let spec = SuiteSpec::load("standard-v10", &EnvSet::shipped()).unwrap();
    for env in verigym::registry::envs() {
        let mut levels: Vec<f64> = spec
            .entries
            .iter()
            .filter(|e| e.env == env.id())
            .filter_map(|e| e.level)
            .collect();
        levels.dedup();
        assert_eq!(
            levels.len(),
            3,
            "{} is not covered at three levels",
            env.id()
        );
    }
}

#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow tier: `cargo test --features slow-tests` (CI runs it)"
)]
#[test]
fn build_then_check_is_byte_exact_across_thread_counts() {
    let dir_guard = scratch("roundtrip");
    let dir = dir_guard.path();
    let built = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap()
        .install(|| {
            SuiteSpec::load("standard-v10", &EnvSet::shipped())
                .unwrap()
                .build(&EnvSet::shipped())
                .unwrap()
        });
    built.write(dir).unwrap();
    let checked = rayon::ThreadPoolBuilder::new()
        .num_threads(3)
        .build()
        .unwrap()
        .install(|| suite::check(dir, &EnvSet::shipped()).unwrap());
    assert_eq!(checked, built.manifest);
    // A second check of the same directory is byte-exact too.
    suite::check(dir, &EnvSet::shipped()).unwrap();
}

#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow tier: `cargo test --features slow-tests` (CI runs it)"
)]
#[test]
fn tampering_is_caught_and_named() {
    let dir_guard = scratch("tamper");
    let dir = dir_guard.path();
    SuiteSpec::load("standard-v10", &EnvSet::shipped())
        .unwrap()
        .build(&EnvSet::shipped())
        .unwrap()
        .write(dir)
        .unwrap();
    let first = dir.join("00-modarith.jsonl");
    let mut bytes = std::fs::read(&first).unwrap();
    bytes[20] ^= 1;
    std::fs::write(&first, bytes).unwrap();
    let err = suite::check(dir, &EnvSet::shipped())
        .unwrap_err()
        .to_string();
    assert!(err.contains("00-modarith.jsonl differs"), "{err}");
    std::fs::remove_file(dir.join("01-modarith.jsonl")).unwrap();
    let err = suite::check(dir, &EnvSet::shipped())
        .unwrap_err()
        .to_string();
    assert!(err.contains("01-modarith.jsonl"), "{err}");
}

#[test]
fn bad_suite_files_name_the_field() {
    let cases = [
        (
            "name = \"x y\"\nversion = 1\n[[entries]]\nenv=\"modarith\"\nseed=1\ncount=1\n",
            "`name`: x y",
        ),
        ("name = \"x\"\nversion = 1\nentries = []\n", "`entries`"),
        (
            "name = \"x\"\nversion = 1\n[[entries]]\nenv=\"nope\"\nseed=1\ncount=1\n",
            "unknown env `nope`",
        ),
        (
            "name = \"x\"\nversion = 1\n[[entries]]\nenv=\"modarith\"\nseed=1\ncount=0\n",
            "`entries[0].count`: 0",
        ),
        (
            "name = \"x\"\nversion = 1\n[[entries]]\nenv=\"modarith\"\nlevel=12.0\nseed=1\ncount=1\n",
            "entries[0]: invalid value for `level`: 12",
        ),
        (
            "name = \"x\"\nversion = 1\n[[entries]]\nenv=\"modarith\"\nparams={steps=0}\nseed=1\ncount=1\n",
            "`steps`: 0",
        ),
        (
            "name = \"x\"\nversion = 1\ncolour = 3\n",
            "unknown field `colour`",
        ),
    ];
    for (text, needle) in cases {
        let err = SuiteSpec::from_toml(text, "t.toml", &EnvSet::shipped())
            .unwrap_err()
            .to_string();
        assert!(err.contains(needle), "{needle}: {err}");
    }
    let err = SuiteSpec::load("standard-v11", &EnvSet::shipped())
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("`suite`: standard-v11; allowed: a shipped suite (standard-v1"),
        "{err}"
    );
}
