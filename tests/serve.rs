//! `verigym serve` under faults: the real binary on 127.0.0.1 port 0 as a child process, driven
//! by a raw HTTP/1.1 client. Malformed and hostile input, slow and vanishing clients, kill -9 and
//! restart, a full disk, auth, back-pressure, and an OpenRLHF-style client that must get the
//! rewards `verigym verify` gives. Every loop is bounded; nothing leaves loopback.

use std::fs;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use verigym::curriculum::{Curriculum, CurriculumConfig};
use verigym::{Problem, registry};

mod agentic;

const BIN: &str = env!("CARGO_BIN_EXE_verigym");

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("verigym-serve-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// A server child process, killed when dropped.
struct Server {
    child: Child,
    addr: String,
    stderr: PathBuf,
}

impl Server {
    fn start(name: &str, args: &[&str]) -> Server {
        Self::start_with(name, args, &[])
    }

    fn start_with(name: &str, args: &[&str], envs: &[(&str, &Path)]) -> Server {
        let stderr = std::env::temp_dir().join(format!(
            "verigym-serve-{name}-{}.stderr",
            std::process::id()
        ));
        let mut cmd = Command::new(BIN);
        cmd.args(["serve", "--addr", "127.0.0.1:0"])
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(fs::File::create(&stderr).unwrap());
        for (k, v) in envs {
            cmd.env(k, v);
        }
        let mut child = cmd.spawn().unwrap();
        let mut out = child.stdout.take().unwrap();
        let mut line = Vec::new();
        let mut byte = [0u8; 1];
        while out.read(&mut byte).unwrap_or(0) == 1 && byte[0] != b'\n' {
            line.push(byte[0]);
        }
        let ready: Value = serde_json::from_slice(&line).unwrap_or_else(|_| {
            panic!(
                "server did not start: {}",
                fs::read_to_string(&stderr).unwrap_or_default()
            )
        });
        Server {
            child,
            addr: ready["listening"].as_str().unwrap().to_owned(),
            stderr,
        }
    }

    fn post(&self, path: &str, body: &Value) -> (u16, Value) {
        let r = http(&self.addr, "POST", path, &[], body.to_string().as_bytes());
        (
            r.status,
            serde_json::from_slice(&r.body).unwrap_or(Value::Null),
        )
    }

    fn metric(&self, name: &str) -> u64 {
        let r = http(&self.addr, "GET", "/metrics", &[], b"");
        let text = String::from_utf8(r.body).unwrap();
        text.lines()
            .find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.parse().ok())
            .unwrap_or(0)
    }

    /// Sends SIGTERM and returns the exit status and stderr.
    fn terminate(mut self) -> (Option<i32>, String) {
        let pid = self.child.id().to_string();
        Command::new("kill").args(["-TERM", &pid]).status().unwrap();
        let deadline = Instant::now() + Duration::from_secs(30);
        let status = loop {
            if let Some(s) = self.child.try_wait().unwrap() {
                break s;
            }
            assert!(Instant::now() < deadline, "the server ignored SIGTERM");
            std::thread::sleep(Duration::from_millis(20));
        };
        (status.code(), fs::read_to_string(&self.stderr).unwrap())
    }

    fn kill9(mut self) {
        self.child.kill().unwrap(); // SIGKILL
        self.child.wait().unwrap();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = fs::remove_file(&self.stderr);
    }
}

struct Response {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Response {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// One request on a fresh connection (`Connection: close`), read to the end.
fn http(addr: &str, method: &str, path: &str, headers: &[(&str, &str)], body: &[u8]) -> Response {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(120))).unwrap();
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n",
        body.len()
    );
    for (k, v) in headers {
        head += &format!("{k}: {v}\r\n");
    }
    head += "\r\n";
    // The server may answer (413) and close before reading the whole body; the answer still counts.
    let _ = s
        .write_all(head.as_bytes())
        .and_then(|()| s.write_all(body));
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw);
    parse_response(&raw)
}

fn parse_response(raw: &[u8]) -> Response {
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .unwrap_or_else(|| panic!("no response head in {:?}", String::from_utf8_lossy(raw)));
    let head = std::str::from_utf8(&raw[..split]).unwrap();
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .unwrap()
        .split(' ')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_owned(), v.trim().to_owned()))
        .collect();
    let mut body = raw[split + 4..].to_vec();
    let chunked = headers
        .iter()
        .any(|(k, v)| k.eq_ignore_ascii_case("transfer-encoding") && v.contains("chunked"));
    if chunked {
        let mut out = Vec::new();
        let mut rest = &body[..];
        loop {
            let eol = rest.windows(2).position(|w| w == b"\r\n").unwrap();
            let size = usize::from_str_radix(std::str::from_utf8(&rest[..eol]).unwrap().trim(), 16)
                .unwrap();
            if size == 0 {
                break;
            }
            out.extend_from_slice(&rest[eol + 2..eol + 2 + size]);
            rest = &rest[eol + 2 + size + 2..];
        }
        body = out;
    }
    Response {
        status,
        headers,
        body,
    }
}

fn jsonl(bytes: &[u8]) -> Vec<Value> {
    bytes
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .map(|l| serde_json::from_slice(l).unwrap())
        .collect()
}

fn generate(server: &Server, body: Value) -> Vec<Value> {
    let r = http(
        &server.addr,
        "POST",
        "/generate",
        &[],
        body.to_string().as_bytes(),
    );
    assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
    jsonl(&r.body)
}

fn error_of(v: &Value) -> &str {
    v["error"].as_str().unwrap_or_default()
}

#[test]
fn bad_requests_get_4xx_naming_what_is_wrong() {
    let server = Server::start("bad", &["--max-body", "4096"]);
    let a = &server.addr;
    let r = http(a, "POST", "/verify", &[], b"{\"id\": ");
    assert_eq!(r.status, 400, "malformed JSON");
    let (status, body) = server.post("/verify", &json!({"id": 5, "response": "x"}));
    assert_eq!(status, 422, "wrong type");
    assert!(error_of(&body).contains("expected a string"), "{body}");
    let (status, body) = server.post("/verify", &json!({"id": "a", "respons": "x"}));
    assert_eq!(status, 422, "unknown field");
    assert!(error_of(&body).contains("respons"), "{body}");
    let (status, body) = server.post("/verify", &json!({"id": "a"}));
    assert_eq!(status, 422);
    assert!(error_of(&body).contains("`response`"), "{body}");
    let big = json!({"id": "x", "response": "y".repeat(10_000)}).to_string();
    let r = http(a, "POST", "/verify", &[], big.as_bytes());
    assert_eq!(r.status, 413, "oversized body");
    assert!(String::from_utf8_lossy(&r.body).contains("4096"));
    let (status, body) = server.post("/generate", &json!({"env": "nope", "n": 1}));
    assert_eq!(status, 422, "unknown env");
    assert!(
        error_of(&body).contains("`nope`") && error_of(&body).contains("modarith"),
        "{body}"
    );
    let (status, body) = server.post(
        "/generate",
        &json!({"env": "modarith", "params": {"modulus": "x"}}),
    );
    assert_eq!(status, 422, "{body}");
    let mut record: Value = generate(&server, json!({"env": "modarith", "n": 1})).remove(0);
    record["env"] = "nope".into();
    let (status, body) = server.post("/verify", &json!({"record": record, "response": "x"}));
    assert_eq!(status, 422, "record of an unknown env");
    assert!(error_of(&body).contains("nope"), "{body}");
    record["env"] = "modarith".into();
    record["data"] = json!({"modulus": "seven"});
    let (status, _) = server.post("/verify", &json!({"record": record, "response": "x"}));
    assert_eq!(status, 422, "record whose data does not deserialize");
    let (status, body) = server.post(
        "/verify",
        &json!({"id": "modarith-v1-00000000-s0-i0", "response": "x"}),
    );
    assert_eq!(status, 404, "unknown id");
    assert!(
        error_of(&body).contains("`modarith-v1-00000000-s0-i0`"),
        "{body}"
    );
    let r = http(a, "GET", "/nope", &[], b"");
    assert_eq!(r.status, 404);
    let (status, body) = server.post("/curriculum/next", &json!({"n": 1}));
    assert_eq!(status, 404, "no curriculum configured");
    assert!(error_of(&body).contains("--curriculum"), "{body}");
    // Still healthy after all of that.
    assert_eq!(http(a, "GET", "/health", &[], b"").status, 200);
    assert!(server.metric("verigym_requests_total{route=\"/verify\",status=\"4xx\"}") >= 6);
}

#[test]
fn verdicts_by_id_and_by_record_are_the_librarys_and_evicted_ids_are_404() {
    let server = Server::start("verify", &["--store-size", "3"]);
    let records = generate(
        &server,
        json!({"env": "modarith", "level": 2.0, "seed": 9, "n": 5}),
    );
    let env = registry::find("modarith").unwrap();
    for (i, record) in records.iter().enumerate() {
        let answer = record["answer"].as_str().unwrap();
        let responses = [
            format!("<answer>{answer}</answer>"),
            "<answer>-1</answer>".into(),
            "no tag".into(),
        ];
        let loaded = env.load_problem(&record.to_string()).unwrap();
        let expected: Vec<Value> = responses
            .iter()
            .map(|r| serde_json::to_value(loaded.verify(r)).unwrap())
            .collect();
        let (status, by_record) = server.post(
            "/verify",
            &json!({"record": record, "responses": responses}),
        );
        assert_eq!(status, 200);
        assert_eq!(by_record["verdicts"], json!(expected));
        let (status, by_id) = server.post(
            "/verify",
            &json!({"id": record["id"], "responses": responses}),
        );
        if i < 2 {
            // The store holds the last three: the first two were evicted.
            assert_eq!(status, 404, "{by_id}");
            assert!(error_of(&by_id).contains(record["id"].as_str().unwrap()));
        } else {
            assert_eq!(status, 200);
            assert_eq!(by_id["verdicts"], json!(expected));
        }
    }
    let items: Vec<Value> = records
        .iter()
        .map(|r| json!({"id": r["id"], "response": format!("<answer>{}</answer>", r["answer"].as_str().unwrap())}))
        .collect();
    let (status, batch) = server.post("/verify/batch", &json!({"items": items}));
    assert_eq!(status, 200);
    let results = batch["results"].as_array().unwrap();
    assert_eq!(results.len(), 5);
    for r in &results[..2] {
        assert_eq!(r["error"]["status"], 404);
        assert!(
            r.get("verdicts").is_none(),
            "an unknown id must never get a verdict: {r}"
        );
    }
    for r in &results[2..] {
        assert_eq!(r["verdicts"][0]["correct"], true, "{r}");
    }
    assert!(
        server.metric("verigym_verdicts_total{env=\"modarith\",reason=\"correct\"}") >= 3 + 3 + 3
    );
}

#[test]
fn generate_streams_the_bytes_of_verigym_generate() {
    let server = Server::start("generate", &[]);
    let body = json!({"env": "modarith", "level": 3.5, "params": {"style": "words"}, "seed": 11, "start": 5, "n": 3000, "store": false});
    let r = http(
        &server.addr,
        "POST",
        "/generate",
        &[],
        body.to_string().as_bytes(),
    );
    assert_eq!(r.status, 200);
    assert_eq!(r.header("content-type"), Some("application/x-ndjson"));
    let cli = Command::new(BIN)
        .args([
            "generate",
            "--env",
            "modarith",
            "--difficulty",
            "3.5",
            "--param",
            "style=words",
        ])
        .args(["--seed", "11", "--start", "5", "-n", "3000"])
        .output()
        .unwrap();
    assert!(cli.status.success());
    assert!(
        r.body.len() > 1 << 20,
        "large enough to stream in many chunks"
    );
    assert!(
        r.body == cli.stdout,
        "the streamed bytes differ from `verigym generate`"
    );
}

/// OpenRLHF's client posts `{query, prompts, labels}` and reads `rewards`; the rewards must be
/// the scores `verigym verify` gives for the same responses.
#[test]
fn openrlhf_get_reward_matches_verigym_verify() {
    let dir = scratch("openrlhf");
    let server = Server::start("openrlhf", &[]);
    let records = generate(
        &server,
        json!({"env": "modarith", "level": 1.0, "seed": 5, "n": 6}),
    );
    let problems: String = records.iter().map(|r| format!("{r}\n")).collect();
    fs::write(dir.join("problems.jsonl"), &problems).unwrap();
    let mut responses = Vec::new();
    let (mut query, mut prompts, mut labels) = (Vec::new(), Vec::new(), Vec::new());
    for (i, r) in records.iter().enumerate() {
        let answer = r["answer"].as_str().unwrap();
        let response = match i % 3 {
            0 => format!("<think>easy</think><answer>{answer}</answer>"),
            1 => "<answer>12345678</answer>".to_owned(),
            _ => format!("I think {answer}"),
        };
        responses.push(format!(
            "{}\n",
            json!({"id": r["id"], "response": response})
        ));
        // A chat template around the prompt, as the trainer would apply it.
        let prompt = format!(
            "<|im_start|>user\n{}<|im_end|>\n<|im_start|>assistant\n",
            r["prompt"].as_str().unwrap()
        );
        query.push(format!("{prompt}{response}<|im_end|>"));
        // Half the samples send their prompt, half rely on the record's; half the labels are ids,
        // half full records.
        prompts.push(if i % 2 == 0 {
            prompt
        } else {
            "changed by the tokenizer".to_owned()
        });
        labels.push(if i < 3 {
            r["id"].as_str().unwrap().to_owned()
        } else {
            r.to_string()
        });
    }
    fs::write(dir.join("responses.jsonl"), responses.concat()).unwrap();
    let out = Command::new(BIN)
        .args(["verify", "--problems"])
        .arg(dir.join("problems.jsonl"))
        .arg("--responses")
        .arg(dir.join("responses.jsonl"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let expected: Vec<f64> = jsonl(&out.stdout)
        .iter()
        .map(|g| g["verdict"]["score"].as_f64().unwrap())
        .collect();
    assert_eq!(expected, [1.0, 0.0, 0.0, 1.0, 0.0, 0.0]);
    // The client: a few lines of HTTP, as OpenRLHF's `_fetch_rewards_via_http` sends them.
    let payload = json!({"query": query, "prompts": prompts, "labels": labels});
    let (status, body) = server.post("/get_reward", &payload);
    assert_eq!(status, 200, "{body}");
    let rewards: Vec<f64> = serde_json::from_value(body["rewards"].clone()).unwrap();
    assert_eq!(rewards, expected);
    assert_eq!(body["scores"], body["rewards"]);
    assert_eq!(body["extra_logs"]["correct"].as_array().unwrap().len(), 6);
    let (status, body) = server.post(
        "/get_reward",
        &json!({"query": ["x"], "prompts": ["y"], "labels": ["modarith-v1-0-s0-i0"]}),
    );
    assert_eq!(status, 404, "{body}");
    assert!(error_of(&body).contains("labels[0]"));
    let (status, _) = server.post(
        "/get_reward",
        &json!({"query": ["a", "b"], "labels": ["x"]}),
    );
    assert_eq!(status, 422);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_slowloris_connection_is_dropped_after_the_header_timeout() {
    let server = Server::start("slowloris", &["--header-timeout", "0.5"]);
    let mut slow = TcpStream::connect(&server.addr).unwrap();
    slow.write_all(b"POST /verify HTTP/1.1\r\nHost: x\r\n")
        .unwrap();
    slow.set_read_timeout(Some(Duration::from_millis(50)))
        .unwrap();
    let start = Instant::now();
    // Drip one header byte at a time; the server must close the connection anyway.
    let mut closed = false;
    for _ in 0..60 {
        if slow.write_all(b"X").is_err() {
            closed = true;
            break;
        }
        let mut buf = [0u8; 256];
        match slow.read(&mut buf) {
            // EOF, an error answer, or a reset: the server gave up on this connection.
            Ok(_) => {
                closed = true;
                break;
            }
            Err(e)
                if e.kind() == std::io::ErrorKind::WouldBlock
                    || e.kind() == std::io::ErrorKind::TimedOut => {}
            Err(_) => {
                closed = true;
                break;
            }
        }
        std::thread::sleep(Duration::from_millis(50));
        // Meanwhile other clients are served.
        assert_eq!(http(&server.addr, "GET", "/health", &[], b"").status, 200);
    }
    assert!(
        closed,
        "the slow connection was still open after {:?}",
        start.elapsed()
    );
    assert!(
        start.elapsed() >= Duration::from_millis(400),
        "dropped too early: {:?}",
        start.elapsed()
    );
}

#[test]
fn bearer_token_and_loopback_policy() {
    let dir = scratch("token");
    let token = "0123456789abcdef0123456789abcdef";
    fs::write(dir.join("token"), format!("{token}\n")).unwrap();
    let file = dir.join("token");
    let server = Server::start("token", &["--token-file", file.to_str().unwrap()]);
    let body = br#"{"id":"x","response":"y"}"#;
    assert_eq!(http(&server.addr, "POST", "/verify", &[], body).status, 401);
    let wrong = [("Authorization", "Bearer 0123456789abcdef0123456789abcdeX")];
    assert_eq!(
        http(&server.addr, "POST", "/verify", &wrong, body).status,
        401
    );
    let bearer = format!("Bearer {token}");
    let right = [("Authorization", bearer.as_str())];
    assert_eq!(
        http(&server.addr, "POST", "/verify", &right, body).status,
        404,
        "authorized, unknown id"
    );
    assert_eq!(http(&server.addr, "GET", "/metrics", &[], b"").status, 401);
    assert_eq!(
        http(&server.addr, "GET", "/health", &[], b"").status,
        200,
        "open for load balancers"
    );
    drop(server);
    for args in [
        vec!["serve", "--addr", "0.0.0.0:0"],
        vec!["serve", "--addr", "0.0.0.0:0", "--allow-remote"],
    ] {
        let out = Command::new(BIN).args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("0.0.0.0") && err.contains("--token-file"),
            "{err}"
        );
    }
    fs::remove_dir_all(&dir).unwrap();
}

const CURRICULUM: &str = "seed = 4\nbatch = 4\ntarget = 0.5\n[[envs]]\nid = \"modarith\"\n";

fn reference() -> Curriculum {
    Curriculum::new(toml::from_str::<CurriculumConfig>(CURRICULUM).unwrap()).unwrap()
}

fn next_ids(server: &Server, n: u32) -> Vec<String> {
    let (status, body) = server.post("/curriculum/next", &json!({"n": n}));
    assert_eq!(status, 200, "{body}");
    body["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_str().unwrap().to_owned())
        .collect()
}

fn reward(i: usize) -> Vec<f64> {
    vec![(i % 2) as f64, 1.0, 0.0]
}

fn curriculum_server(name: &str, dir: &Path) -> Server {
    let config = dir.join("curriculum.toml");
    fs::write(&config, CURRICULUM).unwrap();
    Server::start(
        name,
        &[
            "--curriculum",
            config.to_str().unwrap(),
            "--state-dir",
            dir.join("state").to_str().unwrap(),
            "--save-interval",
            "3600",
        ],
    )
}

/// Sends a request head and the start of a body, then one more byte every 500 ms (never a gap
/// past a 2 s grace, far below 16 KiB/s on average), and returns what the server answers.
fn trickle(addr: &str, path: &str) -> std::thread::JoinHandle<(String, Duration)> {
    let mut stream = TcpStream::connect(addr).unwrap();
    write!(
        stream,
        "POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{{"
    )
    .unwrap();
    std::thread::spawn(move || {
        let start = Instant::now();
        stream
            .set_read_timeout(Some(Duration::from_millis(50)))
            .unwrap();
        let mut answer = Vec::new();
        while start.elapsed() < Duration::from_secs(30) {
            let mut buf = [0u8; 4096];
            match stream.read(&mut buf) {
                Ok(0) => break,
                Ok(n) => {
                    answer.extend_from_slice(&buf[..n]);
                    if answer.windows(4).any(|w| w == b"\r\n\r\n") {
                        break;
                    }
                }
                Err(_) => {}
            }
            if stream.write_all(b" ").is_err() {
                break;
            }
            std::thread::sleep(Duration::from_millis(450));
        }
        (
            String::from_utf8_lossy(&answer).into_owned(),
            start.elapsed(),
        )
    })
}

/// A trickled body holds no in-flight slot: with `--max-in-flight 2` and two clients sending a
/// byte every half second, `/health` and `/generate` answer at once, and each trickler is
/// answered 408 soon after the grace. A declared `Content-Length` over `--max-body` is answered
/// 413 before any of the body is sent.
#[test]
fn slow_bodies_hold_no_slot_and_an_oversized_body_is_refused_at_once() {
    let server = Server::start(
        "slow-bodies",
        &[
            "--max-in-flight",
            "2",
            "--header-timeout",
            "2",
            "--max-body",
            "1048576",
        ],
    );
    let tricklers: Vec<_> = (0..2).map(|_| trickle(&server.addr, "/verify")).collect();
    std::thread::sleep(Duration::from_millis(500));
    let asked = Instant::now();
    let health = http(&server.addr, "GET", "/health", &[], b"");
    let (generated, _) = server.post("/generate", &json!({"env": "modarith", "n": 1}));
    assert_eq!((health.status, generated), (200, 200));
    assert!(
        asked.elapsed() < Duration::from_secs(2),
        "normal requests waited {:?} behind trickled bodies",
        asked.elapsed()
    );
    for trickler in tricklers {
        let (answer, after) = trickler.join().unwrap();
        assert!(answer.starts_with("HTTP/1.1 408"), "{answer:?}");
        assert!(after < Duration::from_secs(8), "answered after {after:?}");
    }
    // An over-cap Content-Length: refused at once, with only the head sent.
    let mut stream = TcpStream::connect(&server.addr).unwrap();
    write!(
        stream,
        "POST /verify HTTP/1.1\r\nHost: x\r\nContent-Length: 83886080\r\n\r\n"
    )
    .unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(5)))
        .unwrap();
    let mut head = [0u8; 512];
    let n = stream.read(&mut head).unwrap();
    let head = String::from_utf8_lossy(&head[..n]);
    assert!(head.starts_with("HTTP/1.1 413"), "{head:?}");
}

/// Booleans are rewards on `/curriculum/record` as on `verigym curriculum`'s stdin (true is 1):
/// a reward function that returns `bool` feeds both alike, and the controller sees 1 and 0.
#[test]
fn curriculum_record_takes_boolean_rewards_as_the_stdin_protocol_does() {
    let dir = scratch("bool-rewards");
    let server = curriculum_server("bool-rewards", &dir);
    let ids = next_ids(&server, 4);
    let mut reference = reference();
    reference.next(4).unwrap();
    for (i, id) in ids.iter().enumerate() {
        let (status, body) = server.post(
            "/curriculum/record",
            &json!({"id": id, "rewards": [i % 2 == 0, true, false, 0.5]}),
        );
        assert_eq!(
            (status, body["status"].as_str()),
            (200, Some("recorded")),
            "{body}"
        );
        let numbers = [f64::from(u8::from(i % 2 == 0)), 1.0, 0.0, 0.5];
        reference.record(id, &numbers).unwrap();
    }
    let expected: Vec<String> = reference
        .next(3)
        .unwrap()
        .iter()
        .map(|p| p.id.clone())
        .collect();
    assert_eq!(next_ids(&server, 3), expected);
    // Anything else is still refused, naming the field.
    let (status, body) = server.post(
        "/curriculum/record",
        &json!({"id": ids[0], "rewards": ["yes"]}),
    );
    assert_eq!(status, 422, "{body}");
    assert!(
        body.to_string()
            .contains("expected a reward: a number from 0 to 1, true or false"),
        "{body}"
    );
    drop(server);
    fs::remove_dir_all(&dir).unwrap();
}

/// kill -9 mid-run, then a restart: every acknowledged `next` and `record` is there exactly once,
/// so the next batch equals an in-process curriculum fed the same acknowledged feedback.
#[test]
fn kill_9_and_restart_lose_and_duplicate_no_acknowledged_feedback() {
    let dir = scratch("kill9");
    let server = curriculum_server("kill9", &dir);
    let ids = next_ids(&server, 8);
    let mut reference = reference();
    let expected: Vec<String> = reference
        .next(8)
        .unwrap()
        .iter()
        .map(|p| p.id.clone())
        .collect();
    assert_eq!(ids, expected, "the served curriculum is the library's");
    // Late and out of order.
    let order = [5, 1, 7, 0, 3];
    for &i in &order {
        let (status, body) = server.post(
            "/curriculum/record",
            &json!({"id": ids[i], "rewards": reward(i)}),
        );
        assert_eq!((status, body["status"].as_str()), (200, Some("recorded")));
        reference.record(&ids[i], &reward(i)).unwrap();
    }
    // One more in flight when the server dies: sent, never acknowledged.
    let mut inflight = TcpStream::connect(&server.addr).unwrap();
    let body = json!({"id": ids[2], "rewards": reward(2)}).to_string();
    write!(
        inflight,
        "POST /curriculum/record HTTP/1.1\r\nHost: x\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    server.kill9();
    drop(inflight);

    let server = curriculum_server("kill9-restarted", &dir);
    // Every acknowledged record is remembered: a retry is a duplicate, not a second count.
    for &i in &order {
        let (status, body) = server.post(
            "/curriculum/record",
            &json!({"id": ids[i], "rewards": reward(i)}),
        );
        assert_eq!(
            (status, body["status"].as_str()),
            (200, Some("duplicate")),
            "{i}"
        );
    }
    // The in-flight one either made it to the journal or not; both are consistent.
    let (status, body) = server.post(
        "/curriculum/record",
        &json!({"id": ids[2], "rewards": reward(2)}),
    );
    assert_eq!(status, 200);
    reference.record(&ids[2], &reward(2)).unwrap();
    // Outstanding: 8 issued - 6 recorded.
    assert_eq!(body["outstanding"], 2, "{body}");
    let after = next_ids(&server, 6);
    let expected: Vec<String> = reference
        .next(6)
        .unwrap()
        .iter()
        .map(|p| p.id.clone())
        .collect();
    assert_eq!(
        after, expected,
        "the restored controller is the one fed exactly the acknowledged feedback"
    );
    // Issued records are in the store after the restart too.
    let (status, _) = server.post(
        "/verify",
        &json!({"id": ids[4], "response": "<answer>0</answer>"}),
    );
    assert_eq!(status, 200);
    let (code, stderr) = server.terminate();
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stderr.contains("curriculum state saved"), "{stderr}");
    assert_eq!(
        fs::metadata(dir.join("state/journal.jsonl")).unwrap().len(),
        0
    );
    // And from the snapshot alone.
    let server = curriculum_server("kill9-snapshot", &dir);
    let again = next_ids(&server, 2);
    assert_eq!(
        again,
        reference
            .next(2)
            .unwrap()
            .iter()
            .map(|p| p.id.clone())
            .collect::<Vec<_>>()
    );
    drop(server);
    fs::remove_dir_all(&dir).unwrap();
}

/// A full disk: feedback that cannot be journaled is refused (507) and not applied; a snapshot
/// that cannot be written fails shutdown with a clear error and leaves the old one intact.
#[test]
fn a_full_disk_refuses_feedback_and_keeps_the_old_state() {
    let dir = scratch("fulldisk");
    let state = dir.join("state");
    fs::create_dir_all(&state).unwrap();
    let mounted = Command::new("mount")
        .args(["-t", "tmpfs", "-o", "size=24k", "tmpfs"])
        .arg(&state)
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !mounted {
        eprintln!(
            "skipped: cannot mount a tiny tmpfs here (needs root); the /dev/full unit test in crates/serve/src/durable.rs covers the snapshot"
        );
        fs::remove_dir_all(&dir).unwrap();
        return;
    }
    let unmount = |p: &Path| {
        let _ = Command::new("umount").arg(p).status();
    };
    let result = std::panic::catch_unwind(|| {
        let server = curriculum_server("fulldisk", &dir);
        let first = next_ids(&server, 2);
        let (code, stderr) = server.terminate();
        assert_eq!(code, Some(0), "{stderr}");
        let saved = fs::read(state.join("state.json")).unwrap();

        let server = curriculum_server("fulldisk-2", &dir);
        let mut acknowledged = Vec::new();
        let mut refused = None;
        for round in 0..2000 {
            let (status, body) = server.post("/curriculum/next", &json!({"n": 1}));
            if status == 507 {
                refused = Some(error_of(&body).to_owned());
                break;
            }
            let id = body["problems"][0]["id"].as_str().unwrap().to_owned();
            let (status, body) = server.post(
                "/curriculum/record",
                &json!({"id": id, "rewards": reward(round)}),
            );
            if status == 507 {
                refused = Some(error_of(&body).to_owned());
                break;
            }
            assert_eq!(status, 200, "{body}");
            acknowledged.push(id);
        }
        let refused = refused.expect("the 24 KiB disk never filled");
        assert!(
            refused.contains("journal.jsonl") && refused.contains("No space left"),
            "{refused}"
        );
        assert!(acknowledged.len() > 10);
        let (code, stderr) = server.terminate();
        assert_ne!(
            code,
            Some(0),
            "a failed final save must not look like success"
        );
        assert!(
            stderr.contains("state.json") && stderr.contains("No space left"),
            "{stderr}"
        );
        assert_eq!(
            fs::read(state.join("state.json")).unwrap(),
            saved,
            "the old state is intact"
        );
        // Move the files to a roomy disk and restart: every acknowledged record is there.
        let roomy = dir.join("roomy");
        fs::create_dir_all(roomy.join("state")).unwrap();
        for f in ["state.json", "journal.jsonl"] {
            fs::copy(state.join(f), roomy.join("state").join(f)).unwrap();
        }
        let server = curriculum_server("fulldisk-3", &roomy);
        for id in &acknowledged {
            let (status, body) =
                server.post("/curriculum/record", &json!({"id": id, "rewards": [1.0]}));
            assert_eq!(
                (status, body["status"].as_str()),
                (200, Some("duplicate")),
                "{id}"
            );
        }
        for id in &first {
            let (status, body) =
                server.post("/curriculum/record", &json!({"id": id, "rewards": [1.0]}));
            assert_eq!(
                (status, body["status"].as_str()),
                (200, Some("recorded")),
                "{id}"
            );
        }
    });
    unmount(&state);
    fs::remove_dir_all(&dir).unwrap();
    if let Err(e) = result {
        std::panic::resume_unwind(e);
    }
}

/// A repo_fix problem from the server, with its reference answer and a hostile one that loops.
fn repo_fix_group(server: &Server) -> (Value, Vec<String>) {
    let record = generate(
        server,
        json!({"env": "repo_fix", "level": 2.0, "seed": 3, "n": 1}),
    )
    .remove(0);
    let answer = record["answer"].as_str().unwrap().to_owned();
    let at = answer
        .find("fn ")
        .and_then(|i| answer[i..].find('{').map(|j| i + j + 1))
        .unwrap();
    let looping = format!("{} loop {{}}{}", &answer[..at], &answer[at..]);
    (record, vec![answer, looping, "no code at all".to_owned()])
}

fn descendants(pid: u32) -> Vec<u32> {
    let mut parents = std::collections::HashMap::new();
    for entry in fs::read_dir("/proc").unwrap().flatten() {
        let Ok(p) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(stat) = fs::read_to_string(entry.path().join("stat")) else {
            continue;
        };
        let after = &stat[stat.rfind(')').unwrap() + 2..];
        let ppid: u32 = after.split(' ').nth(1).unwrap().parse().unwrap();
        parents.insert(p, ppid);
    }
    parents
        .keys()
        .copied()
        .filter(|&p| {
            let mut cur = p;
            for _ in 0..64 {
                match parents.get(&cur) {
                    Some(&pp) if pp == pid => return true,
                    Some(&pp) if pp > 1 => cur = pp,
                    _ => return false,
                }
            }
            false
        })
        .collect()
}

/// A client that disconnects while its group compiles leaks no process or temp dir; a hostile
/// answer that loops does not keep its siblings from verdicts; a full compile queue answers 503
/// with Retry-After; a passed deadline answers 503.
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow tier: `cargo test --features slow-tests` (CI runs it)"
)]
#[test]
fn repo_fix_groups_under_disconnects_hostile_answers_and_back_pressure() {
    let tmp = scratch("repofix-tmp");
    let server = Server::start_with(
        "repofix",
        &["--compile-concurrency", "1", "--compile-queue", "0"],
        &[("TMPDIR", &tmp)],
    );
    let (record, responses) = repo_fix_group(&server);
    let body = json!({"id": record["id"], "responses": responses}).to_string();

    // Disconnect while compiling.
    let mut gone = TcpStream::connect(&server.addr).unwrap();
    write!(
        gone,
        "POST /verify HTTP/1.1\r\nHost: x\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let deadline = Instant::now() + Duration::from_secs(20);
    while server.metric("verigym_compile_running") == 0 {
        assert!(
            Instant::now() < deadline,
            "the group never started compiling"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    drop(gone);
    // While it compiles, the queue (size 0) is full: the next group is refused at once.
    let r = http(&server.addr, "POST", "/verify", &[], body.as_bytes());
    assert_eq!(r.status, 503, "{}", String::from_utf8_lossy(&r.body));
    assert!(r.header("retry-after").is_some());
    while server.metric("verigym_compile_queue_depth") > 0 {
        assert!(
            Instant::now() < deadline + Duration::from_secs(60),
            "the abandoned group never finished"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let pid = server.child.id();
    let deadline = Instant::now() + Duration::from_secs(5);
    while !descendants(pid).is_empty() {
        assert!(
            Instant::now() < deadline,
            "leaked processes: {:?}",
            descendants(pid)
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let leftovers: Vec<_> = fs::read_dir(&tmp)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    assert!(leftovers.is_empty(), "leaked temp files: {leftovers:?}");

    // The same group, waited for: every member gets its verdict, the looping one included.
    let (status, verdicts) = server.post(
        "/verify",
        &json!({"id": record["id"], "responses": responses}),
    );
    assert_eq!(status, 200, "{verdicts}");
    let v = verdicts["verdicts"].as_array().unwrap();
    assert_eq!(v.len(), 3);
    assert_eq!(v[0]["correct"], true, "{}", v[0]);
    assert_eq!(
        (v[1]["correct"].as_bool(), v[1]["reason"].as_str()),
        (Some(false), Some("timeout")),
        "{}",
        v[1]
    );
    assert_eq!(v[2]["format_ok"], false);
    assert!(
        server.metric("verigym_sandbox_timeouts_total") >= 1,
        "the loop was stopped by the sandbox"
    );
    assert!(server.metric("verigym_compile_rejected_total") >= 1);
    drop(server);

    let server = Server::start_with(
        "repofix-deadline",
        &["--request-timeout", "0.05"],
        &[("TMPDIR", &tmp)],
    );
    let (record, responses) = repo_fix_group(&server);
    let (status, body) = server.post(
        "/verify",
        &json!({"id": record["id"], "responses": responses}),
    );
    assert_eq!(status, 503, "{body}");
    assert!(error_of(&body).contains("deadline"), "{body}");
    drop(server);
    let _ = fs::remove_dir_all(&tmp);
}

#[test]
fn sigterm_drains_an_in_flight_request() {
    let server = Server::start("drain", &[]);
    let (record, responses) = repo_fix_group(&server);
    let body = json!({"id": record["id"], "responses": responses[..1]}).to_string();
    let addr = server.addr.clone();
    let client = std::thread::spawn(move || http(&addr, "POST", "/verify", &[], body.as_bytes()));
    let deadline = Instant::now() + Duration::from_secs(20);
    while server.metric("verigym_compile_running") == 0 {
        assert!(Instant::now() < deadline, "the group never started");
        std::thread::sleep(Duration::from_millis(10));
    }
    let (code, stderr) = server.terminate();
    assert_eq!(code, Some(0), "{stderr}");
    let r = client.join().unwrap();
    assert_eq!(
        r.status, 200,
        "the in-flight request was answered before exit"
    );
    let v: Value = serde_json::from_slice(&r.body).unwrap();
    assert_eq!(v["verdicts"][0]["correct"], true);
}

#[test]
fn responses_are_problems_the_library_would_write() {
    // The records `/curriculum/next` issues parse as typed problems of their env.
    let dir = scratch("typed");
    let server = curriculum_server("typed", &dir);
    let (status, body) = server.post("/curriculum/next", &json!({"n": 3}));
    assert_eq!(status, 200);
    for p in body["problems"].as_array().unwrap() {
        let parsed: Problem = serde_json::from_value(p.clone()).unwrap();
        assert!(
            registry::find(&parsed.env)
                .unwrap()
                .load_problem(&p.to_string())
                .is_ok()
        );
    }
    let (status, _) = server.post("/curriculum/next", &json!({"n": 0}));
    assert_eq!(status, 422);
    let (status, body) = server.post(
        "/curriculum/record",
        &json!({"id": "nope", "rewards": [1.0]}),
    );
    assert_eq!(status, 404, "{body}");
    let (status, _) = server.post(
        "/curriculum/record",
        &json!({"id": "nope", "rewards": [1.5]}),
    );
    assert_eq!(status, 422);
    drop(server);
    fs::remove_dir_all(&dir).unwrap();
}

/// The transcript `verigym episode run` writes for the optimal agent on one problem.
fn optimal_transcript(env: &str, level: &str, seed: &str) -> Value {
    let out = Command::new(BIN)
        .args([
            "episode", "run", "--env", env, "--level", level, "--seed", seed, "-n", "1",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// OpenEnv's HTTP shapes with an `episode_id`: the optimal agent's actions replayed over the
/// wire get the observations and the reward `verigym episode run` logged; a finished episode
/// refuses more steps (409), a closed one is 410, an unknown one 404, an idle one expires (410),
/// and a full table is 503.
#[test]
fn openenv_http_episodes_replay_the_library_and_end_cleanly() {
    let server = Server::start("episodes", &["--max-sessions", "2", "--session-idle", "1"]);
    for env in [
        "counterfeit_coin",
        "twenty_questions",
        "hidden_polynomial",
        "guess_number",
        "hidden_parity",
        "find_max",
    ] {
        let logged = optimal_transcript(env, "6", "3");
        let reset = json!({"episode_id": env, "env": env, "level": 6.0, "seed": 3});
        let (status, first) = server.post("/openenv/reset", &reset);
        assert_eq!(status, 200, "{first}");
        assert_eq!(first["observation"]["text"], logged["record"]["prompt"]);
        assert_eq!(first["done"], false);
        assert_eq!(first["reward"], Value::Null);
        for turn in logged["turns"].as_array().unwrap() {
            let step = json!({"episode_id": env, "action": {"message": turn["action"]}});
            let (status, got) = server.post("/openenv/step", &step);
            assert_eq!(status, 200, "{got}");
            assert_eq!(got["observation"]["text"], turn["observation"], "{env}");
            assert_eq!(got["reward"], turn["reward"], "{env}");
            assert_eq!(got["done"], turn["done"], "{env}");
        }
        let (status, body) = server.post(
            "/openenv/step",
            &json!({"episode_id": env, "action": {"message": "<answer>1</answer>"}}),
        );
        assert_eq!(status, 409, "a step after the end: {body}");
        let r = http(
            &server.addr,
            "GET",
            &format!("/openenv/state?episode_id={env}"),
            &[],
            b"",
        );
        let state: Value = serde_json::from_slice(&r.body).unwrap();
        assert_eq!(state["done"], true, "{state}");
        let (status, _) = server.post("/openenv/close", &json!({"episode_id": env}));
        assert_eq!(status, 200);
        let (status, body) = server.post(
            "/openenv/step",
            &json!({"episode_id": env, "action": {"message": "x"}}),
        );
        assert_eq!(status, 410, "{body}");
        assert!(error_of(&body).contains("closed"), "{body}");
    }
    let (status, body) = server.post(
        "/openenv/step",
        &json!({"episode_id": "never", "action": {"message": "x"}}),
    );
    assert_eq!(status, 404, "{body}");
    // A reply a harness JSON-decoded (verifiers sends `7` as {"message": 7}, an object reply as
    // the action) is still the model's turn: an invalid one that spends the turn and pays 0,
    // never a transport error a trainer would drop unscored.
    let (status, _) = server.post(
        "/openenv/reset",
        &json!({"episode_id": "j", "env": "guess_number", "seed": 1}),
    );
    assert_eq!(status, 200);
    for (i, action) in [json!({"message": 7}), json!({"answer": "3"})]
        .into_iter()
        .enumerate()
    {
        let (status, got) = server.post(
            "/openenv/step",
            &json!({"episode_id": "j", "action": action}),
        );
        assert_eq!(status, 200, "{action}: {got}");
        assert_eq!(got["observation"]["turn"], i + 1, "{got}");
        assert_eq!(got["reward"], 0.0, "{got}");
    }
    let (status, _) = server.post("/openenv/close", &json!({"episode_id": "j"}));
    assert_eq!(status, 200);
    for bad in [
        json!({"episode_id": "a", "action": "x"}),
        json!({"action": {"message": "x"}}),
    ] {
        let (status, body) = server.post("/openenv/step", &bad);
        assert_eq!(status, 422, "{bad}: {body}");
    }
    let (status, body) = server.post("/openenv/reset", &json!({"env": "nope"}));
    assert_eq!(status, 422);
    assert!(error_of(&body).contains("nope"), "{body}");
    let (status, body) = server.post(
        "/openenv/reset",
        &json!({"env": "modarith", "agentic": {"max_turns": 3}}),
    );
    assert_eq!(status, 422, "{body}");
    assert!(error_of(&body).contains("`agentic`"), "{body}");
    // Two live episodes fill the table; a third waits for one to expire.
    for id in ["x", "y"] {
        assert_eq!(
            server.post("/openenv/reset", &json!({"episode_id": id})).0,
            200
        );
    }
    let (status, body) = server.post("/openenv/reset", &json!({"episode_id": "z"}));
    assert_eq!(status, 503, "{body}");
    std::thread::sleep(Duration::from_millis(1500));
    let (status, body) = server.post(
        "/openenv/step",
        &json!({"episode_id": "x", "action": {"message": "<query>1 vs 2</query>"}}),
    );
    assert_eq!(status, 410, "{body}");
    assert!(error_of(&body).contains("expired"), "{body}");
    assert_eq!(
        server.post("/openenv/reset", &json!({"episode_id": "z"})).0,
        200
    );
    // A feedback episode over a single-turn env, with its options.
    let reset = json!({"episode_id": "f", "env": "modarith", "feedback": {"max_turns": 2, "reward": {"mode": "discounted", "gamma": 0.5}}});
    let (status, first) = server.post("/openenv/reset", &reset);
    assert_eq!(status, 200, "{first}");
    assert!(
        first["observation"]["text"]
            .as_str()
            .unwrap()
            .contains("up to 2 times")
    );
}

/// NeMo Gym's resources-server contract: `seed_session` sets the session cookie, the `act` tool
/// takes turns, `verify` takes the final Responses-API message as the final answer and answers
/// the request with `reward` added; without the cookie, or after `close_session`, no reward.
#[test]
fn nemo_gym_sessions_pay_the_episode_verdict_at_verify() {
    let server = Server::start("nemo", &[]);
    let a = &server.addr;
    let post = |path: &str, cookie: Option<&str>, body: &Value| {
        let cookie = cookie.map(|c| format!("verigym_session={c}"));
        let headers: Vec<(&str, &str)> = cookie.iter().map(|c| ("Cookie", c.as_str())).collect();
        let r = http(a, "POST", path, &headers, body.to_string().as_bytes());
        let json: Value = serde_json::from_slice(&r.body).unwrap_or(Value::Null);
        (r.status, r.header("set-cookie").map(str::to_owned), json)
    };
    let logged = optimal_transcript("counterfeit_coin", "5", "8");
    let turns = logged["turns"].as_array().unwrap();
    for (final_message, expected) in [
        (turns.last().unwrap()["action"].clone(), 1.0),
        (json!("I give up."), 0.0),
    ] {
        // NeMo Gym posts the whole dataset row: fields that are not verigym's are ignored.
        let seed = json!({"env": "counterfeit_coin", "level": 5.0, "seed": 8, "responses_create_params": {"input": []}, "agent_ref": {"name": "x"}});
        let (status, cookie, body) = post("/nemo/seed_session", None, &seed);
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["observation"], logged["record"]["prompt"]);
        let cookie = cookie.unwrap();
        let id = cookie
            .strip_prefix("verigym_session=")
            .unwrap()
            .split(';')
            .next()
            .unwrap()
            .to_owned();
        for turn in &turns[..turns.len() - 1] {
            let (status, _, got) =
                post("/nemo/act", Some(&id), &json!({"message": turn["action"]}));
            assert_eq!(status, 200, "{got}");
            assert_eq!(got["observation"], turn["observation"]);
        }
        let request = json!({
            "responses_create_params": {"input": []},
            // Text the model wrote beside an earlier tool call is not part of the last turn.
            "response": {"output": [
                {"type": "message", "role": "assistant",
                 "content": [{"type": "output_text", "text": "Weighing first."}]},
                {"type": "function_call", "name": "act", "arguments": "{}"},
                {"type": "message", "role": "assistant",
                 "content": [{"type": "output_text", "text": final_message}]}]},
        });
        let (status, _, verified) = post("/nemo/verify", Some(&id), &request);
        assert_eq!(status, 200, "{verified}");
        assert_eq!(verified["reward"], expected, "{verified}");
        assert_eq!(
            verified["responses_create_params"],
            request["responses_create_params"]
        );
        let (status, _, _) = post("/nemo/close_session", Some(&id), &json!({}));
        assert_eq!(status, 200);
        let (status, _, body) = post("/nemo/verify", Some(&id), &request);
        assert_eq!(status, 410, "{body}");
    }
    let (status, _, body) = post("/nemo/act", None, &json!({"message": "x"}));
    assert_eq!(status, 422, "{body}");
    assert!(error_of(&body).contains("verigym_session"), "{body}");
}

/// A curriculum whose env has an episode schedule issues each problem with the turn budget its
/// level gives (`episodes`, beside `problems`); the record and those options open the feedback
/// episode over OpenEnv, which ends after exactly that many wrong answers, and its reward goes
/// back to `/curriculum/record`. An env without a schedule gets null: play it single-turn.
#[test]
fn curriculum_problems_carry_their_episode_budget_to_openenv() {
    let dir = scratch("curriculum-episodes");
    let config = dir.join("curriculum.toml");
    fs::write(
        &config,
        "seed = 2\nbatch = 8\ntarget = 0.5\n\
         [[envs]]\nid = \"modarith\"\nepisode = { feedback = { max_turns = [4, 1] } }\n\
         [[envs]]\nid = \"linear_mod\"\n",
    )
    .unwrap();
    let server = Server::start(
        "curriculum-episodes",
        &[
            "--curriculum",
            config.to_str().unwrap(),
            "--state-dir",
            dir.join("state").to_str().unwrap(),
        ],
    );
    let (status, body) = server.post("/curriculum/next", &json!({"n": 8}));
    assert_eq!(status, 200, "{body}");
    let problems = body["problems"].as_array().unwrap();
    let episodes = body["episodes"].as_array().unwrap();
    assert_eq!(problems.len(), episodes.len());
    let mut played = 0;
    for (problem, options) in problems.iter().zip(episodes) {
        if problem["env"] == "linear_mod" {
            assert_eq!(options, &Value::Null, "{problem}");
            continue;
        }
        let level = problem["meta"]["level"].as_f64().unwrap();
        // The schedule's own arithmetic: easy + (hard - easy) * t, rounded half away from zero.
        let turns = (4.0 + (1.0 - 4.0) * (level / 10.0)).round() as u64;
        assert_eq!(options["max_turns"], turns, "level {level}: {options}");
        assert_eq!(options["reward"]["mode"], "solved", "{options}");
        let id = problem["id"].as_str().unwrap();
        let reset = json!({"episode_id": id, "record": problem, "feedback": options});
        let (status, first) = server.post("/openenv/reset", &reset);
        assert_eq!(status, 200, "{first}");
        let mut steps = 0;
        loop {
            let wrong = json!({"episode_id": id, "action": {"message": "<answer>-1</answer>"}});
            let (status, got) = server.post("/openenv/step", &wrong);
            assert_eq!(status, 200, "{got}");
            steps += 1;
            if got["done"] == true {
                assert_eq!(got["reward"], 0.0, "{got}");
                break;
            }
            assert!(steps < 16, "the episode never ended: {got}");
        }
        assert_eq!(steps, turns, "{id} at level {level}");
        let (status, body) =
            server.post("/curriculum/record", &json!({"id": id, "rewards": [0.0]}));
        assert_eq!(status, 200, "{body}");
        played += 1;
    }
    assert!(played > 0, "no modarith problem in {body}");
    drop(server);
    fs::remove_dir_all(&dir).unwrap();
}
