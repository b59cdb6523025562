//! The browser front end, embedded: `build.rs` bundles `web/` into `OUT_DIR/web` and this
//! module serves it. Every front-end path (`/`, `/game/ID`, `/join/ID`, `/watch/ID`, `/games`,
//! `/settings`) gets the same `index.html`, which routes in the browser; `/assets/app.{js,css}`
//! and the message catalogues `/assets/i18n-{en,zh-CN,zh-TW}.json` (the page fetches only its
//! language's; the endgame trainer's script `/assets/learn.js` and words
//! `/assets/i18n-eg-<lang>.json` only when a trainer page opens) are served gzipped when the browser accepts it, and cached for good (the page
//! names them with a content hash). `/sw.js` (the service worker, never cached by HTTP so an update is
//! seen at once) and `/manifest.webmanifest` make the app open offline. Any other path that is
//! not the API's gets the same page with status 404 (the page then says "not found" in the
//! reader's language); `/api/*` keeps its JSON errors.
//!
//! The engine in the browser: `/assets/engine.wasm` (guoxiang-wasm, `application/wasm`) and
//! `/assets/engine-worker.js` (its Web Worker), gzipped when accepted and cached for good
//! (learn.js names them with a content hash); fetched only by the pages that analyse. A
//! server built without the wasm32 target has no engine: both answer 404. They are routed
//! with the catalogues ([`catalogue_paths`], [`catalogue`]): named files under `/assets/`.

use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};

macro_rules! asset {
    ($name:literal) => {
        (
            include_bytes!(concat!(env!("OUT_DIR"), "/web/", $name)).as_slice(),
            include_bytes!(concat!(env!("OUT_DIR"), "/web/", $name, ".gz")).as_slice(),
        )
    };
}

/// One built file: its bytes, and the same gzipped.
type Asset = (&'static [u8], &'static [u8]);

static INDEX: (&[u8], &[u8]) = asset!("index.html");
static APP_JS: (&[u8], &[u8]) = asset!("app.js");
static APP_CSS: (&[u8], &[u8]) = asset!("app.css");
static SW_JS: (&[u8], &[u8]) = asset!("sw.js");
static MANIFEST: (&[u8], &[u8]) = asset!("manifest.webmanifest");
/// The message catalogues, by their path under `/assets/`.
static CATALOGUES: [(&str, Asset); 3] = [
    ("i18n-en.json", asset!("i18n-en.json")),
    ("i18n-zh-CN.json", asset!("i18n-zh-CN.json")),
    ("i18n-zh-TW.json", asset!("i18n-zh-TW.json")),
];
/// The endgame trainer's words (the `ui.eg.*` keys), fetched with `learn.js`; named by the app's
/// script, not by the page.
static LEARN_CATALOGUES: [(&str, Asset); 3] = [
    ("i18n-eg-en.json", asset!("i18n-eg-en.json")),
    ("i18n-eg-zh-CN.json", asset!("i18n-eg-zh-CN.json")),
    ("i18n-eg-zh-TW.json", asset!("i18n-eg-zh-TW.json")),
];
/// The openings' names (the `opening.*` keys), fetched when a page first names an opening;
/// named by the app's script.
static OPENING_CATALOGUES: [(&str, Asset); 3] = [
    ("i18n-op-en.json", asset!("i18n-op-en.json")),
    ("i18n-op-zh-CN.json", asset!("i18n-op-zh-CN.json")),
    ("i18n-op-zh-TW.json", asset!("i18n-op-zh-TW.json")),
];
/// The endgame trainer's script, loaded by the app when a reader opens `/learn/endgames`.
static LEARN_JS: (&[u8], &[u8]) = asset!("learn.js");
/// The engine in the browser, by path under `/assets/`, with its content type; empty when
/// the server was built without it.
static ENGINE: [(&str, Asset, &str); 2] = [
    ("engine.wasm", asset!("engine.wasm"), "application/wasm"),
    (
        "engine-worker.js",
        asset!("engine-worker.js"),
        "text/javascript; charset=utf-8",
    ),
];

/// The paths the catalogues are served at (`/assets/i18n-<lang>.json`), and the engine's
/// (`/assets/engine.wasm`, `/assets/engine-worker.js`), for the router.
pub fn catalogue_paths() -> impl Iterator<Item = String> {
    CATALOGUES
        .iter()
        .chain(&LEARN_CATALOGUES)
        .chain(&OPENING_CATALOGUES)
        .map(|(name, _)| format!("/assets/{name}"))
        .chain(ENGINE.iter().map(|(name, _, _)| format!("/assets/{name}")))
}

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

/// `/sw.js`: the service worker. `no-cache`, so that the browser checks for a new one on
/// every visit (it names the assets of the build it caches).
pub async fn sw_js(headers: HeaderMap) -> Response {
    serve(
        &headers,
        SW_JS,
        "text/javascript; charset=utf-8",
        "no-cache",
    )
}

/// `/manifest.webmanifest`: the app's name, colours and start page.
pub async fn manifest(headers: HeaderMap) -> Response {
    serve(
        &headers,
        MANIFEST,
        "application/manifest+json; charset=utf-8",
        "no-cache",
    )
}

/// Whether `path` belongs to the API (or the metrics), whose refusals are JSON.
fn is_api(path: &str) -> bool {
    path == "/api" || path.starts_with("/api/") || path == "/metrics"
}

/// Any path no route knows: the API's JSON 404 under `/api` (and for methods other than GET
/// and HEAD), else the app's page with status 404, which shows "not found" in the reader's
/// language with a link home.
pub async fn fallback(method: Method, uri: Uri, headers: HeaderMap) -> Response {
    if is_api(uri.path()) || (method != Method::GET && method != Method::HEAD) {
        return crate::http::not_found().await.into_response();
    }
    let mut resp = index(headers).await;
    *resp.status_mut() = StatusCode::NOT_FOUND;
    resp
}

pub async fn app_js(headers: HeaderMap) -> Response {
    serve(
        &headers,
        APP_JS,
        "text/javascript; charset=utf-8",
        "public, max-age=31536000, immutable",
    )
}

/// `/assets/learn.js`: the endgame trainer, fetched only when a trainer page opens.
pub async fn learn_js(headers: HeaderMap) -> Response {
    serve(
        &headers,
        LEARN_JS,
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

/// `/assets/i18n-<lang>.json`: one language's messages (the page names it with a content hash);
/// also the engine's two files.
pub async fn catalogue(uri: Uri, headers: HeaderMap) -> Response {
    let name = uri.path().trim_start_matches("/assets/");
    if let Some((_, bytes, kind)) = ENGINE.iter().find(|(n, _, _)| *n == name) {
        // No module, no engine: the worker alone would be of no use.
        let (_, (module, _), _) = ENGINE[0];
        if module.is_empty() {
            return crate::http::not_found().await.into_response();
        }
        return serve(
            &headers,
            *bytes,
            kind,
            "public, max-age=31536000, immutable",
        );
    }
    match CATALOGUES
        .iter()
        .chain(&LEARN_CATALOGUES)
        .chain(&OPENING_CATALOGUES)
        .find(|(n, _)| *n == name)
    {
        Some((_, bytes)) => serve(
            &headers,
            *bytes,
            "application/json; charset=utf-8",
            "public, max-age=31536000, immutable",
        ),
        None => crate::http::not_found().await.into_response(),
    }
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

    #[test]
    fn the_service_worker_caches_the_hashed_assets_of_this_build() {
        let sw = std::str::from_utf8(SW_JS.0).unwrap();
        let page = std::str::from_utf8(INDEX.0).unwrap();
        let js = page
            .split('"')
            .find(|s| s.starts_with("/assets/app.js?v="))
            .expect("the page names its script");
        assert!(sw.contains(js), "{sw}");
        for (name, _) in &CATALOGUES {
            let url = page
                .split('"')
                .find(|s| s.starts_with(&format!("/assets/{name}?v=")))
                .unwrap_or_else(|| panic!("the page names {name}: {page}"));
            assert!(sw.contains(url), "the worker caches {url}: {sw}");
        }
        assert!(std::str::from_utf8(MANIFEST.0)
            .unwrap()
            .contains("\"start_url\""));
    }

    #[tokio::test]
    async fn each_catalogue_is_its_own_cacheable_gzipped_asset() {
        for (name, (plain, gz)) in &CATALOGUES {
            let uri: Uri = format!("/assets/{name}").parse().unwrap();
            let resp = catalogue(uri, with("gzip")).await;
            assert_eq!(resp.status(), StatusCode::OK, "{name}");
            assert_eq!(resp.headers()[header::CONTENT_ENCODING], "gzip");
            assert_eq!(
                resp.headers()[header::CACHE_CONTROL],
                "public, max-age=31536000, immutable"
            );
            assert!(gz.len() < plain.len(), "{name}");
            let messages: serde_json::Value = serde_json::from_slice(plain).unwrap();
            assert!(messages["ui.title"].is_string(), "{name}");
        }
        let uri = Uri::from_static("/assets/i18n-fr.json");
        assert_eq!(
            catalogue(uri, HeaderMap::new()).await.status(),
            StatusCode::NOT_FOUND
        );
    }

    #[tokio::test]
    async fn the_openings_names_are_their_own_assets_named_by_the_app_script() {
        let app = std::str::from_utf8(APP_JS.0).unwrap();
        let sw = std::str::from_utf8(SW_JS.0).unwrap();
        for (name, (plain, _)) in &OPENING_CATALOGUES {
            assert!(app.contains(&format!("/assets/{name}?v=")), "{name}");
            assert!(
                sw.contains(&format!("/assets/{name}?v=")),
                "{name} cached offline"
            );
            let uri: Uri = format!("/assets/{name}").parse().unwrap();
            assert_eq!(catalogue(uri, with("gzip")).await.status(), StatusCode::OK);
            let messages: serde_json::Value = serde_json::from_slice(plain).unwrap();
            assert!(messages["opening.italian_game"].is_string(), "{name}");
            let lang = name
                .trim_start_matches("i18n-op-")
                .trim_end_matches(".json");
            let source = format!(
                "{}/../i18n/catalogue/{lang}.json",
                env!("CARGO_MANIFEST_DIR")
            );
            let every: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(&source).unwrap()).unwrap();
            let openings = every
                .as_object()
                .unwrap()
                .keys()
                .filter(|k| k.starts_with("opening."));
            assert_eq!(
                messages.as_object().unwrap().len(),
                openings.count(),
                "{name}: every opening, nothing else"
            );
        }
        for (name, (plain, _)) in &CATALOGUES {
            let messages: serde_json::Value = serde_json::from_slice(plain).unwrap();
            assert!(
                messages["opening.italian_game"].is_null(),
                "{name} leaves the openings out"
            );
        }
    }

    #[tokio::test]
    async fn the_trainer_and_its_words_are_assets_named_by_the_app_script() {
        let app = std::str::from_utf8(APP_JS.0).unwrap();
        assert!(
            app.contains("/assets/learn.js?v="),
            "the app names learn.js"
        );
        let resp = learn_js(with("gzip")).await;
        assert_eq!(resp.status(), StatusCode::OK);
        assert_eq!(resp.headers()[header::CONTENT_ENCODING], "gzip");
        assert!(LEARN_JS.0.len() > 1000 && LEARN_JS.1.len() < LEARN_JS.0.len());
        for (name, (plain, _)) in &LEARN_CATALOGUES {
            assert!(app.contains(&format!("/assets/{name}?v=")), "{name}");
            let uri: Uri = format!("/assets/{name}").parse().unwrap();
            assert_eq!(catalogue(uri, with("gzip")).await.status(), StatusCode::OK);
            let messages: serde_json::Value = serde_json::from_slice(plain).unwrap();
            assert!(messages["ui.eg.title"].is_string(), "{name}");
            assert!(
                messages["ui.title"].is_null(),
                "{name} holds only the trainer's words"
            );
        }
    }

    #[tokio::test]
    async fn the_engine_is_served_as_wasm_gzipped_when_built() {
        let (name, (plain, gz), _) = ENGINE[0];
        let uri: Uri = format!("/assets/{name}").parse().unwrap();
        let resp = catalogue(uri.clone(), with("gzip")).await;
        if plain.is_empty() {
            // Built without the wasm32 target: no engine, and the page is told so.
            assert_eq!(resp.status(), StatusCode::NOT_FOUND);
            return;
        }
        assert_eq!(resp.status(), StatusCode::OK);
        assert_eq!(resp.headers()[header::CONTENT_TYPE], "application/wasm");
        assert_eq!(resp.headers()[header::CONTENT_ENCODING], "gzip");
        assert!(plain.starts_with(b"\0asm") && gz.len() < plain.len());
        let resp = catalogue(uri, HeaderMap::new()).await;
        assert!(resp.headers().get(header::CONTENT_ENCODING).is_none());
        let worker = catalogue(Uri::from_static("/assets/engine-worker.js"), with("gzip")).await;
        assert_eq!(worker.status(), StatusCode::OK);
        assert_eq!(
            worker.headers()[header::CONTENT_TYPE],
            "text/javascript; charset=utf-8"
        );
    }

    async fn body_of(resp: Response) -> String {
        let bytes = axum::body::to_bytes(resp.into_body(), 1 << 24)
            .await
            .unwrap();
        String::from_utf8(bytes.to_vec()).unwrap()
    }

    #[tokio::test]
    async fn an_unknown_page_gets_the_app_with_status_404() {
        let resp = fallback(Method::GET, Uri::from_static("/puzzles"), HeaderMap::new()).await;
        assert_eq!(resp.status(), StatusCode::NOT_FOUND);
        assert_eq!(
            resp.headers()[header::CONTENT_TYPE],
            "text/html; charset=utf-8"
        );
        assert!(body_of(resp).await.contains("/assets/app.js?v="));
    }

    #[tokio::test]
    async fn an_unknown_api_path_keeps_its_json_error() {
        for (method, path) in [
            (Method::GET, "/api/nothing"),
            (Method::GET, "/api"),
            (Method::POST, "/puzzles"),
        ] {
            let resp = fallback(method, Uri::from_static(path), HeaderMap::new()).await;
            assert_eq!(resp.status(), StatusCode::NOT_FOUND, "{path}");
            assert!(body_of(resp).await.contains("\"not_found\""), "{path}");
        }
    }
}
