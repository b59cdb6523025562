//! The client's address, which the per-address rate limits count by (games
//! created, sign-ups and log-ins, puzzle moves, reviews). It is the TCP peer,
//! unless that peer is a trusted proxy (`--trust-proxy CIDR`, repeatable: the
//! proxy in front and, with several processes, the processes themselves, which
//! relay games to each other). Then `X-Forwarded-For` is read from the right —
//! each proxy appends the address it was reached from — skipping the trusted
//! hops: the first address that is not trusted is the client. An entry that is
//! not an address stops the walk (what lies left of it cannot be believed), and
//! so does the [`MAX_HOPS`]th. Without `--trust-proxy` the header is ignored, so
//! a client cannot choose the address it is counted under.

use crate::http::error::ApiError;
use crate::AppState;
use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use axum::http::HeaderMap;
use std::net::{IpAddr, SocketAddr};
use std::str::FromStr;
use std::sync::Arc;

/// The most `X-Forwarded-For` entries read (from the right).
pub const MAX_HOPS: usize = 16;

/// A block of addresses, `10.0.0.0/8`, `::1/128` or one address (`127.0.0.1`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cidr {
    net: IpAddr,
    bits: u8,
}

/// Why a `--trust-proxy` value was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CidrError {
    #[error("{0:?} is not an IP address (as in 10.0.0.0/8 or ::1)")]
    Address(String),
    #[error("/{bits} is too long for {addr} (at most /{max})")]
    Bits { addr: IpAddr, bits: String, max: u8 },
}

impl FromStr for Cidr {
    type Err = CidrError;

    /// ```
    /// use guoxiang_server::http::client_ip::Cidr;
    /// let lo: Cidr = "127.0.0.0/8".parse().unwrap();
    /// assert!(lo.contains("127.1.2.3".parse().unwrap()));
    /// assert!(!lo.contains("10.0.0.1".parse().unwrap()));
    /// assert!("10.0.0.0/33".parse::<Cidr>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Cidr, CidrError> {
        let (addr, bits) = match s.trim().split_once('/') {
            Some((a, b)) => (a, Some(b)),
            None => (s.trim(), None),
        };
        let net = IpAddr::from_str(addr)
            .map_err(|_| CidrError::Address(addr.to_owned()))?
            .to_canonical();
        let max = if net.is_ipv4() { 32 } else { 128 };
        let bits = match bits {
            None => max,
            Some(b) => match b.parse::<u8>() {
                Ok(n) if n <= max && !b.starts_with('+') => n,
                _ => {
                    return Err(CidrError::Bits {
                        addr: net,
                        bits: b.to_owned(),
                        max,
                    })
                }
            },
        };
        Ok(Cidr { net, bits })
    }
}

impl std::fmt::Display for Cidr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.net, self.bits)
    }
}

impl Cidr {
    /// Whether `ip` lies in the block (an IPv4 address given as `::ffff:a.b.c.d`
    /// counts as IPv4).
    pub fn contains(&self, ip: IpAddr) -> bool {
        match (self.net, ip.to_canonical()) {
            (IpAddr::V4(n), IpAddr::V4(a)) => prefix(&n.octets(), &a.octets(), self.bits),
            (IpAddr::V6(n), IpAddr::V6(a)) => prefix(&n.octets(), &a.octets(), self.bits),
            _ => false,
        }
    }
}

/// Whether the first `bits` bits of `a` and `b` agree.
fn prefix(a: &[u8], b: &[u8], bits: u8) -> bool {
    let (whole, rest) = (usize::from(bits / 8), bits % 8);
    if a[..whole] != b[..whole] {
        return false;
    }
    rest == 0 || {
        let mask = 0xffu8 << (8 - rest);
        a[whole] & mask == b[whole] & mask
    }
}

/// One `X-Forwarded-For` entry as an address: `1.2.3.4`, `1.2.3.4:5678`, `::1`,
/// `[::1]:80`; `None` for anything else (`unknown`, an obfuscated name).
fn entry(s: &str) -> Option<IpAddr> {
    let s = s.trim();
    IpAddr::from_str(s)
        .ok()
        .or_else(|| SocketAddr::from_str(s).ok().map(|a| a.ip()))
        .map(|ip| ip.to_canonical())
}

/// The client of a request that came from `peer` with these headers.
///
/// ```
/// use guoxiang_server::http::client_ip::{client, Cidr};
/// use axum::http::HeaderMap;
/// let mut h = HeaderMap::new();
/// h.insert("x-forwarded-for", "203.0.113.7, 10.0.0.2".parse().unwrap());
/// let trusted: Vec<Cidr> = vec!["127.0.0.1".parse().unwrap(), "10.0.0.0/8".parse().unwrap()];
/// let proxy = "127.0.0.1".parse().unwrap();
/// assert_eq!(client(proxy, &h, &trusted).to_string(), "203.0.113.7");
/// // Without trusted proxies the header is not read.
/// assert_eq!(client(proxy, &h, &[]).to_string(), "127.0.0.1");
/// ```
pub fn client(peer: IpAddr, headers: &HeaderMap, trusted: &[Cidr]) -> IpAddr {
    let peer = peer.to_canonical();
    let is_trusted = |ip: IpAddr| trusted.iter().any(|c| c.contains(ip));
    if !is_trusted(peer) {
        return peer;
    }
    // Several headers read as one list, in order (RFC 9110 §5.3).
    let values: Vec<&str> = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .collect();
    let mut client = peer;
    for e in values
        .iter()
        .rev()
        .flat_map(|v| v.rsplit(','))
        .take(MAX_HOPS)
    {
        let Some(ip) = entry(e) else { break };
        client = ip;
        if !is_trusted(ip) {
            break;
        }
    }
    client
}

/// The extractor: the request's client as [`client`] finds it.
pub struct ClientIp(pub IpAddr);

impl FromRequestParts<Arc<AppState>> for ClientIp {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        app: &Arc<AppState>,
    ) -> Result<ClientIp, ApiError> {
        let Some(ConnectInfo(peer)) = parts.extensions.get::<ConnectInfo<SocketAddr>>() else {
            // Every connection is served with its peer address (lib.rs).
            return Err(ApiError::new(
                axum::http::StatusCode::INTERNAL_SERVER_ERROR,
                "internal",
                "the client's address is unknown",
            ));
        };
        Ok(ClientIp(client(
            peer.ip(),
            &parts.headers,
            &app.config.trusted_proxies,
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(values: &[&str]) -> HeaderMap {
        let mut m = HeaderMap::new();
        for v in values {
            m.append("x-forwarded-for", v.parse().expect("a header value"));
        }
        m
    }

    fn ip(s: &str) -> IpAddr {
        s.parse().expect("an address")
    }

    fn cidrs(s: &[&str]) -> Vec<Cidr> {
        s.iter().map(|c| c.parse().expect("a block")).collect()
    }

    #[test]
    fn a_block_holds_the_addresses_that_share_its_prefix() {
        let c: Cidr = "192.168.4.0/22".parse().expect("a block");
        assert!(c.contains(ip("192.168.7.255")));
        assert!(!c.contains(ip("192.168.8.0")));
        assert!(c.contains(ip("::ffff:192.168.5.1")), "IPv4-mapped");
        assert!(!c.contains(ip("::1")));
        let all: Cidr = "0.0.0.0/0".parse().expect("a block");
        assert!(all.contains(ip("8.8.8.8")));
        let v6: Cidr = "fd00::/8".parse().expect("a block");
        assert!(v6.contains(ip("fd12::1")) && !v6.contains(ip("fe80::1")));
        assert_eq!(c.to_string(), "192.168.4.0/22");
    }

    #[test]
    fn a_malformed_block_is_refused_saying_what() {
        assert_eq!(
            "10.0.0/8".parse::<Cidr>(),
            Err(CidrError::Address("10.0.0".into()))
        );
        assert!(matches!(
            "10.0.0.0/33".parse::<Cidr>(),
            Err(CidrError::Bits { max: 32, .. })
        ));
        assert!("::/129".parse::<Cidr>().is_err());
        assert!("10.0.0.0/+8".parse::<Cidr>().is_err());
        assert!("10.0.0.0/".parse::<Cidr>().is_err());
    }

    #[test]
    fn a_direct_client_is_its_peer_whatever_it_claims() {
        let got = client(ip("198.51.100.9"), &h(&["1.2.3.4"]), &cidrs(&["127.0.0.1"]));
        assert_eq!(got, ip("198.51.100.9"));
    }

    #[test]
    fn behind_trusted_proxies_the_first_untrusted_hop_from_the_right_is_the_client() {
        let trusted = cidrs(&["127.0.0.0/8", "10.0.0.0/8"]);
        // A spoofed first entry stays left of the real client.
        let got = client(
            ip("127.0.0.1"),
            &h(&["6.6.6.6, 203.0.113.5", "10.1.1.1"]),
            &trusted,
        );
        assert_eq!(got, ip("203.0.113.5"));
        // Only trusted hops: the leftmost.
        let got = client(ip("127.0.0.1"), &h(&["10.0.0.3, 10.0.0.4"]), &trusted);
        assert_eq!(got, ip("10.0.0.3"));
        // No header: the proxy itself.
        assert_eq!(client(ip("127.0.0.1"), &h(&[]), &trusted), ip("127.0.0.1"));
        // Ports and brackets are allowed.
        let got = client(ip("127.0.0.1"), &h(&["[2001:db8::1]:443"]), &trusted);
        assert_eq!(got, ip("2001:db8::1"));
        let got = client(ip("::ffff:127.0.0.1"), &h(&["203.0.113.8:1234"]), &trusted);
        assert_eq!(got, ip("203.0.113.8"));
    }

    #[test]
    fn a_malformed_entry_stops_the_walk_at_the_last_address_believed() {
        let trusted = cidrs(&["127.0.0.0/8", "10.0.0.0/8"]);
        let got = client(
            ip("127.0.0.1"),
            &h(&["6.6.6.6, unknown, 10.0.0.7"]),
            &trusted,
        );
        assert_eq!(got, ip("10.0.0.7"));
        let got = client(ip("127.0.0.1"), &h(&["garbage"]), &trusted);
        assert_eq!(got, ip("127.0.0.1"));
    }

    #[test]
    fn no_more_than_max_hops_entries_are_read() {
        let trusted = cidrs(&["10.0.0.0/8"]);
        let mut list = vec!["203.0.113.1".to_string()];
        list.extend((0..MAX_HOPS).map(|i| format!("10.0.0.{i}")));
        let got = client(ip("10.9.9.9"), &h(&[&list.join(",")]), &trusted);
        assert_eq!(
            got,
            ip("10.0.0.0"),
            "the walk ends at the last hop it may read"
        );
    }
}
