//! `repo_fix`'s runner under attack: answers that forge the test outcome, block, spin, crash,
//! or turn the compiler against the host score 0 in seconds, quote nothing from other files, and
//! never change a sibling's verdict.
//!
//! Each attack is tried twice where it can be: as a response through the public verifier (the
//! answer policy may stop it first, which is fine: it must score 0 either way), and as a ready
//! fix handed to [`verify_unscreened`], which skips the policy, so the runner's own defences are
//! tested as if the policy had a hole.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use proptest::prelude::*;
use rayon::prelude::*;
use verigym::envs::repo_fix::{RepoFix, RepoFixData, RepoFixParams, verify_unscreened};
use verigym::repo::{mutate, sandbox};
use verigym::{Env, EnvParams, Generator, Problem, Reason, Verdict};

type P = Problem<RepoFixParams, RepoFixData>;

/// A level-0 problem (one bug in one function).
fn problem(seed: u64) -> P {
    Generator::new(&RepoFix, RepoFixParams::at_level(0.0), seed)
        .unwrap()
        .problem(0)
}

/// The buggy function's name and its text, fixed (from the clean repo) and as shipped (buggy).
fn items(p: &P) -> (String, String, String) {
    let name = p.data.bugs[0].function.clone();
    let clean = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("envs/repos")
            .join(&p.data.repo)
            .join("src/lib.rs"),
    )
    .unwrap();
    let text = |source: &str| {
        let a = mutate::analyze(source, "src/lib.rs").unwrap();
        let f = a.functions.iter().find(|f| f.name == name).unwrap();
        source[f.span.clone()].to_owned()
    };
    let (fixed, buggy) = (text(&clean), text(&p.data.library));
    (name, fixed, buggy)
}

/// `item` with `code` inserted at the start of its body.
fn prefixed(item: &str, code: &str) -> String {
    let f: syn::ItemFn = syn::parse_str(item).unwrap();
    let at = f.block.brace_token.span.open().byte_range().end;
    format!("{} {code}{}", &item[..at], &item[at..])
}

/// A response holding `item` as the fix of `name` (inside its `impl` block for a method).
fn response(name: &str, item: &str) -> String {
    match name.rsplit_once("::") {
        Some((ty, _)) => format!("```rust\nimpl {ty} {{\n{item}\n}}\n```"),
        None => format!("```rust\n{item}\n```"),
    }
}

/// What a test prints to pass under libtest: `ok` ends the line of the test that is running,
/// then a success line for every test and the summary.
fn fake_success(p: &P) -> String {
    let mut fake = String::from("ok\n");
    for t in &p.data.tests {
        fake.push_str(&format!("test suite::{t} ... ok\n"));
    }
    fake.push_str(&format!(
        "\ntest result: ok. {} passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; \
         finished in 0.00s\n\n",
        p.data.tests.len()
    ));
    fake
}

/// Code that prints libtest's success lines straight to stdout and exits with 0.
fn forge_and_exit(p: &P) -> String {
    format!(
        "{{ use std::io::Write; let mut o = std::io::stdout(); let _ = o.write_all({:?}.as_bytes()); \
         let _ = o.flush(); std::process::exit(0); }}",
        fake_success(p)
    )
}

/// The answer-policy hole of issue 10: a `#!` line shifts syn's spans, so the policy reads one
/// fn and the verifier compiles another, hidden in a comment. Here the hidden fn leaves the bug
/// in and forges the outcome.
fn shebang_forgery(p: &P) -> String {
    let (name, _, buggy) = items(p);
    let buggy = buggy.trim_start_matches("pub ").to_owned();
    let hidden = prefixed(&buggy, &forge_and_exit(p));
    assert!(!hidden.contains("*/"));
    // The decoy has the hidden fn's length: the bug, padded with spaces inside its body.
    let decoy = prefixed(&buggy, &" ".repeat(hidden.len() - buggy.len() - 1));
    assert_eq!(decoy.len(), hidden.len());
    let (open, close) = match name.rsplit_once("::") {
        Some((ty, _)) => (format!("impl {ty} {{ "), " }".to_owned()),
        None => (String::new(), String::new()),
    };
    // syn drops the `#!` line up to its newline: its spans count from that newline, and the
    // verifier slices the unstripped text with them, `shebang.len()` bytes too early.
    let parsed = format!("\n/*{hidden}*/{open}{decoy}{close}");
    let decoy_at = 3 + hidden.len() + 2 + open.len();
    let shebang = format!("#!{}", "x".repeat(decoy_at - 3 - 2));
    format!("```rust\n{shebang}{parsed}\n```")
}

/// Asserts that `what` took less than `limit`, stretched as the sandbox stretches its wall
/// limits on a loaded machine (the bound is about cost, not speed).
fn elapsed_below(start: Instant, limit: Duration, what: &str) {
    let took = start.elapsed();
    let limit = limit.mul_f64(sandbox::load_factor());
    assert!(took < limit, "{what} took {took:?}, over {limit:?}");
}

fn unscreened(p: &P, answers: &[String]) -> Vec<Verdict> {
    let name = &p.data.bugs[0].function;
    let answers: Vec<Vec<(String, String)>> = answers
        .iter()
        .map(|item| vec![(name.clone(), item.clone())])
        .collect();
    verify_unscreened(&p.data, &answers)
}

/// Forged outcomes: libtest's success lines on stdout, an early `exit(0)`, a forged record in
/// the sealed file with a guessed secret, and a read of stdin for the real one. Before the
/// sealed harness, the first of these scored 1 on every repo with the bug left in.
#[test]
fn forged_outcomes_score_zero() {
    let ps: Vec<P> = [2, 5, 8].into_iter().map(problem).collect();
    let public: Vec<Verdict> = ps
        .par_iter()
        .map(|p| RepoFix.verify(&p.data, &shebang_forgery(p)))
        .collect();
    for (p, v) in ps.iter().zip(&public) {
        assert_eq!(v.score, 0.0, "{}: {v:?}", p.id);
    }
    let p = &ps[0];
    let (_, fixed, buggy) = items(p);
    let n = p.data.tests.len();
    let forge_records = |secret: &str| {
        let lines: String = (0..n)
            .flat_map(|i| {
                [
                    format!("{secret} start {i}\n"),
                    format!("{secret} pass {i}\n"),
                ]
            })
            .collect();
        format!(
            "{{ use std::io::Write; if let Ok(mut f) = std::fs::OpenOptions::new().create(true)\
             .append(true).open(\"verigym-seal\") {{ let _ = f.write_all({lines:?}.as_bytes()); }} \
             std::process::exit(0); }}"
        )
    };
    let steal = "{ let mut s = String::new(); let _ = std::io::stdin().read_line(&mut s); \
                 let s = s.trim().to_owned(); use std::io::Write; \
                 if let Ok(mut f) = std::fs::OpenOptions::new().append(true).open(\"verigym-seal\") \
                 { for i in 0..64 { let _ = writeln!(f, \"{s} pass {i}\"); } } std::process::exit(0); }";
    let answers = [
        prefixed(&buggy, &forge_and_exit(p)),
        // A correct fix that exits before the later tests run.
        prefixed(&fixed, "std::process::exit(0);"),
        // Success lines without exiting: the bug still fails its tests.
        prefixed(
            &buggy,
            &format!(
                "{{ use std::io::Write; let _ = std::io::stdout().write_all({:?}.as_bytes()); }}",
                fake_success(p)
            ),
        ),
        prefixed(&buggy, &forge_records(&"0".repeat(32))),
        prefixed(&buggy, steal),
        fixed.clone(),
    ];
    let v = unscreened(p, &answers);
    let reasons: Vec<Reason> = v.iter().map(|v| v.reason).collect();
    assert_eq!(
        reasons,
        [
            Reason::WrongAnswer,
            Reason::WrongAnswer,
            Reason::WrongAnswer,
            Reason::WrongAnswer,
            Reason::WrongAnswer,
            Reason::Correct
        ],
        "{v:#?}"
    );
}

/// Code that blocks without using CPU (a channel nobody sends on, a mutex locked twice, a
/// sleep), spins without fuel sites, or runs out of fuel: each scores 0 as `timeout` within its
/// own limits, in parallel with its siblings, which are judged as if it were not there. Before
/// per-answer limits, a group of 5 with one blocked answer took 91 s and the correct answers
/// after it scored 0.
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow tier: `cargo test --features slow-tests` (CI runs it)"
)]
#[test]
fn blocked_and_endless_answers_time_out_alone() {
    let p = problem(2);
    let (name, fixed, _) = items(&p);
    let hostile = [
        "{ let (tx, rx) = std::sync::mpsc::channel::<u8>(); let _ = rx.recv(); drop(tx); }",
        "{ let m = std::sync::Mutex::new(0); let _a = m.lock(); let _b = m.lock(); }",
        "{ let _ = (1u64..).find(|&x| x == 0); }",
        "{ (0u64..).for_each(|_| {}); }",
        "loop {}",
    ];
    let mut responses: Vec<String> = vec![response(&name, &fixed)];
    responses.extend(
        hostile
            .iter()
            .map(|h| response(&name, &prefixed(&fixed, h))),
    );
    responses.push(response(
        &name,
        &fixed.replacen('{', "{ let _unused = 1;", 1),
    ));
    let refs: Vec<&str> = responses.iter().map(String::as_str).collect();
    let start = Instant::now();
    let v = RepoFix.verify_group(&p.data, &refs);
    elapsed_below(
        start,
        Duration::from_secs(25),
        "a group with five endless answers",
    );
    assert_eq!(v[0].reason, Reason::Correct, "{}", v[0].message);
    assert_eq!(v[6].reason, Reason::Correct, "{}", v[6].message);
    for (h, v) in hostile.iter().zip(&v[1..6]) {
        assert_eq!(v.score, 0.0, "{h}");
        assert!(
            v.reason == Reason::Timeout || v.reason == Reason::Forbidden,
            "{h}: {v:?}"
        );
        assert!(v.format_ok || v.reason == Reason::Forbidden, "{h}");
    }
    // The runner alone, as if the policy let anything through.
    let sleepy = [
        prefixed(
            &fixed,
            "std::thread::sleep(std::time::Duration::from_secs(600));",
        ),
        prefixed(
            &fixed,
            "{ let (tx, rx) = std::sync::mpsc::channel::<u8>(); let _ = rx.recv(); drop(tx); }",
        ),
        prefixed(
            &fixed,
            "{ use std::io::Write; (0u64..).for_each(|_| { let _ = std::io::stdout().write_all(b\"test suite::x ... ok\\n\"); }); }",
        ),
        fixed.clone(),
    ];
    let start = Instant::now();
    let v = unscreened(&p, &sleepy);
    elapsed_below(
        start,
        Duration::from_secs(20),
        "three endless answers, unscreened",
    );
    let reasons: Vec<Reason> = v.iter().map(|v| v.reason).collect();
    assert_eq!(
        reasons,
        [
            Reason::Timeout,
            Reason::Timeout,
            Reason::Timeout,
            Reason::Correct
        ],
        "{v:#?}"
    );
    assert!(v[0].message.contains("wall time"), "{}", v[0].message);
}

/// Crashes: an allocation over the memory limit, a panic inside `Drop` while unwinding (an
/// abort), stack exhaustion, a 16 MiB panic message, `process::abort`. Each scores 0 as a wrong
/// answer and the correct sibling still passes.
#[test]
fn crashing_answers_score_zero_and_leave_siblings_alone() {
    let p = problem(5);
    let (name, fixed, _) = items(&p);
    let hostile = [
        "{ let v = vec![0u8; 1 << 40]; assert!(v[7] == 0); }",
        "{ struct B; impl Drop for B { fn drop(&mut self) { panic!(\"in drop\") } } let _b = B; panic!(\"first\"); }",
        "{ fn r(n: u64) -> u64 { if n == u64::MAX { 0 } else { r(n + 1) + 1 } } let _ = r(0); }",
        "{ panic!(\"{}\", \"x\".repeat(16 << 20)); }",
    ];
    let mut responses: Vec<String> = vec![response(&name, &fixed)];
    responses.extend(
        hostile
            .iter()
            .map(|h| response(&name, &prefixed(&fixed, h))),
    );
    let refs: Vec<&str> = responses.iter().map(String::as_str).collect();
    let start = Instant::now();
    let v = RepoFix.verify_group(&p.data, &refs);
    elapsed_below(
        start,
        Duration::from_secs(25),
        "a group with four crashing answers",
    );
    assert_eq!(v[0].reason, Reason::Correct, "{}", v[0].message);
    for (h, v) in hostile.iter().zip(&v[1..]) {
        assert_eq!(v.score, 0.0, "{h}");
        assert!(
            v.message.len() < 4096,
            "{h}: a message of {} bytes",
            v.message.len()
        );
    }
    let v = unscreened(&p, &[prefixed(&fixed, "std::process::abort();"), fixed]);
    assert_eq!(v[0].reason, Reason::WrongAnswer, "{}", v[0].message);
    assert!(v[0].message.contains("SIGABRT"), "{}", v[0].message);
    assert_eq!(v[1].reason, Reason::Correct);
}

/// Compile-time bombs: a 1 GiB constant (before the compiler's memory limit it took 2.3 GB and
/// 11.5 s and scored 1), a constant evaluation that never ends (30 s per build round before),
/// and a generic whose type doubles 24 times. Each scores 0 as a compile error; the correct
/// sibling passes; the whole group takes seconds.
#[test]
fn compile_time_bombs_are_cut_off_in_seconds() {
    let p = problem(2);
    let (name, fixed, _) = items(&p);
    let hostile = [
        "{ const B: [u8; 1 << 30] = [7; 1 << 30]; assert!(B[12345] == 7); }",
        "{ const X: u64 = { let mut i = 1u64; while i != 0 { i = i.wrapping_add(1); } i }; let _ = X; }",
        "{ fn d<T: Clone>(t: T) -> (T, T) { (t.clone(), t) } let _ = d(d(d(d(d(d(d(d(d(d(d(d(d(d(d(d(d(d(d(d(d(d(d(d(0u8)))))))))))))))))))))))); }",
    ];
    let mut responses: Vec<String> = vec![response(&name, &fixed)];
    responses.extend(
        hostile
            .iter()
            .map(|h| response(&name, &prefixed(&fixed, h))),
    );
    let refs: Vec<&str> = responses.iter().map(String::as_str).collect();
    let start = Instant::now();
    let v = RepoFix.verify_group(&p.data, &refs);
    elapsed_below(
        start,
        Duration::from_secs(40),
        "a group with three compile-time bombs",
    );
    assert_eq!(v[0].reason, Reason::Correct, "{}", v[0].message);
    for (h, v) in hostile.iter().zip(&v[1..]) {
        assert_eq!(v.score, 0.0, "{h}: {v:?}");
        assert!(
            v.reason == Reason::CompileError || v.reason == Reason::Forbidden,
            "{h}: {v:?}"
        );
    }
}

/// The compiler reads only the generated file: a `#[path]` module smuggled inside a macro
/// argument (through the answer policy of issue 10) made rustc read any file and copy it, or the
/// compiler's whole environment, into the verdict. Now a build that reads another file is
/// refused, and no compiler message quotes one.
#[test]
fn the_compiler_reads_nothing_but_the_answer() {
    let p = problem(8);
    let (name, fixed, _) = items(&p);
    let dir = tempfile::tempdir().unwrap();
    let broken = dir.path().join("broken.rs");
    std::fs::write(&broken, "CANARY_dd41c0 !! secret-token-7731").unwrap();
    let fine = dir.path().join("fine.rs");
    std::fs::write(&fine, "pub fn canary_fn_9b2e() -> u32 { 7 }\n").unwrap();
    let smuggle = |path: &Path| {
        format!(
            "{{ let _ = vec![{{ #[path = {:?}] mod m; 0 }}]; }}",
            path.display().to_string()
        )
    };
    let targets = [
        broken.as_path(),
        fine.as_path(),
        Path::new("/proc/self/environ"),
    ];
    for path in targets {
        let hostile = prefixed(&fixed, &smuggle(path));
        let public = RepoFix.verify(&p.data, &response(&name, &hostile));
        let alone = unscreened(&p, &[hostile]).remove(0);
        for v in [&public, &alone] {
            assert_eq!(v.score, 0.0, "{}: {v:?}", path.display());
            let text = format!("{v:?}");
            for secret in ["CANARY", "secret-token", "canary_fn", "PATH=", "HOME="] {
                assert!(
                    !text.contains(secret),
                    "{}: leaked {secret}: {text}",
                    path.display()
                );
            }
        }
        assert_eq!(alone.reason, Reason::CompileError, "{alone:?}");
    }
}

/// The verdicts of every pool answer alone, per problem, computed once.
fn alone(p: &P, pool: &[String]) -> Vec<Verdict> {
    static CACHE: OnceLock<Mutex<BTreeMap<String, Vec<Verdict>>>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    if let Some(v) = cache.lock().unwrap().get(&p.id) {
        return v.clone();
    }
    let v: Vec<Verdict> = pool
        .par_iter()
        .map(|r| RepoFix.verify(&p.data, r))
        .collect();
    cache.lock().unwrap().insert(p.id.clone(), v.clone());
    v
}

/// Benign and hostile answers for one problem: the fix, the bug left in, a type error, and the
/// classes above that pass the answer policy.
fn pool(p: &P) -> Vec<String> {
    let (name, fixed, buggy) = items(p);
    let mut pool = vec![response(&name, &fixed), response(&name, &buggy)];
    for h in [
        "let _: u8 = \"not a number\";",
        "{ let (tx, rx) = std::sync::mpsc::channel::<u8>(); let _ = rx.recv(); drop(tx); }",
        "{ let _ = (1u64..).find(|&x| x == 0); }",
        "loop {}",
        "{ let v = vec![0u8; 1 << 40]; assert!(v[7] == 0); }",
        "{ struct B; impl Drop for B { fn drop(&mut self) { panic!(\"in drop\") } } let _b = B; panic!(\"first\"); }",
        "{ fn r(n: u64) -> u64 { if n == u64::MAX { 0 } else { r(n + 1) + 1 } } let _ = r(0); }",
        "{ const B: [u8; 1 << 30] = [7; 1 << 30]; assert!(B[12345] == 7); }",
    ] {
        pool.push(response(&name, &prefixed(&fixed, h)));
    }
    pool.push(shebang_forgery(p));
    pool
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3, failure_persistence: None, ..ProptestConfig::default() })]

    /// A group's verdicts equal its members' verdicts alone, whatever the siblings contain.
    #[cfg_attr(not(feature = "slow-tests"), ignore = "slow tier: `cargo test --features slow-tests` (CI runs it)")]
    #[test]
    fn a_groups_verdicts_do_not_depend_on_its_siblings(
        seed in prop::sample::select(vec![2u64, 5]),
        picks in prop::collection::vec(0usize..11, 3..7),
    ) {
        let p = problem(seed);
        let pool = pool(&p);
        let alone = alone(&p, &pool);
        let group: Vec<&str> = picks.iter().map(|&i| pool[i].as_str()).collect();
        let together = RepoFix.verify_group(&p.data, &group);
        for (&i, v) in picks.iter().zip(&together) {
            prop_assert_eq!(v, &alone[i], "answer {} in group {:?}", i, picks);
        }
    }
}
