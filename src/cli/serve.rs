//! `verigym serve`: the HTTP reward and problem server (see `verigym_serve` and the README).

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{Context, Result};
use verigym::curriculum::CurriculumConfig;
use verigym_serve::{Limits, ServeConfig};

#[derive(clap::Args)]
pub struct Args {
    /// Address to listen on. Loopback unless --allow-remote; port 0 picks a free port.
    #[arg(long, default_value = "127.0.0.1:8000")]
    addr: SocketAddr,
    /// Allow a non-loopback --addr; requires --token-file.
    #[arg(long)]
    allow_remote: bool,
    /// A file holding the bearer token (at least 16 bytes) that every request but GET /health
    /// must carry as `Authorization: Bearer TOKEN`.
    #[arg(long)]
    token_file: Option<PathBuf>,
    /// Records kept for verification by id (an LRU); older ids answer 404.
    #[arg(long, default_value_t = verigym_serve::store::DEFAULT_CAPACITY)]
    store_size: usize,
    /// The largest request body, in bytes.
    #[arg(long, default_value_t = 64 << 20)]
    max_body: usize,
    /// Seconds a request may take before it is answered 503.
    #[arg(long, default_value_t = 120.0)]
    request_timeout: f64,
    /// Seconds a client may take to send a request's headers; also the longest gap allowed in a
    /// request body, which must average at least 16 KiB/s after that grace (408 otherwise).
    #[arg(long, default_value_t = 10.0)]
    header_timeout: f64,
    /// Seconds shutdown waits for in-flight requests.
    #[arg(long, default_value_t = 30.0)]
    drain_timeout: f64,
    /// repo_fix groups compiled at once.
    #[arg(long, default_value_t = 2)]
    compile_concurrency: usize,
    /// repo_fix groups that may wait for a compile; more are answered 503 with Retry-After.
    #[arg(long, default_value_t = 16)]
    compile_queue: usize,
    /// Requests handled at once; more wait.
    #[arg(long, default_value_t = 1024)]
    max_in_flight: usize,
    /// Episodes live at once (HTTP and websocket, under /openenv); more are answered 503.
    #[arg(long, default_value_t = 10_000)]
    max_sessions: usize,
    /// Agentic repo_fix episodes live at once, within --max-sessions; more are answered 503.
    /// Each may hold a build dir on disk (6.7 MB for a mini repo's `run_tests`).
    #[arg(long, default_value_t = 256)]
    max_agentic_sessions: usize,
    /// Seconds an episode may sit without a step before it expires (then 410).
    #[arg(long, default_value_t = 600.0)]
    session_idle: f64,
    /// The env an episode reset names no `env` or `record` for: interactive, or any env for a
    /// feedback episode.
    #[arg(long, default_value = "counterfeit_coin")]
    episode_env: String,
    /// Serve one shared curriculum from this config (TOML, as for `verigym curriculum`).
    #[arg(long, requires = "state_dir")]
    curriculum: Option<PathBuf>,
    /// Directory of the curriculum's state snapshot and journal; restored at start.
    #[arg(long, requires = "curriculum")]
    state_dir: Option<PathBuf>,
    /// Seconds between curriculum state snapshots (also saved at shutdown).
    #[arg(long, default_value_t = 10.0)]
    save_interval: f64,
}

fn seconds(flag: &str, value: f64) -> Result<Duration> {
    Duration::try_from_secs_f64(value)
        .ok()
        .filter(|d| !d.is_zero())
        .with_context(|| format!("--{flag} {value}: allowed: a positive number of seconds"))
}

pub fn run(args: Args) -> Result<()> {
    let token = match &args.token_file {
        Some(path) => Some(
            std::fs::read_to_string(path)
                .with_context(|| format!("reading --token-file {}", path.display()))?
                .trim()
                .to_owned(),
        ),
        None => None,
    };
    let curriculum = match (&args.curriculum, &args.state_dir) {
        (Some(config), Some(dir)) => {
            let text = std::fs::read_to_string(config)
                .with_context(|| format!("reading {}", config.display()))?;
            let parsed: CurriculumConfig =
                toml::from_str(&text).with_context(|| format!("parsing {}", config.display()))?;
            Some((parsed, dir.clone()))
        }
        _ => None,
    };
    let config = ServeConfig {
        addr: args.addr,
        allow_remote: args.allow_remote,
        token,
        store_size: args.store_size,
        limits: Limits {
            body_bytes: args.max_body,
            request_timeout: seconds("request-timeout", args.request_timeout)?,
            header_timeout: seconds("header-timeout", args.header_timeout)?,
            drain_timeout: seconds("drain-timeout", args.drain_timeout)?,
            compile_concurrency: args.compile_concurrency,
            compile_queue: args.compile_queue,
            max_in_flight: args.max_in_flight.max(1),
            max_sessions: args.max_sessions.max(1),
            max_agentic_sessions: args.max_agentic_sessions.max(1),
            session_idle: seconds("session-idle", args.session_idle)?,
        },
        curriculum,
        save_interval: seconds("save-interval", args.save_interval)?,
        episode_env: args.episode_env,
    };
    let filter = tracing_subscriber::EnvFilter::try_from_env("VERIGYM_LOG")
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(false)
        .try_init();
    verigym_serve::run(config, |addr| {
        // One machine-readable line on stdout, so scripts and tests learn a port 0 address.
        use std::io::Write as _;
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "{{\"listening\":\"{addr}\"}}").and_then(|()| out.flush());
    })
}
