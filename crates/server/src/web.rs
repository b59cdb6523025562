//! The browser front end, embedded: `build.rs` bundles `web/` into `OUT_DIR/web` and this
//! module serves it. Every front-end path (`/`, `/game/ID`, `/join/ID`, `/watch/ID`) gets the
//! same `index.html`, which routes in the browser; `/assets/app.{js,css}` are served gzipped
//! when the browser accepts it, and cached for good (the page names them with a content hash).

use axum::http::{header, HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};

macro_rules! asset {
    ($name:literal) => {
        (
            include_bytes!(concat!(env!("OUT_DIR"), "/web/", $name)).as_slice(),
            include_bytes!(concat!(env!("OUT_DIR"), "/web/", $name, ".gz")).as_slice(),
        )
    };
}

static INDEX: (&[u8], &[u8]) = asset!("index.html");
static APP_JS: (&[u8], &[u8]) = asset!("app.js");
static APP_CSS: (&[u8], &[u8]) = asset!("app.css");

fn accepts_gzip(headers: &HeaderMap) -> bool {
    headers
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|enc| {
            let mut parts = enc.split(';');
            let name = parts.next().unwrap_or("").trim();
            let refused = parts.any(|p| matches!(p.trim(), "q=0" | "q=0.0" | "q=0.00" | "q=0.000"));
            (name == "gzip" || name == "*") && !refused
        })
}

fn serve(
    headers: &HeaderMap,
    (plain, gz): (&'static [u8], &'static [u8]),
    kind: &'static str,
    cache: &'static str,
) -> Response {
    let mut resp = if accepts_gzip(headers) {
        let mut r = gz.into_response();
        r.headers_mut()
            .insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
        r
    } else {
        plain.into_response()
    };
    let h = resp.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    h.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    resp
}

/// The page for every front-end path.
pub async fn index(headers: HeaderMap) -> Response {
    serve(&headers, INDEX, "text/html; charset=utf-8", "no-cache")
}

pub async fn app_js(headers: HeaderMap) -> Response {
    serve(
        &headers,
        APP_JS,
        "text/javascript; charset=utf-8",
        "public, max-age=31536000, immutable",
    )
}

pub async fn app_css(headers: HeaderMap) -> Response {
    serve(
        &headers,
        APP_CSS,
        "text/css; charset=utf-8",
        "public, max-age=31536000, immutable",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(enc: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(header::ACCEPT_ENCODING, HeaderValue::from_str(enc).unwrap());
        h
    }

    #[test]
    fn gzip_is_sent_only_to_browsers_that_accept_it() {
        assert!(accepts_gzip(&with("gzip, deflate, br")));
        assert!(accepts_gzip(&with("br;q=1.0, gzip;q=0.8")));
        assert!(!accepts_gzip(&with("gzip;q=0")));
        assert!(!accepts_gzip(&with("br")));
        assert!(!accepts_gzip(&HeaderMap::new()));
    }

    #[test]
    fn the_embedded_page_names_its_hashed_assets() {
        let page = std::str::from_utf8(INDEX.0).unwrap();
        assert!(page.contains("/assets/app.js?v="), "{page}");
        assert!(page.contains("/assets/app.css?v="), "{page}");
        assert!(APP_JS.0.len() > 1000 && APP_JS.1.len() < APP_JS.0.len());
    }
}
