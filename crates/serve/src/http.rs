//! The routes and their handlers, plus the middleware every request passes: metrics, the bearer
//! token, the body read before a request takes a slot, and the per-request deadline.

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::Ordering::Relaxed;
use std::time::{Duration, Instant};

use axum::body::{Body, Bytes};
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::{HeaderValue, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use futures_util::StreamExt as _;
use rayon::prelude::*;
use subtle::ConstantTimeEq;

use super::App;
use super::api::*;
use super::durable::{DurableError, Recorded};
use super::error::ApiError;
use super::grade::{self, Job, cpu, parse};
use super::store::Stored;
use verigym::curriculum::CurriculumError;
use verigym::registry;

/// The most problems one `/generate` request may ask for.
pub const MAX_GENERATE: u64 = 10_000_000;
/// The most problems one `/curriculum/next` request may ask for.
pub const MAX_NEXT: u32 = 4096;

/// The router with every route and middleware.
pub fn router(app: Arc<App>) -> Router {
    let limit = app.limits.body_bytes;
    let max_in_flight = app.limits.max_in_flight;
    Router::new()
        .route("/verify", post(verify))
        .route("/verify/batch", post(verify_batch))
        .route("/get_reward", post(get_reward))
        .route("/generate", post(generate))
        .route("/curriculum/next", post(curriculum_next))
        .route("/curriculum/record", post(curriculum_record))
        .route("/health", get(health))
        .route("/metrics", get(metrics))
        .merge(super::openenv::routes())
        .merge(super::nemo::routes())
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(limit))
        .layer(middleware::from_fn_with_state(app.clone(), deadline))
        // Requests past this many wait (their deadline running) instead of piling onto the pools.
        .layer(tower::limit::GlobalConcurrencyLimitLayer::new(
            max_in_flight,
        ))
        // Outside the limit: a body still arriving holds no slot.
        .layer(middleware::from_fn_with_state(app.clone(), read_body))
        .layer(middleware::from_fn_with_state(app.clone(), authorize))
        .layer(middleware::from_fn_with_state(app.clone(), observe))
        .with_state(app)
}

/// Counts and times every request, and logs it.
async fn observe(State(app): State<Arc<App>>, request: Request, next: Next) -> Response {
    let start = Instant::now();
    let route = request.uri().path().to_owned();
    let method = request.method().clone();
    app.metrics.in_flight.fetch_add(1, Relaxed);
    let response = next.run(request).await;
    app.metrics.in_flight.fetch_sub(1, Relaxed);
    let status = response.status().as_u16();
    let elapsed = start.elapsed();
    app.metrics.observe(&route, status, elapsed);
    if status >= 500 {
        tracing::warn!(%method, route, status, micros = elapsed.as_micros() as u64, "request failed");
    } else {
        tracing::debug!(%method, route, status, micros = elapsed.as_micros() as u64, "request");
    }
    response
}

/// Checks `Authorization: Bearer <token>` in constant time when a token is set. `/health` stays
/// open so load balancers can probe it.
async fn authorize(State(app): State<Arc<App>>, request: Request, next: Next) -> Response {
    if let Some(expected) = &app.token_hash
        && !matches!(request.uri().path(), "/health" | "/openenv/health")
    {
        let given = request
            .headers()
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "))
            .unwrap_or("");
        // Hashing first makes the comparison's time independent of the given token's length.
        let given = super::token_hash(given);
        if !bool::from(given.ct_eq(expected)) {
            let mut response = ApiError::new(401, "missing or wrong bearer token").into_response();
            response
                .headers_mut()
                .insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
            return response;
        }
    }
    next.run(request).await
}

/// The slowest a request body may arrive, on average, once the `--header-timeout` grace is spent.
pub const MIN_BODY_RATE: f64 = 16.0 * 1024.0;

/// Reads the whole request body before the request takes an in-flight slot, so a client that
/// trickles its body (one byte every two seconds) holds a task, never a slot: the body must keep
/// coming (no gap longer than `--header-timeout`) and, past that grace, average at least
/// [`MIN_BODY_RATE`] bytes a second, or the answer is 408 and the connection closes. A declared
/// `Content-Length` over `--max-body` is answered 413 before any of the body is read.
async fn read_body(State(app): State<Arc<App>>, request: Request, next: Next) -> Response {
    let limit = app.limits.body_bytes;
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    if let Some(declared) = declared
        && declared > limit as u64
    {
        return too_large(limit, Some(declared));
    }
    let grace = app.limits.header_timeout;
    let (parts, body) = request.into_parts();
    let mut chunks = body.into_data_stream();
    let mut bytes = Vec::with_capacity(declared.map_or(0, |d| d as usize));
    let start = Instant::now();
    loop {
        let allowed = grace + Duration::from_secs_f64(bytes.len() as f64 / MIN_BODY_RATE);
        let wait = allowed.saturating_sub(start.elapsed()).min(grace);
        match tokio::time::timeout(wait, chunks.next()).await {
            Ok(None) => break,
            Ok(Some(Ok(chunk))) => {
                if bytes.len() + chunk.len() > limit {
                    return too_large(limit, None);
                }
                bytes.extend_from_slice(&chunk);
            }
            Ok(Some(Err(e))) => {
                return ApiError::new(400, format!("reading the request body: {e}"))
                    .into_response();
            }
            Err(_) => {
                let mut response = ApiError::new(
                    408,
                    format!(
                        "the request body came too slowly: {} bytes in {:.1} s; allowed: no gap \
                         over {} s (--header-timeout) and at least {} bytes/s after it",
                        bytes.len(),
                        start.elapsed().as_secs_f64(),
                        grace.as_secs_f64(),
                        MIN_BODY_RATE
                    ),
                )
                .into_response();
                response
                    .headers_mut()
                    .insert(header::CONNECTION, HeaderValue::from_static("close"));
                return response;
            }
        }
    }
    next.run(Request::from_parts(parts, Body::from(bytes)))
        .await
}

fn too_large(limit: usize, declared: Option<u64>) -> Response {
    let declared = declared.map_or(String::new(), |d| format!(": Content-Length is {d}"));
    let mut response = ApiError::new(
        413,
        format!("the request body is over the limit of {limit} bytes (--max-body){declared}"),
    )
    .into_response();
    response
        .headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}

/// Answers 503 when a request's response head is not ready within the deadline. Work already on
/// a pool runs to completion; only the answer is given up.
async fn deadline(State(app): State<Arc<App>>, request: Request, next: Next) -> Response {
    let limit = app.limits.request_timeout;
    match tokio::time::timeout(limit, next.run(request)).await {
        Ok(response) => response,
        Err(_) => ApiError::new(
            503,
            format!("the request deadline of {} s passed", limit.as_secs_f64()),
        )
        .retry_after(1)
        .into_response(),
    }
}

fn body(app: &App, body: Result<Bytes, BytesRejection>) -> Result<Bytes, ApiError> {
    body.map_err(|r| {
        let status = r.status().as_u16();
        let message = if status == 413 {
            format!(
                "the request body is over the limit of {} bytes (--max-body)",
                app.limits.body_bytes
            )
        } else {
            r.body_text()
        };
        ApiError::new(status, message)
    })
}

async fn verify(
    State(app): State<Arc<App>>,
    bytes: Result<Bytes, BytesRejection>,
) -> Result<Json<VerifyResponse>, ApiError> {
    let bytes = body(&app, bytes)?;
    let resolver = app.clone();
    // One trip to the pool for the common case: parse, resolve and verify together.
    let outcome = cpu(move || {
        let request: VerifyRequest = parse(&bytes, "/verify body")?;
        let job = grade::resolve(&resolver, request)?;
        if job.stored.problem.verifies_in_groups() {
            return Ok(Err(job));
        }
        let verdicts = grade::verify_now(&job);
        let env = job.stored.env.id();
        resolver
            .metrics
            .tally(std::iter::once((env, verdicts.as_slice())));
        Ok(Ok((job.stored.problem.id().to_owned(), env, verdicts)))
    })
    .await?;
    let (id, env, verdicts) = match outcome {
        Ok(done) => done,
        Err(job) => {
            let (id, env) = (job.stored.problem.id().to_owned(), job.stored.env.id());
            let verdicts = grade::grade(&app, vec![job])
                .await
                .pop()
                .unwrap_or_else(|| Err(ApiError::internal("no verdicts")))?;
            (id, env, verdicts)
        }
    };
    let env = env.to_owned();
    Ok(Json(VerifyResponse { id, env, verdicts }))
}

async fn verify_batch(
    State(app): State<Arc<App>>,
    bytes: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let bytes = body(&app, bytes)?;
    let resolver = app.clone();
    let resolved = cpu(move || {
        let request: BatchRequest = parse(&bytes, "/verify/batch body")?;
        Ok(request
            .items
            .into_par_iter()
            .map(|item| grade::resolve(&resolver, item))
            .collect::<Vec<_>>())
    })
    .await?;
    let mut results: Vec<BatchResult> = Vec::with_capacity(resolved.len());
    let mut jobs = Vec::new();
    let mut positions = Vec::new();
    for (i, r) in resolved.into_iter().enumerate() {
        match r {
            Ok(job) => {
                results.push(BatchResult {
                    id: Some(job.stored.problem.id().to_owned()),
                    env: Some(job.stored.env.id().to_owned()),
                    verdicts: None,
                    error: None,
                });
                positions.push(i);
                jobs.push(job);
            }
            Err(e) => results.push(failed(e)),
        }
    }
    for (i, r) in positions.into_iter().zip(grade::grade(&app, jobs).await) {
        match r {
            Ok(v) => results[i].verdicts = Some(v),
            Err(e) => results[i].error = failed(e).error,
        }
    }
    // Serializing thousands of verdicts is CPU work too.
    let json = cpu(move || {
        serde_json::to_vec(&BatchResponse { results })
            .map_err(|e| ApiError::internal(format!("serializing verdicts: {e}")))
    })
    .await?;
    Ok(([(header::CONTENT_TYPE, "application/json")], json).into_response())
}

fn failed(e: ApiError) -> BatchResult {
    BatchResult {
        id: None,
        env: None,
        verdicts: None,
        error: Some(ItemError {
            status: e.status,
            error: e.message,
        }),
    }
}

async fn get_reward(
    State(app): State<Arc<App>>,
    bytes: Result<Bytes, BytesRejection>,
) -> Result<Json<GetRewardResponse>, ApiError> {
    let bytes = body(&app, bytes)?;
    let resolver = app.clone();
    let (jobs, slots, n) = cpu(move || {
        let request: GetRewardRequest = parse(&bytes, "/get_reward body")?;
        let n = request.query.len();
        if request.labels.len() != n || !(request.prompts.is_empty() || request.prompts.len() == n)
        {
            return Err(ApiError::new(
                422,
                format!(
                    "`query` has {n} entries, `labels` {} and `prompts` {}; labels must match \
                     the queries one to one, and prompts too when given",
                    request.labels.len(),
                    request.prompts.len()
                ),
            ));
        }
        // One job per distinct label, so a repo_fix group sent together compiles once.
        let mut by_label: BTreeMap<&str, usize> = BTreeMap::new();
        let mut jobs: Vec<Job> = Vec::new();
        let mut slots = Vec::with_capacity(n);
        for (i, (query, label)) in request.query.iter().zip(&request.labels).enumerate() {
            let job = match by_label.get(label.as_str()) {
                Some(&j) => j,
                None => {
                    let stored = if label.trim_start().starts_with('{') {
                        Arc::new(Stored::load(label).map_err(|e| {
                            ApiError::new(422, format!("labels[{i}]: {}", e.message()))
                        })?)
                    } else {
                        grade::lookup(&resolver, label.trim()).map_err(|e| {
                            ApiError::new(e.status, format!("labels[{i}]: {}", e.message))
                        })?
                    };
                    jobs.push(Job {
                        stored,
                        responses: Vec::new(),
                    });
                    by_label.insert(label, jobs.len() - 1);
                    jobs.len() - 1
                }
            };
            let prompt = request.prompts.get(i).map(String::as_str);
            let response = response_text(query, prompt, &jobs[job].stored.prompt).ok_or_else(|| {
                ApiError::new(
                    422,
                    format!(
                        "query[{i}] starts with neither prompts[{i}] nor contains the prompt of \
                         record `{}`, so the response cannot be told apart from the prompt",
                        jobs[job].stored.problem.id()
                    ),
                )
            })?;
            slots.push((job, jobs[job].responses.len()));
            jobs[job].responses.push(response.to_owned());
        }
        Ok((jobs, slots, n))
    })
    .await?;
    let graded = grade::grade(&app, jobs).await;
    let mut verdicts = Vec::with_capacity(graded.len());
    for r in graded {
        verdicts.push(r?);
    }
    let mut rewards = Vec::with_capacity(n);
    let mut correct = Vec::with_capacity(n);
    let mut format_ok = Vec::with_capacity(n);
    for (job, k) in slots {
        let v = &verdicts[job][k];
        rewards.push(v.score);
        correct.push(if v.correct { 1.0 } else { 0.0 });
        format_ok.push(if v.format_ok { 1.0 } else { 0.0 });
    }
    let extra_logs = BTreeMap::from([
        ("correct".to_owned(), correct),
        ("format_ok".to_owned(), format_ok),
    ]);
    Ok(Json(GetRewardResponse {
        scores: rewards.clone(),
        rewards,
        extra_logs,
    }))
}

/// The response part of an OpenRLHF query: what follows the prompt the trainer sent, or else what
/// follows the last occurrence of the record's own prompt text (inside a chat template).
pub fn response_text<'q>(
    query: &'q str,
    prompt: Option<&str>,
    record_prompt: &str,
) -> Option<&'q str> {
    if let Some(rest) = prompt
        .filter(|p| !p.is_empty())
        .and_then(|p| query.strip_prefix(p))
    {
        return Some(rest);
    }
    if record_prompt.is_empty() {
        return None;
    }
    query
        .rfind(record_prompt)
        .map(|at| &query[at + record_prompt.len()..])
}

async fn generate(
    State(app): State<Arc<App>>,
    bytes: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let bytes = body(&app, bytes)?;
    let request: GenerateRequest = parse(&bytes, "/generate body")?;
    if request.n > MAX_GENERATE {
        return Err(ApiError::new(
            422,
            format!(
                "`n` is {}; allowed: 0 to {MAX_GENERATE} per request",
                request.n
            ),
        ));
    }
    let env =
        registry::find(&request.env).map_err(|e| ApiError::new(422, format!("`env`: {e}")))?;
    let generator = env
        .generator(request.level, &request.params, request.seed)
        .map_err(|e| ApiError::new(422, e.to_string()))?;
    if request.start.checked_add(request.n).is_none() {
        return Err(ApiError::new(422, "`start` + `n` overflows a u64"));
    }
    // Bounded, so a slow reader holds back generation instead of filling memory.
    let (tx, rx) = tokio::sync::mpsc::channel::<Vec<u8>>(8);
    let store = request.store;
    tokio::task::spawn_blocking(move || {
        let mut out = ChannelWriter {
            tx,
            buf: Vec::with_capacity(CHUNK),
        };
        let (start, n) = (request.start, request.n);
        if verigym::stream::write_jsonl(generator.as_ref(), start, n, &mut out).is_err() {
            return; // the client went away
        }
        if store {
            // Stored before the stream ends, so an id read from the body is known at once.
            let keep = n.min(app.store.capacity() as u64);
            for index in start + n - keep..start + n {
                match Stored::from_problem(&generator.record(index)) {
                    Ok(s) => app.store.insert(s),
                    Err(e) => {
                        tracing::warn!(error = e.message(), "a generated record did not load")
                    }
                }
            }
        }
    });
    let stream = futures_util::stream::unfold(rx, |mut rx| async move {
        rx.recv()
            .await
            .map(|chunk| (Ok::<_, io::Error>(Bytes::from(chunk)), rx))
    });
    Ok((
        [(header::CONTENT_TYPE, "application/x-ndjson")],
        Body::from_stream(stream),
    )
        .into_response())
}

const CHUNK: usize = 64 * 1024;

/// A `Write` that sends 64 KiB chunks to the response body; a gone client is a broken pipe.
struct ChannelWriter {
    tx: tokio::sync::mpsc::Sender<Vec<u8>>,
    buf: Vec<u8>,
}

impl Write for ChannelWriter {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        self.buf.extend_from_slice(data);
        if self.buf.len() >= CHUNK {
            self.flush()?;
        }
        Ok(data.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.buf.is_empty() {
            return Ok(());
        }
        let chunk = std::mem::replace(&mut self.buf, Vec::with_capacity(CHUNK));
        self.tx
            .blocking_send(chunk)
            .map_err(|_| io::Error::new(io::ErrorKind::BrokenPipe, "client disconnected"))
    }
}

fn curriculum_of(app: &App) -> Result<Arc<super::durable::DurableCurriculum>, ApiError> {
    app.curriculum.clone().ok_or_else(|| {
        ApiError::new(
            404,
            "this server has no curriculum; start it with --curriculum CONFIG --state-dir DIR",
        )
    })
}

fn durable_error(e: DurableError) -> ApiError {
    match e {
        DurableError::Curriculum(CurriculumError::UnknownId { .. }) => {
            ApiError::new(404, e.to_string())
        }
        DurableError::Curriculum(_) => ApiError::new(422, e.to_string()),
        DurableError::Storage { .. } => ApiError::new(507, e.to_string()),
    }
}

async fn curriculum_next(
    State(app): State<Arc<App>>,
    bytes: Result<Bytes, BytesRejection>,
) -> Result<Json<CurriculumNextResponse>, ApiError> {
    let bytes = body(&app, bytes)?;
    let request: CurriculumNextRequest = parse(&bytes, "/curriculum/next body")?;
    if !(1..=MAX_NEXT).contains(&request.n) {
        return Err(ApiError::new(
            422,
            format!("`n` is {}; allowed: 1 to {MAX_NEXT}", request.n),
        ));
    }
    let curriculum = curriculum_of(&app)?;
    let response = tokio::task::spawn_blocking(move || {
        let issued = curriculum.next(request.n).map_err(durable_error)?;
        let (problems, episodes): (Vec<_>, Vec<_>) = issued.into_iter().unzip();
        for p in &problems {
            match Stored::from_problem(p) {
                Ok(s) => app.store.insert(s),
                Err(e) => tracing::warn!(error = e.message(), "an issued record did not load"),
            }
        }
        Ok::<_, ApiError>(CurriculumNextResponse { problems, episodes })
    })
    .await
    .map_err(|_| ApiError::internal("the curriculum task panicked"))??;
    Ok(Json(response))
}

async fn curriculum_record(
    State(app): State<Arc<App>>,
    bytes: Result<Bytes, BytesRejection>,
) -> Result<Json<CurriculumRecordResponse>, ApiError> {
    let bytes = body(&app, bytes)?;
    let request: CurriculumRecordRequest = parse(&bytes, "/curriculum/record body")?;
    let curriculum = curriculum_of(&app)?;
    let rewards: Vec<f64> = request.rewards.iter().map(|r| r.value()).collect();
    let (status, outstanding) = tokio::task::spawn_blocking(move || {
        curriculum
            .record(&request.id, &rewards)
            .map_err(durable_error)
    })
    .await
    .map_err(|_| ApiError::internal("the curriculum task panicked"))??;
    let status = match status {
        Recorded::New => RecordStatus::Recorded,
        Recorded::Duplicate => RecordStatus::Duplicate,
    };
    Ok(Json(CurriculumRecordResponse {
        status,
        outstanding,
    }))
}

async fn health(State(app): State<Arc<App>>) -> Json<HealthResponse> {
    Json(HealthResponse {
        status: "ok".to_owned(),
        version: env!("CARGO_PKG_VERSION").to_owned(),
        envs: registry::envs()
            .iter()
            .map(|e| format!("{}@{}", e.id(), e.version()))
            .collect(),
        curriculum: app.curriculum.is_some(),
        stored_records: app.store.len() as u64,
        store_capacity: app.store.capacity() as u64,
    })
}

async fn metrics(State(app): State<Arc<App>>) -> Response {
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
        app.metrics.render(app.store.len()),
    )
        .into_response()
}

async fn not_found(request: Request) -> ApiError {
    ApiError::new(
        404,
        format!(
            "no route {} {}; routes: POST /verify, /verify/batch, /get_reward, /generate, \
             /curriculum/next, /curriculum/record, /openenv/reset, /openenv/step, /openenv/close, /nemo/seed_session, /nemo/act, \
             /nemo/verify, /nemo/close_session; \
             GET /health, /metrics, /openenv/state, /openenv/schema, /openenv/health, \
             /openenv/metadata, /openenv/ws (websocket)",
            request.method(),
            request.uri().path()
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::response_text;

    #[test]
    fn the_response_is_what_follows_the_prompt() {
        let q =
            "<|user|>Solve: 1+1. Answer as <answer>N</answer><|assistant|>It is <answer>2</answer>";
        let p = "<|user|>Solve: 1+1. Answer as <answer>N</answer><|assistant|>";
        assert_eq!(
            response_text(q, Some(p), "x"),
            Some("It is <answer>2</answer>")
        );
        let record = "Solve: 1+1. Answer as <answer>N</answer>";
        assert_eq!(
            response_text(q, Some("tokenizer changed it"), record),
            Some("<|assistant|>It is <answer>2</answer>")
        );
        assert_eq!(response_text("just text", None, record), None);
    }
}
