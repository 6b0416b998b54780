//! What an HTTP route answers with when it refuses: a JSON error, and the reading of a JSON
//! body within its deadline and size limit (shared by every module of routes).

use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::json;

use crate::hub::Hub;
use crate::protocol::MAX_BODY;

/// `response`, telling the client that the connection closes after it (its body was not
/// read to the end).
fn closing(mut response: Response) -> Response {
    response.headers_mut().insert(
        header::CONNECTION,
        header::HeaderValue::from_static("close"),
    );
    response
}

/// A JSON error answer.
pub fn error(status: StatusCode, message: impl Into<String>) -> Response {
    (status, axum::Json(json!({ "error": message.into() }))).into_response()
}

/// The JSON body of a request (`what` it asks for, for the error message), read within the
/// body's deadline and size limit; else the answer that refuses it.
pub async fn json_body<T: serde::de::DeserializeOwned>(
    hub: &Hub,
    headers: &HeaderMap,
    body: axum::body::Body,
    what: &str,
) -> Result<T, Response> {
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    if declared.is_some_and(|n| n > MAX_BODY as u64) {
        return Err(closing(error(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("a request's body is at most {MAX_BODY} bytes"),
        )));
    }
    let timeout = hub.limits().body_timeout;
    let body = match tokio::time::timeout(timeout, axum::body::to_bytes(body, MAX_BODY)).await {
        Ok(Ok(body)) => body,
        Ok(Err(_)) => {
            return Err(closing(error(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!("a request's body is at most {MAX_BODY} bytes"),
            )));
        }
        Err(_) => {
            hub.refused(crate::metrics::Limit::BodyTimeout);
            return Err(closing(error(
                StatusCode::REQUEST_TIMEOUT,
                format!(
                    "the request's body did not arrive within {} s",
                    timeout.as_secs_f64()
                ),
            )));
        }
    };
    let media_type = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .map(str::trim);
    if !media_type.is_some_and(|t| t.eq_ignore_ascii_case("application/json")) {
        return Err(error(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            format!("{what} is asked for as JSON, with Content-Type: application/json"),
        ));
    }
    serde_json::from_slice(&body)
        .map_err(|e| error(StatusCode::BAD_REQUEST, format!("malformed request: {e}")))
}
