//! Players: who a visitor is across games. A visitor becomes a player by choosing a name; the
//! browser then holds a session's secret in a cookie (`HttpOnly`, `SameSite=Lax`, `Secure` when
//! the page is served over HTTPS), of which the store keeps only the hash. A key (another
//! secret, also kept only as a hash) moves the identity to another browser. No password.
//!
//! Names are 2 to 24 characters: letters and digits of any script, spaces (not two in a row,
//! none at either end), `-`, `_` and `.`; they are shown with a tag of eight hex digits of the
//! player's id (`Ana#1f0c`), so that equal names differ, and escaped wherever they are shown.
//!
//! A name must look like what it is, so that nobody can pass for someone else (Unicode's
//! security mechanisms, UTS #39, through the `unicode-security` crate). It is stored in NFC,
//! and refused when it has:
//! - a character Unicode does not recommend in identifiers (Hangul fillers and other letters
//!   that show as nothing, obsolete and technical letters);
//! - compatibility forms: fullwidth, mathematical or circled letters (`Ａｎａ`, `𝐀𝐧𝐚`) — write
//!   `Ana`;
//! - scripts mixed in a way that hides lookalikes (a Cyrillic `а` in a Latin name): a name
//!   is in one script, or in Latin with Han, Hiragana, Katakana or Hangul (UTS #39's "highly
//!   restrictive" level);
//! - more than two combining marks on one letter (marks stacked above and below the line).

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
/// A name too short or too long, with characters other than letters, digits, single spaces,
/// `-`, `_` and `.`, or one that could pass for another (see the module's docs).
pub fn check_name(name: &str) -> Result<String, String> {
    use unicode_normalization::UnicodeNormalization as _;
    // Composed first: a letter and its accent typed apart are the letter with the accent.
    let composed: String = name.trim().nfc().collect();
    let name = composed.as_str();
    let count = name.chars().count();
    if !(NAME_MIN..=NAME_MAX).contains(&count) {
        return Err(format!(
            "a name is {NAME_MIN} to {NAME_MAX} characters, not {count}"
        ));
    }
    // Letters with their marks (a virama, a vowel sign): what names of many scripts need.
    let mark = unicode_normalization::char::is_combining_mark;
    if let Some(c) = name.chars().find(|&c| {
        !(c.is_alphanumeric() || mark(c) || c == ' ' || c == '-' || c == '_' || c == '.')
    }) {
        return Err(format!(
            "a name has letters, digits, spaces, '-', '_' and '.' only, not {c:?}"
        ));
    }
    if name.chars().next().is_some_and(mark) {
        return Err("a name starts with a letter or a digit, not a mark".to_owned());
    }
    if name.contains("  ") {
        return Err("a name has no two spaces in a row".to_owned());
    }
    looks_like_itself(name)
}

/// The most combining marks a name may put on one letter.
const MARKS_MAX: usize = 2;

/// `name` in NFC, unless it could pass for another (see the module's docs).
fn looks_like_itself(name: &str) -> Result<String, String> {
    use unicode_normalization::UnicodeNormalization as _;
    use unicode_security::RestrictionLevelDetection as _;
    use unicode_security::{GeneralSecurityProfile as _, RestrictionLevel};
    let name: String = name.nfc().collect();
    // Compatibility forms folded (fullwidth and mathematical letters become plain ones,
    // fillers become the fillers they stand for): what the name looks like.
    let plain: String = name.nfkc().collect();
    if let Some(c) = plain
        .chars()
        .find(|&c| !matches!(c, ' ' | '-' | '_' | '.') && !c.identifier_allowed())
    {
        return Err(format!(
            "a name cannot have {c:?} (U+{:04X}): it is not a letter people use in names, or it \
             shows as nothing",
            u32::from(c)
        ));
    }
    if plain != name {
        return Err(format!(
            "write the name with ordinary letters and digits: {plain} (no fullwidth, \
             mathematical or other special forms)"
        ));
    }
    let letters: String = name
        .chars()
        .filter(|&c| !matches!(c, ' ' | '-' | '_' | '.'))
        .collect();
    match letters.detect_restriction_level() {
        RestrictionLevel::ASCIIOnly
        | RestrictionLevel::SingleScript
        | RestrictionLevel::HighlyRestrictive => {}
        _ => {
            return Err(
                "a name is written in one script (or Latin with Chinese, Japanese or Korean): \
                 mixed scripts can pass for another name"
                    .to_owned(),
            );
        }
    }
    let mut marks = 0;
    for c in name.chars() {
        if unicode_normalization::char::is_combining_mark(c) {
            marks += 1;
            if marks > MARKS_MAX {
                return Err(format!(
                    "a name puts at most {MARKS_MAX} marks on one letter"
                ));
            }
        } else {
            marks = 0;
        }
    }
    Ok(name)
}

/// How many hex digits of a player's id their tag shows: 8, so that making a player shown
/// exactly as another (the same name and tag) takes about four billion tries (2^32) — the
/// audit that set this found such a twin of a 4-digit tag among 37,216 new players.
pub const TAG_DIGITS: usize = 8;

/// The tag shown after a player's name: the first [`TAG_DIGITS`] hex digits of its id.
pub fn tag(id: &str) -> &str {
    id.get(..TAG_DIGITS).unwrap_or(id)
}

/// A player as everyone sees them: `Ana#1f0c`.
pub fn shown_name(name: &str, id: &str) -> String {
    format!("{name}#{}", tag(id))
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

    /// The audit's lookalikes: each of these was accepted and shown as (or as nearly) `Ana`,
    /// or as nothing.
    #[test]
    fn names_that_pass_for_others_or_show_as_nothing_are_refused_with_a_reason() {
        for (bad, says) in [
            // Cyrillic А and а in a Latin name.
            ("\u{410}n\u{430}", "one script"),
            // Fullwidth and mathematical bold letters.
            (
                "\u{ff21}\u{ff4e}\u{ff41}",
                "ordinary letters and digits: Ana",
            ),
            (
                "\u{1d400}\u{1d427}\u{1d41a}",
                "ordinary letters and digits: Ana",
            ),
            // Hangul filler letters only: a blank name.
            ("\u{3164}\u{3164}\u{3164}", "shows as nothing"),
            ("\u{115f}\u{1160}", "shows as nothing"),
            // An invisible joiner.
            ("An\u{34f}a", "shows as nothing"),
            // Marks stacked on one letter.
            ("\u{928}\u{902}\u{902}\u{902}\u{902}", "marks on one letter"),
        ] {
            let refused = check_name(bad).expect_err(bad);
            assert!(refused.contains(says), "{bad:?}: {refused}");
        }
        // Names in one script, accents typed either way, and Latin with Japanese, are names.
        for good in [
            "Ana",
            "Анна",
            "Ελένη",
            "José",
            "Jose\u{0301}",
            "山田 太郎",
            "Taro 山田",
            "محمد",
            "김민준",
            "नमस्ते",
        ] {
            assert!(check_name(good).is_ok(), "{good:?}: {:?}", check_name(good));
        }
        // Stored composed: an accent typed as a mark is the same name as the letter with it.
        assert_eq!(check_name("Jose\u{0301}").as_deref(), Ok("José"));
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
