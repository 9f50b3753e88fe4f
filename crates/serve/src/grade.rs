//! Turning requests into verdicts off the async workers: parsing and verifying on rayon's pool,
//! and `repo_fix` groups (a compile each) through a bounded gate on the blocking pool, which the
//! agentic episodes' building steps pass through too.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::Ordering::Relaxed;

use rayon::prelude::*;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::App;
use super::api::VerifyRequest;
use super::error::ApiError;
use super::store::{LoadError, Stored};
use verigym_core::verdict::Verdict;

/// One problem with the responses to judge against it.
pub struct Job {
    /// The loaded record.
    pub stored: Arc<Stored>,
    /// The responses, in request order.
    pub responses: Vec<String>,
}

/// Runs CPU work on rayon's pool and awaits it, so async workers only move bytes. A panic in
/// `f` becomes a 500, never a dead worker.
pub async fn cpu<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let (tx, rx) = tokio::sync::oneshot::channel();
    rayon::spawn(move || {
        let out = catch_unwind(AssertUnwindSafe(f))
            .unwrap_or_else(|_| Err(ApiError::internal("the verifier panicked")));
        let _ = tx.send(out);
    });
    rx.await
        .unwrap_or_else(|_| Err(ApiError::internal("the worker pool dropped a job")))
}

/// Reads a JSON body: a syntax error is 400, a type or field error 422, naming what is wrong.
pub fn parse<T: serde::de::DeserializeOwned>(bytes: &[u8], what: &str) -> Result<T, ApiError> {
    serde_json::from_slice(bytes).map_err(|e| {
        use serde_json::error::Category;
        let status = match e.classify() {
            Category::Data => 422,
            Category::Syntax | Category::Eof | Category::Io => 400,
        };
        ApiError::new(status, format!("{what}: {e}"))
    })
}

/// Resolves one verify item: the record it names and its responses.
pub fn resolve(app: &App, item: VerifyRequest) -> Result<Job, ApiError> {
    let responses = match (item.response, item.responses) {
        (Some(one), None) => vec![one],
        (None, Some(many)) if !many.is_empty() => many,
        (None, Some(_)) => {
            return Err(ApiError::new(
                422,
                "`responses` is empty; give at least one response",
            ));
        }
        _ => {
            return Err(ApiError::new(
                422,
                "give exactly one of `response` (a string) or `responses` (a list of strings)",
            ));
        }
    };
    let stored = match (item.id, item.record) {
        (Some(id), None) => lookup(app, &id)?,
        (None, Some(raw)) => Arc::new(Stored::from_raw(&raw).map_err(load_error)?),
        _ => {
            return Err(ApiError::new(
                422,
                "give exactly one of `id` (a record this server issued) or `record` (a full record)",
            ));
        }
    };
    Ok(Job { stored, responses })
}

/// The stored record with this id, or a 404 naming it.
pub fn lookup(app: &App, id: &str) -> Result<Arc<Stored>, ApiError> {
    app.store.get(id).ok_or_else(|| {
        ApiError::new(
            404,
            format!(
                "unknown record id `{id}`: not issued by this server or evicted from its record \
                 store (capacity {}); send the full record instead",
                app.store.capacity()
            ),
        )
    })
}

/// The status and message of a record that cannot be used.
pub fn load_error(e: LoadError) -> ApiError {
    ApiError::new(422, e.message().to_owned())
}

/// Judges a job that does not need a compile (call on rayon).
pub fn verify_now(job: &Job) -> Vec<Verdict> {
    job.responses
        .iter()
        .map(|r| job.stored.problem.verify(r))
        .collect()
}

/// Grades jobs: those verified one response at a time in parallel on rayon, groups through the
/// compile gate. Results are in job order; metrics are tallied.
pub async fn grade(app: &Arc<App>, jobs: Vec<Job>) -> Vec<Result<Vec<Verdict>, ApiError>> {
    let jobs: Vec<Arc<Job>> = jobs.into_iter().map(Arc::new).collect();
    let singles: Vec<usize> = (0..jobs.len())
        .filter(|&i| !jobs[i].stored.problem.verifies_in_groups())
        .collect();
    let single_jobs = jobs.clone();
    let single_verdicts = async move {
        if singles.is_empty() {
            return Ok(Vec::new());
        }
        cpu(move || {
            Ok(singles
                .par_iter()
                .map(|&i| (i, verify_now(&single_jobs[i])))
                .collect::<Vec<_>>())
        })
        .await
    };
    let groups = jobs
        .iter()
        .enumerate()
        .filter(|(_, j)| j.stored.problem.verifies_in_groups())
        .map(|(i, j)| {
            let app = app.clone();
            let job = j.clone();
            async move { (i, verify_group(&app, job).await) }
        });
    let (singles, groups) = tokio::join!(single_verdicts, futures_util::future::join_all(groups));
    let mut out: Vec<Option<Result<Vec<Verdict>, ApiError>>> =
        (0..jobs.len()).map(|_| None).collect();
    match singles {
        Ok(done) => {
            for (i, v) in done {
                out[i] = Some(Ok(v));
            }
        }
        Err(e) => {
            for (i, j) in jobs.iter().enumerate() {
                if !j.stored.problem.verifies_in_groups() {
                    out[i] = Some(Err(e.clone()));
                }
            }
        }
    }
    for (i, r) in groups {
        out[i] = Some(r);
    }
    let out: Vec<Result<Vec<Verdict>, ApiError>> = out
        .into_iter()
        .map(|r| r.unwrap_or_else(|| Err(ApiError::internal("a job was not graded"))))
        .collect();
    app.metrics.tally(
        jobs.iter()
            .zip(&out)
            .filter_map(|(j, r)| r.as_ref().ok().map(|v| (j.stored.env.id(), v.as_slice()))),
    );
    out
}

/// The compile gate: at most `concurrency` groups compile at once, at most `queue` more wait,
/// and anything beyond is refused at once with 503 and `Retry-After`.
pub struct Gate {
    permits: Arc<Semaphore>,
    bound: u64,
    concurrency: u64,
}

impl Gate {
    /// A gate for `concurrency` compiles (at least 1) and `queue` waiting groups.
    pub fn new(concurrency: usize, queue: usize) -> Self {
        let concurrency = concurrency.max(1);
        Gate {
            permits: Arc::new(Semaphore::new(concurrency)),
            bound: (concurrency + queue) as u64,
            concurrency: concurrency as u64,
        }
    }
}

/// Releases a gate admission when dropped: when the work is done, or when the request is dropped
/// before its work started.
struct Admitted(Arc<App>);

impl Drop for Admitted {
    fn drop(&mut self) {
        self.0.metrics.compile_admitted.fetch_sub(1, Relaxed);
    }
}

async fn verify_group(app: &Arc<App>, job: Arc<Job>) -> Result<Vec<Verdict>, ApiError> {
    gated(app, move || {
        let texts: Vec<&str> = job.responses.iter().map(String::as_str).collect();
        job.stored.problem.verify_group(&texts)
    })
    .await
}

/// Runs `work` (a compile and what it runs) on the blocking pool behind the compile gate: `/verify`
/// groups and the steps of agentic episodes that build share its bound. A full gate is 503 with
/// `Retry-After`, before `work` starts.
pub async fn gated<T: Send + 'static>(
    app: &Arc<App>,
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, ApiError> {
    let admitted = app.metrics.compile_admitted.fetch_add(1, Relaxed) + 1;
    let guard = Admitted(app.clone());
    if admitted > app.gate.bound {
        drop(guard);
        app.metrics.compile_rejected.fetch_add(1, Relaxed);
        // A group takes about a second; the queue drains `concurrency` at a time.
        let retry = 1 + app.gate.bound / app.gate.concurrency;
        return Err(ApiError::new(
            503,
            format!(
                "the repo_fix compile queue is full ({} compiling, {} waiting at most); retry later",
                app.gate.concurrency,
                app.gate.bound - app.gate.concurrency
            ),
        )
        .retry_after(retry));
    }
    let permit: OwnedSemaphorePermit = app
        .permits()
        .acquire_owned()
        .await
        .map_err(|_| ApiError::internal("the compile gate is closed"))?;
    let running = app.clone();
    // The work runs to completion even if the client goes away: the sandbox then cleans up its
    // processes and temporary directories itself, which a cancelled compile could not promise.
    let handle = tokio::task::spawn_blocking(move || {
        let _guard = guard;
        let _permit = permit;
        running.metrics.compile_running.fetch_add(1, Relaxed);
        let out = catch_unwind(AssertUnwindSafe(work));
        running.metrics.compile_running.fetch_sub(1, Relaxed);
        out
    });
    match handle.await {
        Ok(Ok(out)) => Ok(out),
        _ => Err(ApiError::internal("the compiling work panicked")),
    }
}

impl App {
    fn permits(&self) -> Arc<Semaphore> {
        self.gate.permits.clone()
    }
}
