//! The `verigym` binary, end to end: outputs, exit codes, and errors that name what is wrong.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn verigym(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_verigym"))
        .args(args)
        .output()
        .expect("run verigym")
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).unwrap()
}

/// A fresh directory, removed when the value drops.
fn scratch(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("verigym-cli-{name}-"))
        .tempdir()
        .unwrap()
}

#[test]
fn list_shows_envs_versions_and_params() {
    let out = verigym(&["list"]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.contains("modarith v2"), "{text}");
    assert!(
        text.contains("steps") && text.contains("an integer from 1 to 256"),
        "{text}"
    );
    let json: serde_json::Value =
        serde_json::from_slice(&verigym(&["list", "--json"]).stdout).unwrap();
    assert_eq!(json[0]["id"], "modarith");
}

#[test]
fn generate_writes_n_lines_and_matches_the_library() {
    let out = verigym(&["generate", "--env", "modarith", "--seed", "42", "-n", "5"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let lib = crate::support::jsonl("modarith", None, &[], 42, 0, 5);
    assert_eq!(out.stdout, lib);
}

#[test]
fn start_picks_out_one_line_and_threads_do_not_matter() {
    let long = verigym(&[
        "generate",
        "--env",
        "modarith",
        "--seed",
        "3",
        "-n",
        "300",
        "--difficulty",
        "4",
    ]);
    let one = verigym(&[
        "generate",
        "--env",
        "modarith",
        "--seed",
        "3",
        "-n",
        "1",
        "--start",
        "257",
        "--difficulty",
        "4",
        "--threads",
        "1",
    ]);
    let line = stdout(&long).lines().nth(257).unwrap().to_owned() + "\n";
    assert_eq!(stdout(&one), line);
}

#[test]
fn params_and_difficulty_combine() {
    let out = verigym(&[
        "generate",
        "--env",
        "modarith",
        "-n",
        "1",
        "--difficulty",
        "9",
        "--param",
        "steps=3",
        "--param",
        "style=words",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let rec: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(rec["params"]["steps"], 3);
    assert_eq!(rec["params"]["modulus"], 10007);
    assert_eq!(rec["params"]["style"], "words");
    assert_eq!(rec["meta"]["level"], 9.0);
}

#[test]
fn bad_input_names_field_value_and_allowed_with_exit_2() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["generate", "--env", "nope"],
            "unknown env `nope`; registered envs: modarith, knights_knaves, zebra, sudoku, sat, graph_coloring, countdown, repo_fix, futoshiki, binairo, cryptarithm, water_jugs, hanoi, maze, shortest_path, knapsack, topo_order, modexp, crt, linear_mod, program_trace, det_mod, nim, tictactoe, min_spanning_tree, bezout, regex_synthesis, program_synthesis, sql",
        ),
        (
            &["generate", "--env", "modarith", "--param", "steps=0"],
            "`steps`: 0; allowed: 1 to 256",
        ),
        (
            &["generate", "--env", "modarith", "--param", "steps=abc"],
            "`steps`: \"abc\"; allowed: an integer from 1 to 256",
        ),
        (
            &["generate", "--env", "modarith", "--param", "modulus=100"],
            "`modulus`: 100; allowed: a prime",
        ),
        (
            &["generate", "--env", "modarith", "--param", "ops=add,pow"],
            "`ops`",
        ),
        (
            &["generate", "--env", "modarith", "--param", "colour=red"],
            "`param name`: colour; allowed: one of steps, modulus",
        ),
        (
            &["generate", "--env", "modarith", "--difficulty", "11"],
            "`level`: 11; allowed: a number from 0 to 10",
        ),
        (
            &["generate", "--env", "modarith", "--difficulty", "NaN"],
            "`level`: NaN",
        ),
        (
            &["generate", "--env", "modarith", "--param", "steps"],
            "NAME=VALUE",
        ),
        // A negative number is a value of its flag, named as such, not an unknown argument.
        (
            &["generate", "--env", "modarith", "--level", "-1"],
            "`level`: -1; allowed: a number from 0 to 10",
        ),
        (
            &["generate", "--env", "modarith", "--seed", "-1"],
            "invalid value '-1' for '--seed <SEED>'",
        ),
        (
            &["generate", "--env", "modarith", "-n", "-3"],
            "invalid value '-3' for '--count <COUNT>'",
        ),
        // An index range past the last index is an input error, not an output error.
        (
            &[
                "generate",
                "--env",
                "modarith",
                "--start",
                "18446744073709551615",
                "-n",
                "2",
            ],
            "invalid value for `--start` 18446744073709551615 with `--count` 2",
        ),
        (
            &["simulate", "--groups", "0"],
            "invalid value '0' for '--groups <GROUPS>'",
        ),
        (
            &["simulate", "--batch", "0"],
            "invalid value '0' for '--batch <BATCH>'",
        ),
        (
            &["simulate", "--group-size", "0"],
            "invalid value '0' for '--group-size <GROUP_SIZE>'",
        ),
        (
            &["probe", "--seed", "-5"],
            "invalid value '-5' for '--seed <SEED>'",
        ),
    ];
    for (args, needle) in cases {
        let out = verigym(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?} wrote output");
        assert!(stderr(&out).contains(needle), "{args:?}: {}", stderr(&out));
    }
    assert_eq!(verigym(&["generate"]).status.code(), Some(2));
    assert_eq!(verigym(&["frobnicate"]).status.code(), Some(2));
}

/// The last index, u64::MAX, can be generated: a range that ends on it is not an overflow.
#[test]
fn the_last_index_is_generated() {
    let out = verigym(&[
        "generate",
        "--env",
        "modarith",
        "--start",
        "18446744073709551615",
        "-n",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let line = String::from_utf8(out.stdout).unwrap();
    assert_eq!(line.lines().count(), 1);
    assert!(line.contains("-i18446744073709551615\""), "{line}");
}

#[test]
fn broken_pipe_exits_zero() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_verigym"))
        .args(["generate", "--env", "modarith", "-n", "2000000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut pipe = child.stdout.take().unwrap();
    let mut first = [0u8; 100];
    std::io::Read::read_exact(&mut pipe, &mut first).unwrap();
    drop(pipe);
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(out.stderr.is_empty(), "{}", stderr(&out));
}

#[test]
fn verify_scores_by_id_with_many_responses_and_summarizes() {
    let dir_guard = scratch("verify");
    let dir = dir_guard.path();
    let problems = dir.join("p.jsonl");
    let generated = verigym(&[
        "generate",
        "--env",
        "modarith",
        "-n",
        "3",
        "--seed",
        "8",
        "--out",
        problems.to_str().unwrap(),
    ]);
    assert!(generated.status.success());
    let records: Vec<serde_json::Value> = std::fs::read_to_string(&problems)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let (id0, ans0) = (
        records[0]["id"].as_str().unwrap(),
        records[0]["answer"].as_str().unwrap(),
    );
    let id1 = records[1]["id"].as_str().unwrap();
    let responses = dir.join("r.jsonl");
    let mut f = std::fs::File::create(&responses).unwrap();
    writeln!(f, "{}", serde_json::json!({"id": id0, "responses": [format!("<answer>{ans0}</answer>"), "<answer>-1</answer>", "no answer"]})).unwrap();
    writeln!(f).unwrap();
    writeln!(
        f,
        "{}",
        serde_json::json!({"id": id1, "response": "<answer>x</answer>", "model": "ignored"})
    )
    .unwrap();
    drop(f);
    let out = verigym(&[
        "verify",
        "--problems",
        problems.to_str().unwrap(),
        "--responses",
        responses.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let verdicts: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let got: Vec<(u64, &str)> = verdicts
        .iter()
        .map(|v| {
            (
                v["sample"].as_u64().unwrap(),
                v["verdict"]["reason"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        got,
        vec![
            (0, "correct"),
            (1, "wrong_answer"),
            (2, "no_answer"),
            (0, "unparsable_answer")
        ]
    );
    let summary = stderr(&out);
    assert!(
        summary.contains("25.0%") && summary.contains("problems with no response 1"),
        "{summary}"
    );
}

#[test]
fn verify_rejects_bad_lines_by_number_and_writes_nothing() {
    let dir_guard = scratch("bad");
    let dir = dir_guard.path();
    let problems = dir.join("p.jsonl");
    assert!(
        verigym(&[
            "generate",
            "--env",
            "modarith",
            "-n",
            "2",
            "--out",
            problems.to_str().unwrap()
        ])
        .status
        .success()
    );
    let responses = dir.join("r.jsonl");
    let out_file = dir.join("verdicts.jsonl");
    let id = serde_json::from_str::<serde_json::Value>(
        std::fs::read_to_string(&problems)
            .unwrap()
            .lines()
            .next()
            .unwrap(),
    )
    .unwrap()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let cases = [
        (
            format!(
                "{}\n{{not json\n",
                serde_json::json!({"id": id, "response": "<answer>1</answer>"})
            ),
            "line 2",
        ),
        (
            format!("{}\n", serde_json::json!({"id": "nope", "response": "x"})),
            "line 1: response to unknown problem id `nope`",
        ),
        (
            format!("{}\n", serde_json::json!({"id": id})),
            "line 1: give exactly one of",
        ),
    ];
    for (text, needle) in cases {
        std::fs::write(&responses, text).unwrap();
        let out = verigym(&[
            "verify",
            "--problems",
            problems.to_str().unwrap(),
            "--responses",
            responses.to_str().unwrap(),
            "--out",
            out_file.to_str().unwrap(),
        ]);
        assert_eq!(out.status.code(), Some(2));
        assert!(stderr(&out).contains(needle), "{}", stderr(&out));
        assert!(!out_file.exists(), "a partial verdict file was left behind");
        assert!(
            std::fs::read_dir(dir).unwrap().all(|e| !e
                .unwrap()
                .file_name()
                .to_string_lossy()
                .contains("partial"))
        );
    }
    // A corrupt problems file is named by line too.
    std::fs::write(&responses, "").unwrap();
    let mut text = std::fs::read_to_string(&problems).unwrap();
    text.push_str("{\"id\": \"x\", \"env\": \"modarith\", \"env_version\": 1}\n");
    std::fs::write(&problems, text).unwrap();
    let out = verigym(&[
        "verify",
        "--problems",
        problems.to_str().unwrap(),
        "--responses",
        responses.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("p.jsonl line 3: malformed problem record"),
        "{}",
        stderr(&out)
    );
}

/// `-` is standard input for `--problems` (or `--responses`), so `generate | verify` works.
#[test]
fn problems_can_come_from_standard_input() {
    let dir_guard = scratch("stdin");
    let dir = dir_guard.path();
    let problems = verigym(&["generate", "--env", "modarith", "-n", "2", "--seed", "4"]);
    assert!(problems.status.success());
    let first: serde_json::Value =
        serde_json::from_str(stdout(&problems).lines().next().unwrap()).unwrap();
    let responses = dir.join("r.jsonl");
    std::fs::write(
        &responses,
        format!(
            "{}\n",
            serde_json::json!({"id": first["id"], "response": format!("<answer>{}</answer>", first["answer"].as_str().unwrap())})
        ),
    )
    .unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_verigym"))
        .args(["verify", "--problems", "-", "--responses"])
        .arg(&responses)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(&problems.stdout)
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let graded: serde_json::Value =
        serde_json::from_str(stdout(&out).lines().next().unwrap()).unwrap();
    assert_eq!(graded["verdict"]["score"], 1.0, "{}", stdout(&out));
    // Both from one stream cannot be told apart: refused, naming both flags.
    let both = verigym(&["verify", "--problems", "-", "--responses", "-"]);
    assert_eq!(both.status.code(), Some(2));
    assert!(stderr(&both).contains("`--problems` and `--responses`: both are `-`"));
}

/// Inputs that hold nothing to judge, or too little for the figure asked for, are errors that
/// say so, never an all-zero summary or a silent `-`.
#[test]
fn empty_inputs_and_an_unreachable_k_are_named_errors() {
    let dir_guard = scratch("empty");
    let dir = dir_guard.path();
    let problems = dir.join("p.jsonl");
    let empty = dir.join("empty.jsonl");
    std::fs::write(&empty, "").unwrap();
    assert!(
        verigym(&[
            "generate",
            "--env",
            "modarith",
            "-n",
            "1",
            "--out",
            problems.to_str().unwrap()
        ])
        .status
        .success()
    );
    let record: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&problems).unwrap()).unwrap();
    let responses = dir.join("r.jsonl");
    std::fs::write(
        &responses,
        format!(
            "{}\n",
            serde_json::json!({"id": record["id"], "responses": ["a", "b"]})
        ),
    )
    .unwrap();
    let (p, e, r) = (
        problems.to_str().unwrap(),
        empty.to_str().unwrap(),
        responses.to_str().unwrap(),
    );
    let cases: &[(&[&str], &str)] = &[
        (
            &["verify", "--problems", e, "--responses", r],
            "`--problems`: ",
        ),
        (
            &["verify", "--problems", p, "--responses", e],
            "holds no response",
        ),
        (
            &["eval", "--problems", p, "--responses", r, "--k", "1,3"],
            "invalid value for `--k`: 3; allowed: at most 2",
        ),
    ];
    for (args, needle) in cases {
        let out = verigym(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(out.stdout.is_empty(), "{args:?} wrote output");
        assert!(stderr(&out).contains(needle), "{args:?}: {}", stderr(&out));
    }
    assert!(
        stderr(&verigym(&["verify", "--problems", e, "--responses", r]))
            .contains("holds no problem record")
    );
}

/// On a mini repo, a flag only a Cargo package takes is refused by name (it was ignored), and an
/// unknown `--suite` names the suites the repo has instead of blaming the repo's layout.
#[test]
fn audit_on_a_mini_repo_names_the_flags_and_suites_it_takes() {
    let repo = concat!(env!("CARGO_MANIFEST_DIR"), "/envs/repos/toy");
    let cases: &[(&[&str], &str)] = &[
        (
            &["audit", repo, "--features", "x"],
            "--features: only for a Cargo package",
        ),
        (
            &["audit", repo, "--full-matrix"],
            "--full-matrix: only for a Cargo package",
        ),
        (
            &["audit", repo, "--suite", "medium"],
            "--suite medium: not a suite; allowed: strong or weak",
        ),
    ];
    for (args, needle) in cases {
        let out = verigym(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(needle), "{args:?}: {}", stderr(&out));
    }
    let out = verigym(&["audit", repo, "--suite", "medium"]);
    assert!(
        stderr(&out).contains("tests/{strong,weak}.rs"),
        "{}",
        stderr(&out)
    );
}

/// SIGTERM in the middle of `generate --out` leaves nothing behind: neither the output (it was
/// not complete) nor its temporary file, and the process dies of the signal.
#[test]
fn sigterm_during_generate_out_leaves_no_partial_file() {
    use std::os::unix::process::ExitStatusExt as _;
    let dir_guard = scratch("sigterm");
    let dir = dir_guard.path();
    let out = dir.join("big.jsonl");
    let mut child = Command::new(env!("CARGO_BIN_EXE_verigym"))
        .args(["generate", "--env", "modarith", "-n", "100000000", "--out"])
        .arg(&out)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Wait until the temporary file has bytes in it, so the signal lands mid-write.
    let started = std::time::Instant::now();
    loop {
        let writing = std::fs::read_dir(dir)
            .unwrap()
            .flatten()
            .any(|e| e.metadata().map(|m| m.len() > 0).unwrap_or(false));
        if writing {
            break;
        }
        assert!(
            started.elapsed() < std::time::Duration::from_secs(60),
            "no partial file appeared"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let killed = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let status = child.wait().unwrap();
    assert_eq!(status.signal(), Some(15), "{status:?}");
    let left: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    assert!(left.is_empty(), "left behind: {left:?}");
}

/// A problems file with no newline (`/dev/zero`) is refused at the line cap, not read until
/// memory runs out.
#[test]
fn a_line_past_the_cap_is_an_error_naming_file_and_line() {
    let out = verigym(&[
        "verify",
        "--problems",
        "/dev/zero",
        "--responses",
        "/dev/null",
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("/dev/zero") && stderr(&out).contains("longer than 134217728 bytes"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn schema_check_passes_on_the_committed_schemas() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("schemas");
    let out = verigym(&["schema", "--check", "--out", dir.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let empty_guard = scratch("schema");
    let empty = empty_guard.path();
    let out = verigym(&["schema", "--check", "--out", empty.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
}

/// Without a compiler, `repo_fix` answers cannot be judged: the verdicts say so with their own
/// reason, and stderr warns that their zeros mean nothing.
#[test]
fn verify_warns_when_repo_fix_answers_cannot_be_judged() {
    let dir_guard = scratch("no-rustc");
    let dir = dir_guard.path();
    let problems = dir.join("p.jsonl");
    let out = verigym(&["generate", "--env", "repo_fix", "-n", "1"]);
    assert!(out.status.success());
    std::fs::write(&problems, &out.stdout).unwrap();
    let record: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let line = serde_json::json!({"id": record["id"], "response": record["answer"]});
    let responses = dir.join("r.jsonl");
    std::fs::write(&responses, format!("{line}\n")).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_verigym"))
        .args(["verify", "--problems"])
        .arg(&problems)
        .arg("--responses")
        .arg(&responses)
        .env("RUSTC", dir.join("no-such-rustc"))
        .output()
        .unwrap();
    assert!(out.status.success());
    let verdict: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(verdict["verdict"]["reason"], "verifier_error");
    let err = stderr(&out);
    assert!(
        err.contains("1 responses could not be judged") && err.contains("rustc not found"),
        "{err}"
    );
}

#[test]
fn an_output_error_names_its_cause_once_and_exits_1() {
    let out = verigym(&[
        "generate",
        "--env",
        "modarith",
        "-n",
        "1",
        "--out",
        "/nonexistent-dir/x.jsonl",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert_eq!(err.matches("No such file or directory").count(), 1, "{err}");
    assert!(
        err.starts_with("verigym: error: cannot write output: /nonexistent-dir/x.jsonl"),
        "{err}"
    );
}

#[test]
fn progress_is_plain_lines_off_a_terminal_and_can_be_turned_off() {
    let out = verigym(&["probe", "--env", "sat", "-n", "10"]);
    assert!(out.status.success());
    let err = stderr(&out);
    assert!(err.starts_with("probe: problems: 0/10\n"), "{err}");
    assert!(err.contains("probe: problems: 10/10 in "), "{err}");
    assert!(!err.contains('\r'), "{err}");
    let quiet = verigym(&["--progress", "off", "probe", "--env", "sat", "-n", "10"]);
    assert!(quiet.status.success());
    assert_eq!(stderr(&quiet), "");
    assert_eq!(quiet.stdout, out.stdout);
}

#[test]
fn committed_completions_and_man_pages_are_fresh() {
    let docs = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs/cli");
    let out = verigym(&["gen-docs", "--check", "--out", docs.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let empty_guard = scratch("gen-docs");
    let empty = empty_guard.path();
    let out = verigym(&["gen-docs", "--check", "--out", empty.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains("_verigym") && err.contains("man/verigym-generate.1"),
        "{err}"
    );
    let out = verigym(&["gen-docs", "--out", empty.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let man = std::fs::read_to_string(empty.join("man/verigym-probe.1")).unwrap();
    assert!(man.contains("verigym\\-probe"), "{man}");
}

#[test]
fn verify_and_eval_grade_an_undecodable_response_and_go_on() {
    let dir_guard = scratch("malformed");
    let dir = dir_guard.path();
    let problems = dir.join("p.jsonl");
    let gen_out = verigym(&[
        "generate",
        "--env",
        "modarith",
        "-n",
        "2",
        "--out",
        problems.to_str().unwrap(),
    ]);
    assert!(gen_out.status.success());
    let records: Vec<serde_json::Value> = std::fs::read_to_string(&problems)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let (id0, a0) = (
        records[0]["id"].as_str().unwrap(),
        records[0]["answer"].as_str().unwrap(),
    );
    let id1 = records[1]["id"].as_str().unwrap();
    let mut bytes =
        format!("{{\"id\":\"{id0}\",\"response\":\"<answer>{a0}</answer>\"}}\n").into_bytes();
    bytes.extend(format!("{{\"id\":\"{id1}\",\"response\":\"\\ud800\"}}\n").into_bytes());
    // Invalid UTF-8: a lone 0xFF byte inside the response.
    bytes.extend(format!("{{\"id\":\"{id1}\",\"response\":\"<answer>").into_bytes());
    bytes.push(0xFF);
    bytes.extend(b"</answer>\"}\n");
    bytes.extend(
        format!("{{\"id\":\"{id0}\",\"response\":\"<answer>{a0}</answer>\"}}\n").into_bytes(),
    );
    let responses = dir.join("r.jsonl");
    std::fs::write(&responses, &bytes).unwrap();
    let args = |cmd: &'static str| {
        vec![
            cmd.to_owned(),
            "--problems".to_owned(),
            problems.to_str().unwrap().to_owned(),
            "--responses".to_owned(),
            responses.to_str().unwrap().to_owned(),
        ]
    };
    let verify: Vec<String> = args("verify");
    let out = verigym(&verify.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(out.status.success(), "{}", stderr(&out));
    let reasons: Vec<String> = stdout(&out)
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["verdict"]["reason"]
                .as_str()
                .unwrap()
                .to_owned()
        })
        .collect();
    assert_eq!(
        reasons,
        [
            "correct",
            "malformed_response",
            "malformed_response",
            "correct"
        ]
    );
    assert!(
        stderr(&out).contains("malformed_response, graded 0): 2"),
        "{}",
        stderr(&out)
    );
    let eval: Vec<String> = args("eval");
    let out = verigym(&eval.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("2 responses could not be decoded"),
        "{}",
        stderr(&out)
    );
}

/// The README's `verify` example, taken from the README itself: its response lines are graded as
/// the README's verdict line says, with all 8 steps listed (the first right after `<think>`).
#[test]
fn the_readme_verify_example_is_what_verify_says() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let responses: Vec<&str> = readme
        .lines()
        .filter(|l| l.starts_with("{\"id\": \"modarith-") && l.contains("\"response"))
        .collect();
    assert_eq!(responses.len(), 2, "the README's response lines moved");
    let dir_guard = scratch("readme");
    let dir = dir_guard.path();
    let problems = dir.join("p.jsonl");
    assert!(
        verigym(&[
            "generate",
            "--env",
            "modarith",
            "--seed",
            "42",
            "-n",
            "2",
            "--out",
            problems.to_str().unwrap()
        ])
        .status
        .success()
    );
    let responses_file = dir.join("r.jsonl");
    std::fs::write(&responses_file, responses.join("\n")).unwrap();
    let out = verigym(&[
        "verify",
        "--problems",
        problems.to_str().unwrap(),
        "--responses",
        responses_file.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let verdicts: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let first = &verdicts[0]["verdict"];
    assert_eq!(first["reason"], "correct");
    assert_eq!(
        first["steps"],
        serde_json::json!({"total": 8, "listed": 8, "correct": 8, "cot_correct": true})
    );
    assert!(
        readme.contains(r#""steps":{"total":8,"listed":8,"correct":8,"cot_correct":true}"#),
        "the README's verdict line no longer shows the step report"
    );
    let reasons: Vec<&str> = verdicts[1..]
        .iter()
        .map(|v| v["verdict"]["reason"].as_str().unwrap())
        .collect();
    assert_eq!(reasons, ["correct", "wrong_answer"]);
}
