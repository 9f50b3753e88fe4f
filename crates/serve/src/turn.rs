//! One step of a live episode, off the async workers: the episode is locked for the whole step,
//! and a step that may build (an agentic episode's `run_tests`, its submission, its last turn)
//! waits behind the compile gate `/verify` uses, so it is bounded by the same limits.

use std::sync::Arc;

use super::App;
use super::error::ApiError;
use super::grade;
use super::sessions::{self, Live, Shared};

/// Runs `f` on the episode `live` on the blocking pool, through the compile gate when `action`
/// may build. 409 when another request is stepping the episode; 503 when the gate is full, before
/// anything is stepped. The lock (and, if the episode was closed meanwhile, the episode and its
/// build dir) is released on the blocking thread.
pub async fn on_episode<T: Send + 'static>(
    app: &Arc<App>,
    id: &str,
    live: Shared,
    action: Option<&str>,
    f: impl FnOnce(&mut Live) -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let mut guard = sessions::lock(id, &live)?;
    drop(live);
    let builds = action.is_some_and(|a| guard.session.may_build(a));
    let work = move || f(&mut guard);
    if builds {
        grade::gated(app, work).await?
    } else {
        tokio::task::spawn_blocking(work)
            .await
            .map_err(|e| ApiError::internal(format!("a step failed: {e}")))?
    }
}

/// [`on_episode`] on the HTTP episode `id`: 404 or 410 when it is not live; it counts as used
/// when the step ends, however long the step took.
pub async fn on_http_episode<T: Send + 'static>(
    app: &Arc<App>,
    id: &str,
    action: Option<&str>,
    f: impl FnOnce(&mut Live) -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let live = app.sessions.get(id)?;
    let out = on_episode(app, id, live, action, f).await;
    app.sessions.touch(id);
    out
}
