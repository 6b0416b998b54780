//! Cross-site requests refused: a page on another site must not create games or join them from
//! its visitor's browser. Browsers name the page's origin in the `Origin` header of every
//! cross-origin `POST` and of every WebSocket handshake; the server accepts such a request only
//! when that origin is the server's own address (the `Host` the browser connected to) or one
//! the operator listed (`serve --allow-origin`). Requests without `Origin` come from programs
//! (curl, `bench-web`), not from a page a visitor was lured to, and are accepted. No CORS header
//! is ever sent, so no other page can read an answer either.
//!
//! An origin matches on scheme, host and port: the server's own is `http://` and its `Host`
//! (it speaks plain HTTP), or `https://` and its `Host` when that is a public name given with
//! `serve --public-host` (a TLS proxy in front). A request with two `Origin` headers is
//! refused.
//!
//! The `Host` of every request must name this server: an address (IPv4 or IPv6, any port),
//! `localhost`, or a `--public-host` name; any other gets 421. A page of a domain an attacker
//! points at a private address (DNS rebinding) arrives with that domain as its `Host`. A
//! request with more than one `Host` header gets 400, as HTTP/1.1 asks (RFC 9112, 3.2).

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{HeaderMap, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde_json::json;

use crate::hub::Hub;

/// Whether a request with these headers may act on the server: see the module docs.
/// `extra`: the origins the operator allows; `public`: the `--public-host` names.
pub fn allowed(headers: &HeaderMap, extra: &[String], public: &[String]) -> Result<(), String> {
    let mut origins = headers.get_all(header::ORIGIN).iter();
    let Some(origin) = origins.next() else {
        return Ok(());
    };
    if origins.next().is_some() {
        return Err("cross-site request refused: more than one Origin header".to_owned());
    }
    let origin = origin
        .to_str()
        .map_err(|_| "the Origin header is not text".to_owned())?
        .trim()
        .to_ascii_lowercase();
    if extra.contains(&origin) {
        return Ok(());
    }
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .map(|h| h.trim().to_ascii_lowercase());
    let own = host.as_deref().is_some_and(|host| {
        origin.strip_prefix("http://") == Some(host)
            || (origin.strip_prefix("https://") == Some(host)
                && public.iter().any(|p| p == name_of(host)))
    });
    if own {
        Ok(())
    } else {
        Err(format!(
            "cross-site request refused: a page from {origin} may not act on this server \
             (its operator may allow it with --allow-origin)"
        ))
    }
}

/// The name in a `Host` value, without its port (`[::1]:80` gives `[::1]`).
fn name_of(host: &str) -> &str {
    if host.starts_with('[') {
        return host.split_inclusive(']').next().unwrap_or(host);
    }
    match host.rsplit_once(':') {
        Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) => name,
        _ => host,
    }
}

/// Whether `host` (a `Host` header) names this server: an IP address, `localhost`, or one of
/// the `public` names.
///
/// # Errors
/// The message for the client when it does not.
pub fn host_allowed(host: Option<&str>, public: &[String]) -> Result<(), String> {
    // HTTP/1.0 programs may send none; a browser always does.
    let Some(host) = host else {
        return Ok(());
    };
    let host = host.trim().to_ascii_lowercase();
    let name = name_of(&host);
    let address = name
        .strip_prefix('[')
        .and_then(|n| n.strip_suffix(']'))
        .map_or_else(
            || name.parse::<std::net::Ipv4Addr>().is_ok(),
            |v6| v6.parse::<std::net::Ipv6Addr>().is_ok(),
        );
    if address || name == "localhost" || public.iter().any(|p| p == name) {
        Ok(())
    } else {
        Err(format!(
            "this server does not answer to the name `{name}` (its operator may add it with \
             --public-host)"
        ))
    }
}

/// A host name as given with `--public-host` (lower case, no scheme or port).
///
/// # Errors
/// When the text is not a host name.
pub fn public_host(text: &str) -> Result<String, String> {
    let name = text.trim().trim_end_matches('.').to_ascii_lowercase();
    let fine = !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.');
    if fine {
        Ok(name)
    } else {
        Err(format!(
            "`{text}` is not a host name such as play.example.org (no scheme, no port)"
        ))
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

/// Middleware: answers 421 to a request whose `Host` does not name this server, and refuses
/// cross-site `POST`s and WebSocket handshakes with 403.
pub async fn guard(State(hub): State<Arc<Hub>>, request: Request, next: Next) -> Response {
    let limits = hub.limits();
    if request
        .headers()
        .get_all(header::HOST)
        .iter()
        .nth(1)
        .is_some()
    {
        return (
            StatusCode::BAD_REQUEST,
            axum::Json(json!({ "error": "a request has one Host header, not several" })),
        )
            .into_response();
    }
    let host = request
        .headers()
        .get(header::HOST)
        .map(|h| h.to_str().unwrap_or("(not text)"));
    if let Err(message) = host_allowed(host, &limits.public_hosts) {
        return (
            StatusCode::MISDIRECTED_REQUEST,
            axum::Json(json!({ "error": message })),
        )
            .into_response();
    }
    let acts = request.method() != Method::GET && request.method() != Method::HEAD
        || request.headers().contains_key(header::UPGRADE);
    if acts
        && let Err(message) = allowed(
            request.headers(),
            &limits.allowed_origins,
            &limits.public_hosts,
        )
    {
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
                &[],
                &[]
            )
            .is_ok()
        );
        assert!(
            allowed(
                &headers(Some("HTTP://Example.org"), "example.org"),
                &[],
                &[]
            )
            .is_ok()
        );
        assert!(allowed(&headers(None, "127.0.0.1:8080"), &[], &[]).is_ok());
    }

    #[test]
    fn other_sites_may_not_unless_listed() {
        let evil = headers(Some("http://evil.example"), "127.0.0.1:8080");
        let error = allowed(&evil, &[], &[]).unwrap_err();
        assert!(error.contains("http://evil.example"), "{error}");
        assert!(allowed(&evil, &["http://evil.example".to_owned()], &[]).is_ok());
        // Another port is another origin; so is a sandboxed page.
        assert!(
            allowed(
                &headers(Some("http://127.0.0.1:9"), "127.0.0.1:8080"),
                &[],
                &[]
            )
            .is_err()
        );
        assert!(allowed(&headers(Some("null"), "127.0.0.1:8080"), &[], &[]).is_err());
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

    #[test]
    fn an_origin_matches_on_scheme_host_and_port() {
        let mut two = headers(Some("http://127.0.0.1:8080"), "127.0.0.1:8080");
        two.append(
            header::ORIGIN,
            HeaderValue::from_static("http://evil.example"),
        );
        let error = allowed(&two, &[], &[]).unwrap_err();
        assert!(error.contains("more than one Origin"), "{error}");
        // The server speaks plain HTTP: an https page of the same host is another origin,
        // unless the host is a public name served through a TLS proxy.
        let https = headers(Some("https://play.example.org"), "play.example.org");
        assert!(allowed(&https, &[], &[]).is_err());
        assert!(allowed(&https, &[], &["play.example.org".to_owned()]).is_ok());
        let https_local = headers(Some("https://127.0.0.1:8080"), "127.0.0.1:8080");
        assert!(allowed(&https_local, &[], &[]).is_err());
    }

    #[test]
    fn the_host_must_name_this_server() {
        let public = ["play.example.org".to_owned()];
        for fine in [
            "127.0.0.1:8080",
            "192.168.1.5",
            "[::1]:8080",
            "[fe80::1]",
            "localhost:8080",
            "LOCALHOST",
            "play.example.org",
            "play.example.org:443",
        ] {
            assert!(host_allowed(Some(fine), &public).is_ok(), "{fine}");
        }
        for refused in [
            "evil.example",
            "evil.example:8080",
            "127.0.0.1.evil.example",
            "localhost.evil.example",
            "[not-an-address]",
            "example.org",
        ] {
            let error = host_allowed(Some(refused), &public).unwrap_err();
            assert!(error.contains("--public-host"), "{refused}: {error}");
        }
        assert!(host_allowed(None, &[]).is_ok());
        assert_eq!(
            public_host(" Play.Example.org. "),
            Ok("play.example.org".to_owned())
        );
        assert!(public_host("https://play.example.org").is_err());
        assert!(public_host("play.example.org:443").is_err());
    }
}
