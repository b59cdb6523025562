//! What the command-line tests that talk to a running `guoxiang` over HTTP share.

use serde_json::Value;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

/// One request (`Connection: close`) to the server at `addr`, with the game
/// `secret` if any; the answer's body as JSON.
pub fn http(
    addr: &str,
    method: &str,
    path: &str,
    body: Option<Value>,
    secret: Option<&str>,
) -> Value {
    let mut s = TcpStream::connect(addr).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(30)))
        .expect("timeout");
    let body = body.map_or(String::new(), |b| b.to_string());
    let auth = secret.map_or(String::new(), |s| format!("Authorization: Bearer {s}\r\n"));
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: t\r\nConnection: close\r\n{auth}Content-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .expect("send");
    let mut text = String::new();
    s.read_to_string(&mut text).expect("read");
    let (_, body) = text.split_once("\r\n\r\n").expect("response");
    serde_json::from_str(body).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
}
