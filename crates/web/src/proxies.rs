//! Behind a reverse proxy every connection comes from the proxy: a proxy named with
//! `--trusted-proxy` says who its client is in `X-Forwarded-For`, and that client is the one
//! every per-client limit counts (games created, challenges, the computers' share, rated
//! games within a network). A header from anyone else is ignored, and so is what a client
//! wrote into the header itself: the address read is the last one the trusted proxies did not
//! add.

use std::net::IpAddr;

use axum::http::HeaderMap;

/// A proxy, or a network of them: an address and how many of its leading bits must match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrustedProxy {
    net: IpAddr,
    bits: u8,
}

impl TrustedProxy {
    /// `ADDR` or `ADDR/BITS`, e.g. `127.0.0.1`, `10.0.0.0/8`, `fd00::/8`.
    ///
    /// # Errors
    /// What is wrong with the text.
    pub fn parse(text: &str) -> Result<Self, String> {
        let text = text.trim();
        let (addr, bits) = match text.split_once('/') {
            Some((addr, bits)) => (addr, Some(bits)),
            None => (text, None),
        };
        let net: IpAddr = addr
            .parse()
            .map_err(|_| format!("`{text}` is not an address such as 10.0.0.1 or 10.0.0.0/8"))?;
        let most = if net.is_ipv4() { 32 } else { 128 };
        let bits = match bits {
            None => most,
            Some(bits) => bits
                .parse::<u8>()
                .ok()
                .filter(|&b| b <= most)
                .ok_or_else(|| format!("`{text}`: a prefix of 0 to {most} bits"))?,
        };
        Ok(TrustedProxy { net, bits })
    }

    /// Whether `address` is this proxy, or in its network.
    pub fn contains(&self, address: IpAddr) -> bool {
        // An IPv4 client reached over IPv6 is compared as IPv4.
        let address = match address {
            IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(address, IpAddr::V4),
            v4 @ IpAddr::V4(_) => v4,
        };
        let (a, b, width) = match (self.net, address) {
            (IpAddr::V4(n), IpAddr::V4(a)) => {
                (u128::from(u32::from(n)), u128::from(u32::from(a)), 32)
            }
            (IpAddr::V6(n), IpAddr::V6(a)) => (u128::from(n), u128::from(a), 128),
            _ => return false,
        };
        let shift = width - u32::from(self.bits);
        if shift >= 128 {
            return true;
        }
        a >> shift == b >> shift
    }
}

impl std::fmt::Display for TrustedProxy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.net, self.bits)
    }
}

/// The client a request comes from: `peer` (the connection's other end), or, when `peer` is
/// a trusted proxy, the last address of `X-Forwarded-For` (all its headers, in order) that no
/// trusted proxy holds. A header that is not an address list leaves the peer.
pub fn client_of(peer: IpAddr, headers: &HeaderMap, trusted: &[TrustedProxy]) -> IpAddr {
    let is_trusted = |a: IpAddr| trusted.iter().any(|t| t.contains(a));
    if !is_trusted(peer) {
        return peer;
    }
    let mut hops: Vec<IpAddr> = Vec::new();
    for value in headers.get_all("x-forwarded-for") {
        let Ok(text) = value.to_str() else {
            return peer;
        };
        for hop in text.split(',') {
            match hop_address(hop.trim()) {
                Some(address) => hops.push(address),
                None => return peer,
            }
        }
    }
    hops.into_iter()
        .rev()
        .find(|&hop| !is_trusted(hop))
        .unwrap_or(peer)
}

/// One hop of `X-Forwarded-For`: an address, with a port or in brackets as some proxies write.
fn hop_address(hop: &str) -> Option<IpAddr> {
    hop.parse::<IpAddr>()
        .ok()
        .or_else(|| hop.parse::<std::net::SocketAddr>().ok().map(|s| s.ip()))
        .or_else(|| {
            hop.strip_prefix('[')
                .and_then(|h| h.strip_suffix(']'))
                .and_then(|h| h.parse().ok())
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn ip(text: &str) -> IpAddr {
        text.parse().expect("an address")
    }

    fn forwarded(values: &[&str]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for v in values {
            headers.append(
                "x-forwarded-for",
                HeaderValue::from_str(v).expect("a value"),
            );
        }
        headers
    }

    #[test]
    fn proxies_and_their_networks_are_read_and_matched() {
        let one = TrustedProxy::parse("127.0.0.1").expect("one address");
        assert!(one.contains(ip("127.0.0.1")));
        assert!(!one.contains(ip("127.0.0.2")));
        assert!(one.contains(ip("::ffff:127.0.0.1")), "IPv4 over IPv6");
        let net = TrustedProxy::parse("10.0.0.0/8").expect("a network");
        assert!(net.contains(ip("10.200.3.4")));
        assert!(!net.contains(ip("11.0.0.1")));
        assert!(!net.contains(ip("::1")));
        let v6 = TrustedProxy::parse("fd00::/8").expect("an IPv6 network");
        assert!(v6.contains(ip("fd12:3456::1")));
        assert!(!v6.contains(ip("fe80::1")));
        let all = TrustedProxy::parse("0.0.0.0/0").expect("every IPv4 address");
        assert!(all.contains(ip("203.0.113.9")));
        assert_eq!(net.to_string(), "10.0.0.0/8");
        for wrong in ["proxy", "10.0.0.0/33", "::/129", "10.0.0.0/x", ""] {
            assert!(TrustedProxy::parse(wrong).is_err(), "{wrong}");
        }
    }

    #[test]
    fn the_client_is_the_last_address_no_trusted_proxy_added() {
        let trusted = [
            TrustedProxy::parse("127.0.0.1").expect("a proxy"),
            TrustedProxy::parse("10.0.0.0/8").expect("a network"),
        ];
        let proxy = ip("127.0.0.1");
        // The proxy says who its client is.
        assert_eq!(
            client_of(proxy, &forwarded(&["203.0.113.9"]), &trusted),
            ip("203.0.113.9")
        );
        // A client that wrote the header itself is not believed: the proxy appended the
        // address it saw, the last one.
        assert_eq!(
            client_of(proxy, &forwarded(&["1.2.3.4, 203.0.113.9"]), &trusted),
            ip("203.0.113.9")
        );
        // Two proxies of ours in a row (an inner one in 10/8), across two headers.
        assert_eq!(
            client_of(
                proxy,
                &forwarded(&["1.2.3.4, 198.51.100.7", "10.1.1.1"]),
                &trusted
            ),
            ip("198.51.100.7")
        );
        // Ports and brackets as some proxies write them.
        assert_eq!(
            client_of(proxy, &forwarded(&["198.51.100.7:4711"]), &trusted),
            ip("198.51.100.7")
        );
        assert_eq!(
            client_of(proxy, &forwarded(&["[2001:db8::5]"]), &trusted),
            ip("2001:db8::5")
        );
        // From anyone not trusted, the header is ignored.
        let stranger = ip("192.0.2.50");
        assert_eq!(
            client_of(stranger, &forwarded(&["203.0.113.9"]), &trusted),
            stranger
        );
        // No header, a garbled one, or only our own proxies: the peer.
        assert_eq!(client_of(proxy, &HeaderMap::new(), &trusted), proxy);
        assert_eq!(
            client_of(proxy, &forwarded(&["not an address"]), &trusted),
            proxy
        );
        assert_eq!(client_of(proxy, &forwarded(&["10.0.0.5"]), &trusted), proxy);
        // Without trusted proxies nothing is read.
        assert_eq!(client_of(proxy, &forwarded(&["203.0.113.9"]), &[]), proxy);
    }
}
