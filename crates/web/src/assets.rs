//! The page's files as the server sends them: compressed once, at first use, with brotli and
//! gzip for browsers that accept them, and each with an `ETag` (a hash of its bytes), so that
//! a browser that has it already gets 304 and no body. `Cache-Control: no-cache` makes the
//! browser ask each time, so a new version of the page is seen at once.

use std::fmt::Write as _;
use std::io::Write as _;
use std::sync::LazyLock;

use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};

/// One file of the page, in every encoding sent.
pub struct Asset {
    content_type: &'static str,
    plain: &'static [u8],
    gzip: Vec<u8>,
    brotli: Vec<u8>,
    etag: String,
}

impl Asset {
    fn new(content_type: &'static str, text: &'static str) -> Self {
        let plain = text.as_bytes();
        let digest = Sha256::digest(plain);
        let mut etag = String::from("\"");
        for byte in &digest[..12] {
            let _ = write!(etag, "{byte:02x}");
        }
        etag.push('"');
        let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        // Writing to a Vec cannot fail.
        let gzip = gzip
            .write_all(plain)
            .and_then(|()| gzip.finish())
            .unwrap_or_default();
        let mut brotli = Vec::new();
        {
            let mut writer = brotli::CompressorWriter::new(&mut brotli, 4096, 11, 22);
            let _ = writer.write_all(plain);
        }
        Asset {
            content_type,
            plain,
            gzip,
            brotli,
            etag,
        }
    }

    /// The answer to a `GET` with these request headers: 304 when `If-None-Match` names this
    /// version, else the body in the best encoding the browser accepts.
    pub fn answer(&self, request: &HeaderMap) -> Response {
        let etag = HeaderValue::from_str(&self.etag).unwrap_or(HeaderValue::from_static("\"\""));
        let common = [
            (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
            (header::VARY, HeaderValue::from_static("Accept-Encoding")),
            (header::ETAG, etag),
        ];
        let known = request
            .get_all(header::IF_NONE_MATCH)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .any(|tag| tag.trim() == self.etag || tag.trim() == "*");
        if known {
            return (StatusCode::NOT_MODIFIED, common).into_response();
        }
        let content_type = (
            header::CONTENT_TYPE,
            HeaderValue::from_static(self.content_type),
        );
        let (encoding, body) = if accepts(request, "br") && !self.brotli.is_empty() {
            (Some("br"), self.brotli.clone())
        } else if accepts(request, "gzip") && !self.gzip.is_empty() {
            (Some("gzip"), self.gzip.clone())
        } else {
            (None, self.plain.to_vec())
        };
        match encoding {
            Some(coding) => (
                common,
                [
                    content_type,
                    (header::CONTENT_ENCODING, HeaderValue::from_static(coding)),
                ],
                body,
            )
                .into_response(),
            None => (common, [content_type], body).into_response(),
        }
    }

    /// The bytes sent to a browser accepting `coding` (`br`, `gzip`, or anything else: none).
    pub fn size(&self, coding: &str) -> usize {
        match coding {
            "br" => self.brotli.len(),
            "gzip" => self.gzip.len(),
            _ => self.plain.len(),
        }
    }
}

/// Whether `Accept-Encoding` names `coding` without `q=0`.
fn accepts(request: &HeaderMap, coding: &str) -> bool {
    request
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|item| {
            let mut parts = item.split(';').map(str::trim);
            let name = parts.next().unwrap_or("");
            let refused = parts.any(|p| {
                p.strip_prefix("q=")
                    .and_then(|q| q.parse::<f32>().ok())
                    .is_some_and(|q| q <= 0.0)
            });
            name.eq_ignore_ascii_case(coding) && !refused
        })
}

/// The page.
pub static INDEX_HTML: LazyLock<Asset> = LazyLock::new(|| {
    Asset::new(
        "text/html; charset=utf-8",
        include_str!("../assets/index.html"),
    )
});
/// The page's script: ES modules by concept, served as they are under `/js/`.
pub static SCRIPTS: LazyLock<Vec<(&'static str, Asset)>> = LazyLock::new(|| {
    macro_rules! module {
        ($name:literal) => {
            (
                $name,
                Asset::new(
                    "text/javascript; charset=utf-8",
                    include_str!(concat!("../assets/js/", $name)),
                ),
            )
        };
    }
    vec![
        module!("main.js"),
        module!("dom.js"),
        module!("state.js"),
        module!("render.js"),
        module!("gestures.js"),
        module!("connection.js"),
        module!("legal.js"),
        module!("pointing.js"),
        module!("board.js"),
        module!("choices.js"),
        module!("pieces.js"),
        module!("panels.js"),
        module!("claim.js"),
        module!("analysis.js"),
        module!("settings.js"),
        module!("player.js"),
        module!("site.js"),
        module!("profile.js"),
        module!("clocks.js"),
        module!("lobby.js"),
        module!("puzzle.js"),
        module!("options.js"),
        module!("view.js"),
        module!("setup.js"),
        module!("miniature.js"),
        module!("words.js"),
    ]
});

/// The module of the page's script named `name` (`main.js`), if there is one.
pub fn script(name: &str) -> Option<&'static Asset> {
    SCRIPTS.iter().find(|(n, _)| *n == name).map(|(_, a)| a)
}
/// The page's style sheet.
pub static APP_CSS: LazyLock<Asset> =
    LazyLock::new(|| Asset::new("text/css; charset=utf-8", include_str!("../assets/app.css")));
/// The page's icon.
pub static FAVICON: LazyLock<Asset> =
    LazyLock::new(|| Asset::new("image/svg+xml", include_str!("../assets/favicon.svg")));

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(header::HeaderName, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(name, HeaderValue::from_str(value).expect("a header value"));
        }
        map
    }

    #[test]
    fn encodings_are_chosen_from_accept_encoding() {
        assert!(accepts(
            &headers(&[(header::ACCEPT_ENCODING, "gzip, deflate, br, zstd")]),
            "br"
        ));
        assert!(!accepts(
            &headers(&[(header::ACCEPT_ENCODING, "gzip, br;q=0")]),
            "br"
        ));
        assert!(accepts(
            &headers(&[(header::ACCEPT_ENCODING, "GZIP;q=0.5")]),
            "gzip"
        ));
        assert!(!accepts(&headers(&[]), "gzip"));
    }

    #[test]
    fn compressed_forms_decompress_to_the_file() {
        use std::io::Read as _;
        let asset = script("board.js").expect("the board's module");
        let mut text = String::new();
        flate2::read::GzDecoder::new(asset.gzip.as_slice())
            .read_to_string(&mut text)
            .expect("gzip");
        assert_eq!(text.as_bytes(), asset.plain);
        let mut text = String::new();
        brotli::Decompressor::new(asset.brotli.as_slice(), 4096)
            .read_to_string(&mut text)
            .expect("brotli");
        assert_eq!(text.as_bytes(), asset.plain);
        assert!(asset.size("br") < asset.size("gzip") && asset.size("gzip") < asset.size(""));
    }
}
