//! Load generator for episodes over `verigym serve`'s OpenEnv websocket: the release binary as a
//! child process on loopback, driven by 64 websocket sessions. Bounded in time; prints medians
//! and tails. Not a criterion bench: client and server share the machine.
//!
//! `cargo bench --bench episodes_load -- [throughput|latency|idle|all] [--seconds N]`
//!
//! - `throughput`: 64 sessions, each replaying optimal-agent episodes (reset, then its steps)
//!   back to back; reports steps per second.
//! - `latency`: open loop at 1,000 steps/s spread over 64 sessions; latency from each step's
//!   scheduled time, so a stall counts against every step it delays.
//! - `idle`: 10,000 episodes opened over HTTP and left idle; reports the server's RSS.

use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::connect_async;
use tokio_tungstenite::tungstenite::Message;
use verigym::episodes;

#[path = "support/serve_child.rs"]
mod serve_child;
use serve_child::start_server;

const SESSIONS: usize = 64;

/// An episode to replay: its reset message and the optimal agent's actions.
struct Script {
    reset: String,
    actions: Vec<String>,
}

/// Optimal-agent scripts for `n` problems of each interactive env at level 5, computed
/// in-process.
fn scripts(n: u64) -> Vec<Script> {
    let mut out = Vec::new();
    for env in episodes::interactive() {
        let id = env.as_env().id();
        let generator = env
            .as_env()
            .generator(Some(5.0), &Default::default(), 9)
            .unwrap();
        for index in 0..n {
            let mut line = Vec::new();
            generator.write_jsonl(index, &mut line);
            let record = String::from_utf8(line).unwrap();
            let record = record.trim_end();
            let mut agent = env.optimal_agent(record).unwrap();
            let mut session = episodes::open(record, &Default::default()).unwrap();
            let mut observation = session.prompt().to_owned();
            let mut actions = Vec::new();
            while !session.done() {
                let action = agent.act(&observation);
                observation = session.step(&action).unwrap().observation;
                actions.push(json!({"type": "step", "data": {"message": action}}).to_string());
            }
            let reset = json!({"type": "reset", "data": {"env": id, "level": 5.0, "seed": 9, "index": index}});
            out.push(Script {
                reset: reset.to_string(),
                actions,
            });
        }
    }
    out
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn connect(addr: &str) -> Socket {
    connect_async(format!("ws://{addr}/openenv/ws"))
        .await
        .expect("websocket connect")
        .0
}

/// Sends one message and reads the reply, checking it is not an error frame.
async fn call(socket: &mut Socket, message: &str) -> Value {
    socket.send(Message::text(message)).await.expect("send");
    loop {
        match socket.next().await.expect("reply").expect("frame") {
            Message::Text(text) => {
                let reply: Value = serde_json::from_str(&text).unwrap();
                assert_ne!(reply["type"], "error", "{reply}");
                return reply;
            }
            Message::Ping(_) | Message::Pong(_) => continue,
            other => panic!("unexpected frame {other:?}"),
        }
    }
}

async fn throughput(seconds: f64) {
    let server = start_server(&[]);
    let scripts = std::sync::Arc::new(scripts(16));
    let deadline = Instant::now() + Duration::from_secs_f64(seconds);
    let mut tasks = Vec::new();
    for s in 0..SESSIONS {
        let addr = server.addr.clone();
        let scripts = scripts.clone();
        tasks.push(tokio::spawn(async move {
            let mut socket = connect(&addr).await;
            let (mut steps, mut paid, mut i) = (0u64, 0.0f64, s);
            while Instant::now() < deadline {
                let script = &scripts[i % scripts.len()];
                call(&mut socket, &script.reset).await;
                for action in &script.actions {
                    let reply = call(&mut socket, action).await;
                    paid += reply["data"]["reward"].as_f64().unwrap_or(0.0);
                    steps += 1;
                }
                i += SESSIONS;
            }
            (steps, paid)
        }));
    }
    let start = Instant::now();
    let (mut steps, mut paid) = (0, 0.0);
    for task in tasks {
        let (s, p) = task.await.unwrap();
        steps += s;
        paid += p;
    }
    let elapsed = start.elapsed().as_secs_f64();
    println!(
        "throughput: {SESSIONS} websocket sessions, {steps} steps in {elapsed:.1} s = {:.0} steps/s; {paid} episodes paid",
        steps as f64 / elapsed
    );
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

async fn latency(seconds: f64, rate: f64) {
    let server = start_server(&[]);
    let scripts = std::sync::Arc::new(scripts(16));
    let per_session = rate / SESSIONS as f64;
    let interval = Duration::from_secs_f64(1.0 / per_session);
    let total = (seconds * per_session) as usize;
    let mut tasks = Vec::new();
    let start = Instant::now() + Duration::from_millis(500);
    for s in 0..SESSIONS {
        let addr = server.addr.clone();
        let scripts = scripts.clone();
        tasks.push(tokio::spawn(async move {
            let mut socket = connect(&addr).await;
            let mut latencies = Vec::with_capacity(total);
            let offset = interval.mul_f64(s as f64 / SESSIONS as f64);
            let (mut script, mut next) = (s, 0usize);
            call(&mut socket, &scripts[script % scripts.len()].reset).await;
            for k in 0..total {
                let due = start + offset + interval * k as u32;
                tokio::time::sleep_until(due.into()).await;
                let actions = &scripts[script % scripts.len()].actions;
                call(&mut socket, &actions[next]).await;
                latencies.push(due.elapsed());
                next += 1;
                if next == actions.len() {
                    script += SESSIONS;
                    next = 0;
                    call(&mut socket, &scripts[script % scripts.len()].reset).await;
                }
            }
            latencies
        }));
    }
    let mut all = Vec::new();
    for task in tasks {
        all.extend(task.await.unwrap());
    }
    all.sort_unstable();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!(
        "latency at {rate} steps/s over {SESSIONS} sessions: n={} p50={:.2} ms p90={:.2} ms p99={:.2} ms max={:.2} ms",
        all.len(),
        ms(percentile(&all, 50.0)),
        ms(percentile(&all, 90.0)),
        ms(percentile(&all, 99.0)),
        ms(*all.last().unwrap_or(&Duration::ZERO)),
    );
}

fn rss_kib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap_or_default()
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches(" kB").trim().parse().ok())
        .unwrap_or(0)
}

/// Opens `n` HTTP episodes over one keep-alive connection per worker and leaves them idle.
async fn idle(n: usize) {
    let server = start_server(&["--max-sessions", "20000"]);
    let pid = server.child.id();
    let before = rss_kib(pid);
    let workers = 8;
    let mut tasks = Vec::new();
    for w in 0..workers {
        let addr = server.addr.clone();
        tasks.push(tokio::spawn(async move {
            use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
            let stream = tokio::net::TcpStream::connect(&addr).await.unwrap();
            let mut stream = BufReader::new(stream);
            for i in (w..n).step_by(workers) {
                let env = ["counterfeit_coin", "twenty_questions", "hidden_polynomial", "guess_number"][i % 4];
                let body = json!({"episode_id": format!("idle-{i}"), "env": env, "index": i}).to_string();
                let request = format!(
                    "POST /openenv/reset HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
                    body.len()
                );
                stream.get_mut().write_all(request.as_bytes()).await.unwrap();
                let mut length = 0;
                loop {
                    let mut line = String::new();
                    stream.read_line(&mut line).await.unwrap();
                    if line == "\r\n" {
                        break;
                    }
                    assert!(!line.starts_with("HTTP/1.1 5"), "{line}");
                    if let Some(v) = line.to_ascii_lowercase().strip_prefix("content-length:") {
                        length = v.trim().parse().unwrap();
                    }
                }
                let mut body = vec![0; length];
                stream.read_exact(&mut body).await.unwrap();
            }
        }));
    }
    for task in tasks {
        task.await.unwrap();
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    let after = rss_kib(pid);
    println!(
        "idle: {n} live episodes; server RSS {:.1} MiB before, {:.1} MiB after ({:.1} KiB per episode)",
        before as f64 / 1024.0,
        after as f64 / 1024.0,
        (after - before) as f64 / n as f64
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let seconds = args
        .iter()
        .position(|a| a == "--seconds")
        .and_then(|i| args.get(i + 1))
        .and_then(|s| s.parse::<f64>().ok());
    let scenario = args
        .iter()
        .find(|a| ["throughput", "latency", "idle", "all"].contains(&a.as_str()))
        .map_or("all", String::as_str);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        if matches!(scenario, "throughput" | "all") {
            throughput(seconds.unwrap_or(10.0)).await;
        }
        if matches!(scenario, "latency" | "all") {
            latency(seconds.unwrap_or(10.0), 1000.0).await;
        }
        if matches!(scenario, "idle" | "all") {
            idle(10_000).await;
        }
    });
}
