//! `verigym serve`: an HTTP reward and problem server for distributed trainers.
//!
//! Verification and generation are stateless (beyond the record store, a cache), so any number of
//! replicas can sit behind a load balancer; the curriculum is the one stateful part and runs on a
//! single instance. Async workers only move bytes: parsing and verification run on rayon's pool,
//! `repo_fix` compiles on the blocking pool behind a bounded gate, curriculum writes on the
//! blocking pool.
//!
//! **Architecture invariant.** A verdict from the server is the library's verdict for the same
//! record and response: the server adds transport, limits and bookkeeping, never judging rules.
//! When it cannot judge (unknown id, full queue, deadline), it answers an error, never a score.

pub mod api;
pub mod durable;
mod error;
mod grade;
mod http;
mod json_body;
mod listen;
pub mod metrics;
mod nemo;
mod openenv;
mod sessions;
pub mod store;
mod turn;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, Result, bail};
use sha2::{Digest, Sha256};

use self::durable::DurableCurriculum;
use self::grade::Gate;
pub use self::http::{MAX_GENERATE, MAX_NEXT, response_text};
use self::metrics::Metrics;
use self::store::{RecordStore, Stored};
use verigym::curriculum::CurriculumConfig;

/// Everything `verigym serve` can be told.
#[derive(Clone, Debug)]
pub struct ServeConfig {
    /// Where to listen. Port 0 picks a free port (reported to `on_ready`).
    pub addr: SocketAddr,
    /// Allow a non-loopback address (then `token` is required too).
    pub allow_remote: bool,
    /// The bearer token every request but `GET /health` must carry, if any.
    pub token: Option<String>,
    /// Records kept in the store for verification by id.
    pub store_size: usize,
    /// Limits and timeouts.
    pub limits: Limits,
    /// The shared curriculum: its config and the directory of its state and journal.
    pub curriculum: Option<(CurriculumConfig, PathBuf)>,
    /// How often the curriculum state is snapshotted (also at shutdown).
    pub save_interval: Duration,
    /// The env an episode reset without `env` or `record` plays.
    pub episode_env: String,
}

/// Limits and back-pressure.
#[derive(Clone, Debug)]
pub struct Limits {
    /// The largest request body accepted (413 beyond).
    pub body_bytes: usize,
    /// The per-request deadline for the response head (503 beyond).
    pub request_timeout: Duration,
    /// How long a client may take to send a request's headers before the connection is closed.
    pub header_timeout: Duration,
    /// How long shutdown waits for in-flight requests.
    pub drain_timeout: Duration,
    /// `repo_fix` groups compiled at once.
    pub compile_concurrency: usize,
    /// `repo_fix` groups allowed to wait for a compile slot; more are answered 503.
    pub compile_queue: usize,
    /// Requests handled at once; more wait for a slot (their deadline running).
    pub max_in_flight: usize,
    /// Episodes live at once, over HTTP and websockets; more are answered 503.
    pub max_sessions: usize,
    /// Agentic `repo_fix` episodes live at once (each holds a build dir of a few megabytes);
    /// more are answered 503. Counted within `max_sessions` too.
    pub max_agentic_sessions: usize,
    /// How long an episode may sit without a step before it expires (410 afterwards).
    pub session_idle: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            body_bytes: 64 << 20,
            request_timeout: Duration::from_secs(120),
            header_timeout: Duration::from_secs(10),
            drain_timeout: Duration::from_secs(30),
            compile_concurrency: 2,
            compile_queue: 16,
            max_in_flight: 1024,
            max_sessions: 10_000,
            max_agentic_sessions: 256,
            session_idle: Duration::from_secs(600),
        }
    }
}

impl ServeConfig {
    /// A loopback-only config with default limits and no curriculum.
    pub fn new(addr: SocketAddr) -> Self {
        ServeConfig {
            addr,
            allow_remote: false,
            token: None,
            store_size: store::DEFAULT_CAPACITY,
            limits: Limits::default(),
            curriculum: None,
            save_interval: Duration::from_secs(10),
            episode_env: "counterfeit_coin".to_owned(),
        }
    }

    /// Refuses a config that would expose the server without protection.
    pub fn check(&self) -> Result<()> {
        if !self.addr.ip().is_loopback() {
            if !self.allow_remote {
                bail!(
                    "--addr {} is not a loopback address; pass --allow-remote (with --token-file) \
                     to listen beyond this machine",
                    self.addr
                );
            }
            if self.token.is_none() {
                bail!(
                    "--addr {} is reachable from other machines; give --token-file so every \
                     request must carry a bearer token",
                    self.addr
                );
            }
        }
        if let Some(token) = &self.token
            && token.len() < 16
        {
            bail!(
                "the token is {} bytes; use at least 16 (for example 32 random hex digits)",
                token.len()
            );
        }
        Ok(())
    }
}

/// What every handler shares.
pub struct App {
    store: RecordStore,
    metrics: Metrics,
    gate: Gate,
    curriculum: Option<Arc<DurableCurriculum>>,
    token_hash: Option<[u8; 32]>,
    limits: Limits,
    sessions: sessions::Sessions,
    episode_env: String,
}

fn token_hash(token: &str) -> [u8; 32] {
    Sha256::digest(token.as_bytes()).into()
}

/// Runs the server until SIGTERM or SIGINT, then drains in-flight requests (up to the drain
/// deadline) and saves the curriculum state. `on_ready` gets the bound address once the server
/// accepts connections. Fails if the state cannot be restored at start or saved at the end.
pub fn run(config: ServeConfig, on_ready: impl FnOnce(SocketAddr)) -> Result<()> {
    config.check()?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .thread_name("verigym-serve")
        .build()
        .context("starting the async runtime")?;
    runtime.block_on(serve(config, on_ready, shutdown_signal()))
}

async fn shutdown_signal() {
    use tokio::signal::unix::{SignalKind, signal};
    match signal(SignalKind::terminate()) {
        Ok(mut term) => {
            tokio::select! {
                _ = term.recv() => {}
                _ = tokio::signal::ctrl_c() => {}
            }
        }
        Err(_) => {
            let _ = tokio::signal::ctrl_c().await;
        }
    }
}

/// The server on the current runtime, stopping when `shutdown` completes.
pub async fn serve(
    config: ServeConfig,
    on_ready: impl FnOnce(SocketAddr),
    shutdown: impl std::future::Future<Output = ()>,
) -> Result<()> {
    config.check()?;
    let store = RecordStore::new(config.store_size);
    let curriculum = match &config.curriculum {
        Some((cc, dir)) => {
            let (dir, cc) = (dir.clone(), cc.clone());
            let (durable, reissued) =
                tokio::task::spawn_blocking(move || DurableCurriculum::open(&dir, cc))
                    .await
                    .context("restoring the curriculum")??;
            for p in &reissued {
                if let Ok(s) = Stored::from_problem(p) {
                    store.insert(s);
                }
            }
            tracing::info!(
                outstanding = durable.outstanding(),
                replayed = reissued.len(),
                "curriculum restored"
            );
            Some(Arc::new(durable))
        }
        None => None,
    };
    let app = Arc::new(App {
        store,
        metrics: Metrics::default(),
        gate: Gate::new(
            config.limits.compile_concurrency,
            config.limits.compile_queue,
        ),
        curriculum,
        token_hash: config.token.as_deref().map(token_hash),
        limits: config.limits.clone(),
        sessions: sessions::Sessions::new(
            config.limits.max_sessions,
            config.limits.max_agentic_sessions,
            config.limits.session_idle,
        ),
        episode_env: config.episode_env.clone(),
    });
    let listener = tokio::net::TcpListener::bind(config.addr)
        .await
        .with_context(|| format!("binding {}", config.addr))?;
    let local = listener.local_addr().context("reading the bound address")?;
    tracing::info!(addr = %local, "listening");
    let saver = app.curriculum.clone().map(|c| {
        let app = app.clone();
        tokio::spawn(save_periodically(app, c, config.save_interval))
    });
    let sweeper = tokio::spawn(sweep_periodically(app.clone()));
    on_ready(local);
    listen::accept_until(
        listener,
        http::router(app.clone()),
        &config.limits,
        shutdown,
    )
    .await;
    sweeper.abort();
    if let Some(saver) = saver {
        saver.abort();
    }
    if let Some(c) = &app.curriculum {
        let c = c.clone();
        let saved = tokio::task::spawn_blocking(move || c.save())
            .await
            .context("saving the curriculum state")?;
        match saved {
            Ok(_) => tracing::info!("curriculum state saved"),
            Err(e) => {
                // The journal still holds every acknowledged operation, so nothing is lost; the
                // next start replays it.
                bail!(
                    "saving the curriculum state at shutdown: {e} (the journal still holds every acknowledged operation)"
                )
            }
        }
    }
    Ok(())
}

/// Expires idle HTTP episodes as they pass the limit, not only when the next one starts: an
/// expired agentic episode's build dir is freed within half the idle limit (at most 30 s).
async fn sweep_periodically(app: Arc<App>) {
    let every =
        (app.sessions.idle() / 2).clamp(Duration::from_millis(100), Duration::from_secs(30));
    let mut tick = tokio::time::interval(every);
    loop {
        tick.tick().await;
        let app = app.clone();
        let _ = tokio::task::spawn_blocking(move || app.sessions.sweep()).await;
    }
}

async fn save_periodically(app: Arc<App>, curriculum: Arc<DurableCurriculum>, every: Duration) {
    let mut tick = tokio::time::interval(every);
    tick.tick().await;
    loop {
        tick.tick().await;
        let c = curriculum.clone();
        match tokio::task::spawn_blocking(move || c.save()).await {
            Ok(Ok(true)) => {
                app.metrics
                    .state_saves
                    .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            }
            Ok(Ok(false)) => {}
            Ok(Err(e)) => {
                app.metrics
                    .state_save_errors
                    .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                tracing::error!(error = %e, "saving the curriculum state failed; the previous state and the journal are intact");
            }
            Err(_) => tracing::error!("the state saver panicked"),
        }
    }
}
