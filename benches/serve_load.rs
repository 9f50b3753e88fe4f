//! Load generator for `verigym serve`: a real HTTP/1.1 client (hyper) driving the release binary
//! over loopback with 64 connections. Bounded in time; prints medians and tails.
//!
//! `cargo bench --bench serve_load -- [batch|single|repo_fix|soak|all] [--seconds N]`
//!
//! - `batch`: 64 connections post `/verify/batch` back to back, 256 modarith items per request,
//!   first by id, then as full records; reports verifies per second for each, beside `verigym
//!   verify` on the same records and responses in files, in the same run.
//! - `single`: open-loop `/verify` at 1,000 requests/s over 64 connections; latency is measured
//!   from each request's scheduled time, so a stall counts against every request it delays.
//! - `repo_fix`: 4 clients each verifying groups of 16 answers (one compile per group).
//! - `soak`: a moderate mixed load for `--seconds`, sampling the server's RSS and open fds.

use std::sync::Arc;
use std::time::{Duration, Instant};

use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper::{Method, Request};
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use serde_json::{Value, json};
use verigym::envs::repo_fix::{RepoFix, RepoFixData, RepoFixParams, answer_block};
use verigym::repo::mutate;
use verigym::{EnvParams, Generator, Problem};

#[path = "support/serve_child.rs"]
mod serve_child;
use serve_child::Server;

type Http = Client<HttpConnector, Full<Bytes>>;

const CONNECTIONS: usize = 64;

/// The server's HTTP base URL.
fn base(server: &Server) -> String {
    format!("http://{}", server.addr)
}

/// Every scenario's server takes requests well past the 64 connections' worth.
fn start_server(extra: &[&str]) -> Server {
    let mut flags = vec!["--max-in-flight", "4096"];
    flags.extend_from_slice(extra);
    serve_child::start_server(&flags)
}

fn client() -> Http {
    let mut connector = HttpConnector::new();
    connector.set_nodelay(true);
    Client::builder(TokioExecutor::new())
        .pool_max_idle_per_host(CONNECTIONS)
        .build(connector)
}

async fn post(client: &Http, url: &str, body: Bytes) -> (u16, Bytes) {
    let request = Request::builder()
        .method(Method::POST)
        .uri(url)
        .header("content-type", "application/json")
        .body(Full::new(body))
        .unwrap();
    let response = client.request(request).await.expect("request");
    let status = response.status().as_u16();
    let body = response
        .into_body()
        .collect()
        .await
        .expect("body")
        .to_bytes();
    (status, body)
}

async fn get(client: &Http, url: &str) -> Bytes {
    let request = Request::builder()
        .uri(url)
        .body(Full::new(Bytes::new()))
        .unwrap();
    let response = client.request(request).await.expect("request");
    response.into_body().collect().await.unwrap().to_bytes()
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

fn report(name: &str, mut latencies: Vec<Duration>, extra: &str) {
    latencies.sort_unstable();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!(
        "{name}: n={} p50={:.2} ms p90={:.2} ms p99={:.2} ms max={:.2} ms {extra}",
        latencies.len(),
        ms(percentile(&latencies, 50.0)),
        ms(percentile(&latencies, 90.0)),
        ms(percentile(&latencies, 99.0)),
        ms(*latencies.last().unwrap_or(&Duration::ZERO)),
    );
}

/// A record issued by the server, with a response to it (every other one right).
struct Item {
    id: String,
    response: String,
    /// The record's JSON line, as `/generate` wrote it.
    record: String,
}

/// Modarith records issued by the server, with one right and one wrong response each.
async fn modarith_items(client: &Http, base: &str, n: usize) -> Vec<Item> {
    let body = json!({"env": "modarith", "level": 3.0, "seed": 1, "n": n}).to_string();
    let (status, bytes) = post(client, &format!("{base}/generate"), body.into()).await;
    assert_eq!(status, 200);
    bytes
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .enumerate()
        .map(|(i, line)| {
            let r: Value = serde_json::from_slice(line).unwrap();
            let answer = if i % 2 == 0 {
                r["answer"].as_str().unwrap().to_owned()
            } else {
                "0".to_owned()
            };
            Item {
                id: r["id"].as_str().unwrap().to_owned(),
                response: format!("<think>steps</think><answer>{answer}</answer>"),
                record: String::from_utf8(line.to_vec()).unwrap(),
            }
        })
        .collect()
}

async fn batch(seconds: f64) {
    let server = start_server(&[]);
    let client = client();
    let items = modarith_items(&client, &base(&server), 4096).await;
    let by_id = batch_rate(
        &client,
        &server,
        &items,
        seconds,
        |item| json!({"id": item.id, "response": item.response}),
    )
    .await;
    let by_record = batch_rate(&client, &server, &items, seconds, |item| {
        let record: Value = serde_json::from_str(&item.record).unwrap();
        json!({"record": record, "response": item.response})
    })
    .await;
    drop(server);
    let cli = cli_rate(&items, seconds);
    println!(
        "verify_batch against the CLI: by id {:.2}x, full records {:.2}x",
        by_id / cli,
        by_record / cli
    );
}

/// Posts batches of 256 items made by `item` from 64 connections for `seconds`; verifies/s.
async fn batch_rate(
    client: &Http,
    server: &Server,
    items: &[Item],
    seconds: f64,
    item: impl Fn(&Item) -> Value,
) -> f64 {
    const PER_REQUEST: usize = 256;
    let bodies: Vec<Bytes> = items
        .chunks(PER_REQUEST)
        .map(|chunk| {
            let items: Vec<Value> = chunk.iter().map(&item).collect();
            json!({"items": items}).to_string().into()
        })
        .collect();
    let what = if bodies[0].starts_with(b"{\"items\":[{\"id\"") {
        "by id"
    } else {
        "full records"
    };
    let bodies = Arc::new(bodies);
    let url = format!("{}/verify/batch", base(server));
    let start = Instant::now();
    let end = start + Duration::from_secs_f64(seconds);
    let tasks: Vec<_> = (0..CONNECTIONS)
        .map(|c| {
            let (client, url, bodies) = (client.clone(), url.clone(), bodies.clone());
            tokio::spawn(async move {
                let mut latencies = Vec::new();
                let mut k = c;
                while Instant::now() < end {
                    let t = Instant::now();
                    let (status, body) =
                        post(&client, &url, bodies[k % bodies.len()].clone()).await;
                    assert_eq!(status, 200, "{}", String::from_utf8_lossy(&body));
                    latencies.push(t.elapsed());
                    k += CONNECTIONS;
                }
                latencies
            })
        })
        .collect();
    let mut all = Vec::new();
    for t in tasks {
        all.extend(t.await.unwrap());
    }
    let elapsed = start.elapsed().as_secs_f64();
    let rate = (all.len() * PER_REQUEST) as f64 / elapsed;
    report(
        &format!("verify_batch (256 modarith items {what}, 64 connections)"),
        all,
        &format!("=> {rate:.0} verifies/s over {elapsed:.1} s"),
    );
    rate
}

/// `verigym verify` on the same records and responses, from files, repeated for `seconds`;
/// verdicts/s (the process's start and the file reading included, as a user pays them).
fn cli_rate(items: &[Item], seconds: f64) -> f64 {
    let dir = tempfile::tempdir().unwrap();
    let problems = dir.path().join("problems.jsonl");
    let responses = dir.path().join("responses.jsonl");
    let lines = |f: &dyn Fn(&Item) -> String| items.iter().map(|i| f(i) + "\n").collect::<String>();
    std::fs::write(&problems, lines(&|i| i.record.clone())).unwrap();
    std::fs::write(
        &responses,
        lines(&|i| json!({"id": i.id, "response": i.response}).to_string()),
    )
    .unwrap();
    let start = Instant::now();
    let mut runs = 0;
    while runs == 0 || start.elapsed().as_secs_f64() < seconds {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_verigym"))
            .args(["--progress", "off", "verify", "--problems"])
            .arg(&problems)
            .arg("--responses")
            .arg(&responses)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        runs += 1;
    }
    let elapsed = start.elapsed().as_secs_f64();
    let rate = (runs * items.len()) as f64 / elapsed;
    println!(
        "verigym verify ({} modarith records, one response each, from files): {runs} runs => {rate:.0} verdicts/s",
        items.len()
    );
    rate
}

async fn single(seconds: f64, rate: f64) {
    let server = start_server(&[]);
    let client = client();
    let items = Arc::new(modarith_items(&client, &base(&server), 4096).await);
    let url = format!("{}/verify", base(&server));
    // Warm the 64 connections.
    let warm: Vec<_> = (0..CONNECTIONS)
        .map(|i| {
            let (client, url, items) = (client.clone(), url.clone(), items.clone());
            tokio::spawn(async move {
                let Item { id, response, .. } = &items[i];
                post(
                    &client,
                    &url,
                    json!({"id": id, "response": response}).to_string().into(),
                )
                .await
            })
        })
        .collect();
    for w in warm {
        w.await.unwrap();
    }
    let total = (seconds * rate) as usize;
    let period = Duration::from_secs_f64(1.0 / rate);
    let t0 = Instant::now() + Duration::from_millis(50);
    let tasks: Vec<_> = (0..CONNECTIONS)
        .map(|c| {
            let (client, url, items) = (client.clone(), url.clone(), items.clone());
            tokio::spawn(async move {
                let mut latencies = Vec::new();
                let mut k = c;
                while k < total {
                    let scheduled = t0 + period * k as u32;
                    tokio::time::sleep_until(scheduled.into()).await;
                    let Item { id, response, .. } = &items[k % items.len()];
                    let body = json!({"id": id, "response": response}).to_string();
                    let (status, _) = post(&client, &url, body.into()).await;
                    assert_eq!(status, 200);
                    latencies.push(scheduled.elapsed());
                    k += CONNECTIONS;
                }
                latencies
            })
        })
        .collect();
    let mut all = Vec::new();
    for t in tasks {
        all.extend(t.await.unwrap());
    }
    let achieved = all.len() as f64 / t0.elapsed().as_secs_f64();
    report(
        &format!("verify_single (open loop at {rate:.0} req/s, 64 connections)"),
        all,
        &format!("=> {achieved:.0} req/s achieved"),
    );
}

/// The reference, one answer with a type error and 14 single edits of the buggy function, as in
/// `benches/repo_fix.rs`.
fn repo_fix_group() -> (Problem<RepoFixParams, RepoFixData>, Vec<String>) {
    let params = RepoFixParams {
        repo: "toy".into(),
        ..RepoFixParams::at_level(3.0)
    };
    let p = Generator::new(&RepoFix, params, 4).unwrap().problem(0);
    let function = &p.data.bugs[0].function;
    let analysis = mutate::analyze(&p.data.library, "src/lib.rs").unwrap();
    let at = p
        .answer
        .find(") -> ")
        .and_then(|i| p.answer[i..].find('{').map(|j| i + j + 1))
        .unwrap();
    let broken = format!("{} let _: u8 = \"no\";{}", &p.answer[..at], &p.answer[at..]);
    let mut answers = vec![p.answer.clone(), broken];
    for m in analysis.mutants.iter().filter(|m| &m.function == function) {
        let edited = mutate::apply(&p.data.library, m);
        let functions = mutate::analyze(&edited, "src/lib.rs").unwrap().functions;
        let answer = answer_block(&edited, &functions, &[function]);
        if !answers.contains(&answer) {
            answers.push(answer);
        }
        if answers.len() == 16 {
            break;
        }
    }
    (p, answers)
}

async fn repo_fix(groups_per_client: usize) {
    let server = start_server(&["--compile-concurrency", "4"]);
    let client = client();
    let (p, answers) = repo_fix_group();
    assert_eq!(answers.len(), 16);
    let body: Bytes = json!({"record": p, "responses": answers})
        .to_string()
        .into();
    let url = format!("{}/verify", base(&server));
    // One warm-up group (first compile of the toy crate's dependencies, page cache).
    let (status, first) = post(&client, &url, body.clone()).await;
    assert_eq!(status, 200, "{}", String::from_utf8_lossy(&first));
    let v: Value = serde_json::from_slice(&first).unwrap();
    assert_eq!(v["verdicts"][0]["correct"], true);
    let start = Instant::now();
    let tasks: Vec<_> = (0..4)
        .map(|_| {
            let (client, url, body) = (client.clone(), url.clone(), body.clone());
            tokio::spawn(async move {
                let mut latencies = Vec::new();
                for _ in 0..groups_per_client {
                    let t = Instant::now();
                    let (status, _) = post(&client, &url, body.clone()).await;
                    assert_eq!(status, 200);
                    latencies.push(t.elapsed());
                }
                latencies
            })
        })
        .collect();
    let mut all = Vec::new();
    for t in tasks {
        all.extend(t.await.unwrap());
    }
    let elapsed = start.elapsed().as_secs_f64();
    report(
        "repo_fix groups of 16 (4 in flight, --compile-concurrency 4)",
        all,
        &format!(
            "=> {:.2} groups/s",
            (4 * groups_per_client) as f64 / elapsed
        ),
    );
}

fn rss_and_fds(pid: u32) -> (u64, usize) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let rss = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches(" kB").trim().parse().ok())
        .unwrap_or(0);
    let fds = std::fs::read_dir(format!("/proc/{pid}/fd"))
        .map(|d| d.count())
        .unwrap_or(0);
    (rss, fds)
}

async fn soak(seconds: f64) {
    let server = start_server(&["--store-size", "20000"]);
    let pid = server.child.id();
    let client = client();
    let base = base(&server);
    let end = Instant::now() + Duration::from_secs_f64(seconds);
    println!("soak: {seconds:.0} s; every 10 s: elapsed, RSS (KiB), open fds, requests so far");
    let counter = Arc::new(std::sync::atomic::AtomicU64::new(0));
    // 32 connections: fresh records (generate, then verify them by id), batches, and singles,
    // so the store churns through evictions the whole time.
    let workers: Vec<_> = (0..32u64)
        .map(|w| {
            let (client, base, counter) = (client.clone(), base.clone(), counter.clone());
            tokio::spawn(async move {
                let mut seed = w * 1_000_000;
                while Instant::now() < end {
                    seed += 1;
                    let body = json!({"env": "modarith", "seed": seed, "n": 64}).to_string();
                    let (status, bytes) = post(&client, &format!("{base}/generate"), body.into()).await;
                    assert_eq!(status, 200);
                    let items: Vec<Value> = bytes
                        .split(|&b| b == b'\n')
                        .filter(|l| !l.is_empty())
                        .map(|l| {
                            let r: Value = serde_json::from_slice(l).unwrap();
                            json!({"id": r["id"], "response": format!("<answer>{}</answer>", r["answer"].as_str().unwrap())})
                        })
                        .collect();
                    let (status, _) = post(&client, &format!("{base}/verify/batch"), json!({"items": items}).to_string().into()).await;
                    assert_eq!(status, 200);
                    for item in items.iter().take(8) {
                        let (status, _) = post(&client, &format!("{base}/verify"), item.to_string().into()).await;
                        assert_eq!(status, 200);
                    }
                    counter.fetch_add(10, std::sync::atomic::Ordering::Relaxed);
                    // About 40 requests/s per worker at most: a moderate rate.
                    tokio::time::sleep(Duration::from_millis(200)).await;
                }
            })
        })
        .collect();
    let start = Instant::now();
    while Instant::now() < end {
        let (rss, fds) = rss_and_fds(pid);
        println!(
            "  {:>5.0} s  rss {rss:>7} KiB  fds {fds:>4}  requests {}",
            start.elapsed().as_secs_f64(),
            counter.load(std::sync::atomic::Ordering::Relaxed)
        );
        tokio::time::sleep(Duration::from_secs(10)).await;
    }
    for w in workers {
        w.await.unwrap();
    }
    let (rss, fds) = rss_and_fds(pid);
    println!("  end      rss {rss:>7} KiB  fds {fds:>4}");
    let metrics = get(&client, &format!("{base}/metrics")).await;
    let text = String::from_utf8_lossy(&metrics);
    for line in text.lines().filter(|l| {
        l.starts_with("verigym_requests_total") || l.starts_with("verigym_stored_records")
    }) {
        println!("  {line}");
    }
}

fn main() {
    // `cargo bench` passes `--bench`; anything not ours is ignored.
    let args: Vec<String> = std::env::args().skip(1).collect();
    let seconds = args
        .iter()
        .position(|a| a == "--seconds")
        .and_then(|i| args.get(i + 1))
        .and_then(|s| s.parse::<f64>().ok());
    let scenario = args
        .iter()
        .find(|a| ["batch", "single", "repo_fix", "soak", "all"].contains(&a.as_str()))
        .map_or("all", String::as_str);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        if matches!(scenario, "batch" | "all") {
            batch(seconds.unwrap_or(10.0)).await;
        }
        if matches!(scenario, "single" | "all") {
            single(seconds.unwrap_or(10.0), 1000.0).await;
        }
        if matches!(scenario, "repo_fix" | "all") {
            repo_fix(5).await;
        }
        if scenario == "soak" {
            soak(seconds.unwrap_or(180.0)).await;
        }
    });
}
