//! Players: who a visitor is across games. A visitor becomes a player by choosing a name; the
//! browser then holds a session's secret in a cookie (`HttpOnly`, `SameSite=Lax`, `Secure` when
//! the page is served over HTTPS), of which the store keeps only the hash. A key (another
//! secret, also kept only as a hash) moves the identity to another browser. No password.
//!
//! Names are 2 to 24 characters: letters and digits of any script, spaces (not two in a row,
//! none at either end), `-`, `_` and `.`; they are shown with a tag of four hex digits of the
//! player's id (`Ana#1f0c`), so that equal names differ, and escaped wherever they are shown.

use axum::http::{HeaderMap, HeaderValue, header};

/// The cookie that holds a browser's session secret.
pub const COOKIE: &str = "tabuleiro_session";
/// How long a session's cookie lasts: a year from the last time it was set.
const COOKIE_SECONDS: u32 = 365 * 24 * 3600;
/// The fewest characters of a name.
pub const NAME_MIN: usize = 2;
/// The most characters of a name.
pub const NAME_MAX: usize = 24;

/// `name` as stored, or why it cannot be a name.
///
/// # Errors
/// A name too short or too long, or with characters other than letters, digits, single
/// spaces, `-`, `_` and `.`.
pub fn check_name(name: &str) -> Result<String, String> {
    let name = name.trim();
    let count = name.chars().count();
    if !(NAME_MIN..=NAME_MAX).contains(&count) {
        return Err(format!(
            "a name is {NAME_MIN} to {NAME_MAX} characters, not {count}"
        ));
    }
    if let Some(c) = name
        .chars()
        .find(|&c| !(c.is_alphanumeric() || c == ' ' || c == '-' || c == '_' || c == '.'))
    {
        return Err(format!(
            "a name has letters, digits, spaces, '-', '_' and '.' only, not {c:?}"
        ));
    }
    if name.contains("  ") {
        return Err("a name has no two spaces in a row".to_owned());
    }
    Ok(name.to_owned())
}

/// The tag shown after a player's name: the first four hex digits of its id.
pub fn tag(id: &str) -> &str {
    id.get(..4).unwrap_or(id)
}

/// The session secret the request's cookie holds, if any (a malformed one is none).
pub fn session_secret(request: &HeaderMap) -> Option<String> {
    request
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == COOKIE)
        .map(|(_, value)| value.trim().to_owned())
        .filter(|v| v.len() == 32 && v.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// Whether the page was asked for over HTTPS: by a proxy in front of this server that says so
/// (`X-Forwarded-Proto: https`), or an `Origin` of `https://`.
fn over_https(request: &HeaderMap) -> bool {
    let says = |name: &str, https: &dyn Fn(&str) -> bool| {
        request
            .get(name)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| https(v.trim()))
    };
    says("x-forwarded-proto", &|v| v.eq_ignore_ascii_case("https"))
        || says("origin", &|v| {
            v.to_ascii_lowercase().starts_with("https://")
        })
}

/// The `Set-Cookie` value that gives the browser `secret` (none: forgets it).
pub fn set_cookie(request: &HeaderMap, secret: Option<&str>) -> HeaderValue {
    let secure = if over_https(request) { "; Secure" } else { "" };
    let text = match secret {
        Some(s) => format!(
            "{COOKIE}={s}; Path=/; Max-Age={COOKIE_SECONDS}; HttpOnly; SameSite=Lax{secure}"
        ),
        None => format!("{COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax{secure}"),
    };
    // Only hex digits and fixed words: always a valid header value.
    HeaderValue::from_str(&text).unwrap_or(HeaderValue::from_static(""))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_checked() {
        assert_eq!(check_name("  Ana  ").as_deref(), Ok("Ana"));
        assert_eq!(
            check_name("José-María_2.0").as_deref(),
            Ok("José-María_2.0")
        );
        assert_eq!(check_name("山田 太郎").as_deref(), Ok("山田 太郎"));
        for bad in [
            "",
            "a",
            "<script>",
            "a  b",
            "x".repeat(25).as_str(),
            "tab\there",
        ] {
            assert!(check_name(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn the_cookie_is_read_only_when_well_formed() {
        let mut headers = HeaderMap::new();
        headers.insert(
            header::COOKIE,
            HeaderValue::from_static("a=b; tabuleiro_session=0123456789abcdef0123456789abcdef"),
        );
        assert_eq!(
            session_secret(&headers).as_deref(),
            Some("0123456789abcdef0123456789abcdef")
        );
        headers.insert(
            header::COOKIE,
            HeaderValue::from_static("tabuleiro_session=x'; DROP"),
        );
        assert_eq!(session_secret(&headers), None);
    }

    #[test]
    fn the_cookie_is_secure_behind_https() {
        let plain = set_cookie(&HeaderMap::new(), Some("ab"));
        let text = plain.to_str().expect("text");
        assert!(
            text.contains("HttpOnly") && text.contains("SameSite=Lax"),
            "{text}"
        );
        assert!(!text.contains("Secure"), "{text}");
        let mut proxied = HeaderMap::new();
        proxied.insert("x-forwarded-proto", HeaderValue::from_static("https"));
        let secure = set_cookie(&proxied, None);
        assert!(secure.to_str().expect("text").ends_with("; Secure"));
        assert!(secure.to_str().expect("text").contains("Max-Age=0"));
    }
}
