//! The JSON body of the episode routes (OpenEnv, NeMo), read as `/verify` reads its own: a
//! syntax error is 400 and a type or field error 422, each the server's JSON error naming the
//! route and what is wrong, never axum's plain-text rejection a client cannot parse.

use axum::body::Bytes;
use axum::extract::{FromRequest, OptionalFromRequest, Request};
use serde::de::DeserializeOwned;

use super::error::ApiError;
use super::grade::parse;

/// A request body deserialised from JSON, whatever its `Content-Type`.
pub(super) struct JsonBody<T>(pub T);

/// The body's bytes (already read and bounded by the body-reading middleware) and the route's
/// name for the error message.
async fn bytes_of<S: Send + Sync>(
    request: Request,
    state: &S,
) -> Result<(Bytes, String), ApiError> {
    let what = format!("{} body", request.uri().path());
    let bytes = Bytes::from_request(request, state)
        .await
        .map_err(|e| ApiError::new(e.status().as_u16(), e.body_text()))?;
    Ok((bytes, what))
}

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiError> {
        let (bytes, what) = bytes_of(request, state).await?;
        parse(&bytes, &what).map(JsonBody)
    }
}

/// An empty (or all-whitespace) body is no body: OpenEnv clients may reset with none.
impl<S: Send + Sync, T: DeserializeOwned> OptionalFromRequest<S> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Option<Self>, ApiError> {
        let (bytes, what) = bytes_of(request, state).await?;
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return Ok(None);
        }
        parse(&bytes, &what).map(|t| Some(JsonBody(t)))
    }
}
