//! JSON errors for requests that never reach a handler. When a request cannot
//! even be parsed — a URL over 64 KiB (414), a header block over ~400 KiB
//! (431), a malformed request line or header (400) — hyper answers by itself
//! with an empty body. The connections the server accepts are wrapped so that
//! such an automatic answer goes out as the documented JSON error instead
//! (`uri_too_long`, `headers_too_large`, `bad_request`).

use axum::serve::Listener;
use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::task::{Context, Poll};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};

/// A TCP listener whose connections answer parse errors in JSON.
pub struct JsonErrorListener(pub TcpListener);

impl Listener for JsonErrorListener {
    type Io = JsonErrors<TcpStream>;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Self::Io, Self::Addr) {
        let (io, addr) = Listener::accept(&mut self.0).await;
        (
            JsonErrors {
                inner: io,
                pending: None,
            },
            addr,
        )
    }

    fn local_addr(&self) -> io::Result<SocketAddr> {
        self.0.local_addr()
    }
}

/// A connection that rewrites hyper's automatic, empty error answers.
pub struct JsonErrors<T> {
    inner: T,
    /// A rewritten answer being written, and how much of it is written.
    pending: Option<(Vec<u8>, usize, usize)>,
}

/// The JSON answer for hyper's automatic answer `head`, if it is one.
fn rewrite(head: &[u8]) -> Option<Vec<u8>> {
    let text = std::str::from_utf8(head).ok()?;
    let rest = text.strip_prefix("HTTP/1.1 ")?;
    let (status, code, message) = match rest.get(..4)? {
        "414 " => (
            "414 URI Too Long",
            "uri_too_long",
            "the URL is longer than 64 KiB",
        ),
        "431 " => (
            "431 Request Header Fields Too Large",
            "headers_too_large",
            "the request's header block is too large",
        ),
        "400 " => (
            "400 Bad Request",
            "bad_request",
            "the request is not valid HTTP/1.1",
        ),
        _ => return None,
    };
    // Only hyper's own answers: a head with no body.
    let lower = text.to_ascii_lowercase();
    if !lower.contains("\r\ncontent-length: 0\r\n") || !text.ends_with("\r\n\r\n") {
        return None;
    }
    let body = format!("{{\"error\":\"{code}\",\"message\":\"{message}\"}}");
    Some(
        format!(
            "HTTP/1.1 {status}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\
             connection: close\r\n\r\n{body}",
            body.len()
        )
        .into_bytes(),
    )
}

impl<T: AsyncRead + Unpin> AsyncRead for JsonErrors<T> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for JsonErrors<T> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = &mut *self;
        if this.pending.is_none() {
            match rewrite(buf) {
                None => return Pin::new(&mut this.inner).poll_write(cx, buf),
                Some(answer) => this.pending = Some((answer, 0, buf.len())),
            }
        }
        // Write the whole rewritten answer, then report the original as written.
        while let Some((answer, done, original)) = &mut this.pending {
            if *done == answer.len() {
                let n = *original;
                this.pending = None;
                return Poll::Ready(Ok(n));
            }
            match Pin::new(&mut this.inner).poll_write(cx, &answer[*done..]) {
                Poll::Ready(Ok(0)) => {
                    return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
                }
                Poll::Ready(Ok(n)) => *done += n,
                Poll::Ready(Err(e)) => return Poll::Ready(Err(e)),
                Poll::Pending => return Poll::Pending,
            }
        }
        Poll::Ready(Ok(0))
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }

    // Not vectored: hyper then writes a whole head in one call, which is what
    // `rewrite` needs to see.
    fn is_write_vectored(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::rewrite;

    #[test]
    fn only_hypers_empty_automatic_answers_are_rewritten() {
        let head =
            b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\ndate: x\r\n\r\n";
        let out = String::from_utf8(rewrite(head).expect("rewritten")).expect("text");
        assert!(out.starts_with("HTTP/1.1 431 "));
        assert!(out.ends_with("{\"error\":\"headers_too_large\",\"message\":\"the request's header block is too large\"}"));
        // Our own JSON answers have bodies and stay as they are.
        let ours = b"HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\ncontent-length: 30\r\n\r\n";
        assert!(rewrite(ours).is_none());
        assert!(rewrite(b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n").is_none());
    }
}
