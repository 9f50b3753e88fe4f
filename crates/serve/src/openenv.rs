//! Episodes over the wire, in OpenEnv's shapes under `/openenv`: the `/ws` websocket its clients
//! (and `verifiers`' OpenEnv taskset) drive, `reset`/`step`/`state`/`close` over HTTP with an
//! `episode_id`, and `/schema`, `/health`, `/metadata`.
//!
//! An action is `{"message": "<the model's turn>"}`; an observation is `{"text", "turn",
//! "budget"}` plus the final `verdict`. Any other object is still the model's turn, read as its
//! JSON text (see [`turn_of`]), so no reply of the model's is a transport error. Rewards are 0 until the last step, which carries the
//! episode's verdict, so OpenEnv's summed per-step reward is exactly the episode's.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Query, State};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use std::borrow::Cow;

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::{Map, Value, json};
use tokio::sync::Mutex as StepLock;

use super::App;
use super::error::ApiError;
use super::json_body::JsonBody;
use super::sessions::{self, Live, Sessions, Shared};
use super::turn;
use verigym::DynEnv;
use verigym::Verdict;
use verigym::episodes::agentic::AgenticOptions;
use verigym::episodes::{self, EpisodeError, EpisodeOptions, FeedbackOptions, Session, Step};

/// The largest websocket message accepted: an action is at most 1 MiB of text, escaped.
const MAX_MESSAGE: usize = 4 << 20;

/// The `/openenv` routes.
pub fn routes() -> Router<Arc<App>> {
    Router::new()
        .route("/openenv/reset", post(reset))
        .route("/openenv/step", post(step))
        .route("/openenv/state", get(state))
        .route("/openenv/close", post(close))
        .route("/openenv/schema", get(schema))
        .route("/openenv/health", get(health))
        .route("/openenv/metadata", get(metadata))
        .route("/openenv/ws", get(websocket))
}

/// The fields of [`ResetBody`], for routes that pick them out of a larger body.
pub(super) const RESET_FIELDS: [&str; 9] = [
    "seed",
    "episode_id",
    "env",
    "level",
    "params",
    "index",
    "record",
    "feedback",
    "agentic",
];

/// What `reset` takes (OpenEnv's `seed` and `episode_id`, and verigym's own fields).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ResetBody {
    /// The master seed of the generated problem (default 0).
    seed: Option<u64>,
    /// The HTTP episode's id (one is made when absent); ignored on a websocket.
    episode_id: Option<String>,
    /// The env: an interactive one, or any single-turn env for a feedback episode.
    env: Option<String>,
    /// The level, 0 to 10.
    level: Option<f64>,
    /// Param overrides by name.
    params: Option<Map<String, Value>>,
    /// The problem index (default 0).
    index: Option<u64>,
    /// A full record to play instead of a generated one.
    record: Option<Value>,
    /// A feedback episode's options.
    feedback: Option<FeedbackOptions>,
    /// An agentic `repo_fix` episode's options (`max_turns`); a `repo_fix` episode is always
    /// agentic, with the defaults when absent.
    agentic: Option<AgenticOptions>,
}

/// The env of an id: single-turn or interactive.
fn find_env(id: &str) -> Result<&'static dyn DynEnv, ApiError> {
    episodes::find_env(id).map_err(|e| ApiError::new(422, format!("invalid value for `env`: {e}")))
}

/// An episode's opening: the session, its record's id and env, and an agentic episode's place
/// under its bound (claimed before its build dir is made).
pub(super) fn start(app: &App, body: &ResetBody) -> Result<Live, ApiError> {
    let id = body.env.as_deref().unwrap_or(&app.episode_env);
    if let (None, Some(env)) = (&body.record, episodes::find_interactive(id)) {
        if body.agentic.is_some() {
            return Err(not_agentic(id));
        }
        if body.feedback.is_some() {
            return Err(ApiError::new(
                422,
                format!(
                    "invalid value for `feedback`: {id} is interactive and has its own turn budget"
                ),
            ));
        }
        // Straight from the generator: no record written and read back, no data re-checked.
        let params = body.params.clone().unwrap_or_default();
        let (session, record_id) = env
            .open_generated(
                body.level,
                &params,
                body.seed.unwrap_or(0),
                body.index.unwrap_or(0),
            )
            .map_err(episode_error)?;
        return Ok(Sessions::live(session, record_id, id.to_owned(), None));
    }
    let record = match &body.record {
        Some(record) => record.to_string(),
        None => {
            let env = find_env(id)?;
            let params = body.params.clone().unwrap_or_default();
            let generator = env
                .generator(body.level, &params, body.seed.unwrap_or(0))
                .map_err(|e| ApiError::new(422, e.to_string()))?;
            let mut line = Vec::new();
            generator.write_jsonl(body.index.unwrap_or(0), &mut line);
            String::from_utf8(line).expect("records are UTF-8")
        }
    };
    let header: Value = serde_json::from_str(&record)
        .map_err(|e| ApiError::new(422, format!("invalid value for `record`: {e}")))?;
    let field = |name: &str| {
        header
            .get(name)
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned()
    };
    let env = field("env");
    // A repo_fix episode is agentic: its turns are tool calls on the repo, and the ones that
    // build go through the compile gate (see `turn`).
    let agentic = match (env == "repo_fix", body.agentic) {
        (true, options) => Some(options.unwrap_or_default()),
        (false, Some(_)) => return Err(not_agentic(&env)),
        (false, None) => None,
    };
    let permit = match agentic {
        Some(_) => Some(app.sessions.agentic_permit()?),
        None => None,
    };
    let options = EpisodeOptions {
        feedback: body.feedback,
        agentic,
    };
    let session = episodes::open(record.trim_end(), &options).map_err(episode_error)?;
    Ok(Sessions::live(session, field("id"), env, permit))
}

fn not_agentic(env: &str) -> ApiError {
    ApiError::new(
        422,
        format!("invalid value for `agentic`: the env is {env}; allowed: only with repo_fix"),
    )
}

/// [`start`] on the blocking pool: a `repo_fix` record takes milliseconds to draw and check.
pub(super) async fn start_off(app: &Arc<App>, body: ResetBody) -> Result<Live, ApiError> {
    let app = app.clone();
    tokio::task::spawn_blocking(move || start(&app, &body))
        .await
        .map_err(|e| ApiError::internal(format!("a reset failed: {e}")))?
}

pub(super) fn episode_error(e: EpisodeError) -> ApiError {
    match e {
        EpisodeError::Done => ApiError::new(409, "the episode is over; reset to start another"),
        EpisodeError::Invalid(why) => ApiError::new(422, why),
    }
}

/// The observation payload OpenEnv clients read: `observation`, `reward`, `done`, `metadata`.
/// Typed and borrowed, so a step's answer is written without building a JSON tree first.
#[derive(Serialize)]
pub(super) struct Payload<'a> {
    observation: ObservationBody<'a>,
    reward: Option<f64>,
    done: bool,
    metadata: Meta<'a>,
}

#[derive(Serialize)]
struct ObservationBody<'a> {
    text: &'a str,
    turn: u32,
    budget: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    verdict: Option<&'a Verdict>,
}

/// Which episode an answer is about.
#[derive(Serialize)]
pub(super) struct Meta<'a> {
    episode_id: &'a str,
    record_id: &'a str,
    env: &'a str,
}

fn observation<'a>(
    text: &'a str,
    session: &dyn Session,
    step: Option<&'a Step>,
    meta: Meta<'a>,
) -> Payload<'a> {
    Payload {
        observation: ObservationBody {
            text,
            turn: session.turns(),
            budget: session.budget(),
            verdict: step.and_then(|s| s.verdict.as_ref()),
        },
        reward: step.map(|s| s.reward),
        done: session.done(),
        metadata: meta,
    }
}

/// The model's turn in an action. The protocol is `{"message": "<text>"}`, but any other object
/// is the model's turn too, as the text the model wrote: a harness that JSON-decodes replies
/// (verifiers' `parse_action` sends a bare `7` as `{"message": 7}`, and a reply that is a JSON
/// object as the action itself) must not turn a reply into a transport error, because trainers
/// drop errored rollouts unscored, and a policy would learn to reply in JSON to dodge a 0. Such a
/// turn is read like any other (usually an invalid turn, which spends the turn). Only an action
/// that is not an object is refused.
fn turn_of(action: &Value) -> Result<Cow<'_, str>, ApiError> {
    let Some(object) = action.as_object() else {
        return Err(ApiError::new(422, ACTION_FORM));
    };
    Ok(match (object.len(), object.get("message")) {
        (1, Some(Value::String(text))) => Cow::Borrowed(text),
        (1, Some(scalar)) if !scalar.is_object() && !scalar.is_array() => {
            Cow::Owned(scalar.to_string())
        }
        _ => Cow::Owned(action.to_string()),
    })
}

static EPISODES: AtomicU64 = AtomicU64::new(0);

/// A fresh episode id: unique within this server process.
pub(super) fn next_episode_id(kind: &str) -> String {
    format!(
        "{kind}-{}-{}",
        std::process::id(),
        EPISODES.fetch_add(1, Ordering::Relaxed)
    )
}

async fn reset(
    State(app): State<Arc<App>>,
    body: Option<JsonBody<ResetBody>>,
) -> Result<Json<Value>, ApiError> {
    let body = body.map(|JsonBody(b)| b).unwrap_or_default();
    let id = match &body.episode_id {
        Some(id) if id.is_empty() || id.len() > 255 => {
            return Err(ApiError::new(
                422,
                "invalid value for `episode_id`: allowed: 1 to 255 characters",
            ));
        }
        Some(id) => id.clone(),
        None => next_episode_id("episode"),
    };
    let live = start_off(&app, body).await?;
    let meta = Meta {
        episode_id: &id,
        record_id: &live.record_id,
        env: &live.env,
    };
    let payload = serde_json::to_value(observation(
        live.session.prompt(),
        &*live.session,
        None,
        meta,
    ))
    .map_err(|e| ApiError::internal(e.to_string()))?;
    app.sessions.insert(id, live)?;
    Ok(Json(payload))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StepBody {
    action: Value,
    episode_id: Option<String>,
}

async fn step(
    State(app): State<Arc<App>>,
    JsonBody(body): JsonBody<StepBody>,
) -> Result<Json<Value>, ApiError> {
    let Some(id) = body.episode_id else {
        return Err(ApiError::new(
            422,
            "missing `episode_id`: an HTTP step names the episode its reset returned in \
             `metadata.episode_id` (a websocket at /openenv/ws needs none)",
        ));
    };
    let message = turn_of(&body.action)?.into_owned();
    let action = message.clone();
    let episode_id = id.clone();
    turn::on_http_episode(&app, &id, Some(&action), move |live| {
        step_payload(&episode_id, live, &message).map(Json)
    })
    .await
}

/// Takes one step of `live` and writes its answer.
fn step_payload(episode_id: &str, live: &mut Live, message: &str) -> Result<Value, ApiError> {
    let step = live.session.step(message).map_err(episode_error)?;
    let meta = Meta {
        episode_id,
        record_id: &live.record_id,
        env: &live.env,
    };
    serde_json::to_value(observation(
        &step.observation,
        &*live.session,
        Some(&step),
        meta,
    ))
    .map_err(|e| ApiError::internal(e.to_string()))
}

#[derive(Deserialize)]
struct EpisodeQuery {
    episode_id: Option<String>,
}

/// What `state` answers: the counters and the session's resumable state (never the record,
/// whose data holds the hidden state).
fn state_of(id: &str, session: &dyn Session, record_id: &str, env: &str) -> Value {
    json!({
        "episode_id": id,
        "step_count": session.turns(),
        "record_id": record_id,
        "env": env,
        "done": session.done(),
        "state": session.state(),
    })
}

async fn state(
    State(app): State<Arc<App>>,
    Query(q): Query<EpisodeQuery>,
) -> Result<Json<Value>, ApiError> {
    let Some(id) = q.episode_id else {
        return Err(ApiError::new(
            422,
            "missing `episode_id` query parameter: GET /openenv/state?episode_id=...",
        ));
    };
    app.sessions.with(&id, |live| {
        Json(state_of(&id, &*live.session, &live.record_id, &live.env))
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CloseBody {
    episode_id: String,
}

async fn close(
    State(app): State<Arc<App>>,
    JsonBody(body): JsonBody<CloseBody>,
) -> Result<Json<Value>, ApiError> {
    app.sessions.close(&body.episode_id)?;
    Ok(Json(
        json!({ "episode_id": body.episode_id, "closed": true }),
    ))
}

async fn schema() -> Json<Value> {
    Json(json!({
        "action": {
            "title": "VerigymAction",
            "type": "object",
            "properties": { "message": { "type": "string", "description": "The model's whole turn: a <query>…</query> or a final <answer>…</answer> for an interactive env, an answer for a feedback episode, a tool call (<query>run_tests</query>, …) or <answer>submit</answer> for an agentic repo_fix episode." } },
            "required": ["message"],
            "additionalProperties": false,
        },
        "observation": {
            "title": "VerigymObservation",
            "type": "object",
            "properties": {
                "text": { "type": "string" },
                "turn": { "type": "integer" },
                "budget": { "type": "integer" },
                "verdict": { "type": "object", "description": "The final verdict, on the last step only." },
            },
            "required": ["text", "turn", "budget"],
        },
        "state": {
            "title": "VerigymState",
            "type": "object",
            "properties": {
                "episode_id": { "type": ["string", "null"] },
                "step_count": { "type": "integer" },
                "record_id": { "type": "string" },
                "env": { "type": "string" },
                "done": { "type": "boolean" },
                "state": { "type": "object" },
            },
        },
    }))
}

async fn health() -> Json<Value> {
    Json(json!({ "status": "healthy" }))
}

async fn metadata(State(app): State<Arc<App>>) -> Json<Value> {
    let interactive: Vec<&str> = episodes::interactive()
        .iter()
        .map(|e| e.as_env().id())
        .collect();
    Json(json!({
        "name": "verigym",
        "description": "Episodes with exact final verdicts: interactive envs, and feedback episodes over every single-turn env.",
        "version": env!("CARGO_PKG_VERSION"),
        "default_env": app.episode_env,
        "interactive_envs": interactive,
        "agentic_envs": ["repo_fix"],
        "live_episodes": app.sessions.len(),
    }))
}

async fn websocket(State(app): State<Arc<App>>, upgrade: WebSocketUpgrade) -> Response {
    upgrade
        .max_message_size(MAX_MESSAGE)
        .on_upgrade(move |socket| drive(app, socket))
        .into_response()
}

/// One websocket frame in OpenEnv's shape: `{"type": …, "data": …}`.
fn frame(kind: &str, data: impl Serialize) -> Message {
    #[derive(Serialize)]
    struct Frame<'a, T> {
        #[serde(rename = "type")]
        kind: &'a str,
        data: T,
    }
    let text = serde_json::to_string(&Frame { kind, data }).unwrap_or_default();
    Message::Text(text.into())
}

/// A websocket message as sent: its type, and its data left unparsed until the type is known.
#[derive(Deserialize)]
struct Incoming<'a> {
    #[serde(rename = "type", borrow, default)]
    kind: Option<Cow<'a, str>>,
    #[serde(borrow, default)]
    data: Option<&'a RawValue>,
}

/// A step's data: the model's turn and nothing else.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Action<'a> {
    #[serde(borrow)]
    message: Cow<'a, str>,
}

const ACTION_FORM: &str =
    "invalid value for `action`: allowed: an object with one field, {\"message\": \"<text>\"}";

fn error_frame(message: impl Into<String>, code: &str) -> Message {
    frame("error", json!({ "message": message.into(), "code": code }))
}

/// One websocket: one episode at a time, reset as often as the client likes, closed after
/// `--session-idle` without a message.
async fn drive(app: Arc<App>, mut socket: WebSocket) {
    let _slot = match app.sessions.slot() {
        Ok(slot) => slot,
        Err(e) => {
            let _ = socket
                .send(error_frame(e.message, "CAPACITY_REACHED"))
                .await;
            return;
        }
    };
    let mut episode: Option<Shared> = None;
    let episode_id = next_episode_id("ws");
    loop {
        let message = match tokio::time::timeout(app.sessions.idle(), socket.recv()).await {
            Err(_) => {
                let idle = app.sessions.idle().as_secs();
                let _ = socket
                    .send(error_frame(
                        format!("closed after {idle} s without a message"),
                        "SESSION_ERROR",
                    ))
                    .await;
                return;
            }
            Ok(None) | Ok(Some(Err(_))) => return,
            Ok(Some(Ok(message))) => message,
        };
        let text = match message {
            Message::Text(text) => text,
            Message::Close(_) => return,
            Message::Ping(_) | Message::Pong(_) => continue,
            Message::Binary(_) => {
                let _ = socket
                    .send(error_frame(
                        "binary frames are not read; send JSON text",
                        "INVALID_JSON",
                    ))
                    .await;
                continue;
            }
        };
        let reply = match serde_json::from_str::<Incoming<'_>>(text.as_str()) {
            Err(e) => error_frame(format!("Invalid JSON: {e}"), "INVALID_JSON"),
            Ok(message) => match message.kind.as_deref() {
                Some("reset") => {
                    let body = match message.data {
                        None => Ok(ResetBody::default()),
                        Some(data) => serde_json::from_str::<ResetBody>(data.get()),
                    };
                    match body {
                        Err(e) => error_frame(format!("reset: {e}"), "VALIDATION_ERROR"),
                        Ok(body) => {
                            // The episode it replaces goes first, its build dir and agentic
                            // place with it, so a socket resetting agentic episodes one after
                            // another holds one place, not two.
                            episode = None;
                            match start_off(&app, body).await {
                                Err(e) => error_frame(e.message, "VALIDATION_ERROR"),
                                Ok(live) => {
                                    let meta = Meta {
                                        episode_id: &episode_id,
                                        record_id: &live.record_id,
                                        env: &live.env,
                                    };
                                    let reply = frame(
                                        "observation",
                                        observation(
                                            live.session.prompt(),
                                            &*live.session,
                                            None,
                                            meta,
                                        ),
                                    );
                                    episode = Some(Arc::new(StepLock::new(live)));
                                    reply
                                }
                            }
                        }
                    }
                }
                Some("step") => match &episode {
                    None => error_frame("no episode: send a reset first", "SESSION_ERROR"),
                    Some(live) => {
                        let turn = message.data.and_then(|data| {
                            match serde_json::from_str::<Action<'_>>(data.get()) {
                                Ok(action) => Some(action.message.into_owned()),
                                // Not the protocol's form: still the model's turn if an object.
                                Err(_) => serde_json::from_str::<Value>(data.get())
                                    .ok()
                                    .and_then(|v| turn_of(&v).ok().map(Cow::into_owned)),
                            }
                        });
                        match turn {
                            Some(turn) => {
                                let action = turn.clone();
                                let id = episode_id.clone();
                                let stepped = turn::on_episode(
                                    &app,
                                    &episode_id,
                                    live.clone(),
                                    Some(&action),
                                    move |live| step_payload(&id, live, &turn),
                                )
                                .await;
                                match stepped {
                                    Ok(payload) => frame("observation", payload),
                                    Err(e) if e.status == 503 => {
                                        error_frame(e.message, "CAPACITY_REACHED")
                                    }
                                    Err(e) => error_frame(e.message, "EXECUTION_ERROR"),
                                }
                            }
                            None => error_frame(ACTION_FORM, "VALIDATION_ERROR"),
                        }
                    }
                },
                Some("state") => match &episode {
                    None => frame(
                        "state",
                        json!({ "episode_id": episode_id, "step_count": 0 }),
                    ),
                    Some(live) => match sessions::lock(&episode_id, live) {
                        Ok(live) => frame(
                            "state",
                            state_of(&episode_id, &*live.session, &live.record_id, &live.env),
                        ),
                        Err(e) => error_frame(e.message, "EXECUTION_ERROR"),
                    },
                },
                Some("close") => return,
                other => error_frame(
                    format!("unknown message type {other:?}; allowed: reset, step, state, close"),
                    "UNKNOWN_TYPE",
                ),
            },
        };
        if socket.send(reply).await.is_err() {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_reset_field_named_is_one_reset_takes() {
        for field in RESET_FIELDS {
            let body = serde_json::from_value::<ResetBody>(json!({ field: null }));
            assert!(body.is_ok(), "{field}: {body:?}");
        }
        assert!(serde_json::from_value::<ResetBody>(json!({"agent_ref": null})).is_err());
    }

    #[test]
    fn any_object_is_the_models_turn_and_only_a_non_object_is_refused() {
        let turn = |v: Value| turn_of(&v).map(Cow::into_owned).map_err(|e| e.message);
        assert_eq!(
            turn(json!({"message": "<query>5</query>"})).unwrap(),
            "<query>5</query>"
        );
        // What verifiers' parse_action makes of the replies `7`, `true` and `{"answer": "3"}`.
        assert_eq!(turn(json!({"message": 7})).unwrap(), "7");
        assert_eq!(turn(json!({"message": true})).unwrap(), "true");
        assert_eq!(turn(json!({"answer": "3"})).unwrap(), r#"{"answer":"3"}"#);
        assert_eq!(
            turn(json!({"message": "a", "extra": 1})).unwrap(),
            r#"{"message":"a","extra":1}"#
        );
        assert_eq!(turn(json!({"message": [1]})).unwrap(), r#"{"message":[1]}"#);
        for bad in [json!("x"), json!(7), json!(null), json!([{"message": "x"}])] {
            assert!(turn(bad).unwrap_err().contains("{\"message\""));
        }
    }
}
