//! Forwarding a game's requests to the process that runs it (issue 20): with
//! several processes behind a proxy, any request about game `id`
//! (`/api/games/{id}/…`, its WebSocket too) may reach any process. One that does
//! not run the game, while another live process holds its lease, relays the
//! request there over HTTP/1.1 and relays the answer back; a WebSocket upgrade
//! answered `101` becomes a byte tunnel between the two connections, so the
//! socket's messages keep their order. A relayed request carries
//! `x-guoxiang-forwarded` and is never relayed again: the owner serves it (or,
//! if it lost the game meanwhile, takes the usual path); it also carries the
//! client in `X-Forwarded-For`, this process's peer appended as a proxy does. When no live process
//! holds the game, this process takes it over ([`super::claim`]).

use crate::http::error::ApiError;
use crate::store::unix_ms;
use crate::AppState;
use axum::body::Body;
use axum::extract::{ConnectInfo, Request, State};

use axum::http::{header, HeaderValue, Uri};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use hyper_util::rt::TokioIo;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

/// Marks a request relayed from another process.
pub const FORWARDED: &str = "x-guoxiang-forwarded";
/// How long a relay may take to connect to the owner.
const CONNECT_MS: u64 = 2_000;
/// The header in which proxies name the client.
const X_FORWARDED_FOR: &str = "x-forwarded-for";

/// The middleware: relays a game's request to its owner when that is another process.
pub async fn forward(State(app): State<Arc<AppState>>, req: Request, next: Next) -> Response {
    let Some(cluster) = app.ctx.cluster.clone() else {
        return next.run(req).await;
    };
    let Some(id) = game_id(req.uri().path()) else {
        return next.run(req).await;
    };
    if req.headers().contains_key(FORWARDED) || app.ctx.registry.get(id).is_some() {
        return next.run(req).await;
    }
    let lease = match app.ctx.store.lease(id).await {
        Ok(Some(l)) if l.owner != cluster.owner && l.expires_at >= unix_ms() => l,
        _ => return next.run(req).await,
    };
    match relay(req, &lease.addr).await {
        Ok(resp) => resp,
        Err(why) => {
            tracing::warn!(game = %lease.game, owner = %lease.addr, error = %why, "relay failed");
            ApiError::unavailable(format!(
                "the server process that runs game {} did not answer ({why}); try again",
                lease.game
            ))
            .into_response()
        }
    }
}

/// The game id of a path under `/api/games/{id}`, if any.
fn game_id(path: &str) -> Option<&str> {
    let rest = path.strip_prefix("/api/games/")?;
    let id = rest.split('/').next()?;
    (!id.is_empty() && id != "mine").then_some(id)
}

/// `X-Forwarded-For` as relayed: the list received (several headers joined in
/// order) and the address this process was reached from, as any proxy appends it
/// — so the owner, trusting this process (`--trust-proxy`), counts the request
/// under the same client ([`crate::http::client_ip`]).
fn forwarded_for(req: &Request) -> Option<HeaderValue> {
    let ConnectInfo(peer) = req.extensions().get::<ConnectInfo<SocketAddr>>()?;
    let mut list: Vec<&str> = req
        .headers()
        .get_all(X_FORWARDED_FOR)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .collect();
    let peer = peer.ip().to_canonical().to_string();
    list.push(&peer);
    HeaderValue::from_str(&list.join(", ")).ok()
}

fn is_upgrade(req: &Request) -> bool {
    req.headers()
        .get(header::CONNECTION)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.to_ascii_lowercase().contains("upgrade"))
}

/// Sends `req` to the process at `addr` (`http://host:port`) and returns its answer.
async fn relay(mut req: Request, addr: &str) -> Result<Response, String> {
    let authority = addr
        .strip_prefix("http://")
        .ok_or_else(|| format!("not an http address: {addr}"))?;
    let connect = tokio::net::TcpStream::connect(authority);
    let stream = tokio::time::timeout(Duration::from_millis(CONNECT_MS), connect)
        .await
        .map_err(|_| "connection timed out".to_string())?
        .map_err(|e| e.to_string())?;
    let _ = stream.set_nodelay(true);
    let (mut sender, conn) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
        .await
        .map_err(|e| e.to_string())?;
    tokio::spawn(async move {
        let _ = conn.with_upgrades().await;
    });
    let incoming = is_upgrade(&req).then(|| hyper::upgrade::on(&mut req));
    let path = req
        .uri()
        .path_and_query()
        .map_or("/", |p| p.as_str())
        .to_string();
    *req.uri_mut() = Uri::try_from(path).map_err(|e| e.to_string())?;
    req.headers_mut()
        .insert(FORWARDED, HeaderValue::from_static("1"));
    if let Some(xff) = forwarded_for(&req) {
        req.headers_mut().insert(X_FORWARDED_FOR, xff);
    }
    let mut resp = sender.send_request(req).await.map_err(|e| e.to_string())?;
    if let Some(incoming) = incoming {
        if resp.status() == axum::http::StatusCode::SWITCHING_PROTOCOLS {
            let outgoing = hyper::upgrade::on(&mut resp);
            tokio::spawn(async move {
                if let (Ok(a), Ok(b)) = (incoming.await, outgoing.await) {
                    let (mut a, mut b) = (TokioIo::new(a), TokioIo::new(b));
                    let _ = tokio::io::copy_bidirectional(&mut a, &mut b).await;
                }
            });
        }
    }
    Ok(resp.map(Body::new))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_relayed_request_names_the_address_this_process_was_reached_from() {
        let mut req = Request::new(Body::empty());
        req.extensions_mut()
            .insert(ConnectInfo(SocketAddr::from(([127, 0, 0, 1], 40_000))));
        assert_eq!(
            forwarded_for(&req).expect("a value"),
            "127.0.0.1",
            "no header yet: the peer"
        );
        let h = req.headers_mut();
        h.append(X_FORWARDED_FOR, HeaderValue::from_static("203.0.113.4"));
        h.append(X_FORWARDED_FOR, HeaderValue::from_static("10.0.0.2"));
        assert_eq!(
            forwarded_for(&req).expect("a value"),
            "203.0.113.4, 10.0.0.2, 127.0.0.1"
        );
    }

    #[test]
    fn only_paths_of_one_game_are_relayed() {
        assert_eq!(game_id("/api/games/abc123"), Some("abc123"));
        assert_eq!(game_id("/api/games/abc123/ws"), Some("abc123"));
        assert_eq!(game_id("/api/games/abc123/actions"), Some("abc123"));
        assert_eq!(game_id("/api/games"), None);
        assert_eq!(game_id("/api/games/"), None);
        assert_eq!(game_id("/api/games/mine"), None);
        assert_eq!(game_id("/api/lobby"), None);
    }
}
