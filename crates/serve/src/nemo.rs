//! Episodes in NeMo Gym's resources-server shape, under `/nemo`: `seed_session` starts one and
//! sets the session cookie, the `act` tool takes the model's turns, `verify` takes the rollout's
//! final Responses-API `response` and answers its `reward`, and `close_session` ends it. An
//! agentic `repo_fix` session also has one route per tool (`list_files`, `read_file`,
//! `run_tests`, `replace_function`, `submit`), each one turn of the episode.
//!
//! NeMo Gym itself needs Python ≥ 3.13 and is not installed here; this follows its documented
//! contract (a cookie-carried session, tools as POST routes, `verify` echoing the request with
//! `reward` added) and is tested with a client of our own.

use std::sync::Arc;

use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{Map, Value, json};

use super::App;
use super::error::ApiError;
use super::json_body::JsonBody;
use super::openenv::{RESET_FIELDS, ResetBody, episode_error, next_episode_id, start_off};
use super::turn;

/// The session cookie's name.
const COOKIE: &str = "verigym_session";

/// The `/nemo` routes.
pub fn routes() -> Router<Arc<App>> {
    Router::new()
        .route("/nemo/seed_session", post(seed_session))
        .route("/nemo/act", post(act))
        .route("/nemo/verify", post(verify))
        .route("/nemo/close_session", post(close_session))
        .route("/nemo/list_files", post(list_files))
        .route("/nemo/read_file", post(read_file))
        .route("/nemo/run_tests", post(run_tests))
        .route("/nemo/replace_function", post(replace_function))
        .route("/nemo/submit", post(submit))
}

/// The session id a request carries: its `verigym_session` cookie.
fn session_id(headers: &HeaderMap) -> Result<String, ApiError> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .find_map(|pair| {
            pair.trim()
                .strip_prefix(COOKIE)?
                .strip_prefix('=')
                .map(str::to_owned)
        })
        .ok_or_else(|| {
            ApiError::new(
                422,
                format!("missing the `{COOKIE}` cookie: POST /nemo/seed_session sets it"),
            )
        })
}

/// `seed_session` takes the reset fields of `/openenv/reset` from the dataset row NeMo Gym posts
/// whole; the row's other fields (`responses_create_params`, `agent_ref`, a dataset's own
/// metadata) are not verigym's to read, and are ignored.
async fn seed_session(
    State(app): State<Arc<App>>,
    body: Option<JsonBody<Map<String, Value>>>,
) -> Result<Response, ApiError> {
    let mut fields = body.map(|JsonBody(b)| b).unwrap_or_default();
    fields.retain(|key, _| RESET_FIELDS.contains(&key.as_str()));
    let body: ResetBody = serde_json::from_value(Value::Object(fields))
        .map_err(|e| ApiError::new(422, format!("seed_session: {e}")))?;
    let live = start_off(&app, body).await?;
    let id = next_episode_id("nemo");
    let payload = json!({
        "session_id": id,
        "observation": live.session.prompt(),
        "budget": live.session.budget(),
        "record_id": live.record_id,
        "env": live.env,
    });
    app.sessions.insert(id.clone(), live)?;
    let mut response = Json(payload).into_response();
    let cookie = format!("{COOKIE}={id}; Path=/; HttpOnly; SameSite=Strict");
    response.headers_mut().insert(
        header::SET_COOKIE,
        HeaderValue::from_str(&cookie).map_err(|e| ApiError::internal(e.to_string()))?,
    );
    Ok(response)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ActBody {
    /// The model's turn.
    message: String,
}

/// The one tool: a turn of the episode. Its reward is given by `verify`, as NeMo Gym expects.
async fn act(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    JsonBody(body): JsonBody<ActBody>,
) -> Result<Json<Value>, ApiError> {
    let id = session_id(&headers)?;
    take_turn(&app, &id, body.message, None).await
}

/// Plays `message` as the session's next turn; `tool`, when a tool route sends it, must be one
/// the session has.
async fn take_turn(
    app: &Arc<App>,
    id: &str,
    message: String,
    tool: Option<&'static str>,
) -> Result<Json<Value>, ApiError> {
    let action = message.clone();
    turn::on_http_episode(app, id, Some(&action), move |live| {
        if let Some(tool) = tool
            && live.env != "repo_fix"
        {
            return Err(ApiError::new(
                422,
                format!(
                    "no tool `{tool}` in a {} session: the repo tools are for agentic repo_fix \
                     sessions; take turns with /nemo/act",
                    live.env
                ),
            ));
        }
        let step = live.session.step(&message).map_err(episode_error)?;
        Ok(Json(json!({
            "observation": step.observation,
            "done": step.done,
            "turn": live.session.turns(),
            "budget": live.session.budget(),
        })))
    })
    .await
}

/// `list_files`: the files of the repo the model may read.
async fn list_files(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let id = session_id(&headers)?;
    let turn = "<query>list_files</query>".to_owned();
    take_turn(&app, &id, turn, Some("list_files")).await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ReadFileBody {
    /// A path as `list_files` lists it.
    path: String,
}

/// `read_file`: one file as it stands.
async fn read_file(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    JsonBody(body): JsonBody<ReadFileBody>,
) -> Result<Json<Value>, ApiError> {
    let id = session_id(&headers)?;
    let turn = format!("<query>read_file {}</query>", body.path);
    take_turn(&app, &id, turn, Some("read_file")).await
}

/// `run_tests`: builds the crate as it stands and runs its visible tests.
async fn run_tests(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let id = session_id(&headers)?;
    let turn = "<query>run_tests</query>".to_owned();
    take_turn(&app, &id, turn, Some("run_tests")).await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ReplaceBody {
    /// One function, with or without its ```rust fence.
    code: String,
}

/// `replace_function`: replaces one function of the library.
async fn replace_function(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    JsonBody(body): JsonBody<ReplaceBody>,
) -> Result<Json<Value>, ApiError> {
    let id = session_id(&headers)?;
    let turn = format!("<query>replace_function\n{}\n</query>", fenced(&body.code));
    take_turn(&app, &id, turn, Some("replace_function")).await
}

/// `submit`: the hidden suite judges the crate as it stands; `verify` then pays its verdict.
async fn submit(State(app): State<Arc<App>>, headers: HeaderMap) -> Result<Json<Value>, ApiError> {
    let id = session_id(&headers)?;
    let turn = "<answer>submit</answer>".to_owned();
    take_turn(&app, &id, turn, Some("submit")).await
}

/// Code as the tool grammar takes it: in a ```rust fence, unless it already has one.
fn fenced(code: &str) -> String {
    if code.contains("```") {
        code.to_owned()
    } else {
        format!("```rust\n{}\n```", code.trim_end())
    }
}

/// The text of a Responses-API `response`'s final output message (its `output_text` parts, in
/// order): the rollout's last turn. Earlier messages are text the model wrote beside its tool
/// calls, which `act` already played or which were never turns; joining them in would make the
/// last turn a different text from the one the model ended on.
fn final_message_text(response: &Value) -> String {
    let last = response["output"]
        .as_array()
        .into_iter()
        .flatten()
        .rfind(|item| item["type"] == "message");
    let Some(item) = last else {
        return String::new();
    };
    match &item["content"] {
        Value::String(s) => s.clone(),
        Value::Array(parts) => parts
            .iter()
            .filter(|part| part["type"] == "output_text")
            .filter_map(|part| part["text"].as_str())
            .collect(),
        _ => String::new(),
    }
}

/// `verify`: the episode's reward. A rollout whose episode is still open has its final message
/// taken as its last turn (its final answer); an episode that cannot take another turn, or a
/// final message without an answer, pays 0.
async fn verify(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    JsonBody(body): JsonBody<Map<String, Value>>,
) -> Result<Json<Value>, ApiError> {
    let id = session_id(&headers)?;
    let Some(response) = body.get("response").cloned() else {
        return Err(ApiError::new(
            422,
            "missing `response`: the rollout's final Responses-API response",
        ));
    };
    let text = final_message_text(&response);
    let action = (!text.trim().is_empty()).then(|| text.clone());
    let verdict = turn::on_http_episode(&app, &id, action.as_deref(), move |live| {
        if !live.session.done() && !text.trim().is_empty() {
            live.session.step(&text).map_err(episode_error)?;
        }
        Ok(live.session.verdict().cloned())
    })
    .await?;
    let mut out = body;
    out.insert(
        "reward".into(),
        json!(verdict.as_ref().map_or(0.0, |v| v.score)),
    );
    out.insert(
        "verdict".into(),
        serde_json::to_value(&verdict).unwrap_or(Value::Null),
    );
    Ok(Json(Value::Object(out)))
}

async fn close_session(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let id = session_id(&headers)?;
    app.sessions.close(&id)?;
    Ok(Json(json!({})))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_turn_is_the_final_message_alone() {
        let response = json!({"output": [
            {"type": "message", "content": [{"type": "output_text", "text": "<query>4</query>"}]},
            {"type": "function_call", "name": "act", "arguments": "{}"},
            {"type": "message", "content": [
                {"type": "output_text", "text": "so it is "},
                {"type": "refusal", "refusal": "no"},
                {"type": "output_text", "text": "<answer>4</answer>"}]},
            {"type": "reasoning", "content": "not a message"},
        ]});
        assert_eq!(final_message_text(&response), "so it is <answer>4</answer>");
        assert_eq!(
            final_message_text(&json!({"output": [{"type": "message", "content": "plain"}]})),
            "plain"
        );
        for none in [json!({}), json!({"output": []}), json!({"output": "x"})] {
            assert_eq!(final_message_text(&none), "");
        }
    }
}
