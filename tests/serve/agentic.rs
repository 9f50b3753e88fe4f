//! Agentic `repo_fix` episodes over `verigym serve` (OpenEnv HTTP and websocket, NeMo tool
//! routes): bounded by `--max-sessions` before any disk is used, build dirs freed on close and
//! expiry, building steps behind the compile gate, and a served verdict that is `verigym verify`'s
//! single-turn verdict of the same code.

use super::*;
use crate::repo_fix_agentic::replacing;

/// The build dirs agentic episodes and verifications hold under `tmp`.
fn build_dirs(tmp: &Path) -> usize {
    fs::read_dir(tmp)
        .unwrap()
        .flatten()
        .filter(|e| {
            e.file_name()
                .to_string_lossy()
                .starts_with("verigym-build-")
        })
        .count()
}

fn step(server: &Server, id: &str, message: &str) -> (u16, Value) {
    server.post(
        "/openenv/step",
        &json!({"episode_id": id, "action": {"message": message}}),
    )
}

/// `verigym verify`'s verdict of one response to `record`.
fn verify_single_turn(dir: &Path, record: &Value, response: &str) -> Value {
    fs::write(dir.join("p.jsonl"), format!("{record}\n")).unwrap();
    fs::write(
        dir.join("r.jsonl"),
        format!("{}\n", json!({"id": record["id"], "response": response})),
    )
    .unwrap();
    let out = Command::new(BIN)
        .args(["verify", "--progress", "off", "--problems"])
        .arg(dir.join("p.jsonl"))
        .arg("--responses")
        .arg(dir.join("r.jsonl"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    jsonl(&out.stdout).remove(0)["verdict"].take()
}

/// The verdict without the episode's counters, which the single-turn verdict has no room for.
fn without_episode(mut verdict: Value) -> Value {
    if let Some(detail) = verdict["detail"].as_object_mut() {
        detail.remove("episode");
    }
    verdict
}

/// Agentic episodes have a bound of their own (`--max-agentic-sessions`), below the session
/// bound, since each may hold a build dir: at the bound another is 503 naming the flag while a
/// puzzle episode still opens; closing one gives its place back, and a websocket that resets
/// agentic episodes one after another holds one place, not one per reset.
#[test]
fn agentic_episodes_have_their_own_bound() {
    let server = Server::start("agentic-own-bound", &["--max-agentic-sessions", "2"]);
    let reset = |id: &str| {
        server.post(
            "/openenv/reset",
            &json!({"episode_id": id, "env": "repo_fix", "seed": 1}),
        )
    };
    for id in ["a", "b"] {
        let (status, body) = reset(id);
        assert_eq!(status, 200, "{body}");
    }
    let (status, body) = reset("c");
    assert_eq!(status, 503, "{body}");
    assert!(error_of(&body).contains("--max-agentic-sessions"), "{body}");
    let (status, body) = server.post(
        "/openenv/reset",
        &json!({"episode_id": "puzzle", "env": "modarith"}),
    );
    assert_eq!(status, 200, "a puzzle is not agentic: {body}");
    let (status, _) = server.post("/openenv/close", &json!({"episode_id": "a"}));
    assert_eq!(status, 200);
    let (status, body) = reset("c");
    assert_eq!(status, 200, "a's place came back: {body}");
    let (status, _) = server.post("/openenv/close", &json!({"episode_id": "c"}));
    assert_eq!(status, 200);

    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let addr = server.addr.clone();
    let replies = runtime.block_on(async move {
        use futures_util::{SinkExt, StreamExt};
        use tokio_tungstenite::tungstenite::Message;
        let (mut socket, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/openenv/ws"))
            .await
            .unwrap();
        let mut replies = Vec::new();
        for seed in 0..4 {
            let message = json!({"type": "reset", "data": {"env": "repo_fix", "seed": seed}});
            socket
                .send(Message::text(message.to_string()))
                .await
                .unwrap();
            loop {
                if let Message::Text(text) = socket.next().await.unwrap().unwrap() {
                    replies.push(serde_json::from_str::<Value>(text.as_str()).unwrap());
                    break;
                }
            }
        }
        socket.close(None).await.unwrap();
        replies
    });
    for reply in &replies {
        assert_eq!(reply["type"], "observation", "{reply}");
    }
    drop(server);
}

/// Opening agentic episodes builds nothing: a hostile client opening many hits `--max-sessions`
/// with no build dir on disk. Options are checked and named; an enormous action is an invalid
/// turn that builds nothing; a closed episode is 410 and an unknown one 404.
#[test]
fn agentic_sessions_hit_the_session_bound_before_the_disk() {
    let tmp = scratch("agentic-bound-tmp");
    let server = Server::start_with(
        "agentic-bound",
        &["--max-sessions", "3"],
        &[("TMPDIR", &tmp)],
    );
    let (status, first) = server.post(
        "/openenv/reset",
        &json!({"episode_id": "a", "env": "repo_fix", "level": 0.0, "agentic": {"max_turns": 4}}),
    );
    assert_eq!(status, 200, "{first}");
    assert_eq!(first["observation"]["budget"], 4);
    assert!(
        first["observation"]["text"]
            .as_str()
            .unwrap()
            .contains("<query>run_tests</query>")
    );
    // Always agentic: without options, the defaults.
    let (status, second) = server.post(
        "/openenv/reset",
        &json!({"episode_id": "b", "env": "repo_fix", "seed": 1}),
    );
    assert_eq!(status, 200, "{second}");
    assert_eq!(second["observation"]["budget"], 20);
    let (status, _) = server.post(
        "/openenv/reset",
        &json!({"episode_id": "c", "env": "repo_fix"}),
    );
    assert_eq!(status, 200);
    for i in 0..20 {
        let (status, body) = server.post(
            "/openenv/reset",
            &json!({"episode_id": format!("hostile-{i}"), "env": "repo_fix", "seed": i}),
        );
        assert_eq!(status, 503, "{body}");
        assert!(error_of(&body).contains("--max-sessions"), "{body}");
    }
    assert_eq!(build_dirs(&tmp), 0, "opening an episode builds nothing");
    let (status, _) = server.post("/openenv/close", &json!({"episode_id": "c"}));
    assert_eq!(status, 200);

    for (reset, needle) in [
        (
            json!({"env": "modarith", "agentic": {"max_turns": 3}}),
            "`agentic`",
        ),
        (json!({"env": "guess_number", "agentic": {}}), "`agentic`"),
        (
            json!({"env": "repo_fix", "agentic": {"max_turns": 0}}),
            "`agentic.max_turns`",
        ),
        (
            json!({"env": "repo_fix", "feedback": {"max_turns": 2}}),
            "`feedback`",
        ),
    ] {
        let (status, body) = server.post("/openenv/reset", &reset);
        assert_eq!(status, 422, "{reset}: {body}");
        assert!(error_of(&body).contains(needle), "{reset}: {body}");
    }

    // A body the routes cannot read is the server's JSON error, as on /verify: an unknown
    // option or field is 422 naming it and the route, broken JSON is 400.
    let reset = json!({"env": "repo_fix", "agentic": {"turns": 3}}).to_string();
    for (path, body, want, needle) in [
        (
            "/openenv/reset",
            reset.as_str(),
            422,
            "unknown field `turns`",
        ),
        (
            "/openenv/step",
            r#"{"episode_id": "a", "action": "#,
            400,
            "EOF",
        ),
        (
            "/openenv/step",
            r#"{"episode_id": "a", "act": {}}"#,
            422,
            "unknown field `act`",
        ),
        (
            "/openenv/close",
            r#"{"id": "a"}"#,
            422,
            "unknown field `id`",
        ),
        (
            "/nemo/read_file",
            r#"{"paht": "src/lib.rs"}"#,
            422,
            "unknown field `paht`",
        ),
        ("/nemo/act", r#"{"message": "#, 400, "EOF"),
    ] {
        let r = http(&server.addr, "POST", path, &[], body.as_bytes());
        let got: Value = serde_json::from_slice(&r.body)
            .unwrap_or_else(|_| panic!("{path}: not JSON: {}", String::from_utf8_lossy(&r.body)));
        assert_eq!(r.status, want, "{path}: {got}");
        assert!(error_of(&got).contains(needle), "{path}: {got}");
        assert!(
            error_of(&got).contains(&format!("{path} body")),
            "{path}: {got}"
        );
    }

    // An action past the 1 MiB a turn may hold is read as an invalid turn: spent, nothing built.
    let huge = format!("<query>read_file {}</query>", "x".repeat(2 << 20));
    let (status, got) = step(&server, "a", &huge);
    assert_eq!(status, 200, "{got}");
    assert!(
        got["observation"]["text"]
            .as_str()
            .unwrap()
            .contains("1 MiB"),
        "{got}"
    );
    assert_eq!(got["observation"]["turn"], 1);
    assert_eq!(got["reward"], 0.0);
    let (status, got) = step(&server, "a", "<query>read_file tests/strong.rs</query>");
    assert_eq!(status, 200);
    assert!(
        got["observation"]["text"]
            .as_str()
            .unwrap()
            .starts_with("Refused"),
        "{got}"
    );
    let (status, got) = step(&server, "a", "<query>list_files</query>");
    assert_eq!(status, 200);
    assert!(
        got["observation"]["text"]
            .as_str()
            .unwrap()
            .contains("tests/weak.rs"),
        "{got}"
    );
    assert_eq!(build_dirs(&tmp), 0);

    // Another client's id after close, and one never opened.
    let (status, _) = server.post("/openenv/close", &json!({"episode_id": "a"}));
    assert_eq!(status, 200);
    let (status, body) = step(&server, "a", "<answer>submit</answer>");
    assert_eq!(status, 410, "{body}");
    let (status, body) = step(&server, "never-opened", "<answer>submit</answer>");
    assert_eq!(status, 404, "{body}");

    // The repo tools of NeMo are for agentic sessions only.
    let (status, body) = server.post("/nemo/seed_session", &json!({"env": "guess_number"}));
    assert_eq!(status, 200, "{body}");
    let cookie = format!("verigym_session={}", body["session_id"].as_str().unwrap());
    let r = http(
        &server.addr,
        "POST",
        "/nemo/run_tests",
        &[("Cookie", &cookie)],
        b"{}",
    );
    assert_eq!(r.status, 422, "{}", String::from_utf8_lossy(&r.body));
    drop(server);
    let _ = fs::remove_dir_all(&tmp);
}

/// An agentic episode end to end over HTTP, a websocket and NeMo's tool routes: paid exactly what
/// `verigym verify` pays the same code single-turn; done is 409, closed 410, expired 410; its
/// build dir is gone after close and after expiry; a building step meets the full compile gate
/// with 503 and spends no turn, while a cheap step goes on.
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow tier: `cargo test --features slow-tests` (CI runs it)"
)]
#[test]
fn agentic_episodes_pay_the_single_turn_verdict_and_free_their_build_dirs() {
    let tmp = scratch("agentic-tmp");
    let dir = scratch("agentic-files");
    let server = Server::start_with(
        "agentic",
        &[
            "--session-idle",
            "3",
            "--compile-concurrency",
            "1",
            "--compile-queue",
            "0",
        ],
        &[("TMPDIR", &tmp)],
    );
    let record = generate(
        &server,
        json!({"env": "repo_fix", "level": 0.0, "seed": 2, "n": 1}),
    )
    .remove(0);
    let function = record["data"]["bugs"][0]["function"]
        .as_str()
        .unwrap()
        .to_owned();
    let wrong = replacing(&record.to_string(), &function, "todo!() ");
    let reference = record["answer"].as_str().unwrap().to_owned();

    // Over HTTP: a wrong replacement, the visible tests, a submission.
    let reset = json!({"episode_id": "h", "record": record, "agentic": {"max_turns": 6}});
    let (status, _) = server.post("/openenv/reset", &reset);
    assert_eq!(status, 200);
    let (status, got) = step(
        &server,
        "h",
        &format!("<query>replace_function\n{wrong}\n</query>"),
    );
    assert_eq!(status, 200, "{got}");
    assert!(
        got["observation"]["text"]
            .as_str()
            .unwrap()
            .starts_with("Replaced"),
        "{got}"
    );
    let (status, got) = step(&server, "h", "<query>run_tests</query>");
    assert_eq!(status, 200, "{got}");
    assert_eq!(build_dirs(&tmp), 1, "the episode keeps its one build");
    let (status, got) = step(&server, "h", "<answer>submit</answer>");
    assert_eq!(status, 200, "{got}");
    assert_eq!(got["done"], true);
    let served = got.clone();
    let (status, body) = step(&server, "h", "<answer>submit</answer>");
    assert_eq!(status, 409, "{body}");
    let (status, _) = server.post("/openenv/close", &json!({"episode_id": "h"}));
    assert_eq!(status, 200);
    assert_eq!(build_dirs(&tmp), 0, "close frees the build dir");
    let (status, _) = step(&server, "h", "<query>list_files</query>");
    assert_eq!(status, 410);
    let single = verify_single_turn(&dir, &record, &wrong);
    let verdict = served["observation"]["verdict"].clone();
    assert_eq!(without_episode(verdict), single, "served {served}");
    assert_eq!(served["reward"], single["score"]);

    // The compile gate is full while a /verify group compiles: a building step is refused and
    // spends no turn; a cheap one goes on.
    let (status, _) = server.post(
        "/openenv/reset",
        &json!({"episode_id": "g", "record": record}),
    );
    assert_eq!(status, 200);
    let looping = {
        let at = reference
            .find("fn ")
            .and_then(|i| reference[i..].find('{').map(|j| i + j + 1))
            .unwrap();
        format!("{} loop {{}}{}", &reference[..at], &reference[at..])
    };
    let body = json!({"id": record["id"], "responses": [looping]});
    let addr = server.addr.clone();
    let busy = std::thread::spawn(move || {
        http(&addr, "POST", "/verify", &[], body.to_string().as_bytes()).status
    });
    let deadline = Instant::now() + Duration::from_secs(30);
    while server.metric("verigym_compile_running") == 0 {
        assert!(
            Instant::now() < deadline,
            "the group never started compiling"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    let (status, body) = step(&server, "g", "<query>run_tests</query>");
    assert_eq!(status, 503, "{body}");
    assert!(error_of(&body).contains("compile queue is full"), "{body}");
    let (status, got) = step(&server, "g", "<query>list_files</query>");
    assert_eq!(status, 200, "{got}");
    assert_eq!(
        got["observation"]["turn"], 1,
        "the refused step spent no turn"
    );
    assert_eq!(busy.join().unwrap(), 200);

    // Expiry frees the build dir too, without another request arriving.
    let (status, _) = server.post(
        "/openenv/reset",
        &json!({"episode_id": "e", "record": record}),
    );
    assert_eq!(status, 200);
    let (status, got) = step(&server, "e", "<query>run_tests</query>");
    assert_eq!(status, 200, "{got}");
    assert_eq!(build_dirs(&tmp), 1);
    let deadline = Instant::now() + Duration::from_secs(20);
    while build_dirs(&tmp) > 0 {
        assert!(
            Instant::now() < deadline,
            "the expired episode kept its build dir"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    let (status, body) = step(&server, "e", "<answer>submit</answer>");
    assert_eq!(status, 410, "{body}");
    assert!(error_of(&body).contains("expired"), "{body}");

    // NeMo's tool routes, and `verify` playing the final message: the reference fix is paid.
    let single = verify_single_turn(&dir, &record, &reference);
    assert_eq!(single["score"], 1.0, "{single}");
    let post = |path: &str, cookie: &str, body: &Value| {
        let r = http(
            &server.addr,
            "POST",
            path,
            &[("Cookie", cookie)],
            body.to_string().as_bytes(),
        );
        (
            r.status,
            serde_json::from_slice::<Value>(&r.body).unwrap_or(Value::Null),
        )
    };
    let (status, seeded) = server.post(
        "/nemo/seed_session",
        &json!({"record": record, "agentic": {"max_turns": 8}}),
    );
    assert_eq!(status, 200, "{seeded}");
    assert_eq!(seeded["budget"], 8);
    let cookie = format!("verigym_session={}", seeded["session_id"].as_str().unwrap());
    let (status, got) = post("/nemo/list_files", &cookie, &json!({}));
    assert_eq!(status, 200, "{got}");
    assert!(got["observation"].as_str().unwrap().contains("src/lib.rs"));
    let (status, got) = post("/nemo/read_file", &cookie, &json!({"path": "src/lib.rs"}));
    assert_eq!(status, 200, "{got}");
    let code = reference
        .trim()
        .trim_start_matches("```rust")
        .trim_end_matches("```");
    let (status, got) = post("/nemo/replace_function", &cookie, &json!({"code": code}));
    assert_eq!(status, 200, "{got}");
    assert!(
        got["observation"].as_str().unwrap().starts_with("Replaced"),
        "{got}"
    );
    let (status, got) = post("/nemo/run_tests", &cookie, &json!({}));
    assert_eq!(status, 200, "{got}");
    assert_eq!(got["turn"], 4);
    let request = json!({"response": {"output": [{"type": "message", "content": [{"type": "output_text", "text": "<answer>submit</answer>"}]}]}});
    let (status, verified) = post("/nemo/verify", &cookie, &request);
    assert_eq!(status, 200, "{verified}");
    assert_eq!(verified["reward"], 1.0, "{verified}");
    assert_eq!(without_episode(verified["verdict"].clone()), single);
    let (status, _) = post("/nemo/close_session", &cookie, &json!({}));
    assert_eq!(status, 200);
    assert_eq!(build_dirs(&tmp), 0);

    // A websocket: the episode's steps, and its build dir freed when the socket closes.
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let addr = server.addr.clone();
    let lazy = runtime.block_on(async move {
        use futures_util::{SinkExt, StreamExt};
        use tokio_tungstenite::tungstenite::Message;
        let (mut socket, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/openenv/ws"))
            .await
            .unwrap();
        let mut replies = Vec::new();
        for message in [
            json!({"type": "reset", "data": {"record": record, "agentic": {"max_turns": 3}}}),
            json!({"type": "step", "data": {"message": "<query>run_tests</query>"}}),
            json!({"type": "step", "data": {"message": "<answer>submit</answer>"}}),
            json!({"type": "step", "data": {"message": "<answer>submit</answer>"}}),
        ] {
            socket
                .send(Message::text(message.to_string()))
                .await
                .unwrap();
            loop {
                match socket.next().await.unwrap().unwrap() {
                    Message::Text(text) => {
                        replies.push(serde_json::from_str::<Value>(text.as_str()).unwrap());
                        break;
                    }
                    _ => continue,
                }
            }
        }
        socket.close(None).await.unwrap();
        replies
    });
    assert_eq!(lazy[1]["type"], "observation", "{}", lazy[1]);
    assert_eq!(lazy[2]["data"]["done"], true, "{}", lazy[2]);
    assert_eq!(
        lazy[2]["data"]["reward"], 0.0,
        "the unchanged crate is not paid"
    );
    assert_eq!(lazy[3]["type"], "error", "{}", lazy[3]);
    let deadline = Instant::now() + Duration::from_secs(10);
    while build_dirs(&tmp) > 0 {
        assert!(
            Instant::now() < deadline,
            "the websocket's episode kept its build dir"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    drop(server);
    let _ = fs::remove_dir_all(&tmp);
    let _ = fs::remove_dir_all(&dir);
}

/// A shipped crate's episode over HTTP, as in-process: only the package's `src/**` and
/// `tests/**` list and read, the buggy file reads with its bug, the reference fix submitted is
/// paid what `verigym verify` pays it single-turn (1), and the lazy submission gets that
/// verdict's 0. The crate builds in the server's one cached workspace, not in a session's dir.
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow tier: `cargo test --features slow-tests` (CI runs it)"
)]
#[test]
fn crate_episodes_over_http_pay_the_single_turn_verdict() {
    let tmp = scratch("agentic-crate-tmp");
    let dir = scratch("agentic-crate-files");
    let server = Server::start_with("agentic-crate", &[], &[("TMPDIR", &tmp)]);
    let record = generate(
        &server,
        json!({"env": "repo_fix", "level": 2.0, "seed": 5, "n": 1, "params": {"repo": "crate:heck"}}),
    )
    .remove(0);
    let file = record["data"]["krate"]["file"].as_str().unwrap().to_owned();
    let bug = record["data"]["bugs"][0]["buggy"]
        .as_str()
        .unwrap()
        .to_owned();
    let reference = record["answer"].as_str().unwrap().to_owned();
    let play = |id: &str, last: &str| {
        let reset = json!({"episode_id": id, "record": record, "agentic": {"max_turns": 5}});
        let (status, opened) = server.post("/openenv/reset", &reset);
        assert_eq!(status, 200, "{opened}");
        let (status, listed) = step(&server, id, "<query>list_files</query>");
        assert_eq!(status, 200, "{listed}");
        let listed = listed["observation"]["text"].as_str().unwrap().to_owned();
        let files: Vec<&str> = listed.lines().filter(|l| !l.starts_with('(')).collect();
        assert!(files.contains(&file.as_str()), "{listed}");
        assert!(
            files
                .iter()
                .all(|f| f.starts_with("src/") || f.starts_with("tests/")),
            "{listed}"
        );
        let (status, shown) = step(&server, id, &format!("<query>read_file {file}</query>"));
        assert_eq!(status, 200, "{shown}");
        assert!(
            shown["observation"]["text"]
                .as_str()
                .unwrap()
                .contains(&bug)
        );
        let (status, refused) = step(&server, id, "<query>read_file ../catalog.json</query>");
        assert_eq!(status, 200, "{refused}");
        assert!(
            refused["observation"]["text"]
                .as_str()
                .unwrap()
                .starts_with("Refused: "),
            "{refused}"
        );
        let (status, ended) = step(&server, id, last);
        assert_eq!(status, 200, "{ended}");
        assert_eq!(ended["done"], true, "{ended}");
        ended
    };

    let paid = play("fixed", &format!("<answer>\n{reference}\n</answer>"));
    let single = verify_single_turn(&dir, &record, &reference);
    assert_eq!(single["score"], 1.0, "{single}");
    assert_eq!(paid["reward"], 1.0, "{paid}");
    assert_eq!(
        without_episode(paid["observation"]["verdict"].clone()),
        single
    );

    let lazy = play("lazy", "<answer>submit</answer>");
    let unchanged = format!(
        "```rust\n{}\n```",
        record["data"]["library"].as_str().unwrap()
    );
    let single = verify_single_turn(&dir, &record, &unchanged);
    assert_eq!(lazy["reward"], 0.0, "{lazy}");
    assert_eq!(
        lazy["observation"]["verdict"]["reason"], single["reason"],
        "{lazy}"
    );
    assert_eq!(
        build_dirs(&tmp),
        0,
        "a crate episode holds no build dir of its own"
    );
    drop(server);
    let _ = fs::remove_dir_all(&tmp);
    let _ = fs::remove_dir_all(&dir);
}
