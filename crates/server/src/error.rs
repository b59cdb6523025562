//! Errors as the API shows them: an HTTP status, a stable snake_case code and a
//! message in English (clients word the code in the user's language). Every
//! refusal is one of these; nothing is changed when one is returned.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use guoxiang_core::GameError;

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

    /// The error as the JSON object sent to clients.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({ "error": self.code, "message": self.message })
    }
}

impl From<GameError> for ApiError {
    fn from(e: GameError) -> ApiError {
        let code = match &e {
            GameError::GameOver(_) => "game_over",
            GameError::San(_) | GameError::Uci(_) => "bad_move",
            GameError::IllegalMove(_) => "illegal_move",
            GameError::NothingToUndo => "nothing_to_undo",
            GameError::OfferNotAfterOwnMove => "offer_not_after_own_move",
            GameError::OfferAlreadyStanding(_) => "offer_already_standing",
            GameError::OfferBlocked(_) => "offer_blocked",
            GameError::NoOfferToAnswer => "no_offer",
            GameError::NothingToClaim(_) => "nothing_to_claim",
        };
        ApiError::conflict(code, e.to_string())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, axum::Json(self.to_json())).into_response()
    }
}
