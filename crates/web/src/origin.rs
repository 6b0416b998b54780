//! Cross-site requests refused: a page on another site must not create games or join them from
//! its visitor's browser. Browsers name the page's origin in the `Origin` header of every
//! cross-origin `POST` and of every WebSocket handshake; the server accepts such a request only
//! when that origin is the server's own address (the `Host` the browser connected to) or one
//! the operator listed (`serve --allow-origin`). Requests without `Origin` come from programs
//! (curl, `bench-web`), not from a page a visitor was lured to, and are accepted. No CORS header
//! is ever sent, so no other page can read an answer either.

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{HeaderMap, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde_json::json;

use crate::hub::Hub;

/// Whether a request with these headers may act on the server: see the module docs.
pub fn allowed(headers: &HeaderMap, extra: &[String]) -> Result<(), String> {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return Ok(());
    };
    let origin = origin
        .to_str()
        .map_err(|_| "the Origin header is not text".to_owned())?
        .trim()
        .to_ascii_lowercase();
    if extra.contains(&origin) {
        return Ok(());
    }
    let authority = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"));
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .map(|h| h.trim().to_ascii_lowercase());
    match (authority, host) {
        (Some(authority), Some(host)) if authority == host => Ok(()),
        _ => Err(format!(
            "cross-site request refused: a page from {origin} may not act on this server \
             (its operator may allow it with --allow-origin)"
        )),
    }
}

/// An origin as given on the command line, in the form browsers send (`https://example.org`,
/// lower case, no path or trailing slash).
///
/// # Errors
/// When the text is not `http://` or `https://` followed by a host.
pub fn normalise(text: &str) -> Result<String, String> {
    let lower = text.trim().trim_end_matches('/').to_ascii_lowercase();
    let host = lower
        .strip_prefix("http://")
        .or_else(|| lower.strip_prefix("https://"));
    match host {
        Some(host) if !host.is_empty() && !host.contains('/') => Ok(lower),
        _ => Err(format!(
            "`{text}` is not an origin such as https://example.org or http://localhost:8080"
        )),
    }
}

/// Middleware: refuses cross-site `POST`s and WebSocket handshakes with 403.
pub async fn guard(State(hub): State<Arc<Hub>>, request: Request, next: Next) -> Response {
    let acts = request.method() != Method::GET && request.method() != Method::HEAD
        || request.headers().contains_key(header::UPGRADE);
    if acts && let Err(message) = allowed(request.headers(), &hub.limits().allowed_origins) {
        return (
            StatusCode::FORBIDDEN,
            axum::Json(json!({ "error": message })),
        )
            .into_response();
    }
    next.run(request).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(origin: Option<&'static str>, host: &'static str) -> HeaderMap {
        let mut map = HeaderMap::new();
        map.insert(header::HOST, HeaderValue::from_static(host));
        if let Some(origin) = origin {
            map.insert(header::ORIGIN, HeaderValue::from_static(origin));
        }
        map
    }

    #[test]
    fn the_servers_own_pages_and_programs_may_act() {
        assert!(
            allowed(
                &headers(Some("http://127.0.0.1:8080"), "127.0.0.1:8080"),
                &[]
            )
            .is_ok()
        );
        assert!(allowed(&headers(Some("HTTP://Example.org"), "example.org"), &[]).is_ok());
        assert!(allowed(&headers(None, "127.0.0.1:8080"), &[]).is_ok());
    }

    #[test]
    fn other_sites_may_not_unless_listed() {
        let evil = headers(Some("http://evil.example"), "127.0.0.1:8080");
        let error = allowed(&evil, &[]).unwrap_err();
        assert!(error.contains("http://evil.example"), "{error}");
        assert!(allowed(&evil, &["http://evil.example".to_owned()]).is_ok());
        // Another port is another origin; so is a sandboxed page.
        assert!(allowed(&headers(Some("http://127.0.0.1:9"), "127.0.0.1:8080"), &[]).is_err());
        assert!(allowed(&headers(Some("null"), "127.0.0.1:8080"), &[]).is_err());
    }

    #[test]
    fn listed_origins_are_read_as_browsers_send_them() {
        assert_eq!(
            normalise("https://Play.Example.org/").as_deref(),
            Ok("https://play.example.org")
        );
        assert!(normalise("play.example.org").is_err());
        assert!(normalise("https://example.org/games").is_err());
    }
}
