//! A small HTTP/1.1 client that keeps the session cookies and sends the CSRF
//! header as the web page does: for the tests of every part that needs a
//! signed-in user (accounts, games between accounts, lobby, tournaments) and
//! for load tools. One connection per request (`Connection: close`).
//!
//! ```no_run
//! # async fn f(addr: std::net::SocketAddr) {
//! use guoxiang_server::accounts::client::Client;
//! let mut alice = Client::new(addr);
//! let (status, me) = alice.signup("alice", "a long password").await;
//! assert_eq!(status, 201, "{me}");
//! let (status, _) = alice.json("GET", "/api/account", None).await;
//! assert_eq!(status, 200);
//! # }
//! ```

use serde_json::Value;
use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// An answer: status, headers (names in lower case, in order) and body.
#[derive(Debug, Clone)]
pub struct Answer {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Answer {
    /// The first header `name` (lower case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// Every `Set-Cookie` header.
    pub fn set_cookies(&self) -> Vec<&str> {
        self.headers
            .iter()
            .filter(|(k, _)| k == "set-cookie")
            .map(|(_, v)| v.as_str())
            .collect()
    }

    /// The body as JSON (`Null` when it is not JSON).
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or(Value::Null)
    }
}

/// A browser-like client: its cookies, sent with every request; `x-csrf-token`
/// repeats `gx_csrf` on every request but GET.
#[derive(Debug, Clone)]
pub struct Client {
    pub addr: SocketAddr,
    pub cookies: BTreeMap<String, String>,
    /// Extra headers sent with every request (`X-Forwarded-Proto`, …).
    pub extra: Vec<(String, String)>,
}

impl Client {
    pub fn new(addr: SocketAddr) -> Client {
        Client {
            addr,
            cookies: BTreeMap::new(),
            extra: Vec::new(),
        }
    }

    /// Signs up `name`; the answer's status and body.
    pub async fn signup(&mut self, name: &str, password: &str) -> (u16, Value) {
        let body = serde_json::json!({"name": name, "password": password});
        self.json("POST", "/api/account/signup", Some(body)).await
    }

    /// Logs in as `name`; the answer's status and body.
    pub async fn login(&mut self, name: &str, password: &str) -> (u16, Value) {
        let body = serde_json::json!({"name": name, "password": password});
        self.json("POST", "/api/account/login", Some(body)).await
    }

    /// A request with a JSON body (or none): status and JSON answer.
    pub async fn json(&mut self, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
        let text = body.map(|b| b.to_string());
        let a = self.send(method, path, text.as_deref(), &[]).await;
        (a.status, a.json())
    }

    /// A request; `headers` are added as given. Keeps the cookies the answer sets
    /// (an empty value removes one).
    pub async fn send(
        &mut self,
        method: &str,
        path: &str,
        body: Option<&str>,
        headers: &[(&str, &str)],
    ) -> Answer {
        let mut head = format!("{method} {path} HTTP/1.1\r\nHost: test\r\nConnection: close\r\n");
        if !self.cookies.is_empty() {
            let c: Vec<String> = self
                .cookies
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect();
            head.push_str(&format!("Cookie: {}\r\n", c.join("; ")));
        }
        if method != "GET"
            && !headers
                .iter()
                .any(|(k, _)| k.eq_ignore_ascii_case("x-csrf-token"))
        {
            if let Some(c) = self.cookies.get("gx_csrf") {
                head.push_str(&format!("x-csrf-token: {c}\r\n"));
            }
        }
        for (k, v) in self
            .extra
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .chain(headers.iter().copied())
        {
            head.push_str(&format!("{k}: {v}\r\n"));
        }
        let body = body.unwrap_or("");
        head.push_str(&format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        ));
        let a = exchange(self.addr, head).await;
        for c in a.set_cookies() {
            let pair = c.split(';').next().unwrap_or("");
            if let Some((k, v)) = pair.split_once('=') {
                if v.is_empty() {
                    self.cookies.remove(k.trim());
                } else {
                    self.cookies
                        .insert(k.trim().to_string(), v.trim().to_string());
                }
            }
        }
        a
    }
}

/// Sends `request` and reads the whole answer (status 0 when the server could
/// not be reached or answered nonsense within 30 s).
async fn exchange(addr: SocketAddr, request: String) -> Answer {
    let failed = || Answer {
        status: 0,
        headers: Vec::new(),
        body: String::new(),
    };
    let fut = async {
        let mut s = TcpStream::connect(addr).await.ok()?;
        s.write_all(request.as_bytes()).await.ok()?;
        let mut buf = Vec::new();
        s.read_to_end(&mut buf).await.ok()?;
        let text = String::from_utf8_lossy(&buf).to_string();
        let (head, rest) = text.split_once("\r\n\r\n")?;
        let mut lines = head.split("\r\n");
        let status = lines.next()?.split(' ').nth(1)?.parse().ok()?;
        let headers: Vec<(String, String)> = lines
            .filter_map(|l| l.split_once(':'))
            .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
            .collect();
        let chunked = headers
            .iter()
            .any(|(k, v)| k == "transfer-encoding" && v.contains("chunked"));
        let body = if chunked {
            dechunk(rest)
        } else {
            rest.to_string()
        };
        Some(Answer {
            status,
            headers,
            body,
        })
    };
    tokio::time::timeout(Duration::from_secs(30), fut)
        .await
        .ok()
        .flatten()
        .unwrap_or_else(failed)
}

fn dechunk(mut s: &str) -> String {
    let mut out = String::new();
    while let Some((len, rest)) = s.split_once("\r\n") {
        let n = usize::from_str_radix(len.trim(), 16).unwrap_or(0);
        if n == 0 || rest.len() < n {
            break;
        }
        out.push_str(&rest[..n]);
        s = rest[n..].trim_start_matches("\r\n");
    }
    out
}
