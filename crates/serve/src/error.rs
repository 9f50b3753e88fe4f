//! The one error answer of the server: a status, a JSON `{"error": …}` body naming what is wrong,
//! and `Retry-After` when the client should come back.

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use super::api::ErrorBody;

/// An error answer.
#[derive(Clone, Debug)]
pub struct ApiError {
    /// The HTTP status.
    pub status: u16,
    /// The message.
    pub message: String,
    /// Seconds for `Retry-After`.
    pub retry_after: Option<u64>,
}

impl ApiError {
    /// An error with this status and message.
    pub fn new(status: u16, message: impl Into<String>) -> Self {
        ApiError {
            status,
            message: message.into(),
            retry_after: None,
        }
    }

    /// A 500: a bug or a broken pool, never the client's fault.
    pub fn internal(message: impl Into<String>) -> Self {
        Self::new(500, message)
    }

    /// Adds `Retry-After`.
    pub fn retry_after(mut self, seconds: u64) -> Self {
        self.retry_after = Some(seconds);
        self
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = StatusCode::from_u16(self.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        let body = serde_json::to_vec(&ErrorBody {
            error: self.message,
        })
        .unwrap_or_default();
        let mut response = (
            status,
            [(
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            )],
            body,
        )
            .into_response();
        if let Some(s) = self.retry_after {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(s));
        }
        response
    }
}
