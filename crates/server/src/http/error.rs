//! Errors as the API shows them: an HTTP status, a stable snake_case code and a
//! message in English (clients word the code in the user's language). Every
//! refusal is one of these; nothing is changed when one is returned.

use crate::game::refusal::{Kind, Refusal};
use crate::protocol::ErrorBody;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{code}: {message}")]
pub struct ApiError {
    pub status: StatusCode,
    pub code: &'static str,
    pub message: String,
}

impl ApiError {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            code,
            message: message.into(),
        }
    }

    pub fn bad_request(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, code, message)
    }

    /// A rule of the game forbids this now (409).
    pub fn conflict(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, code, message)
    }

    pub fn forbidden(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, "forbidden", message)
    }

    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, "not_found", message)
    }

    pub fn unavailable(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "unavailable", message)
    }

    /// The request body is larger than the server reads (413).
    pub fn too_large(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large", message)
    }

    /// The error as the body sent to clients.
    pub fn body(&self) -> ErrorBody {
        ErrorBody {
            error: self.code.to_string(),
            message: self.message.clone(),
        }
    }
}

impl From<Refusal> for ApiError {
    fn from(r: Refusal) -> ApiError {
        let status = match r.kind() {
            Kind::BadRequest => StatusCode::BAD_REQUEST,
            Kind::Forbidden => StatusCode::FORBIDDEN,
            Kind::Conflict => StatusCode::CONFLICT,
        };
        ApiError::new(status, r.code(), r.to_string())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, axum::Json(self.body())).into_response()
    }
}
