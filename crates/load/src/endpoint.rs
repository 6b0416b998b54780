//! Where a server is reached: an address, the name it is asked by, and TLS when it speaks
//! `https://` (a server behind a TLS proxy), with the system's certificate roots and, for a
//! certificate of one's own, a CA file.

use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;

use rustls::pki_types::pem::PemObject as _;
use rustls::pki_types::{CertificateDer, ServerName};
use tokio::net::TcpStream;

/// Why a server's address cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum EndpointError {
    /// Not `http://HOST[:PORT]` or `https://HOST[:PORT]`.
    #[error("`{url}`: {why}")]
    Url {
        /// The address as given.
        url: String,
        /// What is wrong with it.
        why: String,
    },
    /// The name does not resolve.
    #[error("`{url}`: the name does not resolve: {source}")]
    Resolve {
        /// The address as given.
        url: String,
        /// What the resolver said.
        source: std::io::Error,
    },
    /// The CA file cannot be read or holds no certificate.
    #[error("the CA file {file}: {why}")]
    CaFile {
        /// The file.
        file: String,
        /// What is wrong.
        why: String,
    },
    /// TLS cannot be set up (no certificate roots).
    #[error("TLS: {0}")]
    Tls(String),
}

/// A server to reach.
#[derive(Clone)]
pub struct Endpoint {
    /// The address connected to.
    pub addr: SocketAddr,
    /// The name in requests (`Host`) and, with TLS, the name the certificate must have.
    pub host: String,
    /// TLS, for a server reached as `https://`.
    pub tls: Option<Arc<rustls::ClientConfig>>,
}

impl std::fmt::Debug for Endpoint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}://{} ({})",
            if self.tls.is_some() { "https" } else { "http" },
            self.host,
            self.addr
        )
    }
}

impl Endpoint {
    /// A server at `addr` over plain HTTP, asked by its address.
    pub fn plain(addr: SocketAddr) -> Self {
        Endpoint {
            addr,
            host: addr.to_string(),
            tls: None,
        }
    }

    /// `http://HOST[:PORT]` (port 80 by default) or `https://HOST[:PORT]` (443), resolved; an
    /// `https://` server's certificate is checked against the system's roots and the
    /// certificates of `ca_file`, if given.
    ///
    /// # Errors
    /// Another scheme, a path, a name that does not resolve, an unreadable CA file.
    pub async fn parse(url: &str, ca_file: Option<&Path>) -> Result<Self, EndpointError> {
        let url = url.trim();
        let wrong = |why: &str| EndpointError::Url {
            url: url.to_owned(),
            why: why.to_owned(),
        };
        let (rest, secure) = if let Some(rest) = url.strip_prefix("https://") {
            (rest, true)
        } else if let Some(rest) = url.strip_prefix("http://") {
            (rest, false)
        } else {
            return Err(wrong(
                "give the server as http://HOST:PORT or https://HOST[:PORT]",
            ));
        };
        let host = rest.strip_suffix('/').unwrap_or(rest);
        if host.is_empty() || host.contains('/') {
            return Err(wrong("give the server without a path, e.g. https://HOST"));
        }
        let default = if secure { 443 } else { 80 };
        let with_port = if host.ends_with(']') || !host.contains(':') {
            format!("{host}:{default}")
        } else {
            host.to_owned()
        };
        let addr = match with_port.parse::<SocketAddr>() {
            Ok(addr) => addr,
            Err(_) => tokio::net::lookup_host(with_port.as_str())
                .await
                .map_err(|source| EndpointError::Resolve {
                    url: url.to_owned(),
                    source,
                })?
                .next()
                .ok_or_else(|| wrong("the name resolves to no address"))?,
        };
        let tls = if secure {
            Some(tls_config(ca_file)?)
        } else {
            None
        };
        Ok(Endpoint {
            addr,
            host: with_port,
            tls,
        })
    }

    /// The host name alone (no port, no brackets): the name a certificate must have.
    fn name(&self) -> &str {
        let host = match self.host.rsplit_once(':') {
            Some((name, port)) if port.chars().all(|c| c.is_ascii_digit()) => name,
            _ => self.host.as_str(),
        };
        host.trim_start_matches('[').trim_end_matches(']')
    }

    /// The WebSocket URL of `path`.
    pub(crate) fn ws_url(&self, path: &str) -> String {
        let scheme = if self.tls.is_some() { "wss" } else { "ws" };
        format!("{scheme}://{}{path}", self.host)
    }

    /// A TCP connection to the server, with TLS when it speaks it: the stream to speak HTTP
    /// or a WebSocket on.
    ///
    /// # Errors
    /// When the connection or the TLS handshake fails (a certificate not trusted, or not for
    /// this name).
    pub async fn connect(&self) -> std::io::Result<Stream> {
        let tcp = TcpStream::connect(self.addr).await?;
        let _ = tcp.set_nodelay(true);
        let Some(config) = &self.tls else {
            return Ok(Stream::Plain(tcp));
        };
        let name = ServerName::try_from(self.name().to_owned()).map_err(|e| {
            std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                format!("{}: {e}", self.host),
            )
        })?;
        let tls = tokio_rustls::TlsConnector::from(Arc::clone(config))
            .connect(name, tcp)
            .await?;
        Ok(Stream::Rustls(tls))
    }
}

/// A connection to a server: plain TCP or TLS over it.
pub type Stream = tokio_tungstenite::MaybeTlsStream<TcpStream>;

/// A TLS client configuration trusting the system's certificate roots and those of `ca_file`.
///
/// # Errors
/// When the CA file cannot be read or holds no certificate, or no root is trusted at all.
pub fn tls_config(ca_file: Option<&Path>) -> Result<Arc<rustls::ClientConfig>, EndpointError> {
    let mut roots = rustls::RootCertStore::empty();
    // The system's roots; one that cannot be read is skipped.
    let system = rustls_native_certs::load_native_certs();
    for certificate in system.certs {
        let _ = roots.add(certificate);
    }
    if let Some(file) = ca_file {
        let ca = |why: String| EndpointError::CaFile {
            file: file.display().to_string(),
            why,
        };
        let certificates: Vec<CertificateDer<'static>> = CertificateDer::pem_file_iter(file)
            .map_err(|e| ca(e.to_string()))?
            .collect::<Result<_, _>>()
            .map_err(|e| ca(e.to_string()))?;
        if certificates.is_empty() {
            return Err(ca("no PEM certificate in it".to_owned()));
        }
        for certificate in certificates {
            roots.add(certificate).map_err(|e| ca(e.to_string()))?;
        }
    }
    if roots.is_empty() {
        return Err(EndpointError::Tls(
            "no trusted certificate root: the system has none; give --ca-file".to_owned(),
        ));
    }
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| EndpointError::Tls(e.to_string()))?
        .with_root_certificates(roots)
        .with_no_client_auth();
    Ok(Arc::new(config))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn addresses_are_read_with_their_port_or_the_schemes() {
        for (url, addr, host) in [
            ("http://127.0.0.1:8080", "127.0.0.1:8080", "127.0.0.1:8080"),
            ("http://127.0.0.1:8080/", "127.0.0.1:8080", "127.0.0.1:8080"),
            ("http://127.0.0.1", "127.0.0.1:80", "127.0.0.1:80"),
            ("http://[::1]:9000", "[::1]:9000", "[::1]:9000"),
            ("http://[::1]", "[::1]:80", "[::1]:80"),
        ] {
            let found = Endpoint::parse(url, None).await.expect(url);
            assert_eq!(found.addr, addr.parse::<SocketAddr>().expect("an address"));
            assert_eq!(found.host, host);
            assert!(found.tls.is_none());
        }
        let local = Endpoint::parse("http://localhost:7000", None)
            .await
            .expect("localhost");
        assert!(local.addr.ip().is_loopback() && local.addr.port() == 7000);
        assert_eq!(local.name(), "localhost");
        assert_eq!(local.ws_url("/x"), "ws://localhost:7000/x");
    }

    #[tokio::test]
    async fn wrong_addresses_and_ca_files_are_refused_with_the_reason() {
        for (url, says) in [
            ("ftp://play.example.org", "http://HOST:PORT or https://"),
            ("127.0.0.1:8080", "http://HOST:PORT or https://"),
            ("http://127.0.0.1:8080/lobby", "without a path"),
            ("http://", "without a path"),
        ] {
            let error = Endpoint::parse(url, None).await.expect_err(url).to_string();
            assert!(error.contains(says), "{url}: {error}");
        }
        let missing = Path::new("/nonexistent/ca.pem");
        let error = Endpoint::parse("https://127.0.0.1:1", Some(missing))
            .await
            .expect_err("no such file")
            .to_string();
        assert!(error.contains("the CA file /nonexistent/ca.pem"), "{error}");
        let empty = std::env::temp_dir().join(format!("tabuleiro-empty-ca-{}", std::process::id()));
        std::fs::write(&empty, "not a certificate\n").expect("a file");
        let error = Endpoint::parse("https://127.0.0.1:1", Some(&empty))
            .await
            .expect_err("no certificate")
            .to_string();
        assert!(error.contains("no PEM certificate"), "{error}");
        let _ = std::fs::remove_file(&empty);
    }
}
